import { describe, expect, it } from 'vitest';
import { markOf, parseAscii, type AsciiBoard } from '../../test/ascii';
import { pointKey, type Point } from './grid';
import {
  findBestInFlood,
  keepFlood,
  findPath,
  findPathEasyStar,
  findReachable,
  findBestWithin,
  floodCosts,
  isReachable,
  overlayGrid,
  snapshotGrid,
  stepsWithin,
  type PathingGrid,
  type PathResult,
} from './pathing';

/**
 * A pathing grid from a fixture: `#` wall (a corner), `~` difficult (cost 2), `a` ally
 * (passable, not stoppable), `e` enemy (blocks, but is not a corner); other marks are floor.
 */
function gridOf(board: AsciiBoard): PathingGrid {
  return {
    width: board.width,
    height: board.height,
    enterCost: (x, y) => {
      const ch = board.charAt(x, y);
      if (ch === '#' || ch === 'e') return null;
      return ch === '~' ? 2 : 1;
    },
    canStopAt: (x, y) => board.charAt(x, y) !== 'a',
    isCorner: (x, y) => board.isWall(x, y),
  };
}

/** Reference: plain Dijkstra over the same rules, cost only (O(n^2), tiny boards). */
function referenceCost(grid: PathingGrid, from: Point, to: Point): number | null {
  const n = grid.width * grid.height;
  const dist = new Array<number>(n).fill(Infinity);
  const done = new Array<boolean>(n).fill(false);
  dist[from.y * grid.width + from.x] = 0;
  for (;;) {
    let best = -1;
    for (let i = 0; i < n; i++)
      if (!done[i] && dist[i] < Infinity && (best < 0 || dist[i] < dist[best])) best = i;
    if (best < 0) break;
    done[best] = true;
    const x = best % grid.width;
    const y = Math.floor(best / grid.width);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= grid.width || ny >= grid.height)
          continue;
        if (dx !== 0 && dy !== 0 && (grid.isCorner(nx, y) || grid.isCorner(x, ny))) continue;
        const c = grid.enterCost(nx, ny);
        if (c === null || (nx === from.x && ny === from.y)) continue;
        dist[ny * grid.width + nx] = Math.min(dist[ny * grid.width + nx], dist[best] + c);
      }
    }
  }
  const d = dist[to.y * grid.width + to.x];
  return d === Infinity || !grid.canStopAt(to.x, to.y) ? null : d;
}

/** Asserts `result` is a legal walk from `from` whose cost is recomputed correctly. */
function expectLegal(grid: PathingGrid, from: Point, result: PathResult): void {
  let prev = from;
  let cost = 0;
  for (const p of result.path) {
    const dx = p.x - prev.x;
    const dy = p.y - prev.y;
    expect(Math.max(Math.abs(dx), Math.abs(dy)), `step to ${pointKey(p)}`).toBe(1);
    if (dx !== 0 && dy !== 0) {
      expect(
        grid.isCorner(p.x, prev.y) || grid.isCorner(prev.x, p.y),
        `corner at ${pointKey(p)}`,
      ).toBe(false);
    }
    const c = grid.enterCost(p.x, p.y);
    expect(c, `enter ${pointKey(p)}`).not.toBeNull();
    cost += c ?? 0;
    prev = p;
  }
  expect(result.cost).toBe(cost);
  if (result.path.length > 0) expect(grid.canStopAt(prev.x, prev.y)).toBe(true);
}

function route(board: AsciiBoard, result: PathResult | null): string {
  if (!result) return 'none';
  const keys = new Set(result.path.map(pointKey));
  const rows: string[] = [];
  for (let y = 0; y < board.height; y++) {
    let row = '';
    for (let x = 0; x < board.width; x++) row += keys.has(`${x},${y}`) ? '*' : board.charAt(x, y);
    rows.push(row);
  }
  return rows.join('\n');
}

describe('findPath', () => {
  it('finds the shortest path through a maze', () => {
    const board = parseAscii(`
      ###########
      #S..#.....#
      #.#.#.###.#
      #.#...#...#
      #.#####.###
      #...#...#G#
      ###.#.#.#.#
      #.....#...#
      ###########
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    const to = markOf(board, 'G');
    const result = findPath(grid, from, to);
    expect(result).not.toBeNull();
    expectLegal(grid, from, result as PathResult);
    expect(result?.cost).toBe(referenceCost(grid, from, to));
    expect(result?.cost).toBe(20);
    // The corner rule forces every turn to be taken square by square.
    expect(route(board, result)).toBe(
      [
        '###########',
        '#S..#.....#',
        '#*#.#.###.#',
        '#*#...#...#',
        '#*#####.###',
        '#***#***#*#',
        '###*#*#*#*#',
        '#..***#***#',
        '###########',
      ].join('\n'),
    );
  });

  it('does not cut a wall corner diagonally, but steps diagonally past a unit', () => {
    const wall = parseAscii(`
      S#
      .G
    `);
    const aroundWall = findPath(gridOf(wall), markOf(wall, 'S'), markOf(wall, 'G'));
    expect(aroundWall?.path).toEqual([
      { x: 0, y: 1 },
      { x: 1, y: 1 },
    ]);
    for (const unit of ['e', 'a']) {
      const board = parseAscii(`
        S${unit}
        ${unit}G
      `);
      const past = findPath(gridOf(board), markOf(board, 'S'), markOf(board, 'G'));
      expect(past, `past '${unit}'`).toEqual({ path: [{ x: 1, y: 1 }], cost: 1 });
    }
  });

  it('passes through an ally in a 1-wide corridor but never ends on it', () => {
    const board = parseAscii(`
      #######
      #S.a.G#
      #######
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    expect(findPath(grid, from, markOf(board, 'G'))).toEqual({
      path: [
        { x: 2, y: 1 },
        { x: 3, y: 1 },
        { x: 4, y: 1 },
        { x: 5, y: 1 },
      ],
      cost: 4,
    });
    expect(findPath(grid, from, markOf(board, 'a'))).toBeNull();
    expect(isReachable(grid, from, markOf(board, 'a'))).toBe(false);
  });

  it('is blocked by enemies, and walks around them when it can', () => {
    const corridor = parseAscii(`
      #######
      #S.e.G#
      #######
    `);
    const grid = gridOf(corridor);
    expect(findPath(grid, markOf(corridor, 'S'), markOf(corridor, 'G'))).toBeNull();
    expect(isReachable(grid, markOf(corridor, 'S'), markOf(corridor, 'G'))).toBe(false);
    const room = parseAscii(`
      #######
      #.....#
      #S.e.G#
      #######
    `);
    const around = findPath(gridOf(room), markOf(room, 'S'), markOf(room, 'G'));
    expect(around?.cost).toBe(4);
    expect(around?.path.some((p) => p.x === 3 && p.y === 2)).toBe(false);
  });

  it('pays 2 for difficult terrain, going around when that is cheaper', () => {
    const open = parseAscii(`
      .....
      S~~~G
      .....
    `);
    const around = findPath(gridOf(open), markOf(open, 'S'), markOf(open, 'G'));
    expect(around?.cost).toBe(4);
    expect(route(open, around)).toMatch(
      /^\.\*\*\*\.\nS~~~\*\n\.\.\.\.\.$|^\.\.\.\.\.\nS~~~\*\n\.\*\*\*\.$/,
    );
    const forced = parseAscii(`
      #####
      S~~.G
      #####
    `);
    const through = findPath(gridOf(forced), markOf(forced, 'S'), markOf(forced, 'G'));
    expect(through?.cost).toBe(6);
    expectLegal(gridOf(forced), markOf(forced, 'S'), through as PathResult);
  });

  it('counts a diagonal step like an orthogonal one, where easystar alone would not', () => {
    // e = enemies (not corners). The shortest route, 6 moves, zigzags diagonally; easystar
    // weighs diagonals 1.4 and prefers a 7-move route with more orthogonal steps.
    const board = parseAscii(`
      S....e
      .e.ee.
      .e.e.e
      e...e.
      ...e.G
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    const to = markOf(board, 'G');
    const easy = findPathEasyStar(grid, from, to) as PathResult;
    expectLegal(grid, from, easy);
    expect(easy.cost).toBe(7);
    const result = findPath(grid, from, to);
    expect(result?.cost).toBe(6);
    expectLegal(grid, from, result as PathResult);
  });

  it("is shortest where easystar's overestimating heuristic is not", () => {
    // Easystar's octile estimate is 1.4 * min + max: it overrates the diagonal through (1,1)
    // and walks through the difficult square instead (3 instead of 2).
    const board = parseAscii(`
      S~G
      ~..
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    const to = markOf(board, 'G');
    expect(findPathEasyStar(grid, from, to)?.cost).toBe(3);
    expect(findPath(grid, from, to)).toEqual({
      path: [
        { x: 1, y: 1 },
        { x: 2, y: 0 },
      ],
      cost: 2,
    });
  });

  it('handles the same square, off-grid points and walls as goals', () => {
    const board = parseAscii(`
      S.#
      ...
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    expect(findPath(grid, from, from)).toEqual({ path: [], cost: 0 });
    expect(findPath(grid, from, { x: 2, y: 0 })).toBeNull();
    expect(findPath(grid, from, { x: 3, y: 0 })).toBeNull();
    expect(findPath(grid, { x: -1, y: 0 }, from)).toBeNull();
    expect(isReachable(grid, from, from)).toBe(true);
    expect(isReachable(grid, from, { x: 2, y: 1 })).toBe(true);
  });

  it('agrees with a reference Dijkstra on seeded random boards (live and snapshot grids)', () => {
    let seed = 99;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    let found = 0;
    for (let n = 0; n < 40; n++) {
      const w = 9;
      const h = 7;
      const rows: string[] = [];
      for (let y = 0; y < h; y++) {
        let row = '';
        for (let x = 0; x < w; x++) {
          const r = next();
          row += r < 0.15 ? '#' : r < 0.25 ? '~' : r < 0.32 ? 'e' : r < 0.37 ? 'a' : '.';
        }
        rows.push(row);
      }
      const board = parseAscii(rows.join('\n'));
      const live = gridOf(board);
      const frozen = snapshotGrid(live);
      const from = { x: 0, y: 0 };
      for (let i = 0; i < w * h; i++) {
        const to = { x: i % w, y: Math.floor(i / w) };
        if (to.x === 0 && to.y === 0) continue;
        const want = referenceCost(live, from, to);
        for (const grid of [live, frozen]) {
          const got = findPath(grid, from, to);
          expect(got?.cost ?? null, `board ${n} to ${pointKey(to)}`).toBe(want);
          expect(isReachable(grid, from, to)).toBe(want !== null);
          if (got) expectLegal(live, from, got);
        }
        const easy = findPathEasyStar(frozen, from, to);
        expect(easy === null).toBe(want === null);
        if (easy) {
          expectLegal(live, from, easy);
          expect(easy.cost).toBeGreaterThanOrEqual(want ?? 0);
        }
        if (want !== null) found++;
      }
    }
    expect(found).toBeGreaterThan(200);
  });

  it('rejects an unreachable goal quickly on a 128x128 map', () => {
    const size = 128;
    // Open floor; the goal sits in a walled box (or a ring of enemies) in the far corner.
    const make = (ring: 'wall' | 'enemy'): PathingGrid => {
      const onRing = (x: number, y: number) =>
        (x === 120 || x === 126) && y >= 120 && y <= 126
          ? true
          : (y === 120 || y === 126) && x >= 120 && x <= 126;
      return {
        width: size,
        height: size,
        enterCost: (x, y) => (onRing(x, y) ? null : 1),
        canStopAt: () => true,
        isCorner: (x, y) => ring === 'wall' && onRing(x, y),
      };
    };
    for (const ring of ['wall', 'enemy'] as const) {
      const grid = make(ring);
      const frozen = snapshotGrid(grid);
      for (let i = 0; i < 20; i++) {
        expect(findPath(grid, { x: i, y: 0 }, { x: 123, y: 123 })).toBeNull();
        expect(findPath(frozen, { x: i, y: 0 }, { x: 123, y: 123 })).toBeNull();
      }
      expect(findPath(frozen, { x: 0, y: 0 }, { x: 119, y: 119 })?.cost).toBe(119);
    }
  });
});

describe('findReachable', () => {
  it('returns exactly the squares a move of 2 can end on', () => {
    // Wall corner at (1,1): (1,0) and (0,1) would need a diagonal past it, so they cost 3.
    // Ally at (3,2): crossed, not listed. Enemy at (1,3): blocks, but a diagonal may pass it.
    // Difficult (3,3) costs 2 by the diagonal; (5,2) is out of reach.
    const board = parseAscii(`
      .......
      .#.....
      ..Sa.~.
      .e.~...
      .......
    `);
    const expected = parseAscii(`
      ..***..
      ..***..
      **..*..
      *.***..
      .***...
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    const reach = findReachable(grid, from, 2);
    const keys = [...reach.keys()].sort();
    const want = (expected.marks.get('*') ?? []).map(pointKey).sort();
    expect(keys).toEqual(want);
    for (const result of reach.values()) expectLegal(grid, from, result);
    expect(reach.get('2,1')?.cost).toBe(1);
    expect(reach.get('4,2')?.cost).toBe(2);
    expect(reach.get('3,3')).toEqual({ path: [{ x: 3, y: 3 }], cost: 2 });
    expect(reach.get('0,3')).toEqual({
      path: [
        { x: 1, y: 2 },
        { x: 0, y: 3 },
      ],
      cost: 2,
    });
  });

  it('gives each square its cheapest cost, like findPath', () => {
    const board = parseAscii(`
      ##########
      #S.~~a...#
      #.#.#~~#.#
      #~..e....#
      ##########
    `);
    const grid = gridOf(board);
    const from = markOf(board, 'S');
    const reach = findReachable(grid, from, 7);
    expect(reach.has(pointKey(from))).toBe(false);
    for (let y = 0; y < board.height; y++) {
      for (let x = 0; x < board.width; x++) {
        if (x === from.x && y === from.y) continue;
        const want = referenceCost(grid, from, { x, y });
        const got = reach.get(`${x},${y}`);
        expect(got?.cost ?? null, `${x},${y}`).toBe(want !== null && want <= 7 ? want : null);
      }
    }
    expect(findReachable(grid, from, 0).size).toBe(0);
  });
});

describe('stepsWithin', () => {
  it('trims a long path to the budget and never stops on an ally', () => {
    const board = parseAscii(`
      ##########
      #S.a~a..G#
      ##########
    `);
    const grid = gridOf(board);
    const full = findPath(grid, markOf(board, 'S'), markOf(board, 'G')) as PathResult;
    expect(full.cost).toBe(8);
    const prefix = (budget: number) => stepsWithin(full, budget, grid);
    expect(prefix(0)).toEqual({ path: [], cost: 0 });
    expect(prefix(1)).toEqual({ path: [{ x: 2, y: 1 }], cost: 1 });
    // Budget 2 reaches the ally at (3,1): back off to (2,1).
    expect(prefix(2)).toEqual({ path: [{ x: 2, y: 1 }], cost: 1 });
    // The difficult square costs 2: budget 3 stops short of it.
    expect(prefix(3).cost).toBe(1);
    expect(prefix(4).path.at(-1)).toEqual({ x: 4, y: 1 });
    expect(prefix(4).cost).toBe(4);
    // Budget 5 ends on the second ally at (5,1): back off to the difficult square.
    expect(prefix(5).path.at(-1)).toEqual({ x: 4, y: 1 });
    expect(prefix(6).path.at(-1)).toEqual({ x: 6, y: 1 });
    expect(prefix(100)).toEqual(full);
  });
});

describe('floodCosts', () => {
  it('gives the same costs and paths as findReachable, and the reference Dijkstra', () => {
    const board = parseAscii(`
#########
#s..#...#
#.~.#.a.#
#.#...#.#
#...e...#
#~~#..~.#
#########`);
    const grid = gridOf(board);
    const from = markOf(board, 's');
    const field = floodCosts(grid, from, 1000);
    const reach = findReachable(grid, from, 1000);
    for (let y = 0; y < board.height; y++) {
      for (let x = 0; x < board.width; x++) {
        const c = field.cost[y * board.width + x];
        if (!grid.canStopAt(x, y)) continue; // the reference only ends on stoppable squares
        const ref = referenceCost(grid, from, { x, y });
        expect(c, `cost at ${x},${y}`).toBe(x === from.x && y === from.y ? 0 : (ref ?? -1));
        const listed = reach.get(`${x},${y}`);
        if (listed) expect(field.pathTo({ x, y })).toEqual(listed);
      }
    }
    // An ally's square is reached (crossed) though findReachable does not list it.
    const ally = markOf(board, 'a');
    expect(field.cost[ally.y * board.width + ally.x]).toBeGreaterThan(0);
    expect(reach.has(`${ally.x},${ally.y}`)).toBe(false);
    // `reached` lists exactly the reached squares, start first, cheapest first.
    const reachedCosts = field.reached.map((i) => field.cost[i]);
    expect(field.reached[0]).toBe(from.y * board.width + from.x);
    expect(reachedCosts).toEqual([...reachedCosts].sort((a, b) => a - b));
    expect(new Set(field.reached).size).toBe(field.reached.length);
    expect(field.reached.length).toBe([...field.cost].filter((c) => c >= 0).length);
    // A budget cuts it short.
    const short = floodCosts(grid, from, 2);
    expect(Math.max(...short.cost)).toBe(2);
    expect(short.pathTo({ x: 7, y: 5 })).toBeNull();
  });
});

describe('overlayGrid', () => {
  const board = parseAscii(`
##########
#s..#....#
#.~.#.a..#
#.#...#..#
#...e.~..#
#~~#.....#
##########`);
  /** The same board without its figures, and the figures as overlay squares. */
  const bare: PathingGrid = {
    width: board.width,
    height: board.height,
    enterCost: (x, y) => (board.isWall(x, y) ? null : board.charAt(x, y) === '~' ? 2 : 1),
    canStopAt: () => true,
    isCorner: (x, y) => board.isWall(x, y),
  };
  const index = (p: Point): number => p.y * board.width + p.x;
  const overlay = (): PathingGrid =>
    overlayGrid(snapshotGrid(bare), [index(markOf(board, 'e'))], [index(markOf(board, 'a'))]);

  it('answers like the grid with its figures drawn in', () => {
    const live = gridOf(board);
    const layered = overlay();
    for (let y = -1; y <= board.height; y++) {
      for (let x = -1; x <= board.width; x++) {
        const inside = x >= 0 && y >= 0 && x < board.width && y < board.height;
        if (!inside) {
          expect(layered.enterCost(x, y)).toBeNull();
          continue;
        }
        expect(layered.enterCost(x, y), `enter ${x},${y}`).toBe(live.enterCost(x, y));
        expect(layered.isCorner(x, y), `corner ${x},${y}`).toBe(live.isCorner(x, y));
        if (live.enterCost(x, y) !== null)
          expect(layered.canStopAt(x, y), `stop ${x},${y}`).toBe(live.canStopAt(x, y));
      }
    }
  });

  it('gives the same floods, reachable squares and paths as the live grid', () => {
    const live = gridOf(board);
    const layered = overlay();
    const from = markOf(board, 's');
    for (const budget of [1, 2, 5, 100]) {
      expect([...findReachable(layered, from, budget)]).toEqual([
        ...findReachable(live, from, budget),
      ]);
      const a = floodCosts(layered, from, budget);
      const b = floodCosts(live, from, budget);
      expect([...a.cost]).toEqual([...b.cost]);
      expect(a.reached).toEqual(b.reached);
    }
    expect(findPath(layered, from, { x: 8, y: 5 })).toEqual(findPath(live, from, { x: 8, y: 5 }));
    // The foe's square cannot be entered, the ally's crossed but not ended on.
    expect(findReachable(layered, from, 100).has(pointKey(markOf(board, 'e')))).toBe(false);
    expect(findReachable(layered, from, 100).has(pointKey(markOf(board, 'a')))).toBe(false);
  });

  it('needs a snapshot underneath', () => {
    expect(() => overlayGrid(bare, [], [])).toThrow(/snapshot/);
  });
});

describe('findBestWithin', () => {
  const board = parseAscii(`
#########
#s......#
#####.#.#
#g......#
#########`);
  const grid = gridOf(board);
  const from = markOf(board, 's');
  const goal = markOf(board, 'g');
  // Walking distance to the goal, as the enemy AI scores squares.
  const toGoal = floodCosts(grid, goal, 1000);
  const walk = (x: number, y: number): number => toGoal.cost[y * board.width + x];

  it('finds the square nearest by the score within the budget, and the way there', () => {
    // The goal is round the wall: five moves reach the gap above it, (5,2).
    expect(walk(from.x, from.y)).toBe(10);
    const best = findBestWithin(grid, from, 5, walk, walk(from.x, from.y));
    expect(best?.path.at(-1)).toEqual({ x: 5, y: 2 });
    expect(best?.cost).toBe(5);
    expect(walk(5, 2)).toBe(5);
    // No square within the budget scores better.
    for (const [, r] of findReachable(grid, from, 5)) {
      const p = r.path.at(-1)!;
      expect(walk(p.x, p.y)).toBeGreaterThanOrEqual(5);
    }
    // With less to spend it gets as near as it can along the top corridor.
    expect(findBestWithin(grid, from, 3, walk, 10)?.path.at(-1)).toEqual({ x: 4, y: 1 });
  });

  it('prefers the cheaper square on equal scores, and gives null when nothing beats the start', () => {
    const flat = (): number => 0;
    expect(findBestWithin(grid, from, 5, flat, 0)).toBeNull();
    const best = findBestWithin(grid, from, 5, flat, 1);
    expect(best?.cost).toBe(1);
  });

  it('one kept flood serves every goal: the same squares and ways as a search for each', () => {
    const kept = keepFlood(grid, from, 6)!;
    // The flood settles the start first and every square after its parent.
    expect(kept.squares[0]).toBe(from.y * board.width + from.x);
    expect(kept.parents[0]).toBe(-1);
    for (let k = 1; k < kept.squares.length; k++) expect(kept.parents[k]).toBeLessThan(k);
    let found = 0;
    for (let y = 0; y < board.height; y++)
      for (let x = 0; x < board.width; x++) {
        if (board.charAt(x, y) === '#') continue;
        const field = floodCosts(grid, { x, y }, 1000);
        const score = (sx: number, sy: number): number => field.cost[sy * board.width + sx];
        const start = score(from.x, from.y);
        const alone = findBestWithin(grid, from, 6, score, start);
        expect(findBestInFlood(kept, grid, score, start)).toEqual(alone);
        if (alone) found++;
      }
    // Most goals have a square nearer within six moves (not the start itself, nor squares behind it).
    expect(found).toBeGreaterThan(10);
    expect(keepFlood(grid, { x: -1, y: 0 }, 6)).toBeNull();
  });
});
