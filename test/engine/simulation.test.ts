import { describe, expect, it } from 'vitest';
import { playAutoGame, replayGame } from '../../src/engine/simulate';
import type { GameState } from '../../src/engine/types';
import { dungeonCrawlBoard } from './boards';
import { checkInvariants } from './invariants';

describe('1,000 simulated Dungeon Crawl games', () => {
  it('end without an exception or a broken invariant, and a sample replays exactly', () => {
    const map = dungeonCrawlBoard();
    const outcomes = { heroes: 0, enemies: 0, draw: 0 };
    let commandsChecked = 0;
    for (let seed = 1; seed <= 1000; seed++) {
      const config = {
        scenarioId: 'dungeon-crawl',
        map,
        seed,
        options: { morale: seed % 2 === 0 },
      };
      let previous: GameState | undefined;
      const game = playAutoGame(config, (state) => {
        const problems = checkInvariants(state, previous);
        if (problems.length > 0)
          throw new Error(`seed ${seed}, command ${commandsChecked}: ${problems.join('; ')}`);
        previous = state;
        commandsChecked++;
      });
      expect(game.state.phase).toBe('over');
      expect(game.state.round).toBeLessThanOrEqual(game.state.options.maxRounds);
      outcomes[game.state.outcome!.winner ?? 'draw']++;
      if (seed % 100 === 0) {
        const replayed = replayGame(config, game.commands);
        expect(JSON.stringify(replayed[replayed.length - 1])).toBe(JSON.stringify(game.state));
      }
    }
    expect(outcomes.heroes + outcomes.enemies).toBe(1000);
    // Both sides must be able to win: a rules bug usually makes one side never win.
    expect(outcomes.heroes).toBeGreaterThan(50);
    expect(outcomes.enemies).toBeGreaterThan(50);
    expect(commandsChecked).toBeGreaterThan(10_000);
  });
});
