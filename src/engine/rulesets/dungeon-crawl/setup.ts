/**
 * Setting up a Dungeon Crawl game from a map: heroes on the map's hero squares (a named
 * kind, else the next of the party not yet placed), enemies on its enemy squares by kind,
 * the dragon as the Arch Foe, all with the stat blocks of units.ts. A campaign's party
 * replaces the usual four heroes, keeping their names, wounds and skills, and a campaign's
 * difficulty may field fewer or more enemies and a stronger or weaker Arch Foe.
 */
import type { Facing } from '../../grid';
import type { BattleMap, MapObject } from '../../map';
import type { PartyMember, SetupInput, SetupResult } from '../module';
import {
  mapWithDoors,
  newGameState,
  nextUnitId,
  numberNames,
  objectFacing,
  objectiveFor,
  partyMemberOf,
  seatPartyMember,
  whyPlacementFails,
} from '../../setup';
import {
  readStrength,
  scaledCount,
  squaresNearEnemies,
  strengthenArchFoe,
} from '../../systems/strength';
import { crawlSkillLevels, seatCrawlSkills } from './campaign';
import type { GameState, Unit } from '../../types';
import { normaliseCrawlOptions } from './options';
import { DUNGEON_CRAWL_UNITS, HERO_ORDER } from './units';

export const DUNGEON_CRAWL_ID = 'dungeon-crawl';

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function setupCrawlGame(input: SetupInput): SetupResult {
  const { map, doors } = mapWithDoors(input.map);
  const options = normaliseCrawlOptions(input.options, input.map);
  const allAlerted = options.startAlerted === 'all';
  const units: Unit[] = [];
  const usedIds = new Set<string>();
  const kindCounts = new Map<string, number>();

  const heroObjects = map.objects.filter((o) => o.kind === 'hero');
  const enemyObjects = map.objects.filter((o) => o.kind === 'enemy');
  if (heroObjects.length === 0)
    return { ok: false, error: `Map "${map.name}" has no hero start squares.` };
  if (enemyObjects.length === 0) return { ok: false, error: `Map "${map.name}" has no enemies.` };

  // Heroes: a named kind, else the next kind in the usual order not yet taken.
  const freeKinds = HERO_ORDER.filter((k) => !heroObjects.some((o) => o.properties.unit === k));
  for (const obj of heroObjects) {
    const named = typeof obj.properties.unit === 'string' ? obj.properties.unit : '';
    const kind =
      DUNGEON_CRAWL_UNITS[named]?.side === 'heroes' ? named : (freeKinds.shift() ?? 'fighting-man');
    const made = makeUnit(kind, obj, objectFacing(obj, 0), usedIds, kindCounts, false);
    if (typeof made === 'string') return { ok: false, error: made };
    units.push(made);
  }
  for (const obj of enemyObjects) {
    const kind = typeof obj.properties.unit === 'string' ? obj.properties.unit : '';
    const archFoe = obj.properties.archFoe === true || DUNGEON_CRAWL_UNITS[kind]?.archFoe === true;
    const made = makeUnit(kind, obj, objectFacing(obj, 4), usedIds, kindCounts, archFoe);
    if (typeof made === 'string') return { ok: false, error: made };
    if (made.ai && (allAlerted || obj.properties.alerted === true)) made.ai.status = 'alerted';
    units.push(made);
  }
  const strength = readStrength(options);
  const extra = fieldEnemiesAtStrength(map, units, strength.enemyPercent, usedIds, kindCounts);
  if (extra) return { ok: false, error: extra };
  strengthenArchFoe(units, strength.archFoeWounds);
  numberNames(units, kindCounts, (kind) => DUNGEON_CRAWL_UNITS[kind].name);
  if (input.party) {
    const joined = seatParty(units, input.party);
    if (joined) return { ok: false, error: joined };
  }
  const placement = whyPlacementFails(map, units);
  if (placement) return { ok: false, error: placement };

  const state: GameState = newGameState({
    scenarioId: input.scenarioId,
    ruleModule: DUNGEON_CRAWL_ID,
    options,
    map,
    doors,
    units,
    objective: objectiveFor(map, options, units),
    seed: input.seed,
  });
  return { ok: true, state };
}

/**
 * A campaign's party takes the hero squares, each member the square made for its kind when
 * there is one free, else the first free one, as its own kind with its id, name, wounds,
 * permanent wounds and skill levels; squares left over stay empty.
 */
function seatParty(units: Unit[], party: readonly PartyMember[]): string | null {
  const heroes = units.filter((u) => u.side === 'heroes');
  if (party.length > heroes.length)
    return `The map has ${heroes.length} hero squares for a party of ${party.length}.`;
  const seats = new Map<Unit, PartyMember>();
  const waiting: PartyMember[] = [];
  for (const member of party) {
    const own = heroes.find((h) => h.kind === member.kind && !seats.has(h));
    if (own) seats.set(own, member);
    else waiting.push(member);
  }
  for (const square of heroes)
    if (!seats.has(square) && waiting.length > 0) seats.set(square, waiting.shift()!);
  for (const square of heroes) {
    const member = seats.get(square);
    const index = units.indexOf(square);
    if (!member) {
      units.splice(index, 1);
      continue;
    }
    const def = DUNGEON_CRAWL_UNITS[member.kind];
    if (!def || def.side !== 'heroes') return `${member.name} is not a Dungeon Crawl hero.`;
    if (units.some((u) => u.id === member.id && u.side === 'enemies'))
      return `The hero id "${member.id}" is taken by an enemy.`;
    const made = makeUnitOf(member.kind, square.position!, square.facing, member.id, false);
    seatPartyMember(made, member);
    seatCrawlSkills(made, member.skills ?? {});
    units[index] = made;
  }
  return null;
}

/** The party as it leaves the battle: each hero's kind, name, wounds and skill levels. */
export function crawlPartyAfter(state: GameState): PartyMember[] {
  return state.units
    .filter((u) => u.side === 'heroes')
    .map((u) => partyMemberOf(u, crawlSkillLevels(u)));
}

/**
 * A campaign's enemy count (systems/strength.ts): at less than full strength the last
 * enemies on the map other than the Arch Foe stay away; at more, copies of its other
 * enemies, in turn, join on the free squares nearest the enemies.
 */
function fieldEnemiesAtStrength(
  map: BattleMap,
  units: Unit[],
  percent: number,
  usedIds: Set<string>,
  kindCounts: Map<string, number>,
): string | null {
  const minions = units.filter((u) => u.side === 'enemies' && !u.ai?.archFoe);
  const wanted = scaledCount(minions.length, percent);
  for (const gone of minions.slice(wanted)) units.splice(units.indexOf(gone), 1);
  const more = wanted - minions.length;
  if (more <= 0) return null;
  const squares = squaresNearEnemies(
    map,
    units.filter((u) => u.side === 'enemies').map((u) => u.position!),
    units.filter((u) => u.side === 'heroes').map((u) => u.position!),
    more,
  );
  if (squares.length < more)
    return `Map "${map.name}" has no room for ${more} more enemies (found ${squares.length}).`;
  for (const [i, at] of squares.entries()) {
    const like = minions[i % minions.length];
    const id = nextUnitId(like.kind, usedIds, kindCounts);
    units.push(makeUnitOf(like.kind, at, like.facing, id, false));
  }
  return null;
}

function makeUnit(
  kind: string,
  obj: MapObject,
  facing: Facing,
  usedIds: Set<string>,
  kindCounts: Map<string, number>,
  archFoe: boolean,
): Unit | string {
  if (!DUNGEON_CRAWL_UNITS[kind])
    return `Object "${obj.name || obj.kind}" at (${obj.x}, ${obj.y}) has an unknown unit kind "${kind}".`;
  const id = nextUnitId(kind, usedIds, kindCounts);
  return makeUnitOf(kind, { x: obj.x, y: obj.y }, facing, id, archFoe);
}

function makeUnitOf(
  kind: string,
  at: { x: number; y: number },
  facing: Facing,
  id: string,
  archFoe: boolean,
): Unit {
  const def = DUNGEON_CRAWL_UNITS[kind];
  const unit: Unit = {
    id,
    name: titleCase(def.name),
    kind,
    side: def.side,
    position: { x: at.x, y: at.y },
    facing,
    wounds: 0,
    maxWounds: def.maxWounds,
    move: def.move,
    weapons: def.weapons.map((w) => ({ ...w })),
    stats: { kills: 0, woundsTaken: 0, woundsDealt: 0, attacks: 0, hits: 0 },
  };
  if (def.side === 'enemies') {
    unit.ai = {
      status: 'patrolling',
      archFoe,
      rank: def.rank,
      morale: def.morale,
      home: { x: at.x, y: at.y },
    };
  }
  if (def.heal) unit.heal = { ...def.heal, usesLeft: def.heal.usesMax };
  return unit;
}
