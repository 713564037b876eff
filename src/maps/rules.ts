/**
 * What the map loader asks of a map's rule module: its hero and enemy kinds (to check the
 * objects' `unit` properties), the party size, and its default placement for maps drawn
 * without figures. The module is the one the map names in `ruleModule`, else the default.
 */
import type { BattleMap } from '../engine/map';
import type { RuleModule } from '../engine/rulesets/module';
import { defaultRuleModule, findRuleModule } from '../engine/rulesets/registry';
import '../engine/rulesets';

/** The module a map with these properties plays under (the default for unknown ids). */
export function rulesForProperties(properties: BattleMap['properties']): RuleModule {
  return findRuleModule(properties.ruleModule) ?? defaultRuleModule();
}

/** The module's hero kinds, in the order start squares are filled. */
export function heroKinds(rules: RuleModule): string[] {
  return rules.kinds.filter((k) => k.side !== 'enemies').map((k) => k.kind);
}

/** The module's enemy kinds, strongest first. */
export function enemyKinds(rules: RuleModule): string[] {
  return rules.kinds.filter((k) => k.side !== 'heroes').map((k) => k.kind);
}

/** How many heroes a party of the module has by default (its hero kinds, one of each). */

/** How many heroes a party of the module has by default (its hero kinds, one of each). */
export function defaultHeroCount(rules: RuleModule): number {
  return rules.kinds.filter((k) => k.side === 'heroes').length || 4;
}

export type DefaultSetupResult = { ok: true; map: BattleMap } | { ok: false; error: string };

/**
 * Adds hero and/or enemy objects to a map that lacks them, by its rule module's placement.
 * A map that already has both heroes and enemies comes back unchanged (as a copy).
 */
export function tryAddDefaultSetup(map: BattleMap, heroCount?: number): DefaultSetupResult {
  const rules = rulesForProperties(map.properties);
  return rules.addDefaultPlacement(map, heroCount ?? defaultHeroCount(rules));
}

/**
 * Adds the default heroes and enemies (see tryAddDefaultSetup) and returns the new map.
 * Throws an Error with a plain message when the map has no room for them.
 */
export function addDefaultSetup(map: BattleMap, heroCount?: number): BattleMap {
  const r = tryAddDefaultSetup(map, heroCount);
  if (!r.ok) throw new Error(r.error);
  return r.map;
}
