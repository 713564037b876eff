/**
 * Pathing on the square grid: shortest paths (our own exact A*), reachable squares (bounded
 * Dijkstra), and easystarjs (sync mode) behind the same interface for comparison.
 *
 * Speed: every search works on callbacks, but a snapshot (snapshotGrid) is read once into
 * flat tables that the searches use directly, and overlayGrid lays figures over a snapshot
 * without copying it, so the AI's many small floods per turn cost only the squares they
 * touch. Search arrays are pooled per grid size and validated by generation stamps.
 *
 * Movement rules (DESIGN.md): 8 directions and a diagonal step costs the same as an orthogonal
 * one (Chebyshev); entering a square costs its enterCost (1, or 2 for difficult terrain); a
 * diagonal step may not cut the corner of a wall (isCorner squares only, units are not
 * corners); allies may be passed through but not stopped on; enemies cannot be entered.
 *
 * Why findPath does not use easystar (0.4.4, read from node_modules/easystarjs/src):
 * - it weighs a diagonal step 1.4 times an orthogonal one through a private constant
 *   (DIAGONAL_COST) with no setter, and tile costs multiply both alike, so it cannot be made
 *   to count a diagonal as one move; it prefers e.g. 4 orthogonal moves to 3 diagonal ones;
 * - its octile heuristic is computed as 1.4 * min(dx, dy) + max(dx, dy) (it should subtract
 *   the min), which overestimates, so its paths are not even shortest in its own metric.
 * So its paths cannot be trusted or cheaply proven shortest by our rules (only a path as
 * cheap as the Chebyshev distance could be), and checking them costs a full search anyway.
 * A path longer than findReachable's would make a square shown as reachable unreachable.
 * Measured with 1,000 paths on 128x128 maps, our A* on a snapshot is about as fast as easystar
 * or faster, and easystar's routes were 5-9% longer by our rules. findPathEasyStar keeps the
 * easystar route (with our corner rule and cost) for comparison and benchmarks.
 * Easystar's own corner rule (disableCornerCutting) treats every unwalkable tile, units
 * included, as a corner, so findPathEasyStar leaves corner cutting on and forbids the bad
 * diagonal steps with per-tile directional conditions instead.
 */
import * as easystarNamespace from 'easystarjs';
import { chebyshevDistance, DIRECTION_STEPS, type Point } from './grid';

/** What a mover may do on each square, as callbacks (the engine never hands out its maps). */
export interface PathingGrid {
  width: number;
  height: number;
  /** Cost to enter (x,y): 1 normal, 2 difficult; null = can't be entered at all (wall, void, enemy). */
  enterCost(x: number, y: number): number | null;
  /** May a mover end its move here? (false for a square an ally stands on; allies can be passed through but not stopped on) */
  canStopAt(x: number, y: number): boolean;
  /** Walls for the corner rule: a diagonal step may not cut a corner of these (units are NOT corners). */
  isCorner(x: number, y: number): boolean;
}

/** A route: `path` excludes the start square and includes the goal; `cost` is by our rules. */
export interface PathResult {
  path: Point[];
  cost: number;
}

/**
 * A frozen copy of `grid`: every square's answers are read once, and findPath / isReachable
 * reuse the tables built from it (connected regions, easystar grid) across calls. Use it when
 * many paths are asked on an unchanging board (every enemy's move against the same heroes,
 * benchmarks); build a new one when anything moves. Live grids are read lazily instead, only
 * where a search goes.
 */
export function snapshotGrid(grid: PathingGrid): PathingGrid {
  const cells = readAll(grid);
  const { width, height } = cells;
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < width && y < height;
  const frozen: PathingGrid = {
    width,
    height,
    enterCost: (x, y) =>
      inside(x, y) && cells.costs[y * width + x] > 0 ? cells.costs[y * width + x] : null,
    canStopAt: (x, y) => inside(x, y) && cells.stops[y * width + x] === 1,
    isCorner: (x, y) => !inside(x, y) || cells.corners[y * width + x] === 1,
  };
  snapshots.set(frozen, cells);
  return frozen;
}

/**
 * Shortest path (least total enter cost) from `from` to `to`, or null when `to` is off the
 * grid, cannot be entered or stopped on, or cannot be reached. `from` itself is never entered,
 * so it may hold the mover. The same square gives `{ path: [], cost: 0 }`. Deterministic:
 * among equally cheap paths the same one is always returned. Unreachable goals are rejected
 * by a region check (snapshots) or a small flood from the goal before searching.
 */
export function findPath(grid: PathingGrid, from: Point, to: Point): PathResult | null {
  if (!inBounds(grid, from) || !inBounds(grid, to)) return null;
  if (from.x === to.x && from.y === to.y) return { path: [], cost: 0 };
  const cells = cellsFor(grid);
  if (!goalCouldBeReached(cells, from, to)) return null;
  return exactSearch(cells, from, to);
}

/**
 * True when findPath(grid, from, to) would find a path: `to` is on the grid, can be entered
 * and stopped on, and is connected to `from` (or is `from`). Near-free on a snapshot; on a
 * live grid it may search.
 */
export function isReachable(grid: PathingGrid, from: Point, to: Point): boolean {
  if (!inBounds(grid, from) || !inBounds(grid, to)) return false;
  if (from.x === to.x && from.y === to.y) return true;
  const cells = cellsFor(grid);
  if (!goalCouldBeReached(cells, from, to)) return false;
  return cells.regions !== null || exactSearch(cells, from, to) !== null;
}

/**
 * The route easystar itself finds (diagonals on, our corner rule and enter costs), with its
 * cost recomputed by our rules, or null as findPath. NOT guaranteed shortest by our rules
 * (see the module comment); for comparison and benchmarks, not for play.
 */
export function findPathEasyStar(grid: PathingGrid, from: Point, to: Point): PathResult | null {
  if (!inBounds(grid, from) || !inBounds(grid, to)) return null;
  if (from.x === to.x && from.y === to.y) return { path: [], cost: 0 };
  const cells = snapshots.get(grid) ?? readAll(grid);
  if (!goalCouldBeReached(cells, from, to)) return null;
  const instance = easyStarFor(cells);
  const box: { path: Point[] | null } = { path: null };
  instance.findPath(from.x, from.y, to.x, to.y, (found) => {
    box.path = found ? found.slice(1).map(({ x, y }) => ({ x, y })) : null;
  });
  instance.calculate(); // sync mode: the callback above has run
  if (!box.path) return null;
  let cost = 0;
  for (const q of box.path) cost += cells.costs[q.y * cells.width + q.x];
  return { path: box.path, cost };
}

/**
 * Every square the mover at `from` can end on with total enter cost <= `budget`, keyed
 * `${x},${y}`, with a cheapest path to it (same rules and tie-breaking whatever the budget).
 * Squares that can be passed but not stopped on (allies) are crossed but not listed; the
 * start square is never listed. Explores only squares within reach of the budget.
 */
export function findReachable(
  grid: PathingGrid,
  from: Point,
  budget: number,
): Map<string, PathResult> {
  const result = new Map<string, PathResult>();
  if (!inBounds(grid, from) || budget < 1) return result;
  const { width } = grid;
  const flood = runFlood(grid, from, budget);
  try {
    // Listed in the order the squares were first found (the order callers break ties by).
    for (const idx of flood.discovered) {
      const x = idx % width;
      const y = (idx - x) / width;
      if (!grid.canStopAt(x, y)) continue;
      result.set(`${x},${y}`, { path: flood.pathTo(idx), cost: flood.costOf(idx) });
    }
  } finally {
    flood.release();
  }
  return result;
}

/**
 * The first square in findReachable's order by cost (the order found among equal costs)
 * for which `accept` holds, with its path; null when none does. findReachable and a search
 * of its squares in one, without a path or a key for every square.
 */
export function firstReachable(
  grid: PathingGrid,
  from: Point,
  budget: number,
  accept: (square: Point) => boolean,
): PathResult | null {
  if (!inBounds(grid, from) || budget < 1) return null;
  const { width } = grid;
  const flood = runFlood(grid, from, budget);
  try {
    const squares: number[] = [];
    for (const idx of flood.discovered) {
      const x = idx % width;
      if (grid.canStopAt(x, (idx - x) / width)) squares.push(idx);
    }
    // A stable sort: equal costs keep the order they were found in.
    squares.sort((a, b) => flood.costOf(a) - flood.costOf(b));
    for (const idx of squares) {
      const x = idx % width;
      if (accept({ x, y: (idx - x) / width }))
        return { path: flood.pathTo(idx), cost: flood.costOf(idx) };
    }
    return null;
  } finally {
    flood.release();
  }
}

/**
 * Movement costs from one square to every square within `budget`, without a path for
 * each (the AI's "how far on foot" questions over a whole map). Same rules and order as
 * findReachable; `cost[i]` is -1 where unreached (index = y * width + x); `pathTo` builds
 * the cheapest path to one square on demand (excluding the start), or null.
 */
export interface CostField {
  width: number;
  cost: Int32Array;
  /** Indexes of the squares reached (the start first), in the order they were settled. */
  reached: number[];
  pathTo(to: Point): PathResult | null;
}

export function floodCosts(grid: PathingGrid, from: Point, budget: number): CostField {
  const { width } = grid;
  const n = width * grid.height;
  const cost = new Int32Array(n).fill(-1);
  if (!inBounds(grid, from)) return { width, cost, reached: [], pathTo: () => null };
  const flood = runFlood(grid, from, budget);
  try {
    for (const i of flood.reached) cost[i] = flood.costOf(i);
  } finally {
    flood.release();
  }
  return {
    width,
    cost,
    reached: flood.reached,
    // Paths are rarely asked of a field, so none are kept: the (deterministic) flood is
    // run again for one, which gives the very path findReachable would.
    pathTo(to: Point): PathResult | null {
      if (!inBounds(grid, to)) return null;
      const idx = to.y * width + to.x;
      if (cost[idx] < 0) return null;
      const again = runFlood(grid, from, budget);
      try {
        return { path: again.pathTo(idx), cost: cost[idx] };
      } finally {
        again.release();
      }
    },
  };
}

/**
 * The best square a mover at `from` can get to within `budget` by `score` (lower is better;
 * on equal scores the cheaper square, then the one settled first), with its path; null
 * when no square other than the start scores below `startScore`. Only squares the mover
 * may stop on count. The AI's "head toward" search: it needs one path, not a field.
 */
export function findBestWithin(
  grid: PathingGrid,
  from: Point,
  budget: number,
  score: (x: number, y: number) => number,
  startScore: number,
): PathResult | null {
  const flood = keepFlood(grid, from, budget);
  return flood && findBestInFlood(flood, grid, score, startScore);
}

/**
 * A flood from one square kept whole (its pooled arrays go on to the next flood): the
 * squares in the order they settled (the start first), each one's cost, and where its
 * cheapest path comes from (its parent's place in that order; -1 for the start). One
 * flood serves every goal a mover on an unchanged board may head for (findBestInFlood).
 */
export interface KeptFlood {
  readonly width: number;
  readonly squares: Int32Array;
  readonly costs: Int32Array;
  readonly parents: Int32Array;
}

/** The flood of findBestWithin from `from` within `budget`, kept (null when `from` is off the grid). */
export function keepFlood(grid: PathingGrid, from: Point, budget: number): KeptFlood | null {
  if (!inBounds(grid, from)) return null;
  const flood = runFlood(grid, from, budget);
  try {
    const { reached } = flood;
    const n = reached.length;
    const squares = Int32Array.from(reached);
    const costs = new Int32Array(n);
    const parents = new Int32Array(n);
    const place = flood.place;
    for (let k = 0; k < n; k++) {
      const i = reached[k];
      costs[k] = flood.costOf(i);
      place[i] = k;
      // A square's parent settled before it (a cheaper square), so its place is known.
      parents[k] = k === 0 ? -1 : place[flood.parentOf(i)];
    }
    return { width: grid.width, squares, costs, parents };
  } finally {
    flood.release();
  }
}

/** findBestWithin over a kept flood, on the grid it was made on (or one alike where it reached). */
export function findBestInFlood(
  flood: KeptFlood,
  grid: PathingGrid,
  score: (x: number, y: number) => number,
  startScore: number,
): PathResult | null {
  const { width, squares, costs, parents } = flood;
  let best = -1;
  let bestScore = startScore;
  // From 1: the start square (settled first) is not a square to go to.
  for (let k = 1; k < squares.length; k++) {
    const c = costs[k];
    const i = squares[k];
    const x = i % width;
    const y = (i - x) / width;
    if (!grid.canStopAt(x, y)) continue;
    const s = score(x, y);
    if (s < bestScore || (s === bestScore && best >= 0 && c < costs[best])) {
      best = k;
      bestScore = s;
    }
  }
  if (best < 0) return null;
  const path: Point[] = [];
  for (let k = best; k > 0; k = parents[k]) {
    const i = squares[k];
    path.push({ x: i % width, y: (i - (i % width)) / width });
  }
  path.reverse();
  return { path, cost: costs[best] };
}

/** A finished flood over pooled arrays: valid until `release()`. */
interface Flood {
  /** Squares in the order they settled (the start first); the caller's to keep. */
  reached: number[];
  /** Squares other than the start in the order they were first found (pooled: until release). */
  discovered: number[];
  /** Cost to a reached square. */
  costOf(i: number): number;
  /** The cheapest path to a reached square, excluding the start. */
  pathTo(i: number): Point[];
  /** The square a reached square's cheapest path comes from (-1 for the start). */
  parentOf(i: number): number;
  /** A pooled table of a number per square for the caller (until release; read only what it set). */
  place: Int32Array;
  release(): void;
}

interface FloodBuffers {
  readonly cost: Int32Array;
  readonly parent: Int32Array;
  /** Live grids: enter cost (0 = cannot enter), valid where infoStamp = generation. */
  readonly costs: Uint8Array;
  /** Live grids: 1 for a corner square, valid where infoStamp = generation. */
  readonly corners: Uint8Array;
  /** Live grids: per square, the allowed steps (bit d for DIRECTION_STEPS[d]). */
  readonly masks: Uint8Array;
  /** cost/parent are valid where costStamp = generation; costs/corners where infoStamp does; masks where maskStamp does. */
  readonly costStamp: Uint32Array;
  readonly infoStamp: Uint32Array;
  readonly maskStamp: Uint32Array;
  /** Overlays: squares that cannot be entered this flood are marked with the generation. */
  readonly blockedStamp: Uint32Array;
  /** Flood.place: a number per square (valid where set since the flood began). */
  readonly place: Int32Array;
  /** The flood's queue, a list of squares per cost (emptied at the next flood). */
  readonly buckets: number[][];
  /** The highest cost with a list in `buckets` not yet emptied. */
  lastBucket: number;
  /** Flood.discovered, valid until release (emptied at the next flood). */
  readonly discovered: number[];
  generation: number;
  inUse: boolean;
}

/** Reused per grid size: a flood touches a few hundred squares, not the whole map. */
const floodPool = new Map<number, FloodBuffers>();

function takeFloodBuffers(n: number): FloodBuffers {
  const b = takePooled(floodPool, n, (size) => ({
    cost: new Int32Array(size),
    parent: new Int32Array(size),
    costs: new Uint8Array(size),
    corners: new Uint8Array(size),
    masks: new Uint8Array(size),
    costStamp: new Uint32Array(size),
    infoStamp: new Uint32Array(size),
    maskStamp: new Uint32Array(size),
    blockedStamp: new Uint32Array(size),
    place: new Int32Array(size),
    buckets: [],
    lastBucket: 0,
    discovered: [],
    generation: 0,
    inUse: false,
  }));
  b.generation++;
  return b;
}

/** Arrays kept per grid size, valid by generation stamps so they are never cleared. */
interface Pooled {
  generation: number;
  inUse: boolean;
}

/** The pool's arrays for size `n`, marked in use until the caller releases them. */
function takePooled<T extends Pooled>(pool: Map<number, T>, n: number, make: (n: number) => T): T {
  let b = pool.get(n);
  // A search started from inside a grid callback gets its own arrays.
  if (b?.inUse) b = make(n);
  else if (!b || b.generation > 0xfffffff0) {
    b = make(n);
    pool.set(n, b);
  }
  b.inUse = true;
  return b;
}

/** Index offsets of the eight steps on a grid `width` wide, in DIRECTION_STEPS order. */
const offsetsByWidth = new Map<number, Int32Array>();
function stepOffsets(width: number): Int32Array {
  let offsets = offsetsByWidth.get(width);
  if (!offsets) {
    offsets = Int32Array.from(DX, (dx, d) => DY[d] * width + dx);
    offsetsByWidth.set(width, offsets);
  }
  return offsets;
}

/**
 * A step from square `i` by direction d is allowed when it stays on the grid, enters a
 * square that can be entered, and (diagonally) cuts no corner.
 */
function stepMask(
  width: number,
  height: number,
  i: number,
  cost: (j: number) => number,
  corner: (j: number) => boolean,
): number {
  const x = i % width;
  const y = (i - x) / width;
  let mask = 0;
  for (let d = 0; d < 8; d++) {
    const dx = DX[d];
    const dy = DY[d];
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
    const j = ny * width + nx;
    if (dx !== 0 && dy !== 0 && (corner(i + dx) || corner(j - dx))) continue;
    if (cost(j) > 0) mask |= 1 << d;
  }
  return mask;
}

/** Snapshots: every square's allowed steps, built once per snapshot. */
const snapshotMasks = new WeakMap<FullCells, Uint8Array>();

function masksOf(cells: FullCells): Uint8Array {
  let masks = snapshotMasks.get(cells);
  if (!masks) {
    const { width, height, costs, corners } = cells;
    masks = new Uint8Array(width * height);
    for (let i = 0; i < masks.length; i++) {
      masks[i] = stepMask(
        width,
        height,
        i,
        (j) => costs[j],
        (j) => corners[j] === 1,
      );
    }
    snapshotMasks.set(cells, masks);
  }
  return masks;
}

/** What overlayGrid layered over a snapshot, for the searches' fast path. */
interface Overlay {
  base: FullCells;
  blocked: readonly number[];
}

const overlays = new WeakMap<PathingGrid, Overlay>();

/**
 * `base` (a snapshot) with some squares changed: those in `blocked` cannot be entered and
 * those in `noStop` cannot be stopped on (square index = y * width + x). Figures on a
 * fixed floor: the squares are read from the snapshot's tables, so searches on it cost
 * about what they cost on the snapshot. Units are never corners, so corners are the base's.
 */
export function overlayGrid(
  base: PathingGrid,
  blocked: readonly number[],
  noStop: readonly number[],
): PathingGrid {
  const cells = snapshots.get(base);
  if (!cells) throw new Error('overlayGrid needs a snapshot (snapshotGrid) as its base');
  const { width, height } = cells;
  const blockedSet = new Set(blocked);
  const noStopSet = new Set(noStop);
  const grid: PathingGrid = {
    width,
    height,
    enterCost: (x, y) => (blockedSet.has(y * width + x) ? null : base.enterCost(x, y)),
    canStopAt: (x, y) =>
      !blockedSet.has(y * width + x) && !noStopSet.has(y * width + x) && base.canStopAt(x, y),
    isCorner: (x, y) => base.isCorner(x, y),
  };
  overlays.set(grid, { base: cells, blocked: [...blockedSet] });
  return grid;
}

/**
 * The bounded Dijkstra behind findReachable, floodCosts and findBestWithin. Enter costs
 * are small positive integers, so a bucket queue per total cost is exact and
 * deterministic: squares settle in cost order, then in the order they were queued. On a
 * snapshot it reads the snapshot's tables; a live grid is asked about each square once.
 * `from` must be in bounds.
 */
function runFlood(grid: PathingGrid, from: Point, budget: number): Flood {
  const { width, height } = grid;
  const b = takeFloodBuffers(width * height);
  const { cost, parent, costStamp, blockedStamp, generation } = b;
  const offsets = stepOffsets(width);
  const overlay = overlays.get(grid);
  const snapshot = overlay?.base ?? snapshots.get(grid);
  // The loop reads `masks` and `costs`; a live grid fills its per-flood tables lazily.
  let masks: Uint8Array;
  let costs: Uint8Array;
  let liveMask: ((i: number) => void) | null = null;
  if (snapshot) {
    masks = masksOf(snapshot);
    costs = snapshot.costs;
    for (const i of overlay?.blocked ?? []) blockedStamp[i] = generation;
  } else {
    ({ masks, costs } = b);
    const { corners, infoStamp, maskStamp } = b;
    const read = (i: number): void => {
      if (infoStamp[i] === generation) return;
      const x = i % width;
      const y = (i - x) / width;
      infoStamp[i] = generation;
      costs[i] = checkedCost(grid, x, y);
      corners[i] = grid.isCorner(x, y) ? 1 : 0;
    };
    const costAt = (i: number): number => (read(i), costs[i]);
    const cornerAt = (i: number): boolean => (read(i), corners[i] === 1);
    liveMask = (i) => {
      if (maskStamp[i] === generation) return;
      maskStamp[i] = generation;
      masks[i] = stepMask(width, height, i, costAt, cornerAt);
    };
  }
  const reached: number[] = [];
  // The queue and `discovered` are the pool's: a look-ahead floods thousands of times.
  const discovered = b.discovered;
  discovered.length = 0;
  const startIdx = from.y * width + from.x;
  costStamp[startIdx] = generation;
  cost[startIdx] = 0;
  parent[startIdx] = -1;
  const buckets = b.buckets;
  for (let c = 0; c <= b.lastBucket; c++) if (buckets[c]) buckets[c].length = 0;
  b.lastBucket = 0;
  (buckets[0] ??= []).push(startIdx);
  let last = 0;
  for (let c = 0; c <= last; c++) {
    const bucket = buckets[c];
    if (!bucket) continue;
    for (let k = 0; k < bucket.length; k++) {
      const idx = bucket[k];
      if (cost[idx] !== c) continue;
      reached.push(idx);
      if (liveMask) liveMask(idx);
      const mask = masks[idx];
      for (let d = 0; d < 8; d++) {
        if ((mask & (1 << d)) === 0) continue;
        const nIdx = idx + offsets[d];
        if (nIdx === startIdx || blockedStamp[nIdx] === generation) continue;
        const total = c + costs[nIdx];
        if (total > budget) continue;
        const seen = costStamp[nIdx] === generation;
        if (seen && cost[nIdx] <= total) continue;
        if (!seen) {
          costStamp[nIdx] = generation;
          discovered.push(nIdx);
        }
        cost[nIdx] = total;
        parent[nIdx] = idx;
        (buckets[total] ??= []).push(nIdx);
        if (total > last) last = b.lastBucket = total;
      }
    }
  }
  return {
    reached,
    discovered,
    costOf: (i) => cost[i],
    parentOf: (i) => parent[i],
    place: b.place,
    pathTo(i) {
      const path: Point[] = [];
      for (let at = i; at !== startIdx; at = parent[at]) {
        path.push({ x: at % width, y: (at - (at % width)) / width });
      }
      path.reverse();
      return path;
    },
    release() {
      b.inUse = false;
    },
  };
}

/**
 * The longest prefix of `path` whose enter costs add up to at most `budget` and whose last
 * square can be stopped on (an empty path if none), with its cost recomputed from `grid`.
 * Stops early at a square that can no longer be entered. Assumes the steps themselves are
 * legal (as findPath's are). For enemies walking part of the way toward a far target.
 */
export function stepsWithin(path: PathResult, budget: number, grid: PathingGrid): PathResult {
  let cost = 0;
  let bestLength = 0;
  let bestCost = 0;
  for (let k = 0; k < path.path.length; k++) {
    const { x, y } = path.path[k];
    const e = grid.enterCost(x, y);
    if (e === null || cost + e > budget) break;
    cost += e;
    if (grid.canStopAt(x, y)) {
      bestLength = k + 1;
      bestCost = cost;
    }
  }
  return { path: path.path.slice(0, bestLength), cost: bestCost };
}

// ---------------------------------------------------------------------------------------
// Squares as arrays.

/** How a search sees the grid; index = y * width + x, always in bounds. */
interface Cells {
  readonly width: number;
  readonly height: number;
  /** Enter cost, 0 where the square cannot be entered. */
  cost(i: number): number;
  corner(i: number): boolean;
  stop(i: number): boolean;
  /** Connected regions of enterable squares (snapshots only), -1 elsewhere. */
  readonly regions: Int32Array | null;
}

/** A grid read in full (snapshots, easystar). */
interface FullCells extends Cells {
  readonly costs: Uint8Array;
  readonly corners: Uint8Array;
  readonly stops: Uint8Array;
  easy: EasyStarTables | null;
}

const snapshots = new WeakMap<PathingGrid, FullCells>();

function inBounds(grid: { width: number; height: number }, p: Point): boolean {
  return (
    Number.isInteger(p.x) &&
    Number.isInteger(p.y) &&
    p.x >= 0 &&
    p.y >= 0 &&
    p.x < grid.width &&
    p.y < grid.height
  );
}

function checkedCost(grid: PathingGrid, x: number, y: number): number {
  const e = grid.enterCost(x, y);
  if (e === null) return 0;
  // Costs live in bytes and every step must cost at least 1 for the A* heuristic.
  if (!Number.isInteger(e) || e < 1 || e > 254) {
    throw new Error(`enterCost(${x}, ${y}) = ${e}: expected null or an integer from 1 to 254`);
  }
  return e;
}

function readAll(grid: PathingGrid): FullCells {
  const { width, height } = grid;
  const n = width * height;
  const costs = new Uint8Array(n);
  const corners = new Uint8Array(n);
  const stops = new Uint8Array(n);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      costs[i] = checkedCost(grid, x, y);
      corners[i] = grid.isCorner(x, y) ? 1 : 0;
      stops[i] = grid.canStopAt(x, y) ? 1 : 0;
    }
  }
  const cells: FullCells = {
    width,
    height,
    costs,
    corners,
    stops,
    cost: (i) => costs[i],
    corner: (i) => corners[i] === 1,
    stop: (i) => stops[i] === 1,
    regions: null,
    easy: null,
  };
  return { ...cells, regions: labelRegions(cells) };
}

/** A live grid, asked lazily and remembered for the length of one call. */
function lazyCells(grid: PathingGrid): Cells {
  const { width, height } = grid;
  const n = width * height;
  const UNKNOWN = 255;
  const costs = new Uint8Array(n).fill(UNKNOWN);
  const corners = new Uint8Array(n).fill(UNKNOWN);
  const stops = new Uint8Array(n).fill(UNKNOWN);
  return {
    width,
    height,
    regions: null,
    cost(i) {
      if (costs[i] === UNKNOWN) costs[i] = checkedCost(grid, i % width, (i - (i % width)) / width);
      return costs[i];
    },
    corner(i) {
      if (corners[i] === UNKNOWN)
        corners[i] = grid.isCorner(i % width, (i - (i % width)) / width) ? 1 : 0;
      return corners[i] === 1;
    },
    stop(i) {
      if (stops[i] === UNKNOWN)
        stops[i] = grid.canStopAt(i % width, (i - (i % width)) / width) ? 1 : 0;
      return stops[i] === 1;
    },
  };
}

function cellsFor(grid: PathingGrid): Cells {
  return snapshots.get(grid) ?? lazyCells(grid);
}

/** Unit steps as parallel arrays (hot loops), in DIRECTION_STEPS order. */
const DX = DIRECTION_STEPS.map((d) => d.x);
const DY = DIRECTION_STEPS.map((d) => d.y);

/** The corner rule for a step from (x, y) by (dx, dy): no diagonal past a corner square. */
function stepAllowed(c: Cells, x: number, y: number, dx: number, dy: number): boolean {
  if (dx === 0 || dy === 0) return true;
  return !c.corner(y * c.width + x + dx) && !c.corner((y + dy) * c.width + x);
}

/**
 * Connected regions of enterable squares. Moves are symmetric (the corner rule looks at the
 * same two squares both ways), so one flood fill per region labels them all.
 */
function labelRegions(c: Cells): Int32Array {
  const { width, height } = c;
  const regions = new Int32Array(width * height).fill(-1);
  const stack: number[] = [];
  let next = 0;
  for (let seed = 0; seed < regions.length; seed++) {
    if (c.cost(seed) === 0 || regions[seed] !== -1) continue;
    regions[seed] = next;
    stack.push(seed);
    while (stack.length > 0) {
      const idx = stack.pop() as number;
      const x = idx % width;
      const y = (idx - x) / width;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const nIdx = ny * width + nx;
        if (regions[nIdx] !== -1 || c.cost(nIdx) === 0) continue;
        if (!stepAllowed(c, x, y, DX[d], DY[d])) continue;
        regions[nIdx] = next;
        stack.push(nIdx);
      }
    }
    next++;
  }
  return regions;
}

/** Squares a goal-side flood may visit before leaving the question to the search. */
const GOAL_FLOOD_LIMIT = 400;

/**
 * False when the goal surely cannot be reached: it cannot be entered or stopped on, or (with
 * regions) it lies in no region the start can step into, or (live grids) a small flood from
 * the goal runs out of squares without finding a square the start can step into — the usual
 * sealed room or ring of enemies, found without flooding the start's side of the map.
 * True means "search": a live grid's goal may still turn out unreachable.
 */
function goalCouldBeReached(c: Cells, from: Point, to: Point): boolean {
  const { width, height } = c;
  const goal = to.y * width + to.x;
  if (c.cost(goal) === 0 || !c.stop(goal)) return false;
  const regions = c.regions;
  const startSteps: number[] = [];
  for (let d = 0; d < 8; d++) {
    const nx = from.x + DX[d];
    const ny = from.y + DY[d];
    if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
    const nIdx = ny * width + nx;
    if (c.cost(nIdx) === 0 || !stepAllowed(c, from.x, from.y, DX[d], DY[d])) continue;
    if (regions && regions[nIdx] === regions[goal]) return true;
    startSteps.push(nIdx);
  }
  if (regions || startSteps.length === 0) return false;
  // Moves are symmetric, so flooding out from the goal finds what can reach it.
  const buffers = takeBuffers(width * height);
  try {
    const { stamp, parent: queue } = buffers;
    const seen = (buffers.generation += 2);
    stamp[goal] = seen;
    queue[0] = goal;
    let tail = 1;
    for (let k = 0; k < tail; k++) {
      const idx = queue[k];
      if (startSteps.includes(idx) || tail > GOAL_FLOOD_LIMIT) return true;
      const x = idx % width;
      const y = (idx - x) / width;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const nIdx = ny * width + nx;
        if (stamp[nIdx] === seen || c.cost(nIdx) === 0) continue;
        if (!stepAllowed(c, x, y, DX[d], DY[d])) continue;
        stamp[nIdx] = seen;
        queue[tail++] = nIdx;
      }
    }
    return false;
  } finally {
    releaseBuffers(buffers);
  }
}

// ---------------------------------------------------------------------------------------
// Exact A*.

/**
 * Exact A* in our metric (enter costs, diagonal = orthogonal) with the Chebyshev distance as
 * heuristic (admissible and consistent: every step costs at least 1 and moves at most 1).
 * Among equal f it expands the deeper square first (larger g), which walks straight at the
 * goal across open floor instead of widening a front of ties. The start is never re-entered.
 */
function exactSearch(c: Cells, from: Point, to: Point): PathResult | null {
  const { width, height } = c;
  const n = width * height;
  const buffers = takeBuffers(n);
  try {
    const { g, parent, stamp } = buffers;
    // Stamps: g/parent are valid where stamp >= open; a square is closed where stamp = closed.
    const open = (buffers.generation += 2) - 1;
    const closed = open + 1;
    const start = from.y * width + from.x;
    const goal = to.y * width + to.x;
    // Heap key f * K + (K - 1 - g): lower f first, then higher g. K bounds every g.
    const K = 255 * n + 1;
    const heap = new MinHeap();
    g[start] = 0;
    stamp[start] = closed;
    heap.push(chebyshevDistance(from, to) * K + (K - 1), start);
    let reached = false;
    while (heap.size > 0) {
      const idx = heap.pop();
      if (idx !== start) {
        if (stamp[idx] === closed) continue;
        stamp[idx] = closed;
      }
      if (idx === goal) {
        reached = true;
        break;
      }
      const x = idx % width;
      const y = (idx - x) / width;
      const gHere = g[idx];
      for (let d = 0; d < 8; d++) {
        const nx = x + DX[d];
        const ny = y + DY[d];
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const nIdx = ny * width + nx;
        if (stamp[nIdx] === closed) continue;
        const e = c.cost(nIdx);
        if (e === 0 || !stepAllowed(c, x, y, DX[d], DY[d])) continue;
        const total = gHere + e;
        if (stamp[nIdx] === open && g[nIdx] <= total) continue;
        stamp[nIdx] = open;
        g[nIdx] = total;
        parent[nIdx] = idx;
        const h = Math.max(Math.abs(nx - to.x), Math.abs(ny - to.y));
        heap.push((total + h) * K + (K - 1 - total), nIdx);
      }
    }
    if (!reached) return null;
    const path: Point[] = [];
    for (let at = goal; at !== start; at = parent[at]) {
      path.push({ x: at % width, y: (at - (at % width)) / width });
    }
    path.reverse();
    return { path, cost: g[goal] };
  } finally {
    releaseBuffers(buffers);
  }
}

interface SearchBuffers {
  readonly g: Int32Array;
  readonly parent: Int32Array;
  readonly stamp: Uint32Array;
  generation: number;
  inUse: boolean;
}

/** Reused per grid size, so searches don't allocate and clear whole-map arrays each time. */
const bufferPool = new Map<number, SearchBuffers>();

function takeBuffers(n: number): SearchBuffers {
  return takePooled(bufferPool, n, (size) => ({
    g: new Int32Array(size),
    parent: new Int32Array(size),
    stamp: new Uint32Array(size),
    generation: 0,
    inUse: false,
  }));
}

function releaseBuffers(b: SearchBuffers): void {
  b.inUse = false;
}

/** Binary min-heap of square indices by numeric key (ties: deterministic, heap order). */
class MinHeap {
  private readonly keys: number[] = [];
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(key: number, item: number): void {
    const keys = this.keys;
    const items = this.items;
    let i = items.length;
    keys.push(key);
    items.push(item);
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (keys[up] <= key) break;
      keys[i] = keys[up];
      items[i] = items[up];
      i = up;
    }
    keys[i] = key;
    items[i] = item;
  }

  pop(): number {
    const keys = this.keys;
    const items = this.items;
    const top = items[0];
    const lastKey = keys.pop() as number;
    const lastItem = items.pop() as number;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const m = r < n && keys[r] < keys[l] ? r : l;
        if (keys[m] >= lastKey) break;
        keys[i] = keys[m];
        items[i] = items[m];
        i = m;
      }
      keys[i] = lastKey;
      items[i] = lastItem;
    }
    return top;
  }
}

// ---------------------------------------------------------------------------------------
// Easystar adapter (findPathEasyStar).

type EasyStarInstance = InstanceType<typeof easystarNamespace.js>;
type EasyStarDirection = Parameters<EasyStarInstance['setDirectionalCondition']>[2][number];

interface EasyStarTables {
  tiles: number[][];
  conditions: { x: number; y: number; allowed: EasyStarDirection[] }[];
  tileValues: number[];
}

// easystarjs is CommonJS: bundlers and vitest expose `js` on the namespace, Node's own ESM
// loader (tsx tools) only on `default`.
const EasyStarJs: typeof easystarNamespace.js =
  (easystarNamespace as unknown as { default?: typeof easystarNamespace }).default?.js ??
  easystarNamespace.js;

/** Easystar direction names indexed like DIRECTION_STEPS (the side the mover comes from). */
const EASYSTAR_DIRECTIONS: readonly EasyStarDirection[] = [
  'TOP',
  'TOP_RIGHT',
  'RIGHT',
  'BOTTOM_RIGHT',
  'BOTTOM',
  'BOTTOM_LEFT',
  'LEFT',
  'TOP_LEFT',
];

interface EasyStarSlot {
  readonly instance: EasyStarInstance;
  loaded: FullCells | null;
}

/** One easystar instance per grid shape, reloaded only when the grid it holds changes. */
const easyStarSlots = new Map<string, EasyStarSlot>();

function easyStarFor(cells: FullCells): EasyStarInstance {
  const key = `${cells.width}x${cells.height}`;
  let slot = easyStarSlots.get(key);
  if (!slot) {
    const instance = new EasyStarJs();
    instance.enableSync();
    instance.enableDiagonals();
    // Corner cutting stays allowed: the directional conditions enforce our corner rule.
    instance.enableCornerCutting();
    slot = { instance, loaded: null };
    easyStarSlots.set(key, slot);
  }
  if (slot.loaded !== cells) {
    const easy = (cells.easy ??= easyStarTables(cells));
    // Tile value = enter cost (0 = closed); easystar multiplies a step's weight by it.
    slot.instance.setAcceptableTiles(easy.tileValues);
    for (const v of easy.tileValues) slot.instance.setTileCost(v, v);
    slot.instance.setGrid(easy.tiles);
    slot.instance.removeAllDirectionalConditions();
    for (const c of easy.conditions) slot.instance.setDirectionalCondition(c.x, c.y, c.allowed);
    slot.loaded = cells;
  }
  return slot.instance;
}

/**
 * The easystar grid and, for every enterable square next to a corner, the directions it may
 * be entered from: all but the diagonal steps that would cut that corner.
 */
function easyStarTables(cells: FullCells): EasyStarTables {
  const { width, height, costs } = cells;
  const tiles: number[][] = [];
  const conditions: EasyStarTables['conditions'] = [];
  const values = new Set<number>();
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      row.push(costs[i]);
      if (costs[i] === 0) continue;
      values.add(costs[i]);
      let allowed: EasyStarDirection[] | null = null;
      for (let d = 1; d < 8; d += 2) {
        // The mover comes from the neighbour in direction d and steps back by -d.
        const sx = x + DX[d];
        const sy = y + DY[d];
        if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
        if (stepAllowed(cells, sx, sy, -DX[d], -DY[d])) continue;
        allowed ??= EASYSTAR_DIRECTIONS.slice();
        allowed.splice(allowed.indexOf(EASYSTAR_DIRECTIONS[d]), 1);
      }
      if (allowed) conditions.push({ x, y, allowed });
    }
    tiles.push(row);
  }
  return { tiles, conditions, tileValues: [...values].sort((a, b) => a - b) };
}
