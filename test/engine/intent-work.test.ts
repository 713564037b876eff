/**
 * The intent overlay a piece at a time (issue 14: the whole overlay within a frame after a
 * command): IntentWork gives, step by step, the same answers as asking at once
 * (enemyIntent, roundIntent, attackOdds), a first estimate of the attack odds before the
 * final figure, and the game's state and dice stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { attackOdds, enemyIntent, IntentWork, roundIntent } from '../../src/engine/systems/intent';
import type { GameState } from '../../src/engine/types';
import { alertAll, boardGame, startWith } from './helpers';

// An alerted goblin as far from the Thief as from the Priest, and a second one further off.
const FORK = `
#########
#T.....P#
#.......#
#.......#
#...g...#
#.......#
#g......#
#########
`;

function fork(): GameState {
  return alertAll(startWith(boardGame(FORK, {}, { enemyFacing: 0 }), [4, 4]).state);
}

function enemies(state: GameState): string[] {
  return state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
}

/** Steps `work` to its end, noting the odds after each step. */
function drain(work: IntentWork, ids: string[]) {
  const seen: { runs: number; final: boolean; intents: number }[] = [];
  let guard = 0;
  while (work.step(ids, true)) {
    const { odds, final } = work.attackOdds();
    seen.push({ runs: odds?.runs ?? 0, final, intents: ids.filter((id) => work.has(id)).length });
    if (++guard > 100_000) throw new Error('IntentWork never ends');
  }
  return seen;
}

describe('IntentWork: the overlay a piece at a time', () => {
  it('ends with the answers asked at once: every intent, the round, the exact attack odds', () => {
    const state = fork();
    const before = JSON.stringify(state);
    const ids = enemies(state);
    expect(ids.length).toBe(2);
    const work = new IntentWork(state, { samples: 50 });
    const steps = drain(work, ids);
    for (const id of ids) expect(work.intent(id)).toEqual(enemyIntent(state, id));
    expect(work.round).toEqual(roundIntent(state));
    const exact = attackOdds(state, { samples: 50 })!;
    expect(exact.method).toBe('exact');
    expect(work.attackOdds()).toEqual({ odds: exact, final: true });
    // The first estimate (one run of the turn) came first, before any other intent, and
    // stood until the exact figure.
    expect(steps[0]).toEqual({ runs: 1, final: false, intents: 0 });
    const firstFinal = steps.findIndex((s) => s.final);
    expect(firstFinal).toBe(steps.length - 1);
    expect(steps.slice(0, -1).every((s) => s.runs === 1)).toBe(true);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('on the Monte Carlo path: refined run by run to what attackOdds gives with the same samples', () => {
    const state = fork();
    const options = { maxLeaves: 1, exploringRuns: 0, samples: 40, seed: 7 };
    const work = new IntentWork(state, options);
    const steps = drain(work, []);
    const once = attackOdds(state, options)!;
    expect(once.method).toBe('monte-carlo');
    expect(work.attackOdds()).toEqual({ odds: once, final: true });
    // The first estimate (one run), then one run more at each step, never final before the last.
    const runs = steps.map((s) => s.runs);
    expect(runs).toEqual([1, ...Array.from({ length: 40 }, (_, i) => i + 1)]);
    expect(steps.slice(0, -1).every((s) => !s.final)).toBe(true);
  });

  it('the monster asked for is worked out at once; the others wait for their steps', () => {
    const state = fork();
    const [a, b] = enemies(state);
    const work = new IntentWork(state);
    expect(work.has(a)).toBe(false);
    expect(work.intent(b)).toEqual(enemyIntent(state, b));
    expect(work.has(b)).toBe(true);
    expect(work.has(a)).toBe(false);
    expect(work.done([a, b], false)).toBe(false);
    // Without the odds asked for, a step works out the next intent.
    expect(work.step([a, b], false)).toBe(true);
    expect(work.done([a, b], false)).toBe(true);
    expect(work.step([a, b], false)).toBe(false);
  });

  it('shares what its intents worked out with its odds, and gives what each gives alone', () => {
    // Alerted monsters far from the heroes: each intent works out the monster's way toward
    // a hero, which the odds' runs meet again where the figures near it stand alike.
    const state = alertAll(
      startWith(boardGame(CROWD, {}, { enemyFacing: 0 }), [4, 4, 4, 4, 4, 4]).state,
    );
    const ids = enemies(state);
    expect(ids.length).toBe(6);
    const options = { maxLeaves: 1, exploringRuns: 0, samples: 60, seed: 3 };
    const before = JSON.stringify(state);
    const work = new IntentWork(state, options);
    drain(work, ids);
    const alone = attackOdds(state, options)!;
    expect(alone.method).toBe('monte-carlo');
    expect(work.attackOdds()).toEqual({ odds: alone, final: true });
    for (const id of ids) expect(work.intent(id)).toEqual(enemyIntent(state, id));
    expect(JSON.stringify(state)).toBe(before);
    // The same with the runs steered where none went yet and counted exactly: the odds
    // the work gives are those asked for alone, to the last digit.
    const steered = { maxLeaves: 1, samples: 60, seed: 3 };
    const counting = new IntentWork(state, steered);
    drain(counting, ids);
    const exact = attackOdds(state, steered)!;
    expect(exact.method).toBe('exact');
    expect(counting.attackOdds()).toEqual({ odds: exact, final: true });
    expect(JSON.stringify(state)).toBe(before);
  });
});

// Six goblins on both sides of a party in the open: their strikes and wounds leave the
// board different after nearly every goblin's turn, so the runs seldom meet again.
const MELEE = `
############
#..g.g.g...#
#.TPFT.....#
#..g.g.g...#
############
`;

describe('the attack odds where the steered runs cannot show every way', () => {
  it('give them up and take the very Monte Carlo they would take without them', () => {
    for (const alerted of [true, false]) {
      const started = startWith(boardGame(MELEE, {}, { enemyFacing: 0 }), [4, 4, 4, 4, 4, 4]);
      const state = alerted ? alertAll(started.state) : started.state;
      const options = { maxLeaves: 1, samples: 60, seed: 3 };
      const odds = attackOdds(state, options)!;
      expect(odds.method).toBe('monte-carlo');
      expect(odds.runs).toBe(60);
      // Their own dice never touch the Monte Carlo's: the same runs, the same figures.
      expect(odds).toEqual(attackOdds(state, { ...options, exploringRuns: 0 }));
      // Heroes in reach of a goblin whatever its roll are struck in every run.
      expect(Object.values(odds.chances)).toContain(1);
    }
  });
});

// Six goblins along a narrow hall, a party at its far end: each goblin's way west runs
// past the others.
const CROWD = `
##############################
#T.............g.....g.....g.#
#P......#.........g.....#....#
#F.............g.....g.......#
##############################
`;
