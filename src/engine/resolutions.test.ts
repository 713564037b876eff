/**
 * Declared rolls with several outcomes (resolutions.ts): exact chances as fractions, and
 * rolling with rigged dice. Numbers from rencounter.txt (Fire Combat: the natural 1 and
 * its confirming roll; Damage: the d12 table) and high-adventure.txt (Melee: the best of
 * the Strength dice, never added).
 */
import { describe, expect, it } from 'vitest';
import { riggedDice } from './dice';
import {
  chanceOfOutcomes,
  outcomeDistribution,
  resolveRoll,
  whyRollFails,
  type RollSpec,
} from './resolutions';

/** Outcome -> "ways/of", for exact comparisons. */
function exact(spec: RollSpec): Record<string, string> {
  return Object.fromEntries(outcomeDistribution(spec).map((o) => [o.outcome, `${o.ways}/${o.of}`]));
}

const d12 = { count: 1, sides: 12 };

/** Rencounter, Fire Combat: d12 <= skill, a natural 12 always misses; natural 1 -> confirm. */
function rencounterShot(needed: number): RollSpec {
  const confirmOn = [9, 7, 5, 3, 1, 0][-needed];
  const shot: RollSpec = {
    kind: 'roll-under',
    dice: d12,
    modifier: 0,
    target: needed,
    naturals:
      needed <= 0
        ? [
            { total: 12, outcome: 'failure' },
            { total: 1, outcome: 'lucky' },
          ]
        : [{ total: 12, outcome: 'failure' }],
  };
  if (needed > 0) return shot;
  return {
    kind: 'then',
    first: shot,
    next: { lucky: { kind: 'roll-under', dice: d12, modifier: 0, target: confirmOn ?? 0 } },
  };
}

/** Rencounter, Damage (rolled on a d12 after a hit), with the weapon's modifier. */
function rencounterDamage(modifier: number): RollSpec {
  return {
    kind: 'table',
    dice: d12,
    modifier,
    rows: [
      { min: null, max: 2, outcome: 'dead' },
      { min: 3, max: 4, outcome: 'crippling' },
      { min: 5, max: 7, outcome: 'serious' },
      { min: 8, max: 12, outcome: 'minor' },
    ],
    otherwise: 'no effect',
  };
}

describe('roll-high and roll-under', () => {
  it('a d6 4+ is 3 in 6; a modifier moves the need', () => {
    const spec: RollSpec = {
      kind: 'roll-high',
      dice: { count: 1, sides: 6 },
      modifier: 0,
      need: 4,
    };
    expect(exact(spec)).toEqual({ failure: '1/2', success: '1/2' });
    expect(exact({ ...spec, modifier: 1 })).toEqual({ failure: '1/3', success: '2/3' });
  });

  it('sums: 2d6 reaching 10 is 6 ways in 36', () => {
    const spec: RollSpec = {
      kind: 'roll-high',
      dice: { count: 2, sides: 6 },
      modifier: 0,
      need: 10,
    };
    expect(chanceOfOutcomes(spec, ['success'])).toMatchObject({ ways: 1, of: 6 });
  });

  it('Rencounter fire: d12 <= skill 7 hits 7 in 12; a natural 12 misses even at skill 14', () => {
    expect(exact(rencounterShot(7))).toEqual({ success: '7/12', failure: '5/12' });
    expect(exact(rencounterShot(14))).toEqual({ success: '11/12', failure: '1/12' });
  });

  it('every die from d2 to d12 gives a chance per face of 1/n', () => {
    for (let sides = 2; sides <= 12; sides++) {
      const spec: RollSpec = {
        kind: 'roll-under',
        dice: { count: 1, sides },
        modifier: 0,
        target: 1,
      };
      expect(chanceOfOutcomes(spec, ['success'])).toMatchObject({ ways: 1, of: sides });
    }
  });
});

describe('a roll followed by a confirm roll (Rencounter, Fire Combat)', () => {
  it('needing -1: a natural 1, then 7 or less on a second d12: 7/144 ("about a 5% chance")', () => {
    const spec = rencounterShot(-1);
    expect(exact(spec)).toEqual({ failure: '137/144', success: '7/144' });
  });

  it('needing -4: snake eyes, 1/144; needing -5: it cannot hit', () => {
    expect(chanceOfOutcomes(rencounterShot(-4), ['success'])).toMatchObject({ ways: 1, of: 144 });
    expect(chanceOfOutcomes(rencounterShot(-5), ['success'])).toMatchObject({ ways: 0 });
  });

  it('rolls the confirm die only after the natural 1, and names it by that outcome', () => {
    expect(resolveRoll(rencounterShot(-1), riggedDice([1, 7]))).toEqual({
      outcome: 'success',
      dice: [
        { sides: 12, value: 1, role: 'roll' },
        { sides: 12, value: 7, role: 'lucky' },
      ],
    });
    expect(resolveRoll(rencounterShot(-1), riggedDice([1, 8])).outcome).toBe('failure');
    const missed = resolveRoll(rencounterShot(-1), riggedDice([2]));
    expect(missed).toEqual({ outcome: 'failure', dice: [{ sides: 12, value: 2, role: 'roll' }] });
  });
});

describe('a table roll (Rencounter, Damage: 1-2 dead, 3-4 crippling, 5-7 serious, 8-12 minor)', () => {
  it('unmodified: 2, 2, 3 and 5 faces in 12, nothing above 12', () => {
    expect(exact(rencounterDamage(0))).toEqual({
      dead: '1/6',
      crippling: '1/6',
      serious: '1/4',
      minor: '5/12',
    });
  });

  it('a +2 weapon: 3-4 become 5-6 (serious); 11-12 read "higher", no effect', () => {
    expect(exact(rencounterDamage(2))).toEqual({
      crippling: '1/6',
      serious: '1/4',
      minor: '5/12',
      'no effect': '1/6',
    });
    expect(resolveRoll(rencounterDamage(2), riggedDice([11])).outcome).toBe('no effect');
    expect(resolveRoll(rencounterDamage(2), riggedDice([3])).outcome).toBe('serious');
  });

  it('a hit then the damage table: a preview of several outcomes, summing to 1', () => {
    const spec: RollSpec = {
      kind: 'then',
      first: rencounterShot(6),
      next: { success: rencounterDamage(0) },
    };
    // Skill 6: 6/12 hit, then the table's shares of it.
    expect(exact(spec)).toEqual({
      dead: '1/12',
      crippling: '1/12',
      serious: '1/8',
      minor: '5/24',
      failure: '1/2',
    });
    const sum = outcomeDistribution(spec).reduce((s, o) => s + o.chance, 0);
    expect(sum).toBeCloseTo(1, 12);
    expect(resolveRoll(spec, riggedDice([6, 2])).outcome).toBe('dead');
  });
});

describe('opposed best-of-N (High Adventure, Melee: count the highest die only)', () => {
  const melee = (attackerDice: number, defenderDice: number): RollSpec => ({
    kind: 'best-of',
    attacker: { count: attackerDice, sides: 6, bonus: 0 },
    defender: { count: defenderDice, sides: 6, bonus: 0 },
    rows: [
      { min: 1, max: null, outcome: 'attacker wins' },
      { min: null, max: -1, outcome: 'defender wins' },
    ],
    otherwise: 'tie',
  });

  it('one die each: 15/36 either way, a tie 6/36', () => {
    expect(exact(melee(1, 1))).toEqual({
      tie: '1/6',
      'defender wins': '5/12',
      'attacker wins': '5/12',
    });
  });

  it('two dice against one: the best of two beats one d6 in 125 of 216 ways', () => {
    // Best of 2d6 is k with (k^2 - (k-1)^2)/36; it beats one d6 in sum_k (2k-1)(k-1) / 216.
    let wins = 0;
    for (let k = 1; k <= 6; k++) wins += (2 * k - 1) * (k - 1);
    expect(wins).toBe(125);
    expect(chanceOfOutcomes(melee(2, 1), ['attacker wins'])).toMatchObject({ ways: 125, of: 216 });
    // The best die, never the sum: 6 and 1 against 5 wins by 1, rolled attacker first.
    const r = resolveRoll(melee(2, 1), riggedDice([1, 6, 5]));
    expect(r.outcome).toBe('attacker wins');
    expect(r.dice.map((d) => d.role)).toEqual(['attacker', 'attacker', 'defender']);
  });

  it('the margin read on rows, with bonuses (a WSk 2 figure against WSk 0)', () => {
    const spec: RollSpec = {
      kind: 'best-of',
      attacker: { count: 1, sides: 6, bonus: 2 },
      defender: { count: 1, sides: 6, bonus: 0 },
      rows: [{ min: 7, max: null, outcome: 'kill' }],
      otherwise: 'no kill',
    };
    // 6+2 - 1 = 7 is the only way to a margin of 7.
    expect(exact(spec)).toEqual({ 'no kill': '35/36', kill: '1/36' });
  });
});

describe('bad rolls are refused in plain words', () => {
  it('a d1, a d30 and no dice', () => {
    const high = (count: number, sides: number): RollSpec => ({
      kind: 'roll-high',
      dice: { count, sides },
      modifier: 0,
      need: 2,
    });
    expect(whyRollFails(high(1, 1))).toMatch(/d1; dice run from d2/);
    expect(whyRollFails(high(1, 30))).toMatch(/d30/);
    expect(whyRollFails(high(0, 6))).toMatch(/rolls 0 dice/);
    expect(() => outcomeDistribution(high(1, 1))).toThrow(/dice run from d2/);
    expect(whyRollFails(high(2, 12))).toBeNull();
  });
});
