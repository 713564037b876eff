/**
 * Scenario checks on a loaded map: units on walkable squares and not stacked, room for
 * the heroes, exactly one Arch Foe, lairs, the Arch Foe reachable from the heroes, the
 * victory condition's needs, and (for maps without units) that the default setup fits.
 * Problems that stop play throw a MapError; lesser ones become warnings.
 */
import { isTerrainPassable, type BattleMap, type MapObject, type Terrain } from '../engine/map';
import type { Point } from '../engine/grid';
import { fail, quote } from './errors';
import { floodFill } from '../engine/regions';
import { defaultHeroCount, enemyKinds, rulesForProperties, tryAddDefaultSetup } from './rules';
import type { ParsedObject } from './objects';
import { parseRoll } from './properties';

function squaresOf(o: MapObject): Point[] {
  const out: Point[] = [];
  for (let y = o.y; y < o.y + o.height; y++)
    for (let x = o.x; x < o.x + o.width; x++) out.push({ x, y });
  return out;
}

const TERRAIN_WORDS: Partial<Record<Terrain, string>> = {
  wall: 'a wall',
  void: 'an unpainted square (outside the dungeon)',
  pit: 'a pit',
};

/**
 * Checks the map's units and scenario; may set `archFoe: true` on the strongest enemy
 * when none is marked (with a warning). Throws a MapError with one plain message when the
 * map cannot be played.
 */
export function validateScenario(
  map: BattleMap,
  parsed: readonly ParsedObject[],
  warnings: string[],
): void {
  const W = map.width;
  const walkable = (p: Point): boolean => isTerrainPassable(map.terrain[p.y * W + p.x]);
  const terrainWord = (p: Point): string =>
    TERRAIN_WORDS[map.terrain[p.y * W + p.x]] ?? 'a blocked square';

  const heroes = parsed.filter((p) => p.object.kind === 'hero');
  const enemies = parsed.filter((p) => p.object.kind === 'enemy');
  const lairs = parsed.filter((p) => p.object.kind === 'lair');

  // Units stand on walkable squares, one per square.
  const standing = new Map<number, ParsedObject>();
  for (const e of enemies) {
    const p = { x: e.object.x, y: e.object.y };
    if (!walkable(p)) {
      fail(
        `${e.where} (an enemy ${String(e.object.properties.unit)}) stands on ${terrainWord(p)} at ${p.x},${p.y}. Move it to a floor square.`,
      );
    }
    const other = standing.get(p.y * W + p.x);
    if (other)
      fail(`${e.where} and ${other.where} are both on square ${p.x},${p.y}. Move one of them.`);
    standing.set(p.y * W + p.x, e);
  }
  let heroRoom = 0;
  for (const h of heroes) {
    const squares = squaresOf(h.object);
    const usable = squares.filter(walkable);
    if (usable.length === 0) {
      const p = squares[0];
      fail(
        `${h.where} (a hero start) is on ${terrainWord(p)} at ${p.x},${p.y}. Move it to a floor square.`,
      );
    }
    for (const p of usable) {
      const other = standing.get(p.y * W + p.x);
      if (other && squares.length === 1) {
        fail(`${h.where} and ${other.where} are both on square ${p.x},${p.y}. Move one of them.`);
      }
      if (!other) {
        standing.set(p.y * W + p.x, h);
        heroRoom++;
      }
    }
  }
  const heroUnits = heroes
    .map((h) => h.object.properties.unit)
    .filter((u) => typeof u === 'string');
  const dup = heroUnits.find((u, i) => heroUnits.indexOf(u) !== i);
  if (dup !== undefined)
    warnings.push(`Two hero objects are both ${quote(String(dup))}; the party has one of each.`);

  const heroCount =
    typeof map.properties.heroCount === 'number'
      ? map.properties.heroCount
      : defaultHeroCount(rulesForProperties(map.properties));
  if (heroes.length > 0 && heroRoom < heroCount) {
    // Other games mark one Start / Spawn / player point: the rest of the party stands on
    // the nearest free squares that can be reached from it.
    const starts = heroes.flatMap((h) => squaresOf(h.object)).filter(walkable);
    const reached = floodFill(map, starts);
    const free: Point[] = [];
    for (let i = 0; i < reached.length; i++) {
      if (reached[i] !== 1 || standing.has(i)) continue;
      const p = { x: i % W, y: Math.floor(i / W) };
      if (walkable(p)) free.push(p);
    }
    const distance = (p: Point): number =>
      Math.min(...starts.map((s) => Math.max(Math.abs(s.x - p.x), Math.abs(s.y - p.y))));
    const nearest = free
      .map((p) => ({ p, d: distance(p) }))
      .sort((a, b) => a.d - b.d || a.p.y - b.p.y || a.p.x - b.p.x)
      .slice(0, heroCount - heroRoom)
      .map((e) => e.p);
    if (heroRoom + nearest.length < heroCount) {
      fail(
        `The map has room for only ${heroRoom + nearest.length} hero${heroRoom + nearest.length === 1 ? '' : 'es'} (free floor connected to the hero starts), but the party has ${heroCount}. ` +
          'Add hero objects on a larger open area, or open up the floor around them.',
      );
    }
    for (const p of nearest) {
      map.objects.push({
        kind: 'hero',
        x: p.x,
        y: p.y,
        width: 1,
        height: 1,
        name: 'start',
        properties: {},
      });
      standing.set(p.y * W + p.x, heroes[0]);
    }
    warnings.push(
      `The map has hero starts for ${heroRoom} of the ${heroCount} heroes; the others start on the nearest free squares (${nearest.map((p) => `${p.x},${p.y}`).join('; ')}).`,
    );
  }

  // The Arch Foe.
  const marked = enemies.filter((e) => e.object.properties.archFoe === true);
  if (marked.length > 1) {
    fail(
      `${marked[0].where} and ${marked[1].where} are both marked archFoe; a map has one Arch Foe. Untick archFoe on all but one.`,
    );
  }
  let arch = marked[0];
  if (!arch && enemies.length > 0) {
    const order = enemyKinds(rulesForProperties(map.properties));
    arch = [...enemies].sort(
      (a, b) =>
        order.indexOf(String(a.object.properties.unit)) -
        order.indexOf(String(b.object.properties.unit)),
    )[0];
    arch.object.properties.archFoe = true;
    warnings.push(
      `No enemy is marked archFoe, so ${arch.where} (the strongest, a ${String(arch.object.properties.unit)}) is the Arch Foe.`,
    );
  }

  // Lairs.
  const lairRoll = map.properties.lairRoll === true;
  if (lairRoll && lairs.length === 0) {
    fail(
      'The map property "lairRoll" is true but the map has no lair objects. Add lair objects with a "roll" property such as "1-2", or untick lairRoll.',
    );
  }
  const covered = new Array<number>(7).fill(0);
  for (const l of lairs) {
    const p = { x: l.object.x, y: l.object.y };
    if (!walkable(p))
      fail(
        `${l.where} (a lair) is on ${terrainWord(p)} at ${p.x},${p.y}. Move it to a floor square.`,
      );
    const r = parseRoll(String(l.object.properties.roll ?? ''));
    if (lairRoll && !r)
      fail(`${l.where} (a lair) has no "roll" property; add a string property roll such as "1-2".`);
    if (r) for (let v = r[0]; v <= r[1]; v++) covered[v]++;
  }
  if (lairRoll && covered.slice(1).some((c) => c !== 1)) {
    warnings.push(
      "The lairs' rolls do not cover 1 to 6 exactly once; on a roll no lair claims, the Arch Foe stays where it is.",
    );
  }

  // Victory needs.
  const victory = String(map.properties.victory ?? '');
  const objectives = parsed.filter((p) => p.object.kind === 'objective');
  if ((victory === 'hold' || victory === 'carry-object') && objectives.length === 0) {
    fail(
      `The map's victory is ${quote(victory)} but it has no objective object. Draw an objective rectangle where the heroes must go.`,
    );
  }

  // Reachability from the heroes' squares.
  if (heroes.length > 0 && enemies.length > 0 && arch) {
    const starts = heroes.flatMap((h) => squaresOf(h.object)).filter(walkable);
    const reached = floodFill(map, starts);
    const at = (p: Point): boolean => reached[p.y * W + p.x] === 1;
    if (!at(arch.object)) {
      fail(
        `The Arch Foe, ${arch.where.replace(/^Object/, 'object')}, at ${arch.object.x},${arch.object.y} cannot be reached from the heroes' start squares: walls or pits cut it off. ` +
          'Open a path of floor between them (a closed door tile counts as a wall; use the open door tile).',
      );
    }
    if (lairRoll) {
      const cut = lairs.find((l) => !at(l.object));
      if (cut)
        fail(
          `${cut.where} (a lair) at ${cut.object.x},${cut.object.y} cannot be reached from the heroes' start squares. Open a path to it.`,
        );
    }
    const lost = enemies.filter((e) => !at(e.object));
    if (lost.length > 0) {
      warnings.push(
        `${lost.length} enem${lost.length === 1 ? 'y' : 'ies'} cannot be reached from the heroes (first: ${lost[0].where}).`,
      );
    }
    for (const o of parsed.filter(
      (p) => p.object.kind === 'objective' || p.object.kind === 'exit',
    )) {
      if (!squaresOf(o.object).some(at)) {
        const msg = `${o.where} (${o.object.kind}) cannot be reached from the heroes' start squares.`;
        if (o.object.kind === 'objective' && (victory === 'hold' || victory === 'carry-object')) {
          fail(`${msg} Open a path to it.`);
        }
        warnings.push(msg);
      }
    }
  } else {
    const r = tryAddDefaultSetup(map, heroCount);
    if (!r.ok) fail(r.error);
    const missing =
      heroes.length === 0 && enemies.length === 0
        ? 'hero or enemy'
        : heroes.length === 0
          ? 'hero'
          : 'enemy';
    warnings.push(
      `The map has no ${missing} objects; the game places them by the default setup (heroes in one corner, the Arch Foe opposite).`,
    );
  }
}
