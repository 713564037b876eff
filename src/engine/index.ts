/** The engine's public surface: everything the view, tools and tests use. */
import './rulesets';

export * from './types';
export * from './grid';
export { baseAt, footprint, occupies, sizeOf } from './footprint';
export * from './map';
export * from './dice';
export {
  applyCommand,
  commandKey,
  legalCommands,
  previewAttacks,
  previewAction,
  heroesInOrder,
  chooseHeroCommand,
  cloneState,
  validateCommandShape,
} from './game';
export type { ApplyOptions, AttackPreview } from './game';
export {
  createGame,
  normaliseOptions,
  olderRulesMessage,
  oldestRulesVersion,
  ruleModuleFor,
  rulesVersionOf,
} from './setup';
export type { GameConfig, SetupResult } from './setup';
export { allScenarios, findScenario, scenarioForMap, defaultOptions } from './scenarios';
export type { ScenarioDefinition } from './scenarios';
export {
  describeVictory,
  describeObjectiveProgress,
  outcomeTitle,
  VICTORY_KINDS,
  VICTORY_NAMES,
} from './systems/victory';
export {
  defaultRuleModule,
  findRuleModule,
  listRuleModules,
  registerRuleModule,
  rulesOf,
  requireRules,
  unregisterRuleModule,
} from './rulesets/registry';
export type * from './rulesets/module';
export type * from './event-show';
export { chanceOf, formatChance } from './resolution';
export { computeCover, coverLines, hasLineOfSight, isClearShot, visibleSquares } from './los';
export type { CoverLevel, CoverLine } from './los';
export { reachableSquares } from './systems/movement';
export { coverFor, coverFrom } from './systems/cover';
export { canNotice, canSeeSquare, noticing, squaresNoticedBy } from './systems/sight';
export { squaresThreatenedBy, squaresThreatenedByAlerted } from './systems/threat';
export { makeBoard } from './ascii-board';
export type { AsciiLetters, BoardOptions } from './ascii-board';
export { floodFill, regions, doorSquares, reachPassable } from './regions';
export {
  attackOdds,
  attackOddsEstimator,
  attackOddsSteps,
  enemyIntent,
  intentSeed,
  IntentWork,
  percent,
  roundIntent,
} from './systems/intent';
export type {
  AttackOdds,
  EnemyIntent,
  PhaseOdds,
  IntentEnd,
  PatrolOutcome,
  StrikeIntent,
} from './systems/intent';
export { heroesSee, heroesView, hasFogOfWar } from './systems/fog';
export { oracleReading, oracleRule, whatHappensNext, type OracleQuestion } from './systems/oracle';
export { fieldOfView, sideFieldOfView, sightGrid } from './fov';
