/**
 * Cover and reach between figures, shared by every rule set: the four-corner test of
 * miniatures-los-cover with walls and sight-blocking squares blocking, and figures as
 * the design says (for an attack, the attacker's foes block; its friends do not). Each
 * module maps the levels onto its own numbers.
 */
import { baseGap, footprint } from '../footprint';
import { FACING_NAMES, facingToward, type Point } from '../grid';
import { computeCover, type CoverLevel } from '../los';
import { doesSquareBlockSight } from '../map';
import type { GameState, Unit } from '../types';
import { livingUnits, unitAt } from '../world';
import { emit, type Context } from './context';

/**
 * Which figures block an attacker's lines: its foes only (the d20 Skirmish rules: "allies
 * of the attacker do not block its path but enemy figures do"), or every other figure
 * (miniatures-los-cover: a line through "a wall or another character" is blocked).
 */
export type LineBlockers = 'foes' | 'all';

/**
 * Cover of `target` from `attacker`: walls and sight-blocking squares block lines, and
 * so do the figures `blockers` names other than the two.
 */
export function coverFor(
  state: GameState,
  attacker: Unit,
  target: Unit,
  blockers: LineBlockers = 'foes',
): CoverLevel {
  if (!attacker.position || !target.position) return 'blocked';
  return coverFrom(state, attacker, attacker.position, target.position, target.id, blockers);
}

/**
 * Cover of the square `to` from `attacker` standing at `from` (its own square or one it
 * considers): as coverFor, with `ignoring` (the target, if any) not blocking.
 */
export function coverFrom(
  state: GameState,
  attacker: Unit,
  from: Point,
  to: Point,
  ignoring: string | null = null,
  blockers: LineBlockers = 'foes',
): CoverLevel {
  return computeCover(from, to, lineBlocker(state, attacker, ignoring, blockers));
}

/**
 * What stops an attacker's line: walls and sight-blocking squares, and the figures
 * `blockers` names other than the attacker and `ignoring` (its target), and structures
 * (buildings) of either side. For cover and for drawing the lines behind it.
 */
export function lineBlocker(
  state: GameState,
  attacker: Unit,
  ignoring: string | null,
  blockers: LineBlockers,
): (x: number, y: number) => boolean {
  // The blocking figures' squares, listed once: a line asks about many squares.
  const width = state.map.width;
  const figureSquares: number[] = [];
  for (const u of state.units) {
    if (!u.position || u.id === ignoring || u.id === attacker.id) continue;
    if (blockers === 'all' || u.side !== attacker.side || u.structure)
      for (const p of footprint(u)) figureSquares.push(p.y * width + p.x);
  }
  return (x, y) => {
    if (doesSquareBlockSight(state.map, x, y)) return true;
    return x >= 0 && x < width && figureSquares.includes(y * width + x);
  };
}

/** Cover through walls and sight-blocking squares alone (melee reach across a corner). */
export function wallCover(state: GameState, from: Point, to: Point): CoverLevel {
  return computeCover(from, to, (x, y) => doesSquareBlockSight(state.map, x, y));
}

/** Whether any foe of `unit` stands next to it. */
export function isFoeAdjacent(state: GameState, unit: Unit): boolean {
  if (!unit.position) return false;
  return livingUnits(state).some((u) => u.side !== unit.side && baseGap(unit, u) === 1);
}

/** Turns `unit` toward `to`, telling the log why, when that changes its facing. */
export function turnToward(ctx: Context, unit: Unit, to: Point, reason: string): void {
  if (!unit.position) return;
  const from = unit.facing;
  unit.facing = facingToward(unit.position, to, unit.facing);
  if (from !== unit.facing) {
    const other = unitAt(ctx.state, to.x, to.y);
    const toward = other && other.id !== unit.id ? `the ${other.name}` : FACING_NAMES[unit.facing];
    emit(ctx, {
      type: 'faced',
      unit: unit.id,
      from,
      to: unit.facing,
      reason,
      text: `${unit.name} turns to face ${toward} (${reason}).`,
    });
  }
}
