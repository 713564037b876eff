/**
 * Read-only queries over a GameState: units by id, by square, by side.
 */
import { occupies } from './footprint';
import { isSamePoint, type Point } from './grid';
import type { GameState, Side, Unit } from './types';

export function findUnit(state: GameState, id: string): Unit | undefined {
  return state.units.find((u) => u.id === id);
}

/**
 * Whether `unit` is a casualty of the battle: off the board, but not a building, not a
 * figure that escaped the field (Escape) and not one still waiting to come on (Spawning).
 */
export function isCasualty(unit: Unit): boolean {
  return (
    unit.position === null &&
    !unit.structure &&
    unit.offField !== 'escaped' &&
    unit.offField !== 'reserve'
  );
}

/** A unit still on the board (not defeated). */
export function isOnBoard(unit: Unit): unit is Unit & { position: Point } {
  return unit.position !== null;
}

export function livingUnits(state: GameState, side?: Side): (Unit & { position: Point })[] {
  return state.units.filter(
    (u): u is Unit & { position: Point } => isOnBoard(u) && (side === undefined || u.side === side),
  );
}

/** The figure whose base covers (x, y): a large figure stands on all its squares. */
export function unitAt(state: GameState, x: number, y: number): Unit | undefined {
  return state.units.find((u) => occupies(u, x, y));
}

export function opposingSide(side: Side): Side {
  return side === 'heroes' ? 'enemies' : 'heroes';
}

export function isArchFoe(unit: Unit): boolean {
  return unit.ai?.archFoe === true;
}

export function isAt(unit: Unit, p: Point): boolean {
  return unit.position !== null && isSamePoint(unit.position, p);
}
