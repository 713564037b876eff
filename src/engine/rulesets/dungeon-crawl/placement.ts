/**
 * The Dungeon Crawl's figures for the solo rules' placement (maps drawn without units):
 * the party in its usual order, the dragon as the Arch Foe, and Minion Teams alternately
 * two goblins and one troll ("A set of two identical low-powered enemies is one Minion
 * Team; a single more powerful character ... can also be a Minion Team", §2).
 */
import type { BattleMap } from '../../map';
import { placeBySoloRules, type PlacementResult } from '../../systems/placement';
import { DUNGEON_CRAWL_UNITS, HERO_ORDER } from './units';

const name = (unit: string): { unit: string; name: string } => ({
  unit,
  name: DUNGEON_CRAWL_UNITS[unit].name,
});

export function addCrawlPlacement(map: BattleMap, heroCount: number): PlacementResult {
  return placeBySoloRules(map, heroCount, {
    heroes: HERO_ORDER.map(name),
    archFoe: name('dragon'),
    teams: [
      { ...name('goblin'), count: 2 },
      { ...name('troll'), count: 1 },
    ],
  });
}
