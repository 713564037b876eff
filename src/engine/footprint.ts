/**
 * A figure's base on the grid. A man-sized figure stands on one square; a large figure
 * (`Unit.size` 2) on a 2x2 block whose top-left square is its `position`, its "main"
 * square. Every figure blocks all the squares of its base; how distances to and from a
 * large figure count is the rule module's (the kernel offers both measures here).
 */
import type { Point } from './grid';
import type { Unit } from './types';

/** Squares per side of a figure's base (1 unless the figure is large). */
export function sizeOf(unit: Pick<Unit, 'size'>): number {
  return unit.size !== undefined && unit.size > 1 ? unit.size : 1;
}

/** The squares of a base of `size` whose top-left square is `at`, in reading order. */
export function baseAt(at: Point, size: number): Point[] {
  if (size <= 1) return [at];
  const out: Point[] = [];
  for (let dy = 0; dy < size; dy++)
    for (let dx = 0; dx < size; dx++) out.push({ x: at.x + dx, y: at.y + dy });
  return out;
}

/** The squares `unit` stands on (empty off the board). */
export function footprint(unit: Pick<Unit, 'position' | 'size'>): Point[] {
  return unit.position ? baseAt(unit.position, sizeOf(unit)) : [];
}

/** Whether the base of `unit` covers (x, y). */
export function occupies(unit: Pick<Unit, 'position' | 'size'>, x: number, y: number): boolean {
  const p = unit.position;
  if (!p) return false;
  const s = sizeOf(unit);
  return x >= p.x && y >= p.y && x < p.x + s && y < p.y + s;
}

/** Chebyshev distance from the square `from` to the nearest square of a base. */
export function distanceToBase(from: Point, at: Point, size: number): number {
  const dx = Math.max(0, at.x - from.x, from.x - (at.x + size - 1));
  const dy = Math.max(0, at.y - from.y, from.y - (at.y + size - 1));
  return Math.max(dx, dy);
}

/** Chebyshev distance from `from` to the nearest square of `unit` (Infinity off the board). */
export function distanceToUnit(from: Point, unit: Pick<Unit, 'position' | 'size'>): number {
  return unit.position ? distanceToBase(from, unit.position, sizeOf(unit)) : Infinity;
}

/**
 * The distance from the square `from` to `unit` as a module counts it: to the nearest square
 * of its base when `toBase` (an attacker may aim at any of them), else to its main square.
 */
export function distanceToFigure(
  from: Point,
  unit: Pick<Unit, 'position' | 'size'>,
  toBase: boolean,
): number {
  if (!unit.position) return Infinity;
  return toBase
    ? distanceToBase(from, unit.position, sizeOf(unit))
    : Math.max(Math.abs(unit.position.x - from.x), Math.abs(unit.position.y - from.y));
}

/** The gap between two bases: 0 overlapping, 1 touching (side or corner), and so on. */
export function baseGap(
  a: Pick<Unit, 'position' | 'size'>,
  b: Pick<Unit, 'position' | 'size'>,
): number {
  if (!a.position || !b.position) return Infinity;
  const sa = sizeOf(a);
  const sb = sizeOf(b);
  const dx = Math.max(
    0,
    b.position.x - (a.position.x + sa - 1),
    a.position.x - (b.position.x + sb - 1),
  );
  const dy = Math.max(
    0,
    b.position.y - (a.position.y + sa - 1),
    a.position.y - (b.position.y + sb - 1),
  );
  return Math.max(dx, dy);
}

/** The squares of `unit` nearest `from`, nearest first (reading order among equals). */
export function squaresNearestFirst(unit: Pick<Unit, 'position' | 'size'>, from: Point): Point[] {
  const d = (p: Point): number => Math.max(Math.abs(p.x - from.x), Math.abs(p.y - from.y));
  return footprint(unit).sort((a, b) => d(a) - d(b));
}
