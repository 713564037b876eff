/**
 * The built-in rule modules, registered in the order the game offers them (the first is
 * the default for maps that name none). The engine's public surface imports this file.
 */
import { registerRuleModule } from './registry';
import { dungeonCrawl } from './dungeon-crawl';
import { skirmish } from './skirmish';

registerRuleModule(dungeonCrawl);
registerRuleModule(skirmish);

export { dungeonCrawl, skirmish };
