/**
 * Square-grid geometry shared by every rule set: 8 directions, Chebyshev distance,
 * facing in 8 directions and the no-corner-cutting rule for diagonal steps.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Facing in 45-degree steps, clockwise: 0 north (up, -y), 2 east, 4 south, 6 west. */
export type Facing = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Unit steps for each facing, indexed by Facing. */
export const DIRECTION_STEPS: readonly Point[] = [
  { x: 0, y: -1 },
  { x: 1, y: -1 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
  { x: -1, y: 1 },
  { x: -1, y: 0 },
  { x: -1, y: -1 },
];

export const FACING_NAMES: readonly string[] = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
];

/** Chebyshev distance: a diagonal step counts as one, like an orthogonal one. */
export function chebyshevDistance(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

/** True when the squares touch along a side or a corner (and are not the same square). */
export function isAdjacent(a: Point, b: Point): boolean {
  return chebyshevDistance(a, b) === 1;
}

export function isSamePoint(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

export function isFacing(value: unknown): value is Facing {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 7;
}

/** Turns a facing by `steps` eighths of a circle; positive is clockwise. */
export function rotateFacing(facing: Facing, steps: number): Facing {
  return ((((facing + steps) % 8) + 8) % 8) as Facing;
}

/** The square one step from `p` in direction `facing`. */
export function stepToward(p: Point, facing: Facing): Point {
  const d = DIRECTION_STEPS[facing];
  return { x: p.x + d.x, y: p.y + d.y };
}

/**
 * The facing (of 8) closest to the direction from `from` to `to`.
 * Returns `fallback` when the two squares are the same.
 */
export function facingToward(from: Point, to: Point, fallback: Facing = 4): Facing {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0) return fallback;
  // atan2 with y pointing down; 0 rad = east. Convert to compass with north = 0.
  const angle = Math.atan2(dy, dx); // -pi..pi, east = 0, south = +pi/2
  const compass = angle + Math.PI / 2; // north = 0, east = pi/2
  const eighth = Math.round(compass / (Math.PI / 4));
  return (((eighth % 8) + 8) % 8) as Facing;
}

/**
 * The step from `from` to the adjacent square `to` is allowed by the corner rule:
 * orthogonal steps always; a diagonal step only when neither of the two squares it
 * squeezes between is a wall (miniatures-los-cover: no cutting across a corner).
 */
export function canStepDiagonally(
  from: Point,
  to: Point,
  isWall: (x: number, y: number) => boolean,
): boolean {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 || dy === 0) return true;
  return !isWall(from.x + dx, from.y) && !isWall(from.x, from.y + dy);
}

export function pointKey(p: Point): string {
  return `${p.x},${p.y}`;
}
