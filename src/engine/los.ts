/**
 * Line of sight and cover by the four-corner test of miniatures-los-cover.txt, computed
 * with exact integer arithmetic so every result is deterministic.
 *
 * Geometry: square (x, y) is the closed unit square [x, x+1] x [y, y+1]; its corners are
 * integer points. A line runs from a corner of the attacker's square to a corner of the
 * target's square. The attacker's and target's own squares never block.
 *
 * A line is blocked when it
 * - passes through the interior of a blocking square;
 * - runs along an edge that has a blocking square on BOTH sides (a crack inside solid wall);
 * - crosses a diagonal wall seam: it passes through a corner point where two blocking squares
 *   meet diagonally, going from one side of that diagonal wall to the other. This also holds
 *   at the line's own ends: a corner of the attacker's square pinched between two blocking
 *   squares cannot see past them, and a target corner pinched the same way cannot be seen
 *   from beyond them.
 * A line is NOT blocked when it only grazes a blocking square: it runs along an edge with
 * open space on the other side, or touches a blocking square's corner without crossing a seam.
 * (The same convention as D&D 4e: "a line isn't blocked if it runs along the edge of a square".)
 */
import { chebyshevDistance, type Point } from './grid';

/** Four-corner result: 0 lines blocked, 1, 2-3, or all 4 (no line of sight). */
export type CoverLevel = 'clear' | 'partial' | 'full' | 'blocked';

type BlocksLine = (x: number, y: number) => boolean;

/**
 * Cover of the target square `to` against an attacker in square `from`.
 *
 * The attacker picks the corner of its own square that gives the fewest blocked lines to
 * the four corners of the target square (see the module comment for when a line is blocked):
 * 0 blocked = 'clear', 1 = 'partial', 2-3 = 'full', 4 = 'blocked' (no line of sight).
 * `blocksLine(x, y)` says whether square (x, y) stops sight (walls, enemies...); its answer
 * for the attacker's and target's own squares is ignored, and it is also asked about squares
 * just outside the map when a line runs along the map's border (say true there).
 *
 * Special cases: the same square is 'clear'; orthogonally adjacent squares are 'clear';
 * diagonally adjacent squares are 'clear' when neither of the two squares between them
 * blocks, 'partial' when exactly one does (melee across a corner, per the seed) and
 * 'blocked' when both do (a diagonal wall seam).
 *
 * Not always symmetric: the attacker chooses one of its corners but must see all four of
 * the target's, so cover(A, B) may differ from cover(B, A). Line of sight itself is
 * symmetric (see hasLineOfSight).
 */
export function computeCover(from: Point, to: Point, blocksLine: BlocksLine): CoverLevel {
  const dist = chebyshevDistance(from, to);
  if (dist === 0) return 'clear';
  if (dist === 1) {
    if (from.x === to.x || from.y === to.y) return 'clear';
    const a = blocksLine(to.x, from.y);
    const b = blocksLine(from.x, to.y);
    if (a && b) return 'blocked';
    return a || b ? 'partial' : 'clear';
  }
  const blocked = (x: number, y: number): boolean =>
    !(x === from.x && y === from.y) && !(x === to.x && y === to.y) && blocksLine(x, y);
  return levelFor(bestCorner(from, to, blocked).count);
}

/** One corner-to-corner line of the four-corner test. */
export interface CoverLine {
  from: Point;
  to: Point;
  blocked: boolean;
}

/**
 * The four lines computeCover draws: from the attacker's best corner (the first of top-left,
 * top-right, bottom-left, bottom-right with the fewest blocked lines) to the target's corners
 * in that same order, with whether each is blocked. For previews and tests. For the same or
 * adjacent squares computeCover does not draw lines (see its special cases); this still
 * returns them (with the two squares' shared corners as zero-length, unblocked lines).
 */
export function coverLines(from: Point, to: Point, blocksLine: BlocksLine): CoverLine[] {
  const blocked = (x: number, y: number): boolean =>
    !(x === from.x && y === from.y) && !(x === to.x && y === to.y) && blocksLine(x, y);
  const [ci, cj] = bestCorner(from, to, blocked).corner;
  return CORNERS.map(([ti, tj]) => ({
    from: { x: from.x + ci, y: from.y + cj },
    to: { x: to.x + ti, y: to.y + tj },
    blocked: lineBlocked(from, ci, cj, to, ti, tj, blocked),
  }));
}

/**
 * True when the attacker in `from` has line of sight to `to` (cover is not 'blocked').
 * Symmetric: hasLineOfSight(a, b) === hasLineOfSight(b, a), because it asks whether ANY
 * corner-to-corner line is unblocked, and each line's test does not depend on its direction.
 */
export function hasLineOfSight(from: Point, to: Point, blocksLine: BlocksLine): boolean {
  const dist = chebyshevDistance(from, to);
  if (dist === 0) return true;
  if (dist === 1) {
    return (
      from.x === to.x || from.y === to.y || !(blocksLine(to.x, from.y) && blocksLine(from.x, to.y))
    );
  }
  const blocked = (x: number, y: number): boolean =>
    !(x === from.x && y === from.y) && !(x === to.x && y === to.y) && blocksLine(x, y);
  return anyClearLine(from, to, blocked);
}

/**
 * True for 'clear' and 'partial'. The Dungeon Crawl seed lets long-distance attacks go
 * only along "a straight, unblocked line of spaces"; we read that as at most one of the
 * four corner lines blocked, so a target in partial cover can still be shot.
 */
export function isClearShot(level: CoverLevel): boolean {
  return level === 'clear' || level === 'partial';
}

/**
 * Every square inside the `width` x `height` map within Chebyshev `radius` of `origin`
 * whose cover from `origin` is not 'blocked' (hasLineOfSight), in row-major order; includes
 * `origin`. A blocking square can itself be visible (its own content never blocks the lines
 * to it). Reads each square of the window once, then traces lines only where needed.
 */
export function visibleSquares(
  origin: Point,
  radius: number,
  width: number,
  height: number,
  blocksLine: BlocksLine,
): Point[] {
  const x0 = Math.max(0, origin.x - radius);
  const y0 = Math.max(0, origin.y - radius);
  const x1 = Math.min(width - 1, origin.x + radius);
  const y1 = Math.min(height - 1, origin.y + radius);
  const result: Point[] = [];
  if (x0 > x1 || y0 > y1) return result;
  // The window's squares plus a one-square margin (seam and edge tests look one square past
  // the squares a line crosses), read once; anything further out goes to the callback.
  const mx = x0 - 1;
  const my = y0 - 1;
  const mw = x1 - x0 + 3;
  const mh = y1 - y0 + 3;
  const cache = new Uint8Array(mw * mh);
  for (let j = 0; j < mh; j++) {
    for (let i = 0; i < mw; i++) cache[j * mw + i] = blocksLine(mx + i, my + j) ? 1 : 0;
  }
  const cached = (x: number, y: number): boolean => {
    const i = x - mx;
    const j = y - my;
    return i >= 0 && j >= 0 && i < mw && j < mh ? cache[j * mw + i] === 1 : blocksLine(x, y);
  };
  // Prefix sums of blocking squares: every line between two squares stays inside their
  // bounding box, and a square outside it can only graze such a line (or form a seam with
  // another outside square at a box corner, which is an end of the line and on the open
  // side), so a box with no blocking square but the two ends means a clear view.
  const sw = mw + 1;
  const sums = new Int32Array(sw * (mh + 1));
  for (let j = 0; j < mh; j++) {
    let row = 0;
    for (let i = 0; i < mw; i++) {
      row += cache[j * mw + i];
      sums[(j + 1) * sw + i + 1] = sums[j * sw + i + 1] + row;
    }
  }
  const boxCount = (ax: number, ay: number, bx: number, by: number): number => {
    const l = Math.min(ax, bx) - mx;
    const r = Math.max(ax, bx) - mx + 1;
    const t = Math.min(ay, by) - my;
    const b = Math.max(ay, by) - my + 1;
    return sums[b * sw + r] - sums[t * sw + r] - sums[b * sw + l] + sums[t * sw + l];
  };
  const originInside = origin.x >= x0 && origin.y >= y0 && origin.x <= x1 && origin.y <= y1;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const target = { x, y };
      let visible: boolean;
      const same = x === origin.x && y === origin.y;
      if (originInside && !same) {
        const ends = cached(origin.x, origin.y) ? 1 : 0;
        const others = boxCount(origin.x, origin.y, x, y) - ends - (cached(x, y) ? 1 : 0);
        visible = others === 0 || hasLineOfSight(origin, target, cached);
      } else {
        visible = hasLineOfSight(origin, target, cached);
      }
      if (visible) result.push(target);
    }
  }
  return result;
}

function levelFor(blockedLines: number): CoverLevel {
  if (blockedLines === 0) return 'clear';
  if (blockedLines === 1) return 'partial';
  return blockedLines === 4 ? 'blocked' : 'full';
}

/** Offsets (0 or 1) of a square's four corners from its top-left corner. */
const CORNERS: readonly (readonly [number, number])[] = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
];

/** The attacker corner with the fewest blocked lines (first in CORNERS order on ties). */
function bestCorner(
  from: Point,
  to: Point,
  blocked: BlocksLine,
): { corner: readonly [number, number]; count: number } {
  let best = { corner: CORNERS[0], count: 5 };
  for (const corner of CORNERS) {
    let count = 0;
    for (const [ti, tj] of CORNERS) {
      if (lineBlocked(from, corner[0], corner[1], to, ti, tj, blocked)) {
        count++;
        // This corner can no longer beat the best one found so far.
        if (count >= best.count) break;
      }
    }
    if (count < best.count) best = { corner, count };
    if (count === 0) break;
  }
  return best;
}

/** Whether some line from some corner of `from` to some corner of `to` is unblocked. */
function anyClearLine(from: Point, to: Point, blocked: BlocksLine): boolean {
  for (const [ci, cj] of CORNERS) {
    for (const [ti, tj] of CORNERS) {
      if (!lineBlocked(from, ci, cj, to, ti, tj, blocked)) return true;
    }
  }
  return false;
}

/**
 * Whether the line from corner (from + (ci, cj)) to corner (to + (ti, tj)) is blocked.
 * A zero-length line (a corner the two squares share) is never blocked.
 */
function lineBlocked(
  from: Point,
  ci: number,
  cj: number,
  to: Point,
  ti: number,
  tj: number,
  blocked: BlocksLine,
): boolean {
  const cx = from.x + ci;
  const cy = from.y + cj;
  const dx = to.x + ti - cx;
  const dy = to.y + tj - cy;
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  if (dx === 0 && dy === 0) return false;

  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax === 0 || ay === 0) {
    // Along a grid line: each unit piece lies on an edge, blocked only with walls on both
    // sides; each inner lattice point is a possible seam.
    const n = ax + ay;
    for (let k = 0; k < n; k++) {
      // Piece from (px, py) to (px + sx, py + sy).
      const px = cx + sx * k;
      const py = cy + sy * k;
      if (ax === 0) {
        const y = sy > 0 ? py : py - 1;
        if (blocked(px - 1, y) && blocked(px, y)) return true;
      } else {
        const x = sx > 0 ? px : px - 1;
        if (blocked(x, py - 1) && blocked(x, py)) return true;
      }
      if (k > 0 && crossesSeam(px, py, -sx, -sy, sx, sy, blocked)) return true;
    }
    return endsCrossSeam(cx, cy, ci, cj, cx + dx, cy + dy, ti, tj, sx, sy, blocked);
  }

  // General line: walk its breakpoints (where x or y is an integer) in order, comparing
  // them exactly as integers: x is an integer after i/ax of the way, y after j/ay, and
  // i/ax < j/ay exactly when i*ay < j*ax. Between breakpoints the line is inside one
  // square's interior; crossing an x breakpoint moves to the next square in x, a y one in y,
  // both at once through a lattice point (a corner, where a seam may be).
  let sqx = sx > 0 ? cx : cx - 1;
  let sqy = sy > 0 ? cy : cy - 1;
  let px = cx;
  let py = cy;
  let i = 1;
  let j = 1;
  for (;;) {
    if (blocked(sqx, sqy)) return true;
    const nx = i * ay;
    const ny = j * ax;
    if (i === ax && j === ay) break; // reached the far corner
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
    if (nx === ny && crossesSeam(px, py, -sx, -sy, sx, sy, blocked)) return true;
  }
  return endsCrossSeam(cx, cy, ci, cj, cx + dx, cy + dy, ti, tj, sx, sy, blocked);
}

/**
 * Seams at a line's two ends: the line arrives at its start from inside the attacker's
 * square and leaves its end into the target's square, so a seam there is crossed only when
 * the line heads away from that square.
 */
function endsCrossSeam(
  cx: number,
  cy: number,
  ci: number,
  cj: number,
  ex: number,
  ey: number,
  ti: number,
  tj: number,
  sx: number,
  sy: number,
  blocked: BlocksLine,
): boolean {
  return (
    crossesSeam(cx, cy, ci === 1 ? -1 : 1, cj === 1 ? -1 : 1, sx, sy, blocked) ||
    crossesSeam(ex, ey, -sx, -sy, ti === 1 ? -1 : 1, tj === 1 ? -1 : 1, blocked)
  );
}

/**
 * At lattice point (px, py), does a line coming from direction (inX, inY) and leaving toward
 * (outX, outY) (each component -1, 0 or 1) cross a diagonal wall seam? A seam is a pair of
 * blocking squares meeting only at this point; the line crosses it when its two sides lie on
 * opposite sides of that diagonal wall.
 */
function crossesSeam(
  px: number,
  py: number,
  inX: number,
  inY: number,
  outX: number,
  outY: number,
  blocked: BlocksLine,
): boolean {
  // Cheap side tests first; most lattice points need no square looked up at all.
  // NE-SW wall: its sides are told apart by the sign of x + y (y grows downward).
  if (Math.sign(inX + inY) * Math.sign(outX + outY) < 0) {
    if (blocked(px, py - 1) && blocked(px - 1, py)) return true;
  }
  // NW-SE wall: sides by the sign of x - y.
  if (Math.sign(inX - inY) * Math.sign(outX - outY) < 0) {
    if (blocked(px - 1, py - 1) && blocked(px, py)) return true;
  }
  return false;
}
