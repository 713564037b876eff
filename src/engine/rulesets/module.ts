/**
 * The seam between the kernel and a rule set. A rule module owns everything a rule book
 * decides: its unit kinds, options, set-up, turn flow, commands, how a command resolves,
 * the checks run after every action, enemy activation, the hero autopilot, the attack
 * preview and the texts the view shows. The kernel (grid, map index, line of sight,
 * pathing, dice, events, reducer, replay and the shared systems) knows no module by name:
 * a game state names its module and everything resolves through the registry.
 *
 * Everything a module puts into the state, its commands and its events is plain,
 * serialisable data. Design notes: docs/architecture.md.
 */
import type { DeckView } from '../deck';
import type { EventShows, ShowTone } from '../event-show';
import type { Point } from '../grid';
import type { CoverLevel, CoverLine } from '../los';
import type { BattleMap } from '../map';
import type { PhaseView } from '../phases';
import type { GeneratedBoard } from '../systems/boards';
import type { Context } from '../systems/context';
import type { EnemyIntent } from '../systems/intent';
import type {
  Command,
  GameEvent,
  GameState,
  ModuleOptions,
  OptionValue,
  RuleRef,
  Side,
  Unit,
  VictoryKind,
  Weapon,
} from '../types';

// ------------------------------------------------------------------ options

interface OptionSpecBase {
  /** Key in the game state's `options`. */
  id: string;
  label: string;
  /** One sentence for a tooltip, in our own words. */
  help: string;
  /** Shown only while another option has this value (e.g. a count for one victory kind). */
  showWhen?: { option: string; equals: OptionValue };
}

/**
 * One value of a choice. `unavailable`: why it cannot be picked here (the map cannot host
 * it, say), in plain words; the Setup screen shows it greyed with that reason.
 */
export interface OptionChoice {
  value: string;
  label: string;
  unavailable?: string;
}

/**
 * One option as the Setup screen draws it, without knowing the module: a toggle, a
 * choice among values, or a whole number in a range.
 */
export type OptionSpec = OptionSpecBase &
  (
    | { kind: 'toggle'; default: boolean }
    | { kind: 'choice'; default: string; choices: readonly OptionChoice[] }
    | {
        kind: 'number';
        default: number;
        min: number;
        max: number;
        /** The values offered as buttons (any whole number in range is valid). */
        presets: readonly number[];
      }
  );

/**
 * A scenario's mark on the board: a side's goal area ('goal'), the area a side carries an
 * object home to ('home'), an objective marker ('objective', worth `points` victory points
 * to `side`, or to either side when null), or the object lying on the ground ('object').
 */
export interface ScenarioMark {
  kind: 'goal' | 'home' | 'objective' | 'object';
  side: Side | null;
  squares: readonly Point[];
  /** A short label in plain words ("Your goal: escape here", "4 VP for you"). */
  label: string;
  points?: number;
}

// ------------------------------------------------------------------ unit kinds

/** What the view needs to draw and sound a kind; keys into the shared art and sound banks. */
export interface UnitArt {
  /** Frame prefix in the units atlas (`${sprite}-idle-0`...). */
  sprite: string;
  /** Height of the figure on the board in pixels at zoom 1 (a square is 32). */
  height: number;
  /** Letter and colour of the token drawn when the atlas is missing. */
  letter: string;
  color: string;
  /**
   * A colour the figure's art is shown in (greyed, then tinted with it), so that kinds that
   * share a look stay apart at a glance; none: the art's own colours.
   */
  tint?: string;
  /**
   * The kind's own sounds, by name in the sound bank (`assets/audio/<name>.ogg`): its
   * attack and its fall; none: the shared sounds of the weapon's effect and a fall.
   */
  sounds?: { attack?: string; fall: string };
}

/** One kind of figure of a module: stat block, names and art. */
export interface UnitKind {
  kind: string;
  name: string;
  /** The army it serves; 'either' for rule sets where both armies muster from one roster. */
  side: Side | 'either';
  /** One line for the unit card, in our own words. */
  blurb: string;
  art: UnitArt;
  /** Squares per side (1 for a man-sized figure; 2 for a 2x2 large figure). */
  size: number;
}

// ------------------------------------------------------------------ set-up

/**
 * A persistent character coming into a battle from a campaign (and going out again). Its
 * id becomes its unit's id, so the campaign finds it in the finished battle.
 */
export interface PartyMember {
  id: string;
  name: string;
  kind: string;
  /** Wounds carried into the battle (going out: its wounds at the end, all of them if it fell). */
  wounds: number;
  /** Module-specific persistent data: plain JSON. */
  traits: Readonly<Record<string, OptionValue>>;
  /** Wound points that never heal (rencounter.txt); they lower the hero's maximum wounds. */
  permanentWounds?: number;
  /** Skill levels by the module's skill ids (`CampaignRules.skills`); absent ones start fresh. */
  skills?: Readonly<Record<string, number>>;
}

export interface SetupInput {
  scenarioId: string;
  map: BattleMap;
  seed: number;
  /** Raw options: the module normalises them (unknown keys dropped, bad values defaulted). */
  options?: Readonly<Record<string, unknown>>;
  /** A campaign's party; when absent the module fields its usual heroes. */
  party?: readonly PartyMember[];
  /** The module's rules version the game is set up under (a save's own); the current by default. */
  rulesVersion?: number;
}

export type SetupResult = { ok: true; state: GameState } | { ok: false; error: string };

/** A scenario a module brings: which bundled map, the default options and its story line. */
export interface ScenarioDefinition {
  id: string;
  name: string;
  /** Bundled map id (maps/index.json), or the id of the scenario's own `map`. */
  mapId: string;
  ruleModule: string;
  summary: string;
  defaults: ModuleOptions;
  /** A board of the scenario's own (a generated or built-in one) instead of a bundled map. */
  map?: BattleMap;
}

// ------------------------------------------------------------------ campaigns

/**
 * A skill a campaign hero improves between missions (rencounter.txt, "Campaigning and
 * Improvement between games"): rolled on `die` after a mission in which it was used, it
 * goes up by one on a roll over its level, never past `max`.
 */
export interface CampaignSkill {
  id: string;
  name: string;
  /** The die the skill is rolled on in battle, and so its improvement roll. */
  die: number;
  /** A new hero's level. */
  level: number;
  max: number;
}

/** A finished battle as a campaign reviews it: the final state, the commands and every event. */
export interface FinishedBattle {
  state: GameState;
  commands: readonly Command[];
  events: readonly GameEvent[];
}

/** How much stronger or weaker a mission's enemies are than the scenario sets them (difficulty). */
export interface EnemyStrength {
  /** Enemies other than the Arch Foe, in percent of the scenario's count (100 = as set). */
  enemyPercent: number;
  /** Wounds added to (or, negative, taken from) the Arch Foe's maximum; never below 1. */
  archFoeWounds: number;
}

/**
 * What a module tells a campaign (docs/campaigns.md): its heroes' skills, which of them a
 * hero used in a battle, a hero's wounds before permanent ones, and how a difficulty's
 * enemy strength becomes its options. The party's seating (names, carried and permanent
 * wounds, skill levels) is `setup`'s, and `partyAfter` reads it back.
 */
export interface CampaignRules {
  /** The skills a hero of `kind` improves between missions, at a new hero's levels. */
  skills(kind: string): CampaignSkill[];
  /** The ids of the skills the hero `unitId` used in `battle`. */
  skillsUsed(battle: FinishedBattle, unitId: string): string[];
  /** A hero of `kind`'s maximum wounds before permanent wounds (the Recovery action's "total health"). */
  maxWounds(kind: string): number;
  /** The options that give a mission's enemies `strength` (only the keys that differ from the default). */
  strengthOptions(strength: EnemyStrength): Record<string, OptionValue>;
}

// ------------------------------------------------------------------ commands

/**
 * How the kernel treats a command type for undo and after-action checks:
 * - 'reversible': a move that undo may take back while nothing irreversible happened;
 * - 'free': a change of facing, which neither ends nor opens the chance to undo, and
 *   runs no after-action checks (nothing it changes can be noticed);
 * - 'take-back': undo itself (no after-action checks: it restores what was);
 * - 'action': anything else; it closes undo.
 */
export type CommandKind = 'reversible' | 'free' | 'take-back' | 'action';

/** The commands that reach a module: all but those the kernel answers itself (the oracle). */
export type ModuleCommand = Exclude<Command, { type: 'oracle' }>;

export interface CommandSpec {
  kind: CommandKind;
  /**
   * The command hands the turn to the figure it names (`unit`): alternating activations'
   * choice of who acts next. The view offers it when a hero's card or figure is pressed.
   */
  activates?: boolean;
  /** Checks the fields of an untrusted command of this type (the kernel checked `type`). */
  validate(command: Readonly<Record<string, unknown>>): string | null;
}

// ------------------------------------------------------------------ previews

/**
 * How a roll resolves, as data, so the kernel can give the exact chance by enumerating
 * the dice (resolution.ts). Every kind the coming rule sets need:
 * - 'threshold': one die, success on `need` or more after `modifier` (Dungeon Crawl d6);
 * - 'advantage': the best (or worst) of two dice against `need` (d20 Skirmish);
 * - 'sequence': several rolls that must all go the attacker's way (hit, then the
 *   defence fails: `invert` on a step counts its miss as the success);
 * - 'table': a die plus modifiers read on a table of results, with an optional confirm
 *   roll for one band (Rencounter d12);
 * - 'opposed': each side rolls its dice and adds its bonus; the attacker wins by beating
 *   the defender's total (plus armour) (High Adventure).
 */
export type Resolution =
  | { kind: 'threshold'; die: number; need: number; modifier: number; invert?: boolean }
  | {
      kind: 'advantage';
      die: number;
      need: number;
      modifier: number;
      mode: 'best' | 'worst';
      /** Success is the roll missing (a defence that fails lets the attack through). */
      invert?: boolean;
    }
  | {
      kind: 'table';
      die: number;
      modifier: number;
      /** Bands of modified totals; `success` bands count toward the chance. */
      bands: readonly { min: number; max: number; result: string; success: boolean }[];
      /** A band whose success needs a second roll of `need`+ on `die`. */
      confirm?: { result: string; die: number; need: number };
    }
  | {
      /** Every step must succeed, each rolled on its own (to hit, then the defence fails). */
      kind: 'sequence';
      steps: readonly Resolution[];
    }
  | {
      kind: 'opposed';
      attacker: { dice: number; die: number; bonus: number };
      defender: { dice: number; die: number; bonus: number };
      /** Added to the defender's total (armour); the attacker needs more than it. */
      armour: number;
    };

/** One line of a breakdown: a modifier and where it comes from ("Partial cover: +1 needed"). */
export interface Modifier {
  label: string;
  value: number;
}

/** What an action would do, for the view: never computed in the view itself. */
export interface ActionPreview {
  /** Chance of success, 0..1, from enumerating the dice of `resolution`. */
  chance: number;
  resolution: Resolution | null;
  cover: CoverLevel;
  /** The modifiers that made the chance, for a breakdown tooltip. */
  modifiers: readonly Modifier[];
  /** One line in plain words ("Sword: 4+ on a d6, 50%"). */
  summary: string;
  allowed: boolean;
  reason: string | null;
  /**
   * The outcomes, when the action has more than hit or miss (a d12 damage table): each in
   * the module's words with its exact chance (resolutions.ts), summing to 1, in the order
   * the view draws them (a stacked bar and a breakdown line each).
   */
  outcomes?: readonly PreviewOutcome[];
}

/** One outcome of a previewed action: its words, its chance, and a tone the view colours. */
export interface PreviewOutcome {
  label: string;
  chance: number;
  tone: ShowTone;
}

/** A unit's ability the hero card offers as a button (e.g. healing), with its command type. */
export interface AbilityButton {
  id: string;
  label: string;
  tip: string;
  /** The command type the ability gives (its targets come from the legal commands). */
  command: string;
  usesLeft: number | null;
}

// ------------------------------------------------------------------ intent

/**
 * The odds of a roll made for the whole round, before it is rolled (the Skirmish's Random
 * Enemy Action): each row of the module's table with its chance.
 */
export interface RoundIntent {
  /** What the roll decides, in a few words ("Random Enemy Action"). */
  label: string;
  die: number;
  rows: readonly { faces: readonly [number, number]; label: string; chance: number }[];
}

/** What comes next in a module's own activation (see RuleModule.whatComesNext). */
export interface ComingNext {
  deck?: DeckView;
  phase?: PhaseView;
  /** In a few words ("Card: Rival 2 \u00b7 3 left, a Joker among them"). */
  text: string;
}

// ------------------------------------------------------------------ the module

/** A figure either army may muster (the Setup screen's muster), in the module's own words. */
export interface MusterFigure {
  kind: string;
  name: string;
  points: number;
  /** One short line: move, wounds, points, traits. */
  stats: string;
  /** Its weapons and abilities, a sentence each. */
  abilities: string[];
  art: UnitArt;
}

/** One side's army as the options hold it. */
export interface MusterArmy {
  side: Side;
  /** Its figures' kinds, in the order they set up. */
  kinds: string[];
  points: number;
  /** Its points budget. */
  budget: number;
  /** The index in `kinds` of the enemy's Arch Foe (-1: none, or the heroes). */
  archFoe: number;
}

/** A roll on a rule book's table that picks an option's value (a scenario on a d20). */
export interface OptionRoll {
  roll: number;
  value: string;
  /** The roll in words, for the screen: "d20 = 14: Fortress Assault (13-14)". */
  text: string;
}

/**
 * Optional: armies picked by points from a roster (a muster), for rule sets where the
 * player chooses both armies. Everything the Setup screen's muster shows or checks.
 */
export interface MusterRules {
  roster(options: ModuleOptions): MusterFigure[];
  army(options: ModuleOptions, side: Side): MusterArmy;
  /** The points budgets offered. */
  budgets: readonly number[];
  /** The options with a figure added to `side`'s army, or why it cannot join. */
  add(
    options: ModuleOptions,
    side: Side,
    kind: string,
  ): { ok: true; options: ModuleOptions } | { ok: false; error: string };
  /** The options with the last figure of `kind` taken out of `side`'s army. */
  remove(options: ModuleOptions, side: Side, kind: string): ModuleOptions;
  /** The options with `side`'s points budget set. */
  setBudget(options: ModuleOptions, side: Side, points: number): ModuleOptions;
  /** The options for another scenario: its default armies and budgets. */
  forScenario(options: ModuleOptions, scenario: string): ModuleOptions;
  /** What wins the battle these options set up, in plain words. */
  goal(options: ModuleOptions): string;
  /** Why the armies cannot go to battle (over budget, empty), or null. */
  problem(options: ModuleOptions): string | null;
  /**
   * Optional: a warning that does not stop the battle (armies lopsided by points), in
   * plain words, or null.
   */
  caution?(options: ModuleOptions): string | null;
  /** The option a table roll picks, the die, and what a roll gives. */
  optionRoll?: { option: string; die: number; pick(roll: number): OptionRoll | null };
}

/** What a module's board generator is asked for: a seed, a scale and maybe a shape it names. */
export interface ModuleBoardRequest {
  seed: number;
  scale: 'large' | 'small';
  /** One of the module's own shapes; an unknown one is refused in words (thrown). */
  shape?: string;
}

export interface RuleModule {
  id: string;
  name: string;
  /** The rule book it automates (a file in shared/seeds). */
  source: string;
  /**
   * The current version of the rules, bumped when a rule change makes games play
   * differently. A game records its version (`GameState.rulesVersion`) and the module
   * plays every version from 1 to this one, so a save replays under its own rules.
   */
  rulesVersion: number;
  /**
   * The oldest version this copy still plays (1 when absent). Versions before it were not
   * kept in the code, so a game of one cannot be replayed as it was played: a battle save
   * of one loads only if it replays to the very state it saved (the change did not touch
   * it), and then plays on under the current version; anything else gets a plain message.
   */
  oldestRulesVersion?: number;
  /** What changed at each rules version, in plain words (for the player and the docs). */
  rulesChanges: Readonly<Record<number, string>>;

  /**
   * The object-valued unit components the module adds (by declaration merging), which a
   * command's private copy of the state copies whole ('heal' for a healer's tries).
   */
  components: readonly string[];
  /** Every kind of figure, heroes first, in the order start squares are filled. */
  kinds: readonly UnitKind[];
  /** The default kind for an enemy object that names none (maps from other games). */
  defaultEnemyKind: string;
  /** The kinds an ASCII fixture's letters stand for (tests, benchmark, soak). */
  asciiLetters: Readonly<
    Record<string, { kind: 'hero' | 'enemy'; unit: string; archFoe?: boolean }>
  >;

  /**
   * The options to offer for a game on `map` (some depend on it, e.g. its lairs), given the
   * options chosen so far when known (a choice the map cannot host at one scale it may at
   * another).
   */
  optionSpecs(map: BattleMap | null, options?: ModuleOptions): OptionSpec[];
  /**
   * Options merged over the defaults, only sane values kept. With `map`, the map's own
   * properties (victory, morale...) are the defaults the raw options override.
   */
  normaliseOptions(
    raw: Readonly<Record<string, unknown>> | undefined,
    map?: BattleMap,
  ): ModuleOptions;
  victoryKinds: readonly VictoryKind[];
  scenarios: readonly ScenarioDefinition[];

  /** Adds hero and enemy objects to a map drawn without them, by the book's placement rule. */
  addDefaultPlacement(
    map: BattleMap,
    heroCount: number,
  ): { ok: true; map: BattleMap } | { ok: false; error: string };
  /** Builds the state of a new game (phase 'setup'); the first command must be 'start'. */
  setup(input: SetupInput): SetupResult;
  /** The party as it leaves a battle, for a campaign. */
  partyAfter(state: GameState): PartyMember[];
  /** What a campaign needs of the module; a module without it cannot host campaign missions. */
  campaign?: CampaignRules;

  /** The command types beyond the kernel's own, and how each is checked. */
  commands: Readonly<Record<string, CommandSpec>>;
  /** Applies a checked command to the draft in `ctx`; returns an error sentence or null. */
  apply(ctx: Context, command: ModuleCommand): string | null;
  /** Every legal command for whoever acts now ('start' in the setup phase). */
  legalCommands(state: GameState): Command[];
  /**
   * Runs once after every action (a command, or one step of an enemy's activation):
   * awareness, morale, victory. Must change nothing when nothing has happened since.
   */
  afterAction(ctx: Context): void;
  /**
   * Whether figures block sight between two others (miniatures-los-cover: a line through
   * "a wall or another character" is blocked), for noticing and for facing the closest
   * hero in sight. Walls and sight-blocking squares always block.
   */
  figuresBlockSight(state: GameState): boolean;
  /** Whether `unit` picks up the objective it ends a move on (carry-object victory). */
  mayCarryObjective(state: GameState, unit: Unit): boolean;
  /**
   * A unit has entered dangerous ground (the walk set it there), or ends its turn on it:
   * roll as the rules say and return the wounds it takes (0 to walk on). `how` words it
   * for the log ('enters', 'ends its turn on').
   */
  dangerousGround(ctx: Context, unit: Unit, at: Point, how: 'enters' | 'ends its turn on'): number;
  /**
   * Optional: called after each square of a walk, with the unit already on `to`, for
   * reactions in the other side's turn (opportunity fire). Returns false to stop the walk
   * there (the unit fell, or the reaction halts it). Modules without reactions leave it
   * out, and walks then cost nothing extra.
   */
  afterStep?(ctx: Context, unit: Unit, from: Point, to: Point): boolean;
  /** The hero autopilot: the next command for whoever acts, or null when none. */
  chooseHeroCommand(state: GameState): Command | null;

  /** Heroes in the order they act this round (the view's cards, "waiting" / "done"). */
  heroOrder(state: GameState): Unit[];
  /** Weapons best first: the one to offer and the one an enemy fights with. */
  rankWeapons(unit: Unit): Weapon[];
  /** What `command` would do (attacks, heals...): chance, cover, modifiers, why not. */
  previewAction(state: GameState, command: Command): ActionPreview | null;
  /** The cover `target` has from `viewer` standing at `from` (the line-of-sight preview). */
  coverBetween(state: GameState, viewer: Unit, from: Point, to: Point): CoverLevel;
  /**
   * The corner-to-corner lines that decide `coverBetween` (the line-of-sight preview draws
   * them, open or blocked, by the same blocking rule); empty where no lines decide it (the
   * same or adjacent squares). Optional: without it the preview draws no corner lines.
   */
  coverLinesBetween?(state: GameState, viewer: Unit, from: Point, to: Point): CoverLine[];
  /**
   * Optional: what `enemy` will do on its next activation, with the odds, worked out from the
   * module's own tables and its own activation on copies of the state (systems/intent.ts):
   * a patrol table's outcomes, or an alerted enemy's likely square and strike. Null: nothing
   * to show. The game's dice never move.
   */
  enemyIntent?(state: GameState, enemy: Unit): EnemyIntent | null;
  /** Optional: the odds of the round's own roll before it is made (null when it is off). */
  roundIntent?(state: GameState): RoundIntent | null;
  /**
   * Optional, for a module that owns its activation (a card deck, a turn of phases): what
   * comes next, as data (deck.ts deckView, phases.ts phaseView) and in a few words the
   * screen shows. Null: nothing to show now.
   */
  whatComesNext?(state: GameState): ComingNext | null;
  /**
   * Optional: whether a large figure (size > 1) plans its way toward a far goal over the
   * squares where its whole base fits (systems/movement.ts wholeBaseGrid), so that it can
   * end a turn anywhere on the plan; without it (or false) it plans by its main square
   * alone. Either way each turn's walk follows largeMoverGrid.
   */
  plansWithBase?(state: GameState): boolean;
  /**
   * Optional: whether the kernel's choices of "the nearest" figure (systems/pursuit.ts
   * chooseNearestHero, an alerted enemy facing the closest hero in systems/sight.ts) count
   * to the nearest square of a large figure's base, from the chooser's main square; without
   * it (or false) from main square to main square.
   */
  measuresToBase?(state: GameState): boolean;
  /**
   * Optional: the rule the dice log names for the die that picks among equally near heroes
   * (systems/pursuit.ts chooseNearestHero); without it, the solitaire rules' III "Alerted".
   */
  nearestHeroTieRule?: RuleRef;
  /** Lines for the unit card (status, weapons, what it is doing). */
  describeUnit(state: GameState, unit: Unit): string[];
  /** A weapon in a line, for its button tooltip. */
  describeWeapon(weapon: Weapon): string;
  /** A weapon's button label, with its chance ("Sword 67%"). */
  weaponLabel(weapon: Weapon): string;
  abilities(unit: Unit): AbilityButton[];
  /** The victory condition in plain words, with progress ("Hold the spot (1 of 2 turns)"). */
  describeObjective(state: GameState): string;
  /**
   * Optional: what the scenario marks on the board (goal areas, objective markers with their
   * victory points, the object to carry), for the view to draw; none when absent.
   */
  scenarioMarks?(state: GameState): ScenarioMark[];
  /** Optional: a muster by points for both armies (the Setup screen offers it). */
  muster?: MusterRules;
  /**
   * Optional: the module's own generated board (the Skirmish's random battlefield), offered
   * to the scenario list and the map tools as a board kind named by the module's id; its
   * boards are played under the module.
   */
  generateBoard?(request: ModuleBoardRequest): GeneratedBoard;
  /**
   * How the module's own events are shown (animated, sounded, logged), by event type; the
   * view knows only the kernel's events and reads the rest from here (event-show.ts).
   * A shared system's events come with their show (systems/healing.ts HEALED_SHOW).
   */
  eventShows?: EventShows;
}
