/**
 * Golden values for whole seeded games: a fingerprint of each game's commands and final
 * state, on the Dungeon Crawl board and on the 64x64 benchmark dungeon. Any change to
 * the rules, the enemy AI, the autopilot or the dice order changes a fingerprint; speed
 * work must not. After a deliberate rule change, update the values and say why in the
 * commit.
 *
 * Rules version 1 (the Dungeon Crawl as first built) must keep playing exactly as it did
 * before the engine became a kernel with rule modules: its fingerprints are the ones
 * recorded then, and saves made under it replay under it. Version 2 (the rules made
 * faithful to the seeds) has its own.
 *
 * Both tables were recorded with dice version 1 (the seed straight into the generator) and
 * stay on it: they are what old saves replay to. New games roll dice version 2 (the seed
 * mixed first, src/engine/dice.ts), recorded in the last table.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playAutoGame } from '../../src/engine/simulate';
import type { BattleMap } from '../../src/engine/map';
import { loadBenchBoard } from '../../src/devtools/bench-boards';
import { dungeonCrawlBoard } from './boards';

function fingerprint(
  map: BattleMap,
  seed: number,
  morale: boolean,
  rulesVersion = 1,
  diceVersion = 1,
): string {
  // The options spelled out as the version-1 defaults had them (victory arch-foe, lair rolled).
  const options = { morale, victory: 'arch-foe', lair: 'roll' };
  const game = playAutoGame({
    scenarioId: 'golden',
    map,
    seed,
    options,
    rulesVersion,
    diceVersion,
  });
  const hash = createHash('sha1')
    .update(JSON.stringify(game.commands))
    .update(JSON.stringify(game.state))
    .digest('hex')
    .slice(0, 10);
  const outcome = game.state.outcome;
  return `${game.commands.length} commands, round ${game.state.round}, ${outcome?.winner ?? 'none'} win, ${hash}`;
}

describe('golden games, rules version 1 (recorded before the rule modules)', () => {
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

describe('golden games, rules version 2 (the rules made faithful to the seeds)', () => {
  it('Dungeon Crawl board, seeds 1-4, with and without morale', () => {
    const map = dungeonCrawlBoard();
    const games = [1, 2, 3, 4].flatMap((seed) =>
      [true, false].map(
        (morale) => `seed ${seed} morale ${morale}: ${fingerprint(map, seed, morale, 2)}`,
      ),
    );
    expect(games).toMatchInlineSnapshot(`
      [
        "seed 1 morale true: 82 commands, round 8, heroes win, 3378b9a3e1",
        "seed 1 morale false: 59 commands, round 8, enemies win, 5268ef27e6",
        "seed 2 morale true: 57 commands, round 8, enemies win, 4c667fd3e4",
        "seed 2 morale false: 58 commands, round 8, enemies win, a0a8e47d56",
        "seed 3 morale true: 45 commands, round 7, enemies win, 5ee95a6661",
        "seed 3 morale false: 61 commands, round 11, enemies win, 000cf6082b",
        "seed 4 morale true: 25 commands, round 4, enemies win, 5f9ba35ce6",
        "seed 4 morale false: 25 commands, round 4, enemies win, 541f9837da",
      ]
    `);
  });

  it('64x64 benchmark dungeon (15 heroes, 15 monsters), seed 1', () => {
    expect(fingerprint(loadBenchBoard(64), 1, true, 2)).toMatchInlineSnapshot(
      `"699 commands, round 24, heroes win, 1f42f243ab"`,
    );
  });
});

describe('golden games, rules version 2, dice version 2 (the seed mixed: new games)', () => {
  it('Dungeon Crawl board, seeds 1-4, with and without morale', () => {
    const map = dungeonCrawlBoard();
    const games = [1, 2, 3, 4].flatMap((seed) =>
      [true, false].map(
        (morale) => `seed ${seed} morale ${morale}: ${fingerprint(map, seed, morale, 2, 2)}`,
      ),
    );
    expect(games).toMatchInlineSnapshot(`
      [
        "seed 1 morale true: 61 commands, round 8, heroes win, 970e29f113",
        "seed 1 morale false: 62 commands, round 8, heroes win, 26e570a9e4",
        "seed 2 morale true: 61 commands, round 6, heroes win, 6cc0d9d3e8",
        "seed 2 morale false: 55 commands, round 6, heroes win, 2e28010d3e",
        "seed 3 morale true: 37 commands, round 8, enemies win, 6e4aad55c8",
        "seed 3 morale false: 35 commands, round 6, enemies win, b37b5ad6a6",
        "seed 4 morale true: 76 commands, round 12, enemies win, 61634f8594",
        "seed 4 morale false: 37 commands, round 8, enemies win, 7f7ee9886f",
      ]
    `);
  });

  it('64x64 benchmark dungeon (15 heroes, 15 monsters), seed 1', () => {
    expect(fingerprint(loadBenchBoard(64), 1, true, 2, 2)).toMatchInlineSnapshot(
      `"504 commands, round 18, heroes win, 43ccdbb438"`,
    );
  });
});
