/**
 * Pathing on the square grid: easystarjs (sync mode) behind a small interface, plus our own
 * bounded Dijkstra for "where can I go this turn".
 *
 * Movement rules (DESIGN.md): 8 directions and a diagonal step costs the same as an orthogonal
 * one (Chebyshev); entering a square costs its enterCost (1, or 2 for difficult terrain); a
 * diagonal step may not cut the corner of a wall (isCorner squares only, units are not
 * corners); allies may be passed through but not stopped on; enemies cannot be entered.
 *
 * Why not easystar alone: easystar 0.4.4 weighs a diagonal step 1.4 times an orthogonal one
 * (a private constant, DIAGONAL_COST, with no setter), so its shortest path is shortest in
 * its octile metric, not in ours; e.g. it prefers four orthogonal steps to three diagonal
 * ones. So findPath recomputes the cost by our rules and proves the easystar path shortest
 * with an exact lower bound; when the proof fails it runs our own exact A* instead.
 * Easystar's own corner rule (disableCornerCutting) treats every unwalkable tile, units
 * included, as a corner, so we leave corner cutting on and forbid the bad diagonal steps with
 * per-tile directional conditions.
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

type EasyStarInstance = InstanceType<typeof easystarNamespace.js>;
type EasyStarDirection = Parameters<EasyStarInstance['setDirectionalCondition']>[2][number];

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

/** Tile values in the easystar grid: 0 cannot be entered, otherwise the enter cost. */
const TILE_COSTS: readonly number[] = [1, 2, 3, 4];

/**
 * The grid read once into arrays. Built per call for live grids (their callbacks may change
 * between calls), and once for grids made by snapshotGrid.
 */
interface Prepared {
  readonly width: number;
  readonly height: number;
  /** Enter cost per square (row-major), 0 where it cannot be entered. */
  readonly cost: Uint8Array;
  readonly corner: Uint8Array;
  readonly stop: Uint8Array;
  /** Connected-component id per enterable square, -1 elsewhere; built on first use. */
  regions: Int32Array | null;
  /** The easystar grid and its directional conditions; built on first use. */
  easy: { tiles: number[][]; conditions: { x: number; y: number; allowed: EasyStarDirection[] }[] } | null;
}

const snapshots = new WeakMap<PathingGrid, Prepared>();

/**
 * A frozen copy of `grid`: every square's answers are read once, and findPath / isReachable
 * reuse the tables built from it (easystar grid, corner conditions, connected regions)
 * across calls. Use it when many paths are asked on an unchanging board (all enemies' moves
 * against the same hero positions, benchmarks); build a new one when anything moves.
 */
export function snapshotGrid(grid: PathingGrid): PathingGrid {
  const p = readGrid(grid);
  const w = p.width;
  const inside = (x: number, y: number): boolean => x >= 0 && y >= 0 && x < w && y < p.height;
  const frozen: PathingGrid = {
    width: p.width,
    height: p.height,
    enterCost: (x, y) => (inside(x, y) && p.cost[y * w + x] > 0 ? p.cost[y * w + x] : null),
    canStopAt: (x, y) => inside(x, y) && p.stop[y * w + x] === 1,
    isCorner: (x, y) => !inside(x, y) || p.corner[y * w + x] === 1,
  };
  snapshots.set(frozen, p);
  return frozen;
}

/**
 * Shortest path (least total enter cost; ties broken deterministically) from `from` to `to`,
 * or null when `to` is off the grid, cannot be entered or stopped on, or cannot be reached.
 * `from` itself is never entered, so it may hold the mover. The same square gives
 * `{ path: [], cost: 0 }`. Unreachable goals are rejected by a region check, without a search.
 */
export function findPath(grid: PathingGrid, from: Point, to: Point): PathResult | null {
  if (!inBounds(grid, from) || !inBounds(grid, to)) return null;
  if (from.x === to.x && from.y === to.y) return { path: [], cost: 0 };
  const p = preparedFor(grid);
  if (!goalReachable(p, from, to)) return null;
  if (process.env.EXACT_ONLY === '1') return exactSearch(p, from, to);

  const easy = runEasyStar(p, from, to);
  if (easy) {
    const path = easy.slice(1).map(({ x, y }) => ({ x, y }));
    const cost = measure(p, path);
    // Every step costs at least 1 and moves at most 1 square, so no path is cheaper than
    // the Chebyshev distance: meeting it proves easystar's path shortest by our rules.
    if (cost === chebyshevDistance(from, to)) return { path, cost };
  }
  if (process.env.EXACT_ONLY === '2') return easy ? { path: easy.slice(1), cost: measure(p, easy.slice(1)) } : null;
  return exactSearch(p, from, to);
}

/**
 * True when findPath(grid, from, to) would find a path: `to` is on the grid, can be entered
 * and stopped on, and is connected to `from` (or is `from`). Costs one pass over the grid for
 * a live grid, nothing for a snapshot after its first use.
 */
export function isReachable(grid: PathingGrid, from: Point, to: Point): boolean {
  if (!inBounds(grid, from) || !inBounds(grid, to)) return false;
  if (from.x === to.x && from.y === to.y) return true;
  return goalReachable(preparedFor(grid), from, to);
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
  const { width, height } = grid;
  const startIdx = from.y * width + from.x;
  const dist = new Map<number, number>([[startIdx, 0]]);
  const parent = new Map<number, number>();
  const enter = new Map<number, number | null>();
  const enterCost = (idx: number): number | null => {
    let c = enter.get(idx);
    if (c === undefined) {
      c = grid.enterCost(idx % width, Math.floor(idx / width));
      enter.set(idx, c);
    }
    return c;
  };
  // Enter costs are small positive integers, so a bucket queue per total cost is an exact,
  // deterministic Dijkstra: squares settle in cost order, then in discovery order.
  const buckets: number[][] = [[startIdx]];
  for (let c = 0; c < buckets.length; c++) {
    const bucket = buckets[c];
    if (!bucket) continue;
    for (let k = 0; k < bucket.length; k++) {
      const idx = bucket[k];
      if (dist.get(idx) !== c) continue;
      const x = idx % width;
      const y = Math.floor(idx / width);
      for (const step of DIRECTION_STEPS) {
        const nx = x + step.x;
        const ny = y + step.y;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        if (step.x !== 0 && step.y !== 0 && (grid.isCorner(nx, y) || grid.isCorner(x, ny))) {
          continue;
        }
        const nIdx = ny * width + nx;
        const e = enterCost(nIdx);
        if (e === null || nIdx === startIdx) continue;
        const total = c + e;
        if (total > budget) continue;
        const known = dist.get(nIdx);
        if (known !== undefined && known <= total) continue;
        dist.set(nIdx, total);
        parent.set(nIdx, idx);
        (buckets[total] ??= []).push(nIdx);
      }
    }
  }
  for (const [idx, cost] of dist) {
    if (idx === startIdx) continue;
    const x = idx % width;
    const y = Math.floor(idx / width);
    if (!grid.canStopAt(x, y)) continue;
    const path: Point[] = [];
    for (let at: number | undefined = idx; at !== undefined && at !== startIdx; at = parent.get(at)) {
      path.push({ x: at % width, y: Math.floor(at / width) });
    }
    path.reverse();
    result.set(`${x},${y}`, { path, cost });
  }
  return result;
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

function preparedFor(grid: PathingGrid): Prepared {
  return snapshots.get(grid) ?? readGrid(grid);
}

function readGrid(grid: PathingGrid): Prepared {
  const { width, height } = grid;
  const n = width * height;
  const cost = new Uint8Array(n);
  const corner = new Uint8Array(n);
  const stop = new Uint8Array(n);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const e = grid.enterCost(x, y);
      if (e !== null) {
        if (!TILE_COSTS.includes(e)) {
          throw new Error(`enterCost(${x}, ${y}) = ${e}: expected an integer from 1 to 4 or null`);
        }
        cost[i] = e;
      }
      corner[i] = grid.isCorner(x, y) ? 1 : 0;
      stop[i] = grid.canStopAt(x, y) ? 1 : 0;
    }
  }
  return { width, height, cost, corner, stop, regions: null, easy: null };
}

/** The corner rule for a step from (x, y) by (dx, dy): no diagonal past a corner square. */
function stepAllowed(p: Prepared, x: number, y: number, dx: number, dy: number): boolean {
  if (dx === 0 || dy === 0) return true;
  return p.corner[y * p.width + x + dx] === 0 && p.corner[(y + dy) * p.width + x] === 0;
}

/**
 * Connected regions of enterable squares. Moves are symmetric (the corner rule looks at the
 * same two squares both ways), so one flood fill per region labels them all.
 */
function regionsOf(p: Prepared): Int32Array {
  if (p.regions) return p.regions;
  const { width, height, cost } = p;
  const regions = new Int32Array(width * height).fill(-1);
  const stack: number[] = [];
  let next = 0;
  for (let seed = 0; seed < regions.length; seed++) {
    if (cost[seed] === 0 || regions[seed] !== -1) continue;
    regions[seed] = next;
    stack.push(seed);
    while (stack.length > 0) {
      const idx = stack.pop() as number;
      const x = idx % width;
      const y = (idx - x) / width;
      for (const step of DIRECTION_STEPS) {
        const nx = x + step.x;
        const ny = y + step.y;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const nIdx = ny * width + nx;
        if (cost[nIdx] === 0 || regions[nIdx] !== -1) continue;
        if (!stepAllowed(p, x, y, step.x, step.y)) continue;
        regions[nIdx] = next;
        stack.push(nIdx);
      }
    }
    next++;
  }
  p.regions = regions;
  return regions;
}

/** Goal enterable, stoppable and in a region the start square can step into. */
function goalReachable(p: Prepared, from: Point, to: Point): boolean {
  const goal = to.y * p.width + to.x;
  if (p.cost[goal] === 0 || p.stop[goal] === 0) return false;
  const regions = regionsOf(p);
  const target = regions[goal];
  for (const step of DIRECTION_STEPS) {
    const nx = from.x + step.x;
    const ny = from.y + step.y;
    if (nx < 0 || ny < 0 || nx >= p.width || ny >= p.height) continue;
    if (regions[ny * p.width + nx] === target && stepAllowed(p, from.x, from.y, step.x, step.y)) {
      return true;
    }
  }
  return false;
}

/** Total enter cost of `path` (from `from`, which is not paid for). */
function measure(p: Prepared, path: readonly Point[]): number {
  let cost = 0;
  for (const q of path) cost += p.cost[q.y * p.width + q.x];
  return cost;
}

interface EasyStarSlot {
  readonly instance: EasyStarInstance;
  loaded: Prepared | null;
}

/** One easystar instance per grid shape, reloaded only when the grid it holds changes. */
const easyStarSlots = new Map<string, EasyStarSlot>();

function easyStarFor(p: Prepared): EasyStarInstance {
  const key = `${p.width}x${p.height}`;
  let slot = easyStarSlots.get(key);
  if (!slot) {
    const instance = new EasyStarJs();
    instance.enableSync();
    instance.enableDiagonals();
    // Corner cutting stays allowed: the directional conditions below enforce our corner rule.
    instance.enableCornerCutting();
    instance.setAcceptableTiles(TILE_COSTS.slice());
    for (const c of TILE_COSTS) instance.setTileCost(c, c);
    slot = { instance, loaded: null };
    easyStarSlots.set(key, slot);
  }
  if (slot.loaded !== p) {
    const easy = easyTables(p);
    slot.instance.setGrid(easy.tiles);
    slot.instance.removeAllDirectionalConditions();
    for (const c of easy.conditions) slot.instance.setDirectionalCondition(c.x, c.y, c.allowed);
    slot.loaded = p;
  }
  return slot.instance;
}

/**
 * The easystar grid (tile value = enter cost, 0 = closed) and, for every enterable square
 * next to a corner, the directions it may be entered from: all but the diagonal steps that
 * would cut that corner.
 */
function easyTables(p: Prepared): NonNullable<Prepared['easy']> {
  if (p.easy) return p.easy;
  const { width, height, cost } = p;
  const tiles: number[][] = [];
  const conditions: { x: number; y: number; allowed: EasyStarDirection[] }[] = [];
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      row.push(cost[i]);
      if (cost[i] === 0) continue;
      let allowed: EasyStarDirection[] | null = null;
      for (let d = 1; d < 8; d += 2) {
        // DIRECTION_STEPS[d] points from this square to the neighbour the mover comes from.
        const sx = x + DIRECTION_STEPS[d].x;
        const sy = y + DIRECTION_STEPS[d].y;
        if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
        if (stepAllowed(p, sx, sy, x - sx, y - sy)) continue;
        allowed ??= EASYSTAR_DIRECTIONS.slice();
        allowed.splice(allowed.indexOf(EASYSTAR_DIRECTIONS[d]), 1);
      }
      if (allowed) conditions.push({ x, y, allowed });
    }
    tiles.push(row);
  }
  p.easy = { tiles, conditions };
  return p.easy;
}

function runEasyStar(p: Prepared, from: Point, to: Point): Point[] | null {
  const instance = easyStarFor(p);
  const box: { done: boolean; path: Point[] | null } = { done: false, path: null };
  instance.findPath(from.x, from.y, to.x, to.y, (path) => {
    box.done = true;
    box.path = path;
  });
  instance.calculate();
  if (!box.done) throw new Error('easystar did not finish a synchronous search');
  return box.path;
}

/**
 * Exact A* in our metric (enter costs, diagonal = orthogonal) with the Chebyshev distance as
 * heuristic (admissible and consistent: every step costs at least 1 and moves at most 1).
 * Ties: lower f, then lower g is popped later (prefer deeper), then first pushed.
 */
function exactSearch(p: Prepared, from: Point, to: Point): PathResult | null {
  const { width, height, cost } = p;
  const n = width * height;
  const g = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const closed = new Uint8Array(n);
  const start = from.y * width + from.x;
  const goal = to.y * width + to.x;
  const heap = new MinHeap();
  g[start] = 0;
  heap.push(chebyshevDistance(from, to), 0, start);
  while (heap.size > 0) {
    const idx = heap.pop();
    if (closed[idx]) continue;
    closed[idx] = 1;
    if (idx === goal) break;
    const x = idx % width;
    const y = (idx - x) / width;
    for (const step of DIRECTION_STEPS) {
      const nx = x + step.x;
      const ny = y + step.y;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const nIdx = ny * width + nx;
      if (cost[nIdx] === 0 || closed[nIdx] || nIdx === start) continue;
      if (!stepAllowed(p, x, y, step.x, step.y)) continue;
      const total = g[idx] + cost[nIdx];
      if (g[nIdx] !== -1 && g[nIdx] <= total) continue;
      g[nIdx] = total;
      parent[nIdx] = idx;
      const h = Math.max(Math.abs(nx - to.x), Math.abs(ny - to.y));
      heap.push(total + h, total, nIdx);
    }
  }
  if (!closed[goal]) return null;
  const path: Point[] = [];
  for (let at = goal; at !== start; at = parent[at]) {
    path.push({ x: at % width, y: Math.floor(at / width) });
  }
  path.reverse();
  return { path, cost: g[goal] };
}

/** Binary min-heap of square indices keyed by (f, -g, insertion order). */
class MinHeap {
  private readonly f: number[] = [];
  private readonly g: number[] = [];
  private readonly order: number[] = [];
  private readonly items: number[] = [];
  private counter = 0;

  get size(): number {
    return this.items.length;
  }

  push(f: number, g: number, item: number): void {
    this.f.push(f);
    this.g.push(g);
    this.order.push(this.counter++);
    this.items.push(item);
    let i = this.items.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (!this.less(i, up)) break;
      this.swap(i, up);
      i = up;
    }
  }

  pop(): number {
    const top = this.items[0];
    const last = this.items.length - 1;
    this.swap(0, last);
    this.f.pop();
    this.g.pop();
    this.order.pop();
    this.items.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.items.length && this.less(l, m)) m = l;
      if (r < this.items.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }

  private less(a: number, b: number): boolean {
    if (this.f[a] !== this.f[b]) return this.f[a] < this.f[b];
    if (this.g[a] !== this.g[b]) return this.g[a] > this.g[b];
    return this.order[a] < this.order[b];
  }

  private swap(a: number, b: number): void {
    swapIn(this.f, a, b);
    swapIn(this.g, a, b);
    swapIn(this.order, a, b);
    swapIn(this.items, a, b);
  }
}

function swapIn(arr: number[], a: number, b: number): void {
  const t = arr[a];
  arr[a] = arr[b];
  arr[b] = t;
}
