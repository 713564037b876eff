import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  createGroup,
  createSide,
  followerExperience,
  leaderExperience,
  rollGroupSize,
  skillVariety,
} from '../../../src/engine/rulesets/rencounter/squad';
import {
  healedBy,
  improveSkill,
  woundAftermath,
} from '../../../src/engine/rulesets/rencounter/campaign';

describe('Rencounter squad creator', () => {
  it("R15.4 group size (§15): 1d6 + 4 for all of a side's groups", () => {
    expect(rollGroupSize(riggedDice([1])).size).toBe(5);
    expect(rollGroupSize(riggedDice([6])).size).toBe(10);
  });

  it('R15.5 leaders (§15): 1 novice 3, 2-3 average 4, 4-5 veteran 5, 6 hero 6', () => {
    expect([1, 2, 3, 4, 5, 6].map(leaderExperience)).toEqual([3, 4, 4, 5, 5, 6]);
  });

  it('R15.6 everyone else (§15): 1-2 novice 3, 3-4 average 4, 5-6 veteran 5', () => {
    expect([1, 2, 3, 4, 5, 6].map(followerExperience)).toEqual([3, 3, 4, 4, 5, 5]);
  });

  it('R15.8 variety (§15): a d6 for fire and melee each: 1 -2, 2 -1, 3 0, 4 0, 5 +1, 6 +2; R15.7 skills are double experience', () => {
    expect([1, 2, 3, 4, 5, 6].map(skillVariety)).toEqual([-2, -1, 0, 0, 1, 2]);
    // Leader die 6 (hero, 12), fire 1 (-2), melee 6 (+2); man die 3 (average, 8), fire 5, melee 2.
    expect(createGroup(2, riggedDice([6, 1, 6, 3, 5, 2]), true)).toEqual([
      { leader: true, exp: 6, fire: 10, melee: 14 },
      { leader: false, exp: 4, fire: 9, melee: 7 },
    ]);
    expect(createGroup(2, riggedDice([1, 6]))).toEqual([
      { leader: true, exp: 3, fire: 6, melee: 6 },
      { leader: false, exp: 5, fire: 10, melee: 10 },
    ]);
  });

  it('R15.4 a side: one size roll, then every group of that size', () => {
    const side = createSide(2, riggedDice([1, ...Array(10).fill(3)]));
    expect(side.size).toBe(5);
    expect(side.groups.map((g) => g.length)).toEqual([5, 5]);
  });
});

describe('Rencounter between games', () => {
  it('R11.1 improvement (§11): roll over the skill on its die; experience 4 rises on a 5 or 6; a master cannot rise', () => {
    expect(improveSkill(4, 6, riggedDice([5])).next).toBe(5);
    expect(improveSkill(4, 6, riggedDice([4])).next).toBe(4);
    expect(improveSkill(6, 6, riggedDice([]))).toMatchObject({ die: null, next: 6 });
    expect(improveSkill(7, 12, riggedDice([8])).next).toBe(8);
  });

  it('R11.2 wound aftermath (§11): d6 a point: 1 sepsis (two dice instead), 2 permanent, 3-6 healed; over 5 permanent points is death', () => {
    // Serious wound (2 points): 1 (sepsis: two more), 4 healed, 2 permanent, 6 healed.
    const r = woundAftermath(2, 'none', riggedDice([1, 4, 2, 6]));
    expect(r.rolls.map((x) => x.meant)).toEqual(['sepsis', 'healed', 'permanent', 'healed']);
    expect(r).toMatchObject({ permanent: 1, healed: 2, dies: false });
    // Hazardous -1: a 2 becomes sepsis.
    expect(woundAftermath(1, 'hazardous-1', riggedDice([2, 5, 5])).rolls[0].meant).toBe('sepsis');
    // Good care: a 1 is re-rolled once and the re-roll stands.
    expect(woundAftermath(1, 'good', riggedDice([1, 4])).rolls[0]).toMatchObject({
      reroll: 4,
      meant: 'healed',
    });
    // Six permanent points: dies of complications.
    expect(woundAftermath(6, 'none', riggedDice([2, 2, 2, 2, 2, 2])).dies).toBe(true);
    // Healing takes more than a month of campaign time.
    expect(healedBy(0, 30)).toBe(false);
    expect(healedBy(0, 31)).toBe(true);
  });
});
