/**
 * The one seeded dice source of the game (pure-rand xoroshiro128+). Its state lives in
 * the game state, so a game is its seed plus its commands. Tests pass a rigged source.
 *
 * Dice versions (how a seed becomes the generator's state; the rolls after that are the
 * same generator and the same `uniformInt`):
 * - 1: pure-rand's own `xoroshiro128plus(seed)`, which puts the 32-bit seed straight into
 *   the state; neighbouring seeds open with nearly the same rolls (over seeds 0-1999 the
 *   first two d8 take only 8 of the 64 pairs). Saves made before dice versions were kept
 *   have this one (no `version` in their DiceState) and replay with it.
 * - 2: the seed is mixed first: SplitMix64 (Steele, Lea and Flood; the seeding Vigna
 *   recommends for the xoroshiro family) run from the seed gives the two 64-bit halves
 *   of the state, so every seed starts somewhere unrelated to its neighbours'.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** Serialisable dice state kept inside GameState. */
export interface DiceState {
  seed: number;
  /** How the seed became the state (see the top of this file); absent in version 1. */
  version?: number;
  /** pure-rand generator state (getState()). */
  state: number[];
  /** How many dice have been rolled so far (for the log and replay checks). */
  count: number;
}

/** Anything that can roll an n-sided die (1..n). */
export interface DiceSource {
  /**
   * A face of a `sides`-sided die. `rerolledBelow`, when given, says the caller rolls the
   * same die again while the face is below it (a re-roll loop): real dice ignore it, but a
   * look-ahead that walks every face (enumerateRolls) may walk only the faces that stand,
   * each with its share of them, which is the same chance without the loop's branches.
   */
  roll(sides: number, rerolledBelow?: number): number;
}

/** Normalises any number to a 32-bit seed; the same input always gives the same seed. */
export function normaliseSeed(seed: number): number {
  if (!Number.isFinite(seed)) return 0;
  return Math.trunc(seed) | 0;
}

/** The dice version new games are made with. */
export const CURRENT_DICE_VERSION = 2;

/** The dice version of a dice state (1 when it names none: made before versions were kept). */
export function diceVersionOf(dice: Pick<DiceState, 'version'>): number {
  return dice.version ?? 1;
}

/** Why `version` is no dice version this game knows, or null when it is one. */
export function whyDiceVersionFails(version: unknown): string | null {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return `The dice version ${JSON.stringify(version)} is not a whole number from 1.`;
  if (version > CURRENT_DICE_VERSION)
    return `The dice version ${version} comes from a newer game (this one has up to ${CURRENT_DICE_VERSION}).`;
  return null;
}

const MASK64 = (BigInt(1) << BigInt(64)) - BigInt(1);
const GOLDEN_GAMMA = BigInt('0x9e3779b97f4a7c15');
const MIX1 = BigInt('0xbf58476d1ce4e5b9');
const MIX2 = BigInt('0x94d049bb133111eb');

/** SplitMix64's next output from `x` (the state after adding the gamma), 64 bits. */
function splitMix64(x: bigint): bigint {
  let z = x & MASK64;
  z = ((z ^ (z >> BigInt(30))) * MIX1) & MASK64;
  z = ((z ^ (z >> BigInt(27))) * MIX2) & MASK64;
  return z ^ (z >> BigInt(31));
}

/** The [high, low] 32-bit words of a 64-bit value, as signed 32-bit numbers. */
function words(v: bigint): [number, number] {
  return [Number(BigInt.asIntN(32, v >> BigInt(32))), Number(BigInt.asIntN(32, v))];
}

/**
 * Version 2's generator state for a 32-bit seed: the first two outputs of SplitMix64
 * started at the seed are the state's two 64-bit halves (pure-rand's state order: high
 * and low word of the first half, then of the second). Never all zero in practice; if it
 * were, xoroshiro would be stuck, so the second half is then taken as the gamma.
 */
export function mixedState(seed: number): number[] {
  const start = BigInt(seed >>> 0);
  const a = splitMix64(start + GOLDEN_GAMMA);
  let b = splitMix64(start + GOLDEN_GAMMA * BigInt(2));
  if (a === BigInt(0) && b === BigInt(0)) b = GOLDEN_GAMMA;
  return [...words(a), ...words(b)];
}

/** Fresh dice state for a seed, made the way dice version `version` makes it. */
export function createDiceState(seed: number, version: number = CURRENT_DICE_VERSION): DiceState {
  const s = normaliseSeed(seed);
  if (version === 1) return { seed: s, state: [...xoroshiro128plus(s).getState()], count: 0 };
  return { seed: s, state: mixedState(s), count: 0, version };
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
      const next: DiceState = { seed: dice.seed, state: [...rng.getState()], count };
      if (dice.version !== undefined) next.version = dice.version;
      return next;
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
