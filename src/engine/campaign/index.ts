/** Campaigns: a chain of missions with a persistent party (docs/campaigns.md). */
import '../rulesets';

export * from './types';
export {
  campaignOptions,
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  isDifficulty,
  normaliseCampaignOptions,
} from './difficulty';
export {
  CAMPAIGN_DEFINITION_VERSION,
  findMission,
  mapsNotCarried,
  MOST_CAMPAIGN_MAPS,
  OWN_MAP_PREFIX,
  OWN_MAPS_VERSION,
  ownMapName,
  parseCampaignDefinition,
  readCampaignDefinition,
} from './definition';
export type { DefinitionResult } from './definition';
export {
  chooseMission,
  finishBattle,
  HERO_NAME_MOST,
  missionSetup,
  newCampaign,
  renameHero,
  replayBattle,
  startBattle,
  withBattleCommands,
} from './campaign';
export type { CampaignResult, MissionBoard, MissionSetup, ResolveScenario } from './campaign';
export { DEATH_THRESHOLD, rollBetweenMissions } from './recovery';
export type { BattleForRecovery, HeroInBattle, RecoveryResult } from './recovery';
export { campaignSave, loadCampaign, readCampaignSave, replayCampaign } from './save';
export { askCampaignOracle, isOracleQuestion, ORACLE_ABOUT_MAX, rollOracleAnswer } from './oracle';
export { playAutoCampaign } from './autoplay';
export type { AutoBattle, AutoCampaignHooks } from './autoplay';
