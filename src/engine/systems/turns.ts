/**
 * Turn bookkeeping shared by the rule modules: starting a unit's turn, the order of a
 * side's units by a module's list of kinds, and taking back a move. Whether a move may
 * be taken back is derived by the kernel (game.ts), not set here.
 */
import type { Point } from '../grid';
import type { GameState, Side, Unit } from '../types';
import { livingUnits } from '../world';
import { emit, type Context } from './context';

/** Starts `unit`'s turn: nothing done yet, nothing to take back. */
export function beginTurn(ctx: Context, unit: Unit): void {
  ctx.state.turn = { unitId: unit.id, moved: false, acted: false, before: null, canUndo: false };
  emit(ctx, { type: 'turn-started', unit: unit.id, text: `${unit.name}\u2019s turn.` });
}

/**
 * A side's units on the board in the order of `kindOrder` (kinds not listed come last),
 * ties in list order.
 */
export function unitsInKindOrder(
  state: GameState,
  side: Side,
  kindOrder: readonly string[],
): (Unit & { position: Point })[] {
  const rank = kindRanker(state, side, kindOrder);
  return livingUnits(state, side).sort((a, b) => rank(a) - rank(b));
}

/** A unit's place in the kind order of its side (lower acts first); unique per unit. */
export function kindRanker(
  state: GameState,
  side: Side,
  kindOrder: readonly string[],
): (unit: Unit) => number {
  const all = state.units.filter((u) => u.side === side);
  return (u) => {
    const i = kindOrder.indexOf(u.kind);
    return (i < 0 ? kindOrder.length : i) * 1000 + all.indexOf(u);
  };
}

/**
 * Takes back the acting unit's move: it stands and faces as before. The caller checks
 * that the turn allows it (`turn.canUndo`).
 */
export function takeBackMove(ctx: Context, unit: Unit): string | null {
  const turn = ctx.state.turn;
  if (!turn || !turn.moved || !turn.before) return `${unit.name} has not moved this turn.`;
  if (turn.acted) return 'A move cannot be taken back after an attack.';
  if (!turn.canUndo) return 'That move cannot be taken back: something saw it or a die was rolled.';
  unit.position = turn.before.position;
  unit.facing = turn.before.facing;
  turn.moved = false;
  turn.before = null;
  emit(ctx, {
    type: 'move-undone',
    unit: unit.id,
    to: unit.position,
    facing: unit.facing,
    text: `${unit.name} steps back.`,
  });
  return null;
}
