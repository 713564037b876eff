/**
 * The game's round limit in Ambush and Spawning (solitaire-gaming-rules VI): the book gives
 * neither a count of rounds ("The game ends when all Ambusher figures or all Target figures
 * are killed or destroyed"; Spawning "ends when all figures available to be spawned have
 * been spawned, and figures from any 1 army are defeated"), so the limit is the game's own:
 * from rules version 6 it ends them in a draw; version 5 games keep the heroes' defeat they
 * were played under.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import type { GameState } from '../../../src/engine/types';
import { skirmishGame, STAND_OFF } from './helpers';

/** Ends every turn (the game's own seeded dice) until the battle is over. */
function quietUntilOver(state: GameState): GameState {
  let s = state;
  for (let i = 0; i < 200 && s.phase !== 'over'; i++) {
    const command =
      s.phase === 'setup'
        ? ({ type: 'start' } as const)
        : ({ type: 'end-turn', unit: s.turn!.unitId } as const);
    const r = applyCommand(s, command);
    if (!r.ok) throw new Error(r.error);
    s = r.state;
  }
  return s;
}

function standOff(scenario: string, rulesVersion?: number): GameState {
  const s = skirmishGame(STAND_OFF, ['archer', 'archer'], ['slinger', 'slinger'], {
    scenario,
    maxRounds: 3,
  });
  return rulesVersion === undefined ? s : { ...s, rulesVersion };
}

describe('VI Ambush and Spawning: no count of rounds, so the game\u2019s limit is a draw', () => {
  for (const scenario of ['ambush', 'spawning'])
    it(`${scenario}: both armies standing at the round limit is a draw (version 6)`, () => {
      const s = quietUntilOver(standOff(scenario));
      expect(s.round).toBe(3);
      expect(s.outcome).toEqual({
        winner: null,
        reason: 'After 3 rounds both armies still stand: a draw.',
      });
    });

  it('a version 5 Ambush keeps the heroes\u2019 defeat at the limit it was played under', () => {
    const s = quietUntilOver(standOff('ambush', 5));
    expect(s.outcome).toEqual({
      winner: 'enemies',
      reason: 'The heroes did not prevail within 3 rounds.',
    });
  });
});
