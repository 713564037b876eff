import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  HORSE_SKILL,
  SHIELD_BREAK_VALUES,
  activeAttackers,
  aggressiveMax,
  attackModifiers,
  breakage,
  chanceStrokeWounds,
  gangUp,
  horseDodgeNeed,
  horseKick,
  lastShot,
  meleeSucceeds,
  parryModifiers,
  planStroke,
  resolveStroke,
  stuckWeapon,
  strokeOrder,
  type Striker,
  type StrokeSituation,
} from '../../../src/engine/rulesets/rencounter/melee';
import { MELEE_WEAPONS } from '../../../src/engine/rulesets/rencounter/weapons';
import type { Modifier } from '../../../src/engine/rulesets/rencounter/types';

const swordsman: Striker = {
  melee: 7,
  exp: 4,
  woundPoints: 0,
  armour: 0,
  weapon: MELEE_WEAPONS.sword,
};
const axeman: Striker = { melee: 6, exp: 4, woundPoints: 0, armour: 1, weapon: MELEE_WEAPONS.axe };

function labelled(mods: Modifier[], label: string): number {
  return mods.filter((m) => m.label === label).reduce((s, m) => s + m.value, 0);
}

describe('Rencounter melee', () => {
  it('R6.3 to hit (§6): at or under skill hits or parries; a natural 1 always succeeds, a natural 12 always fails', () => {
    expect(meleeSucceeds(1, -3)).toBe(true);
    expect(meleeSucceeds(12, 14)).toBe(false);
    expect(meleeSucceeds(7, 7)).toBe(true);
    expect(meleeSucceeds(8, 7)).toBe(false);
  });

  it("R6.1 the stroke (§6): both roll; the attacker's success and the defender's failed parry mean a hit and a damage roll", () => {
    const s: StrokeSituation = { attacker: swordsman, defender: axeman };
    const plan = planStroke(s);
    // Sword +1, axe man's armour -1: 7. Parry: 6 plain.
    expect(plan.attack.need).toBe(7);
    expect(plan.parry.need).toBe(6);
    // Attack 5 hits, parry 8 fails, riposte check 6 fails (Average), damage 9: minor.
    const r = resolveStroke(s, riggedDice([5, 8, 6, 9]));
    expect(r).toMatchObject({ outcome: 'defender-hit', damage: { level: 'minor', total: 9 } });
    // Attack 5 hits, parry 6 holds.
    expect(resolveStroke(s, riggedDice([5, 6, 6])).outcome).toBe('parried');
  });

  it("R6.2 the riposte (§6): after a missed attack, a good parry and a passed action check strike back against the attacker's armour", () => {
    const armoured: Striker = { ...swordsman, armour: 2 };
    const s: StrokeSituation = { attacker: armoured, defender: axeman };
    const plan = planStroke(s);
    // Riposte with the axe: 6 - 1 (axe) - 2 (armour) = 3.
    expect(plan.riposte?.need).toBe(3);
    // Attack 9 misses; parry 3 holds and is good for the riposte; check 2 passes; damage 6 - 1 (axe) = 5 serious.
    const hit = resolveStroke(s, riggedDice([9, 3, 2, 6]));
    expect(hit).toMatchObject({
      rule: 'R6.2',
      outcome: 'riposte-hit',
      damage: { level: 'serious' },
    });
    // Parry 4 holds but is over the riposte's 3: no riposte.
    expect(resolveStroke(s, riggedDice([9, 4, 2])).outcome).toBe('parried');
    // Check 5 fails: defensive only.
    expect(resolveStroke(s, riggedDice([9, 3, 5])).outcome).toBe('parried');
    // From behind: no riposte, no check rolled, -2 to parry.
    const behind = planStroke({ ...s, fromBehind: true });
    expect(behind.riposte).toBeNull();
    expect(behind.parry.need).toBe(4);
  });

  it('R6.4 charges (§6): men who began adjacent strike before the chargers of the same activation', () => {
    const order = strokeOrder([
      { id: 'runner', charged: true },
      { id: 'close', charged: false },
      { id: 'rider', charged: true },
    ]);
    expect(order.map((a) => a.id)).toEqual(['close', 'runner', 'rider']);
  });

  it('R6.5 one against many (§6): each active attacker over one gives +1 to the attackers and -1 to the parry; not against a master', () => {
    expect(gangUp(3, 0, 4)).toMatchObject({ attack: 2, parry: -2 });
    expect(gangUp(1, 1, 4)).toMatchObject({ attack: 1, parry: -1 });
    expect(gangUp(3, 0, 6)).toMatchObject({ attack: 0, parry: 0 });
  });

  it("R6.6 the book's examples (§6): three Guards of experience 4 roll 3, 5, 1: two active, +1 each and the Musketeer -1 to parry", () => {
    const guards = [4, 4, 4].map((exp) => ({ exp, woundPoints: 0 }));
    const rolled = activeAttackers(guards, riggedDice([3, 5, 1]));
    expect(rolled.active).toBe(2);
    const musketeer: Striker = { ...swordsman, exp: 4 };
    const guard: Striker = { ...swordsman };
    const s: StrokeSituation = { attacker: guard, defender: musketeer, attackers: rolled.active };
    expect(labelled(attackModifiers(s), 'ganging up')).toBe(1);
    expect(labelled(parryModifiers(s), 'outnumbered')).toBe(-1);
    // Example 2: Milady (her own unit) passes her action roll: +2 and -2.
    const withMilady = { ...s, helpers: 1 };
    expect(labelled(attackModifiers(withMilady), 'ganging up')).toBe(2);
    expect(labelled(parryModifiers(withMilady), 'outnumbered')).toBe(-2);
    // Example 3: Musashi, a master, parries at full value and his attackers get nothing.
    const musashi = { ...s, defender: { ...musketeer, exp: 6 }, attackers: 3 };
    expect(labelled(attackModifiers(musashi), 'ganging up')).toBe(0);
    expect(labelled(parryModifiers(musashi), 'outnumbered')).toBe(0);
  });

  it('R6.15 situation modifiers (§6): above +1, thrusting charge +1, mounted charge +1, drawing -2, wounds, cover -2/-4, armour, shields -1/-2, rank -1, formation +2, unfamiliar -2, behind -2', () => {
    const spear: Striker = {
      ...swordsman,
      weapon: MELEE_WEAPONS.spear,
      woundPoints: 2,
      unfamiliar: true,
    };
    const target: Striker = { ...axeman, armour: 2, shield: 'large' };
    const s: StrokeSituation = {
      attacker: spear,
      defender: target,
      above: true,
      chargeInches: 4,
      mountedChargeSpeed: 12,
      drewWeapon: true,
      cover: 'three-quarter',
      rank: 1,
      defenderInFormation: true,
    };
    const a = attackModifiers(s);
    expect(a.map((m) => [m.label, m.value])).toEqual([
      ['above the opponent', 1],
      ['charging thrust', 1],
      ['mounted charge', 1],
      ['drew a weapon this turn', -2],
      ['wounded', -2],
      ['target behind 3/4 cover', -4],
      ['armour', -2],
      ['shield', -2],
      ['fighting from a rear rank', -1],
      ['unfamiliar weapon', -2],
    ]);
    expect(labelled(attackModifiers({ ...s, chargeInches: 3 }), 'charging thrust')).toBe(0);
    expect(labelled(attackModifiers({ ...s, mountedChargeSpeed: 19 }), 'mounted charge')).toBe(0);
    expect(
      labelled(attackModifiers({ ...s, defender: { ...target, shield: 'medium' } }), 'shield'),
    ).toBe(-1);
    expect(
      labelled(
        attackModifiers({ ...s, defender: { ...target, shield: 'none', twoWeapons: true } }),
        'shield',
      ),
    ).toBe(-1);
    // A pike cannot be used with a shield; from behind no shield counts.
    expect(
      labelled(
        attackModifiers({ ...s, defender: { ...target, weapon: MELEE_WEAPONS.pike } }),
        'shield',
      ),
    ).toBe(0);
    expect(labelled(attackModifiers({ ...s, fromBehind: true }), 'shield')).toBe(0);
    expect(labelled(parryModifiers(s), 'close formation')).toBe(2);
    expect(labelled(parryModifiers({ ...s, fromBehind: true }), 'attacked from behind')).toBe(-2);
  });

  it("R6.15 aggressive attack (§6): a skill-9 fighter may give up 3, down to 6, and takes as much off the opponent's parry", () => {
    expect(aggressiveMax(9)).toBe(3);
    expect(aggressiveMax(5)).toBe(0);
    const s: StrokeSituation = {
      attacker: { ...swordsman, melee: 9, aggressive: 2 },
      defender: axeman,
    };
    const plan = planStroke(s);
    expect(plan.attack.need).toBe(9 + 1 - 1 - 2);
    expect(plan.parry.need).toBe(6 - 2);
  });

  it('R6.1 exact chance a stroke wounds, for the preview', () => {
    // Attack 7 (12 always misses), parry 6: P(hit) 7/12, P(parry fails) 6/12, then any damage but none: axe man armour 1, sword 0, so
    // damage 13+ needs a die over 12: impossible without bonuses; margin -2 only lowers it. So 7/12 x 6/12.
    expect(chanceStrokeWounds({ attacker: swordsman, defender: axeman })).toBeCloseTo(
      (7 / 12) * (6 / 12),
      12,
    );
  });

  it('R6.7 last shot against a charge (§6 optional): an instant action check; snap -2 unless aiming at the charger, off hand -2', () => {
    const r = lastShot(
      { exp: 4, woundPoints: 0 },
      { aimingAtCharger: false, offHand: true },
      riggedDice([4]),
    );
    expect(r.fires).toBe(true);
    expect(r.extra.map((m) => m.value)).toEqual([-2, -2]);
    expect(
      lastShot(
        { exp: 4, woundPoints: 0 },
        { aimingAtCharger: true, offHand: false },
        riggedDice([5]),
      ),
    ).toMatchObject({ fires: false, extra: [] });
  });

  it('R6.8 weapon breakage (§6 optional): sword (0) against axe (-1), rolls 4 and 3: the axe holds (5), the sword breaks (2); a rimmed shield (0) saves it', () => {
    expect(breakage(4, 3, 0, -1)).toMatchObject({
      defenderItemBreaks: false,
      attackerItemBreaks: true,
    });
    expect(breakage(4, 3, 0, SHIELD_BREAK_VALUES.rimmed)).toMatchObject({
      defenderItemBreaks: false,
      attackerItemBreaks: false,
    });
    expect(SHIELD_BREAK_VALUES).toEqual({ 'metal-faced': -1, rimmed: 0, wood: 1, hide: 2 });
  });

  it('R6.9 stuck weapons (§6 optional): a d12 at or under melee skill frees it, a 12 breaks it, a fast rider loses it; blunt never sticks', () => {
    expect(stuckWeapon(7, false, false, riggedDice([7])).state).toBe('free');
    expect(stuckWeapon(7, false, false, riggedDice([8])).state).toBe('stuck');
    expect(stuckWeapon(7, false, true, riggedDice([8])).state).toBe('lost');
    expect(stuckWeapon(7, false, false, riggedDice([12])).state).toBe('broken');
    expect(stuckWeapon(3, true, false, riggedDice([11])).state).toBe('free');
    expect(stuckWeapon(3, true, false, riggedDice([12])).state).toBe('broken');
  });

  it('R6.11 attacking horses (§6 optional): the horse dodges at 3 (any horse), 5 (cavalry), 7 (warhorse), less its wounds', () => {
    expect(HORSE_SKILL).toEqual({ common: 3, cavalry: 5, warhorse: 7 });
    expect(horseDodgeNeed('cavalry', 1)).toBe(4);
  });

  it("R6.12 horse kicks (§6 optional): a d6 of 1 kicks, at the horse's skill, damage +4 (+5 small horse, +3 big)", () => {
    expect(horseKick('common', 'normal', riggedDice([1]))).toMatchObject({
      kicks: true,
      need: 3,
      damage: 4,
    });
    expect(horseKick('common', 'small', riggedDice([2]))).toMatchObject({
      kicks: false,
      damage: 5,
    });
    expect(horseKick('warhorse', 'big', riggedDice([1]))).toMatchObject({ need: 7, damage: 3 });
  });
});
