/**
 * Enemy strength for a campaign's difficulty: how many of a scenario's enemies other than
 * the Arch Foe take the field (in percent), and wounds added to or taken from the Arch
 * Foe. Two options every module that hosts campaigns reads the same way (`enemyPercent`,
 * `archFoeWounds`), kept out of a game's options while they are at their defaults so
 * games made without them keep their options unchanged.
 */
import { canStepDiagonally, chebyshevDistance, DIRECTION_STEPS, type Point } from '../grid';
import { isInside, isTerrainPassable, isWallLike, terrainAt, type BattleMap } from '../map';
import type { EnemyStrength } from '../rulesets/module';
import type { OptionValue, Unit } from '../types';

export const FULL_STRENGTH: EnemyStrength = { enemyPercent: 100, archFoeWounds: 0 };

const PERCENT_RANGE: [number, number] = [25, 300];
const ARCH_FOE_RANGE: [number, number] = [-5, 5];

function wholeIn(value: unknown, [low, high]: [number, number], fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.max(low, Math.min(high, Math.trunc(value)))
    : fallback;
}

/** The strength raw options ask for, within bounds (25-300%, -5..+5 wounds). */
export function readStrength(raw: Readonly<Record<string, unknown>>): EnemyStrength {
  return {
    enemyPercent: wholeIn(raw.enemyPercent, PERCENT_RANGE, FULL_STRENGTH.enemyPercent),
    archFoeWounds: wholeIn(raw.archFoeWounds, ARCH_FOE_RANGE, FULL_STRENGTH.archFoeWounds),
  };
}

/** The options that give `strength`: only the keys that differ from full strength. */
export function strengthOptions(strength: EnemyStrength): Record<string, OptionValue> {
  const read = readStrength({ ...strength });
  return {
    ...(read.enemyPercent !== FULL_STRENGTH.enemyPercent
      ? { enemyPercent: read.enemyPercent }
      : {}),
    ...(read.archFoeWounds !== FULL_STRENGTH.archFoeWounds
      ? { archFoeWounds: read.archFoeWounds }
      : {}),
  };
}

/** How many of `count` enemies take the field at `percent` (rounded; at least one of one or more). */
export function scaledCount(count: number, percent: number): number {
  if (count <= 0) return 0;
  return Math.max(1, Math.round((count * percent) / 100));
}

/** The Arch Foe's maximum wounds changed by `extra`, never below 1. */
export function strengthenArchFoe(units: readonly Unit[], extra: number): void {
  if (extra === 0) return;
  for (const u of units) if (u.ai?.archFoe) u.maxWounds = Math.max(1, u.maxWounds + extra);
}

/**
 * Free squares for `count` more enemies: a walk (8 ways, no cut corners) out from the
 * enemies' squares over passable ground, nearest first, skipping taken squares and any
 * square within `keepAway` of a hero, in reading order among equals.
 */
export function squaresNearEnemies(
  map: BattleMap,
  enemies: readonly Point[],
  heroes: readonly Point[],
  count: number,
  keepAway = 2,
): Point[] {
  const key = (p: Point): number => p.y * map.width + p.x;
  const taken = new Set([...enemies, ...heroes].map(key));
  const seen = new Set(enemies.map(key));
  const found: Point[] = [];
  let frontier = [...enemies];
  while (frontier.length > 0 && found.length < count) {
    const next: Point[] = [];
    for (const p of frontier)
      for (const d of DIRECTION_STEPS) {
        const q = { x: p.x + d.x, y: p.y + d.y };
        if (!isInside(map, q) || seen.has(key(q))) continue;
        if (!isTerrainPassable(terrainAt(map, q.x, q.y))) continue;
        if (!canStepDiagonally(p, q, (x, y) => isWallLike(map, x, y))) continue;
        seen.add(key(q));
        next.push(q);
      }
    next.sort((a, b) => a.y - b.y || a.x - b.x);
    for (const q of next) {
      if (found.length >= count) break;
      if (taken.has(key(q))) continue;
      if (heroes.some((h) => chebyshevDistance(h, q) <= keepAway)) continue;
      found.push(q);
    }
    frontier = next;
  }
  return found;
}
