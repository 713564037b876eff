/** Action time (R3.21): what fits in one 5-second activation of two half turns. */
import type { Ruled } from './types';

export interface TimedAction {
  /** Turns it takes: 0.5, 1, or more (spread over activations). */
  turns: number;
  /** Can be done while moving (at the same time, not after). */
  withMove: boolean;
}

/** The book's action list (R3.21); the bayonet rows as written, plug-bayonet removal 2 turns. */
export const ACTION_TIMES: Record<string, TimedAction> = {
  'half-move': { turns: 0.5, withMove: false },
  move: { turns: 1, withMove: false },
  fire: { turns: 0.5, withMove: true },
  draw: { turns: 0.5, withMove: true },
  sheathe: { turns: 0.5, withMove: true },
  'switch-hand': { turns: 0.5, withMove: false },
  'swap-hands': { turns: 1, withMove: false },
  'stand-up': { turns: 1, withMove: false },
  'go-prone': { turns: 0.5, withMove: false },
  kneel: { turns: 0.5, withMove: false },
  'duck-to-cover': { turns: 0.5, withMove: false },
  'firing-position': { turns: 0.5, withMove: false },
  melee: { turns: 1, withMove: true },
  aim: { turns: 0.5, withMove: false },
  'recover-shock': { turns: 1, withMove: false },
  'fix-socket-bayonet': { turns: 1, withMove: true },
  'fix-plug-bayonet': { turns: 1.5, withMove: true },
  'unfix-socket-bayonet': { turns: 0.5, withMove: false },
  'remove-plug-bayonet': { turns: 2, withMove: false },
};

/**
 * Whether a turn's actions fit (R3.21): the actions done apart from moving may take at
 * most one turn together; actions marked withMove ride along a move for free. A move and
 * shock recovery never go together.
 */
export function fitsInTurn(actions: readonly string[]): Ruled & { fits: boolean; why?: string } {
  const unknown = actions.find((a) => !(a in ACTION_TIMES));
  if (unknown) return { rule: 'R3.21', fits: false, why: `"${unknown}" is no action of the book.` };
  const moving = actions.includes('move') || actions.includes('half-move');
  if (moving && actions.includes('recover-shock'))
    return { rule: 'R3.21', fits: false, why: 'A man recovering from shock cannot move.' };
  let time = 0;
  for (const a of actions) {
    const t = ACTION_TIMES[a];
    if (moving && t.withMove && a !== 'move') continue;
    time += t.turns;
  }
  if (time > 1) return { rule: 'R3.21', fits: false, why: 'That is more than one turn of action.' };
  return { rule: 'R3.21', fits: true };
}
