/**
 * A fast field of view for the four-corner sight of miniatures-los-cover (los.ts): every
 * square of the map a figure on `origin` sees (hasLineOfSight), the same square for square
 * as asking los.ts about each one, in a fraction of the time.
 *
 * Most squares are settled without tracing a line:
 * - seen: nothing blocks inside the box the two squares span (every line stays in it);
 * - hidden: from each corner of the origin's square, every corner of the target lies
 *   strictly inside the shadow of some blocking square nearer than it (a shadow cast, as
 *   in shadowcasting, from a slightly shrunk copy of the square, so that a line grazing an
 *   edge or passing a corner is never counted as blocked: those go to the exact test).
 * Only the squares in the half-shadows are left to the exact test: los.ts's four-corner
 * test, step for step, read straight off the map's array (seesOnGrid below).
 */
import type { Point } from './grid';

type BlocksLine = (x: number, y: number) => boolean;

/** How far a shadow's square is shrunk, so that only lines through its inside count. */
const SHRINK = 1e-6;

/**
 * Disjoint open slope intervals, sorted, in typed arrays reused from one sweep to the next;
 * `covers(s)` says whether `s` is strictly inside one of them. Open intervals that only
 * touch are not merged (a line between two squares that only touch is left to the exact
 * test).
 */
class Shadows {
  lo = new Float64Array(64);
  hi = new Float64Array(64);
  n = 0;

  clear(): void {
    this.n = 0;
  }

  /** Where the last question was answered: the sweeps ask about nearby slopes in turn. */
  private at = 0;

  /** The index of the first interval whose high end is above `s`. */
  firstAbove(s: number): number {
    const hi = this.hi;
    const n = this.n;
    let i = this.at > n ? n : this.at;
    while (i > 0 && hi[i - 1] > s) i--;
    while (i < n && hi[i] <= s) i++;
    this.at = i;
    return i;
  }

  covers(s: number): boolean {
    const i = this.firstAbove(s);
    return i < this.n && this.lo[i] < s;
  }

  /** Whether one interval holds all of [a, b] strictly inside it. */
  coversRange(a: number, b: number): boolean {
    const i = this.firstAbove(b);
    return i < this.n && this.lo[i] < a;
  }

  add(lo: number, hi: number): void {
    const n = this.n;
    const i = this.firstAbove(lo);
    const los = this.lo;
    const his = this.hi;
    // Already inside one interval (a wall behind a wall): nothing changes.
    if (i < n && los[i] <= lo && his[i] >= hi) return;
    let j = i;
    let newLo = lo;
    let newHi = hi;
    while (j < n && los[j] < newHi) {
      if (los[j] < newLo) newLo = los[j];
      if (his[j] > newHi) newHi = his[j];
      j++;
    }
    // The lists are short (a handful of shadows): moved by hand, not by copyWithin.
    if (i === j) {
      if (n === los.length) this.grow();
      const l = this.lo;
      const h = this.hi;
      for (let k = n; k > i; k--) {
        l[k] = l[k - 1];
        h[k] = h[k - 1];
      }
      this.n = n + 1;
    } else if (j - i > 1) {
      const gone = j - i - 1;
      for (let k = i + 1; k + gone < n; k++) {
        los[k] = los[k + gone];
        his[k] = his[k + gone];
      }
      this.n = n - gone;
    }
    this.lo[i] = newLo;
    this.hi[i] = newHi;
  }

  private grow(): void {
    const lo = new Float64Array(this.lo.length * 2);
    const hi = new Float64Array(this.hi.length * 2);
    lo.set(this.lo);
    hi.set(this.hi);
    this.lo = lo;
    this.hi = hi;
  }
}

/** The highest slope of a corner of the square at distance `a`, `k - 1` across (k = b + 1). */
function topSlope(k: number, a: number): number {
  return k >= 0 ? k / a : k / (a + 1);
}

/**
 * When the square at distance `a` on `row` lies wholly inside one shadow (every corner),
 * the last row of the run of such squares from it (at most `last`); else `row - 1`.
 */
function shadowedRun(shadows: Shadows, a: number, cv: number, row: number, last: number): number {
  const b = row - cv;
  const low = b >= 0 ? b / (a + 1) : b / a;
  const i = shadows.firstAbove(topSlope(b + 1, a));
  return i < shadows.n && shadows.lo[i] < low
    ? lastRowBelow(shadows.hi[i], a, cv, row, last)
    : row - 1;
}

/**
 * The last row, from `row` on and at most `last`, of the squares at distance `a` whose
 * corners all lie below slope `hi` (`cv`: the sweep's corner across it). The rows from
 * `row` on already lie above the interval's low end, so these are all inside it.
 */
function lastRowBelow(hi: number, a: number, cv: number, row: number, last: number): number {
  // k = b + 1 = row - cv + 1; the largest k with topSlope(k) < hi, estimated, then made exact.
  let k = Math.ceil(hi >= 0 ? hi * a : hi * (a + 1)) - 1;
  while (topSlope(k + 1, a) < hi) k++;
  while (topSlope(k, a) >= hi) k--;
  const r = k - 1 + cv;
  return r < row ? row : r > last ? last : r;
}

/**
 * The exact test for the squares the sweeps leave undecided: hasLineOfSight (los.ts, the
 * four-corner rule) read straight off a SightGrid's array. It follows los.ts's lineBlocked
 * step for step; it is kept here because los.ts's copy is called with many different
 * callbacks across the game and runs several times slower for it, and the field of view
 * spends most of its time in these few tests. fov.test.ts holds the two to the same answers.
 */
let gw: Uint8Array = new Uint8Array(0);
let gmw = 0;

/** Whether square (x, y) blocks (the origin's and the target's own squares cleared first). */
function wallAt(x: number, y: number): boolean {
  return gw[(y + 1) * gmw + x + 1] === 1;
}

/** los.ts's crossesSeam, on the grid. */
function seamAt(px: number, py: number, inX: number, inY: number, oX: number, oY: number): boolean {
  if (Math.sign(inX + inY) * Math.sign(oX + oY) < 0 && wallAt(px, py - 1) && wallAt(px - 1, py))
    return true;
  return Math.sign(inX - inY) * Math.sign(oX - oY) < 0 && wallAt(px - 1, py - 1) && wallAt(px, py);
}

/** Whether the line from corner (cx, cy) (of the origin, ci/cj its side) to (ex, ey) is clear. */
function clearLine(
  cx: number,
  cy: number,
  ci: number,
  cj: number,
  ex: number,
  ey: number,
  ti: number,
  tj: number,
): boolean {
  const dx = ex - cx;
  const dy = ey - cy;
  if (dx === 0 && dy === 0) return true;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  const ax = dx < 0 ? -dx : dx;
  const ay = dy < 0 ? -dy : dy;
  if (ax === 0 || ay === 0) {
    const n = ax + ay;
    let px = cx;
    let py = cy;
    for (let k = 0; k < n; k++, px += sx, py += sy) {
      if (ax === 0) {
        const y = sy > 0 ? py : py - 1;
        if (wallAt(px - 1, y) && wallAt(px, y)) return false;
      } else {
        const x = sx > 0 ? px : px - 1;
        if (wallAt(x, py - 1) && wallAt(x, py)) return false;
      }
      if (k > 0 && seamAt(px, py, -sx, -sy, sx, sy)) return false;
    }
  } else {
    let sqx = sx > 0 ? cx : cx - 1;
    let sqy = sy > 0 ? cy : cy - 1;
    let px = cx;
    let py = cy;
    let i = 1;
    let j = 1;
    for (;;) {
      if (wallAt(sqx, sqy)) return false;
      const nx = i * ay;
      const ny = j * ax;
      if (i === ax && j === ay) break;
      if (nx <= ny) {
        i++;
        sqx += sx;
        px += sx;
      }
      if (ny <= nx) {
        j++;
        sqy += sy;
        py += sy;
      }
      if (nx === ny && seamAt(px, py, -sx, -sy, sx, sy)) return false;
    }
  }
  return (
    !seamAt(cx, cy, ci === 1 ? -1 : 1, cj === 1 ? -1 : 1, sx, sy) &&
    !seamAt(ex, ey, -sx, -sy, ti === 1 ? -1 : 1, tj === 1 ? -1 : 1)
  );
}

/**
 * hasLineOfSight(origin, target) on the grid (`wall` with its one-square margin, `mw` wide),
 * for squares inside the map: the walls on the two squares themselves are lifted meanwhile.
 */
function seesOnGrid(
  wall: Uint8Array,
  mw: number,
  ox: number,
  oy: number,
  tx: number,
  ty: number,
): boolean {
  gw = wall;
  gmw = mw;
  const dx = tx - ox;
  const dy = ty - oy;
  if (dx === 0 && dy === 0) return true;
  if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
    return dx === 0 || dy === 0 || !(wallAt(tx, oy) && wallAt(ox, ty));
  const oAt = (oy + 1) * mw + ox + 1;
  const tAt = (ty + 1) * mw + tx + 1;
  const oWall = wall[oAt];
  const tWall = wall[tAt];
  wall[oAt] = 0;
  wall[tAt] = 0;
  let seen = false;
  for (let c = 0; c < 4 && !seen; c++) {
    const ci = c & 1;
    const cj = c >> 1;
    for (let t = 0; t < 4; t++) {
      const ti = t & 1;
      const tj = t >> 1;
      if (clearLine(ox + ci, oy + cj, ci, cj, tx + ti, ty + tj, ti, tj)) {
        seen = true;
        break;
      }
    }
  }
  wall[oAt] = oWall;
  wall[tAt] = tWall;
  return seen;
}

/** The four directions a sweep goes out from a corner: +x, -x, +y, -y. */
const FRAMES = [
  { axisX: true, sign: 1 },
  { axisX: true, sign: -1 },
  { axisX: false, sign: 1 },
  { axisX: false, sign: -1 },
] as const;

/** A map's sight read once: its blocking squares with a one-square margin, and their sums. */
export interface SightGrid {
  width: number;
  height: number;
  /** 1 where a square blocks, (width + 2) x (height + 2), the margin around the map included. */
  wall: Uint8Array;
  /** Prefix sums of the map's blocking squares, (width + 1) x (height + 1). */
  sums: Int32Array;
  /**
   * For each square of `wall`, the first blocking square from it on down its column (its
   * y, at least the square's own), or height + 1 past the last: the sweeps step from one
   * blocking square to the next instead of reading every square between.
   */
  nextDown: Int32Array;
  /** The same along each row: the first blocking square's x from the square on, or width + 1. */
  nextRight: Int32Array;
  /** The callback, for squares beyond the margin. */
  blocksLine: BlocksLine;
}

/** Reads a map's blocking squares once, for any number of fields of view on it. */
export function sightGrid(width: number, height: number, blocksLine: BlocksLine): SightGrid {
  const mw = width + 2;
  const mh = height + 2;
  const wall = new Uint8Array(mw * mh);
  for (let j = 0; j < mh; j++)
    for (let i = 0; i < mw; i++) wall[j * mw + i] = blocksLine(i - 1, j - 1) ? 1 : 0;
  const sw = width + 1;
  const sums = new Int32Array(sw * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += wall[(y + 1) * mw + x + 1];
      sums[(y + 1) * sw + x + 1] = sums[y * sw + x + 1] + row;
    }
  }
  const nextDown = new Int32Array(mw * mh);
  const nextRight = new Int32Array(mw * mh);
  for (let i = 0; i < mw; i++) {
    let next = height + 1;
    for (let j = mh - 1; j >= 0; j--) {
      if (wall[j * mw + i] === 1) next = j - 1;
      nextDown[j * mw + i] = next;
    }
  }
  for (let j = 0; j < mh; j++) {
    let next = width + 1;
    for (let i = mw - 1; i >= 0; i--) {
      if (wall[j * mw + i] === 1) next = i - 1;
      nextRight[j * mw + i] = next;
    }
  }
  return { width, height, wall, sums, nextDown, nextRight, blocksLine };
}

/** Scratch reused by every field of view (one runs at a time): candidates and their marks. */
const scratch = {
  open: new Uint8Array(0),
  candidates: new Int32Array(0),
  shadows: new Shadows(),
  span: new Float64Array(2),
};

/** The slopes a blocking square's shrunk copy spans, seen from the corner (a >= 0), in `span`. */
function shadowOf(span: Float64Array, a: number, b: number): void {
  const nearU = a + SHRINK;
  const farU = a + 1 - SHRINK;
  const v0 = b + SHRINK;
  const v1 = b + 1 - SHRINK;
  span[0] = v0 >= 0 ? v0 / farU : v0 / nearU;
  span[1] = v1 >= 0 ? v1 / nearU : v1 / farU;
}

/**
 * Every square of the map that a figure on `origin` sees by the four-corner rule
 * (hasLineOfSight), as a grid of 0/1 in row-major order; the origin itself is seen. Give
 * a `SightGrid` to read the map once for many figures, or the map's size and `blocksLine`
 * (as for computeCover, asked also just outside the map).
 *
 * Each corner of the origin's square sweeps out in four directions, column by column,
 * keeping the shadows cast so far; a run of squares wholly inside one shadow is stepped
 * over in one go (as shadowcasting does), so the work goes with the squares in light and
 * half-light, not with the map. A square left in light or half-light by some corner is a
 * candidate; only candidates get the exact test (a clear box, else los.ts).
 */
export function fieldOfView(
  origin: Point,
  gridOrWidth: SightGrid | number,
  height?: number,
  blocksLine?: BlocksLine,
): Uint8Array {
  const grid =
    typeof gridOrWidth === 'number' ? sightGrid(gridOrWidth, height!, blocksLine!) : gridOrWidth;
  const { width, wall, sums } = grid;
  const h = grid.height;
  const size = width * h;
  const seen = new Uint8Array(size);
  if (origin.x < 0 || origin.y < 0 || origin.x >= width || origin.y >= h) return seen;
  const mw = width + 2;
  const mh = h + 2;
  const cached = (x: number, y: number): boolean => {
    const i = x + 1;
    const j = y + 1;
    return i >= 0 && j >= 0 && i < mw && j < mh ? wall[j * mw + i] === 1 : grid.blocksLine(x, y);
  };
  const sw = width + 1;

  if (scratch.open.length < size) {
    scratch.open = new Uint8Array(size);
    scratch.candidates = new Int32Array(size);
  }
  const open = scratch.open;
  const candidates = scratch.candidates;
  let count = 0;
  const shadows = scratch.shadows;
  const span = scratch.span;

  // The origin's own square never blocks: out of the grid while the sweeps read it.
  const originAt = (origin.y + 1) * mw + origin.x + 1;
  const originBlocks = wall[originAt];
  wall[originAt] = 0;
  try {
    for (let corner = 0; corner < 4; corner++) {
      const cx = origin.x + (corner & 1);
      const cy = origin.y + (corner >> 1);
      // A corner pinched between two blocking squares (the two beside it that are neither
      // the origin's square nor the one across from it) sees nothing past them.
      const pinched =
        cached(origin.x, 2 * cy - 1 - origin.y) && cached(2 * cx - 1 - origin.x, origin.y);
      for (let f = 0; f < 4; f++) {
        const { axisX, sign } = FRAMES[f];
        shadows.clear();
        // u: distance from the corner along the sweep; v: across it. A square's near edge is
        // at u = a, its far edge at a + 1; across, it spans [b, b + 1].
        const cu = axisX ? cx : cy;
        const cv = axisX ? cy : cx;
        const ou = axisX ? origin.x : origin.y;
        const ov = axisX ? origin.y : origin.x;
        const uLimit = axisX ? width : h;
        const vLimit = axisX ? h : width;
        // Row r of column c in the wall grid (with its margin): (c + 1) * step + r + 1.
        const colStep = axisX ? 1 : mw;
        const rowStep = axisX ? mw : 1;
        const nextWall = axisX ? grid.nextDown : grid.nextRight;
        const maxA = sign > 0 ? uLimit - cu : cu;
        for (let a = 0; a <= maxA; a++) {
          // The column of squares whose near edge is at distance a, and the one before it.
          const col = sign > 0 ? cu + a : cu - a - 1;
          const base = (col + 1) * colStep + rowStep;
          const prevBase = (sign > 0 ? col : col + 2) * colStep + rowStep;
          const d = Math.abs(col - ou);
          if (col >= 0 && col < uLimit && d >= 2) {
            // The targets this sweep settles: those at least as far along it as across (the
            // y sweeps strictly farther), every corner tested against the nearer shadows.
            const spread = axisX ? d : d - 1;
            const r0 = Math.max(0, ov - spread);
            const r1 = Math.min(vLimit - 1, ov + spread);
            for (let row = r0; row <= r1; row++) {
              const idx = axisX ? row * width + col : col * width + row;
              const mark = open[idx];
              // Marks: 2 seen for sure, 1 to be tested, 0 not yet left in any light.
              if (mark === 2) continue;
              // Wholly in one shadow, and so are the rows after it up to the shadow's end.
              const dark = shadowedRun(shadows, a, cv, row, r1);
              if (dark >= row) {
                row = dark;
                continue;
              }
              const b = row - cv;
              // A line to a near corner that passes through no shadow (no blocking square's
              // inside, no crack, no seam) and ends at no seam (the two squares beside that
              // corner, other than the target and the one across from it): seen.
              const beside = wall[prevBase + row * rowStep];
              if (
                !pinched &&
                ((!shadows.covers(b / a) && (beside & wall[base + (row - 1) * rowStep]) === 0) ||
                  (!shadows.covers((b + 1) / a) &&
                    (beside & wall[base + (row + 1) * rowStep]) === 0))
              ) {
                if (mark === 0) candidates[count++] = idx;
                open[idx] = 2;
                continue;
              }
              if (
                mark === 1 ||
                (shadows.covers(b / a) &&
                  shadows.covers((b + 1) / a) &&
                  shadows.covers(b / (a + 1)) &&
                  shadows.covers((b + 1) / (a + 1)))
              )
                continue;
              candidates[count++] = idx;
              open[idx] = 1;
            }
          }
          // This column's blocking squares (and the margin's) cast their shadows beyond;
          // only rows near the sweep's wedge matter, and none already wholly in shadow.
          if (col >= -1 && col <= uLimit) {
            const lo = Math.max(-1, Math.floor(cv - a - 4));
            const hi = Math.min(vLimit, Math.ceil(cv + a + 4));
            // From one blocking square to the next (the origin's own, lifted meanwhile, is
            // still listed: the read below passes it over).
            for (
              let row = nextWall[base + lo * rowStep];
              row <= hi;
              row = row < hi ? nextWall[base + (row + 1) * rowStep] : hi + 1
            ) {
              if (wall[base + row * rowStep] !== 1) continue;
              // A blocking square wholly in one shadow adds nothing, nor do the blocking
              // squares after it up to the shadow's end.
              const dark = a > 0 ? shadowedRun(shadows, a, cv, row, hi) : row - 1;
              if (dark >= row) {
                row = dark;
                continue;
              }
              const b = row - cv;
              shadowOf(span, a, b);
              const lo0 = span[0];
              const hi0 = span[1];
              shadows.add(lo0, hi0);
              // Two blocking squares that meet where a line could slip between their shrunk
              // shadows (along their shared edge on the corner's own grid line, or through the
              // point where they meet diagonally) close that gap: such a line is blocked.
              if (b === 0 && row - 1 >= -1 && wall[base + (row - 1) * rowStep] === 1) {
                shadowOf(span, a, b - 1);
                shadows.add(Math.min(lo0, span[0]), Math.max(hi0, span[1]));
              }
              if (a >= 1) {
                if (row - 1 >= -1 && wall[prevBase + (row - 1) * rowStep] === 1) {
                  shadowOf(span, a - 1, b - 1);
                  shadows.add(Math.min(lo0, span[0]), Math.max(hi0, span[1]));
                }
                if (row + 1 <= vLimit && wall[prevBase + (row + 1) * rowStep] === 1) {
                  shadowOf(span, a - 1, b + 1);
                  shadows.add(Math.min(lo0, span[0]), Math.max(hi0, span[1]));
                }
              }
            }
          }
          // Everything beyond in shadow: the rest of this sweep is dark.
          // (The targets beyond lie within the map and within the wedge: their corners'
          // slopes are at most 1 + 3 / next either way.)
          const next = a + 1;
          const wedge = 1 + 3 / next + 1e-9;
          const from = Math.max(-wedge, (-cv - 1e-9) / next);
          const to = Math.min(wedge, (vLimit - cv + 1e-9) / next);
          if (shadows.coversRange(from, to)) break;
        }
      }
    }
  } finally {
    wall[originAt] = originBlocks;
  }
  const settle = (x: number, y: number): void => {
    const i = y * width + x;
    // Nothing blocking inside the box the two squares span: every line stays in it.
    const l = Math.min(origin.x, x);
    const r = Math.max(origin.x, x) + 1;
    const t = Math.min(origin.y, y);
    const bt = Math.max(origin.y, y) + 1;
    const inBox = sums[bt * sw + r] - sums[t * sw + r] - sums[bt * sw + l] + sums[t * sw + l];
    const others = inBox - originBlocks - wall[(y + 1) * mw + x + 1];
    if (others === 0 || seesOnGrid(wall, mw, origin.x, origin.y, x, y)) seen[i] = 1;
  };
  // The origin and the squares around it: the exact test.
  seen[origin.y * width + origin.x] = 1;
  for (let y = origin.y - 1; y <= origin.y + 1; y++)
    for (let x = origin.x - 1; x <= origin.x + 1; x++)
      if (x >= 0 && y >= 0 && x < width && y < h && (x !== origin.x || y !== origin.y))
        settle(x, y);
  // The candidates (and the marks cleared for the next field of view).
  for (let k = 0; k < count; k++) {
    const idx = candidates[k];
    if (open[idx] === 2) seen[idx] = 1;
    else settle(idx % width, (idx / width) | 0);
    open[idx] = 0;
  }
  return seen;
}

/** The squares a side sees: every square any of `origins` sees (fieldOfView), as 0/1. */
export function sideFieldOfView(origins: readonly Point[], grid: SightGrid): Uint8Array {
  const all = new Uint8Array(grid.width * grid.height);
  for (const o of origins) {
    const one = fieldOfView(o, grid);
    for (let i = 0; i < all.length; i++) all[i] |= one[i];
  }
  return all;
}
