/**
 * Building a new game state from a map and options: units from the map's objects
 * under the Dungeon Crawl rule module, objectives, dice. No dice are rolled here: the
 * first command ('start') rolls the lair and runs the enemies' first turn.
 */
import { createDiceState } from './dice';
import { isFacing, type Facing, type Point } from './grid';
import { isInside, isTerrainPassable, terrainAt, type BattleMap, type MapObject } from './map';
import { DUNGEON_CRAWL_UNITS, HERO_ORDER } from './rulesets/dungeon-crawl';
import { DEFAULT_OPTIONS } from './scenarios';
import { applyDoorsToMap } from './systems/doors';
import type { DoorState, GameState, ObjectiveState, ScenarioOptions, Unit } from './types';

export interface GameConfig {
  scenarioId: string;
  map: BattleMap;
  seed: number;
  options?: Partial<ScenarioOptions>;
}

export type SetupResult = { ok: true; state: GameState } | { ok: false; error: string };

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

function objectFacing(obj: MapObject, fallback: Facing): Facing {
  if (obj.facing !== undefined && isFacing(obj.facing)) return obj.facing;
  const prop = obj.properties.facing;
  if (typeof prop === 'string' && prop in FACING_BY_NAME) return FACING_BY_NAME[prop];
  if (isFacing(prop)) return prop;
  return fallback;
}

function titleCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function objectSquares(obj: MapObject): Point[] {
  const squares: Point[] = [];
  for (let dy = 0; dy < Math.max(1, obj.height); dy++) {
    for (let dx = 0; dx < Math.max(1, obj.width); dx++)
      squares.push({ x: obj.x + dx, y: obj.y + dy });
  }
  return squares;
}

/** Merges options over the defaults, keeping only sane values. */
export function normaliseOptions(options: Partial<ScenarioOptions> | undefined): ScenarioOptions {
  const o = { ...DEFAULT_OPTIONS, ...(options ?? {}) };
  return {
    morale: o.morale === true,
    lair: typeof o.lair === 'string' ? o.lair : 'roll',
    victory: o.victory,
    holdTurns: Number.isFinite(o.holdTurns) ? Math.max(1, Math.min(3, Math.trunc(o.holdTurns))) : 2,
    defeatCount: Number.isFinite(o.defeatCount) ? Math.max(1, Math.trunc(o.defeatCount)) : 6,
    maxRounds: Number.isFinite(o.maxRounds)
      ? Math.max(1, Math.min(1000, Math.trunc(o.maxRounds)))
      : 60,
  };
}

/** Creates the state of a new game (phase 'setup'); the first command must be 'start'. */
/**
 * Doors from the map's `door` objects: open when the object says `open: true`, or when it
 * has no `open` property and lies on passable ground (an open-door tile); else closed.
 */
function doorsOf(map: BattleMap): DoorState[] {
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

export function createGame(config: GameConfig): SetupResult {
  const doors = doorsOf(config.map);
  const map = applyDoorsToMap(config.map, doors);
  const options = normaliseOptions(config.options);
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
    const archFoe = obj.properties.archFoe === true || kind === 'dragon';
    const made = makeUnit(kind, obj, objectFacing(obj, 4), usedIds, kindCounts, archFoe);
    if (typeof made === 'string') return { ok: false, error: made };
    units.push(made);
  }
  // Names with numbers only where a kind repeats ("Goblin 3", but "Dragon").
  for (const u of units) {
    const def = DUNGEON_CRAWL_UNITS[u.kind];
    const n = Number(u.id.split('-').pop());
    u.name =
      (kindCounts.get(u.kind) ?? 0) > 1 && Number.isInteger(n) ? `${def.name} ${n}` : def.name;
  }
  for (const u of units) {
    const p = u.position!;
    if (!isInside(map, p) || !isTerrainPassable(terrainAt(map, p.x, p.y))) {
      return {
        ok: false,
        error: `${u.name} is placed on a square it cannot stand on (${p.x}, ${p.y}).`,
      };
    }
    if (units.some((o) => o !== u && o.position!.x === p.x && o.position!.y === p.y)) {
      return { ok: false, error: `Two figures are placed on the same square (${p.x}, ${p.y}).` };
    }
  }

  const archFoe = units.find((u) => u.ai?.archFoe);
  const goalObjects = map.objects.filter((o) => o.kind === 'objective' || o.kind === 'goal');
  const exitObjects = map.objects.filter((o) => o.kind === 'exit');
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
  const objective: ObjectiveState = {
    goal,
    home,
    heldRounds: 0,
    turnLimit: null,
    object:
      options.victory === 'carry-object' && goal.length > 0 ? { at: goal[0], carrier: null } : null,
    enemiesDefeated: 0,
  };

  const state: GameState = {
    version: 1,
    scenarioId: config.scenarioId,
    ruleModule: 'dungeon-crawl',
    options,
    map,
    units,
    round: 0,
    phase: 'setup',
    turn: null,
    heroesHaveMoved: false,
    objective,
    doors,
    dice: createDiceState(config.seed),
    commandCount: 0,
    outcome: null,
  };
  return { ok: true, state };
}

function makeUnit(
  kind: string,
  obj: MapObject,
  facing: Facing,
  usedIds: Set<string>,
  kindCounts: Map<string, number>,
  archFoe: boolean,
): Unit | string {
  const def = DUNGEON_CRAWL_UNITS[kind];
  if (!def)
    return `Object "${obj.name || obj.kind}" at (${obj.x}, ${obj.y}) has an unknown unit kind "${kind}".`;
  const count = (kindCounts.get(kind) ?? 0) + 1;
  kindCounts.set(kind, count);
  let id = `${kind}-${count}`;
  while (usedIds.has(id)) id = `${id}x`;
  usedIds.add(id);
  const unit: Unit = {
    id,
    name: titleCase(def.name),
    kind,
    side: def.side,
    position: { x: obj.x, y: obj.y },
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
      home: { x: obj.x, y: obj.y },
    };
  }
  if (def.heal) unit.heal = { ...def.heal, usesLeft: def.heal.usesMax };
  return unit;
}
