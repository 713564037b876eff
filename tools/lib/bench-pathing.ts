/**
 * Pathing benchmark: shortest paths between 1,000 seeded pairs of squares on the committed
 * 32x32, 64x64 and 128x128 dungeons, for ordinary targets (same connected region) and
 * unreachable ones (a sealed vault), with
 *   - ours: `findPath` on a `snapshotGrid` of the board (the engine's interface), and
 *     `findPathEasyStar` (our interface routed through easystar) when the engine exports it;
 *   - easystar: raw easystarjs 0.4.4 in sync mode, diagonals on, its own corner rule
 *     (disableCornerCutting: on a floor/wall board that is exactly our rule);
 *   - ngraph.path A* and NBA* on an 8-neighbour graph without corner-cutting links;
 *   - pathfinding (PathFinding.js) A*, breadth-first and jump point search
 *     (DiagonalMovement.OnlyWhenNoObstacles).
 *
 * Movement rules compared: 8 directions, a diagonal step costs 1 like an orthogonal one
 * (Chebyshev), no diagonal step past a wall corner; the boards are floor and wall only, so
 * every square costs 1 and a path's cost is its number of steps.
 * - ngraph.path (distance 1, Chebyshev heuristic) and breadth-first search count exactly
 *   like us: their lengths must equal ours (asserted, pair by pair).
 * - easystar and PathFinding.js A* / JPS weigh a diagonal step 1.4 / sqrt(2) (fixed inside
 *   those libraries), so their paths are shortest (at best) in the octile metric; counted our
 *   way they are never shorter than ours (asserted) and sometimes longer (how often is
 *   reported). PathFinding.js's bidirectional BFS is not used: it is not exact on 8-connected
 *   grids (it returned 13 steps where 12 exist).
 * Every returned path is checked to be legal under our rules (adjacent steps, floor only,
 * no corner cutting) and to end on the target. Unreachable targets: ours answers from its
 * connected-region table without searching; the peers search the whole start region.
 */
import * as easystarNamespace from 'easystarjs';
import createGraph from 'ngraph.graph';
import { aStar, nba } from 'ngraph.path';
import PF from 'pathfinding';
import { DIRECTION_STEPS, type Point } from '../../src/engine/grid';
import { isTerrainPassable, isWallLike, type BattleMap } from '../../src/engine/map';
import * as pathing from '../../src/engine/pathing';
import type { PathingGrid } from '../../src/engine/pathing';
import { makeSampler, median, type Timing } from './bench-stats';

const EasyStarJs: typeof easystarNamespace.js =
  (easystarNamespace as unknown as { default?: typeof easystarNamespace }).default?.js ??
  easystarNamespace.js;

export type TargetKind = 'ordinary' | 'unreachable';

export interface PairSet {
  kind: TargetKind;
  pairs: { from: Point; to: Point }[];
}

/** One implementation: prepared once per board, then asked for each pair. */
interface Solver {
  id: string;
  label: string;
  /** true: counts steps exactly like us (lengths must match); false: octile metric. */
  exact: boolean;
  note: string;
  /** Path as squares after the start (empty for the same square), or null. */
  solve(from: Point, to: Point): Point[] | null;
}

export interface SolverResult {
  id: string;
  label: string;
  exact: boolean;
  note: string;
  timing: Timing;
  /** Mean time per search, microseconds. */
  perSearchUs: number;
  /** ours / this (time), lower is better for us; null for ours itself. */
  ratio: number | null;
  /** Pairs where the length (counted our way) equals ours. */
  sameLength: number;
  /** Pairs where it is longer (octile peers only). */
  longer: number;
  maxExtraSteps: number;
}

export interface BoardPathingResult {
  board: string;
  size: number;
  floorSquares: number;
  kind: TargetKind;
  pairs: number;
  meanLength: number;
  prepareMs: Record<string, number>;
  solvers: SolverResult[];
}

function passable(map: BattleMap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
  return isTerrainPassable(map.terrain[y * map.width + x]);
}

function stepOk(map: BattleMap, x: number, y: number, dx: number, dy: number): boolean {
  if (!passable(map, x + dx, y + dy)) return false;
  if (dx !== 0 && dy !== 0 && (isWallLike(map, x + dx, y) || isWallLike(map, x, y + dy)))
    return false;
  return true;
}

/** Region id per square under our move rules (-1 for walls). */
export function regionsOf(map: BattleMap): Int32Array {
  const { width, height } = map;
  const region = new Int32Array(width * height).fill(-1);
  let next = 0;
  for (let i = 0; i < region.length; i++) {
    if (region[i] !== -1 || !passable(map, i % width, Math.floor(i / width))) continue;
    const stack = [i];
    region[i] = next;
    while (stack.length > 0) {
      const idx = stack.pop()!;
      const x = idx % width;
      const y = (idx - x) / width;
      for (const s of DIRECTION_STEPS) {
        if (!stepOk(map, x, y, s.x, s.y)) continue;
        const n = (y + s.y) * width + x + s.x;
        if (region[n] === -1) {
          region[n] = next;
          stack.push(n);
        }
      }
    }
    next++;
  }
  return region;
}

/** 1,000 seeded pairs of each kind: ordinary (both in the largest region) and unreachable. */
export function makePairs(map: BattleMap, count: number, seed: number): PairSet[] {
  const regions = regionsOf(map);
  const sizes = new Map<number, number>();
  for (const r of regions) if (r >= 0) sizes.set(r, (sizes.get(r) ?? 0) + 1);
  const main = [...sizes].sort((a, b) => b[1] - a[1])[0][0];
  const inMain: Point[] = [];
  const elsewhere: Point[] = [];
  regions.forEach((r, i) => {
    const p = { x: i % map.width, y: Math.floor(i / map.width) };
    if (r === main) inMain.push(p);
    else if (r >= 0) elsewhere.push(p);
  });
  if (elsewhere.length === 0)
    throw new Error(`${map.id}: no sealed region for unreachable targets`);
  const rand = makeSampler(seed);
  const ordinary: { from: Point; to: Point }[] = [];
  while (ordinary.length < count) {
    const from = rand.pick(inMain);
    const to = rand.pick(inMain);
    if (from.x !== to.x || from.y !== to.y) ordinary.push({ from, to });
  }
  const unreachable: { from: Point; to: Point }[] = [];
  while (unreachable.length < count)
    unreachable.push({ from: rand.pick(inMain), to: rand.pick(elsewhere) });
  return [
    { kind: 'ordinary', pairs: ordinary },
    { kind: 'unreachable', pairs: unreachable },
  ];
}

/** Checks a path is legal under our rules and ends on `to`; returns its cost (steps). */
function checkPath(
  map: BattleMap,
  from: Point,
  to: Point,
  path: readonly Point[],
  who: string,
): number {
  let here = from;
  for (const q of path) {
    const dx = q.x - here.x;
    const dy = q.y - here.y;
    if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1 || !stepOk(map, here.x, here.y, dx, dy)) {
      throw new Error(
        `${who} on ${map.id}: illegal step (${here.x},${here.y}) -> (${q.x},${q.y}) in a path (${from.x},${from.y}) -> (${to.x},${to.y})`,
      );
    }
    here = q;
  }
  if (here.x !== to.x || here.y !== to.y)
    throw new Error(`${who} on ${map.id}: path does not end on the target`);
  return path.length;
}

function terrainGrid(map: BattleMap): PathingGrid {
  return {
    width: map.width,
    height: map.height,
    enterCost: (x, y) => (passable(map, x, y) ? 1 : null),
    canStopAt: () => true,
    isCorner: (x, y) => isWallLike(map, x, y),
  };
}

function makeSolvers(map: BattleMap, prepareMs: Record<string, number>): Solver[] {
  const { width, height } = map;
  const time = <T>(id: string, make: () => T): T => {
    const t0 = performance.now();
    const v = make();
    prepareMs[id] = performance.now() - t0;
    return v;
  };

  // The snapshot's region table and easystar grid are built on first use (the untimed
  // checked pass), like every other solver's first searches.
  const ourGrid = time('ours', () => pathing.snapshotGrid(terrainGrid(map)));
  const ours: Solver = {
    id: 'ours',
    label: 'ours: findPath (snapshot grid)',
    exact: true,
    note: 'our interface as the engine calls it',
    solve: (from, to) => pathing.findPath(ourGrid, from, to)?.path ?? null,
  };
  // Our interface routed through easystar, when the engine offers it (findPathEasyStar).
  const easyVariant = (pathing as Record<string, unknown>).findPathEasyStar as
    typeof pathing.findPath | undefined;
  const oursEasy: Solver | null = easyVariant
    ? {
        id: 'ours-easystar',
        label: 'ours: findPathEasyStar (snapshot)',
        exact: false,
        note: 'our interface over easystar (our corner rule)',
        solve: (from, to) => easyVariant(ourGrid, from, to)?.path ?? null,
      }
    : null;

  const easy = time('easystar', () => {
    const e = new EasyStarJs();
    const tiles: number[][] = [];
    for (let y = 0; y < height; y++) {
      const row: number[] = [];
      for (let x = 0; x < width; x++) row.push(passable(map, x, y) ? 1 : 0);
      tiles.push(row);
    }
    e.setGrid(tiles);
    e.setAcceptableTiles([1]);
    // Without a tile cost easystar's step costs are NaN and its paths are not shortest.
    e.setTileCost(1, 1);
    e.enableSync();
    e.enableDiagonals();
    // On a floor/wall board "unwalkable" = wall, so easystar's own rule equals ours.
    e.disableCornerCutting();
    return e;
  });
  const easystar: Solver = {
    id: 'easystar',
    label: 'easystarjs raw (sync)',
    exact: false,
    note: 'disableCornerCutting; diagonal 1.4 (fixed)',
    solve: (from, to) => {
      let result: { x: number; y: number }[] | null = null;
      easy.findPath(from.x, from.y, to.x, to.y, (p) => {
        result = p;
      });
      easy.calculate();
      const r = result as { x: number; y: number }[] | null;
      return r ? r.slice(1) : null;
    },
  };

  interface NodeData {
    x: number;
    y: number;
  }
  const graph = time('ngraph', () => {
    const g = createGraph<NodeData, unknown>();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) if (passable(map, x, y)) g.addNode(y * width + x, { x, y });
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (!passable(map, x, y)) continue;
        // E, SE, S, SW: each undirected link once.
        for (const s of DIRECTION_STEPS.slice(2, 6)) {
          if (stepOk(map, x, y, s.x, s.y)) g.addLink(y * width + x, (y + s.y) * width + x + s.x);
        }
      }
    }
    return g;
  });
  const chebyshev = (a: { data: NodeData }, b: { data: NodeData }): number =>
    Math.max(Math.abs(a.data.x - b.data.x), Math.abs(a.data.y - b.data.y));
  const ngraphOptions = { distance: () => 1, heuristic: chebyshev };
  const ngA = aStar(graph, ngraphOptions);
  const ngNba = nba(graph, ngraphOptions);
  const fromNgraph = (nodes: { data: NodeData }[], from: Point): Point[] | null => {
    if (nodes.length === 0) return null;
    // ngraph returns the path from the target back to the start.
    const pts = nodes.map((n) => ({ x: n.data.x, y: n.data.y })).reverse();
    if (pts[0].x !== from.x || pts[0].y !== from.y)
      throw new Error('ngraph path does not start at the start');
    return pts.slice(1);
  };
  const ngraphSolver = (id: string, label: string, finder: typeof ngA): Solver => ({
    id,
    label,
    exact: true,
    note: 'distance 1, Chebyshev heuristic',
    solve: (from, to) =>
      fromNgraph(finder.find(from.y * width + from.x, to.y * width + to.x), from),
  });
  const ngraphA = ngraphSolver('ngraph-astar', 'ngraph.path A*', ngA);
  const ngraphNba = ngraphSolver('ngraph-nba', 'ngraph.path NBA*', ngNba);

  const pfGrid = time('pathfinding', () => {
    const matrix: number[][] = [];
    for (let y = 0; y < height; y++) {
      const row: number[] = [];
      for (let x = 0; x < width; x++) row.push(passable(map, x, y) ? 0 : 1);
      matrix.push(row);
    }
    return new PF.Grid(matrix);
  });
  const diagonal = PF.DiagonalMovement.OnlyWhenNoObstacles;
  const pfAstar = new PF.AStarFinder({
    diagonalMovement: diagonal,
    heuristic: PF.Heuristic.chebyshev,
    weight: 1,
  });
  const pfBfs = new PF.BreadthFirstFinder({ diagonalMovement: diagonal });
  const pfJps = PF.JumpPointFinder({ diagonalMovement: diagonal });
  const fromPf = (path: number[][]): Point[] | null =>
    path.length === 0 ? null : path.slice(1).map(([x, y]) => ({ x, y }));
  // PathFinding.js finders mark the grid's nodes, so each search needs a fresh clone (timed).
  const pf = (finder: { findPath: PF.Finder['findPath'] }) => (from: Point, to: Point) =>
    fromPf(finder.findPath(from.x, from.y, to.x, to.y, pfGrid.clone()));
  const jpsExpand = (from: Point, to: Point): Point[] | null => {
    const raw = pfJps.findPath(from.x, from.y, to.x, to.y, pfGrid.clone());
    return raw.length === 0 ? null : fromPf(PF.Util.expandPath(raw));
  };
  return [
    ours,
    ...(oursEasy ? [oursEasy] : []),
    easystar,
    ngraphA,
    ngraphNba,
    {
      id: 'pf-astar',
      label: 'pathfinding A*',
      exact: false,
      note: 'OnlyWhenNoObstacles, Chebyshev h; diagonal sqrt2 (fixed); grid clone per search',
      solve: pf(pfAstar),
    },
    {
      id: 'pf-bfs',
      label: 'pathfinding BreadthFirst',
      exact: true,
      note: 'OnlyWhenNoObstacles; grid clone per search',
      solve: pf(pfBfs),
    },
    {
      id: 'pf-jps',
      label: 'pathfinding JumpPoint',
      exact: false,
      note: 'OnlyWhenNoObstacles; octile; grid clone per search',
      solve: jpsExpand,
    },
  ];
}

/**
 * Runs every solver on every pair set of one board: first a checked pass (legality and
 * lengths, asserted), then timed passes within a time budget (median).
 */
export function benchBoardPathing(
  map: BattleMap,
  sets: PairSet[],
  budgetMs = 2500,
  maxRuns = 7,
): BoardPathingResult[] {
  const prepareMs: Record<string, number> = {};
  const solvers = makeSolvers(map, prepareMs);
  const floorSquares = map.terrain.filter((t) => isTerrainPassable(t)).length;
  const out: BoardPathingResult[] = [];
  for (const set of sets) {
    // Checked pass: ours gives the reference lengths.
    const reference = set.pairs.map(({ from, to }) => {
      const p = solvers[0].solve(from, to);
      return p === null ? null : checkPath(map, from, to, p, 'ours');
    });
    if (set.kind === 'unreachable' && reference.some((r) => r !== null)) {
      throw new Error(`ours on ${map.id}: found a path to an unreachable target`);
    }
    if (set.kind === 'ordinary' && reference.some((r) => r === null)) {
      throw new Error(`ours on ${map.id}: no path to a reachable target`);
    }
    const results: SolverResult[] = [];
    for (const solver of solvers) {
      // Timed runs store the answers; the first run's answers are then checked (untimed).
      // At least 3 runs, more (up to `maxRuns`) while the total stays under `budgetMs`;
      // a solver whose single run of 1,000 searches exceeds the budget runs once.
      // Warm-up: up to 50 searches or 300 ms, untimed.
      const warmStart = performance.now();
      for (
        let i = 0;
        i < Math.min(50, set.pairs.length) && performance.now() - warmStart < 300;
        i++
      ) {
        solver.solve(set.pairs[i].from, set.pairs[i].to);
      }
      const samples: number[] = [];
      let spent = 0;
      let answers: (Point[] | null)[] = [];
      while (
        samples.length < maxRuns &&
        (samples.length < 3 ? spent < budgetMs || samples.length === 0 : spent < budgetMs / 2)
      ) {
        const got: (Point[] | null)[] = new Array(set.pairs.length);
        const t0 = performance.now();
        for (let i = 0; i < set.pairs.length; i++)
          got[i] = solver.solve(set.pairs[i].from, set.pairs[i].to);
        const dt = performance.now() - t0;
        samples.push(dt);
        spent += dt;
        if (samples.length === 1) answers = got;
      }
      let sameLength = 0;
      let longer = 0;
      let maxExtra = 0;
      set.pairs.forEach(({ from, to }, i) => {
        const p = answers[i];
        const ref = reference[i];
        if (ref === null || p === null) {
          if (ref !== p) {
            throw new Error(
              `${solver.label} on ${map.id}: ${p === null ? 'no path' : 'a path'} (${from.x},${from.y}) -> (${to.x},${to.y}), ours ${ref === null ? 'none' : ref}`,
            );
          }
          sameLength++;
          return;
        }
        const len = checkPath(map, from, to, p, solver.label);
        if (len === ref) sameLength++;
        else if (len < ref) {
          throw new Error(
            `${solver.label} on ${map.id}: a path of ${len} steps is shorter than ours (${ref})`,
          );
        } else if (solver.exact) {
          throw new Error(
            `${solver.label} on ${map.id}: ${len} steps where ours has ${ref} (must agree)`,
          );
        } else {
          longer++;
          maxExtra = Math.max(maxExtra, len - ref);
        }
      });
      const timing: Timing = {
        medianMs: median(samples),
        minMs: Math.min(...samples),
        maxMs: Math.max(...samples),
        runs: samples.length,
      };
      results.push({
        id: solver.id,
        label: solver.label,
        exact: solver.exact,
        note: solver.note,
        timing,
        perSearchUs: (timing.medianMs * 1000) / set.pairs.length,
        ratio: null,
        sameLength,
        longer,
        maxExtraSteps: maxExtra,
      });
    }
    const oursMs = results[0].timing.medianMs;
    for (const r of results.slice(1)) r.ratio = oursMs / r.timing.medianMs;
    const lengths = reference.filter((r): r is number => r !== null);
    out.push({
      board: map.id,
      size: map.width,
      floorSquares,
      kind: set.kind,
      pairs: set.pairs.length,
      meanLength: lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 0,
      prepareMs,
      solvers: results,
    });
  }
  return out;
}
