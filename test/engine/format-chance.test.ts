/**
 * One precision for every chance the game writes (issue 29, bug 2: "33%" stood beside
 * "33.3%"): whole per cent, with the ends kept apart from nil and sure.
 */
import { describe, expect, it } from 'vitest';
import { formatChance, percent } from '../../src/engine';

describe('a chance in words', () => {
  it('is whole per cent: a third 33%, one in eight 13%, two thirds 67%', () => {
    expect(formatChance(1 / 3)).toBe('33%');
    expect(formatChance(0.125)).toBe('13%');
    expect(formatChance(2 / 3)).toBe('67%');
    expect(formatChance(0.5)).toBe('50%');
  });

  it('keeps "nearly never" and "nearly sure" apart from nil and sure', () => {
    expect(formatChance(0)).toBe('0%');
    expect(formatChance(0.004)).toBe('<1%');
    expect(formatChance(0.996)).toBe('>99%');
    expect(formatChance(1)).toBe('100%');
    // Sums of float odds a hair off the ends are nil and sure.
    expect(formatChance(0.1 + 0.2 + 0.7 - 1e-12)).toBe('100%');
    expect(formatChance(1e-12)).toBe('0%');
  });

  it('the intent overlay writes chances the same way', () => {
    for (const c of [0, 0.004, 1 / 3, 0.125, 0.996, 1]) expect(percent(c)).toBe(formatChance(c));
  });
});
