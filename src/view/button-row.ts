/**
 * How a row of buttons shares its room: numbers only, no Phaser (the hero cards' weapons,
 * the campaign screen's buttons, the replay's steps).
 */

/**
 * Widths for a row of buttons sharing `total` pixels with `gap` between them, from the
 * width each would take to show its label whole (`natural`): equal shares when every
 * label fits one; otherwise the short labels keep their width and the long ones share the
 * rest (each capped at the same width), so a long weapon name ("Hand crossbow 11+") is
 * not cut for the room a short one ("Knife 6+") does not need. Room left over once every
 * label fits is spread evenly.
 */
export function shareButtonRow(natural: readonly number[], total: number, gap: number): number[] {
  const k = natural.length;
  if (k === 0) return [];
  const room = Math.max(0, total - gap * (k - 1));
  const equal = room / k;
  if (natural.every((w) => w <= equal)) return natural.map(() => equal);
  const sum = natural.reduce((a, w) => a + w, 0);
  if (sum <= room) {
    const extra = (room - sum) / k;
    return natural.map((w) => w + extra);
  }
  // The cap c with the sum of min(w, c) equal to the room: the shortest keep their width.
  const sorted = [...natural].sort((a, b) => a - b);
  let kept = 0;
  let cap = equal;
  for (let i = 0; i < k; i++) {
    cap = (room - kept) / (k - i);
    if (sorted[i] >= cap) break;
    kept += sorted[i];
  }
  return natural.map((w) => Math.min(w, cap));
}
