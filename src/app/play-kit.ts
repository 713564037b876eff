/**
 * Everything the app glue needs of the rules, the campaign, the saves' replay and the map
 * loader, in one module the app loads with `import()` after the first screen (app.ts's
 * loadPlayKit): the Menu is drawn with Phaser and the view's basics only, and this chunk (with
 * the scenes past the Menu) follows when first needed (issue 31). Importing the engine here
 * registers the built-in rule modules.
 */
export {
  allScenarios,
  attackOdds,
  chooseHeroCommand,
  defaultOptions,
  diceVersionOf,
  enemyIntent,
  legalCommands,
  normaliseOptions,
} from '../engine';
export {
  askCampaignOracle,
  campaignOptions,
  chooseMission,
  finishBattle,
  newCampaign,
  ownMapName,
  renameHero,
  startBattle,
  withBattleCommands,
} from '../engine/campaign';
export {
  addCampaignFile,
  campaignRecord,
  campaignResolver,
  findCampaign,
  loadCampaignRecord,
  resolveMission,
  withKeptArt,
} from './campaign-play';
export { campaignMapSource, carriedMapImages } from '../maps/campaign-maps';
export {
  CUSTOM_SCENARIO_ID,
  customMapFromFiles,
  listScenarios,
  loadCustomMap,
  resolveScenario,
} from './maps';
export { hasMapImages, prepareMapImages } from './map-images';
export {
  battleRecord,
  BattleSession,
  loadBattleRecord,
  migrateLegacySave,
  randomSeed,
  setAsideSave,
} from './session';
