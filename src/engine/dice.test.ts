/**
 * Dice versions (src/engine/dice.ts): version 1 put the seed straight into xoroshiro128+'s
 * state, so neighbouring seeds opened with nearly the same rolls; version 2 mixes the seed
 * with SplitMix64 first. Both stay: a save replays with the version it was made with.
 */
import { describe, expect, it } from 'vitest';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import {
  createDiceState,
  CURRENT_DICE_VERSION,
  diceVersionOf,
  mixedState,
  openDice,
  whyDiceVersionFails,
} from './dice';

const SEEDS = Array.from({ length: 2000 }, (_, i) => i);

/** The first `n` rolls of a `sides` die for `seed` under dice version `version`. */
function firstThrows(seed: number, version: number, sides: number, n: number): number[] {
  const dice = openDice(createDiceState(seed, version));
  return Array.from({ length: n }, () => dice.roll(sides));
}

/** Pearson's chi-square of observed counts against equal expected counts. */
function chiSquare(counts: readonly number[], total: number): number {
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** Counts of the first two d8 rolls as one of 64 pairs, over `seeds`. */
function d8PairCounts(seeds: readonly number[], version: number): number[] {
  const counts = new Array<number>(64).fill(0);
  for (const seed of seeds) {
    const [a, b] = firstThrows(seed, version, 8, 2);
    counts[(a - 1) * 8 + (b - 1)] += 1;
  }
  return counts;
}

/** How many of the 400 (this seed's, the next seed's) first-d20 pairs occur over `seeds`. */
function neighbourD20Pairs(seeds: readonly number[], version: number): number {
  const firsts = seeds.map((seed) => firstThrows(seed, version, 20, 1)[0]);
  const seen = new Set<number>();
  for (let i = 0; i + 1 < firsts.length; i++) seen.add(firsts[i] * 20 + firsts[i + 1]);
  return seen.size;
}

/** Counts of the first d20 roll over `seeds`. */
function d20Counts(seeds: readonly number[], version: number): number[] {
  const counts = new Array<number>(20).fill(0);
  for (const seed of seeds) counts[firstThrows(seed, version, 20, 1)[0] - 1] += 1;
  return counts;
}

// Bounds: chi-square with 63 degrees of freedom is above 110 with odds under 1 in 5,000
// (its mean is 63, its spread about 11); with 19 degrees of freedom above 45, under 1 in
// 1,000. The seeds are fixed, so the test is deterministic; the bounds only say what a
// good mix must meet.
const PAIRS_BOUND = 110;
const D20_BOUND = 45;

describe('dice version 2: neighbouring seeds give unrelated games', () => {
  it('over seeds 0-1999 the first two d8 rolls take all 64 pairs, evenly', () => {
    const counts = d8PairCounts(SEEDS, 2);
    expect(counts.filter((c) => c > 0)).toHaveLength(64);
    expect(chiSquare(counts, SEEDS.length)).toBeLessThan(PAIRS_BOUND);
    // No pair is far off its expected 31.25.
    expect(Math.min(...counts)).toBeGreaterThan(10);
    expect(Math.max(...counts)).toBeLessThan(60);
  });

  it('the first d20 roll over consecutive seeds is close to uniform, here and far up', () => {
    expect(chiSquare(d20Counts(SEEDS, 2), SEEDS.length)).toBeLessThan(D20_BOUND);
    const high = SEEDS.map((i) => 839_067_000 + i);
    expect(chiSquare(d20Counts(high, 2), high.length)).toBeLessThan(D20_BOUND);
    // And a seed's first d20 says nothing of the next seed's: 1,999 neighbour pairs fall
    // on nearly all 400 (an independent draw leaves about 3 empty).
    expect(neighbourD20Pairs(SEEDS, 2)).toBeGreaterThan(385);
  });

  it('seed 41 and seed 42 open differently', () => {
    expect(firstThrows(41, 2, 6, 8)).not.toEqual(firstThrows(42, 2, 6, 8));
  });

  it('version 1, kept for old saves, is the clumped seeding the bounds catch', () => {
    const counts = d8PairCounts(SEEDS, 1);
    expect(counts.filter((c) => c > 0).length).toBeLessThanOrEqual(16);
    expect(chiSquare(counts, SEEDS.length)).toBeGreaterThan(PAIRS_BOUND);
    // Its first d20 is even over the seeds (it steps through the faces one seed at a
    // time), but the next seed's first roll follows from this one's.
    expect(neighbourD20Pairs(SEEDS, 1)).toBeLessThan(40);
  });
});

describe('dice versions in the state', () => {
  it("version 1 is pure-rand's own seeding and names no version (old saves' fingerprints)", () => {
    const v1 = createDiceState(839067893, 1);
    expect(v1).toEqual({
      seed: 839067893,
      state: [...xoroshiro128plus(839067893).getState()],
      count: 0,
    });
    expect('version' in v1).toBe(false);
    expect(diceVersionOf(v1)).toBe(1);
  });

  it('version 2 takes its state from SplitMix64 (its published first outputs for seed 0)', () => {
    // SplitMix64 from 0: 0xe220a8397b1dcdaf, then 0x6e789e6aa1b965f4.
    expect(mixedState(0).map((w) => (w >>> 0).toString(16))).toEqual([
      'e220a839',
      '7b1dcdaf',
      '6e789e6a',
      'a1b965f4',
    ]);
    const v2 = createDiceState(7);
    expect(CURRENT_DICE_VERSION).toBe(2);
    expect(v2.version).toBe(2);
    expect(v2.state).toEqual(mixedState(7));
  });

  it('rolling keeps the version, and the state is plain JSON that plays on the same', () => {
    const dice = openDice(createDiceState(-5));
    dice.roll(6);
    const snap = dice.snapshot();
    expect(snap.version).toBe(2);
    expect(snap.count).toBe(1);
    const back = JSON.parse(JSON.stringify(snap));
    expect(back).toEqual(snap);
    const a = openDice(snap);
    const b = openDice(back);
    for (let i = 0; i < 50; i++) expect(b.roll(20)).toBe(a.roll(20));
    const old = openDice(createDiceState(3, 1));
    old.roll(6);
    expect('version' in old.snapshot()).toBe(false);
  });

  it('a dice version this game does not know is named in plain words', () => {
    expect(whyDiceVersionFails(1)).toBeNull();
    expect(whyDiceVersionFails(2)).toBeNull();
    expect(whyDiceVersionFails(3)).toMatch(/newer game/);
    expect(whyDiceVersionFails(0)).toMatch(/not a whole number/);
    expect(whyDiceVersionFails('2')).toMatch(/not a whole number/);
  });
});
