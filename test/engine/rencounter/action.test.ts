import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  ARMOUR_NAMES,
  EXPERIENCE_NAMES,
  actionDistribution,
  armourValue,
  buttkick,
  cowerChoice,
  chanceToAct,
  heroCheck,
  horsemanshipOf,
  horsemanshipTest,
  linkDistance,
  moraleModifiers,
  orderTarget,
  rollAction,
  rollOrder,
  routThreshold,
  skillForExperience,
  unitEliminated,
  volleyShooters,
  type MoraleMember,
  type OrderMember,
} from '../../../src/engine/rulesets/rencounter/action';
import { totalOf } from '../../../src/engine/rulesets/rencounter/types';

describe('Rencounter action roll', () => {
  it('R1.1 experience ratings (§1 The Figure): 6 Master, 5 Veteran, 4 Average, 3 Green, 2 Raw, 1 Scum', () => {
    expect([6, 5, 4, 3, 2, 1].map((e) => EXPERIENCE_NAMES[e])).toEqual([
      'Master',
      'Veteran',
      'Average',
      'Green',
      'Raw',
      'Scum',
    ]);
  });

  it('R1.8 armour ratings (§1): 0 none to 4 full, used directly as modifiers, or doubled', () => {
    expect(ARMOUR_NAMES[0]).toBe('None');
    expect(ARMOUR_NAMES[4]).toBe('Full');
    expect(armourValue(3)).toBe(3);
    expect(armourValue(3, true)).toBe(6);
  });

  it('R1a.2 simplified characters (§1): Veterans 10, Average 8, Greens 6 in fire and melee', () => {
    expect([5, 4, 3].map(skillForExperience)).toEqual([10, 8, 6]);
  });

  it('R1.2 action roll (§1, §3): a d6 equal to or less than experience acts, above it hesitates', () => {
    expect(rollAction({ exp: 4, woundPoints: 0 }, riggedDice([4])).outcome).toBe('acts');
    const r = rollAction({ exp: 4, woundPoints: 0 }, riggedDice([5]));
    expect(r).toMatchObject({ rule: 'R1.2', outcome: 'hesitates', total: 5, target: 4 });
  });

  it('R3.22 effects of wounds (§3): wound points are added to the action die (minor 1, serious 2)', () => {
    // Average (4) with a serious wound (2): a 2 makes 4 and acts, a 3 makes 5 and hesitates.
    expect(rollAction({ exp: 4, woundPoints: 2 }, riggedDice([2])).outcome).toBe('acts');
    expect(rollAction({ exp: 4, woundPoints: 2 }, riggedDice([3]))).toMatchObject({
      total: 5,
      outcome: 'hesitates',
    });
  });

  it('R1.3 masters, confirm option (§1): a 6 and then 4-6 on a second die fails, 1-3 acts', () => {
    const fail = rollAction({ exp: 6, woundPoints: 0, masterMode: 'confirm' }, riggedDice([6, 4]));
    expect(fail).toMatchObject({ rule: 'R1.3', confirmDie: 4, outcome: 'hesitates' });
    const pass = rollAction({ exp: 6, woundPoints: 0, masterMode: 'confirm' }, riggedDice([6, 3]));
    expect(pass).toMatchObject({ rule: 'R1.3', outcome: 'acts' });
    // The auto option: a master unaffected by wounds or morale always succeeds, no second die.
    const dice = riggedDice([6]);
    expect(rollAction({ exp: 6, woundPoints: 0, masterMode: 'auto' }, dice).outcome).toBe('acts');
    expect(dice.remaining()).toBe(0);
    // Even a check at -2 (a duckback): only wounds or morale can make him fail.
    expect(
      rollAction({ exp: 6, woundPoints: 0, targetChange: -2, masterMode: 'auto' }, riggedDice([6]))
        .outcome,
    ).toBe('acts');
    // Wounded, he rolls like anyone: 5 + 2 = 7 is above 6.
    expect(
      rollAction({ exp: 6, woundPoints: 2, masterMode: 'auto' }, riggedDice([5])).outcome,
    ).toBe('cowers');
    // Exact chances: confirm fails 1/6 x 1/2 = 1/12.
    expect(chanceToAct({ exp: 6, woundPoints: 0, masterMode: 'confirm' })).toBeCloseTo(11 / 12, 12);
    expect(chanceToAct({ exp: 6, woundPoints: 0, masterMode: 'auto' })).toBeCloseTo(1, 12);
  });

  it('R3.27 action rolls of 1 (§3): up to a serious wound (2 points), a natural 1 always acts', () => {
    // Green (3), 2 wound points, +3 morale: 1+2+3 = 6 > 3, yet the 1 acts.
    expect(rollAction({ exp: 3, woundPoints: 2, morale: 3 }, riggedDice([1]))).toMatchObject({
      rule: 'R3.27',
      outcome: 'acts',
    });
    // 3 wound points (crippled): no such luck; 1+3+3 = 7 cowers.
    expect(rollAction({ exp: 3, woundPoints: 3, morale: 3 }, riggedDice([1])).outcome).toBe(
      'cowers',
    );
  });

  it('R3.28 a total of 7 (§3 Effects of Action Rolls Greater than 6): the man retreats to cover (cowers)', () => {
    const r = rollAction({ exp: 3, woundPoints: 0, morale: 2 }, riggedDice([5]));
    expect(r).toMatchObject({ rule: 'R3.28', total: 7, outcome: 'cowers' });
  });

  it('R3.28 surrender (§3): a close, fit, unengaged enemy, no friend to step in and no cover in reach: he gives up; otherwise he falls back', () => {
    const cornered = {
      loadedEnemyClose: true,
      meleeEnemyWithinMove: false,
      friendCanIntervene: false,
      coverWithinReach: false,
    };
    expect(cowerChoice(cornered).does).toBe('surrenders');
    expect(cowerChoice({ ...cornered, coverWithinReach: true }).does).toBe('retreats');
    expect(cowerChoice({ ...cornered, friendCanIntervene: true }).does).toBe('retreats');
    expect(cowerChoice({ ...cornered, loadedEnemyClose: false }).does).toBe('retreats');
    expect(cowerChoice({ ...cornered, enemyFanatic: true }).does).toBe('retreats');
  });

  it('R3.29 8 or higher (§3): a serious wound or worse incapacitates; only minor wounds and morale rout him for good', () => {
    expect(rollAction({ exp: 4, woundPoints: 2, morale: 1 }, riggedDice([5]))).toMatchObject({
      rule: 'R3.29',
      total: 8,
      outcome: 'incapacitated',
    });
    expect(rollAction({ exp: 3, woundPoints: 1, morale: 2 }, riggedDice([5]))).toMatchObject({
      rule: 'R3.30',
      total: 8,
      outcome: 'routs',
    });
  });

  it('R3.30 troop quality (§3): the permanent failure number 8 is 9 Average, 10 Veteran, 11 Master; Green and worse 8', () => {
    expect([1, 2, 3, 4, 5, 6].map(routThreshold)).toEqual([8, 8, 8, 9, 10, 11]);
    // "A Veteran will temporarily run or seek cover on a 7-9 and run for good on a 10."
    for (const total of [7, 8, 9])
      expect(
        rollAction({ exp: 5, woundPoints: 0, morale: total - 6 }, riggedDice([6])).outcome,
      ).toBe('cowers');
    expect(rollAction({ exp: 5, woundPoints: 0, morale: 4 }, riggedDice([6])).outcome).toBe(
      'routs',
    );
  });

  it('R1.2 exact chance of each outcome for the preview (Average, minor wound, morale +2)', () => {
    // Totals 4..9 for d6 1..6: 1 acts (natural 1, R3.27), 2-3 hesitate? 2+3=5 > 4: hesitates; 4+3=7 cowers...
    const d = actionDistribution({ exp: 4, woundPoints: 1, morale: 2 });
    expect(d.acts).toBeCloseTo(1 / 6, 12); // only the natural 1 (total 4)
    expect(d.hesitates).toBeCloseTo(2 / 6, 12); // 5, 6
    expect(d.cowers).toBeCloseTo(2 / 6, 12); // 7, 8
    expect(d.routs).toBeCloseTo(1 / 6, 12); // 9 for an Average
  });

  it('R3.24 morale-check modifiers (§3): +1 a lost man, +2 a lost leader, +1 a unit lost within 24", +2 within 12"', () => {
    const unit: MoraleMember[] = [
      { id: 'sgt', leader: true, woundPoints: 0, out: true },
      { id: 'a', leader: false, woundPoints: 3, out: false },
      { id: 'b', leader: false, woundPoints: 0, out: true },
      { id: 'c', leader: false, woundPoints: 1, out: false },
      { id: 'me', leader: false, woundPoints: 3, out: false },
    ];
    // He does not count himself: 2 men lost (+2) and the leader (+2), 1 unit within 24" (+1), 1 within 12" (+2).
    const mods = moraleModifiers(unit, 'me', { eliminatedWithin24: 1, eliminatedWithin12: 1 });
    expect(totalOf(mods)).toBe(7);
    expect(mods.every((m) => m.rule === 'R3.24')).toBe(true);
    expect(unitEliminated(unit)).toBe(false);
    expect(unitEliminated(unit.filter((m) => m.id !== 'c'))).toBe(true);
  });

  it('R3.26 split units (§3): knowing only 3 or fewer of his unit, each known loss counts +1 extra', () => {
    const unit: MoraleMember[] = [
      { id: 'sgt', leader: true, woundPoints: 0, out: false },
      { id: 'a', leader: false, woundPoints: 0, out: true },
      { id: 'b', leader: false, woundPoints: 0, out: true },
      { id: 'me', leader: false, woundPoints: 0, out: false },
    ];
    // Knows of a and himself (2 of the unit): a's loss is +1 and +1 extra; b's unknown.
    expect(totalOf(moraleModifiers(unit, 'me', { known: ['a', 'me'] }))).toBe(2);
    expect(totalOf(moraleModifiers(unit, 'me'))).toBe(2); // both known, no extra
  });

  it('R3.32 leader-influenced morale (§3 optional): a leader who acted gives -1 near him; a panicking one counts as lost (+2)', () => {
    const unit: MoraleMember[] = [
      { id: 'sgt', leader: true, woundPoints: 0, out: false },
      { id: 'a', leader: false, woundPoints: 0, out: true },
      { id: 'me', leader: false, woundPoints: 0, out: false },
    ];
    expect(totalOf(moraleModifiers(unit, 'me', { leaderRoll: 'acted', nearLeader: true }))).toBe(0);
    expect(totalOf(moraleModifiers(unit, 'me', { leaderRoll: 'acted', nearLeader: false }))).toBe(
      1,
    );
    expect(totalOf(moraleModifiers(unit, 'me', { leaderRoll: 'panicked' }))).toBe(3);
  });

  it('R3.33 heroes (§3 optional): a natural 1 on the first morale roll, then a second roll under unmodified experience: inspired', () => {
    expect(heroCheck(1, 1, 4, riggedDice([4]))).toMatchObject({ inspired: true, nextTrigger: 2 });
    expect(heroCheck(1, 1, 4, riggedDice([5]))).toMatchObject({ inspired: false, nextTrigger: 1 });
    expect(heroCheck(2, 2, 4, riggedDice([3]))).toMatchObject({ inspired: true, nextTrigger: 3 });
    expect(heroCheck(3, 2, 4, riggedDice([]))).toMatchObject({ inspired: false, nextTrigger: 1 });
    expect(heroCheck(6, 6, 5, riggedDice([2])).nextTrigger).toBe(6);
  });

  it("R1.9 horsemanship (§1): experience +2, tested with the rider's and the horse's wounds", () => {
    expect(horsemanshipOf(4)).toBe(6);
    expect(horsemanshipOf(4, 3)).toBe(3);
    expect(
      horsemanshipTest({ horsemanship: 6, riderWounds: 1, horseWounds: 1 }, riggedDice([4])),
    ).toMatchObject({ total: 6, passed: true });
    expect(
      horsemanshipTest({ horsemanship: 6, riderWounds: 1, horseWounds: 1 }, riggedDice([5])),
    ).toMatchObject({ passed: false, missedBy: 1 });
  });

  it('R3.19 buttkicking (§3): a wounded man needs less than 7 minus wound points; serious (2) acts on 4 or less', () => {
    expect(
      buttkick({ woundPoints: 2, incapacitated: false, distance: 2 }, riggedDice([4])).acts,
    ).toBe(true);
    expect(
      buttkick({ woundPoints: 2, incapacitated: false, distance: 2 }, riggedDice([5])).acts,
    ).toBe(false);
    expect(
      buttkick({ woundPoints: 0, incapacitated: false, distance: 3 }, riggedDice([])).acts,
    ).toBe(true);
    expect(
      buttkick({ woundPoints: 0, incapacitated: true, distance: 1 }, riggedDice([])).acts,
    ).toBe(false);
    expect(
      buttkick({ woundPoints: 0, incapacitated: false, distance: 3.5 }, riggedDice([])).acts,
    ).toBe(false);
  });

  const unit: OrderMember[] = [
    { id: 'sgt', exp: 5, woundPoints: 0, leader: true },
    { id: 'a', exp: 4, woundPoints: 0, leader: false },
    { id: 'b', exp: 3, woundPoints: 2, leader: false },
  ];

  it('R3.10 Follow Me (§3): one die against the leader; a wounded man adds his own wounds and stays behind if he fails', () => {
    const r = rollOrder('follow-me', unit, riggedDice([4]));
    expect(r).toMatchObject({ rule: 'R3.10', target: 5, leaderOutcome: 'acts' });
    // b (serious wound): 4 + 2 = 6 > 5, left behind.
    expect(r.men.map((m) => m.outcome)).toEqual(['acts', 'acts', 'hesitates']);
    // A 5: the unit goes on the leader's 5; b's 5 + 2 = 7 is more than 6, so he cowers (R3.31).
    expect(rollOrder('follow-me', unit, riggedDice([5])).men.map((m) => m.outcome)).toEqual([
      'acts',
      'acts',
      'cowers',
    ]);
  });

  it('R3.15 Formed Charge (§3): rolled against the lowest experience in the unit', () => {
    expect(orderTarget('formed-charge', unit)).toEqual({ rule: 'R3.15', target: 3 });
    const r = rollOrder('formed-charge', unit, riggedDice([3]));
    expect(r.leaderOutcome).toBe('acts');
    expect(rollOrder('formed-charge', unit, riggedDice([4])).leaderOutcome).toBe('hesitates');
  });

  it("R3.17 Follow Him (§3): worst experience, unless moving away from the enemy (then the leader's)", () => {
    expect(orderTarget('follow-him', unit).target).toBe(3);
    expect(orderTarget('follow-him', unit, true).target).toBe(5);
  });

  it('R3.16 Volley Fire (§3): followers shoot, veterans and masters may aim, the leader gives orders', () => {
    const men = [
      { id: 'sgt', exp: 4, woundPoints: 0, leader: true, loaded: false },
      { id: 'v', exp: 5, woundPoints: 0, leader: false, loaded: true },
      { id: 'g', exp: 3, woundPoints: 0, leader: false, loaded: true },
    ];
    const ok = { inFormation: true, leaderSeesMenAndEnemy: true, inMelee: false };
    expect(volleyShooters(men, ok).shooters).toEqual([
      { id: 'v', mayAim: true },
      { id: 'g', mayAim: false },
    ]);
    expect(volleyShooters(men, { ...ok, inMelee: true }).why).toMatch(/hand to hand/);
    expect(
      volleyShooters(
        [...men, { id: 'x', exp: 4, woundPoints: 0, leader: false, loaded: false }],
        ok,
      ).shooters,
    ).toBeNull();
    expect(orderTarget('volley-fire', unit).target).toBe(5);
  });

  it('R3.11 Follow Me links (§3): 1" green or worse, 2" regulars, 3" veterans, 4" heroes', () => {
    expect([3, 4, 5, 6, 1].map(linkDistance)).toEqual([1, 2, 3, 4, 1]);
  });
});
