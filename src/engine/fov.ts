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
 * Only the squares in the half-shadows are left to los.ts's exact test.
 */
import type { Point } from './grid';
import { hasLineOfSight } from './los';

type BlocksLine = (x: number, y: number) => boolean;

/** How far a shadow's square is shrunk, so that only lines through its inside count. */
const SHRINK = 1e-6;

/**
 * Disjoint open slope intervals, sorted; `covers(s)` says whether `s` is strictly inside
 * one of them. Open intervals that only touch are not merged (a line between two squares
 * that only touch is left to the exact test).
 */
class Shadows {
  lo: number[] = [];
  hi: number[] = [];

  clear(): void {
    this.lo.length = 0;
    this.hi.length = 0;
  }

  /** The index of the first interval whose high end is above `s`. */
  private firstAbove(s: number): number {
    let a = 0;
    let b = this.hi.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (this.hi[m] <= s) a = m + 1;
      else b = m;
    }
    return a;
  }

  covers(s: number): boolean {
    const i = this.firstAbove(s);
    return i < this.lo.length && this.lo[i] < s;
  }

  /** Whether one interval holds all of [a, b] strictly inside it. */
  coversRange(a: number, b: number): boolean {
    const i = this.firstAbove(b);
    return i < this.lo.length && this.lo[i] < a;
  }

  add(lo: number, hi: number): void {
    const i = this.firstAbove(lo);
    // Already inside one interval (a wall behind a wall): nothing changes.
    if (i < this.lo.length && this.lo[i] <= lo && this.hi[i] >= hi) return;
    let j = i;
    let newLo = lo;
    let newHi = hi;
    while (j < this.lo.length && this.lo[j] < newHi) {
      if (this.lo[j] < newLo) newLo = this.lo[j];
      if (this.hi[j] > newHi) newHi = this.hi[j];
      j++;
    }
    if (i === j) {
      this.lo.splice(i, 0, newLo);
      this.hi.splice(i, 0, newHi);
      return;
    }
    this.lo.splice(i, j - i, newLo);
    this.hi.splice(i, j - i, newHi);
  }
}

/** The four directions a sweep goes out from a corner: +x, -x, +y, -y. */
const FRAMES = [
  { axisX: true, sign: 1 },
  { axisX: true, sign: -1 },
  { axisX: false, sign: 1 },
  { axisX: false, sign: -1 },
] as const;

/**
 * Which sweep settles target (x, y) seen from `origin`: the axis it is farthest along, at
 * least two squares away (nearer squares go to the exact test); -1 for none.
 */
function frameOf(origin: Point, x: number, y: number): number {
  const dx = x - origin.x;
  const dy = y - origin.y;
  if (Math.abs(dx) >= Math.abs(dy)) {
    if (dx >= 2) return 0;
    if (dx <= -2) return 1;
    return -1;
  }
  if (dy >= 2) return 2;
  if (dy <= -2) return 3;
  return -1;
}

/** A map's sight read once: its blocking squares with a one-square margin, and their sums. */
export interface SightGrid {
  width: number;
  height: number;
  /** 1 where a square blocks, (width + 2) x (height + 2), the margin around the map included. */
  wall: Uint8Array;
  /** Prefix sums of the map's blocking squares, (width + 1) x (height + 1). */
  sums: Int32Array;
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
  return { width, height, wall, sums, blocksLine };
}

/** Distance from corner (cx, cy) to the near edge of square (x, y) along sweep `f`. */
function nearEdge(f: number, cx: number, cy: number, x: number, y: number): number {
  switch (f) {
    case 0:
      return x - cx;
    case 1:
      return cx - x - 1;
    case 2:
      return y - cy;
    default:
      return cy - y - 1;
  }
}

/**
 * Every square of the map that a figure on `origin` sees by the four-corner rule
 * (hasLineOfSight), as a grid of 0/1 in row-major order; the origin itself is seen. Give
 * a `SightGrid` to read the map once for many figures, or the map's size and `blocksLine`
 * (as for computeCover, asked also just outside the map).
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
  const seen = new Uint8Array(width * h);
  if (origin.x < 0 || origin.y < 0 || origin.x >= width || origin.y >= h) return seen;
  const mw = width + 2;
  const mh = h + 2;
  const cached = (x: number, y: number): boolean => {
    const i = x + 1;
    const j = y + 1;
    return i >= 0 && j >= 0 && i < mw && j < mh ? wall[j * mw + i] === 1 : grid.blocksLine(x, y);
  };
  const sw = width + 1;
  const boxCount = (ax: number, ay: number, bx: number, by: number): number => {
    const l = Math.min(ax, bx);
    const r = Math.max(ax, bx) + 1;
    const t = Math.min(ay, by);
    const b = Math.max(ay, by) + 1;
    return sums[b * sw + r] - sums[t * sw + r] - sums[b * sw + l] + sums[t * sw + l];
  };

  // From each corner of the origin's square, in each of the four sweeps: how many corners
  // leave each target wholly in shadow (and from which distance a sweep is all dark).
  const hidden = new Uint8Array(width * h);
  const darkFrom = new Array<number>(16).fill(Infinity);
  const shadows = new Shadows();
  // The slopes a blocking square's shrunk copy spans, seen from the corner (a >= 1).
  const span: [number, number] = [0, 0];
  const shadowOf = (a: number, b: number): void => {
    const nearU = a + SHRINK;
    const farU = a + 1 - SHRINK;
    const v0 = b + SHRINK;
    const v1 = b + 1 - SHRINK;
    span[0] = v0 >= 0 ? v0 / farU : v0 / nearU;
    span[1] = v1 >= 0 ? v1 / nearU : v1 / farU;
  };
  for (let corner = 0; corner < 4; corner++) {
    const cx = origin.x + (corner & 1);
    const cy = origin.y + (corner >> 1);
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
      const maxA = sign > 0 ? uLimit - cu : cu;
      for (let a = 1; a <= maxA; a++) {
        // The column of squares whose near edge is at distance a.
        const col = sign > 0 ? cu + a : cu - a - 1;
        const d = Math.abs(col - ou);
        if (col >= 0 && col < uLimit && d >= 2) {
          // The targets this sweep settles: those at least as far along it as across (the
          // y sweeps strictly farther), every corner tested against the nearer shadows.
          const spread = axisX ? d : d - 1;
          const r0 = Math.max(0, ov - spread);
          const r1 = Math.min(vLimit - 1, ov + spread);
          for (let row = r0; row <= r1; row++) {
            const b = row - cv;
            if (
              shadows.covers(b / a) &&
              shadows.covers((b + 1) / a) &&
              shadows.covers(b / (a + 1)) &&
              shadows.covers((b + 1) / (a + 1))
            )
              hidden[axisX ? row * width + col : col * width + row]++;
          }
        }
        // This column's blocking squares (and the margin's) cast their shadows beyond;
        // only rows near the sweep's wedge matter.
        const lo = Math.max(-1, Math.floor(cv - a - 4));
        const hi = Math.min(vLimit, Math.ceil(cv + a + 4));
        const at = (c: number, r: number): boolean =>
          (axisX ? wall[(r + 1) * mw + c + 1] : wall[(c + 1) * mw + r + 1]) === 1;
        const prev = sign > 0 ? col - 1 : col + 1;
        if (col >= -1 && col <= uLimit) {
          for (let row = lo; row <= hi; row++) {
            if (!at(col, row)) continue;
            const b = row - cv;
            shadowOf(a, b);
            shadows.add(span[0], span[1]);
            const lo0 = span[0];
            const hi0 = span[1];
            // Two blocking squares that meet where a line could slip between their shrunk
            // shadows (along their shared edge on the corner's own grid line, or through the
            // point where they meet diagonally) close that gap: such a line is blocked.
            if (b === 0 && row - 1 >= -1 && at(col, row - 1)) {
              shadowOf(a, b - 1);
              shadows.add(Math.min(lo0, span[0]), Math.max(hi0, span[1]));
            }
            if (a >= 2) {
              if (row - 1 >= -1 && at(prev, row - 1)) {
                shadowOf(a - 1, b - 1);
                shadows.add(Math.min(lo0, span[0]), Math.max(hi0, span[1]));
              }
              if (row + 1 <= vLimit && at(prev, row + 1)) {
                shadowOf(a - 1, b + 1);
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
        if (shadows.coversRange(from, to)) {
          darkFrom[corner * 4 + f] = next;
          break;
        }
      }
    }
  }

  const originBlocks = cached(origin.x, origin.y) ? 1 : 0;
  const settle = (x: number, y: number, hiddenBy: number): void => {
    if (hiddenBy >= 4) return;
    const i = y * width + x;
    const others = boxCount(origin.x, origin.y, x, y) - originBlocks - wall[(y + 1) * mw + x + 1];
    if (others === 0 || hasLineOfSight(origin, { x, y }, cached)) seen[i] = 1;
  };
  // The origin and the squares around it: the exact test.
  seen[origin.y * width + origin.x] = 1;
  for (let y = origin.y - 1; y <= origin.y + 1; y++)
    for (let x = origin.x - 1; x <= origin.x + 1; x++)
      if (x >= 0 && y >= 0 && x < width && y < h && (x !== origin.x || y !== origin.y))
        settle(x, y, 0);
  // Each sweep's wedge, out to where it is dark from every corner (all hidden beyond).
  for (let f = 0; f < 4; f++) {
    const { axisX, sign } = FRAMES[f];
    const ou = axisX ? origin.x : origin.y;
    const ov = axisX ? origin.y : origin.x;
    const uLimit = axisX ? width : h;
    const vLimit = axisX ? h : width;
    for (let d = 2; ; d++) {
      const col = ou + sign * d;
      if (col < 0 || col >= uLimit) break;
      // How many corners' sweeps are dark at this column.
      let dark = 0;
      for (let corner = 0; corner < 4; corner++) {
        const cx = origin.x + (corner & 1);
        const cy = origin.y + (corner >> 1);
        const a = axisX ? nearEdge(f, cx, cy, col, 0) : nearEdge(f, cx, cy, 0, col);
        if (a >= darkFrom[corner * 4 + f]) dark++;
      }
      if (dark >= 4) break;
      const spread = axisX ? d : d - 1;
      const r0 = Math.max(0, ov - spread);
      const r1 = Math.min(vLimit - 1, ov + spread);
      for (let row = r0; row <= r1; row++) {
        const x = axisX ? col : row;
        const y = axisX ? row : col;
        settle(x, y, hidden[y * width + x] + dark);
      }
    }
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
