/**
 * Rule modules for the command-line tools: the built-in ones (registered by the engine)
 * and any loaded from files with `--module FILE`. A module file registers itself when it is
 * imported (see test/modules/duel.ts); the tools then find it through the registry.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { findRuleModule, listRuleModules, type RuleModule } from '../../src/engine/index';

/** Imports each file (relative to the working directory); throws a plain message for a bad one. */
export async function loadModuleFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    const path = resolve(process.cwd(), file);
    if (!existsSync(path)) throw new Error(`No rule-module file "${file}".`);
    const before = listRuleModules().length;
    await import(pathToFileURL(path).href);
    if (listRuleModules().length === before)
      throw new Error(`"${file}" registered no rule module (it must call registerRuleModule).`);
  }
}

/** The registered module `id`, or a plain message naming the ones there are. */
export function ruleModuleNamed(id: string): RuleModule | string {
  return (
    findRuleModule(id) ??
    `Unknown rule module "${id}". Registered: ${listRuleModules()
      .map((m) => m.id)
      .join(', ')}.`
  );
}
