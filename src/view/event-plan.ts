/**
 * How a command's events are played: in order, except that the monsters' turns run side by
 * side. A run of consecutive monster turns is one step: every monster starts its turn a
 * beat after the one before (those that only stand, turn or roll all at once), walks while
 * the others walk, and strikes in turn, in the order the engine had them strike. The round
 * and the monsters' phase share one banner. Pure: no Phaser, tested headless.
 */
import type { EventShows, GameEvent, GameState } from '../engine';
import { showsOf } from './event-show';

/** One monster's turn: its events from `from` to `to` (turn-started to turn-ended). */
export interface MonsterTurn {
  unit: string;
  from: number;
  to: number;
  /** It only stands, turns, rolls or changes status: shown at once. */
  quiet: boolean;
  /** It strikes: its blows wait for the blows of the turns before it. */
  strikes: boolean;
  /** Under fog of war: no hero sees any of it (it is shown at once, and nothing of it drawn). */
  unseen: boolean;
}

export type Step =
  | { kind: 'event'; index: number }
  /** "Round N" and "The monsters act" in one banner (events index and index + 1). */
  | { kind: 'round-and-monsters'; index: number }
  | { kind: 'monsters'; turns: MonsterTurn[] };

/**
 * The kernel's events that need time of their own on screen: a turn holding one is not
 * quiet. A module's own events say so in their declared show (`busy`).
 */
const BUSY = new Set<string>([
  'moved',
  'attacked',
  'wounded',
  'defeated',
  'door-opened',
  'objective',
  'placed',
  'game-over',
  'move-undone',
]);

/** Whether an event starts a blow (its die, or the attack itself). */
export function startsBlow(e: GameEvent): boolean {
  return e.type === 'attacked' || (e.type === 'roll' && e.purpose === 'attack');
}

/** The monster turn starting at `i`, or null when there is none there. */
function monsterTurnAt(
  events: readonly GameEvent[],
  i: number,
  state: GameState,
  seen: readonly boolean[] | null,
  shows: EventShows,
): MonsterTurn | null {
  const first = events[i];
  if (first?.type !== 'turn-started') return null;
  const unit = state.units.find((u) => u.id === first.unit);
  if (unit?.side !== 'enemies') return null;
  let quiet = true;
  let strikes = false;
  for (let j = i + 1; j < events.length; j++) {
    const e = events[j];
    if (e.type === 'turn-ended' && e.unit === first.unit) {
      const unseen = seen !== null && seen.slice(i, j + 1).every((s) => !s);
      return { unit: first.unit, from: i, to: j, quiet: quiet || unseen, strikes, unseen };
    }
    if (e.type === 'turn-started' || e.type === 'game-over') return null;
    if (BUSY.has(e.type) || shows[e.type]?.busy) quiet = false;
    if (startsBlow(e)) strikes = true;
  }
  return null;
}

/**
 * The steps that play `events` (see the file's comment). `seen` (fog of war, per event:
 * whether the heroes see it happen) marks the monster turns nobody sees.
 */
export function planEvents(
  events: readonly GameEvent[],
  state: GameState,
  seen: readonly boolean[] | null = null,
): Step[] {
  const steps: Step[] = [];
  const shows = showsOf(state);
  for (let i = 0; i < events.length;) {
    const e = events[i];
    const next = events[i + 1];
    if (e.type === 'round-started' && next?.type === 'phase-started' && next.side === 'enemies') {
      steps.push({ kind: 'round-and-monsters', index: i });
      i += 2;
      continue;
    }
    const turns: MonsterTurn[] = [];
    for (
      let t = monsterTurnAt(events, i, state, seen, shows);
      t;
      t = monsterTurnAt(events, i, state, seen, shows)
    ) {
      turns.push(t);
      i = t.to + 1;
    }
    if (turns.length > 0) {
      steps.push({ kind: 'monsters', turns });
      continue;
    }
    steps.push({ kind: 'event', index: i });
    i += 1;
  }
  return steps;
}
