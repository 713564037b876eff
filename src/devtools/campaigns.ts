/**
 * Campaigns in node (the simulator, the soak and the tests): the campaign files of
 * campaigns/, and a scenario resolver that reads maps from disk the way the game's own
 * resolver (src/app/maps.ts) does in the browser: a rule module's scenarios, the bundled
 * maps as `map:<id>` and the generated boards as `field:...`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findScenario, scenarioForMap } from '../engine/index';
import {
  parseCampaignDefinition,
  type CampaignDefinition,
  type MissionBoard,
  type ResolveScenario,
} from '../engine/campaign/index';
import { FIELD_PREFIX, loadFieldMap } from '../maps/fields';
import { loadBundledMap, ROOT } from './bundled-maps';

export const CAMPAIGNS_DIR = join(ROOT, 'campaigns');

const boards = new Map<string, ReturnType<ResolveScenario>>();

function resolveOnce(id: string): ReturnType<ResolveScenario> {
  const scenario = findScenario(id);
  if (scenario) {
    const map = scenario.map ?? loadBundledMap(scenario.mapId);
    return {
      ok: true,
      board: { map, ruleModule: scenario.ruleModule, defaults: scenario.defaults },
    };
  }
  if (id.startsWith('map:')) {
    const map = loadBundledMap(id.slice(4));
    const def = scenarioForMap(map);
    return { ok: true, board: { map, ruleModule: def.ruleModule, defaults: def.defaults } };
  }
  if (id.startsWith(FIELD_PREFIX)) {
    const loaded = loadFieldMap(id);
    if (!loaded.ok) return loaded;
    const def = scenarioForMap(loaded.map.battleMap);
    const board: MissionBoard = {
      map: loaded.map.battleMap,
      ruleModule: def.ruleModule,
      defaults: def.defaults,
    };
    return { ok: true, board };
  }
  return { ok: false, error: `There is no scenario "${id}".` };
}

/** The scenario resolver for node: maps read from disk, each loaded once. */
export const resolveScenarioFromDisk: ResolveScenario = (id) => {
  let found = boards.get(id);
  if (!found) {
    try {
      found = resolveOnce(id);
    } catch (e) {
      found = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    boards.set(id, found);
  }
  return found;
};

/** The ids of the campaign files in campaigns/ (file names without .json). */
export function listCampaignFiles(): string[] {
  return readdirSync(CAMPAIGNS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** Reads and checks campaigns/<id>.json; throws with the file's problems in plain words. */
export function loadCampaignFile(id: string): CampaignDefinition {
  const files = listCampaignFiles();
  if (!files.includes(id))
    throw new Error(
      `No campaign "${id}" in campaigns/ (there are: ${files.join(', ') || 'none'}).`,
    );
  const read = parseCampaignDefinition(readFileSync(join(CAMPAIGNS_DIR, `${id}.json`), 'utf8'));
  if (!read.ok) throw new Error(`campaigns/${id}.json:\n  ${read.errors.join('\n  ')}`);
  return read.definition;
}

/** Reads campaigns/<id>.json, or hands its problems to `fail` (a command-line tool's exit). */
export function loadCampaignFileOr(
  id: string,
  fail: (message: string) => never,
): CampaignDefinition {
  try {
    return loadCampaignFile(id);
  } catch (e) {
    return fail((e as Error).message);
  }
}
