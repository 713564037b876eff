/**
 * Room for a figure's base (solitaire-gaming-rules V "Large Figures"): a large figure
 * stands on 2x2 squares with its main square top-left, so placing it (at set-up, a
 * spawn, a return, a figure stepping aside) needs all of them free.
 */
import { baseAt } from '../../footprint';
import { isInside, isTerrainPassable, terrainAt } from '../../map';
import type { Point } from '../../grid';
import type { GameState } from '../../types';
import { unitAt } from '../../world';

/**
 * Whether a base of `size` fits with its main square at `at`: every square on the board,
 * open ground (`ground` says which, passable ground by default), and no figure on it but
 * those `ignoring` names.
 */
export function baseFits(
  state: GameState,
  at: Point,
  size: number,
  ignoring: readonly string[] = [],
  ground: (x: number, y: number) => boolean = (x, y) =>
    isTerrainPassable(terrainAt(state.map, x, y)),
): boolean {
  return baseAt(at, size).every((p) => {
    if (!isInside(state.map, p) || !ground(p.x, p.y)) return false;
    const other = unitAt(state, p.x, p.y);
    return !other || ignoring.includes(other.id);
  });
}

/**
 * The nearest main square to `p` where a base of `size` fits, ring by ring, in reading
 * order within a ring (the nearest square of the base counts); null when none does.
 */
export function roomNear(
  state: GameState,
  p: Point,
  size: number,
  ground?: (x: number, y: number) => boolean,
): Point | null {
  const map = state.map;
  for (let r = 0; r < Math.max(map.width, map.height) + size; r++) {
    for (let y = p.y - r - size + 1; y <= p.y + r; y++) {
      for (let x = p.x - r - size + 1; x <= p.x + r; x++) {
        const dx = Math.max(0, x - p.x, p.x - (x + size - 1));
        const dy = Math.max(0, y - p.y, p.y - (y + size - 1));
        if (Math.max(dx, dy) !== r) continue;
        if (baseFits(state, { x, y }, size, [], ground)) return { x, y };
      }
    }
  }
  return null;
}
