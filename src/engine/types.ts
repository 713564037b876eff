/**
 * The game state, commands and events: plain, serialisable data. Entities are units
 * with optional components (ai, heal, carrying...). Nothing here holds behaviour.
 */
import type { DiceState } from './dice';
import type { Facing, Point } from './grid';
import type { BattleMap } from './map';

export type Side = 'heroes' | 'enemies';

/** Enemy AI statuses from the solo rules. Defeated units stay in the list, off the board. */
export type EnemyStatus = 'prepared' | 'patrolling' | 'alerted' | 'retreating' | 'defeated';

/** How a weapon reaches: adjacent only, or a ranged throw/blast needing a clear shot. */
export type WeaponReach = 'melee' | 'ranged';

/**
 * A weapon as the kernel sees it: its reach and range (for threat, cover and the view).
 * How it resolves (dice, target number, damage) is the rule module's, kept on the same
 * plain object by the module that made it.
 */
export interface Weapon {
  id: string;
  name: string;
  reach: WeaponReach;
  /** Shortest and longest range in squares (Chebyshev). `maxRange` null = any distance. */
  minRange: number;
  maxRange: number | null;
  /** Visual effect the view plays for it (a key into the view's effects). */
  effect: string;
}

export interface AiComponent {
  status: EnemyStatus;
  archFoe: boolean;
  /** Strength rank for move order: higher acts first. */
  rank: number;
  /** Subject to the module's optional morale rule. */
  morale: boolean;
  /** Where the unit started (the Arch Foe's lair, where retreaters run toward). */
  home: Point;
}

export interface UnitStats {
  kills: number;
  woundsTaken: number;
  woundsDealt: number;
  attacks: number;
  hits: number;
}

/**
 * Optional components of a unit. Rule modules add their own (a healer's uses, a
 * condition) by declaration merging: `declare module '.../types' { interface
 * UnitComponents { heal?: ... } }`, so the kernel never lists them.
 */
export interface UnitComponents {
  ai?: AiComponent;
  /** Id of an objective object this unit carries (carry-object victory). */
  carrying?: string;
  /** Conditions such as stunned or disabled, with the rounds they last (null: until removed). */
  conditions?: { id: string; rounds: number | null }[];
  /** Squares per side for a large figure (2 = 2x2, `position` its main, top-left square). */
  size?: number;
  /**
   * A fixed structure a scenario puts on the field (a building to destroy or defend): it
   * never moves or acts, blocks movement and lines for both sides like a wall, and can be
   * attacked; its wounds are its strength.
   */
  structure?: boolean;
  /**
   * Off the board but not killed: a reinforcement that has not come into the battle yet
   * ('reserve'), a figure that left it over the far edge ('escaped'), or a hero routed
   * from it by a failed morale check ('routed': out of the battle, alive).
   */
  offField?: 'reserve' | 'escaped' | 'routed';
  /**
   * A campaign hero's wound points that never heal (rencounter.txt); set-up already took
   * them off `maxWounds`. Absent outside campaigns and for heroes without any.
   */
  permanentWounds?: number;
}

export interface Unit extends UnitComponents {
  id: string;
  /** Shown name, e.g. "Guard 3". */
  name: string;
  /** Kind from the rule module. */
  kind: string;
  side: Side;
  /** null once defeated and removed from the board. */
  position: Point | null;
  facing: Facing;
  wounds: number;
  maxWounds: number;
  move: number;
  weapons: Weapon[];
  stats: UnitStats;
}

export type VictoryKind =
  'arch-foe' | 'all-enemies' | 'minions' | 'hold' | 'defeat-count' | 'carry-object';

export type OptionValue = string | number | boolean;

/** The options the shared victory system reads; every module's options include them. */
export type VictoryOptions = {
  victory: VictoryKind;
  /** Turns to hold the goal (hold victory), 1-3 in the seed. */
  holdTurns: number;
  /** Enemies to defeat (defeat-count victory); the turn limit is rolled, 1d6+4. */
  defeatCount: number;
  /** The game ends as a loss after this many rounds (safety limit, never reached in play). */
  maxRounds: number;
};

/** A game's options: the victory options plus the module's own, all plain values. */
export type ModuleOptions = VictoryOptions & { readonly [option: string]: OptionValue };

/** The options of a game, as the app and tools pass them around. */
export type ScenarioOptions = ModuleOptions;

export interface ObjectiveState {
  /** Squares of the goal area (hold / carry pick-up). */
  goal: Point[];
  /** Squares of the heroes' home area (carry-object return). */
  home: Point[];
  /** Consecutive rounds a hero has ended on the goal. */
  heldRounds: number;
  /** Turn limit rolled for defeat-count. */
  turnLimit: number | null;
  /** The carried object: where it lies, or who carries it. */
  object: { at: Point | null; carrier: string | null } | null;
  enemiesDefeated: number;
}

/** What the unit whose turn it is has done so far this turn. */
export interface TurnState {
  unitId: string;
  moved: boolean;
  acted: boolean;
  /** Where the unit stood and faced before its move, for undo. */
  before: { position: Point; facing: Facing } | null;
  /**
   * Whether the move may be taken back. The kernel derives it after every command: a
   * reversible move opens it, a roll or a status change closes it (see game.ts).
   */
  canUndo: boolean;
  /** The module's step within a turn (orders, move, shoot...), for modules with phases. */
  step?: string;
}

export type Phase = 'setup' | 'heroes' | 'enemies' | 'over';

/** A door from the map's object layer. A closed door is rock to movement and sight. */
export interface DoorState {
  x: number;
  y: number;
  open: boolean;
}

/**
 * How a game ended: the side that won, or null for a draw (neither side won: a Skirmish
 * scenario tied on points or run out of rounds with no one through). Saves keep commands,
 * not outcomes, so an old save replays to an outcome of this shape.
 */
export interface Outcome {
  winner: Side | null;
  reason: string;
}

export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export interface GameState {
  version: 1;
  scenarioId: string;
  /** The rule module (registry id) that runs this game. */
  ruleModule: string;
  options: ModuleOptions;
  map: BattleMap;
  units: Unit[];
  round: number;
  phase: Phase;
  turn: TurnState | null;
  /** Enemies may become alerted only after the heroes have moved once (solo rules). */
  heroesHaveMoved: boolean;
  objective: ObjectiveState;
  /** Doors of the map; `map` always shows them as they are (closed = wall). */
  doors: DoorState[];
  dice: DiceState;
  /** Count of commands applied, for replay checks. */
  commandCount: number;
  outcome: Outcome | null;
  /**
   * The module's own turn-flow data (initiative, a deck of activation cards...), plain
   * JSON; absent where a module needs none.
   */
  flow?: { readonly [key: string]: JsonValue };
  /**
   * The version of the module's rules the game is played under (absent: version 1). A
   * game keeps the version it was made with, so a save replays under its own rules.
   */
  rulesVersion?: number;
}

// ---------------------------------------------------------------- commands

/**
 * The commands, by type. The kernel's own are here; a rule module adds its own by
 * declaration merging (`interface CommandTypes { heal: {...} }`), so the union stays
 * closed for type checks and open to modules without a kernel change.
 */
export interface CommandTypes {
  start: Record<never, never>;
  move: { unit: string; to: Point };
  face: { unit: string; facing: Facing };
  attack: { unit: string; target: string; weapon: string };
  'open-door': { unit: string; at: Point };
  'undo-move': { unit: string };
  'end-turn': { unit: string };
  /** A question to the solo oracle (any time, any rule set): rolls and logs the answer. */
  oracle: { question: 'next' | 'yes-no' | 'secret'; about: string; lastPlace?: boolean };
}

export type Command = {
  [K in keyof CommandTypes]: { type: K } & CommandTypes[K];
}[keyof CommandTypes];

export type CommandType = Command['type'];

/** The command of one type. */
export type CommandOf<K extends CommandType> = Extract<Command, { type: K }>;

// ---------------------------------------------------------------- events

/**
 * The events, by type; every event also has `text`, a plain-words line for the log
 * ("Guard 2 patrol d8 = 3: half move, then turn"). Modules add theirs by declaration
 * merging, as with commands.
 */
export interface EventTypes {
  'game-started': { seed: number };
  'round-started': { round: number };
  'phase-started': { side: Side; round: number };
  'turn-started': { unit: string };
  'turn-ended': { unit: string };
  roll: {
    die: number;
    value: number;
    /** What the roll was for: 'patrol', 'attack', 'heal', 'lair', 'tie-break'... */
    purpose: string;
    unit: string | null;
    /** Needed value for a success, when the roll has one. */
    need: number | null;
    success: boolean | null;
    /**
     * For a roll that picks one figure: the figures it picks among, face 1 first (fog of
     * war shows such a roll only as far as the heroes see them).
     */
    picks?: string[];
  };
  placed: { unit: string; at: Point };
  moved: { unit: string; from: Point; to: Point; path: Point[]; reason: string };
  faced: { unit: string; from: Facing; to: Facing; reason: string };
  'status-changed': { unit: string; from: EnemyStatus; to: EnemyStatus; reason: string };
  attacked: {
    unit: string;
    target: string;
    weapon: string;
    effect: string;
    roll: number;
    need: number;
    hit: boolean;
  };
  wounded: { unit: string; by: string | null; wounds: number; maxWounds: number };
  defeated: { unit: string; by: string | null };
  'move-undone': { unit: string; to: Point; facing: Facing };
  'door-opened': { unit: string; at: Point };
  objective: {
    what: 'picked-up' | 'dropped' | 'held' | 'returned';
    unit: string | null;
    at: Point | null;
  };
  /** `winner` null: a draw. */
  'game-over': { winner: Side | null; reason: string };
  /** A choice an enemy made and why ("takes its spear: its best chance to wound"). */
  decision: { unit: string };
  oracle: { question: 'next' | 'yes-no' | 'secret'; about: string; roll: number; answer: string };
}

/** The rule book and section an event served, for the dice log's tag. */
export interface RuleRef {
  /** The seed file's short title ("Dungeon Crawl", "Solo rules", "LOS & cover"). */
  book: string;
  section: string;
}

export type GameEvent = {
  [K in keyof EventTypes]: { type: K; text: string; rule?: RuleRef } & EventTypes[K];
}[keyof EventTypes];

export type GameEventType = GameEvent['type'];

/** The event of one type. */
export type EventOf<K extends GameEventType> = Extract<GameEvent, { type: K }>;

export type CommandResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: string };
