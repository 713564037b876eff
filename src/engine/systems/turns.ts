/**
 * Turn bookkeeping shared by the rule modules: starting a unit's turn, the order of a
 * side's units by a module's list of kinds, and taking back a move. Whether a move may
 * be taken back is derived by the kernel (game.ts), not set here.
 */
import { FACING_NAMES, type Point } from '../grid';
import type { ModuleCommand } from '../rulesets/module';
import type { GameState, Side, TurnState, Unit } from '../types';
import { findUnit, livingUnits } from '../world';
import { emit, type Context } from './context';

/** Starts `unit`'s turn: nothing done yet, nothing to take back. */
export function beginTurn(ctx: Context, unit: Unit): void {
  ctx.state.turn = { unitId: unit.id, moved: false, acted: false, before: null, canUndo: false };
  emit(ctx, { type: 'turn-started', unit: unit.id, text: `${unit.name}\u2019s turn.` });
}

/**
 * The hero whose turn it is, on the board, with the turn's record; null outside the heroes'
 * turn (so no command but 'start' before the battle, and none while the monsters act).
 */
export function actingHero(
  state: GameState,
): { hero: Unit & { position: Point }; turn: TurnState } | null {
  if (state.phase !== 'heroes' || !state.turn) return null;
  const hero = findUnit(state, state.turn.unitId);
  if (!hero || !hero.position) return null;
  return { hero: hero as Unit & { position: Point }, turn: state.turn };
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
  // kindRanker's order: by kind, then list order, which livingUnits keeps and the stable
  // sort leaves among units of one kind (no search of the side's list at each comparison).
  return livingUnits(state, side).sort((a, b) => kindIndex(kindOrder, a) - kindIndex(kindOrder, b));
}

/** A unit's kind's place in `kindOrder` (kinds not listed after every listed one). */
function kindIndex(kindOrder: readonly string[], unit: Unit): number {
  const i = kindOrder.indexOf(unit.kind);
  return i < 0 ? kindOrder.length : i;
}

/** A unit's place in the kind order of its side (lower acts first); unique per unit. */
export function kindRanker(
  state: GameState,
  side: Side,
  kindOrder: readonly string[],
): (unit: Unit) => number {
  const all = state.units.filter((u) => u.side === side);
  return (u) => kindIndex(kindOrder, u) * 1000 + all.indexOf(u);
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

/**
 * The checks every module's hero order starts with: the heroes' turn, a living unit on the
 * board; and the free order to face a direction (any hero, any time in the heroes' turn),
 * carried out here. Returns the unit when the module is to go on with the command, an
 * error sentence, or null when the command was a facing order and is done.
 */
export function beginHeroCommand(ctx: Context, command: ModuleCommand): Unit | string | null {
  const state = ctx.state;
  if (state.phase !== 'heroes' || !state.turn) return 'It is not the heroes\u2019 turn.';
  if (command.type === 'start') return 'The battle has already begun.';
  const unit = findUnit(state, command.unit);
  if (!unit) return `There is no unit "${command.unit}".`;
  if (!unit.position) return `${unit.name} is out of the fight.`;
  if (command.type !== 'face') return unit;
  if (unit.side !== 'heroes') return `${unit.name} is not yours to turn.`;
  if (unit.facing === command.facing)
    return `${unit.name} already faces ${FACING_NAMES[command.facing]}.`;
  const from = unit.facing;
  unit.facing = command.facing;
  emit(ctx, {
    type: 'faced',
    unit: unit.id,
    from,
    to: command.facing,
    reason: 'ordered',
    text: `${unit.name} turns to face ${FACING_NAMES[command.facing]}.`,
  });
  return null;
}
