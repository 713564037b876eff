/**
 * The solo rules' placement for maps drawn without figures (the solo miniatures rules,
 * §2 "Enemies" and §3 "Placement"): heroes on one side or corner, the Arch Foe in the
 * opposite corner, heroes + 1 Minion Teams spread evenly over the Arch Foe's half, all
 * enemies facing the heroes. Which figures make the party, the Arch Foe and the teams is
 * the rule module's roster. Deterministic: no dice, ties broken by row-major order.
 * Everything is placed on floor squares of one connected region, so every figure can
 * reach every other.
 */
import type { BattleMap, MapObject } from '../map';
import { parseRoll } from '../dice';
import { facingToward, type Point } from '../grid';
import { doorSquares, regions } from '../regions';

export type PlacementResult = { ok: true; map: BattleMap } | { ok: false; error: string };

/** The figures a module fields by the placement rule. */
export interface PlacementRoster {
  /** The party's kinds in start order (repeated for parties larger than the list). */
  heroes: readonly { unit: string; name: string }[];
  archFoe: { unit: string; name: string };
  /** Minion Teams, used in turn: `count` figures of `unit` make one team. */
  teams: readonly { unit: string; name: string; count: number }[];
}

function squaresOf(o: MapObject): Point[] {
  const out: Point[] = [];
  for (let y = o.y; y < o.y + Math.max(1, o.height); y++) {
    for (let x = o.x; x < o.x + Math.max(1, o.width); x++) out.push({ x, y });
  }
  return out;
}

function dist2(a: Point, b: Point): number {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2;
}

function centroid(points: readonly Point[]): Point {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / points.length, y: y / points.length };
}

/** The `k` points nearest to `target`, nearest first, ties in row-major order (deterministic). */
function nearest(points: readonly Point[], target: Point, width: number, k = 1): Point[] {
  const best: Point[] = [];
  const before = (a: Point, b: Point): boolean => {
    const d = dist2(a, target) - dist2(b, target);
    return d < 0 || (d === 0 && a.y * width + a.x < b.y * width + b.x);
  };
  for (const p of points) {
    if (best.length === k && !before(p, best[k - 1])) continue;
    let i = best.length < k ? best.length : k - 1;
    best[i] = p;
    while (i > 0 && before(best[i], best[i - 1])) {
      [best[i], best[i - 1]] = [best[i - 1], best[i]];
      i--;
    }
  }
  return best;
}

/**
 * Adds hero and/or enemy objects to a map that lacks them, by the seed's placement rule.
 * A map that already has both heroes and enemies comes back unchanged (as a copy).
 * Returns `{ ok: false, error }` with a plain message when there is no room.
 */
export function placeBySoloRules(
  map: BattleMap,
  heroCount: number,
  roster: PlacementRoster,
): PlacementResult {
  if (!Number.isInteger(heroCount) || heroCount < 1 || heroCount > 16) {
    return { ok: false, error: `The party must have 1 to 16 heroes, not ${heroCount}.` };
  }
  const W = map.width;
  const heroesExist = map.objects.some((o) => o.kind === 'hero');
  const enemiesExist = map.objects.some((o) => o.kind === 'enemy');
  if (heroesExist && enemiesExist) return { ok: true, map: { ...map, objects: [...map.objects] } };

  const doors = doorSquares(map);
  const { labels } = regions(map);
  const occupied = new Set<number>();
  for (const o of map.objects) {
    if (o.kind === 'hero' || o.kind === 'enemy')
      for (const p of squaresOf(o)) occupied.add(p.y * W + p.x);
  }
  const inside = (p: Point): boolean => p.x >= 0 && p.y >= 0 && p.x < W && p.y < map.height;
  const heroSquares = map.objects
    .filter((o) => o.kind === 'hero')
    .flatMap(squaresOf)
    .filter((p) => inside(p) && labels[p.y * W + p.x] >= 0);
  const enemySquares = map.objects
    .filter((o) => o.kind === 'enemy')
    .flatMap(squaresOf)
    .filter((p) => inside(p) && labels[p.y * W + p.x] >= 0);

  // Free floor squares per region.
  const free: Point[][] = [];
  for (let i = 0; i < W * map.height; i++) {
    if (labels[i] < 0 || map.terrain[i] !== 'floor' || doors.has(i) || occupied.has(i)) continue;
    (free[labels[i]] ??= []).push({ x: i % W, y: Math.floor(i / W) });
  }
  const countIn = (pts: Point[], label: number): number =>
    pts.filter((p) => labels[p.y * W + p.x] === label).length;
  let region = -1;
  if (heroSquares.length > 0 || enemySquares.length > 0) {
    const anchorPts = heroSquares.length > 0 ? heroSquares : enemySquares;
    let best = -1;
    for (let l = 0; l < free.length; l++) {
      const c = countIn(anchorPts, l);
      if (c > best) {
        best = c;
        region = l;
      }
    }
  } else {
    for (let l = 0; l < free.length; l++) {
      if ((free[l]?.length ?? 0) > (free[region]?.length ?? 0)) region = l;
    }
  }
  const candidates = region >= 0 ? (free[region] ?? []) : [];
  const teams = heroCount + 1;
  const teamOf = (t: number): PlacementRoster['teams'][number] =>
    roster.teams[t % roster.teams.length];
  let enemyFigures = 1;
  for (let t = 0; t < teams; t++) enemyFigures += teamOf(t).count;
  const needed = (heroesExist ? 0 : heroCount) + (enemiesExist ? 0 : enemyFigures);
  if (candidates.length < needed) {
    return {
      ok: false,
      error:
        `There is no room for the default setup: it needs ${needed} free floor squares joined together ` +
        `(${heroesExist ? '' : `${heroCount} heroes, `}${enemiesExist ? '' : `${enemyFigures} enemies`}), ` +
        `but the largest open area has ${candidates.length}. Paint more floor, or place hero and enemy objects yourself.`,
    };
  }

  const added: MapObject[] = [];
  const taken = new Set<number>();
  const take = (p: Point): void => {
    taken.add(p.y * W + p.x);
  };
  const isFree = (p: Point): boolean => !taken.has(p.y * W + p.x);

  // Heroes: the most compact group of squares next to one corner or side.
  let heroes: Point[] = heroSquares;
  if (!heroesExist) {
    const mx = (W - 1) / 2;
    const my = (map.height - 1) / 2;
    const anchors: Point[] = [
      { x: W - 1, y: map.height - 1 },
      { x: 0, y: map.height - 1 },
      { x: 0, y: 0 },
      { x: W - 1, y: 0 },
      { x: mx, y: map.height - 1 },
      { x: mx, y: 0 },
      { x: 0, y: my },
      { x: W - 1, y: my },
    ];
    const foes = enemySquares.length > 0 ? centroid(enemySquares) : undefined;
    let bestScore = Infinity;
    let bestPick: Point[] = [];
    for (const a of anchors) {
      const pick = nearest(candidates, a, W, heroCount);
      let score = pick.reduce((s, p) => s + Math.sqrt(dist2(p, a)), 0);
      if (foes) score -= 4 * Math.sqrt(dist2(centroid(pick), foes));
      if (score < bestScore - 1e-9) {
        bestScore = score;
        bestPick = pick;
      }
    }
    heroes = bestPick;
    heroes.forEach((p, i) => {
      take(p);
      const hero = roster.heroes[i % roster.heroes.length];
      const n = Math.floor(i / roster.heroes.length);
      added.push({
        kind: 'hero',
        x: p.x,
        y: p.y,
        width: 1,
        height: 1,
        name: n > 0 ? `${hero.name} ${n + 1}` : hero.name,
        properties: { unit: hero.unit },
      });
    });
  }
  for (const p of heroSquares) take(p);

  if (!enemiesExist) {
    const h = centroid(heroes);
    const pool = candidates.filter(isFree);
    // Arch Foe: on the first lair (by roll) if it is free floor in reach, else opposite the heroes.
    const lairs = map.objects
      .filter((o) => o.kind === 'lair')
      .map((o) => ({ o, low: parseRoll(String(o.properties.roll ?? ''))?.[0] ?? 7 }))
      .sort((a, b) => a.low - b.low);
    let arch: Point | undefined;
    for (const { o } of lairs) {
      const p = pool.find((q) => q.x === o.x && q.y === o.y);
      if (p) {
        arch = p;
        break;
      }
    }
    const mirror = { x: W - 1 - h.x, y: map.height - 1 - h.y };
    arch ??= nearest(pool, mirror, W)[0];
    take(arch);
    const nearestHero = (p: Point): Point => nearest(heroes, p, W)[0];
    added.push({
      kind: 'enemy',
      x: arch.x,
      y: arch.y,
      width: 1,
      height: 1,
      name: roster.archFoe.name,
      facing: facingToward(arch, nearestHero(arch)),
      properties: { unit: roster.archFoe.unit, archFoe: true },
    });

    // Minion Teams: farthest-point spread over the Arch Foe's half, away from the heroes.
    const d = { x: arch.x - h.x, y: arch.y - h.y };
    const dd = d.x * d.x + d.y * d.y || 1;
    const along = (p: Point): number => ((p.x - h.x) * d.x + (p.y - h.y) * d.y) / dd;
    const notNextToHero = (p: Point): boolean =>
      heroes.every((q) => Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y)) >= 2);
    let spots: Point[] = [];
    for (const threshold of [0.5, 0.25, 0, -Infinity]) {
      spots = candidates.filter((p) => isFree(p) && along(p) >= threshold && notNextToHero(p));
      if (spots.length >= enemyFigures - 1) break;
    }
    if (spots.length < enemyFigures - 1) {
      spots = candidates.filter(isFree);
    }
    const placed: Point[] = [arch];
    const counts = new Map<string, number>();
    const place = (p: Point, member: { unit: string; name: string }, team: number): void => {
      const unit = member.unit;
      take(p);
      placed.push(p);
      counts.set(unit, (counts.get(unit) ?? 0) + 1);
      added.push({
        kind: 'enemy',
        x: p.x,
        y: p.y,
        width: 1,
        height: 1,
        name: `${member.name} ${counts.get(unit)}`,
        facing: facingToward(p, nearestHero(p)),
        properties: { unit, team },
      });
    };
    for (let t = 0; t < teams; t++) {
      const open = spots.filter(isFree);
      let best: Point | undefined;
      let bestD = -1;
      for (const p of open) {
        const dmin = Math.min(...placed.map((q) => dist2(p, q)));
        if (dmin > bestD) {
          bestD = dmin;
          best = p;
        }
      }
      if (!best)
        return { ok: false, error: 'There is no room for the Minion Teams; paint more floor.' };
      const team = teamOf(t);
      place(best, team, t + 1);
      // The team's other figures stand beside the first.
      for (let k = 1; k < team.count; k++) {
        const mate =
          nearest(spots.filter(isFree), best, W)[0] ??
          nearest(candidates.filter(isFree), best, W)[0];
        if (!mate)
          return { ok: false, error: 'There is no room for the Minion Teams; paint more floor.' };
        place(mate, team, t + 1);
      }
    }
  }

  if (!heroesExist) {
    const arch =
      added.find((o) => o.properties.archFoe === true) ??
      map.objects.find((o) => o.kind === 'enemy' && o.properties.archFoe === true) ??
      map.objects.find((o) => o.kind === 'enemy');
    if (arch) {
      for (const o of added) if (o.kind === 'hero') o.facing = facingToward(o, arch);
    }
  }
  return { ok: true, map: { ...map, objects: [...map.objects, ...added] } };
}
