/** The engine tests' ASCII boards live in the engine so the tools can share them. */
import '../../src/engine/rulesets';
export { makeBoard } from '../../src/engine/ascii-board';
export {
  DUNGEON_CRAWL_ASCII,
  dungeonCrawlBoard,
} from '../../src/engine/rulesets/dungeon-crawl/board';
export type { BoardOptions } from '../../src/engine/ascii-board';
