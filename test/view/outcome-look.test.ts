/**
 * How each ending looks and sounds (issue 28, point 8: "A draw is a draw"): the battle's
 * title says Victory, Defeat or Draw; a draw plays a sound of its own (the victory fanfare
 * slowed and hushed, from a file the bank loads); the dice log keeps every line with words
 * but a figure's turn as it walks, which the move's own line says.
 */
import { describe, expect, it } from 'vitest';
import { SOUND_CUES, soundsForEvent, soundsToLoad } from '../../src/audio/sound-bank';
import type { GameEvent, GameState, Side } from '../../src/engine';
import { initialUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { isLogged } from '../../src/view/log-lines';
import { heroesTurn } from './helpers';

function ended(winner: Side | null): GameState {
  const s = heroesTurn('#######\n#FP..t#\n#######', 1);
  return { ...s, phase: 'over', turn: null, outcome: { winner, reason: 'Because.' } };
}

const gameOver = (winner: Side | null): GameEvent => ({
  type: 'game-over',
  winner,
  reason: 'Because.',
  text: 'Because.',
});

describe('the ending, by who won', () => {
  it('the battle title: Victory, Defeat, or Draw when no one won', () => {
    const title = (w: Side | null) =>
      deriveBattleView(ended(w), initialUi(), { scenarioName: 'x' }).title;
    expect(title('heroes')).toBe('Victory');
    expect(title('enemies')).toBe('Defeat');
    expect(title(null)).toBe('Draw');
  });

  it('the sound: the fanfare, the dirge, or the draw\u2019s own cue on a loaded sound', () => {
    const s = ended(null);
    expect(soundsForEvent(gameOver('heroes'), s)).toEqual(['victory']);
    expect(soundsForEvent(gameOver('enemies'), s)).toEqual(['defeat']);
    expect(soundsForEvent(gameOver(null), s)).toEqual(['draw']);
    expect(soundsToLoad()).toContain(SOUND_CUES.draw.sound);
    expect(SOUND_CUES.draw.rate).toBeLessThan(1);
  });

  it('the dice log: every line with words, but not a turn made while walking', () => {
    const faced = (reason: string): GameEvent => ({
      type: 'faced',
      unit: 'goblin-1',
      from: 0,
      to: 4,
      reason,
      text: 'Goblin turns.',
    });
    expect(isLogged(gameOver(null))).toBe(true);
    expect(isLogged(faced('attacking'))).toBe(true);
    expect(isLogged(faced('walking'))).toBe(false);
    expect(isLogged({ ...gameOver(null), text: '' })).toBe(false);
  });
});
