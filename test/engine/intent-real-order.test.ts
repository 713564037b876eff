/**
 * A monster's intent in the real acting order (issue 14, "Enemy intent with odds"). The
 * Dungeon Crawl's monsters act the Arch Foe first, then by rank, then in list order (solo
 * rules §4 "Move Order"); a patrolling monster rolls its d8 (1-2 full move forward, 3 half a
 * move then a turn, 4-5 stands, 6/7/8 turns). Where a monster acting earlier may block or
 * free its way, the overlay shows the as-if-first odds at once and then the figures of the
 * runs of the whole enemy phase in turn order; where nothing earlier can touch it, the
 * as-if-first enumeration is the real-order answer and is kept ("exact"). Each shown figure
 * is checked against the frequencies of 10,000 enemy phases played through the reducer
 * (runEnemyTurnAhead) with real dice.
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice } from '../../src/engine/dice';
import { attackOdds, enemyIntent, runEnemyTurnAhead } from '../../src/engine/systems/intent';
import type { GameState } from '../../src/engine/types';
import { followTurn, initialUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import {
  advanceIntentWork,
  intentMarks,
  wantsOrderOdds,
  type IntentMark,
} from '../../src/view/intent-overlay';
import { BLOCKED_CORRIDOR, boardGame, play, startWith, unit } from './helpers';
import { skirmishGame } from './skirmish/helpers';

// Two goblins in a corridor facing west (move 2); goblin-1 acts first (equal rank, list
// order) and stands in goblin-2's way. The Thief is in another corridor, out of sight.
const BLOCKED = BLOCKED_CORRIDOR;

// The same goblins twenty squares apart, the Thief far from the first: nothing goblin-1 can
// do this turn reaches goblin-2's way, its sight of the Thief or the Thief.
const APART = `
##############################
#g...................g.......#
##############################
#............................#
#...........................T#
##############################
`;

/** The heroes' turn of round 1 (both goblins stood still in the first enemy phase: 4, 4). */
function heroesTurn(ascii: string): GameState {
  return startWith(boardGame(ascii, {}, { enemyFacing: 6 }), [4, 4]).state;
}

/** A copy of `state` with `id` alerted (a set-up shortcut; alerting is tested elsewhere). */
function withAlerted(state: GameState, id: string): GameState {
  const copy = structuredClone({ ...state, map: undefined }) as unknown as GameState;
  copy.map = state.map;
  unit(copy, id).ai!.status = 'alerted';
  return copy;
}

function trialDice(seed: number) {
  const dice = openDice(createDiceState(seed));
  for (let i = 0; i < 64; i++) dice.roll(6);
  return dice;
}

/** How often `id` ends each square in `n` enemy phases played with real dice. */
function simulatedEnds(state: GameState, id: string, n: number, seed: number): Map<string, number> {
  const dice = trialDice(seed);
  const seen = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const g = unit(runEnemyTurnAhead(state, dice).state, id);
    const key = `${g.position!.x},${g.position!.y}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  for (const [k, v] of seen) seen.set(k, v / n);
  return seen;
}

/** Four standard errors of a frequency of `n` trials around `p` (plus those of `m` runs). */
function tolerance(p: number, n: number, m = Infinity): number {
  const q = Math.min(Math.max(p, 0.01), 0.99);
  return 4 * Math.sqrt(q * (1 - q) * (1 / n + (m === Infinity ? 0 : 1 / m))) + 1e-9;
}

function shownEnds(mark: IntentMark): Map<string, number> {
  return new Map(mark.ghosts.map((g) => [`${g.at.x},${g.at.y}`, g.chance]));
}

function expectClose(
  shown: Map<string, number>,
  seen: Map<string, number>,
  tol: (p: number) => number,
) {
  for (const key of new Set([...shown.keys(), ...seen.keys()])) {
    const p = shown.get(key) ?? 0;
    const f = seen.get(key) ?? 0;
    expect(Math.abs(f - p), `${key}: shown ${p}, seen ${f}`).toBeLessThanOrEqual(tol(f));
  }
}

/**
 * The overlay's work for `ids` done to the end, as the scene does it over frames (the
 * monsters shown first, then the runs of the phase when one of them waits on them).
 */
function finish(state: GameState, ids: string[]) {
  intentMarks(state, ids);
  advanceIntentWork(state, ids, wantsOrderOdds(state, ids), Number.POSITIVE_INFINITY);
}

const N = 10_000;

/**
 * goblin-2's shown ends, exact: a full move (1-2 on the d8) 25% to `full`, half a move (3)
 * 12.5% to `half`, 62.5% on `stays`; and the same as 10,000 phases played with real dice.
 */
function expectPatrolEnds(
  state: GameState,
  mark: IntentMark,
  [full, half, stays]: [string, string, string],
  seed: number,
) {
  const shown = shownEnds(mark);
  expect(shown.get(full)).toBeCloseTo(0.25, 12);
  expect(shown.get(half)).toBeCloseTo(0.125, 12);
  expect(shown.get(stays)).toBeCloseTo(0.625, 12);
  expectClose(shown, simulatedEnds(state, 'goblin-2', N, seed), (p) => tolerance(p, N));
}

describe('intent in the real acting order (solo rules §4 Move Order, the d8 patrol table)', () => {
  it('an earlier goblin in the way: the as-if-first odds at once, then the phase in turn order counted exactly', () => {
    const state = heroesTurn(BLOCKED);
    // As if it acted first, goblin-2 cannot stop on goblin-1's square: a full move (1-2)
    // takes it past to (7,1), half a move (3) leaves it where it is.
    const [first] = intentMarks(state, ['goblin-2']);
    expect(first.source).toBe('as-if-first');
    expect(first.order).toMatch(/as if it acted first: Goblin 1 acts before it .*estimating/i);
    expect(shownEnds(first)).toEqual(
      new Map([
        ['9,1', expect.closeTo(0.75, 12)],
        ['7,1', expect.closeTo(0.25, 12)],
      ]),
    );
    // goblin-1 acts first and is not touched by anything before it: its odds are exact.
    const [lead] = intentMarks(state, ['goblin-1']);
    expect(lead.source).toBe('exact');
    expect(lead.order).toBeNull();
    // The runs of the whole phase come in: when goblin-1 has moved on first (3 in 8),
    // goblin-2's half a move (1 in 8) can stop on (8,1), which as if first it never does.
    // The runs meet again after each goblin's turn (the same squares, whatever the faces
    // that led there), so a few runs steered to the faces not yet taken show every way the
    // phase can go, and it is counted exactly.
    finish(state, ['goblin-2']);
    const [mark] = intentMarks(state, ['goblin-2']);
    expect(mark.source).toBe('exact');
    expect(mark.order).toMatch(
      /exact in turn order: every roll of the enemy phase counted, in \d+ runs of it/i,
    );
    expect(mark.order).toContain('Goblin 1 acts before it');
    const seen = simulatedEnds(state, 'goblin-2', N, 21);
    expect(seen.get('8,1') ?? 0).toBeGreaterThan(0.03);
    const shown = shownEnds(mark);
    expect([...shown.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expectClose(shown, seen, (p) => tolerance(p, N));
    // The panel of the hovered goblin says where the figures come from.
    const ui = followTurn(initialUi(), state);
    const hover = deriveBattleView(
      state,
      { ...ui, hover: unit(state, 'goblin-2').position },
      {
        scenarioName: 't',
      },
    );
    expect(hover.info.body).toMatch(/exact in turn order: every roll of the enemy phase counted/i);
    // A Monte Carlo of the same phase (no run steered, no exact count) agrees with the
    // 10,000 phases and with the exact count.
    const mc = attackOdds(state, { maxLeaves: 1, exploringRuns: 0, samples: 4000, seed: 5 })!;
    expect(mc.method).toBe('monte-carlo');
    const mcEnds = new Map<string, number>();
    for (const e of mc.enemies['goblin-2'].ends)
      mcEnds.set(`${e.at.x},${e.at.y}`, (mcEnds.get(`${e.at.x},${e.at.y}`) ?? 0) + e.chance);
    expectClose(mcEnds, seen, (p) => tolerance(p, N, 4000));
    expectClose(mcEnds, shown, (p) => tolerance(p, 4000));
    expect(mcEnds.get('8,1') ?? 0).toBeGreaterThan(0.03);
    expect(mc.enemies['goblin-2'].acts).toBeCloseTo(1, 12);
  }, 120_000);

  it('an earlier goblin walks out of the way with no die: the whole phase counted exactly', () => {
    // goblin-1, alerted, walks two squares west toward the Thief (no way to it, so the
    // nearest square by straight distance); goblin-2 then has the corridor free.
    const state = withAlerted(heroesTurn(BLOCKED), 'goblin-1');
    finish(state, ['goblin-2']);
    const [mark] = intentMarks(state, ['goblin-2']);
    expect(mark.source).toBe('exact');
    expect(mark.order).toMatch(/exact in turn order: every roll of the enemy phase counted/i);
    // 1-2 full move: (7,1) 25%; 3 half a move: (8,1) 12.5%; otherwise it stays on (9,1).
    expectPatrolEnds(state, mark, ['7,1', '8,1', '9,1'], 22);
  }, 120_000);

  it('nothing an earlier goblin may do reaches it: the as-if-first enumeration is kept, exact', () => {
    const state = heroesTurn(APART);
    const [mark] = intentMarks(state, ['goblin-2']);
    expect(mark.source).toBe('exact');
    expect(mark.order).toMatch(/^Exact: Goblin 1 acts before it this phase, but nothing/);
    expect(wantsOrderOdds(state, ['goblin-2'])).toBe(false);
    // 25% full move west (19,1), 12.5% half (20,1), 62.5% on its square (21,1).
    expectPatrolEnds(state, mark, ['19,1', '20,1', '21,1'], 23);
  }, 120_000);
});

describe('Skirmish: the enemies still to act this round (solitaire-gaming-rules III Initiative and Actions, Patrolling d20)', () => {
  // Two prepared swordsmen behind a wall from the hero (no sight either way; a way round
  // at the east end), patrolling
  // on: initiative 5 against 15 gives the enemies the first activation, the first of the
  // two (equally near, list order) rolls 1 on its d20 (1-6 stays), then it is the hero's.
  const WALLED = `
############
#..e...e...#
#..........#
#########..#
#..........#
#....h.....#
############
`;

  function heroesTurnSkirmish(): GameState {
    const s = skirmishGame(WALLED, ['swordsman'], ['swordsman', 'swordsman'], { patrol: true });
    return startWith(s, [5, 15, 1]).state;
  }

  it('one that has acted this round does not act before the heroes\u2019 next turn; the other\u2019s table is exact', () => {
    const state = heroesTurnSkirmish();
    const [acted, next] = state.units.filter((u) => u.side === 'enemies').map((u) => u.id);
    const ids = [acted, next];
    finish(state, ids);
    const [a, b] = intentMarks(state, ids);
    // The one that has acted: the runs of the stretch never see it act.
    expect(a.source).toBe('estimated');
    expect(a.lines).toContain('does not act before the heroes\u2019 next turn');
    const at = unit(state, acted).position!;
    expect(shownEnds(a)).toEqual(new Map([[`${at.x},${at.y}`, 1]]));
    // The other acts first in the stretch and nothing changes it first: its d20 table as
    // worked out, 25% forward (7-11), 75% on its square (stays, or turns).
    expect(b.source).toBe('exact');
    expect(b.order).toBeNull();
    const shown = shownEnds(b);
    const p = unit(state, next).position!;
    expect(shown.get(`${p.x},${p.y}`)).toBeCloseTo(0.75, 12);
    const dice = trialDice(24);
    const seenA = new Map<string, number>();
    const seenB = new Map<string, number>();
    for (let i = 0; i < N; i++) {
      const { events } = runEnemyTurnAhead(state, dice);
      expect(events.some((e) => e.type === 'turn-started' && e.unit === acted)).toBe(false);
      // Where each stands when the stretch ends (the state after it may already hold the
      // next round's first activations: its events stop at the new round).
      for (const [id, seen] of [
        [acted, seenA],
        [next, seenB],
      ] as const) {
        const walks = events.filter((e) => e.type === 'moved' && e.unit === id);
        const last = walks.at(-1);
        const q = last?.type === 'moved' ? last.to : unit(state, id).position!;
        seen.set(`${q.x},${q.y}`, (seen.get(`${q.x},${q.y}`) ?? 0) + 1 / N);
      }
    }
    expectClose(shownEnds(a), seenA, (f) => tolerance(f, N, 100));
    expectClose(shown, seenB, (f) => tolerance(f, N));
  }, 120_000);
});

// A goblin beside the Thief, alerted: on its turn it would strike him.
const BESIDE = `
#######
#..gT.#
#######
`;

describe("a battle that ends at the round's end before the monsters act", () => {
  /** The heroes' turn of round 1, with the goblin alerted, in a battle of `maxRounds` rounds. */
  function lastRound(maxRounds: number): GameState {
    return withAlerted(
      startWith(boardGame(BESIDE, { maxRounds }, { enemyFacing: 2 }), [4]).state,
      'goblin-1',
    );
  }

  it('the monster does not act and no hero is attacked, exactly, as the reducer plays it', () => {
    const state = lastRound(1);
    // The reducer: the Thief ends his turn, the round's end ends the battle, no monster acts.
    const end = play(state, { type: 'end-turn', unit: state.turn!.unitId });
    expect(end.state.outcome?.reason).toMatch(/within 1 rounds/);
    expect(end.events.some((e) => e.type === 'turn-started' && e.unit === 'goblin-1')).toBe(false);
    const intent = enemyIntent(state, 'goblin-1')!;
    expect(intent.kind).toBe('holds');
    expect(intent.exactInOrder).toBe(true);
    expect(intent.kind === 'holds' && intent.text).toMatch(/does not act: the battle ends first/);
    const odds = attackOdds(state)!;
    expect(odds.method).toBe('exact');
    expect(Object.values(odds.chances)).toEqual([0]);
    const [mark] = intentMarks(state, ['goblin-1']);
    expect(mark.lines.join(' ')).toMatch(/does not act/);
    expect(mark.ghosts).toEqual([]);
  });

  it('one round more: the goblin strikes the Thief as before', () => {
    const state = lastRound(2);
    const intent = enemyIntent(state, 'goblin-1')!;
    expect(intent.kind).toBe('alerted');
    expect(intent.kind === 'alerted' && intent.strikes[0]?.target).toBe('thief-1');
    expect(attackOdds(state)!.chances['thief-1']).toBeCloseTo(1, 12);
  });
});
