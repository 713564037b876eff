/**
 * Line of sight and cover benchmark on the committed 64x64 dungeon with 40 seeded unit
 * squares (walls block sight; units do not, as for noticing):
 * - ours, all pairs: `computeCover(a, b)` for every ordered pair of the 40 (four-corner
 *   cover: clear / partial / full / blocked; 40 x 39 = 1,560 pairs);
 * - ours, per-unit field of view: `visibleSquares(unit, 64)` for each of the 40;
 * - ours, the fast field of view (fov.ts, the fog's) for each of the 40, timed in
 *   alternation with rot.js 2.2.1 PreciseShadowcasting (8-topology, radius 64) for each.
 * Ratios are ours / rot.js. The models differ (corner-to-corner lines vs. shadowcasting from
 * the square's centre), so the visibility sets are compared: on unit pairs (does A see B)
 * and square by square on floor squares (field of view of each unit).
 */
import * as ROT from 'rot-js';
import {
  computeCover,
  hasLineOfSight,
  visibleSquares,
  type CoverLevel,
} from '../../src/engine/los';
import type { Point } from '../../src/engine/grid';
import { fieldOfView, sightGrid } from '../../src/engine/fov';
import { doesSquareBlockSight, isTerrainPassable, type BattleMap } from '../../src/engine/map';
import { makeSampler, median } from './bench-stats';

export interface LosResult {
  board: string;
  units: number;
  pairs: number;
  coverLevels: Record<CoverLevel, number>;
  /** Median ms for all ordered pairs' cover. */
  oursAllPairsMs: number;
  oursAllPairsRuns: number;
  /** Median ms for 40 fields of view with visibleSquares. */
  oursFovMs: number;
  oursFovRuns: number;
  /** Median ms for 40 fields of view with the fast fieldOfView (fov.ts). */
  fastFovMs: number;
  fastFovRuns: number;
  /** fast 40 FOVs / rot 40 FOVs. */
  ratioFastFovVsRot: number;
  rotFovMs: number;
  rotFovRuns: number;
  /** ours all-pairs cover / rot 40 FOVs. */
  ratioAllPairsVsRot: number;
  /** ours 40 FOVs / rot 40 FOVs. */
  ratioFovVsRot: number;
  pairAgreement: { agree: number; oursOnly: number; rotOnly: number; total: number };
  squareAgreement: {
    agree: number;
    oursOnly: number;
    rotOnly: number;
    total: number;
    jaccard: number;
  };
}

function timeFor(
  fn: () => void,
  budgetMs: number,
  maxRuns = 9,
): { medianMs: number; runs: number } {
  fn(); // warm-up
  const samples: number[] = [];
  let spent = 0;
  while (samples.length < maxRuns && (samples.length < 3 || spent < budgetMs)) {
    const t0 = performance.now();
    fn();
    const dt = performance.now() - t0;
    samples.push(dt);
    spent += dt;
  }
  return { medianMs: median(samples), runs: samples.length };
}

/**
 * Times two pieces of work in alternation, a run of each in turn, so that a machine busy
 * with other work weighs on both alike; the median of each.
 */
function timePair(
  a: () => void,
  b: () => void,
  budgetMs: number,
  maxRuns = 25,
): [{ medianMs: number; runs: number }, { medianMs: number; runs: number }] {
  a(); // warm-up
  b();
  const sa: number[] = [];
  const sb: number[] = [];
  let spent = 0;
  while (sa.length < maxRuns && (sa.length < 3 || spent < 2 * budgetMs)) {
    for (const [fn, out] of [
      [a, sa],
      [b, sb],
    ] as const) {
      const t0 = performance.now();
      fn();
      const dt = performance.now() - t0;
      out.push(dt);
      spent += dt;
    }
  }
  return [
    { medianMs: median(sa), runs: sa.length },
    { medianMs: median(sb), runs: sb.length },
  ];
}

/** 40 distinct floor squares, seeded. */
export function unitSquares(map: BattleMap, count: number, seed: number): Point[] {
  const floor: Point[] = [];
  map.terrain.forEach((t, i) => {
    if (isTerrainPassable(t)) floor.push({ x: i % map.width, y: Math.floor(i / map.width) });
  });
  const rand = makeSampler(seed);
  const chosen = new Map<string, Point>();
  while (chosen.size < count) {
    const p = rand.pick(floor);
    chosen.set(`${p.x},${p.y}`, p);
  }
  return [...chosen.values()];
}

export function benchLineOfSight(map: BattleMap, units: Point[], budgetMs = 1500): LosResult {
  const { width, height } = map;
  const blocks = (x: number, y: number): boolean => doesSquareBlockSight(map, x, y);
  const radius = Math.max(width, height);

  const levels: Record<CoverLevel, number> = { clear: 0, partial: 0, full: 0, blocked: 0 };
  const oursSees = new Map<string, boolean>();
  for (const a of units) {
    for (const b of units) {
      if (a === b) continue;
      const level = computeCover(a, b, blocks);
      levels[level]++;
      oursSees.set(`${a.x},${a.y}>${b.x},${b.y}`, level !== 'blocked');
      if ((level !== 'blocked') !== hasLineOfSight(a, b, blocks)) {
        throw new Error(
          `computeCover and hasLineOfSight disagree for ${a.x},${a.y} -> ${b.x},${b.y}`,
        );
      }
    }
  }
  let sink = 0;
  const allPairs = timeFor(() => {
    for (const a of units) {
      for (const b of units) {
        if (a !== b && computeCover(a, b, blocks) !== 'blocked') sink++;
      }
    }
  }, budgetMs);

  const oursFovSets = units.map(
    (u) => new Set(visibleSquares(u, radius, width, height, blocks).map((p) => p.y * width + p.x)),
  );
  const oursFov = timeFor(() => {
    for (const u of units) sink += visibleSquares(u, radius, width, height, blocks).length;
  }, budgetMs);

  // The fast field of view must give the same squares as visibleSquares, square for square.
  units.forEach((u, i) => {
    const fast = fieldOfView(u, width, height, blocks);
    for (let idx = 0; idx < width * height; idx++) {
      if ((fast[idx] === 1) !== oursFovSets[i].has(idx))
        throw new Error(
          `fieldOfView and visibleSquares disagree from ${u.x},${u.y} at square ${idx % width},${Math.floor(idx / width)}`,
        );
    }
  });
  const fov = new ROT.FOV.PreciseShadowcasting(
    (x, y) => x >= 0 && y >= 0 && x < width && y < height && !blocks(x, y),
    {
      topology: 8,
    },
  );
  const rotSet = (u: Point): Set<number> => {
    const seen = new Set<number>();
    fov.compute(u.x, u.y, radius, (x, y) => {
      if (x >= 0 && y >= 0 && x < width && y < height) seen.add(y * width + x);
    });
    return seen;
  };
  const rotFovSets = units.map(rotSet);
  // The fast field of view and rot.js's in alternation (other work on the machine weighs on
  // both alike); the map's sight is read once for the 40 (as a side's field of view does).
  const [fastFov, rotFov] = timePair(
    () => {
      const grid = sightGrid(width, height, blocks);
      for (const u of units) sink += fieldOfView(u, grid)[0];
    },
    () => {
      for (const u of units) {
        fov.compute(u.x, u.y, radius, () => {
          sink++;
        });
      }
    },
    budgetMs,
  );
  if (sink < 0) console.log(sink);

  // Pairs: does A see B in each model.
  const pairAgreement = { agree: 0, oursOnly: 0, rotOnly: 0, total: 0 };
  units.forEach((a, i) => {
    for (const b of units) {
      if (a === b) continue;
      const ours = oursSees.get(`${a.x},${a.y}>${b.x},${b.y}`)!;
      const rot = rotFovSets[i].has(b.y * width + b.x);
      pairAgreement.total++;
      if (ours === rot) pairAgreement.agree++;
      else if (ours) pairAgreement.oursOnly++;
      else pairAgreement.rotOnly++;
    }
  });
  // Squares: every floor square of each unit's field of view.
  const squareAgreement = { agree: 0, oursOnly: 0, rotOnly: 0, total: 0, jaccard: 0 };
  let both = 0;
  let either = 0;
  units.forEach((_, i) => {
    for (let idx = 0; idx < width * height; idx++) {
      if (!isTerrainPassable(map.terrain[idx])) continue;
      const ours = oursFovSets[i].has(idx);
      const rot = rotFovSets[i].has(idx);
      squareAgreement.total++;
      if (ours === rot) squareAgreement.agree++;
      else if (ours) squareAgreement.oursOnly++;
      else squareAgreement.rotOnly++;
      if (ours && rot) both++;
      if (ours || rot) either++;
    }
  });
  squareAgreement.jaccard = either === 0 ? 1 : both / either;

  return {
    board: map.id,
    units: units.length,
    pairs: units.length * (units.length - 1),
    coverLevels: levels,
    oursAllPairsMs: allPairs.medianMs,
    oursAllPairsRuns: allPairs.runs,
    oursFovMs: oursFov.medianMs,
    oursFovRuns: oursFov.runs,
    rotFovMs: rotFov.medianMs,
    rotFovRuns: rotFov.runs,
    ratioAllPairsVsRot: allPairs.medianMs / rotFov.medianMs,
    ratioFovVsRot: oursFov.medianMs / rotFov.medianMs,
    fastFovMs: fastFov.medianMs,
    fastFovRuns: fastFov.runs,
    ratioFastFovVsRot: fastFov.medianMs / rotFov.medianMs,
    pairAgreement,
    squareAgreement,
  };
}
