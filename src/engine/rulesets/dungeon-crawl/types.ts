/**
 * The Dungeon Crawl's additions to the kernel's plain data: its weapon profile (one d6
 * against a target number) and its options. Its healing (the heal component, command and
 * `healed` event) is the shared system's (systems/healing.ts).
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
