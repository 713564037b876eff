/**
 * Building a new game: `createGame` finds the rule module (the one asked for, else the
 * map's `ruleModule` property when that module is installed, else the default) and lets
 * it set the game up. The pieces every module's set-up shares are here: doors from the
 * map's objects, facings and squares of objects, names, placement checks, the objective
 * and the state record. No dice are rolled here: the first command ('start') does that.
 */
import { createDiceState, CURRENT_DICE_VERSION, whyDiceVersionFails } from './dice';
import { isFacing, type Facing, type Point } from './grid';
import { isInside, isTerrainPassable, terrainAt, type BattleMap, type MapObject } from './map';
import type { PartyMember, RuleModule, SetupResult } from './rulesets/module';
import { defaultRuleModule, findRuleModule } from './rulesets/registry';
import { applyDoorsToMap } from './systems/doors';
import type { DoorState, GameState, ModuleOptions, ObjectiveState, Unit } from './types';

export type { SetupResult } from './rulesets/module';

export interface GameConfig {
  scenarioId: string;
  map: BattleMap;
  seed: number;
  /** Raw options; the module normalises them. */
  options?: Readonly<Record<string, unknown>>;
  /** The rule module's id; by default the map's `ruleModule` property, else the default module. */
  ruleModule?: string;
  /** A campaign's party coming into the battle. */
  party?: readonly PartyMember[];
  /** The module's rules version to play under (a save's own); the current one by default. */
  rulesVersion?: number;
  /**
   * How the seed becomes the dice (src/engine/dice.ts): a save's own (1 for saves made
   * before dice versions were kept); the current one by default.
   */
  diceVersion?: number;
}

/** The module a game on `map` uses: `asked`, else the map's own property, else the default. */
export function ruleModuleFor(map: BattleMap, asked?: string) {
  return findRuleModule(asked) ?? findRuleModule(map.properties.ruleModule) ?? defaultRuleModule();
}

/** Creates the state of a new game (phase 'setup'); the first command must be 'start'. */
export function createGame(config: GameConfig): SetupResult {
  if (config.ruleModule !== undefined && !findRuleModule(config.ruleModule)) {
    return { ok: false, error: `There is no rule module "${config.ruleModule}".` };
  }
  const rules = ruleModuleFor(config.map, config.ruleModule);
  const version = config.rulesVersion ?? rules.rulesVersion;
  const oldest = oldestRulesVersion(rules);
  if (Number.isInteger(version) && version >= 1 && version < oldest)
    return { ok: false, error: olderRulesMessage(rules, version) };
  if (!Number.isInteger(version) || version < 1 || version > rules.rulesVersion) {
    return {
      ok: false,
      error: `This game asks for version ${String(version)} of the ${rules.name} rules; this copy of the game has versions ${oldest} to ${rules.rulesVersion}.`,
    };
  }
  const diceVersion = config.diceVersion ?? CURRENT_DICE_VERSION;
  const badDice = whyDiceVersionFails(diceVersion);
  if (badDice) return { ok: false, error: badDice };
  const made = rules.setup(config);
  if (made.ok && version > 1) made.state.rulesVersion = version;
  // No die is rolled in set-up, so the dice can be made here for the version asked.
  if (made.ok) made.state.dice = createDiceState(made.state.dice.seed, diceVersion);
  return made;
}

/** The oldest rules version `rules` still plays (see RuleModule.oldestRulesVersion). */
export function oldestRulesVersion(rules: Pick<RuleModule, 'oldestRulesVersion'>): number {
  return rules.oldestRulesVersion ?? 1;
}

/** The plain message for a game of a rules version this copy no longer plays. */
export function olderRulesMessage(
  rules: Pick<RuleModule, 'name' | 'rulesVersion' | 'oldestRulesVersion' | 'rulesChanges'>,
  version: number,
): string {
  const oldest = oldestRulesVersion(rules);
  const plays =
    oldest === rules.rulesVersion
      ? `only version ${oldest}`
      : `versions ${oldest} to ${rules.rulesVersion}`;
  const changes = Object.entries(rules.rulesChanges)
    .filter(([v]) => Number(v) > version)
    .map(([, text]) => text)
    .join(' ');
  return (
    `This game was made with older rules (version ${version} of the ${rules.name} rules); ` +
    `this copy plays ${plays}, so it cannot be replayed as it was ` +
    `played.${changes ? ` Since then: ${changes}` : ''}`
  );
}

/** The rules version a game is played under (1 for games made before versions were kept). */
export function rulesVersionOf(state: Pick<GameState, 'rulesVersion'>): number {
  return state.rulesVersion ?? 1;
}

/** Merges options over the module's defaults (the map's module unless one is named). */
export function normaliseOptions(
  options: Readonly<Record<string, unknown>> | undefined,
  ruleModule?: string,
): ModuleOptions {
  const rules = findRuleModule(ruleModule) ?? defaultRuleModule();
  return rules.normaliseOptions(options);
}

const FACING_BY_NAME: Record<string, Facing> = {
  north: 0,
  'north-east': 1,
  east: 2,
  'south-east': 3,
  south: 4,
  'south-west': 5,
  west: 6,
  'north-west': 7,
};

/** An object's facing: its own field, else its `facing` property (a word or 0-7), else `fallback`. */
export function objectFacing(obj: MapObject, fallback: Facing): Facing {
  if (obj.facing !== undefined && isFacing(obj.facing)) return obj.facing;
  const prop = obj.properties.facing;
  if (typeof prop === 'string' && prop in FACING_BY_NAME) return FACING_BY_NAME[prop];
  if (isFacing(prop)) return prop;
  return fallback;
}

/** The squares an object covers (1x1 for a point object). */
export function objectSquares(obj: MapObject): Point[] {
  const squares: Point[] = [];
  for (let dy = 0; dy < Math.max(1, obj.height); dy++) {
    for (let dx = 0; dx < Math.max(1, obj.width); dx++)
      squares.push({ x: obj.x + dx, y: obj.y + dy });
  }
  return squares;
}

/**
 * Doors from the map's `door` objects: open when the object says `open: true`, or when it
 * has no `open` property and lies on passable ground (an open-door tile); else closed.
 */
export function doorsOf(map: BattleMap): DoorState[] {
  const doors: DoorState[] = [];
  const seen = new Set<string>();
  for (const obj of map.objects.filter((o) => o.kind === 'door')) {
    for (const p of objectSquares(obj)) {
      const t = terrainAt(map, p.x, p.y);
      if (!isInside(map, p) || t === 'void' || seen.has(`${p.x},${p.y}`)) continue;
      seen.add(`${p.x},${p.y}`);
      const said = obj.properties.open;
      doors.push({ x: p.x, y: p.y, open: typeof said === 'boolean' ? said : isTerrainPassable(t) });
    }
  }
  return doors;
}

/** A fresh unit id for `kind` ("guard-3"), unique among `usedIds` (which it joins). */
export function nextUnitId(
  kind: string,
  usedIds: Set<string>,
  kindCounts: Map<string, number>,
): string {
  const count = (kindCounts.get(kind) ?? 0) + 1;
  kindCounts.set(kind, count);
  let id = `${kind}-${count}`;
  while (usedIds.has(id)) id = `${id}x`;
  usedIds.add(id);
  return id;
}

/** Names with numbers only where a kind repeats ("Guard 3", but "Warlord"). */
export function numberNames(
  units: Unit[],
  kindCounts: ReadonlyMap<string, number>,
  nameOf: (kind: string) => string,
): void {
  for (const u of units) {
    const n = Number(u.id.split('-').pop());
    const name = nameOf(u.kind);
    u.name = (kindCounts.get(u.kind) ?? 0) > 1 && Number.isInteger(n) ? `${name} ${n}` : name;
  }
}

/**
 * Names numbered within each army, where both armies field the same kinds (one roster):
 * "Swordsman 1", "Swordsman 2" for the heroes and "Enemy Swordsman 1" for the enemy, a
 * number only where a kind repeats in that army, and every enemy's name saying whose it is
 * (`enemyWord`), so that a line of the log tells the armies apart. Ids stay as they are.
 */
export function numberNamesBySide(
  units: readonly Unit[],
  nameOf: (kind: string) => string,
  enemyWord = 'Enemy',
): void {
  for (const side of ['heroes', 'enemies'] as const) {
    const army = units.filter((u) => u.side === side);
    const counts = new Map<string, number>();
    for (const u of army) counts.set(u.kind, (counts.get(u.kind) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const u of army) {
      const n = (seen.get(u.kind) ?? 0) + 1;
      seen.set(u.kind, n);
      const name = side === 'enemies' ? `${enemyWord} ${nameOf(u.kind)}` : nameOf(u.kind);
      u.name = counts.get(u.kind)! > 1 ? `${name} ${n}` : name;
    }
  }
}

/** Why the units cannot start where they stand (rock, off the board, two on a square), or null. */
export function whyPlacementFails(map: BattleMap, units: readonly Unit[]): string | null {
  for (const u of units) {
    const p = u.position!;
    if (!isInside(map, p) || !isTerrainPassable(terrainAt(map, p.x, p.y))) {
      return `${u.name} is placed on a square it cannot stand on (${p.x}, ${p.y}).`;
    }
    if (units.some((o) => o !== u && o.position!.x === p.x && o.position!.y === p.y)) {
      return `Two figures are placed on the same square (${p.x}, ${p.y}).`;
    }
  }
  return null;
}

/**
 * The objective of the solo rules' victory conditions: the goal squares (the map's goal
 * objects, else the Arch Foe's square), the heroes' home (exits, else their starts) and
 * the object to carry.
 */
export function objectiveFor(
  map: BattleMap,
  options: ModuleOptions,
  units: readonly Unit[],
): ObjectiveState {
  const archFoe = units.find((u) => u.ai?.archFoe);
  const goalObjects = map.objects.filter((o) => o.kind === 'objective' || o.kind === 'goal');
  const exitObjects = map.objects.filter((o) => o.kind === 'exit');
  const heroObjects = map.objects.filter((o) => o.kind === 'hero');
  const goal =
    goalObjects.length > 0
      ? goalObjects.flatMap(objectSquares)
      : archFoe
        ? [archFoe.position!]
        : [];
  const home =
    exitObjects.length > 0
      ? exitObjects.flatMap(objectSquares)
      : heroObjects.map((o) => ({ x: o.x, y: o.y }));
  return {
    goal,
    home,
    heldRounds: 0,
    turnLimit: null,
    object:
      options.victory === 'carry-object' && goal.length > 0 ? { at: goal[0], carrier: null } : null,
    enemiesDefeated: 0,
  };
}

/** The state record of a new game, in phase 'setup', with the doors shown on its map. */
export function newGameState(input: {
  scenarioId: string;
  ruleModule: string;
  options: ModuleOptions;
  map: BattleMap;
  doors: DoorState[];
  units: Unit[];
  objective: ObjectiveState;
  seed: number;
}): GameState {
  return {
    version: 1,
    scenarioId: input.scenarioId,
    ruleModule: input.ruleModule,
    options: input.options,
    map: input.map,
    units: input.units,
    round: 0,
    phase: 'setup',
    turn: null,
    heroesHaveMoved: false,
    objective: input.objective,
    doors: input.doors,
    dice: createDiceState(input.seed),
    commandCount: 0,
    outcome: null,
  };
}

/** The map with its doors shown as they start (closed doors are rock). */
export function mapWithDoors(map: BattleMap): { map: BattleMap; doors: DoorState[] } {
  const doors = doorsOf(map);
  return { map: applyDoorsToMap(map, doors), doors };
}

/** A campaign hero's maximum wounds: the kind's, less its permanent wounds, never below 1. */
export function maxWoundsAfterPermanent(kindMaximum: number, permanentWounds: number): number {
  return Math.max(1, kindMaximum - Math.max(0, Math.trunc(permanentWounds)));
}

/**
 * Seats a campaign's party member on a unit made for its kind: its id and name, its
 * permanent wounds taken off the maximum (never below 1), and the wounds it carries (never
 * so many that it starts the battle fallen). Skills are the module's to seat.
 */
export function seatPartyMember(unit: Unit, member: PartyMember): void {
  unit.id = member.id;
  unit.name = member.name;
  const permanent = Math.max(0, Math.trunc(member.permanentWounds ?? 0));
  if (permanent > 0) {
    unit.permanentWounds = permanent;
    unit.maxWounds = maxWoundsAfterPermanent(unit.maxWounds, permanent);
  }
  unit.wounds = Math.max(0, Math.min(unit.maxWounds - 1, Math.trunc(member.wounds)));
}

/** A hero as it leaves a battle (`partyAfter`): its wounds, permanent wounds and skill levels. */
export function partyMemberOf(unit: Unit, skills: Readonly<Record<string, number>>): PartyMember {
  return {
    id: unit.id,
    name: unit.name,
    kind: unit.kind,
    wounds: unit.wounds,
    traits: {},
    permanentWounds: unit.permanentWounds ?? 0,
    skills,
  };
}
