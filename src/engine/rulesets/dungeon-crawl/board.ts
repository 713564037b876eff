/** The Dungeon Crawl's own board, as ASCII (tests, benchmark, soak). */
import { makeBoard } from '../../ascii-board';
import type { BattleMap } from '../../map';
import { CRAWL_ASCII_LETTERS } from './units';

/** The Dungeon Crawl board as shipped in maps/dungeon-crawl.tmj (dragon on lair 1-2). */
export const DUNGEON_CRAWL_ASCII = `
D.......
..#.t#..
..g.g..3
t.t.##..
.#.gg.#.
.gt.g.#.
#.....#.
..#.....
..#..#FM
5....#TP
`;

export function dungeonCrawlBoard(): BattleMap {
  const map = makeBoard(DUNGEON_CRAWL_ASCII, {
    letters: CRAWL_ASCII_LETTERS,
    id: 'dungeon-crawl',
    heroFacing: 7,
    enemyFacing: 4,
  });
  // The dragon's square is also the 1-2 lair.
  map.objects.push({
    kind: 'lair',
    x: 0,
    y: 0,
    width: 1,
    height: 1,
    name: 'lair 1-2',
    properties: { roll: '1-2' },
  });
  map.properties = { lairRoll: true, victory: 'arch-foe', ruleModule: 'dungeon-crawl' };
  return map;
}
