/**
 * Golden values for whole seeded games: a fingerprint of each game's commands and final
 * state, on the Dungeon Crawl board and on the 64x64 benchmark dungeon. Any change to
 * the rules, the enemy AI, the autopilot or the dice order changes a fingerprint; speed
 * work must not. After a deliberate rule change, update the values and say why in the
 * commit.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playAutoGame } from '../../src/engine/simulate';
import type { BattleMap } from '../../src/engine/map';
import { loadBenchBoard } from '../../src/devtools/bench-boards';
import { dungeonCrawlBoard } from './boards';

function fingerprint(map: BattleMap, seed: number, morale: boolean): string {
  const game = playAutoGame({ scenarioId: 'golden', map, seed, options: { morale } });
  const hash = createHash('sha1')
    .update(JSON.stringify(game.commands))
    .update(JSON.stringify(game.state))
    .digest('hex')
    .slice(0, 10);
  const outcome = game.state.outcome;
  return `${game.commands.length} commands, round ${game.state.round}, ${outcome?.winner ?? 'none'} win, ${hash}`;
}

describe('golden games', () => {
  it('Dungeon Crawl board, seeds 1-4, with and without morale', () => {
    const map = dungeonCrawlBoard();
    const games = [1, 2, 3, 4].flatMap((seed) =>
      [true, false].map(
        (morale) => `seed ${seed} morale ${morale}: ${fingerprint(map, seed, morale)}`,
      ),
    );
    expect(games).toMatchInlineSnapshot(`
      [
        "seed 1 morale true: 29 commands, round 5, enemies win, 985f740182",
        "seed 1 morale false: 29 commands, round 5, enemies win, d2b08206c6",
        "seed 2 morale true: 44 commands, round 7, enemies win, f5ddb5f1f1",
        "seed 2 morale false: 36 commands, round 6, enemies win, c4e41b0220",
        "seed 3 morale true: 30 commands, round 5, enemies win, 3b3e7ecf3b",
        "seed 3 morale false: 40 commands, round 6, enemies win, 506304994a",
        "seed 4 morale true: 27 commands, round 5, enemies win, 9be4e30db8",
        "seed 4 morale false: 27 commands, round 5, enemies win, 204238e530",
      ]
    `);
  });

  it('64x64 benchmark dungeon (15 heroes, 15 monsters), seed 1', () => {
    expect(fingerprint(loadBenchBoard(64), 1, true)).toMatchInlineSnapshot(
      `"650 commands, round 22, heroes win, 1ee65a209a"`,
    );
  });
});
