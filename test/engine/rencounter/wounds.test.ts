import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  addWound,
  armWoundGrip,
  damageDistribution,
  damageLevel,
  freePinnedRider,
  horseFallDamageModifier,
  horseWoundEffects,
  locationPenalties,
  rollDamage,
  rollWoundLocation,
  sideBroken,
  variableKnockdown,
  woundEffects,
  type BreakMember,
} from '../../../src/engine/rulesets/rencounter/wounds';
import {
  MISSILE_WEAPONS,
  reloadTurns,
  advanceReload,
  revolverChambersLoaded,
  shotsPerTurn,
  MELEE_WEAPONS,
} from '../../../src/engine/rulesets/rencounter/weapons';
import { rangeBand } from '../../../src/engine/rulesets/rencounter/fire';

describe('Rencounter damage and wounds', () => {
  it('R6.13 damage table (§6 Damage): 1-2 struck dead, 3-4 crippling, 5-7 serious, 8-12 minor, higher no effect', () => {
    const levels = [1, 2, 3, 4, 5, 7, 8, 12, 13].map(damageLevel);
    expect(levels).toEqual([
      'dead',
      'dead',
      'crippling',
      'crippling',
      'serious',
      'serious',
      'minor',
      'minor',
      'none',
    ]);
    // Melee: armour 3 or 4 +1; hitting by 3 or more -2; weapon's modifier (knife +1).
    const r = rollDamage(
      { kind: 'melee', weapon: 1, targetArmour: 3, hitNeed: 8, hitDie: 5 },
      riggedDice([5]),
    );
    expect(r).toMatchObject({ rule: 'R6.13', total: 5, level: 'serious', woundPoints: 2 });
  });

  it('R5.17 missile damage (§5): the clean-hit margin is -1, and every missile weapon is +1 at extreme range', () => {
    const r = rollDamage(
      { kind: 'missile', weapon: -1, targetArmour: 0, hitNeed: 7, hitDie: 4, band: 'short' },
      riggedDice([9]),
    );
    expect(r).toMatchObject({ rule: 'R5.17', total: 7, level: 'serious' });
    const far = rollDamage(
      { kind: 'missile', weapon: 0, targetArmour: 0, band: 'extreme' },
      riggedDice([12]),
    );
    expect(far).toMatchObject({ total: 13, level: 'none' });
  });

  it('R5.17 the damage preview: exact chances of each level on the d12 (weapon 0, no armour)', () => {
    const d = damageDistribution({ kind: 'missile', weapon: 0, targetArmour: 0 });
    expect(d.dead).toBeCloseTo(2 / 12, 12);
    expect(d.crippling).toBeCloseTo(2 / 12, 12);
    expect(d.serious).toBeCloseTo(3 / 12, 12);
    expect(d.minor).toBeCloseTo(5 / 12, 12);
    expect(d.none).toBeUndefined();
    // A musket (-1) at short range hitting a breastplate-free man by 3: 1-3 dead on the die.
    expect(
      damageDistribution({ kind: 'missile', weapon: -1, targetArmour: 0, hitNeed: 8, hitDie: 2 })
        .dead,
    ).toBeCloseTo(4 / 12, 12);
  });

  it('R5.21 shotgun damage (§5 notes): -2 at Too Close, then +1 per range bracket', () => {
    const bands = ['too-close', 'short', 'medium', 'long', 'extreme'] as const;
    const totals = bands.map(
      (band) =>
        rollDamage(
          { kind: 'missile', weapon: 0, targetArmour: 0, band, shotgun: true },
          riggedDice([6]),
        ).total,
    );
    expect(totals).toEqual([4, 5, 6, 7, 8]);
  });

  it('R3.22 / R7.6 wounds add up (§3, §7): two minors make a serious, a minor and a serious a crippling, two cripplings kill', () => {
    expect(addWound(1, 'minor').woundPoints).toBe(2);
    expect(addWound(2, 'minor').woundPoints).toBe(3);
    expect(addWound(3, 'crippling')).toMatchObject({ woundPoints: 6, dead: true });
    expect(addWound(0, 'serious').knockedDown).toBe(true);
    expect(addWound(0, 'minor').knockedDown).toBe(false);
    // -1/-2/-3 to rolls, -2"/-4"/-6" on foot, and double (-8", -10") at 4 and 5.
    expect([1, 2, 3, 4, 5].map((w) => woundEffects(w).footMovePenalty)).toEqual([2, 4, 6, 8, 10]);
    expect(woundEffects(3)).toMatchObject({ rollPenalty: 3, crippled: true, dead: false });
    expect(woundEffects(6).dead).toBe(true);
  });

  it("R7.4 variable knockdown (§7 optional): he stays up if d6 plus wounds is at or under experience plus the weapon's damage modifier", () => {
    // Average (4), now 2 wound points, hit by a musket (-1): needs 3 or less... 1 + 2 = 3 <= 3 stays up.
    expect(variableKnockdown(4, 2, -1, riggedDice([1])).knockedDown).toBe(false);
    expect(variableKnockdown(4, 2, -1, riggedDice([2])).knockedDown).toBe(true);
  });

  it('R7.7 wounded horses (§7): serious makes the rider test, crippling brings it down; falls +6 up to 6", +4 at 7-12", +2 faster; pinned at -2, +2 per helper', () => {
    expect(horseWoundEffects(1, 12)).toMatchObject({
      topSpeed: 9,
      riderTests: false,
      horseDown: false,
    });
    expect(horseWoundEffects(2, 12).riderTests).toBe(true);
    expect(horseWoundEffects(3, 12).horseDown).toBe(true);
    expect([6, 7, 12, 13].map(horseFallDamageModifier)).toEqual([6, 4, 4, 2]);
    expect(freePinnedRider(4, 0, 0, riggedDice([2])).freed).toBe(true);
    expect(freePinnedRider(4, 0, 0, riggedDice([3])).freed).toBe(false);
    expect(freePinnedRider(4, 0, 1, riggedDice([4])).freed).toBe(true);
  });

  it('R10.4 wound locations (§10): 1 left leg, 2 right leg, 3 left arm, 4 right arm, 5 body, 6 head', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => rollWoundLocation(riggedDice([d])).location)).toEqual([
      'left-leg',
      'right-leg',
      'left-arm',
      'right-arm',
      'body',
      'head',
    ]);
  });

  it('R10.5 location effects (§10): legs 3" a level and one less against shooting; arms 1" a level and one more against combat', () => {
    expect(locationPenalties('left-leg', 2)).toMatchObject({
      movePenalty: 6,
      shootingPenalty: 1,
      minimumCrawl: 1,
    });
    expect(locationPenalties('right-arm', 1)).toMatchObject({ movePenalty: 1, combatPenalty: 2 });
    // An arm wound: an action check with the new wound counted, or the hand lets go.
    expect(armWoundGrip(4, 1, riggedDice([3])).keepsHold).toBe(true);
    expect(armWoundGrip(4, 1, riggedDice([4])).keepsHold).toBe(false);
    expect(locationPenalties('body', 2)).toMatchObject({
      movePenalty: 4,
      shootingPenalty: 2,
      combatPenalty: 2,
    });
  });

  it('R13.1 break point (§13): fewer fit, unrouted, not cowering men than half the force, or no unit above half strength', () => {
    const man = (unit: string, woundPoints = 0, out = false, cowering = false): BreakMember => ({
      unit,
      woundPoints,
      out,
      cowering,
    });
    const holding = [man('a'), man('a'), man('a', 2), man('b'), man('b', 0, true), man('b', 1)];
    expect(sideBroken(holding)).toMatchObject({ broken: false, effective: 4, total: 6 });
    const cowed = [
      man('a'),
      man('a', 0, false, true),
      man('a', 2),
      man('b', 0, false, true),
      man('b', 0, true),
      man('b', 1),
    ];
    expect(sideBroken(cowed)).toMatchObject({ broken: true, effective: 2 });
    // 3 of 6 effective is not fewer than half, but no unit has more than half fit.
    const thin = [man('a'), man('a', 3), man('b'), man('b', 0, true), man('c'), man('c', 2)];
    expect(sideBroken(thin).broken).toBe(true);
    expect(sideBroken(thin).why).toMatch(/No unit/);
    // Less elan: breaking at the 1/4 point of losses.
    expect(sideBroken(holding, 1 / 4).broken).toBe(true);
  });
});

describe('Rencounter weapon tables', () => {
  it('R5.20 missile weapons table (§5): every row of the book, each probed at its short and extreme ranges', () => {
    const rows: [string, number, number, number, number, number | null, number, number, string][] =
      [
        ['javelin', 3, 6, 9, 12, 1, 1, 1, 'N'],
        ['weak-bow', 4, 8, 12, 20, 1, 1, 1, 'N'],
        ['short-bow', 8, 16, 24, 40, 1, 1, 1, 'N'],
        ['long-bow', 12, 24, 36, 60, 0, 1, 1, 'N'],
        ['light-crossbow', 10, 20, 30, 50, 1, 3, 1, 'N'],
        ['heavy-crossbow', 15, 30, 40, 60, 0, 6, 1, 'N'],
        ['matchlock-musket', 10, 18, 26, 45, -1, 4, 1, 'N'],
        ['flintlock-musket', 10, 20, 30, 50, -1, 2, 1, 'N'],
        ['flintlock-rifle', 18, 36, 48, 72, 0, 4, 1, 'N'],
        ['cap-and-ball-rifle', 18, 36, 48, 72, 0, 3, 1, 'N'],
        ['breechloader', 20, 40, 60, 80, 0, 0.5, 1, 'N'],
        ['breechloader-carbine', 16, 32, 48, 60, 0, 0.5, 1, 'N'],
        ['magazine-rifle', 20, 40, 60, 80, 0, 1, 5, 'S'],
        ['magazine-carbine', 16, 32, 48, 60, 0, 1, 5, 'S'],
        ['flintlock-pistol', 3, 6, 9, 12, 0, 2, 1, 'N'],
        ['cap-and-ball-pistol', 4, 8, 12, 18, 0, 2, 1, 'N'],
        ['cap-and-ball-revolver', 5, 10, 15, 25, 0, 6, 6, 'S'],
        ['small-da-revolver', 5, 10, 15, 25, 1, 2, 6, 'F'],
        ['large-da-revolver', 5, 10, 15, 25, 0, 2, 6, 'F'],
        ['small-sa-revolver', 5, 10, 15, 25, 1, 2, 6, 'S'],
        ['large-sa-revolver', 5, 10, 15, 25, 0, 2, 6, 'S'],
        ['blunderbuss', 4, 8, 12, 18, null, 2.5, 1, 'N'],
        ['double-shotgun', 5, 10, 15, 25, null, 1.5, 2, 'S'],
        ['machine-pistol', 5, 10, 15, 25, 1, 1, 20, 'Fx2'],
        ['submachinegun', 7, 14, 21, 35, 0, 1, 20, 'Fx3'],
        ['lmg-unbraced', 16, 32, 48, 60, 0, 2, 30, 'Fx3'],
        ['lmg-braced', 25, 50, 75, 125, 0, 2, 30, 'Fx3'],
      ];
    expect(Object.keys(MISSILE_WEAPONS).length).toBe(rows.length);
    for (const [id, s, m, l, x, dmg, reload, shots, repeat] of rows) {
      const w = MISSILE_WEAPONS[id];
      expect([w.ranges, w.damage, w.reload, w.shots, w.repeat], id).toEqual([
        [s, m, l, x],
        dmg,
        reload,
        shots,
        repeat,
      ]);
      expect(rangeBand(w, s), id).toBe(
        s <= (w.tooClose === 'contact' ? 1 : 2) ? 'too-close' : 'short',
      );
      expect(rangeBand(w, s + 0.5), id).toBe('medium');
      expect(rangeBand(w, x), id).toBe('extreme');
      expect(rangeBand(w, x + 0.5), id).toBeNull();
    }
    expect(MISSILE_WEAPONS['magazine-rifle'].shotsUpTo).toBe(17);
  });

  it('R5.21 loading notes (§5): socket bayonets +1 turn, plug bayonets 2 to pull and 1 to sheathe; revolvers 2 chambers a turn or all 6 in 2', () => {
    const musket = MISSILE_WEAPONS['flintlock-musket'];
    expect(reloadTurns(musket, 'socket')).toBe(3);
    expect(reloadTurns(musket, 'plug')).toBe(5);
    expect([0, 1, 2].map(revolverChambersLoaded)).toEqual([0, 2, 6]);
    expect(['N', 'S', 'F', 'Fx2', 'Fx3'].map((r) => shotsPerTurn(r as 'N'))).toEqual([
      1, 2, 4, 8, 12,
    ]);
  });

  it('R5.18 reloading (§5): only successful actions count towards a reload; a half-turn reload fits in one half', () => {
    const musket = MISSILE_WEAPONS['flintlock-musket']; // 2 turns
    let p = advanceReload(0, musket.reload, true);
    expect(p).toMatchObject({ progressHalves: 2, loaded: false });
    p = advanceReload(p.progressHalves, musket.reload, false);
    expect(p.progressHalves).toBe(2);
    expect(advanceReload(p.progressHalves, musket.reload, true).loaded).toBe(true);
    expect(advanceReload(0, 0.5, true).loaded).toBe(true);
  });

  it('R6.14 melee weapons table (§6): to hit / damage / ranks / shield, every row', () => {
    const rows: [string, number, number, number, boolean][] = [
      ['sword', 1, 0, 1, true],
      ['spear', 0, 0, 2, true],
      ['pike', -1, 0, 4, false],
      ['axe', -1, -1, 1, true],
      ['halberd', 0, -1, 2, false],
      ['knife', -1, 1, 1, true],
      ['unarmed', -2, 2, 1, true],
      ['club', -2, 1, 1, true],
      ['javelin', 0, 0, 1, true],
    ];
    for (const [id, toHit, damage, ranks, withShield] of rows)
      expect(MELEE_WEAPONS[id], id).toMatchObject({ toHit, damage, ranks, withShield });
  });
});
