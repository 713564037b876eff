/**
 * The Dungeon Crawl's additions to the kernel's plain data: its weapon and healing
 * profiles (one d6 against a target number), its command (heal) and event (healed), and
 * its options. Added to the kernel's types by declaration merging, so the kernel never
 * lists them.
 */
import type { GameState, Unit, Weapon } from '../../types';

/** A weapon of the Dungeon Crawl: a d6 that wounds on `hitOn` or more. */
export interface CrawlWeapon extends Weapon {
  die: number;
  hitOn: number;
  wounds: number;
  /** Not usable while any enemy of the wielder is adjacent (fireball, troll spear). */
  notWithEnemyAdjacent: boolean;
}

/** The Priest's healing: `usesMax` tries a game, each a d6 needing `hitOn`. */
export interface HealAbility {
  usesLeft: number;
  usesMax: number;
  die: number;
  hitOn: number;
}

declare module '../../types' {
  interface UnitComponents {
    heal?: HealAbility;
  }
  interface CommandTypes {
    heal: { unit: string; target: string };
  }
  interface EventTypes {
    healed: {
      unit: string;
      target: string;
      roll: number;
      need: number;
      success: boolean;
      usesLeft: number;
    };
  }
}

/**
 * The weapons of a unit in a Dungeon Crawl game: set-up gives every unit crawl weapons,
 * so reading them back as such is safe for any unit of a game this module runs.
 */
export function crawlWeapons(unit: Unit): readonly CrawlWeapon[] {
  return unit.weapons as CrawlWeapon[];
}

export function asCrawlWeapon(weapon: Weapon): CrawlWeapon {
  return weapon as CrawlWeapon;
}

/** The Dungeon Crawl's options: the victory options plus the optional morale rule and the lair. */
export type CrawlOptions = GameState['options'] & {
  /** Optional morale rule (goblins/trolls rolling a 1 retreat). */
  morale: boolean;
  /** Arch Foe lair: 'roll' uses a d6 at the start, or a fixed lair roll band like '3-4'. */
  lair: string;
  /**
   * 'all': every enemy begins alerted (solo rules §4: "some or all of the enemies may
   * begin the game ready"; some: an enemy object's own `alerted` property). Absent when
   * no enemy does, so games made before the option keep their options unchanged.
   */
  startAlerted?: 'all';
  /** A campaign's enemy strength (systems/strength.ts); absent at full strength. */
  enemyPercent?: number;
  archFoeWounds?: number;
};

/** The options of a game this module runs (normaliseOptions made them). */
export function crawlOptions(state: GameState): CrawlOptions {
  return state.options as CrawlOptions;
}
