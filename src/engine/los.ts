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
 * `blocksLine(x, y)` says whether square (x, y) stops sight (walls, enemies...); it is
 * never asked about, or is ignored for, the attacker's and target's own squares, and it is
 * asked about squares just outside the map when a line runs along the map's border.
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
  return levelFor(fewestBlockedLines(from, to, blocked));
}

/**
 * True when the attacker in `from` has line of sight to `to` (cover is not 'blocked').
 * Symmetric: hasLineOfSight(a, b) === hasLineOfSight(b, a), because some corner-to-corner
 * line is unblocked either way and each line's test does not depend on its direction.
 */
export function hasLineOfSight(from: Point, to: Point, blocksLine: BlocksLine): boolean {
  return computeCover(from, to, blocksLine) !== 'blocked';
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
 * whose cover from `origin` is not 'blocked', in row-major order; includes `origin`.
 * A blocking square can itself be visible (its own content never blocks the lines to it).
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
  // Prefix sums of blocking squares over the window: every line between two squares stays
  // inside their bounding box, and a square outside it can only graze such a line (or form
  // a seam with another outside square at a box corner, which is an end of the line and on
  // the open side), so an empty box means a clear view without tracing any line.
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const sums = new Int32Array((w + 1) * (h + 1));
  const isBlocking = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    let row = 0;
    for (let i = 0; i < w; i++) {
      const b = blocksLine(x0 + i, y0 + j) ? 1 : 0;
      isBlocking[j * w + i] = b;
      row += b;
      sums[(j + 1) * (w + 1) + i + 1] = sums[j * (w + 1) + i + 1] + row;
    }
  }
  const boxCount = (ax: number, ay: number, bx: number, by: number): number => {
    const l = Math.min(ax, bx) - x0;
    const r = Math.max(ax, bx) - x0 + 1;
    const t = Math.min(ay, by) - y0;
    const b = Math.max(ay, by) - y0 + 1;
    return sums[b * (w + 1) + r] - sums[t * (w + 1) + r] - sums[b * (w + 1) + l] + sums[t * (w + 1) + l];
  };
  const originBlocks = origin.x >= x0 && origin.y >= y0 && origin.x <= x1 && origin.y <= y1
    ? isBlocking[(origin.y - y0) * w + origin.x - x0]
    : 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const target = { x, y };
      const inBox = boxCount(origin.x, origin.y, x, y) - originBlocks;
      const others = inBox - (x === origin.x && y === origin.y ? 0 : isBlocking[(y - y0) * w + x - x0]);
      if (others === 0 || computeCover(origin, target, blocksLine) !== 'blocked') {
        result.push(target);
      }
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

/** The fewest blocked lines over the attacker's four corners (0..4). */
function fewestBlockedLines(from: Point, to: Point, blocked: BlocksLine): number {
  let best = 4;
  for (const [ci, cj] of CORNERS) {
    let count = 0;
    for (const [ti, tj] of CORNERS) {
      if (lineBlocked(from, ci, cj, to, ti, tj, blocked)) {
        count++;
        // This corner can no longer beat the best one found so far.
        if (count >= best) break;
      }
    }
    if (count < best) best = count;
    if (best === 0) break;
  }
  return best;
}

/**
 * Whether the line from corner (from + (ci, cj)) to corner (to + (ti, tj)) is blocked.
 * The squares must not share a corner (callers handle adjacent squares).
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
  // Ends: the line arrives at its start from inside the attacker's square and leaves its end
  // into the target's square, so a seam there is crossed only when the line heads away.
  if (crossesSeam(cx, cy, ci === 1 ? -1 : 1, cj === 1 ? -1 : 1, sx, sy, blocked)) return true;
  const ex = cx + dx;
  const ey = cy + dy;
  if (crossesSeam(ex, ey, -sx, -sy, ti === 1 ? -1 : 1, tj === 1 ? -1 : 1, blocked)) return true;

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
    return false;
  }

  // General line: walk its breakpoints (where x or y is an integer) in order. Parameters
  // along the line are integers over D = ax * ay: x is an integer at multiples of ay, y at
  // multiples of ax. Between breakpoints the line is inside one square's interior.
  const D = ax * ay;
  let i = 1; // next x breakpoint is i * ay
  let j = 1; // next y breakpoint is j * ax
  let prev = 0;
  while (prev < D) {
    const nx = i * ay;
    const ny = j * ax;
    const next = Math.min(nx, ny);
    // Square holding the open piece (prev, next): floor of its midpoint, in units of 2D.
    const mid = prev + next; // midpoint parameter times 2
    const sqx = floorDiv(2 * D * cx + mid * dx, 2 * D);
    const sqy = floorDiv(2 * D * cy + mid * dy, 2 * D);
    if (blocked(sqx, sqy)) return true;
    if (nx === ny && next < D) {
      // An inner lattice point: the line passes a corner where a seam may be.
      const px = cx + (next / ay) * sx;
      const py = cy + (next / ax) * sy;
      if (crossesSeam(px, py, -sx, -sy, sx, sy, blocked)) return true;
    }
    if (nx <= ny) i++;
    if (ny <= nx) j++;
    prev = next;
  }
  return false;
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
  const nw = blocked(px - 1, py - 1);
  const se = blocked(px, py);
  const ne = blocked(px, py - 1);
  const sw = blocked(px - 1, py);
  // NE-SW wall: its sides are told apart by the sign of x + y (y grows downward).
  if (ne && sw && Math.sign(inX + inY) * Math.sign(outX + outY) < 0) return true;
  // NW-SE wall: sides by the sign of x - y.
  if (nw && se && Math.sign(inX - inY) * Math.sign(outX - outY) < 0) return true;
  return false;
}

/** Floor of a / b for integers, b > 0, exact (corrects any rounding of the division). */
function floorDiv(a: number, b: number): number {
  let q = Math.floor(a / b);
  if (q * b > a) q--;
  else if ((q + 1) * b <= a) q++;
  return q;
}
