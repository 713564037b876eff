/**
 * A small flood fill for map checks: 8-way steps over passable terrain, no diagonal step
 * that cuts a wall corner (miniatures-los-cover). A square under a `door` object counts as
 * passable even when its tile is a closed door: heroes and monsters can open it in play.
 * Kept apart from the engine's pathing: the map loader's checks and the default placement
 * use it on maps no game has been made of yet.
 */
import { isTerrainPassable, type BattleMap } from './map';
import { canStepDiagonally, DIRECTION_STEPS, type Point } from './grid';

/** Row-major indexes of squares covered by `door` objects. */
export function doorSquares(map: BattleMap): Set<number> {
  const out = new Set<number>();
  for (const o of map.objects) {
    if (o.kind !== 'door') continue;
    for (let y = o.y; y < o.y + o.height; y++) {
      for (let x = o.x; x < o.x + o.width; x++) {
        if (x >= 0 && y >= 0 && x < map.width && y < map.height) out.add(y * map.width + x);
      }
    }
  }
  return out;
}

/** Walkable test for checks: passable terrain, or a door (which can be opened), inside the map. */
export function reachPassable(map: BattleMap): (x: number, y: number) => boolean {
  const doors = doorSquares(map);
  return (x, y) => {
    if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
    const i = y * map.width + x;
    return isTerrainPassable(map.terrain[i]) || doors.has(i);
  };
}

function spread(
  map: BattleMap,
  starts: readonly Point[],
  marks: Int32Array,
  label: number,
): number {
  const { width, height } = map;
  const open = reachPassable(map);
  const isCorner = (x: number, y: number): boolean => {
    if (x < 0 || y < 0 || x >= width || y >= height) return true;
    const t = map.terrain[y * width + x];
    return t === 'wall' || t === 'void';
  };
  const queue: number[] = [];
  for (const s of starts) {
    if (!open(s.x, s.y)) continue;
    const i = s.y * width + s.x;
    if (marks[i] === -1) {
      marks[i] = label;
      queue.push(i);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const i = queue[head];
    const from = { x: i % width, y: Math.floor(i / width) };
    for (const d of DIRECTION_STEPS) {
      const to = { x: from.x + d.x, y: from.y + d.y };
      if (!open(to.x, to.y)) continue;
      const j = to.y * width + to.x;
      if (marks[j] !== -1) continue;
      if (!canStepDiagonally(from, to, isCorner)) continue;
      marks[j] = label;
      queue.push(j);
    }
  }
  return queue.length;
}

/**
 * Marks every square reachable from `starts` (which must themselves be passable to count).
 * Returns a row-major array: 1 reached, 0 not. Deterministic and O(width x height).
 */
export function floodFill(map: BattleMap, starts: readonly Point[]): Uint8Array {
  const marks = new Int32Array(map.width * map.height).fill(-1);
  spread(map, starts, marks, 1);
  const seen = new Uint8Array(marks.length);
  for (let i = 0; i < marks.length; i++) seen[i] = marks[i] === 1 ? 1 : 0;
  return seen;
}

/**
 * Labels the connected regions of walkable squares (label -1 for blocked squares), in
 * row-major order of their first square. Returns the labels and each region's size.
 */
export function regions(map: BattleMap): { labels: Int32Array; sizes: number[] } {
  const { width, height } = map;
  const labels = new Int32Array(width * height).fill(-1);
  const sizes: number[] = [];
  for (let i = 0; i < width * height; i++) {
    if (labels[i] !== -1) continue;
    const size = spread(map, [{ x: i % width, y: Math.floor(i / width) }], labels, sizes.length);
    if (size > 0) sizes.push(size);
  }
  return { labels, sizes };
}
