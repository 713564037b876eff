/**
 * Setting up a Skirmish battle: each army's muster (the options' lists of figures) placed
 * on its side of the field (the map's hero and enemy squares first, then the nearest free
 * ground around them, in one connected area), the strongest enemy its Arch Foe, enemies
 * Prepared and facing the heroes (III), weapons and moves read at the battle's scale.
 */
import { baseAt } from '../../footprint';
import { chebyshevDistance, facingToward, pointKey, type Point } from '../../grid';
import type { BattleMap } from '../../map';
import type { PartyMember, SetupInput, SetupResult } from '../module';
import {
  mapWithDoors,
  newGameState,
  nextUnitId,
  numberNamesBySide,
  objectiveFor,
  partyMemberOf,
  seatPartyMember,
} from '../../setup';
import { readStrength, scaledCount, strengthenArchFoe } from '../../systems/strength';
import type { GameState, Side, Unit } from '../../types';
import { seatSkirmishSkills, skirmishSkillLevels, UNIQUE_MINIMUM_WOUNDS } from './campaign';
import { FORTRESS_KIND, FORTRESS_WOUNDS, planFortress } from './fortress';
import {
  fallbackRow,
  markedStarts,
  NO_ROOM_FOR_FORTRESS,
  planGoalAreas,
  startSquares,
  whyScenarioUnavailable,
} from './goals';
import { normaliseSkirmishOptions } from './options';
import { FIGURES_BY_KIND, MOVE_TABLE, moveOf, weaponAt } from './roster';
import { traitsOf, type Scale, type SkirmishOptions } from './types';
import { RACE_SET_UP_APART_RULES, SET_UP_APART_RULES, SKIRMISH_RULES_VERSION } from './versions';

/**
 * The scenarios that keep a Basic Battle's set-up apart from rules version 8: Transport (VI:
 * "Set up as in a Basic Battle"). Escape says so too but is left as it was: on the flooded
 * crypt the marked squares 2 Move Units from the heroes lie on the heroes' own side, by the
 * enemy's goal, and its heroes won 0 of 30 (docs/skirmish-balance.md).
 */
const SET_UP_LIKE_BASIC_BATTLE: readonly string[] = ['transport'];

export const SKIRMISH_ID = 'skirmish';

/**
 * Whether a square is in cover for an ambusher (VI Ambush: "behind terrain features and
 * buildings"): the map gives it cover, or a square beside it blocks sight.
 */
function isSheltered(map: BattleMap, p: Point): boolean {
  if (map.cover[p.y * map.width + p.x] !== 'none') return true;
  return [-1, 0, 1].some((dy) =>
    [-1, 0, 1].some((dx) => {
      const x = p.x + dx;
      const y = p.y + dy;
      return (
        x >= 0 && y >= 0 && x < map.width && y < map.height && map.blocksSight[y * map.width + x]
      );
    }),
  );
}

/**
 * An army's start squares in an Ambush (VI), in their order of preference: "Ambusher armies
 * set up figures behind terrain features and buildings (in cover as much as possible)":
 * sheltered squares first; "Target armies must set up figures in an open area": open
 * squares first. Each keeps `squares`' order (nearest its own side first).
 */
function ambushSquares(map: BattleMap, squares: Point[], ambushes: boolean): Point[] {
  const inCover = squares.filter((p) => isSheltered(map, p));
  const open = squares.filter((p) => !isSheltered(map, p));
  return ambushes ? [...inCover, ...open] : [...open, ...inCover];
}

/**
 * The Ambush's targets keep together (VI: "so that all their figures are within 1 Move Unit
 * of at least 1 other Target army figure"): once one has set up, the squares within 1 Move
 * Unit of a figure already placed come first, in `squares`' order.
 */
function keepTogether(squares: Point[], placed: readonly Point[], moveUnit: number): Point[] {
  if (placed.length === 0) return squares;
  const isNear = (p: Point): boolean =>
    placed.some((q) => Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)) <= moveUnit);
  return [...squares.filter(isNear), ...squares.filter((p) => !isNear(p))];
}

/**
 * The enemy's start squares as the scenario sets them up (VI): in a Basic Battle (and the
 * scenarios "set up as in a Basic Battle") at least 2 Move Units from any hero, the
 * distance halved until the army fits on the map; in an Ambush in cover when it lays the
 * ambush, in the open when it is the target.
 */
function scenarioSquares(
  map: BattleMap,
  squares: Point[],
  heroes: Point[],
  options: SkirmishOptions,
  count: number,
): Point[] {
  const heroDistance = (p: Point): number =>
    Math.min(...heroes.map((h) => Math.max(Math.abs(h.x - p.x), Math.abs(h.y - p.y))));
  const free = squares.filter((p) => heroDistance(p) > 0);
  if (options.scenario === 'ambush')
    return ambushSquares(map, free, options.ambusher === 'enemies');
  if (options.scenario === 'spawning') return free;
  // "The figures have to be at least 2 Move Units away from the figures of any other army."
  for (
    let apart = 2 * MOVE_TABLE.average[options.scale];
    apart >= 1;
    apart = Math.floor(apart / 2)
  ) {
    const far = free.filter((p) => heroDistance(p) >= apart);
    if (far.length >= count) return far;
  }
  return free;
}

function makeFigure(kind: string, side: Side, at: Point, scale: Scale, id: string): Unit {
  const type = FIGURES_BY_KIND[kind];
  const unit: Unit = {
    id,
    name: type.name,
    kind,
    side,
    position: { x: at.x, y: at.y },
    facing: side === 'heroes' ? 0 : 4,
    wounds: 0,
    maxWounds: type.wounds,
    move: moveOf(type, scale),
    weapons: type.weapons.map((w) => weaponAt(w, scale)),
    stats: { kills: 0, woundsTaken: 0, woundsDealt: 0, attacks: 0, hits: 0 },
  };
  if (type.size > 1) unit.size = type.size;
  if (type.heals > 0) unit.heal = { usesLeft: type.heals, usesMax: type.heals, die: 20, hitOn: 11 };
  unit.skirmish = {
    points: type.points,
    unique: type.unique,
    leader: type.leader,
    capable: type.capable,
    armoured: type.heavyArmour,
    mounted: type.body === 'mount',
    tactic: null,
    recovered: false,
    stunnedRound: null,
    lastTarget: null,
    retreating: false,
  };
  return unit;
}

/** The Fortress Assault's building (VI): a structure of the defenders' side. */
function makeFortress(
  at: Point,
  size: number,
  side: Side,
  usedIds: Set<string>,
  counts: Map<string, number>,
): Unit {
  return {
    id: nextUnitId(FORTRESS_KIND, usedIds, counts),
    name: 'Fortress',
    kind: FORTRESS_KIND,
    side,
    position: { x: at.x, y: at.y },
    facing: 4,
    wounds: 0,
    maxWounds: FORTRESS_WOUNDS,
    move: 0,
    weapons: [],
    stats: { kills: 0, woundsTaken: 0, woundsDealt: 0, attacks: 0, hits: 0 },
    size,
    structure: true,
    skirmish: {
      points: 0,
      unique: true,
      leader: false,
      capable: false,
      armoured: false,
      mounted: false,
      tactic: null,
      recovered: false,
      stunnedRound: null,
      lastTarget: null,
      retreating: false,
    },
  };
}

/**
 * A campaign's enemy count (systems/strength.ts): the army's figures other than its Arch
 * Foe scaled, the last ones staying away, or copies of them joining in turn.
 */
function enemiesAtStrength(kinds: readonly string[], percent: number): string[] {
  if (percent === 100) return [...kinds];
  const points = (kind: string): number => FIGURES_BY_KIND[kind].points;
  const archIndex = kinds.reduce((best, k, i) => (points(k) > points(kinds[best]) ? i : best), 0);
  const minions = kinds.filter((_, i) => i !== archIndex);
  const wanted = scaledCount(minions.length, percent);
  let kept = 0;
  const out = kinds.filter((_, i) => i === archIndex || kept++ < wanted);
  for (let i = 0; i < wanted - minions.length; i++) out.push(minions[i % minions.length]);
  return out;
}

/**
 * A campaign's party member on its figure: a named character fights as a unique one (VIII:
 * "2 to 5 wounds"), with its name, wounds and skills.
 */
function seatMember(unit: Unit, member: PartyMember): void {
  unit.maxWounds = Math.max(unit.maxWounds, UNIQUE_MINIMUM_WOUNDS);
  traitsOf(unit).unique = true;
  seatPartyMember(unit, member);
  seatSkirmishSkills(unit, member.skills ?? {});
}

/**
 * The party as it leaves the battle: the heroes seated from a campaign's party (they carry
 * campaign skills; the allies beside them do not), or every hero of a battle without one.
 */
export function skirmishPartyAfter(state: GameState): PartyMember[] {
  const heroes = state.units.filter((u) => u.side === 'heroes' && !u.structure);
  const seated = heroes.filter((u) => u.skirmish?.skills !== undefined);
  return (seated.length > 0 ? seated : heroes).map((u) => partyMemberOf(u, skirmishSkillLevels(u)));
}

function copyPoints(points: readonly Point[]): { x: number; y: number }[] {
  return points.map((p) => ({ x: p.x, y: p.y }));
}

export function setupSkirmish(input: SetupInput): SetupResult {
  const { map, doors } = mapWithDoors(input.map);
  const options: SkirmishOptions = normaliseSkirmishOptions(input.options, input.map);
  const party = input.party ?? [];
  const allies = input.party && options.allies ? options.allies.split(',') : [];
  const heroKinds = input.party
    ? [...party.map((m) => m.kind), ...allies]
    : options.heroes.split(',');
  const strength = readStrength(options);
  const enemyKinds = enemiesAtStrength(options.enemies.split(','), strength.enemyPercent);
  const unknown = heroKinds.find((k) => !FIGURES_BY_KIND[k]);
  if (unknown) return { ok: false, error: `"${unknown}" is not a figure of the Skirmish roster.` };
  const partyIds = new Set(party.map((m) => m.id));
  if (partyIds.size < party.length) return { ok: false, error: 'Two of the party share an id.' };
  // A scenario the map cannot host (no goal apart from an army's start, no room for the
  // fortress) is refused with the reason, as the Setup screen shows it.
  const unavailable = whyScenarioUnavailable(input.map, options.scenario, options);
  if (unavailable) return { ok: false, error: unavailable };
  const nearHeroes = startSquares(map, markedStarts(map, 'heroes'), fallbackRow(map, 'heroes'));
  const marked = markedStarts(map, 'enemies');
  const nearEnemy = startSquares(map, marked, fallbackRow(map, 'enemies'));
  // Fortress Assault (VI): the building first, then each army where the seed sets it up.
  const fortress =
    options.scenario === 'fortress-assault'
      ? planFortress(
          nearHeroes,
          options.defender === 'heroes' ? nearHeroes : nearEnemy,
          options.defender === 'heroes' ? nearEnemy : nearHeroes,
          options.scale,
          (options.defender === 'heroes' ? heroKinds : enemyKinds).length,
          (options.defender === 'heroes' ? enemyKinds : heroKinds).length,
        )
      : null;
  if (options.scenario === 'fortress-assault' && !fortress)
    return { ok: false, error: NO_ROOM_FOR_FORTRESS };
  const fortressSquares = (side: Side): Point[] | null =>
    fortress && (side === options.defender ? fortress.defenderSquares : fortress.assaulterSquares);
  const ambush = options.scenario === 'ambush';
  const heroSquares =
    fortressSquares('heroes') ??
    (ambush ? ambushSquares(map, nearHeroes, options.ambusher === 'heroes') : nearHeroes);
  // The Ambush's target army keeps within 1 Move Unit of its own figures (keepTogether).
  const moveUnit = MOVE_TABLE.average[options.scale];
  const targetSquares = (side: Side, squares: Point[]): Point[] =>
    ambush && options.ambusher !== side
      ? keepTogether(
          squares,
          units.filter((u) => u.side === side).map((u) => u.position!),
          moveUnit,
        )
      : squares;
  const taken = new Set<string>(fortress ? baseAt(fortress.at, fortress.size).map(pointKey) : []);
  // The first square of the list where the figure's whole base (a large figure's 2x2, V
  // "Large Figures") fits on squares of the list, none of them taken; failing that, with
  // the rest of the base on any open square of the area (`area`), and then anywhere in it.
  const pick = (squares: Point[], kind: string, area: Point[]): Point | null => {
    const size = FIGURES_BY_KIND[kind].size;
    const fitsOn = (allowed: Set<string> | null) => (q: Point) =>
      baseAt(q, size).every(
        (b) => !taken.has(pointKey(b)) && (allowed === null || allowed.has(pointKey(b))),
      );
    const everywhere = new Set(area.map(pointKey));
    const p =
      size > 1
        ? (squares.find(fitsOn(new Set(squares.map(pointKey)))) ??
          squares.find(fitsOn(everywhere)) ??
          area.find(fitsOn(everywhere)))
        : squares.find(fitsOn(null));
    if (p) for (const b of baseAt(p, size)) taken.add(pointKey(b));
    return p ?? null;
  };
  const usedIds = new Set<string>(partyIds);
  const counts = new Map<string, number>();
  const units: Unit[] = [];
  for (const [i, kind] of heroKinds.entries()) {
    const at = pick(
      targetSquares('heroes', heroSquares),
      kind,
      fortress ? heroSquares : nearHeroes,
    );
    if (!at) return { ok: false, error: `Map "${map.name}" has no room for the heroes' army.` };
    const member = party[i];
    const id = member ? member.id : nextUnitId(kind, usedIds, counts);
    const u = makeFigure(kind, 'heroes', at, options.scale, id);
    if (member) seatMember(u, member);
    units.push(u);
  }
  // The squares a map marks for the enemy come first, as drawn (VI: "choose a map setup");
  // the rest follow the scenario's set-up rules. From version 7 a Basic Battle on a map
  // drawn for another rule module (the bundled maps are the Dungeon Crawl's, with enemies
  // in the heroes' midst) keeps only the marked squares 2 Move Units from every hero (VI:
  // "The figures have to be at least 2 Move Units away from the figures of any other army").
  const heroesAt = units.map((u) => u.position!);
  const apart = (p: Point): boolean =>
    heroesAt.every((h) => chebyshevDistance(h, p) >= 2 * moveUnit);
  const drawnForAnother =
    typeof input.map.properties.ruleModule === 'string' &&
    input.map.properties.ruleModule !== SKIRMISH_ID;
  // From version 8 so does a Transport, which VI sets up "as in a Basic Battle".
  const rulesVersion = input.rulesVersion ?? SKIRMISH_RULES_VERSION;
  const keepsApart =
    drawnForAnother &&
    ((options.scenario === 'basic-battle' && rulesVersion >= SET_UP_APART_RULES) ||
      (SET_UP_LIKE_BASIC_BATTLE.includes(options.scenario) &&
        rulesVersion >= RACE_SET_UP_APART_RULES));
  const usable = keepsApart ? marked.filter(apart) : marked;
  const isMarked = (p: Point): boolean => usable.some((m) => m.x === p.x && m.y === p.y);
  const enemySquares = fortressSquares('enemies') ?? [
    ...nearEnemy.filter(isMarked),
    ...scenarioSquares(
      map,
      nearEnemy.filter((p) => !isMarked(p)),
      heroesAt,
      options,
      Math.max(0, enemyKinds.length - usable.length),
    ),
  ];
  for (const kind of enemyKinds) {
    const at = pick(
      targetSquares('enemies', enemySquares),
      kind,
      fortress ? enemySquares : nearEnemy,
    );
    if (!at) return { ok: false, error: `Map "${map.name}" has no room for the enemy army.` };
    units.push(makeFigure(kind, 'enemies', at, options.scale, nextUnitId(kind, usedIds, counts)));
  }
  // Both armies muster from one roster: each is numbered on its own, the enemy's named so.
  numberNamesBySide(
    units.filter((u) => !partyIds.has(u.id)),
    (kind) => FIGURES_BY_KIND[kind].name,
  );
  const figures = [...units];
  if (fortress)
    units.push(makeFortress(fortress.at, fortress.size, options.defender, usedIds, counts));
  // The Arch Foe: the enemy figure worth the most points (the first of equals).
  const enemies = figures.filter((u) => u.side === 'enemies');
  const arch = enemies.reduce(
    (b, u) => (u.skirmish!.points > b.skirmish!.points ? u : b),
    enemies[0],
  );
  const centre = (side: Side): Point => {
    const us = figures.filter((u) => u.side === side);
    return {
      x: Math.round(us.reduce((n, u) => n + u.position!.x, 0) / us.length),
      y: Math.round(us.reduce((n, u) => n + u.position!.y, 0) / us.length),
    };
  };
  const heroCentre = centre('heroes');
  const enemyCentre = centre('enemies');
  for (const u of figures) {
    u.facing = facingToward(u.position!, u.side === 'heroes' ? enemyCentre : heroCentre, u.facing);
    if (u.side !== 'enemies') continue;
    u.ai = {
      // "All enemies begin in this status ... facing in the direction where the heroes are."
      // Enemies lying in ambush wait for the heroes they mean to strike: they start alerted.
      // The target of the heroes' ambush knows nothing of it: it starts prepared.
      status: ambush && options.ambusher === 'enemies' ? 'alerted' : 'prepared',
      archFoe: u === arch,
      rank: u.skirmish!.points,
      morale: true,
      home: { ...u.position! },
    };
  }
  strengthenArchFoe(units, strength.archFoeWounds);
  const state = newGameState({
    scenarioId: input.scenarioId,
    ruleModule: SKIRMISH_ID,
    options,
    map,
    doors,
    units,
    objective: objectiveFor(map, options, units),
    seed: input.seed,
  });
  // Each army's goal and its own side (goals.ts), from the map as drawn.
  const areas = planGoalAreas(input.map, options.scale);
  state.flow = {
    first: 'heroes',
    next: 'heroes',
    acted: [],
    enemyBudget: null,
    areas: {
      goal: { heroes: copyPoints(areas.goal.heroes), enemies: copyPoints(areas.goal.enemies) },
      side: { heroes: copyPoints(areas.side.heroes), enemies: copyPoints(areas.side.enemies) },
    },
  };
  return { ok: true, state };
}
