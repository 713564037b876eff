/**
 * The registry of rule modules. A game state names its module by id, and the reducer,
 * the set-up, the tools and the view look it up here; nothing else knows a module by
 * name. The built-in modules are registered by `rulesets/index.ts` (imported by the
 * engine's public surface); a test or a mod registers its own with `registerRuleModule`.
 */
import type { GameState } from '../types';
import type { RuleModule } from './module';

const modules = new Map<string, RuleModule>();

/** Adds a module (or replaces the one with the same id). The first registered is the default. */
export function registerRuleModule(module: RuleModule): void {
  modules.set(module.id, module);
}

/** Removes a module (tests that register their own clean up with it). */
export function unregisterRuleModule(id: string): void {
  modules.delete(id);
}

export function findRuleModule(id: unknown): RuleModule | undefined {
  return typeof id === 'string' ? modules.get(id) : undefined;
}

/** Every registered module, in the order registered. */
export function listRuleModules(): RuleModule[] {
  return [...modules.values()];
}

/** The module a map or game uses when it names none: the first registered. */
export function defaultRuleModule(): RuleModule {
  const first = modules.values().next().value;
  if (!first)
    throw new Error('No rule module is registered (import src/engine to get the built-in ones).');
  return first;
}

/** The module that runs `state`, or undefined when it is not installed. */
export function rulesOf(state: Pick<GameState, 'ruleModule'>): RuleModule | undefined {
  return modules.get(state.ruleModule);
}

/** Like rulesOf, for callers that hold a game made by createGame (so its module exists). */
export function requireRules(state: Pick<GameState, 'ruleModule'>): RuleModule {
  const rules = modules.get(state.ruleModule);
  if (!rules) throw new Error(`The rule module "${state.ruleModule}" is not installed.`);
  return rules;
}
