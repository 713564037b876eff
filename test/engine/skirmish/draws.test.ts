/**
 * Draws (issue 28, point 8): a battle neither army wins ends as a draw, not as the heroes'
 * defeat: the Skirmish's Basic Battle tied on points after 5 rounds (solitaire-gaming-rules
 * VI), played with rigged dice. (Escape, Infiltrate and Transport without a winner:
 * scenarios.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent, GameState } from '../../../src/engine/types';
import { play } from '../helpers';
import { skirmishGame, STAND_OFF } from './helpers';

/** The heroes end their turns for 5 rounds (heroes first each round: 15 to 5). */
function fiveQuietRounds(state: GameState): { state: GameState; events: GameEvent[] } {
  let s = play(state, { type: 'start' }, [15, 5]).state;
  const events: GameEvent[] = [];
  for (let round = 1; round <= 5 && !s.outcome; round++) {
    for (const last of [false, true]) {
      const r = play(
        s,
        { type: 'end-turn', unit: s.turn!.unitId },
        last && round < 5 ? [15, 5] : [],
      );
      events.push(...r.events);
      s = r.state;
    }
  }
  return { state: s, events };
}

describe('VI Basic Battle: a tie on points after 5 rounds is a draw', () => {
  it('"the army that defeated the most number of points of opponents\u2019 figures wins": with none the more, no one does', () => {
    const s = skirmishGame(STAND_OFF, ['archer', 'archer'], ['slinger', 'slinger'], {
      scenario: 'basic-battle',
    });
    const { state, events } = fiveQuietRounds(s);
    expect(state.round).toBe(5);
    expect(state.phase).toBe('over');
    expect(state.outcome).toEqual({
      winner: null,
      reason: 'After 5 rounds neither army prevailed (0 points each).',
    });
    const over = events.find((e) => e.type === 'game-over');
    expect(over).toMatchObject({ winner: null });
    expect(over?.text).toBe('Draw. After 5 rounds neither army prevailed (0 points each).');
  });
});
