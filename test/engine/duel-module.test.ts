/**
 * The rule-module seam, proved with the Duel (test/modules/duel.ts): a second rule set
 * with its own die (d12), flow (initiative each round, alternating activations), command
 * (aim) and events, plugged in through the registry alone.
 */
import { describe, expect, it } from 'vitest';
import { DUEL_BOARD, duelModule } from '../modules/duel';
import {
  applyCommand,
  legalCommands,
  previewAction,
  validateCommandShape,
} from '../../src/engine/game';
import { createGame } from '../../src/engine/setup';
import { findRuleModule } from '../../src/engine/rulesets/registry';
import { playAutoGame, replayGame } from '../../src/engine/simulate';
import type { GameState } from '../../src/engine/types';
import { dungeonCrawlBoard } from './boards';
import { play, rejects, rollsOf, unit } from './helpers';

function newDuel(seed = 1): GameState {
  const r = createGame({ scenarioId: 'duel', map: DUEL_BOARD, seed, ruleModule: 'duel' });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe('the Duel test module', () => {
  it('is found through the registry, and a game names it', () => {
    expect(findRuleModule('duel')).toBe(duelModule);
    const state = newDuel();
    expect(state.ruleModule).toBe('duel');
    expect(state.units.map((u) => u.kind)).toEqual(['duellist', 'rival']);
  });

  it('rolls a d12 initiative each round, ties again; the loser of it acts second', () => {
    // Heroes 4, enemies 4: a tie, rolled again; then 2 v 10: the rival acts first. It walks
    // its 3 squares toward the duellist, cannot reach, and takes aim.
    const { state, events } = play(newDuel(), { type: 'start' }, [4, 4, 2, 10]);
    expect(rollsOf(events).map((r) => r.purpose)).toEqual([
      'initiative',
      'initiative',
      'initiative',
      'initiative',
    ]);
    expect(events.find((e) => e.type === 'initiative')).toMatchObject({ first: 'enemies' });
    expect(events.some((e) => e.type === 'aimed' && e.unit === 'rival')).toBe(true);
    expect(unit(state, 'rival').aim).toEqual({ bonus: 2 });
    expect(state.phase).toBe('heroes');
    expect(state.turn?.unitId).toBe('duellist');
  });

  it('strikes on 7+ on a d12, +2 after aiming; a module command of its own', () => {
    let { state } = play(newDuel(), { type: 'start' }, [9, 3]); // the duellist acts first
    ({ state } = play(state, { type: 'aim', unit: 'duellist' }));
    expect(unit(state, 'duellist').aim).toEqual({ bonus: 2 });
    // Aiming is the action: no second action this turn.
    expect(rejects(state, { type: 'aim', unit: 'duellist' })).toMatch(/already acted/);
    const preview = previewAction(state, {
      type: 'attack',
      unit: 'duellist',
      target: 'rival',
      weapon: 'blade',
    });
    expect(preview?.chance).toBeCloseTo(8 / 12); // 5..12 with +2
    expect(preview?.modifiers).toEqual([{ label: 'Aimed', value: 2 }]);
  });

  it("a reaction in the other side's turn: stepping away from the rival draws a strike", () => {
    // Put the two side by side on the duellist's turn; it walks two squares away.
    let s = play(newDuel(), { type: 'start' }, [9, 3]).state;
    s.units = s.units.map((u) =>
      u.id === 'rival' ? { ...u, position: { x: 2, y: 1 } } : { ...u, position: { x: 1, y: 1 } },
    );
    const { state, events } = play(s, { type: 'move', unit: 'duellist', to: { x: 1, y: 3 } }, [8]);
    expect(rollsOf(events)).toEqual([{ purpose: 'opportunity', value: 8, unit: 'rival' }]);
    expect(unit(state, 'duellist').wounds).toBe(1);
    // The walk is told square by square: (1,2) is still within the rival's reach, (1,3)
    // is not, and the strike follows the step that left it.
    expect(events.map((e) => e.type).filter((t) => t !== 'faced')).toEqual([
      'moved',
      'moved',
      'roll',
      'wounded',
    ]);
  });

  it('the kernel knows its command only in its own games', () => {
    expect(validateCommandShape({ type: 'aim', unit: 'x' }, duelModule)).toBeNull();
    const crawl = createGame({ scenarioId: 't', map: dungeonCrawlBoard(), seed: 1 });
    if (!crawl.ok) throw new Error(crawl.error);
    const started = applyCommand(crawl.state, { type: 'start' });
    if (!started.ok) throw new Error(started.error);
    const r = applyCommand(started.state, { type: 'aim', unit: 'fighting-man-1' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/Unknown command type "aim"/);
  });

  it('plays whole games through applyCommand, and a replay gives the same game', () => {
    const outcomes = { heroes: 0, enemies: 0, draw: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const config = { scenarioId: 'duel', map: DUEL_BOARD, seed, ruleModule: 'duel' };
      const game = playAutoGame(config);
      expect(game.state.phase).toBe('over');
      outcomes[game.state.outcome!.winner ?? 'draw'] += 1;
      const states = replayGame(config, game.commands);
      expect(JSON.stringify(states[states.length - 1])).toBe(JSON.stringify(game.state));
    }
    // Both sides win some: the duel is a real contest, not a fixed result.
    expect(outcomes.heroes).toBeGreaterThan(0);
    expect(outcomes.enemies).toBeGreaterThan(0);
  });

  it('offers only legal commands, each of which applies', () => {
    let state = play(newDuel(3), { type: 'start' }, [9, 3]).state;
    for (const c of legalCommands(state)) expect(applyCommand(state, c).ok).toBe(true);
    state = play(
      state,
      legalCommands(state).find((c) => c.type === 'move')!,
    ).state;
    expect(legalCommands(state).some((c) => c.type === 'move')).toBe(false);
  });
});
