/**
 * The Skirmish rules' additions to the kernel's plain data (solitaire-gaming-rules.txt):
 * weapons by the seed's range bands (section V), a figure's traits (section VIII's
 * advantages, the Recovery action of IV, stuns, a combat tactic), its commands and
 * events, and its options. Added to the kernel's types by declaration merging.
 */
import type { GameState, Side, Unit, Weapon } from '../../types';
import type { Tactic } from '../../solo/mechanics';

/**
 * The seed's range bands (V "Range"): melee (adjacent), reach (2), thrown or short range,
 * long range (not adjacent), an area effect (the target square and all next to it) and
 * burst fire (the target square and 2 next to it).
 */
export type RangeBand = 'melee' | 'reach' | 'short' | 'long' | 'area' | 'burst';

/**
 * A Skirmish weapon: its band sets its range at the battle's scale. A failed defence
 * against it deals 1 wound (VIII Defend), or a stun for a weapon that stuns.
 */
export interface SkirmishWeapon extends Weapon {
  band: RangeBand;
  /** A failed defence stuns instead of wounding (clubs, maces: VIII "suffers a stun"). */
  stuns: boolean;
}

/**
 * A shield's size (miniatures-los-cover: "Shields may also grant Full or Partial cover as
 * well, depending on the size of the shield used"): small, partial cover from ahead;
 * large, full cover from ahead and from either side (combat.ts shieldCover).
 */
export type ShieldSize = 'small' | 'large';

/** The battlefield scale (V): moves and ranges are read from the seed's tables by it. */
export type Scale = 'large' | 'small';

/** The 18 combat tactics of IV (the solo layer's). */
export type { Tactic };

/** A figure's Skirmish traits, from its stat line and what happened to it this battle. */
export interface SkirmishTraits {
  points: number;
  /** A unique character (a leader or powerful creature): 2-5 wounds, special to score. */
  unique: boolean;
  leader: boolean;
  /** Highly capable attacker: rolls its attacks twice, keeps the higher (VIII). */
  capable: boolean;
  /** Tough armour: rolls its defence twice, keeps the higher (VIII); heavy armour moves 1 fewer. */
  armoured: boolean;
  mounted: boolean;
  /** Its combat tactic (IV), when the battle gives tactics. */
  tactic: Tactic | null;
  /** The Recovery action (IV) is spent: once per character per battle. */
  recovered: boolean;
  /** Stunned: takes no actions in the round given (VIII "does not take actions in the next round"). */
  stunnedRound: number | null;
  /** The foe it attacked last (a Determined figure finishes it first). */
  lastTarget: string | null;
  /** A hero whose morale failed: its next activation is spent falling back (VIII). */
  retreating: boolean;
  /** A campaign hero's skill levels (campaign.ts); absent for every other figure. */
  skills?: Readonly<Record<string, number>>;
}

declare module '../../types' {
  interface UnitComponents {
    skirmish?: SkirmishTraits;
  }
  interface CommandTypes {
    /** Choose which of the army's figures acts next (alternating single activations). */
    activate: { unit: string };
    /** The Recovery action (IV). */
    recover: { unit: string };
    /** Pick up the objective (Transport). */
    'pick-up': { unit: string };
  }
  interface EventTypes {
    initiative: { heroes: number; enemies: number; first: Side };
    'enemy-action': { roll: number; acting: number };
    recovered: { unit: string; wounds: number };
    stunned: { unit: string; round: number };
    morale: { unit: string; roll: number; need: number; passed: boolean };
  }
}

/** The Skirmish's options. */
export type SkirmishOptions = GameState['options'] & {
  scale: Scale;
  /** Which of the seven scenarios of VI. */
  scenario: string;
  /** Fortress Assault (VI): the army that defends the building (the other assaults it). */
  defender: Side;
  /** Ambush (VI): the army that lies in wait and strikes first (the other is its target). */
  ambusher: Side;
  /** Spawning (VI): the army that starts with one figure and brings in the rest (the other infiltrates). */
  spawner: Side;
  /** Random Enemy Action (IV): a d20 each round says how many enemies act. */
  randomEnemyAction: boolean;
  /** Prepared enemies patrol by the d20 table (III) instead of waiting. */
  patrol: boolean;
  /** Combat tactics (IV) for the enemy leaders and the heroes' autopilot. */
  tactics: boolean;
  /** Morale checks (VIII) when an army falls below half its figures. */
  morale: boolean;
  /** Objective markers scored after 4 rounds (VI "Objectives") in a Basic Battle. */
  objectives: boolean;
  /** The muster: the figures of each army, as kinds separated by commas. */
  heroes: string;
  enemies: string;
  /** Each army's points budget for the muster. */
  heroPoints: number;
  enemyPoints: number;
  /**
   * In a campaign, the figures who fight beside the party (its muster replaces `heroes`);
   * absent when none do.
   */
  allies?: string;
  /** A campaign's enemy strength (systems/strength.ts); absent at full strength. */
  enemyPercent?: number;
  archFoeWounds?: number;
};

export function skirmishOptions(state: GameState): SkirmishOptions {
  return state.options as SkirmishOptions;
}

export function skirmishWeapons(unit: Unit): readonly SkirmishWeapon[] {
  return unit.weapons as SkirmishWeapon[];
}

export function asSkirmishWeapon(weapon: Weapon): SkirmishWeapon {
  return weapon as SkirmishWeapon;
}

/** A figure's traits (set-up gives every figure of a Skirmish game its traits). */
export function traitsOf(unit: Unit): SkirmishTraits {
  return unit.skirmish!;
}
