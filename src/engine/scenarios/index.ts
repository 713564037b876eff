/**
 * Scenarios: which map, which rule module, default options and the text the Setup
 * screen shows. Each rule module brings its own; a player's own map becomes a scenario
 * through `scenarioForMap`, under the module the map names (or the default one).
 */
import type { BattleMap } from '../map';
import type { ScenarioDefinition } from '../rulesets/module';
import { defaultRuleModule, findRuleModule, listRuleModules } from '../rulesets/registry';
import { ruleModuleFor } from '../setup';
import type { ModuleOptions } from '../types';

export type { ScenarioDefinition } from '../rulesets/module';

/** Every registered module's scenarios, in registry order. */
export function allScenarios(): ScenarioDefinition[] {
  return listRuleModules().flatMap((m) => m.scenarios);
}

export function findScenario(id: string): ScenarioDefinition | undefined {
  return allScenarios().find((s) => s.id === id);
}

/** The default options of a module (the default module unless one is named). */
export function defaultOptions(ruleModule?: string): ModuleOptions {
  return (findRuleModule(ruleModule) ?? defaultRuleModule()).normaliseOptions(undefined);
}

/** A scenario for any loaded map, using the map's own properties where it sets them. */
export function scenarioForMap(map: BattleMap): ScenarioDefinition {
  const rules = ruleModuleFor(map);
  return {
    id: `map:${map.id}`,
    name: map.name,
    mapId: map.id,
    ruleModule: rules.id,
    summary: map.description,
    defaults: rules.normaliseOptions(undefined, map),
  };
}
