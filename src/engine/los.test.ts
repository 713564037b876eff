import { describe, expect, it } from 'vitest';
import { markOf, parseAscii, type AsciiBoard } from '../../test/ascii';
import {
  computeCover,
  coverLines,
  hasLineOfSight,
  isClearShot,
  visibleSquares,
  type CoverLevel,
} from './los';

/** Cover from mark `a` to mark `b` on a fixture, walls blocking (and the outside). */
function cover(board: AsciiBoard, a: string, b: string): CoverLevel {
  return computeCover(markOf(board, a), markOf(board, b), board.isWall);
}

/** coverLines as compact strings "x,y->x,y:ok|X" for readable expectations. */
function lines(board: AsciiBoard, a: string, b: string): string[] {
  return coverLines(markOf(board, a), markOf(board, b), board.isWall).map(
    (l) => `${l.from.x},${l.from.y}->${l.to.x},${l.to.y}:${l.blocked ? 'X' : 'ok'}`,
  );
}

/** Expects the cover from A to B, and the four lines (from A's chosen corner) that give it. */
function expectCoverAToB(board: AsciiBoard, level: CoverLevel, fourLines: string[]): void {
  expect(cover(board, 'A', 'B')).toBe(level);
  expect(lines(board, 'A', 'B')).toEqual(fourLines);
}

describe('computeCover: four-corner test', () => {
  it('sees clear down an open corridor; lines along the walls only graze them', () => {
    const board = parseAscii(`
      ##########
      #A......B#
      ##########
    `);
    // The chosen corner is A's top-left: two of its lines run exactly along the wall face
    // (the edge between row 0 and row 1) and are not blocked.
    expectCoverAToB(board, 'clear', ['1,1->8,1:ok', '1,1->9,1:ok', '1,1->8,2:ok', '1,1->9,2:ok']);
    expect(cover(board, 'B', 'A')).toBe('clear');
  });

  it('gives partial cover when one wall square clips one of the four lines', () => {
    const board = parseAscii(`
      A......
      .......
      .....#.
      .....B.
    `);
    // Only the line to B's top-right corner passes through the wall above B.
    expectCoverAToB(board, 'partial', ['0,0->5,3:ok', '0,0->6,3:X', '0,0->5,4:ok', '0,0->6,4:ok']);
    expect(isClearShot(cover(board, 'A', 'B'))).toBe(true);
  });

  it('gives full cover behind a pillar (two lines blocked)', () => {
    const board = parseAscii(`
      .........
      A.....#B.
      .........
    `);
    // The top lines graze the pillar's top edge; the lines to B's bottom corners cut it.
    expectCoverAToB(board, 'full', ['0,1->7,1:ok', '0,1->8,1:ok', '0,1->7,2:X', '0,1->8,2:X']);
    expect(isClearShot('full')).toBe(false);
    expect(hasLineOfSight(markOf(board, 'A'), markOf(board, 'B'), board.isWall)).toBe(true);
  });

  it('has no line of sight around a corner, but a figure at the corner sees both ways', () => {
    const board = parseAscii(`
      ########
      #A....C#
      #####..#
      #####..#
      #####.B#
      ########
    `);
    expect(cover(board, 'A', 'B')).toBe('blocked');
    expect(hasLineOfSight(markOf(board, 'A'), markOf(board, 'B'), board.isWall)).toBe(false);
    expect(cover(board, 'C', 'A')).toBe('clear');
    expect(cover(board, 'C', 'B')).toBe('clear');
  });

  it('blocks a line through a diagonal wall seam', () => {
    // The walls at (3,1) and (2,2) meet only at the point (3,2). The line along y = 2 from
    // A's bottom-right corner grazes both walls' edges and passes exactly through that
    // joint: it is blocked, so nothing of B is seen.
    const seam = parseAscii(`
      #######
      #A.#.B#
      #.#...#
      #######
    `);
    expect(cover(seam, 'A', 'B')).toBe('blocked');
    // Control: without the lower wall there is no seam and the grazing lines get through.
    const noSeam = parseAscii(`
      #######
      #A.#.B#
      #.....#
      #######
    `);
    expectCoverAToB(noSeam, 'full', ['1,2->5,1:X', '1,2->6,1:X', '1,2->5,2:ok', '1,2->6,2:ok']);
  });

  it('does not block a line that only touches wall corners', () => {
    // The line from A's top-left corner (4,3) to B's top-left corner (1,6) passes through the
    // points (3,4) and (2,5): corners of the walls, but not their shared corner (3,5).
    const board = parseAscii(`
      .......
      .......
      .......
      ....A..
      ...#...
      ..#....
      .B.....
    `);
    expect(lines(board, 'A', 'B')[0]).toBe('4,3->1,6:ok');
    expect(cover(board, 'A', 'B')).toBe('full');
  });

  it('treats a corner pinched between two walls as a seam at the ends of a line', () => {
    // B stands in a nook (walls east and south). From the open north-west it is fully seen,
    // the lines to its pinched corner arriving through B's own square; from the south-east,
    // beyond the joint of the two walls, it is not seen at all.
    const fromOpenSide = parseAscii(`
      A....
      .....
      ..B#.
      ..#..
      .....
    `);
    expect(cover(fromOpenSide, 'A', 'B')).toBe('clear');
    const fromBeyondSeam = parseAscii(`
      .....
      .....
      ..B#.
      ..#..
      ....A
    `);
    expect(cover(fromBeyondSeam, 'A', 'B')).toBe('blocked');
    expect(cover(fromBeyondSeam, 'B', 'A')).toBe('blocked');
  });

  it('is not symmetric for cover: a figure beside a corner shoots out at no penalty', () => {
    // miniatures-los-cover: shooting around a corner you stand next to is free, while the
    // target behind the corner gains cover. The attacker picks its best corner but must see
    // all four of the target's, so the two directions differ.
    const board = parseAscii(`
      A......
      .......
      .....#.
      .....B.
    `);
    expect(cover(board, 'A', 'B')).toBe('partial');
    expect(cover(board, 'B', 'A')).toBe('clear');
  });

  it('is symmetric for line of sight, on every pair of squares of a cluttered room', () => {
    const board = parseAscii(`
      ##########
      #....#...#
      #.#..#.#.#
      #..#.....#
      #.....##.#
      ##.#.....#
      #...#.#..#
      ##########
    `);
    let pairs = 0;
    for (let ay = 0; ay < board.height; ay++) {
      for (let ax = 0; ax < board.width; ax++) {
        if (board.isWall(ax, ay)) continue;
        for (let by = 0; by < board.height; by++) {
          for (let bx = 0; bx < board.width; bx++) {
            if (board.isWall(bx, by)) continue;
            const a = { x: ax, y: ay };
            const b = { x: bx, y: by };
            expect(hasLineOfSight(a, b, board.isWall)).toBe(hasLineOfSight(b, a, board.isWall));
            pairs++;
          }
        }
      }
    }
    expect(pairs).toBe(37 * 37);
  });

  it('handles the same and adjacent squares, and melee across a wall corner', () => {
    const board = parseAscii(`
      A#C.
      .B#D
      E.F.
    `);
    const at = (ch: string) => markOf(board, ch);
    expect(computeCover(at('A'), at('A'), board.isWall)).toBe('clear');
    // Orthogonally adjacent: nothing between them.
    expect(computeCover(at('A'), { x: 0, y: 1 }, board.isWall)).toBe('clear');
    // Diagonal with one wall among the two squares between: melee across a corner.
    expect(cover(board, 'A', 'B')).toBe('partial');
    expect(cover(board, 'B', 'A')).toBe('partial');
    expect(cover(board, 'B', 'E')).toBe('clear');
    // Diagonal with walls on both sides: the diagonal wall seam, no line of sight.
    expect(cover(board, 'B', 'C')).toBe('blocked');
    expect(cover(board, 'C', 'B')).toBe('blocked');
    expect(cover(board, 'F', 'D')).toBe('partial');
  });

  it('isClearShot accepts clear and partial only', () => {
    expect(
      ['clear', 'partial', 'full', 'blocked'].map((l) => isClearShot(l as CoverLevel)),
    ).toEqual([true, true, false, false]);
  });
});

describe('visibleSquares', () => {
  it('matches the four-corner test square by square', () => {
    const board = parseAscii(`
      ..........
      ..........
      ...#......
      ....A.....
      ..........
      ......##..
      ..........
    `);
    // Everything is seen except the square tucked behind the short wall.
    const expected = parseAscii(`
      **********
      **********
      **********
      **********
      **********
      **********
      ********.*
    `).marks.get('*');
    const origin = markOf(board, 'A');
    const seen = visibleSquares(origin, 10, board.width, board.height, board.isWall);
    expect(seen).toEqual(expected);
  });

  it('agrees with computeCover on every square of a walled room, and honours the radius', () => {
    const board = parseAscii(`
      ############
      #....#.....#
      #.##.#.###.#
      #..#...#...#
      #.A#.#...#.#
      #..#.#.#.#.#
      #....#.....#
      ############
    `);
    const origin = markOf(board, 'A');
    for (const radius of [0, 1, 3, 20]) {
      const seen = visibleSquares(origin, radius, board.width, board.height, board.isWall);
      const brute = [];
      for (let y = 0; y < board.height; y++) {
        for (let x = 0; x < board.width; x++) {
          if (Math.max(Math.abs(x - origin.x), Math.abs(y - origin.y)) > radius) continue;
          if (computeCover(origin, { x, y }, board.isWall) !== 'blocked') brute.push({ x, y });
        }
      }
      expect(seen).toEqual(brute);
    }
  });
});

describe('computeCover against an independent oracle', () => {
  /**
   * The module comment's rules checked square by square instead of by walking the line:
   * exact segment-vs-open-square clipping with integer parameters, edges between two
   * blocking squares, and the seam rule at every lattice point on the segment.
   */
  function oracleLineBlocked(
    a: { x: number; y: number },
    corner: [number, number],
    b: { x: number; y: number },
    tCorner: [number, number],
    blocked: (x: number, y: number) => boolean,
  ): boolean {
    const cx = a.x + corner[0];
    const cy = a.y + corner[1];
    const ex = b.x + tCorner[0];
    const ey = b.y + tCorner[1];
    const dx = ex - cx;
    const dy = ey - cy;
    if (dx === 0 && dy === 0) return false;
    const m = Math.max(1, Math.abs(dx)) * Math.max(1, Math.abs(dy)); // t scaled by m
    // Open interval of scaled t where lo < coord(t) < lo + 1, or null if never/always.
    const open = (p: number, d: number, lo: number): [number, number] | 'all' | 'none' => {
      if (d === 0) return lo < p && p < lo + 1 ? 'all' : 'none';
      const t1 = ((lo - p) * m) / d;
      const t2 = ((lo + 1 - p) * m) / d;
      return [Math.min(t1, t2), Math.max(t1, t2)];
    };
    for (let y = Math.min(cy, ey) - 1; y <= Math.max(cy, ey); y++) {
      for (let x = Math.min(cx, ex) - 1; x <= Math.max(cx, ex); x++) {
        if (!blocked(x, y)) continue;
        const ix = open(cx, dx, x);
        const iy = open(cy, dy, y);
        if (ix === 'none' || iy === 'none') continue;
        let lo = -Infinity;
        let hi = Infinity;
        for (const iv of [ix, iy]) {
          if (iv === 'all') continue;
          lo = Math.max(lo, iv[0]);
          hi = Math.min(hi, iv[1]);
        }
        if (lo < hi && lo < m && hi > 0) return true;
      }
    }
    if (dx === 0 || dy === 0) {
      const n = Math.abs(dx) + Math.abs(dy);
      for (let k = 0; k < n; k++) {
        const px = cx + Math.sign(dx) * k + (dx < 0 ? -1 : 0);
        const py = cy + Math.sign(dy) * k + (dy < 0 ? -1 : 0);
        if (dx === 0 && blocked(cx - 1, py) && blocked(cx, py)) return true;
        if (dy === 0 && blocked(px, cy - 1) && blocked(px, cy)) return true;
      }
    }
    const sx = Math.sign(dx);
    const sy = Math.sign(dy);
    for (let py = Math.min(cy, ey); py <= Math.max(cy, ey); py++) {
      for (let px = Math.min(cx, ex); px <= Math.max(cx, ex); px++) {
        if ((px - cx) * dy - (py - cy) * dx !== 0) continue;
        const atStart = px === cx && py === cy;
        const atEnd = px === ex && py === ey;
        const inDir = atStart ? [corner[0] ? -1 : 1, corner[1] ? -1 : 1] : [-sx, -sy];
        const outDir = atEnd ? [tCorner[0] ? -1 : 1, tCorner[1] ? -1 : 1] : [sx, sy];
        const across = (f: (v: number[]) => number) => f(inDir) * f(outDir) < 0;
        if (blocked(px, py - 1) && blocked(px - 1, py) && across((v) => Math.sign(v[0] + v[1]))) {
          return true;
        }
        if (blocked(px - 1, py - 1) && blocked(px, py) && across((v) => Math.sign(v[0] - v[1]))) {
          return true;
        }
      }
    }
    return false;
  }

  function oracleCover(
    a: { x: number; y: number },
    b: { x: number; y: number },
    walls: (x: number, y: number) => boolean,
  ): CoverLevel {
    const blocked = (x: number, y: number) =>
      !(x === a.x && y === a.y) && !(x === b.x && y === b.y) && walls(x, y);
    const corners: [number, number][] = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ];
    let best = 4;
    for (const c of corners) {
      const n = corners.filter((t) => oracleLineBlocked(a, c, b, t, blocked)).length;
      best = Math.min(best, n);
    }
    return best === 0 ? 'clear' : best === 1 ? 'partial' : best === 4 ? 'blocked' : 'full';
  }

  it('agrees on every pair of squares of seeded random boards', () => {
    let seed = 20240607;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed / 2 ** 32;
    };
    let compared = 0;
    const mismatches: string[] = [];
    for (let board = 0; board < 12; board++) {
      const w = 8;
      const h = 7;
      const wall = new Set<number>();
      for (let i = 0; i < w * h; i++) if (next() < 0.2) wall.add(i);
      const walls = (x: number, y: number) =>
        x < 0 || y < 0 || x >= w || y >= h || wall.has(y * w + x);
      for (let i = 0; i < w * h; i++) {
        for (let j = 0; j < w * h; j++) {
          const a = { x: i % w, y: Math.floor(i / w) };
          const b = { x: j % w, y: Math.floor(j / w) };
          if (Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y)) < 2) continue;
          const got = computeCover(a, b, walls);
          const want = oracleCover(a, b, walls);
          if (got !== want)
            mismatches.push(`board ${board} ${a.x},${a.y}->${b.x},${b.y}: ${got}/${want}`);
          compared++;
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(30000);
  });
});
