import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  burstStop,
  chanceToHit,
  confirmNeed,
  duckbackAfterWound,
  duckbackCheck,
  shotDistribution,
  friendInMeleeHit,
  JAVELIN_REMOVAL_ACTIONS,
  javelinInShield,
  woundPointsWithJavelin,
  missCausedBy,
  mountedHit,
  movingTargetModifier,
  opportunityFire,
  planShot,
  rangeBand,
  rollToHit,
  scatter,
  shotgunSpread,
  thrownRanges,
  type ShotSituation,
} from '../../../src/engine/rulesets/rencounter/fire';
import { MISSILE_WEAPONS } from '../../../src/engine/rulesets/rencounter/weapons';
import type { Modifier } from '../../../src/engine/rulesets/rencounter/types';

const musket = MISSILE_WEAPONS['flintlock-musket'];
const pistol = MISSILE_WEAPONS['flintlock-pistol'];
const bow = MISSILE_WEAPONS['short-bow'];

function shot(extra: Partial<ShotSituation>): ShotSituation {
  return {
    fireSkill: 7,
    shooterWounds: 0,
    weapon: musket,
    distance: 8,
    aim: 'half',
    shotAction: 'only-shot',
    ...extra,
  };
}

function valueOf(mods: Modifier[], rule: string): number {
  return mods.filter((m) => m.rule === rule).reduce((s, m) => s + m.value, 0);
}

describe('Rencounter fire', () => {
  it('R5.1 base chance (§5 Fire Combat): at or under skill on a d12 hits; a natural 12 always misses', () => {
    expect(rollToHit(7, riggedDice([7]))).toMatchObject({ rule: 'R5.1', hit: true });
    expect(rollToHit(7, riggedDice([8])).hit).toBe(false);
    expect(rollToHit(14, riggedDice([12])).hit).toBe(false);
    expect(chanceToHit(7)).toBeCloseTo(7 / 12, 12);
    expect(chanceToHit(13)).toBeCloseTo(11 / 12, 12);
  });

  it('R5.2 confirming roll (§5): needed 0 confirms on 9, -1 on 7, -2 on 5, -3 on 3, -4 on 1, -5 cannot hit', () => {
    expect([0, -1, -2, -3, -4, -5].map(confirmNeed)).toEqual([9, 7, 5, 3, 1, 0]);
    // Private Wilton: skill 5, -6 in modifiers, needs -1: a 1 then 7 or less.
    expect(rollToHit(-1, riggedDice([1, 7]))).toMatchObject({
      rule: 'R5.2',
      confirmDie: 7,
      hit: true,
    });
    expect(rollToHit(-1, riggedDice([1, 8])).hit).toBe(false);
    expect(rollToHit(0, riggedDice([1, 9])).hit).toBe(true);
    expect(rollToHit(0, riggedDice([1, 10])).hit).toBe(false);
    expect(rollToHit(-1, riggedDice([2])).hit).toBe(false);
    const none = riggedDice([]);
    expect(rollToHit(-5, none)).toMatchObject({ die: null, hit: false });
    // "about a 5% chance" at -1 (7/144), "snake eyes" at -4 (1/144).
    expect(chanceToHit(-1)).toBeCloseTo(7 / 144, 12);
    expect(chanceToHit(-4)).toBeCloseTo(1 / 144, 12);
  });

  it('R5.4 range bands (§5): Too Close -2, Short 0, Medium -2, Long -4, Extreme -6; Too Close is contact for pistols, 2" for long arms', () => {
    expect(rangeBand(musket, 2)).toBe('too-close');
    expect(rangeBand(pistol, 2)).toBe('short');
    expect(rangeBand(pistol, 1)).toBe('too-close');
    const bands: [number, string, number][] = [
      [10, 'short', 0],
      [20, 'medium', -2],
      [30, 'long', -4],
      [50, 'extreme', -6],
    ];
    for (const [d, band, mod] of bands) {
      const p = planShot(shot({ distance: d, aim: 'snap' }));
      expect(p.band).toBe(band);
      expect(valueOf(p.modifiers, 'R5.4')).toBe(mod);
    }
    expect(valueOf(planShot(shot({ distance: 2, aim: 'snap' })).modifiers, 'R5.4')).toBe(-2);
    expect(planShot(shot({ distance: 51 }))).toMatchObject({
      need: null,
      why: 'The target is out of range.',
    });
  });

  it('R5.5 armour and shields (§5): bows add the target armour and -1 medium / -2 large shield; muskets -1 against armour 3-4 only', () => {
    const bowShot = planShot(shot({ weapon: bow, targetArmour: 2, targetShield: 'large' }));
    expect(valueOf(bowShot.modifiers, 'R5.5')).toBe(-4);
    expect(valueOf(planShot(shot({ weapon: bow, targetShield: 'medium' })).modifiers, 'R5.5')).toBe(
      -1,
    );
    expect(valueOf(planShot(shot({ targetArmour: 2 })).modifiers, 'R5.5')).toBe(0);
    expect(valueOf(planShot(shot({ targetArmour: 3 })).modifiers, 'R5.5')).toBe(-1);
    expect(
      valueOf(
        planShot(shot({ weapon: MISSILE_WEAPONS['breechloader'], targetArmour: 4 })).modifiers,
        'R5.5',
      ),
    ).toBe(0);
  });

  it('R5.6 javelin in the shield (§5): when the shield made the miss, a 50% chance (d6 1-3) it sticks', () => {
    expect(missCausedBy(6, 5, -1)).toBe(true); // would have hit at 6 without the shield's -1
    expect(javelinInShield(riggedDice([3])).stuck).toBe(true);
    expect(javelinInShield(riggedDice([4])).stuck).toBe(false);
    // Like a minor wound until pulled out (3 actions) or the shield dropped (1).
    expect(woundPointsWithJavelin(1, 1)).toBe(2);
    expect(JAVELIN_REMOVAL_ACTIONS).toEqual({ pull: 3, dropShield: 1 });
  });

  it("R5.7 cover (§5): -1 obscuring, -2 leafy, -2 half solid, -3 3/4 solid, -4 a gun's width, -5 loophole", () => {
    const covers = [
      'partial-obscuring',
      'leafy',
      'half-solid',
      'three-quarter-solid',
      'gun-port',
      'loophole',
    ] as const;
    expect(covers.map((c) => valueOf(planShot(shot({ cover: c })).modifiers, 'R5.7'))).toEqual([
      -1, -2, -2, -3, -4, -5,
    ]);
  });

  it('R5.8 duckbacks (§5): a miss only because of solid cover takes an action check at -2; failing, he ducks', () => {
    // Need 4 behind 3/4 cover (-3): a 6 would have hit at 7, so the cover made the miss.
    expect(missCausedBy(6, 4, -3)).toBe(true);
    expect(missCausedBy(8, 4, -3)).toBe(false);
    expect(missCausedBy(12, 11, -3)).toBe(false);
    // Average (4) at -2: 2 holds, 3 ducks.
    expect(duckbackCheck(4, 0, riggedDice([2])).ducks).toBe(false);
    expect(duckbackCheck(4, 0, riggedDice([3])).ducks).toBe(true);
    // A wound that does not knock him over: a minor one, in cover.
    expect(duckbackAfterWound('minor', true)).toBe(true);
    expect(duckbackAfterWound('serious', true)).toBe(false);
    expect(duckbackAfterWound('minor', false)).toBe(false);
  });

  it('R5.17 whole-shot preview: need 4 with a musket (-1): the hit die 1 earns the clean-hit -1, so exact chances by walking both dice', () => {
    const d = shotDistribution(4, { weapon: -1, targetArmour: 0, band: 'short' });
    expect(d.miss).toBeCloseTo(8 / 12, 12);
    // Die 1 (margin 3): damage d12 - 2, dead on 1-4; dice 2-4: d12 - 1, dead on 1-3.
    expect(d.dead).toBeCloseTo((1 / 12) * (4 / 12) + (3 / 12) * (3 / 12), 12);
    const sum = Object.values(d).reduce((a, b) => a + (b ?? 0), 0);
    expect(sum).toBeCloseTo(1, 12);
  });

  it('R5.9 target size (§5): mounted +1 then 1/3 the man; aimed at one, 1/6 the other; -1 kneeling, -2 prone, ignored within 2"', () => {
    expect(valueOf(planShot(shot({ mountedTarget: true })).modifiers, 'R5.9')).toBe(1);
    expect(mountedHit(riggedDice([2])).hit).toBe('man');
    expect(mountedHit(riggedDice([3])).hit).toBe('horse');
    expect(mountedHit(riggedDice([1]), 'horse').hit).toBe('man');
    expect(mountedHit(riggedDice([2]), 'horse').hit).toBe('horse');
    expect(valueOf(planShot(shot({ posture: 'kneeling' })).modifiers, 'R5.9')).toBe(-1);
    expect(valueOf(planShot(shot({ posture: 'prone' })).modifiers, 'R5.9')).toBe(-2);
    expect(valueOf(planShot(shot({ posture: 'prone', distance: 2 })).modifiers, 'R5.9')).toBe(0);
  });

  it('R5.10 aimed fire (§5): half turn 0, one turn +2, two or more +3, braced +1; only at short range or more', () => {
    expect(valueOf(planShot(shot({ aim: 'half' })).modifiers, 'R5.10')).toBe(0);
    expect(valueOf(planShot(shot({ aim: 'one' })).modifiers, 'R5.10')).toBe(2);
    expect(valueOf(planShot(shot({ aim: 'two-plus' })).modifiers, 'R5.10')).toBe(3);
    expect(valueOf(planShot(shot({ aim: 'two-plus', braced: true })).modifiers, 'R5.10')).toBe(4);
    expect(valueOf(planShot(shot({ aim: 'two-plus', distance: 2 })).modifiers, 'R5.10')).toBe(0);
  });

  it('R5.11 snap fire (§5): -2 with another action, -4 for firearms on the move, thrown weapons -2 with half again the range', () => {
    expect(
      valueOf(planShot(shot({ aim: 'snap', shotAction: 'only-shot' })).modifiers, 'R5.11'),
    ).toBe(0);
    expect(
      valueOf(planShot(shot({ aim: 'snap', shotAction: 'with-other-action' })).modifiers, 'R5.11'),
    ).toBe(-2);
    expect(
      valueOf(planShot(shot({ aim: 'snap', shotAction: 'moving-fast' })).modifiers, 'R5.11'),
    ).toBe(-4);
    expect(planShot(shot({ weapon: bow, aim: 'snap', shotAction: 'moving-fast' })).need).toBeNull();
    expect(
      planShot(shot({ weapon: bow, aim: 'snap', shotAction: 'moving-fast', mounted: true })).need,
    ).not.toBeNull();
    const javelin = MISSILE_WEAPONS['javelin'];
    expect(rangeBand(javelin, 4)).toBe('medium');
    expect(rangeBand(javelin, 4, true)).toBe('short'); // 3" x 1.5 = 4.5"
    const thrown = planShot(
      shot({
        weapon: javelin,
        distance: 4,
        runningThrow: true,
        shotAction: 'with-other-action',
        aim: 'snap',
      }),
    );
    expect(valueOf(thrown.modifiers, 'R5.11')).toBe(-2);
    // Thrown at a full run: still -2 (not the -4 of firearms on the move), and no aim.
    const atRun = planShot(
      shot({
        weapon: javelin,
        distance: 4,
        runningThrow: true,
        shotAction: 'moving-fast',
        aim: 'one',
      }),
    );
    expect(atRun.modifiers.filter((m) => m.rule === 'R5.11' || m.rule === 'R5.10')).toEqual([
      { rule: 'R5.11', label: 'thrown on the run', value: -2 },
    ]);
    // A javelin thrown on the move without the running throw cannot be thrown that way.
    expect(
      planShot(shot({ weapon: javelin, distance: 4, shotAction: 'moving-fast', aim: 'snap' })).need,
    ).toBeNull();
  });

  it('R5.12 multiple shots (§5): each shot after the first in a turn -1, cumulative; slow repeaters 2, fast 4', () => {
    const revolver = MISSILE_WEAPONS['small-da-revolver'];
    expect(
      valueOf(planShot(shot({ weapon: revolver, distance: 4, shotNumber: 4 })).modifiers, 'R5.12'),
    ).toBe(-3);
    expect(planShot(shot({ weapon: revolver, distance: 4, shotNumber: 5 })).need).toBeNull();
    expect(
      planShot(shot({ weapon: MISSILE_WEAPONS['small-sa-revolver'], distance: 4, shotNumber: 3 }))
        .need,
    ).toBeNull();
  });

  it('R5.13 moving targets (§5): up to 3" +0, 3.5-6" -1, 6.5-12" -2, 12.5-18" -3', () => {
    expect([3, 3.5, 6, 6.5, 12, 12.5, 18].map(movingTargetModifier)).toEqual([
      0, -1, -1, -2, -2, -3, -3,
    ]);
  });

  it("R5.14 appearing targets (§5): first seen in the target's preceding activation -1, in the current one -2", () => {
    expect(valueOf(planShot(shot({ appeared: 'preceding-activation' })).modifiers, 'R5.14')).toBe(
      -1,
    );
    expect(valueOf(planShot(shot({ appeared: 'this-activation' })).modifiers, 'R5.14')).toBe(-2);
  });

  it("R5.15 fire past friends (§5): a friend in the way is hard cover, and a roll the friend's cover spoiled hits him", () => {
    const p = planShot(shot({ friendCover: 'half-solid' }));
    expect(valueOf(p.modifiers, 'R5.15')).toBe(-2);
    expect(p.need).toBe(5);
    expect(missCausedBy(7, 5, -2)).toBe(true); // the friend is hit
    expect(missCausedBy(8, 5, -2)).toBe(false);
  });

  it('R5.16 target in melee with a friend (§5): a further -2, and 2 in 12 a hit goes to the friend', () => {
    expect(valueOf(planShot(shot({ targetInMeleeWithFriend: true })).modifiers, 'R5.16')).toBe(-2);
    expect(friendInMeleeHit(riggedDice([2])).friendHit).toBe(true);
    expect(friendInMeleeHit(riggedDice([3])).friendHit).toBe(false);
  });

  it('R5.3 the whole list goes on the skill: skill 7, medium (-2), aimed a turn (+2), kneeling (-1), minor wound (-1) needs 5', () => {
    const p = planShot(shot({ distance: 15, aim: 'one', posture: 'kneeling', shooterWounds: 1 }));
    expect(p.need).toBe(5);
    expect(p.modifiers.map((m) => m.rule)).toEqual(['R5.4', 'R5.10', 'R5.9', 'R7.6']);
  });

  it('R5.19 opportunity fire (§5 optional): an enemy in the 4" circle allows an action roll, once between activations, as half-turn aim', () => {
    const zone = { centre: { x: 10, y: 10 } };
    expect(
      opportunityFire({ exp: 4, woundPoints: 0 }, zone, { x: 11, y: 11 }, false, riggedDice([4])),
    ).toMatchObject({ fires: true, aim: 'half' });
    expect(
      opportunityFire({ exp: 4, woundPoints: 0 }, zone, { x: 11, y: 11 }, false, riggedDice([5]))
        .fires,
    ).toBe(false);
    expect(
      opportunityFire({ exp: 4, woundPoints: 0 }, zone, { x: 13, y: 10 }, false, riggedDice([]))
        .fires,
    ).toBe(false);
    expect(
      opportunityFire({ exp: 4, woundPoints: 0 }, zone, { x: 10, y: 10 }, true, riggedDice([]))
        .fires,
    ).toBe(false);
  });

  it('R5.21 shotguns (§5 table notes): +2 to hit at short through long, and two targets at short to long, all in 4" at extreme', () => {
    const shotgun = MISSILE_WEAPONS['double-shotgun'];
    expect(valueOf(planShot(shot({ weapon: shotgun, distance: 12 })).modifiers, 'R5.21')).toBe(2);
    expect(valueOf(planShot(shot({ weapon: shotgun, distance: 20 })).modifiers, 'R5.21')).toBe(0);
    expect(shotgunSpread('short').targets).toBe(2);
    expect(shotgunSpread('extreme')).toMatchObject({ targets: 'all', within: 4 });
  });

  it('R5.22 automatic weapons (§5 experimental): a gun with no burst setting stops on an action roll or empties the magazine', () => {
    expect(burstStop(4, 0, riggedDice([4])).stops).toBe(true);
    expect(burstStop(4, 0, riggedDice([5])).stops).toBe(false);
    expect(
      planShot(shot({ weapon: MISSILE_WEAPONS['submachinegun'], distance: 5, shotNumber: 12 }))
        .need,
    ).toBe(7 - 11);
  });

  it('R5.23 thrown objects (§5): d12 clock (12 the way of the throw), 1d6" plus the miss, never back more than half the throw', () => {
    // 12 o'clock, d6 = 3, missed by 2: 5" on past the target.
    expect(scatter(2, 8, riggedDice([12, 3]))).toMatchObject({ along: 5, across: 0 });
    // 6 o'clock, 6 + 2 = 8" back, but at most half the 8" throw: 4".
    expect(scatter(2, 8, riggedDice([6, 6]))).toMatchObject({ along: -4 });
    // 3 o'clock: to the right.
    expect(scatter(0, 8, riggedDice([3, 2]))).toMatchObject({ along: 0, across: 2 });
    expect(thrownRanges('small')).toEqual([2, 4, 6, 8]);
  });
});
