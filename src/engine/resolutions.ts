/**
 * Declared rolls with several outcomes: what a roll is, as plain data a module declares,
 * so the kernel can give every outcome's exact chance (fractions, never sampled) and roll
 * it with the game's one dice source. The older `Resolution` (resolution.ts) gives one
 * chance of success and stays as it is for the modules that use it.
 *
 * Kinds (dice are d2..d20, one die or a sum of several):
 * - 'roll-high': the total plus `modifier` reaches `need` (a d6 4+);
 * - 'roll-under': the total plus `modifier` is `target` or less (Rencounter: d12 <= skill);
 * - 'table': the total plus `modifier` read on rows of outcomes (a d12 damage table);
 * - 'best-of': each side rolls its dice and keeps the best one (never summed) plus its
 *   bonus; the signed margin (attacker less defender) read on rows (High Adventure's melee);
 * - 'then': a first roll, and for some of its outcomes a second roll whose outcome stands
 *   instead (a natural 1 confirmed by a second d12; a hit, then the damage table).
 * 'roll-high', 'roll-under' and 'table' may name natural results: a natural total (before
 * modifiers) that gives its own outcome whatever the modifiers (a natural 12 always misses).
 */
import type { DiceSource } from './dice';
import { sumDistribution } from './resolution';

/** `count` dice of `sides` faces, summed (1 d12; 2 d6). */
export type DicePool = { readonly count: number; readonly sides: number };

/** A natural total (before any modifier) that gives `outcome` whatever the modifiers. */
export type NaturalResult = { readonly total: number; readonly outcome: string };

/** A row of a table: the values from `min` to `max` (null: no bound on that side). */
export type TableRow = {
  readonly min: number | null;
  readonly max: number | null;
  readonly outcome: string;
};

/** One side of a best-of roll: its dice (the best one counts) and the bonus added to it. */
export type BestOfSide = { readonly count: number; readonly sides: number; readonly bonus: number };

/** What the kinds that read one pool's total share: its dice, a modifier, natural results. */
type PoolRead = {
  readonly dice: DicePool;
  readonly modifier: number;
  readonly naturals?: readonly NaturalResult[];
};

export type RollSpec =
  | (PoolRead & { readonly kind: 'roll-high'; readonly need: number })
  | (PoolRead & { readonly kind: 'roll-under'; readonly target: number })
  | (PoolRead & {
      readonly kind: 'table';
      /** Read in order: the first row holding the value gives the outcome. */
      readonly rows: readonly TableRow[];
      /** The outcome of a value no row holds. */
      readonly otherwise: string;
    })
  | {
      readonly kind: 'best-of';
      readonly attacker: BestOfSide;
      readonly defender: BestOfSide;
      /** Rows over the signed margin, attacker's best plus bonus less the defender's. */
      readonly rows: readonly TableRow[];
      readonly otherwise: string;
    }
  | {
      readonly kind: 'then';
      readonly first: RollSpec;
      /** The roll that follows each of these outcomes of `first`; its outcome stands. */
      readonly next: { readonly [outcome: string]: RollSpec };
    };

/** Outcomes of 'roll-high' and 'roll-under' besides any natural ones. */
export const SUCCESS = 'success';
export const FAILURE = 'failure';

/** An exact chance: `ways` in `of` (reduced), and the same as a number. */
export type ExactChance = { readonly ways: number; readonly of: number; readonly chance: number };

/** One outcome of a roll with its exact chance. */
export type OutcomeChance = { readonly outcome: string } & ExactChance;

/** A die the resolution rolled, in the order rolled, with the part it played. */
export type RolledDie = { readonly sides: number; readonly value: number; readonly role: string };

/** What a resolution rolled and its outcome. */
export type Resolved = { readonly outcome: string; readonly dice: readonly RolledDie[] };

const MIN_SIDES = 2;
const MAX_SIDES = 20;
const MAX_DICE = 6;

/** Why `spec` is no roll the kernel can resolve (in plain words), or null when it is one. */
export function whyRollFails(spec: RollSpec): string | null {
  const pool = (count: number, sides: number, what: string): string | null => {
    if (!Number.isInteger(sides) || sides < MIN_SIDES || sides > MAX_SIDES)
      return `${what} has a d${sides}; dice run from d${MIN_SIDES} to d${MAX_SIDES}.`;
    if (!Number.isInteger(count) || count < 1 || count > MAX_DICE)
      return `${what} rolls ${count} dice; a roll takes 1 to ${MAX_DICE}.`;
    return null;
  };
  switch (spec.kind) {
    case 'roll-high':
    case 'roll-under':
    case 'table':
      return pool(spec.dice.count, spec.dice.sides, `The ${spec.kind} roll`);
    case 'best-of':
      return (
        pool(spec.attacker.count, spec.attacker.sides, 'The attacker') ??
        pool(spec.defender.count, spec.defender.sides, 'The defender')
      );
    case 'then': {
      const first = whyRollFails(spec.first);
      if (first) return first;
      for (const next of Object.values(spec.next)) {
        const why = whyRollFails(next);
        if (why) return why;
      }
      return null;
    }
  }
}

function mustBeValid(spec: RollSpec): void {
  const why = whyRollFails(spec);
  if (why) throw new Error(why);
}

// ------------------------------------------------------------------ exact fractions

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return Math.abs(a);
}

/** A fraction kept reduced; denominators stay far below 2^53 for the dice allowed. */
type Fraction = { n: number; d: number };

function fraction(n: number, d: number): Fraction {
  const g = gcd(n, d) || 1;
  return { n: n / g, d: d / g };
}

function add(a: Fraction, b: Fraction): Fraction {
  const g = gcd(a.d, b.d) || 1;
  return fraction(a.n * (b.d / g) + b.n * (a.d / g), (a.d / g) * b.d);
}

function times(a: Fraction, b: Fraction): Fraction {
  const g1 = gcd(a.n, b.d) || 1;
  const g2 = gcd(b.n, a.d) || 1;
  return fraction((a.n / g1) * (b.n / g2), (a.d / g2) * (b.d / g1));
}

/** The ways the best of `count` d`sides` is each face (index = face): k^n - (k-1)^n. */
function bestWays(count: number, sides: number): number[] {
  const ways = [0];
  for (let face = 1; face <= sides; face++) ways.push(face ** count - (face - 1) ** count);
  return ways;
}

function rowOutcome(rows: readonly TableRow[], otherwise: string, value: number): string {
  for (const row of rows)
    if ((row.min === null || value >= row.min) && (row.max === null || value <= row.max))
      return row.outcome;
  return otherwise;
}

/** The outcome a natural total and its modified value give, for the pool-reading kinds. */
function poolOutcome(
  spec: Extract<RollSpec, { kind: 'roll-high' | 'roll-under' | 'table' }>,
  natural: number,
): string {
  const forced = spec.naturals?.find((n) => n.total === natural);
  if (forced) return forced.outcome;
  const value = natural + spec.modifier;
  switch (spec.kind) {
    case 'roll-high':
      return value >= spec.need ? SUCCESS : FAILURE;
    case 'roll-under':
      return value <= spec.target ? SUCCESS : FAILURE;
    case 'table':
      return rowOutcome(spec.rows, spec.otherwise, value);
  }
}

/** Adds `p` to `outcome`'s chance, keeping the order outcomes first appear in. */
function credit(into: Map<string, Fraction>, outcome: string, p: Fraction): void {
  const had = into.get(outcome);
  into.set(outcome, had ? add(had, p) : p);
}

function distributionOf(spec: RollSpec): Map<string, Fraction> {
  const out = new Map<string, Fraction>();
  switch (spec.kind) {
    case 'roll-high':
    case 'roll-under':
    case 'table': {
      const { count, sides } = spec.dice;
      const ways = sumDistribution(count, sides);
      const all = sides ** count;
      for (let total = count; total < ways.length; total++)
        if (ways[total] > 0) credit(out, poolOutcome(spec, total), fraction(ways[total], all));
      return out;
    }
    case 'best-of': {
      const { attacker, defender } = spec;
      const a = bestWays(attacker.count, attacker.sides);
      const d = bestWays(defender.count, defender.sides);
      const all = attacker.sides ** attacker.count * defender.sides ** defender.count;
      for (let x = 1; x < a.length; x++)
        for (let y = 1; y < d.length; y++) {
          const margin = x + attacker.bonus - (y + defender.bonus);
          credit(out, rowOutcome(spec.rows, spec.otherwise, margin), fraction(a[x] * d[y], all));
        }
      return out;
    }
    case 'then': {
      for (const [first, p] of distributionOf(spec.first)) {
        const next = Object.prototype.hasOwnProperty.call(spec.next, first)
          ? spec.next[first]
          : undefined;
        if (!next) {
          credit(out, first, p);
          continue;
        }
        for (const [outcome, q] of distributionOf(next)) credit(out, outcome, times(p, q));
      }
      return out;
    }
  }
}

/**
 * Every outcome `spec` can give with its exact chance, in the order the outcomes first
 * come up (the lowest totals first; a table's rows as the dice meet them). The chances
 * sum to exactly 1. Throws, in plain words, on a roll with dice the kernel does not roll.
 */
export function outcomeDistribution(spec: RollSpec): OutcomeChance[] {
  mustBeValid(spec);
  return [...distributionOf(spec)].map(([outcome, p]) => ({
    outcome,
    ways: p.n,
    of: p.d,
    chance: p.n / p.d,
  }));
}

/** The exact chance that `spec` ends in one of `outcomes`. */
export function chanceOfOutcomes(spec: RollSpec, outcomes: readonly string[]): ExactChance {
  let total = fraction(0, 1);
  for (const o of outcomeDistribution(spec))
    if (outcomes.includes(o.outcome)) total = add(total, { n: o.ways, d: o.of });
  return { ways: total.n, of: total.d, chance: total.n / total.d };
}

/**
 * Rolls `spec` with `dice` (the game's dice, or rigged dice in a test): the dice in a fixed
 * order (a pool's dice in turn; the attacker's, then the defender's; the first roll, then
 * the one that follows), so a replay rolls the same. Each die is named by `role`.
 */
export function resolveRoll(spec: RollSpec, dice: DiceSource): Resolved {
  mustBeValid(spec);
  const rolled: RolledDie[] = [];
  const roll = (sides: number, role: string): number => {
    const value = dice.roll(sides);
    rolled.push({ sides, value, role });
    return value;
  };
  const outcome = resolveInto(spec, roll, 'roll');
  return { outcome, dice: rolled };
}

function resolveInto(
  spec: RollSpec,
  roll: (sides: number, role: string) => number,
  role: string,
): string {
  switch (spec.kind) {
    case 'roll-high':
    case 'roll-under':
    case 'table': {
      let natural = 0;
      for (let i = 0; i < spec.dice.count; i++) natural += roll(spec.dice.sides, role);
      return poolOutcome(spec, natural);
    }
    case 'best-of': {
      const best = (side: BestOfSide, who: string): number => {
        let top = 0;
        for (let i = 0; i < side.count; i++) top = Math.max(top, roll(side.sides, who));
        return top + side.bonus;
      };
      const margin = best(spec.attacker, 'attacker') - best(spec.defender, 'defender');
      return rowOutcome(spec.rows, spec.otherwise, margin);
    }
    case 'then': {
      const first = resolveInto(spec.first, roll, role);
      const next = Object.prototype.hasOwnProperty.call(spec.next, first)
        ? spec.next[first]
        : undefined;
      return next ? resolveInto(next, roll, first) : first;
    }
  }
}
