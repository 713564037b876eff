/**
 * The Dungeon Crawl rule module (solo-miniatures-dungeon-crawl.txt): the heroes and
 * monsters with their weapons, target numbers and wound counts. Everyone moves 2.
 * Each attack rolls a d6 and wounds on its number or more.
 */
import type { RuleModule, UnitArt, UnitKind } from '../module';
import type { Side } from '../../types';
import type { HealAbility } from '../../systems/healing';
import type { CrawlWeapon } from './types';

type Effect = 'slash' | 'fireball' | 'spear' | 'dagger' | 'fire' | 'staff' | 'club' | 'claw';

export interface UnitDefinition {
  kind: string;
  name: string;
  side: Side;
  maxWounds: number;
  move: number;
  weapons: CrawlWeapon[];
  /** Move order among enemies: higher acts first. */
  rank: number;
  /** Subject to the optional morale rule. */
  morale: boolean;
  /** The Arch Foe of the scenario whenever it is on the map. */
  archFoe: boolean;
  /** May use each of its weapons once a turn, on different heroes (the dragon). */
  severalWeaponsPerTurn: boolean;
  heal?: Omit<HealAbility, 'usesLeft'>;
  /** One line for the unit card, in our own words. */
  blurb: string;
  art: UnitArt;
}

function art(sprite: string, letter: string, color: string, height = 32, tint?: string): UnitArt {
  return tint ? { sprite, height, letter, color, tint } : { sprite, height, letter, color };
}

const HERO_COLOR = '#2c5d94';
const MONSTER_COLOR = '#6b2a22';

function melee(id: string, name: string, hitOn: number, effect: Effect): CrawlWeapon {
  return {
    id,
    name,
    reach: 'melee',
    minRange: 1,
    maxRange: 1,
    die: 6,
    hitOn,
    wounds: 1,
    notWithEnemyAdjacent: false,
    effect,
  };
}

function ranged(
  id: string,
  name: string,
  hitOn: number,
  minRange: number,
  maxRange: number | null,
  notWithEnemyAdjacent: boolean,
  effect: Effect,
): CrawlWeapon {
  return {
    id,
    name,
    reach: 'ranged',
    minRange,
    maxRange,
    die: 6,
    hitOn,
    wounds: 1,
    notWithEnemyAdjacent,
    effect,
  };
}

export const MOVE_ALLOWANCE = 2;

export const DUNGEON_CRAWL_UNITS: Record<string, UnitDefinition> = {
  'fighting-man': {
    kind: 'fighting-man',
    name: 'Fighting Man',
    side: 'heroes',
    maxWounds: 4,
    move: MOVE_ALLOWANCE,
    weapons: [melee('sword', 'Sword', 3, 'slash')],
    rank: 0,
    morale: false,
    archFoe: false,
    severalWeaponsPerTurn: false,
    blurb: 'Sturdy swordsman: strikes an adjacent foe, wounding on 3+. Takes 4 wounds.',
    art: art('fighting-man', 'F', HERO_COLOR),
  },
  'magic-user': {
    kind: 'magic-user',
    name: 'Magic User',
    side: 'heroes',
    maxWounds: 2,
    move: MOVE_ALLOWANCE,
    weapons: [
      ranged('fireball', 'Fireball', 4, 1, null, true, 'fireball'),
      melee('staff', 'Staff', 5, 'staff'),
    ],
    rank: 0,
    morale: false,
    archFoe: false,
    severalWeaponsPerTurn: false,
    blurb:
      'Hurls a fireball at any distance (4+) unless a monster is next to him; staff 5+. Takes 2 wounds.',
    art: art('magic-user', 'M', HERO_COLOR),
  },
  thief: {
    kind: 'thief',
    name: 'Thief',
    side: 'heroes',
    maxWounds: 3,
    move: MOVE_ALLOWANCE,
    weapons: [ranged('dagger', 'Dagger', 4, 1, 5, false, 'dagger')],
    rank: 0,
    morale: false,
    archFoe: false,
    severalWeaponsPerTurn: false,
    blurb: 'Throws a dagger up to 5 squares, adjacent included, wounding on 4+. Takes 3 wounds.',
    art: art('thief', 'T', HERO_COLOR),
  },
  priest: {
    kind: 'priest',
    name: 'Priest',
    side: 'heroes',
    maxWounds: 3,
    move: MOVE_ALLOWANCE,
    weapons: [melee('mace', 'Mace', 4, 'club')],
    heal: { usesMax: 3, die: 6, hitOn: 3 },
    rank: 0,
    morale: false,
    archFoe: false,
    severalWeaponsPerTurn: false,
    blurb:
      'Mace 4+ on an adjacent foe, or instead heals an adjacent ally on 3+ (3 tries a game). Takes 3 wounds.',
    art: art('priest', 'P', HERO_COLOR),
  },
  goblin: {
    kind: 'goblin',
    name: 'Goblin',
    side: 'enemies',
    maxWounds: 1,
    move: MOVE_ALLOWANCE,
    weapons: [melee('axe', 'Axe', 5, 'slash')],
    rank: 1,
    morale: true,
    archFoe: false,
    severalWeaponsPerTurn: false,
    blurb: 'Axe 5+ on an adjacent hero. Falls to a single wound.',
    art: art('goblin', 'G', MONSTER_COLOR, 27),
  },
  troll: {
    kind: 'troll',
    name: 'Troll',
    side: 'enemies',
    maxWounds: 2,
    move: MOVE_ALLOWANCE,
    weapons: [ranged('spear', 'Spear', 4, 1, 5, true, 'spear'), melee('club', 'Club', 5, 'club')],
    rank: 2,
    morale: true,
    archFoe: false,
    severalWeaponsPerTurn: false,
    blurb:
      'Hurls a spear up to 5 squares (4+) unless a hero is next to it; club 5+. Takes 2 wounds.',
    // Bigger than a goblin and stone-grey, where the two share a green look.
    art: art('troll', 'T', MONSTER_COLOR, 41, '#c4cfe6'),
  },
  dragon: {
    kind: 'dragon',
    name: 'Dragon',
    side: 'enemies',
    maxWounds: 4,
    move: MOVE_ALLOWANCE,
    weapons: [
      // Fire may not target an adjacent hero: its minimum range is 2.
      ranged('fire', 'Fire Breath', 3, 2, null, false, 'fire'),
      melee('claws', 'Claws', 4, 'claw'),
    ],
    rank: 3,
    morale: false,
    archFoe: true,
    severalWeaponsPerTurn: true,
    blurb:
      'The Arch Foe. Breathes fire at any distance but not point-blank (3+) and claws (4+), both in one turn at different heroes. Takes 4 wounds.',
    art: art('dragon', 'D', '#8f2a12', 40),
  },
};

/** Heroes act in this order each round. */
export const HERO_ORDER: readonly string[] = ['fighting-man', 'magic-user', 'thief', 'priest'];

/** Whether a unit of this kind may use each of its weapons once a turn, on different heroes. */
export function canUseSeveralWeaponsPerTurn(kind: string): boolean {
  return DUNGEON_CRAWL_UNITS[kind]?.severalWeaponsPerTurn === true;
}

/** The kinds as the registry lists them: heroes in their order, then enemies strongest first. */
export const CRAWL_KINDS: readonly UnitKind[] = [
  ...HERO_ORDER.map((k) => DUNGEON_CRAWL_UNITS[k]),
  ...Object.values(DUNGEON_CRAWL_UNITS)
    .filter((d) => d.side === 'enemies')
    .sort((a, b) => b.rank - a.rank),
].map((d) => ({ kind: d.kind, name: d.name, side: d.side, blurb: d.blurb, art: d.art, size: 1 }));

/** The unit each letter of an ASCII board stands for. */
export const CRAWL_ASCII_LETTERS: RuleModule['asciiLetters'] = {
  F: { kind: 'hero', unit: 'fighting-man' },
  M: { kind: 'hero', unit: 'magic-user' },
  T: { kind: 'hero', unit: 'thief' },
  P: { kind: 'hero', unit: 'priest' },
  g: { kind: 'enemy', unit: 'goblin' },
  t: { kind: 'enemy', unit: 'troll' },
  D: { kind: 'enemy', unit: 'dragon', archFoe: true },
};

/**
 * The primary weapon: best chance to hit, then most damage (solo rules, section 4).
 * Returns the weapon list sorted best first.
 */
export function rankWeapons(weapons: readonly CrawlWeapon[]): CrawlWeapon[] {
  return [...weapons].sort((a, b) => {
    const chanceA = (a.die - a.hitOn + 1) / a.die;
    const chanceB = (b.die - b.hitOn + 1) / b.die;
    if (chanceA !== chanceB) return chanceB - chanceA;
    return b.wounds - a.wounds;
  });
}
