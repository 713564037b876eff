/** The engine tests' ASCII boards live in the engine so the tools can share them. */
export { DUNGEON_CRAWL_ASCII, dungeonCrawlBoard, makeBoard } from '../../src/engine/ascii-board';
export type { BoardOptions } from '../../src/engine/ascii-board';
