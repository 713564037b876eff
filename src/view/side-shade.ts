/**
 * Which figures are drawn in the enemy's shade. No Phaser: the board and the Results ask it.
 */
import type { Unit, UnitKind } from '../engine';

/**
 * Whether a battle's enemy figures are drawn in the enemy's shade: when its armies draw on
 * one roster (a kind listed as serving either army, a figure in an army its kind is not
 * listed for, or one kind fighting on both sides), an enemy would else look just like the
 * heroes' own figures, told apart by its base ring alone. Every enemy is shaded then, so
 * that the shade reads as "theirs" at a glance; where each army has kinds of its own (the
 * Dungeon Crawl's monsters) the figures keep their own colours.
 */
export function shadesEnemies(
  kinds: readonly UnitKind[],
  units: readonly Pick<Unit, 'kind' | 'side'>[],
): boolean {
  const listed = new Map(kinds.map((k) => [k.kind, k.side]));
  if (kinds.some((k) => k.side === 'either')) return true;
  const sides = new Map<string, Set<string>>();
  for (const u of units) {
    const side = listed.get(u.kind);
    if (side !== undefined && side !== u.side) return true;
    sides.set(u.kind, (sides.get(u.kind) ?? new Set()).add(u.side));
  }
  return [...sides.values()].some((s) => s.size > 1);
}
