/**
 * Where target badges go so that none covers another: each badge wants to sit centred
 * above its figure; one that would overlap a badge already placed moves aside or up a row
 * (and then is drawn with a leader line to its figure). Pure numbers, no Phaser, so it is
 * tested headless.
 */

/** A badge to place: its figure's anchor (where the badge's centre wants to be) and size. */
export interface BadgeWish {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A placed badge: its centre, size, and whether it left its wished place. */
export interface PlacedBadge extends BadgeWish {
  moved: boolean;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The rectangle of a badge centred at (x, y). */
export function badgeBox(b: { x: number; y: number; width: number; height: number }): Box {
  return { x: b.x - b.width / 2, y: b.y - b.height / 2, width: b.width, height: b.height };
}

/** Whether two rectangles share any area (touching edges do not). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether the point (x, y) lies in the rectangle (its left and top edges included). */
export function boxHolds(b: Box, x: number, y: number): boolean {
  return x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
}

/** Whether `inner` lies wholly within `outer`. */
export function boxWithin(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

/**
 * Which badge a point falls on (board pixels): the id of the last of `badges` whose
 * rectangle holds it (the one drawn on top), or null. A badge stands for its own figure, so
 * a press on it means that figure, not the square the badge happens to cover.
 */
export function badgeAtPoint(
  badges: readonly { id: string; box: Box }[],
  x: number,
  y: number,
): string | null {
  for (let i = badges.length - 1; i >= 0; i--)
    if (boxHolds(badges[i].box, x, y)) return badges[i].id;
  return null;
}

/** The centre (x, y) moved the least so that a `width` x `height` box there lies in `bounds`. */
function clampCentre(
  x: number,
  y: number,
  width: number,
  height: number,
  bounds: Box,
): { x: number; y: number } {
  const clamp = (v: number, lo: number, hi: number) =>
    lo > hi ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, v));
  return {
    x: clamp(x, bounds.x + width / 2, bounds.x + bounds.width - width / 2),
    y: clamp(y, bounds.y + height / 2, bounds.y + bounds.height - height / 2),
  };
}

const ROWS = 8;

/**
 * Places every badge: the lowest on the board first (they stay on their figures), then
 * each one at the first free spot of: its own place, half a badge or a whole badge to the
 * right or left, then the same a row higher, and so on. `fixed`: rectangles already drawn
 * that no badge may cover. `bounds` (the board): no badge leaves it; a wish outside is
 * first brought inside, and rows below are tried once those above are full.
 */
export function layoutBadges(
  wishes: readonly BadgeWish[],
  gap = 2,
  fixed: readonly Box[] = [],
  bounds: Box | null = null,
): PlacedBadge[] {
  const order = [...wishes].sort((a, b) => b.y - a.y || a.x - b.x || a.id.localeCompare(b.id));
  const placed: PlacedBadge[] = [];
  // What is already drawn there (other labels): kept clear like a placed badge.
  const taken = fixed.map((b) => ({
    id: '',
    x: b.x + b.width / 2,
    y: b.y + b.height / 2,
    width: b.width,
    height: b.height,
    moved: false,
  }));
  const rows = [...Array(ROWS).keys()].map((r) => -r);
  if (bounds) rows.push(...[...Array(ROWS).keys()].slice(1));
  for (const w of order) {
    const home = bounds ? clampCentre(w.x, w.y, w.width, w.height, bounds) : { x: w.x, y: w.y };
    const shifts = [0, w.width / 2 + gap, -(w.width / 2 + gap), w.width + gap, -(w.width + gap)];
    let spot: { x: number; y: number } | null = null;
    for (const row of rows) {
      for (const dx of shifts) {
        const at = { x: home.x + dx, y: home.y + row * (w.height + gap) };
        const box = badgeBox({ ...w, ...at });
        if (bounds && !boxWithin(box, bounds)) continue;
        if (![...taken, ...placed].some((p) => boxesOverlap(box, badgeBox(p)))) {
          spot = at;
          break;
        }
      }
      if (spot) break;
    }
    // Crowded beyond all rows: stack it above the highest badge (on the board, if bounded).
    if (!spot) {
      const top = Math.min(...[...taken, ...placed].map((p) => p.y - p.height / 2));
      spot = { x: home.x, y: top - gap - w.height / 2 };
      if (bounds) spot = clampCentre(spot.x, spot.y, w.width, w.height, bounds);
    }
    placed.push({ ...w, ...spot, moved: spot.x !== w.x || spot.y !== w.y });
  }
  const byId = new Map(placed.map((p) => [p.id, p]));
  return wishes.map((w) => byId.get(w.id)!);
}
