/**
 * Enemy intent with odds (issue 14): each module answers from its own tables, on copies of
 * the state, and the game's dice never move. The odds are checked against the rule books'
 * tables and against the frequencies of 10,000 enemy turns played through the reducer.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/engine/game';
import { createDiceState, openDice, type DiceSource } from '../../src/engine/dice';
import {
  attackOdds,
  enemyIntent,
  enumerateRolls,
  roundIntent,
  type AttackOdds,
  type EnemyIntent,
} from '../../src/engine/systems/intent';
import { previewAction } from '../../src/engine/game';
import type { GameState } from '../../src/engine/types';
import { alertAll, BLOCKED_CORRIDOR, boardGame, CORRIDOR, startWith, unit } from './helpers';
import { FIELD, skirmishGame } from './skirmish/helpers';

// An alerted goblin exactly as far from the Thief as from the Priest.
const FORK = `
#######
#T...P#
#.....#
#.....#
#..g..#
#######
`;

function patrolOf(intent: EnemyIntent | null) {
  if (!intent || intent.kind !== 'patrol') throw new Error(`not a patrol: ${intent?.kind}`);
  return intent;
}

function alertedOf(intent: EnemyIntent | null) {
  if (!intent || intent.kind !== 'alerted') throw new Error(`not alerted: ${intent?.kind}`);
  return intent;
}

/** The heroes' turn of round 1 with the corridor goblin patrolling. */
function corridor(): GameState {
  return startWith(boardGame(CORRIDOR, {}, { enemyFacing: 2 }), [4]).state;
}

function fork(): GameState {
  return alertAll(startWith(boardGame(FORK, {}, { enemyFacing: 0 }), [4]).state);
}

/**
 * One long stream of dice for all the trials, well warmed: the first rolls after seeding
 * xoroshiro128+ with neighbouring 32-bit seeds are nearly alike, so reseeding each trial
 * with 0, 1, 2... would not give independent trials.
 */
function trialDice(seed: number) {
  const dice = openDice(createDiceState(seed));
  for (let i = 0; i < 64; i++) dice.roll(6);
  return dice;
}

/** Plays the enemies' next turn through the reducer with the trials' dice. */
function enemyTurnWith(state: GameState, dice: DiceSource) {
  let now: GameState = state;
  const round = now.round;
  const events = [];
  while (now.phase === 'heroes' && now.turn && now.round === round) {
    const r = applyCommand(now, { type: 'end-turn', unit: now.turn.unitId }, { dice });
    if (!r.ok) throw new Error(r.error);
    now = r.state;
    events.push(...r.events);
  }
  return { state: now, events };
}

/** Four standard errors of a frequency of `n` trials around `p` (plus those of `m` samples). */
function tolerance(p: number, n: number, m = Infinity): number {
  const variance = p * (1 - p) * (1 / n + (m === Infinity ? 0 : 1 / m));
  return 4 * Math.sqrt(variance) + 1e-9;
}

describe('the dice tree', () => {
  it('enumerates every face of each roll that matters, exactly', () => {
    const tree = enumerateRolls(
      (dice) => {
        const a = dice.roll(6);
        return { value: a >= 4 ? a + dice.roll(2) : a };
      },
      { maxLeaves: 100, maxDepth: 4 },
    )!;
    expect(tree.leaves).toHaveLength(3 + 3 * 2);
    expect(tree.leaves.reduce((s, l) => s + l.chance, 0)).toBeCloseTo(1, 12);
    const chanceOf = (v: number) =>
      tree.leaves.filter((l) => l.value === v).reduce((s, l) => s + l.chance, 0);
    expect(chanceOf(1)).toBeCloseTo(1 / 6, 12);
    expect(chanceOf(6)).toBeCloseTo(1 / 6 / 2 + 1 / 6 / 2, 12); // 4+2, 5+1
  });

  it('a re-roll loop ends, and its cut branches go to the faces beside them', () => {
    const tree = enumerateRolls(
      (dice) => {
        let v = 0;
        do v = dice.roll(8);
        while (v <= 3);
        return { value: v };
      },
      { maxLeaves: 1000, maxDepth: 6 },
    )!;
    for (const face of [4, 5, 6, 7, 8]) {
      const c = tree.leaves.filter((l) => l.value === face).reduce((s, l) => s + l.chance, 0);
      expect(c).toBeCloseTo(1 / 5, 12);
    }
  });

  it('gives up (null) past its leaf limit', () => {
    const run = (dice: { roll(n: number): number }) => ({
      value: dice.roll(20) + dice.roll(20),
    });
    expect(enumerateRolls(run, { maxLeaves: 50, maxDepth: 4 })).toBeNull();
  });
});

describe('Dungeon Crawl: a patrolling monster (solo rules §4 Move Order, the d8 table)', () => {
  it('1-2 full move forward 25%, 3 half move then a turn 12.5%, 4-5 stand 25%, 6/7/8 turn 12.5% each', () => {
    const state = corridor();
    const intent = patrolOf(enemyIntent(state, 'goblin-1'));
    expect(intent.die).toBe(8);
    const rows = Object.fromEntries(intent.outcomes.map((o) => [o.label, o]));
    expect(rows['full move forward'].chance).toBeCloseTo(0.25, 12);
    expect(rows['full move forward'].ends).toEqual([
      { at: { x: 3, y: 1 }, facing: 2, chance: expect.closeTo(0.25, 12) },
    ]);
    expect(rows['stands still'].chance).toBeCloseTo(0.25, 12);
    expect(rows['stands still'].ends[0].at).toEqual({ x: 1, y: 1 });
    expect(rows['turns 90° clockwise'].ends).toEqual([
      { at: { x: 1, y: 1 }, facing: 4, chance: expect.closeTo(0.125, 12) },
    ]);
    expect(rows['turns about'].ends[0].facing).toBe(6);
    expect(rows['turns 90° counter-clockwise'].ends[0].facing).toBe(0);
    // 3: half of a move of 2 (one square), then a d8 re-rolled on 1-3: 4-5 no turn (2 in 5),
    // 6, 7, 8 a turn each (1 in 5).
    const half = rows['half move, then turn'];
    expect(half.chance).toBeCloseTo(0.125, 12);
    const byFacing = Object.fromEntries(half.ends.map((e) => [e.facing, e.chance]));
    expect(half.ends.every((e) => e.at.x === 2 && e.at.y === 1)).toBe(true);
    expect(byFacing[2]).toBeCloseTo(0.125 * 0.4, 12);
    expect(byFacing[4]).toBeCloseTo(0.125 * 0.2, 12);
    expect(byFacing[6]).toBeCloseTo(0.125 * 0.2, 12);
    expect(byFacing[0]).toBeCloseTo(0.125 * 0.2, 12);
  });

  it('the real dice never move: the state is unchanged after every question', () => {
    const state = corridor();
    const before = JSON.stringify(state);
    enemyIntent(state, 'goblin-1');
    attackOdds(state);
    attackOdds(state, { maxLeaves: 1, samples: 20 });
    expect(JSON.stringify(state)).toBe(before);
  });

  it('the odds match the frequencies of 10,000 enemy turns played from the same state', () => {
    const state = corridor();
    const intent = patrolOf(enemyIntent(state, 'goblin-1'));
    const shown = new Map<string, number>();
    for (const o of intent.outcomes)
      for (const e of o.ends) {
        const key = `${e.at.x},${e.at.y},${e.facing}`;
        shown.set(key, (shown.get(key) ?? 0) + e.chance);
      }
    const n = 10_000;
    const seen = new Map<string, number>();
    const dice = trialDice(11);
    for (let trial = 0; trial < n; trial++) {
      const g = unit(enemyTurnWith(state, dice).state, 'goblin-1');
      const key = `${g.position!.x},${g.position!.y},${g.facing}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    for (const key of new Set([...shown.keys(), ...seen.keys()])) {
      const p = shown.get(key) ?? 0;
      const f = (seen.get(key) ?? 0) / n;
      expect(Math.abs(f - p), `${key}: shown ${p}, seen ${f}`).toBeLessThanOrEqual(tolerance(p, n));
    }
  });
});

/**
 * `counted` (the ways the steered runs showed, counted together) is exact and gives
 * `enumerated`'s figures (every way one by one) to 12 digits: each hero's chance, each
 * monster's acting, ends and strikes.
 */
function expectSameExactOdds(counted: AttackOdds, enumerated: AttackOdds): void {
  expect(enumerated.method).toBe('exact');
  expect(counted.method).toBe('exact');
  // The first run, then at most the 12 steered runs.
  expect(counted.runs).toBeLessThanOrEqual(13);
  expect(Object.keys(counted.chances).sort()).toEqual(Object.keys(enumerated.chances).sort());
  for (const hero of Object.keys(enumerated.chances))
    expect(counted.chances[hero]).toBeCloseTo(enumerated.chances[hero], 12);
  expect(Object.keys(counted.enemies).sort()).toEqual(Object.keys(enumerated.enemies).sort());
  for (const [id, part] of Object.entries(enumerated.enemies)) {
    const other = counted.enemies[id];
    expect(other.acts).toBeCloseTo(part.acts, 12);
    expect(other.gone).toBeCloseTo(part.gone, 12);
    expect(other.noStrike).toBeCloseTo(part.noStrike, 12);
    const ends = (p: typeof part) =>
      Object.fromEntries(p.ends.map((e) => [`${e.at.x},${e.at.y},${e.facing}`, e.chance]));
    const shownEnds = ends(part);
    expect(Object.keys(ends(other)).sort()).toEqual(Object.keys(shownEnds).sort());
    for (const [k, c] of Object.entries(ends(other))) expect(c).toBeCloseTo(shownEnds[k], 12);
    const strikes = (p: typeof part) =>
      Object.fromEntries(p.strikes.map((s) => [s.target, [s.chance, s.woundChance]]));
    const struck = strikes(part);
    expect(Object.keys(strikes(other)).sort()).toEqual(Object.keys(struck).sort());
    for (const [k, [c, w]] of Object.entries(strikes(other))) {
      expect(c).toBeCloseTo(struck[k][0], 12);
      expect(w).toBeCloseTo(struck[k][1], 12);
    }
  }
}

describe('the attack odds counted over the ways steered runs showed', () => {
  it('equal the ways enumerated one by one: a patrol (the d8 table), alerted monsters, a blocked corridor', () => {
    const boards: [string, GameState][] = [
      ['a goblin on patrol in a corridor', corridor()],
      ['the same goblin alerted', alertAll(corridor())],
      [
        'two goblins in a corridor, alerted',
        alertAll(startWith(boardGame(BLOCKED_CORRIDOR, {}, { enemyFacing: 0 }), [4, 4]).state),
      ],
      ['two alerted goblins between the Thief and the Priest', fork()],
    ];
    for (const [, state] of boards) {
      const enumerated = attackOdds(state, { maxLeaves: 4096 })!;
      const counted = attackOdds(state, { maxLeaves: 1 })!;
      expectSameExactOdds(counted, enumerated);
    }
    // The patrol's d8 outcomes make more than one way; the count is not of a single run.
    const patrol = attackOdds(corridor(), { maxLeaves: 1 })!;
    expect(patrol.runs).toBeGreaterThan(1);
    expect(patrol.enemies['goblin-1'].ends.length).toBeGreaterThan(2);
  });
});

describe('Dungeon Crawl: an alerted monster (solo rules §4: the nearest hero, ties by a die)', () => {
  it('equally near Thief and Priest: a die decides, 50% each, with the chance to wound from the attack preview', () => {
    const state = fork();
    const intent = alertedOf(enemyIntent(state, 'goblin-1'));
    expect(intent.strikes.map((s) => s.targetName).sort()).toEqual(['Priest', 'Thief']);
    for (const s of intent.strikes) expect(s.chance).toBeCloseTo(0.5, 12);
    // Names in the order the module lists its heroes.
    expect(intent.note).toBe('equidistant: Thief or Priest, 50% each');
    // The wound chance is the module's own preview of that strike from where it will stand.
    const strike = intent.strikes[0];
    const moved = structuredClone({ ...state, map: undefined }) as unknown as GameState;
    moved.map = state.map;
    unit(moved, 'goblin-1').position = strike.from;
    const preview = previewAction(moved, {
      type: 'attack',
      unit: 'goblin-1',
      target: strike.target,
      weapon: strike.weapon,
    });
    expect(preview?.allowed).toBe(true);
    expect(strike.woundChance).toBeCloseTo(preview!.chance, 12);
    expect(intent.squares.reduce((s, q) => s + q.chance, 0)).toBeCloseTo(1, 12);
  });

  it('the chance each hero is attacked, exact (both ways) and Monte Carlo, match 10,000 enemy turns', () => {
    const state = fork();
    const exact = attackOdds(state)!;
    expect(exact.method).toBe('exact');
    // No enumeration one way at a time (maxLeaves 1): a few runs steered to the faces no
    // run took yet show every way, counted together where they meet again: the same
    // figures, to rounding.
    const counted = attackOdds(state, { maxLeaves: 1 })!;
    expectSameExactOdds(counted, exact);
    const mc = attackOdds(state, { maxLeaves: 1, exploringRuns: 0, samples: 2000, seed: 7 })!;
    expect(mc.method).toBe('monte-carlo');
    expect(mc.runs).toBe(2000);
    const n = 10_000;
    const counts: Record<string, number> = { 'thief-1': 0, 'priest-1': 0 };
    const firstTarget: Record<string, number> = { 'thief-1': 0, 'priest-1': 0 };
    const dice = trialDice(12);
    for (let trial = 0; trial < n; trial++) {
      const { events } = enemyTurnWith(state, dice);
      const attacked = new Set<string>();
      for (const e of events)
        if (e.type === 'attacked' && e.target in counts) attacked.add(e.target);
      for (const h of attacked) counts[h]++;
      const first = events.find((e) => e.type === 'attacked');
      if (first && first.type === 'attacked') firstTarget[first.target]++;
    }
    const intent = alertedOf(enemyIntent(state, 'goblin-1'));
    for (const hero of Object.keys(counts)) {
      const f = counts[hero] / n;
      expect(Math.abs(f - exact.chances[hero])).toBeLessThanOrEqual(
        tolerance(exact.chances[hero], n),
      );
      expect(Math.abs(f - mc.chances[hero])).toBeLessThanOrEqual(tolerance(f, n, mc.runs));
      const shown = intent.strikes.find((s) => s.target === hero)?.chance ?? 0;
      expect(Math.abs(firstTarget[hero] / n - shown)).toBeLessThanOrEqual(tolerance(shown, n));
    }
  });
});

describe('Skirmish (solitaire-gaming-rules III Patrolling d20, IV Random Enemy Action)', () => {
  /** The heroes' turn of round 1 after the enemy's patrol (initiative 5 against 15, then a stay). */
  function field(options: { randomEnemyAction?: boolean } = {}): GameState {
    const s = skirmishGame(FIELD, ['swordsman'], ['swordsman'], { patrol: true, ...options });
    // Initiative 5 against 15 (the enemies first), 10 on the Random Enemy Action when it is
    // on (all act), 1 on the patrol (it stays).
    const rolls = options.randomEnemyAction ? [5, 15, 10, 1] : [5, 15, 1];
    const r = applyCommand(s, { type: 'start' }, { dice: riggedOnce(rolls) });
    if (!r.ok) throw new Error(r.error);
    return r.state;
  }

  it('1-6 stays 30%, 7-11 forward 25%, 12-14 left 15%, 15-17 right 15%, 18-20 about 15%', () => {
    const state = field();
    const intent = patrolOf(enemyIntent(state, 'swordsman-2'));
    expect(intent.die).toBe(20);
    const rows = Object.fromEntries(intent.outcomes.map((o) => [o.label, o.chance]));
    expect(rows['stays in place']).toBeCloseTo(0.3, 12);
    expect(rows['moves forward']).toBeCloseTo(0.25, 12);
    expect(rows['turns left']).toBeCloseTo(0.15, 12);
    expect(rows['turns right']).toBeCloseTo(0.15, 12);
    expect(rows['turns about']).toBeCloseTo(0.15, 12);
    const forward = intent.outcomes.find((o) => o.label === 'moves forward')!;
    expect(forward.ends[0].at.y).toBeGreaterThan(unit(state, 'swordsman-2').position!.y);
  });

  it('Random Enemy Action: 18-20 all and a fallen one returns 15%, 9-17 all 45%, 3-8 half 30%, 1-2 one 10%', () => {
    const state = field({ randomEnemyAction: true });
    const odds = roundIntent(state)!;
    expect(odds.die).toBe(20);
    expect(odds.rows.map((r) => [r.faces, r.chance])).toEqual([
      [[18, 20], expect.closeTo(0.15, 12)],
      [[9, 17], expect.closeTo(0.45, 12)],
      [[3, 8], expect.closeTo(0.3, 12)],
      [[1, 2], expect.closeTo(0.1, 12)],
    ]);
    expect(roundIntent(field())).toBeNull();
    // The rolls of 10,000 starts fall in the rows as often as shown.
    const n = 10_000;
    const seen = [0, 0, 0, 0];
    const fresh = skirmishGame(FIELD, ['swordsman'], ['swordsman'], {
      patrol: true,
      randomEnemyAction: true,
    });
    const dice = trialDice(13);
    for (let trial = 0; trial < n; trial++) {
      const r = applyCommand(fresh, { type: 'start' }, { dice });
      if (!r.ok) throw new Error(r.error);
      const e = r.events.find((x) => x.type === 'enemy-action');
      if (!e || e.type !== 'enemy-action') throw new Error('no Random Enemy Action roll');
      seen[odds.rows.findIndex((row) => e.roll >= row.faces[0] && e.roll <= row.faces[1])]++;
    }
    odds.rows.forEach((row, i) =>
      expect(Math.abs(seen[i] / n - row.chance)).toBeLessThanOrEqual(tolerance(row.chance, n)),
    );
  });
});

function riggedOnce(rolls: number[]) {
  let i = 0;
  return {
    roll(sides: number): number {
      if (i >= rolls.length) throw new Error(`rigged dice ran out (d${sides})`);
      return rolls[i++];
    },
  };
}
