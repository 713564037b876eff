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

export interface Weapon {
  id: string;
  name: string;
  reach: WeaponReach;
  /** Shortest and longest range in squares (Chebyshev). `maxRange` null = any distance. */
  minRange: number;
  maxRange: number | null;
  /** Die and the roll needed (or more) to cause a wound. */
  die: number;
  hitOn: number;
  wounds: number;
  /** Not usable while any enemy of the wielder is adjacent (fireball, troll spear). */
  notWithEnemyAdjacent: boolean;
  /** Visual effect the view plays for it. */
  effect: 'slash' | 'fireball' | 'spear' | 'dagger' | 'fire' | 'staff' | 'club' | 'claw';
}

export interface HealAbility {
  usesLeft: number;
  usesMax: number;
  die: number;
  hitOn: number;
}

export interface AiComponent {
  status: EnemyStatus;
  archFoe: boolean;
  /** Strength rank for move order: higher acts first (dragon 3, troll 2, goblin 1). */
  rank: number;
  /** Subject to the optional morale rule (goblins and trolls in the Dungeon Crawl). */
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

export interface Unit {
  id: string;
  /** Shown name, e.g. "Goblin 3". */
  name: string;
  /** Kind from the rule module, e.g. 'goblin', 'fighting-man'. */
  kind: string;
  side: Side;
  /** null once defeated and removed from the board. */
  position: Point | null;
  facing: Facing;
  wounds: number;
  maxWounds: number;
  move: number;
  weapons: Weapon[];
  ai?: AiComponent;
  heal?: HealAbility;
  /** Id of an objective object this unit carries (carry-object victory). */
  carrying?: string;
  /** Carrying heroes may not attack. */
  stats: UnitStats;
}

export type VictoryKind =
  'arch-foe' | 'all-enemies' | 'minions' | 'hold' | 'defeat-count' | 'carry-object';

export interface ScenarioOptions {
  /** Optional morale rule (goblins/trolls rolling a 1 retreat). */
  morale: boolean;
  /** Arch Foe lair: 'roll' uses a d6 at the start, or a fixed lair roll band like '3-4'. */
  lair: 'roll' | string;
  victory: VictoryKind;
  /** Turns to hold the goal (hold victory), 1-3 in the seed. */
  holdTurns: number;
  /** Enemies to defeat (defeat-count victory); the turn limit is rolled, 1d6+4. */
  defeatCount: number;
  /** The game ends as a loss after this many rounds (safety limit, never reached in play). */
  maxRounds: number;
}

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

/** What the hero whose turn it is has done so far this turn. */
export interface TurnState {
  unitId: string;
  moved: boolean;
  acted: boolean;
  /** Where the hero stood and faced before its move, for undo. */
  before: { position: Point; facing: Facing } | null;
  /** False once anything irreversible happened since the move (a roll, an alert). */
  canUndo: boolean;
}

export type Phase = 'setup' | 'heroes' | 'enemies' | 'over';

/** A door from the map's object layer. A closed door is rock to movement and sight. */
export interface DoorState {
  x: number;
  y: number;
  open: boolean;
}

export interface Outcome {
  winner: Side;
  reason: string;
}

export interface GameState {
  version: 1;
  scenarioId: string;
  ruleModule: string;
  options: ScenarioOptions;
  map: BattleMap;
  units: Unit[];
  round: number;
  phase: Phase;
  turn: TurnState | null;
  /** Enemies may become alerted only after the heroes have moved once. */
  heroesHaveMoved: boolean;
  objective: ObjectiveState;
  /** Doors of the map; `map` always shows them as they are (closed = wall). */
  doors: DoorState[];
  dice: DiceState;
  /** Count of commands applied, for replay checks. */
  commandCount: number;
  outcome: Outcome | null;
}

// ---------------------------------------------------------------- commands

export type Command =
  | { type: 'start' }
  | { type: 'move'; unit: string; to: Point }
  | { type: 'face'; unit: string; facing: Facing }
  | { type: 'attack'; unit: string; target: string; weapon: string }
  | { type: 'heal'; unit: string; target: string }
  | { type: 'open-door'; unit: string; at: Point }
  | { type: 'undo-move'; unit: string }
  | { type: 'end-turn'; unit: string };

export type CommandType = Command['type'];

// ---------------------------------------------------------------- events

interface EventBase {
  /** A plain-words line for the log, e.g. "Troll 2 patrol d8 = 3: half move, then turn". */
  text: string;
}

export type GameEvent = EventBase &
  (
    | { type: 'game-started'; seed: number }
    | { type: 'round-started'; round: number }
    | { type: 'phase-started'; side: Side; round: number }
    | { type: 'turn-started'; unit: string }
    | { type: 'turn-ended'; unit: string }
    | {
        type: 'roll';
        die: number;
        value: number;
        /** What the roll was for: 'patrol', 'attack', 'heal', 'lair', 'tie-break'... */
        purpose: string;
        unit: string | null;
        /** Needed value for a success, when the roll has one. */
        need: number | null;
        success: boolean | null;
      }
    | { type: 'placed'; unit: string; at: Point }
    | { type: 'moved'; unit: string; from: Point; to: Point; path: Point[]; reason: string }
    | { type: 'faced'; unit: string; from: Facing; to: Facing; reason: string }
    | { type: 'status-changed'; unit: string; from: EnemyStatus; to: EnemyStatus; reason: string }
    | {
        type: 'attacked';
        unit: string;
        target: string;
        weapon: string;
        effect: Weapon['effect'];
        roll: number;
        need: number;
        hit: boolean;
      }
    | { type: 'wounded'; unit: string; by: string | null; wounds: number; maxWounds: number }
    | { type: 'defeated'; unit: string; by: string | null }
    | {
        type: 'healed';
        unit: string;
        target: string;
        roll: number;
        need: number;
        success: boolean;
        usesLeft: number;
      }
    | { type: 'move-undone'; unit: string; to: Point; facing: Facing }
    | { type: 'door-opened'; unit: string; at: Point }
    | {
        type: 'objective';
        what: 'picked-up' | 'dropped' | 'held' | 'returned';
        unit: string | null;
        at: Point | null;
      }
    | { type: 'game-over'; winner: Side; reason: string }
  );

export type GameEventType = GameEvent['type'];

export type CommandResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; error: string };
