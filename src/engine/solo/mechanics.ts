/**
 * The seam between the solo layer (solitaire-gaming-rules III, IV, VIII: statuses, the
 * patrol table, alerted behaviour, combat tactics, morale) and the rule module whose
 * opponent it runs. The layer decides what an enemy does; the module says how its world
 * works: its chance to hit with a weapon, how a blow resolves, its morale test, which
 * weapons a figure carries and where its goals are (how far it walks is its Unit.move).
 * A module builds one `SoloMechanics` object and hands it to the layer's procedures
 * (enemy.ts, tactics.ts), and a `SoloMorale` to morale.ts; the layer imports nothing of
 * any module.
 */
import type { Point } from '../grid';
import type { Context } from '../systems/context';
import type { GameState, RuleRef, Side, Unit, Weapon } from '../types';

/** The 18 combat tactics of IV, by their names in the seed. */
export type Tactic =
  | 'ambitious'
  | 'cautious'
  | 'commanding'
  | 'controlling'
  | 'curious'
  | 'determined'
  | 'dramatic'
  | 'efficient'
  | 'negotiating'
  | 'opportunistic'
  | 'partnership'
  | 'pragmatic'
  | 'quick'
  | 'reckless'
  | 'selective'
  | 'slaying'
  | 'unexpected'
  | 'vengeful';

/** A rule of the solitaire gaming rules, for a roll's or a decision's log line. */
export const SOLO_RULES = (section: string): RuleRef => ({ book: 'Solitaire rules', section });

/**
 * What a module tells the layer. `W` is the module's weapon, `A` its assessment of one
 * attack (what its preview computes), read back through `attackFailsWhy`, `isBlindAttack`
 * and `hitChance`, so the layer asks the module once per attacker, target and weapon.
 */
export interface SoloMechanics<W extends Weapon = Weapon, A = unknown> {
  // ---------------------------------------------------------------- figures and weapons
  // How far a figure walks is its `move` (the kernel's Unit field, which the shared
  // movement and pursuit systems read too): a module whose allowance changes (less a
  // wound, a rolled move) keeps it current, so the layer and the systems never disagree.
  weaponsOf(unit: Unit): readonly W[];
  /** The weapon's attack on `target` now, from where `attacker` stands. */
  assessAttack(state: GameState, attacker: Unit, target: Unit, weapon: W): A;
  /** Why the assessed attack may not be made, or null. */
  attackFailsWhy(attack: A): string | null;
  /** A blind attack (a wild shot at a foe out of sight): a last resort, not a weapon's chance. */
  isBlindAttack(attack: A): boolean;
  /** The chance the assessed attack hits (0 when it may not be made). */
  hitChance(attack: A): number;
  /** The most `weapon` can hit on for `unit` in range with a clear line, every advantage it may get. */
  ceilingChance(unit: Unit, weapon: W): number;
  /** Its chance in range with a clear line, as it stands (when nothing is in range this turn). */
  clearChance(unit: Unit, weapon: W): number;
  /** How much damage the weapon does, for ranking ("the weapon that can do the most damage"). */
  damageRank(weapon: W): number;
  /** Resolves the attack (its dice, wounds and events). */
  attack(ctx: Context, attacker: Unit, target: Unit, weapon: W): void;
  /** A showy weapon (area, burst, stunning): the Dramatic tactic favours it. */
  isShowy(weapon: W): boolean;
  /** The squares `unit`'s area weapon strikes when aimed at `at`, or null without one (Controlling). */
  areaStruck(state: GameState, unit: Unit, at: Point): Point[] | null;

  // ---------------------------------------------------------------- measuring
  /** How far `unit` is from `from` (for the nearest, the order, keeping a distance). */
  distanceTo(state: GameState, from: Point, unit: Unit): number;
  /** The square of `unit` a figure at `from` heads for, faces or turns from. */
  squareOf(state: GameState, from: Point, unit: Unit & { position: Point }): Point;
  /** Whether a door is judged by the distance to a figure's base (pursuit's doorWorthOpening). */
  measuresToBase(state: GameState): boolean;

  // ---------------------------------------------------------------- traits and options
  tacticOf(unit: Unit): Tactic | null;
  /** What a figure is worth (Ambitious goes for the greatest threat). */
  pointsOf(unit: Unit): number;
  /** The foe it attacked last (Determined finishes it first). */
  lastTargetOf(unit: Unit): string | null;
  /** Whether Prepared enemies patrol by the d20 table (III) instead of waiting. */
  patrols(state: GameState): boolean;
  /** Why a figure does nothing this turn (stunned...), for the intent overlay; null: it acts. */
  idleWhy(state: GameState, unit: Unit): string | null;

  // ---------------------------------------------------------------- goals (III "Goal Locations")
  /** Its own scenario goal (the objective Curious and Opportunistic look at first), or null. */
  objectiveFor(state: GameState, unit: Unit): Point | null;
  /** The nearest goal location it makes for when it can attack no one, or null. */
  goalLocation(state: GameState, unit: Unit): Point | null;
  /**
   * Where an enemy spending its whole turn on a goal (an unaware racer, or one that can strike
   * no one: goalBeforeFight) heads: goalLocation, or a goal only such a turn seeks (the
   * Skirmish's contested objective markers), or null.
   */
  turnGoalLocation(state: GameState, unit: Unit): Point | null;
  /** Whether an unaware enemy spends its turn on its goal (a race), rather than patrolling. */
  racesWhenUnaware(state: GameState, unit: Unit): boolean;
  /**
   * Whether an alerted enemy spends its whole turn on its goal rather than on a blow;
   * `canAttackThisTurn` tells whether it could strike a foe this turn; `reachesThisTurn`
   * whether its Move Unit brings it on or next to a square.
   */
  goalBeforeFight(
    state: GameState,
    unit: Unit,
    canAttackThisTurn: () => boolean,
    reachesThisTurn: (at: Point) => boolean,
  ): boolean;
  /**
   * A foe it strikes before any other when it can this turn, because its fall serves the
   * goal (a Transport's carrier of the object), or null. Optional: none by default.
   */
  priorityTarget?(state: GameState, unit: Unit): Unit | null;
  /** Whether it may take up the scenario's object now (standing by it, carrying none). */
  mayTakeObjective(state: GameState, unit: Unit): boolean;
  takeObjective(ctx: Context, unit: Unit): void;
  /** Whether it keeps its post (a fortress's defender) rather than go for `foe`. */
  holdsPost(state: GameState, unit: Unit, foe: Unit): boolean;

  // ---------------------------------------------------------------- healers, the end of a turn
  /** Why `healer` cannot heal `patient` now (out of reach...), or null. */
  healFailsWhy(state: GameState, healer: Unit, patient: Unit): string | null;
  heal(ctx: Context, healer: Unit, patient: Unit): void;
  /** What happens as its activation ends (a roll for dangerous ground). */
  endActivation(ctx: Context, unit: Unit): Generator<void>;
}

/**
 * How a module runs the morale of VIII through the layer (morale.ts): its own test, its
 * own book-keeping. Apart from SoloMechanics: a module keeps it beside its turn flow.
 */
export interface SoloMorale {
  /** Whether the battle checks morale now. */
  checks(state: GameState): boolean;
  /** The armies that have checked already (each checks once). */
  checked(state: GameState): readonly Side[];
  markChecked(state: GameState, side: Side): void;
  /** The module's own morale test for one figure: true when it holds (rolls and emits). */
  test(ctx: Context, unit: Unit): boolean;
  /** A figure with no enemy status that fails (a hero): how it falls back. */
  heroFails(ctx: Context, unit: Unit): void;
}

/** Whether rank `a` comes before `b` (each a list of numbers, lower first, compared in order). */
export function isRankedBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}
