/**
 * The one seeded dice source of the game (pure-rand xoroshiro128+). Its state lives in
 * the game state, so a game is its seed plus its commands. Tests pass a rigged source.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** Serialisable dice state kept inside GameState. */
export interface DiceState {
  seed: number;
  /** pure-rand generator state (getState()). */
  state: number[];
  /** How many dice have been rolled so far (for the log and replay checks). */
  count: number;
}

/** Anything that can roll an n-sided die (1..n). */
export interface DiceSource {
  roll(sides: number): number;
}

/** Normalises any number to a 32-bit seed; the same input always gives the same seed. */
export function normaliseSeed(seed: number): number {
  if (!Number.isFinite(seed)) return 0;
  return Math.trunc(seed) | 0;
}

/** Fresh dice state for a seed. */
export function createDiceState(seed: number): DiceState {
  const s = normaliseSeed(seed);
  return { seed: s, state: [...xoroshiro128plus(s).getState()], count: 0 };
}

/**
 * A live dice source over a DiceState. Rolling advances the generator; call
 * `snapshot()` to get the new serialisable state to store back in the game state.
 */
export function openDice(dice: DiceState): DiceSource & { snapshot(): DiceState } {
  const rng = xoroshiro128plusFromState(dice.state);
  let count = dice.count;
  return {
    roll(sides: number): number {
      count += 1;
      return uniformInt(rng, 1, sides);
    },
    snapshot(): DiceState {
      return { seed: dice.seed, state: [...rng.getState()], count };
    },
  };
}

/**
 * A dice source that returns the given rolls in order (for rule tests). Throws when it
 * runs out or a roll does not fit the die, so a test notices an unexpected roll.
 */
export function riggedDice(rolls: readonly number[]): DiceSource & { remaining(): number } {
  let i = 0;
  return {
    roll(sides: number): number {
      if (i >= rolls.length) throw new Error(`rigged dice ran out (asked for a d${sides})`);
      const value = rolls[i++];
      if (value < 1 || value > sides)
        throw new Error(`rigged roll ${value} does not fit a d${sides}`);
      return value;
    },
    remaining(): number {
      return rolls.length - i;
    },
  };
}

/** Rolls twice and keeps the higher (advantage). */
export function rollWithAdvantage(dice: DiceSource, sides: number): [number, number, number] {
  const a = dice.roll(sides);
  const b = dice.roll(sides);
  return [Math.max(a, b), a, b];
}

/**
 * A band of die faces written as "3-4", "3", "3 to 4", "3–4" or "3..4", within 1..`sides`;
 * undefined when the text is not one.
 */
export function parseRoll(text: string, sides = 6): [number, number] | undefined {
  const m = /^\s*(\d+)\s*(?:(?:-|–|to|\.\.)\s*(\d+))?\s*$/.exec(text);
  if (!m) return undefined;
  const low = Number(m[1]);
  const high = m[2] === undefined ? low : Number(m[2]);
  if (low < 1 || high > sides || low > high) return undefined;
  return [low, high];
}
