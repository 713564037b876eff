/**
 * Exact chances by walking every face of every die a pure rule function rolls (no
 * sampling): the previews show these numbers, so they must be the rules' own odds.
 */
import type { DiceSource } from '../../dice';

/** Thrown inside a walk when the rule asks for a die the walk has not fixed yet. */
class NeedsRoll {
  constructor(readonly sides: number) {}
}

export interface Outcome<T> {
  value: T;
  chance: number;
}

/**
 * Every result of `run` with its chance. `run` must be a pure function of its dice.
 * `maxLeaves` guards against runaway trees (a rule that re-rolls forever): past it the
 * walk stops with an error rather than hang.
 */
export function outcomesOf<T>(run: (dice: DiceSource) => T, maxLeaves = 200_000): Outcome<T>[] {
  const results: Outcome<T>[] = [];
  const pending: number[][] = [[]];
  let runs = 0;
  while (pending.length > 0) {
    const prefix = pending.pop() as number[];
    if (++runs > maxLeaves) throw new Error(`the dice tree has more than ${maxLeaves} branches`);
    const sides: number[] = [];
    const dice: DiceSource = {
      roll(n: number): number {
        const i = sides.length;
        sides.push(n);
        if (i < prefix.length) return prefix[i];
        throw new NeedsRoll(n);
      },
    };
    try {
      const value = run(dice);
      let chance = 1;
      for (const n of sides) chance /= n;
      results.push({ value, chance });
    } catch (e) {
      if (!(e instanceof NeedsRoll)) throw e;
      for (let face = e.sides; face >= 1; face--) pending.push([...prefix, face]);
    }
  }
  return results;
}

/** The chance that `run`'s result passes `test`. */
export function chanceThat<T>(run: (dice: DiceSource) => T, test: (value: T) => boolean): number {
  return outcomesOf(run)
    .filter((o) => test(o.value))
    .reduce((sum, o) => sum + o.chance, 0);
}

/** The chance of each key `keyOf` gives the results (e.g. each damage level). */
export function distributionOf<T, K extends string>(
  run: (dice: DiceSource) => T,
  keyOf: (value: T) => K,
): Partial<Record<K, number>> {
  const out: Partial<Record<K, number>> = {};
  for (const o of outcomesOf(run)) {
    const k = keyOf(o.value);
    out[k] = (out[k] ?? 0) + o.chance;
  }
  return out;
}
