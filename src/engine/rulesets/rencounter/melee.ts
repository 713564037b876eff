/**
 * Melee (§6): the stroke (attacker and defender each roll a d12), parry and riposte,
 * gang-up, the situation modifiers, aggressive attack, and the optional rules' tables.
 */
import type { DiceSource } from '../../dice';
import { rollAction } from './action';
import { chanceThat } from './chances';
import type { Modifier, Ruled } from './types';
import { modifierList, totalOf } from './types';
import type { MeleeWeapon } from './weapons';
import { rollDamage, type DamageResult } from './wounds';

/**
 * A melee d12 (R6.3): at or under the number succeeds, a natural 1 always succeeds, a
 * natural 12 always fails (unlike fire, no confirm roll).
 */
export function meleeSucceeds(die: number, need: number): boolean {
  if (die === 1) return true;
  if (die === 12) return false;
  return die <= need;
}

/**
 * Gang-up (R6.5): each active attacker after the first (helpers of another unit who pass
 * their action roll count too) gives the attackers +1 each and the defender -1 to parry;
 * nothing against a defending master.
 */
export function gangUp(
  activeAttackers: number,
  activeHelpers: number,
  defenderExp: number,
): Ruled & { attack: number; parry: number } {
  if (defenderExp >= 6) return { rule: 'R6.5', attack: 0, parry: 0 };
  const extra = Math.max(0, activeAttackers + activeHelpers - 1);
  return { rule: 'R6.5', attack: extra, parry: -extra };
}

/** Action rolls for the men who join an attack: the active ones count for gang-up (R6.5). */
export function activeAttackers(
  men: readonly { exp: number; woundPoints: number }[],
  dice: DiceSource,
): Ruled & { dice: number[]; active: number } {
  const rolls = men.map((m) => rollAction({ exp: m.exp, woundPoints: m.woundPoints }, dice));
  return {
    rule: 'R6.5',
    dice: rolls.map((r) => r.die),
    active: rolls.filter((r) => r.outcome === 'acts').length,
  };
}

/** The most a fighter may give up for an aggressive attack: down to skill 6 (R6.15p). */
export function aggressiveMax(meleeSkill: number): number {
  return Math.max(0, meleeSkill - 6);
}

export interface Striker {
  melee: number;
  exp: number;
  woundPoints: number;
  armour: number;
  weapon: MeleeWeapon;
  shield?: 'none' | 'medium' | 'large';
  /** A second Y weapon in the other hand blocks like a shield (R6.14). */
  twoWeapons?: boolean;
  unfamiliar?: boolean;
  /** Points of skill given up for an aggressive attack (R6.15p). */
  aggressive?: number;
}

export interface StrokeSituation {
  attacker: Striker;
  defender: Striker;
  /** Above the opponent: mounted against foot, standing over a prone man (R6.15a). */
  above?: boolean;
  /** Inches of the charge that brought him into contact (R6.15b). */
  chargeInches?: number;
  mountedChargeSpeed?: number;
  /** Drew or switched a weapon this turn (R6.15d). */
  drewWeapon?: boolean;
  cover?: 'none' | 'half' | 'three-quarter';
  /** Active attackers and active helpers on this defender (R6.5). */
  attackers?: number;
  helpers?: number;
  /** Ranks behind the first (R6.15k). */
  rank?: number;
  /** The defender parries from a well-ordered close formation (R6.15l). */
  defenderInFormation?: boolean;
  /** The attack came from behind the defender (R6.15n): -2 to parry, no shield, no riposte. */
  fromBehind?: boolean;
  /** Bad footing, darkness: scenario terms for the attacker and defender. */
  attackerScenario?: Modifier[];
  defenderScenario?: Modifier[];
}

/** Shield or second weapon against an attack (R6.15j): -1 small/medium or two weapons, -2 large. */
function shieldModifier(target: Striker, fromBehind: boolean): number {
  if (fromBehind || !target.weapon.withShield) return 0;
  if (target.shield === 'large') return -2;
  if (target.shield === 'medium' || target.twoWeapons) return -1;
  return 0;
}

/**
 * The attacker's list (R6.14, R6.15): weapon, above, charging with a thrust at 4"+,
 * mounted charge at 7-18", drawing, wounds, cover, gang-up, armour, shield, rank,
 * unfamiliar weapon, his own aggression (skill given up) and the defender's (which lowers
 * this roll). A riposte is an attack too, with the roles turned (R6.2).
 */
export function attackModifiers(s: StrokeSituation): Modifier[] {
  const a = s.attacker;
  const d = s.defender;
  const { list: m, add } = modifierList();
  add('R6.14', a.weapon.name, a.weapon.toHit);
  if (s.above) add('R6.15', 'above the opponent', 1);
  if (a.weapon.thrusting && (s.chargeInches ?? 0) >= 4) add('R6.15', 'charging thrust', 1);
  const speed = s.mountedChargeSpeed ?? 0;
  if (speed >= 7 && speed <= 18) add('R6.15', 'mounted charge', 1);
  if (s.drewWeapon) add('R6.15', 'drew a weapon this turn', -2);
  add('R6.15', 'wounded', -a.woundPoints);
  if (s.cover === 'half') add('R6.15', 'target behind half cover', -2);
  if (s.cover === 'three-quarter') add('R6.15', 'target behind 3/4 cover', -4);
  add('R6.15', 'ganging up', gangUp(s.attackers ?? 1, s.helpers ?? 0, d.exp).attack);
  add('R6.15', 'armour', -d.armour);
  add('R6.15', 'shield', shieldModifier(d, s.fromBehind ?? false));
  add('R6.15', 'fighting from a rear rank', -(s.rank ?? 0));
  if (a.unfamiliar) add('R6.15', 'unfamiliar weapon', -2);
  add('R6.15', 'aggressive attack', -(a.aggressive ?? 0));
  add('R6.15', "defender's aggression", -(d.aggressive ?? 0));
  for (const x of s.attackerScenario ?? []) m.push(x);
  return m;
}

/**
 * The defender's parry list (R6.15): wounds, gang-up, formation, attacked from behind,
 * unfamiliar weapon, his own aggression and the attacker's. The weapon's To Hit column is
 * for strikes, so it is not applied to parries (our reading).
 */
export function parryModifiers(s: StrokeSituation): Modifier[] {
  const a = s.attacker;
  const d = s.defender;
  const { list: m, add } = modifierList();
  add('R6.15', 'wounded', -d.woundPoints);
  add('R6.15', 'outnumbered', gangUp(s.attackers ?? 1, s.helpers ?? 0, d.exp).parry);
  if (s.defenderInFormation) add('R6.15', 'close formation', 2);
  if (s.fromBehind) add('R6.15', 'attacked from behind', -2);
  if (d.unfamiliar) add('R6.15', 'unfamiliar weapon', -2);
  add('R6.15', 'aggressive defence', -(d.aggressive ?? 0));
  add('R6.15', "attacker's aggression", -(a.aggressive ?? 0));
  for (const x of s.defenderScenario ?? []) m.push(x);
  return m;
}

/** The riposte's list: the defender striking back at the attacker, against his armour and shield (R6.2). */
export function riposteModifiers(s: StrokeSituation): Modifier[] {
  return attackModifiers({
    attacker: s.defender,
    defender: s.attacker,
    attackerScenario: s.defenderScenario,
  }).map((m) => ({ ...m, rule: m.rule === 'R6.15' || m.rule === 'R6.14' ? 'R6.2' : m.rule }));
}

export interface StrokePlan extends Ruled {
  attack: { modifiers: Modifier[]; need: number };
  parry: { modifiers: Modifier[]; need: number };
  riposte: { modifiers: Modifier[]; need: number } | null;
}

/** The three target numbers of a stroke, for the preview. No riposte from behind, or once used (R6.5). */
export function planStroke(s: StrokeSituation, riposteUsed = false): StrokePlan {
  const attack = attackModifiers(s);
  const parry = parryModifiers(s);
  const canRiposte = !s.fromBehind && !riposteUsed;
  const riposte = canRiposte ? riposteModifiers(s) : null;
  return {
    rule: 'R6.1',
    attack: { modifiers: attack, need: s.attacker.melee + totalOf(attack) },
    parry: { modifiers: parry, need: s.defender.melee + totalOf(parry) },
    riposte: riposte ? { modifiers: riposte, need: s.defender.melee + totalOf(riposte) } : null,
  };
}

export interface StrokeResult extends Ruled {
  attackDie: number;
  parryDie: number;
  riposteCheckDie?: number;
  outcome: 'defender-hit' | 'parried' | 'missed' | 'riposte-hit';
  damage?: DamageResult;
}

/**
 * One stroke (R6.1, R6.2): the attacker's d12, the defender's d12, the defender's
 * riposte action check when a riposte is allowed, then damage. The attacker hits when he
 * succeeds and the parry fails; a riposte hits when the attack missed, the parry
 * succeeded, the check passed and the same die is good against the riposte number.
 */
export function resolveStroke(
  s: StrokeSituation,
  dice: DiceSource,
  riposteUsed = false,
): StrokeResult {
  const plan = planStroke(s, riposteUsed);
  const attackDie = dice.roll(12);
  const parryDie = dice.roll(12);
  const hits = meleeSucceeds(attackDie, plan.attack.need);
  const parries = meleeSucceeds(parryDie, plan.parry.need);
  let riposteCheckDie: number | undefined;
  let riposteReady = false;
  if (plan.riposte) {
    const check = rollAction({ exp: s.defender.exp, woundPoints: s.defender.woundPoints }, dice);
    riposteCheckDie = check.die;
    riposteReady = check.outcome === 'acts';
  }
  const base = {
    attackDie,
    parryDie,
    ...(riposteCheckDie !== undefined ? { riposteCheckDie } : {}),
  };
  if (hits && !parries) {
    const damage = rollDamage(
      {
        kind: 'melee',
        weapon: s.attacker.weapon.damage,
        targetArmour: s.defender.armour,
        hitNeed: plan.attack.need,
        hitDie: attackDie,
      },
      dice,
    );
    return { rule: 'R6.1', ...base, outcome: 'defender-hit', damage };
  }
  if (hits) return { rule: 'R6.1', ...base, outcome: 'parried' };
  if (parries && riposteReady && plan.riposte && meleeSucceeds(parryDie, plan.riposte.need)) {
    const damage = rollDamage(
      {
        kind: 'melee',
        weapon: s.defender.weapon.damage,
        targetArmour: s.attacker.armour,
        hitNeed: plan.riposte.need,
        hitDie: parryDie,
      },
      dice,
    );
    return { rule: 'R6.2', ...base, outcome: 'riposte-hit', damage };
  }
  return { rule: 'R6.1', ...base, outcome: parries ? 'parried' : 'missed' };
}

/** The exact chance the stroke wounds the defender (any damage level but none). */
export function chanceStrokeWounds(s: StrokeSituation): number {
  return chanceThat(
    (d) => resolveStroke(s, d),
    (r) => r.outcome === 'defender-hit' && r.damage !== undefined && r.damage.level !== 'none',
  );
}

/**
 * The last shot at a charger (R6.7): an instant action check, then a shot at Too Close
 * against a moving target, snap unless he was aiming at the charger; -2 more with the
 * pistol in the off hand. The shot's list is the fire rules'; this gives the check and
 * the extra terms.
 */
export function lastShot(
  shooter: { exp: number; woundPoints: number },
  options: { aimingAtCharger: boolean; offHand: boolean },
  dice: DiceSource,
): Ruled & { fires: boolean; die: number; extra: Modifier[] } {
  const r = rollAction({ exp: shooter.exp, woundPoints: shooter.woundPoints }, dice);
  const extra: Modifier[] = [];
  if (!options.aimingAtCharger)
    extra.push({ rule: 'R6.7', label: 'snap shot at a charger', value: -2 });
  if (options.offHand) extra.push({ rule: 'R6.7', label: 'off hand', value: -2 });
  return { rule: 'R6.7', fires: r.outcome === 'acts', die: r.die, extra };
}

/** Shields as breaking items (R6.8): metal-faced -1, rimmed wood or hide 0, plain wood +1, hide or wicker +2. */
export const SHIELD_BREAK_VALUES = { 'metal-faced': -1, rimmed: 0, wood: 1, hide: 2 } as const;

/**
 * Weapon breakage on a parried hit (R6.8): a roll plus one's own item's damage modifier
 * minus the other's at 2 or less breaks the other's item; a defender with a shield parries
 * (and breaks) with it.
 */
export function breakage(
  attackDie: number,
  parryDie: number,
  attackerItem: number,
  defenderItem: number,
): Ruled & { defenderItemBreaks: boolean; attackerItemBreaks: boolean } {
  return {
    rule: 'R6.8',
    defenderItemBreaks: attackDie + attackerItem - defenderItem <= 2,
    attackerItemBreaks: parryDie + defenderItem - attackerItem <= 2,
  };
}

/**
 * A weapon stuck in the victim (R6.9) after a crippling wound or a kill: a d12 at or
 * under melee skill frees it; 12 means broken; a blunt weapon never sticks but breaks on
 * a 12 (1 in 12). A rider too fast to stop loses a stuck weapon.
 */
export function stuckWeapon(
  meleeSkill: number,
  blunt: boolean,
  fastRider: boolean,
  dice: DiceSource,
): Ruled & { die: number; state: 'free' | 'stuck' | 'lost' | 'broken' } {
  const die = dice.roll(12);
  if (die === 12) return { rule: 'R6.9', die, state: 'broken' };
  if (blunt || die <= meleeSkill) return { rule: 'R6.9', die, state: 'free' };
  return { rule: 'R6.9', die, state: fastRider ? 'lost' : 'stuck' };
}

/** Horses' melee skill (R6.11): 3 any horse, 5 trained cavalry horse, 7 knight's warhorse. */
export const HORSE_SKILL = { common: 3, cavalry: 5, warhorse: 7 } as const;

/** A horse's dodge "parry" (R6.11): its skill less its wounds and any armour term the scenario gives. */
export function horseDodgeNeed(
  kind: keyof typeof HORSE_SKILL,
  horseWounds: number,
  extra = 0,
): number {
  return HORSE_SKILL[kind] - horseWounds + extra;
}

/**
 * A crowded horse's kick (R6.12): at its group's activation, with someone right behind it
 * and fighting or firing within 6", a d6 of 1 makes it kick at its skill, damage +4 (+5
 * small horse, +3 big).
 */
export function horseKick(
  kind: keyof typeof HORSE_SKILL,
  size: 'small' | 'normal' | 'big',
  dice: DiceSource,
): Ruled & { die: number; kicks: boolean; need: number; damage: number } {
  const die = dice.roll(6);
  const damage = size === 'small' ? 5 : size === 'big' ? 3 : 4;
  return { rule: 'R6.12', die, kicks: die === 1, need: HORSE_SKILL[kind], damage };
}

/** A trained warhorse's own attack (R6.12): at its skill, to hit 0, damage +1, if the rider passes horsemanship. */
export const WARHORSE_ATTACK = { toHit: 0, damage: 1 } as const;

/**
 * The order of strokes in an activation (R6.4): men who began adjacent strike first,
 * chargers (any move into contact) after them; each keeps its given order otherwise.
 */
export function strokeOrder<T extends { charged: boolean }>(attackers: readonly T[]): T[] {
  return [...attackers.filter((a) => !a.charged), ...attackers.filter((a) => a.charged)];
}
