/** The engine's public surface: everything the view, tools and tests use. */
export * from './types';
export * from './grid';
export * from './map';
export * from './dice';
export {
  applyCommand,
  legalCommands,
  previewAttacks,
  heroesInOrder,
  cloneState,
  validateCommandShape,
} from './game';
export type { ApplyOptions, AttackPreview } from './game';
export { createGame, normaliseOptions } from './setup';
export type { GameConfig, SetupResult } from './setup';
export { chooseHeroCommand } from './autopilot';
export {
  SCENARIOS,
  findScenario,
  scenarioForMap,
  describeVictory,
  DEFAULT_OPTIONS,
  VICTORY_KINDS,
} from './scenarios';
export type { ScenarioDefinition } from './scenarios';
export { DUNGEON_CRAWL_UNITS, HERO_ORDER, hitChance, rankWeapons } from './rulesets/dungeon-crawl';
export { computeCover, coverLines, hasLineOfSight, isClearShot, visibleSquares } from './los';
export type { CoverLevel, CoverLine } from './los';
export { reachableSquares } from './systems/movement';
export { coverFor, whyCannotAttack } from './systems/combat';
export { canSeeSquare, squaresNoticedBy } from './systems/sight';
export { squaresThreatenedBy, squaresThreatenedByAlerted } from './systems/threat';
