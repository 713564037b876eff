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

const ROWS = 8;

/**
 * Places every badge: the lowest on the board first (they stay on their figures), then
 * each one at the first free spot of: its own place, half a badge or a whole badge to the
 * right or left, then the same a row higher, and so on. `fixed`: rectangles already drawn
 * that no badge may cover.
 */
export function layoutBadges(
  wishes: readonly BadgeWish[],
  gap = 2,
  fixed: readonly Box[] = [],
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
  for (const w of order) {
    const shifts = [0, w.width / 2 + gap, -(w.width / 2 + gap), w.width + gap, -(w.width + gap)];
    let spot: { x: number; y: number } | null = null;
    for (let row = 0; row < ROWS && !spot; row++) {
      for (const dx of shifts) {
        const at = { x: w.x + dx, y: w.y - row * (w.height + gap) };
        const box = badgeBox({ ...w, ...at });
        if (![...taken, ...placed].some((p) => boxesOverlap(box, badgeBox(p)))) {
          spot = at;
          break;
        }
      }
    }
    // Crowded beyond all rows: stack it above the highest badge.
    if (!spot) {
      const top = Math.min(...[...taken, ...placed].map((p) => p.y - p.height / 2));
      spot = { x: w.x, y: top - gap - w.height / 2 };
    }
    placed.push({ ...w, ...spot, moved: spot.x !== w.x || spot.y !== w.y });
  }
  const byId = new Map(placed.map((p) => [p.id, p]));
  return wishes.map((w) => byId.get(w.id)!);
}
