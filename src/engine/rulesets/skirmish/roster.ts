/**
 * The Skirmish roster: the figures either army can muster, each with a stat line after
 * solitaire-gaming-rules.txt. Moves come from the seed's movement table (V: average 6 on
 * a large battlefield and 3 on a small one, small figures 5/2, mounts 9/5, heavy armour
 * one fewer); weapons from its range bands (V); wounds from VIII (a common figure takes
 * 1 wound, a unique character 2 to 5); a failed defence deals one wound whatever the
 * weapon (VIII Defend), or a stun for a weapon that stuns. Shields after
 * miniatures-los-cover. The seed runs another game's armies, so the figures and their
 * points are ours.
 */
import type { UnitArt, UnitKind } from '../module';
import type { RangeBand, Scale, ShieldSize, SkirmishWeapon } from './types';

/** The body types of the movement table (V). */
export type BodyType = 'average' | 'small' | 'large' | 'mount';

/** Move Unit per move action (V), large and small battlefield. */
export const MOVE_TABLE: Readonly<Record<BodyType, Record<Scale, number>>> = {
  average: { large: 6, small: 3 },
  small: { large: 5, small: 2 },
  large: { large: 6, small: 3 },
  mount: { large: 9, small: 5 },
};

/** The range bands in squares (V "Range"): [shortest, longest] at each scale. */
export const RANGE_TABLE: Readonly<Record<RangeBand, Record<Scale, [number, number]>>> = {
  melee: { large: [1, 1], small: [1, 1] },
  reach: { large: [1, 2], small: [1, 2] },
  short: { large: [1, 10], small: [1, 5] },
  // "up to 25 spaces [large] or 12 spaces [small] away, but not adjacent"
  long: { large: [2, 25], small: [2, 12] },
  // An area or burst weapon is thrown or fired at short range.
  area: { large: [1, 10], small: [1, 5] },
  burst: { large: [1, 10], small: [1, 5] },
};

interface WeaponLine {
  id: string;
  name: string;
  band: RangeBand;
  effect: string;
  stuns?: boolean;
}

export interface FigureType {
  kind: string;
  name: string;
  body: BodyType;
  heavyArmour: boolean;
  wounds: number;
  unique: boolean;
  leader: boolean;
  capable: boolean;
  weapons: readonly WeaponLine[];
  /** Its shield, if it carries one: cover against attacks from where it holds it. */
  shield?: ShieldSize;
  /** Heals an adjacent ally on a non-combat roll (VIII: 11+), this many times a battle. */
  heals: number;
  points: number;
  blurb: string;
  art: UnitArt;
  /** Squares per side. */
  size: number;
}

const HERO = '#2c5d94';
const FOE = '#6b2a22';

function art(sprite: string, letter: string, color: string, height = 32): UnitArt {
  return { sprite, height, letter, color };
}

/** Every figure type, commons first, then the unique characters. */
export const FIGURE_TYPES: readonly FigureType[] = [
  {
    kind: 'swordsman',
    name: 'Swordsman',
    body: 'average',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [{ id: 'sword', name: 'Sword', band: 'melee', effect: 'slash' }],
    shield: 'small',
    heals: 0,
    points: 5,
    blurb:
      'A common soldier with a sword and a small shield (cover from ahead): melee only. Falls to one wound.',
    art: art('fighting-man', 'S', HERO),
    size: 1,
  },
  {
    kind: 'spearman',
    name: 'Spearman',
    body: 'average',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [{ id: 'spear', name: 'Spear', band: 'reach', effect: 'spear' }],
    heals: 0,
    points: 5,
    blurb: 'Thrusts a long spear at a foe up to 2 squares away. Falls to one wound.',
    art: art('sk-spearman', 'P', HERO),
    size: 1,
  },
  {
    kind: 'archer',
    name: 'Archer',
    body: 'average',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [
      { id: 'bow', name: 'Longbow', band: 'long', effect: 'dagger' },
      { id: 'knife', name: 'Knife', band: 'melee', effect: 'slash' },
    ],
    heals: 0,
    points: 6,
    blurb: 'Shoots at long range, never at an adjacent foe; a knife up close. One wound.',
    art: art('thief', 'A', HERO),
    size: 1,
  },
  {
    kind: 'slinger',
    name: 'Slinger',
    body: 'small',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [{ id: 'sling', name: 'Sling', band: 'short', effect: 'dagger' }],
    heals: 0,
    points: 3,
    blurb: 'A small, quick skirmisher with a sling (short range). One wound.',
    art: art('sk-slinger', 'L', FOE, 28),
    size: 1,
  },
  {
    kind: 'wolf',
    name: 'Wolf',
    body: 'small',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [{ id: 'bite', name: 'Bite', band: 'melee', effect: 'claw' }],
    heals: 0,
    points: 3,
    blurb: 'A small, fast beast that bites. One wound.',
    art: art('sk-wolf', 'W', FOE, 28),
    size: 1,
  },
  {
    kind: 'repeater',
    name: 'Repeater',
    body: 'average',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [
      { id: 'repeater', name: 'Repeating crossbow', band: 'burst', effect: 'dagger' },
      { id: 'knife', name: 'Knife', band: 'melee', effect: 'slash' },
    ],
    heals: 0,
    points: 8,
    blurb: 'Sprays bolts at a square and two beside it (burst fire, short range). One wound.',
    art: art('sk-repeater', 'R', HERO),
    size: 1,
  },
  {
    kind: 'healer',
    name: 'Healer',
    body: 'average',
    heavyArmour: false,
    wounds: 1,
    unique: false,
    leader: false,
    capable: false,
    weapons: [{ id: 'mace', name: 'Mace', band: 'melee', effect: 'club', stuns: true }],
    heals: 3,
    points: 7,
    blurb: 'Heals an adjacent ally on 11+ (3 tries a battle); a mace that stuns. One wound.',
    art: art('priest', 'H', HERO),
    size: 1,
  },
  {
    kind: 'lancer',
    name: 'Lancer',
    body: 'mount',
    heavyArmour: false,
    wounds: 2,
    unique: true,
    leader: false,
    capable: false,
    weapons: [{ id: 'lance', name: 'Lance', band: 'reach', effect: 'spear' }],
    heals: 0,
    points: 12,
    blurb:
      'A rider: moves 9 squares (5 on a small field) and strikes with a lance at 2. Two wounds.',
    art: art('sk-lancer', 'C', HERO, 38),
    size: 1,
  },
  {
    kind: 'knight',
    name: 'Knight',
    body: 'average',
    heavyArmour: true,
    wounds: 3,
    unique: true,
    leader: false,
    capable: true,
    weapons: [{ id: 'sword', name: 'Longsword', band: 'melee', effect: 'slash' }],
    shield: 'large',
    heals: 0,
    points: 16,
    blurb:
      'Heavy armour (moves 1 fewer, defends with advantage), a large shield (cover from ahead and beside), a skilled blade (attacks with advantage). Three wounds.',
    art: art('sk-knight', 'K', HERO),
    size: 1,
  },
  {
    kind: 'fire-mage',
    name: 'Fire Mage',
    body: 'average',
    heavyArmour: false,
    wounds: 2,
    unique: true,
    leader: false,
    capable: false,
    weapons: [
      { id: 'fireball', name: 'Fireball', band: 'area', effect: 'fireball' },
      { id: 'staff', name: 'Staff', band: 'melee', effect: 'staff', stuns: true },
    ],
    heals: 0,
    points: 14,
    blurb:
      'Hurls a fireball at a square and all around it (short range); a staff that stuns. Two wounds.',
    art: art('magic-user', 'F', HERO),
    size: 1,
  },
  {
    kind: 'captain',
    name: 'Captain',
    body: 'average',
    heavyArmour: false,
    wounds: 3,
    unique: true,
    leader: true,
    capable: true,
    weapons: [
      { id: 'sword', name: 'Sword', band: 'melee', effect: 'slash' },
      { id: 'pistol', name: 'Hand crossbow', band: 'short', effect: 'dagger' },
    ],
    heals: 0,
    points: 16,
    blurb: 'A leader, skilled with sword and hand crossbow (attacks with advantage). Three wounds.',
    art: art('sk-captain', 'Ca', HERO),
    size: 1,
  },
  {
    kind: 'ogre',
    name: 'Ogre',
    body: 'large',
    heavyArmour: false,
    wounds: 4,
    unique: true,
    leader: false,
    capable: true,
    weapons: [{ id: 'club', name: 'Great club', band: 'melee', effect: 'club', stuns: true }],
    heals: 0,
    // A club that stuns does not wound (VIII Defend: one effect): a brute that holds foes
    // down rather than fells them.
    points: 16,
    blurb:
      'A huge brute with a club that stuns instead of wounding (attacks with advantage). Four wounds.',
    art: art('sk-ogre', 'O', FOE, 60),
    size: 2,
  },
  {
    kind: 'warlord',
    name: 'Warlord',
    body: 'average',
    heavyArmour: true,
    wounds: 5,
    unique: true,
    leader: true,
    capable: true,
    weapons: [{ id: 'axe', name: 'War axe', band: 'melee', effect: 'slash' }],
    heals: 0,
    points: 22,
    blurb:
      'A leader in heavy armour with a war axe; attacks and defends with advantage. Five wounds.',
    art: art('sk-warlord', 'Wa', FOE, 34),
    size: 1,
  },
  {
    kind: 'wyrm',
    name: 'Wyrm',
    body: 'large',
    heavyArmour: false,
    wounds: 5,
    unique: true,
    leader: false,
    capable: true,
    weapons: [
      { id: 'breath', name: 'Fire breath', band: 'area', effect: 'fire' },
      { id: 'jaws', name: 'Jaws', band: 'melee', effect: 'claw' },
    ],
    heals: 0,
    points: 28,
    blurb: 'A great beast: fire breath on a square and all around it, and jaws. Five wounds.',
    art: art('sk-wyrm', 'Y', FOE, 60),
    size: 2,
  },
];

export const FIGURES_BY_KIND: Readonly<Record<string, FigureType>> = Object.fromEntries(
  FIGURE_TYPES.map((f) => [f.kind, f]),
);

/** A figure's Move Unit at `scale` (V): its body's move, one fewer in heavy armour. */
export function moveOf(type: FigureType, scale: Scale): number {
  return Math.max(1, MOVE_TABLE[type.body][scale] - (type.heavyArmour ? 1 : 0));
}

/** A weapon of `type` at `scale`, its range read from the band table. */
export function weaponAt(line: WeaponLine, scale: Scale): SkirmishWeapon {
  const [minRange, maxRange] = RANGE_TABLE[line.band][scale];
  return {
    id: line.id,
    name: line.name,
    reach: line.band === 'melee' || line.band === 'reach' ? 'melee' : 'ranged',
    minRange,
    maxRange,
    effect: line.effect,
    band: line.band,
    stuns: line.stuns === true,
  };
}

/**
 * The Fortress Assault's building (VI): not a figure anyone musters, but drawn and
 * described like one (its size here is the large field's; a small field's is smaller).
 */
export const FORTRESS_TYPE: UnitKind = {
  kind: 'fortress',
  name: 'Fortress',
  // Listed as the figures are (the registry's lists stay as they were).
  side: 'enemies',
  blurb:
    'The building of a Fortress Assault: it blocks movement and sight like a wall; struck like a figure but never defends, it falls after 8 wounds.',
  art: art('sk-fortress', 'Ft', '#6b5a3a', 120),
  size: 4,
};

/**
 * The sounds of a kind of the roster (made by tools/assets/make-sounds.mjs): an attack and
 * a fall of its own for every figure; the building only falls (its collapse).
 */
export function skirmishSounds(kind: string): NonNullable<UnitArt['sounds']> {
  return kind === FORTRESS_TYPE.kind
    ? { fall: `sk-${kind}-fall` }
    : { attack: `sk-${kind}-attack`, fall: `sk-${kind}-fall` };
}

/** The kinds as the registry lists them (every figure can serve either army), and the building. */
export const SKIRMISH_KINDS: readonly UnitKind[] = [
  ...FIGURE_TYPES.map((f) => ({
    kind: f.kind,
    name: f.name,
    side: 'enemies' as const,
    blurb: f.blurb,
    art: { ...f.art, sounds: skirmishSounds(f.kind) },
    size: f.size,
  })),
  { ...FORTRESS_TYPE, art: { ...FORTRESS_TYPE.art, sounds: skirmishSounds(FORTRESS_TYPE.kind) } },
];
