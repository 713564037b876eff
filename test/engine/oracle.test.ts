/**
 * The solo oracle (solitaire-gaming-rules I "Secrets" and II "What Happens Next"), asked
 * with the game's own dice in any rule set's game.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/engine/game';
import { riggedDice } from '../../src/engine/dice';
import { whatHappensNext } from '../../src/engine/systems/oracle';
import type { GameState } from '../../src/engine/types';
import { boardGame, play, startWith } from './helpers';
import { skirmishGame } from './skirmish/helpers';

function crawl(): GameState {
  return startWith(boardGame('#######\n#F...g#\n#######'), [4]).state;
}

describe('II What Happens Next: 1d20', () => {
  it('reads each band of the table', () => {
    expect(whatHappensNext(1)).toBe('the opposite happens, with a penalty for the heroes');
    expect(whatHappensNext(2)).toBe('it does not happen');
    expect(whatHappensNext(6)).toBe('it does not happen');
    expect(whatHappensNext(7)).toBe('it happens, with a twist (a bad one)');
    expect(whatHappensNext(12)).toBe('it happens, with a twist (a good one)');
    expect(whatHappensNext(13)).toBe('it happens');
    expect(whatHappensNext(18)).toBe('it happens');
    expect(whatHappensNext(19)).toBe('it happens, with a benefit for the heroes');
  });

  it('is asked in a game with its dice; the answer is logged and nothing on the board moves', () => {
    const s = crawl();
    const { state, events } = play(
      s,
      { type: 'oracle', question: 'next', about: 'the bridge holds' },
      [9],
    );
    expect(events.find((e) => e.type === 'oracle')).toMatchObject({
      roll: 9,
      answer: 'it happens, with a twist (a bad one)',
    });
    expect(events.find((e) => e.type === 'roll')?.rule?.section).toMatch(/What Happens Next/);
    expect(JSON.stringify(state.units)).toBe(JSON.stringify(s.units));
    expect(state.turn).toEqual(s.turn);
  });
});

describe('II yes or no: 11+; I Secrets: 16+, or the last possible place', () => {
  it('yes on 11, no on 10', () => {
    const s = crawl();
    const ask = { type: 'oracle', question: 'yes-no', about: 'is the door locked' } as const;
    expect(play(s, ask, [11]).events.find((e) => e.type === 'oracle')).toMatchObject({
      answer: 'yes',
    });
    expect(play(s, ask, [10]).events.find((e) => e.type === 'oracle')).toMatchObject({
      answer: 'no',
    });
  });

  it('a secret is there on 16+, or in the last place searched whatever the roll', () => {
    const s = skirmishGame('#######\n#h...e#\n#######', ['swordsman'], ['swordsman']);
    const started = play(s, { type: 'start' }, [15, 5]).state;
    const ask = { type: 'oracle', question: 'secret', about: 'a key in the chest' } as const;
    expect(play(started, ask, [16]).events.find((e) => e.type === 'oracle')).toMatchObject({
      answer: 'it is there',
    });
    expect(play(started, ask, [15]).events.find((e) => e.type === 'oracle')).toMatchObject({
      answer: 'it is not here',
    });
    expect(
      play(started, { ...ask, lastPlace: true }, [3]).events.find((e) => e.type === 'oracle'),
    ).toMatchObject({ answer: 'it is there' });
  });

  it('is refused before the game begins, and for a malformed question', () => {
    const fresh = boardGame('#######\n#F...g#\n#######');
    const r = applyCommand(
      fresh,
      { type: 'oracle', question: 'next', about: 'x' },
      { dice: riggedDice([]) },
    );
    expect(r.ok ? '' : r.error).toMatch(/once the game has begun/);
    const bad = applyCommand(crawl(), { type: 'oracle', question: 'maybe', about: 'x' } as never);
    expect(bad.ok ? '' : bad.error).toMatch(/needs a question/);
  });
});
