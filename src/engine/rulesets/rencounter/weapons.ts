/** The book's weapon tables as data: missile weapons (R5.20) and melee weapons (R6.14). */

/** How often a weapon fires in a turn (R5.21 Repeat; R5.22 for the automatic ones). */
export type Repeat = 'N' | 'S' | 'F' | 'Fx2' | 'Fx3';

/** How armour and shields change the chance to hit with this weapon (R5.5). */
export type ArmourEffect = 'full' | 'low-velocity' | 'none';

export interface MissileWeapon {
  name: string;
  /** Short, medium, long and extreme range in inches. */
  ranges: [number, number, number, number];
  /** Damage modifier; null for the shotguns' range-dependent one (R5.21). */
  damage: number | null;
  /** Turns to reload (0.5 for the half-turn breechloaders). */
  reload: number;
  shots: number;
  /** The magazine rifles' largest magazine, where the table gives a span (5-17). */
  shotsUpTo?: number;
  repeat: Repeat;
  /** Too Close is base contact for pistols and thrown weapons, up to 2" for long arms and bows (R5.4). */
  tooClose: 'contact' | 'two-inches';
  armour: ArmourEffect;
  thrown?: boolean;
  shotgun?: boolean;
  /** Can fire while moving faster than a walk at -4 (R5.11): firearms, crossbows, bows from horseback. */
  firesOnTheMove: 'always' | 'mounted' | 'never';
}

function missile(
  name: string,
  ranges: [number, number, number, number],
  damage: number | null,
  reload: number,
  shots: number,
  repeat: Repeat,
  kind: 'thrown' | 'bow' | 'crossbow' | 'musket' | 'longarm' | 'pistol' | 'shotgun',
  shotsUpTo?: number,
): MissileWeapon {
  const w: MissileWeapon = {
    name,
    ranges,
    damage,
    reload,
    shots,
    repeat,
    tooClose: kind === 'pistol' || kind === 'thrown' ? 'contact' : 'two-inches',
    armour:
      kind === 'thrown' || kind === 'bow' || kind === 'crossbow'
        ? 'full'
        : kind === 'musket' || kind === 'shotgun'
          ? 'low-velocity'
          : 'none',
    firesOnTheMove: kind === 'thrown' ? 'never' : kind === 'bow' ? 'mounted' : 'always',
  };
  if (kind === 'thrown') w.thrown = true;
  if (kind === 'shotgun') w.shotgun = true;
  if (shotsUpTo !== undefined) w.shotsUpTo = shotsUpTo;
  return w;
}

/**
 * The Missile Weapons Table (R5.20), every row of the book. "Low velocity firearms like
 * muskets and shotguns" take the armour penalty (R5.5); the checklist counts the
 * blunderbuss with the shotguns and the muzzle-loading muskets as muskets.
 */
// One row of the book a line, to read against the table.
// prettier-ignore
export const MISSILE_WEAPONS: Record<string, MissileWeapon> = {
  javelin: missile('Javelin', [3, 6, 9, 12], 1, 1, 1, 'N', 'thrown'),
  'weak-bow': missile('Weak Bow', [4, 8, 12, 20], 1, 1, 1, 'N', 'bow'),
  'short-bow': missile('Short Bow', [8, 16, 24, 40], 1, 1, 1, 'N', 'bow'),
  'long-bow': missile('Long Bow', [12, 24, 36, 60], 0, 1, 1, 'N', 'bow'),
  'light-crossbow': missile('Light Crossbow', [10, 20, 30, 50], 1, 3, 1, 'N', 'crossbow'),
  'heavy-crossbow': missile('Heavy Crossbow', [15, 30, 40, 60], 0, 6, 1, 'N', 'crossbow'),
  'matchlock-musket': missile('Matchlock Musket', [10, 18, 26, 45], -1, 4, 1, 'N', 'musket'),
  'flintlock-musket': missile('Flintlock Musket', [10, 20, 30, 50], -1, 2, 1, 'N', 'musket'),
  'flintlock-rifle': missile('Flintlock Rifle', [18, 36, 48, 72], 0, 4, 1, 'N', 'longarm'),
  'cap-and-ball-rifle': missile('Cap and Ball Rifle', [18, 36, 48, 72], 0, 3, 1, 'N', 'longarm'),
  breechloader: missile('Breechloader', [20, 40, 60, 80], 0, 0.5, 1, 'N', 'longarm'),
  'breechloader-carbine': missile('Single Shot Breechloader Carbine', [16, 32, 48, 60], 0, 0.5, 1, 'N', 'longarm'),
  'magazine-rifle': missile('Magazine Rifle', [20, 40, 60, 80], 0, 1, 5, 'S', 'longarm', 17),
  'magazine-carbine': missile('Magazine Carbine', [16, 32, 48, 60], 0, 1, 5, 'S', 'longarm', 17),
  'flintlock-pistol': missile('Flintlock Pistol', [3, 6, 9, 12], 0, 2, 1, 'N', 'pistol'),
  'cap-and-ball-pistol': missile('Cap & Ball Pistol', [4, 8, 12, 18], 0, 2, 1, 'N', 'pistol'),
  'cap-and-ball-revolver': missile('Cap & Ball Revolver', [5, 10, 15, 25], 0, 6, 6, 'S', 'pistol'),
  'small-da-revolver': missile('Small Double Action Revolver', [5, 10, 15, 25], 1, 2, 6, 'F', 'pistol'),
  'large-da-revolver': missile('Large Double Action Revolver', [5, 10, 15, 25], 0, 2, 6, 'F', 'pistol'),
  'small-sa-revolver': missile('Small Single Action Revolver', [5, 10, 15, 25], 1, 2, 6, 'S', 'pistol'),
  'large-sa-revolver': missile('Large Single Action Revolver', [5, 10, 15, 25], 0, 2, 6, 'S', 'pistol'),
  blunderbuss: missile('Blunderbuss', [4, 8, 12, 18], null, 2.5, 1, 'N', 'shotgun'),
  'double-shotgun': missile('Double Barrel Shotgun', [5, 10, 15, 25], null, 1.5, 2, 'S', 'shotgun'),
  'machine-pistol': missile('Machine Pistol', [5, 10, 15, 25], 1, 1, 20, 'Fx2', 'pistol'),
  submachinegun: missile('Submachinegun', [7, 14, 21, 35], 0, 1, 20, 'Fx3', 'longarm'),
  'lmg-unbraced': missile('Lt. MG unbraced', [16, 32, 48, 60], 0, 2, 30, 'Fx3', 'longarm'),
  'lmg-braced': missile('Lt. MG braced', [25, 50, 75, 125], 0, 2, 30, 'Fx3', 'longarm'),
};

/** Most shots in one turn (R5.12, R5.22): N 1, S 2, F 4, Fx2 8, Fx3 12. */
export function shotsPerTurn(repeat: Repeat): number {
  return { N: 1, S: 2, F: 4, Fx2: 8, Fx3: 12 }[repeat];
}

/**
 * Turns to reload with a bayonet fitted (R5.21): a socket bayonet adds 1 turn; a plug
 * bayonet must come out first (2 turns) and go back (1 turn).
 */
export function reloadTurns(
  weapon: MissileWeapon,
  bayonet: 'none' | 'socket' | 'plug' = 'none',
): number {
  if (bayonet === 'socket') return weapon.reload + 1;
  if (bayonet === 'plug') return weapon.reload + 3;
  return weapon.reload;
}

/**
 * Reload progress (R5.18) in half turns: only a successful action adds (2 halves, or 4
 * when quick-loading doubles it, R9.17); returns the new progress and whether it is loaded.
 */
export function advanceReload(
  progressHalves: number,
  turnsNeeded: number,
  acted: boolean,
  quick = false,
): { rule: string; progressHalves: number; loaded: boolean } {
  const need = Math.round(turnsNeeded * 2);
  const next = acted ? Math.min(need, progressHalves + (quick ? 4 : 2)) : progressHalves;
  return { rule: quick ? 'R9.17' : 'R5.18', progressHalves: next, loaded: next >= need };
}

/**
 * Cartridge revolvers (R5.21): 2 chambers in one turn, all 6 in two. Cap-and-ball
 * revolvers keep the table's 6 turns for a full load (the checklist's reading).
 */
export function revolverChambersLoaded(turnsSpent: number): number {
  if (turnsSpent >= 2) return 6;
  return turnsSpent >= 1 ? 2 : 0;
}

export interface MeleeWeapon {
  name: string;
  toHit: number;
  damage: number;
  /** Ranks that can fight with it (R6.14). */
  ranks: number;
  /** A shield or second Y weapon can block with it. */
  withShield: boolean;
  /** Can thrust for the charging bonus (R6.15b). */
  thrusting: boolean;
  /** Blunt weapons never stick, but may break (R6.9). */
  blunt: boolean;
}

/** The Melee Weapons Table (R6.14), every row of the book. */
// prettier-ignore
export const MELEE_WEAPONS: Record<string, MeleeWeapon> = {
  sword: { name: 'Sword', toHit: 1, damage: 0, ranks: 1, withShield: true, thrusting: false, blunt: false },
  spear: { name: 'Spear/Bayonet', toHit: 0, damage: 0, ranks: 2, withShield: true, thrusting: true, blunt: false },
  pike: { name: 'Pike', toHit: -1, damage: 0, ranks: 4, withShield: false, thrusting: true, blunt: false },
  axe: { name: 'Axe/Mace', toHit: -1, damage: -1, ranks: 1, withShield: true, thrusting: false, blunt: false },
  halberd: { name: 'Halberd', toHit: 0, damage: -1, ranks: 2, withShield: false, thrusting: true, blunt: false },
  knife: { name: 'Knife', toHit: -1, damage: 1, ranks: 1, withShield: true, thrusting: false, blunt: false },
  unarmed: { name: 'Unarmed', toHit: -2, damage: 2, ranks: 1, withShield: true, thrusting: false, blunt: true },
  club: { name: 'Improvised Club', toHit: -2, damage: 1, ranks: 1, withShield: true, thrusting: false, blunt: true },
  javelin: { name: 'Javelin', toHit: 0, damage: 0, ranks: 1, withShield: true, thrusting: true, blunt: false },
};
