/**
 * The solo layer (src/engine/solo/: solitaire-gaming-rules III, IV, VIII) is a shared
 * system: it runs a second module's opponent, the Duel's rival (test/modules/duel.ts with
 * its `solo` option), by the Duel's own mechanics (a d12 to hit, a sling beside the blade,
 * a d12 morale test of 6 or less), and it imports no rule module. The Skirmish's own use
 * of it is covered by test/engine/skirmish/ and the golden games.
 */
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DUEL_BOARD } from '../modules/duel';
import { createGame } from '../../src/engine/setup';
import { chebyshevDistance } from '../../src/engine/grid';
import type { GameEvent, GameState } from '../../src/engine/types';
import { importGraph } from '../../src/devtools/import-graph';
import { playAutoGame, replayGame } from '../../src/engine/simulate';
import { play, rollsOf, unit } from './helpers';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function soloDuel(solo: 'alerted' | 'prepared'): GameState {
  const r = createGame({
    scenarioId: 'duel',
    map: DUEL_BOARD,
    seed: 1,
    ruleModule: 'duel',
    options: { solo },
  });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

function attacks(events: readonly GameEvent[]) {
  return events.flatMap((e) => (e.type === 'attacked' ? [e] : []));
}

describe('the solo layer runs another module\u2019s opponent', () => {
  it('Primary Weapon (III) by the module\u2019s own chance: the sling, 5+ on a d12, over the blade, 7+', () => {
    // "1. The weapon that has the best chance at hitting": the Duel says the sling hits on
    // 5+ (8 in 12) and the blade on 7+ (6 in 12). Initiative 2 v 10: the rival acts first,
    // 7 squares from the duellist: it walks into sling range (2 to 6) and shoots, d12 = 5.
    const { state, events } = play(soloDuel('alerted'), { type: 'start' }, [2, 10, 5]);
    expect(rollsOf(events).map((r) => r.purpose)).toEqual(['initiative', 'initiative', 'attack']);
    expect(attacks(events)).toMatchObject([
      { unit: 'rival', target: 'duellist', weapon: 'sling', need: 5, hit: true },
    ]);
    const rival = unit(state, 'rival');
    const d = chebyshevDistance(rival.position!, unit(state, 'duellist').position!);
    expect(d).toBeGreaterThanOrEqual(2);
    expect(d).toBeLessThanOrEqual(6);
    // It moved no farther than its own move (3).
    expect(chebyshevDistance(rival.position!, { x: 8, y: 4 })).toBeLessThanOrEqual(3);
    expect(unit(state, 'duellist').wounds).toBe(1);
  });

  it('the plain Duel keeps its own rival: the same dice, and it walks 3 squares and aims', () => {
    const r = createGame({ scenarioId: 'duel', map: DUEL_BOARD, seed: 1, ruleModule: 'duel' });
    if (!r.ok) throw new Error(r.error);
    const { state, events } = play(r.state, { type: 'start' }, [2, 10]);
    expect(attacks(events)).toEqual([]);
    expect(unit(state, 'rival').aim).toEqual({ bonus: 2 });
    expect(unit(state, 'rival').weapons.map((w) => w.id)).toEqual(['blade']);
  });

  it('Patrolling (III): a prepared rival rolls the d20 table; 12 to 14 turns it 90 degrees left', () => {
    // The rival faces west (6); "12 to 14: The unit turns 90 degrees to the left": south (4).
    const { state, events } = play(soloDuel('prepared'), { type: 'start' }, [2, 10, 13]);
    expect(rollsOf(events)).toEqual([
      { purpose: 'initiative', value: 2, unit: null },
      { purpose: 'initiative', value: 10, unit: null },
      { purpose: 'patrol', value: 13, unit: 'rival' },
    ]);
    expect(events.filter((e) => e.type === 'roll').map((e) => e.text)).toContain(
      'Rival patrol d20 = 13: turns left',
    );
    expect(unit(state, 'rival').facing).toBe(4);
    expect(unit(state, 'rival').position).toEqual({ x: 8, y: 4 });
  });

  it('Patrolling (III): 7 to 11 moves it forward as far as it can, by its own move', () => {
    // Facing west from (8,4): its whole move of 3 squares along the bottom row.
    const { state } = play(soloDuel('prepared'), { type: 'start' }, [2, 10, 9]);
    expect(unit(state, 'rival').position).toEqual({ x: 5, y: 4 });
  });

  describe('Morale (VIII) by the module\u2019s own test', () => {
    // The rival's army is three, two of them fallen: "reduced to less than half its
    // starting number of figures", each standing figure checks, here by the Duel's test (a
    // d12 of 6 or less holds), not the Skirmish's d20 of 11 or more.
    function armyOfThree(): GameState {
      const state = soloDuel('alerted');
      const rival = state.units.find((u) => u.id === 'rival')!;
      for (const id of ['rival-2', 'rival-3'])
        state.units.push({ ...structuredClone(rival), id, position: null });
      return state;
    }

    it('a d12 of 10 fails: the rival retreats, and is alerted again after its retreat', () => {
      // Initiative 9 v 3: the duellist acts first; the start's checks roll the morale.
      let { state, events } = play(armyOfThree(), { type: 'start' }, [9, 3, 10]);
      expect(rollsOf(events).map((r) => r.purpose)).toEqual(['initiative', 'initiative', 'morale']);
      expect(events.find((e) => e.type === 'decision')?.text).toBe(
        'The enemy army is down to 1 of 3: each figure checks its morale.',
      );
      expect(unit(state, 'rival').ai?.status).toBe('retreating');
      // Its retreat is one move toward its home (where it stands), facing away from the
      // duellist (north-west of it, so it turns to face south-east), and no attack; then
      // "It returns to the alerted status on its following turn". The next round's
      // initiative follows (8 v 5: the duellist first), and no second morale check: each
      // army checks once.
      ({ state, events } = play(state, { type: 'end-turn', unit: 'duellist' }, [8, 5]));
      expect(attacks(events)).toEqual([]);
      expect(events.find((e) => e.type === 'faced')?.text).toBe(
        'Rival turns away from the Duellist.',
      );
      expect(unit(state, 'rival').facing).toBe(3);
      expect(unit(state, 'rival').ai?.status).toBe('alerted');
      expect(rollsOf(events).map((r) => r.purpose)).toEqual(['initiative', 'initiative']);
    });

    it('a d12 of 4 holds: the rival stays alerted, and does not check again', () => {
      let { state } = play(armyOfThree(), { type: 'start' }, [9, 3, 4]);
      expect(unit(state, 'rival').ai?.status).toBe('alerted');
      // The next action rolls nothing (play fails on a die left over or missing).
      ({ state } = play(state, { type: 'aim', unit: 'duellist' }));
      expect(unit(state, 'duellist').aim).toEqual({ bonus: 2 });
    });
  });
});

describe('whole Duels against the solo layer\u2019s rival', () => {
  it('play to the end, both ways, and replay to the same state', () => {
    const outcomes: Record<string, number> = { heroes: 0, enemies: 0, draw: 0 };
    for (const solo of ['alerted', 'prepared'] as const)
      for (let seed = 1; seed <= 10; seed++) {
        const config = {
          scenarioId: 'duel',
          map: DUEL_BOARD,
          seed,
          ruleModule: 'duel',
          options: { solo },
        };
        const game = playAutoGame(config);
        expect(game.state.phase).toBe('over');
        outcomes[game.state.outcome!.winner ?? 'draw'] += 1;
        // It carries the sling beside the blade: the layer chooses between them.
        expect(game.state.units.find((u) => u.id === 'rival')!.weapons).toHaveLength(2);
        const states = replayGame(config, game.commands);
        expect(JSON.stringify(states[states.length - 1])).toBe(JSON.stringify(game.state));
      }
    expect(outcomes.heroes + outcomes.enemies + outcomes.draw).toBe(20);
    expect(outcomes.enemies).toBeGreaterThan(0);
  });
});

describe('the solo layer is a system of its own', () => {
  it('imports no rule module (only the seam\u2019s types in rulesets/module.ts)', () => {
    const reached: string[] = [];
    for (const [file, edges] of importGraph(resolve(SRC, 'engine', 'solo')))
      for (const edge of edges) {
        const to = relative(SRC, edge.to).split('\\').join('/');
        if (to.startsWith('engine/rulesets/') && to !== 'engine/rulesets/module.ts')
          reached.push(`${relative(SRC, file)} -> ${to}`);
      }
    expect(reached).toEqual([]);
  });
});
