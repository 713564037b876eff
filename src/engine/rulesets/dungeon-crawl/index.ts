/**
 * The Dungeon Crawl rule module (solo-miniatures-dungeon-crawl.txt, with the four-corner
 * sight of miniatures-los-cover.txt): four heroes against goblins, trolls and a dragon on
 * a small board, one d6 per attack, a d8 for patrolling monsters.
 */
import type { CommandSpec, RuleModule } from '../module';
import { describeObjectiveProgress, VICTORY_KINDS, victoryMarks } from '../../systems/victory';
import { chooseCrawlHeroCommand } from './autopilot';
import { CRAWL_CAMPAIGN } from './campaign';
import { afterCrawlAction, applyCrawlCommand, heroesInOrder, legalCrawlCommands } from './flow';
import { crawlOptionSpecs, CRAWL_SCENARIOS, normaliseCrawlOptions } from './options';
import { addCrawlPlacement } from './placement';
import { crawlPartyAfter, DUNGEON_CRAWL_ID, setupCrawlGame } from './setup';
import {
  crawlAbilities,
  crawlCoverBetween,
  crawlCoverLinesBetween,
  crawlWeaponLabel,
  describeCrawlUnit,
  describeCrawlWeapon,
  previewCrawlAction,
} from './texts';
import { crawlWeapons } from './types';
import { crawlIntentInOrder } from './intent-order';
import { rollDie } from '../../systems/context';
import { HEALED_SHOW } from '../../systems/healing';
import { CRAWL_ASCII_LETTERS, CRAWL_KINDS, rankWeapons } from './units';
import { CURRENT_RULES, isFaithful, RULES_CHANGES, SKIRMISH, SOLO } from './versions';

const healCommand: CommandSpec = {
  kind: 'action',
  validate: (c) =>
    typeof c.target === 'string' ? null : 'The "heal" command needs a "target" id.',
};

export const dungeonCrawl: RuleModule = {
  id: DUNGEON_CRAWL_ID,
  name: 'Solo Miniatures: Dungeon Crawl',
  source: 'solo-miniatures-dungeon-crawl.txt',
  rulesVersion: CURRENT_RULES,
  rulesChanges: RULES_CHANGES,
  components: ['heal'],
  kinds: CRAWL_KINDS,
  defaultEnemyKind: 'goblin',
  asciiLetters: CRAWL_ASCII_LETTERS,
  optionSpecs: crawlOptionSpecs,
  normaliseOptions: normaliseCrawlOptions,
  victoryKinds: VICTORY_KINDS,
  scenarios: CRAWL_SCENARIOS,
  addDefaultPlacement: addCrawlPlacement,
  setup: setupCrawlGame,
  partyAfter: crawlPartyAfter,
  campaign: CRAWL_CAMPAIGN,
  commands: { heal: healCommand },
  eventShows: { healed: HEALED_SHOW },
  apply: applyCrawlCommand,
  legalCommands: legalCrawlCommands,
  afterAction: afterCrawlAction,
  // "If all four lines connect without going through a wall or another character"
  // (miniatures-los-cover); version 1 let only walls hide a hero.
  figuresBlockSight: isFaithful,
  // The relic "can be picked up by other heroes or enemies" (solo rules §5).
  mayCarryObjective: (state, unit) => unit.side === 'heroes' || isFaithful(state),
  // The scenario's dangerous ground: a d6 on entering, 1-3 deals a wound.
  dangerousGround: (ctx, unit, _at, how) => {
    const value = rollDie(ctx, {
      sides: 6,
      purpose: 'dangerous-terrain',
      unit: unit.id,
      need: 4,
      describe: (v) =>
        `${unit.name} ${how} dangerous ground, d6 = ${v}: ${v <= 3 ? 'hurt (1-3)' : 'unharmed (4+)'}`,
      rule: SKIRMISH('Dangerous Terrain: 1-3 takes a hit'),
    });
    return value <= 3 ? 1 : 0;
  },
  chooseHeroCommand: chooseCrawlHeroCommand,
  // "alerted enemies will move toward the nearest hero (decide randomly if two or more
  // heroes are equidistant)" (solo rules 4).
  nearestHeroTieRule: SOLO(
    '4 Move Order: alerted enemies go for the nearest hero, equals at random',
  ),
  heroOrder: heroesInOrder,
  rankWeapons: (unit) => rankWeapons(crawlWeapons(unit)),
  previewAction: previewCrawlAction,
  coverBetween: crawlCoverBetween,
  coverLinesBetween: crawlCoverLinesBetween,
  enemyIntent: crawlIntentInOrder,
  describeUnit: describeCrawlUnit,
  describeWeapon: describeCrawlWeapon,
  weaponLabel: crawlWeaponLabel,
  abilities: crawlAbilities,
  describeObjective: describeObjectiveProgress,
  scenarioMarks: victoryMarks,
};
