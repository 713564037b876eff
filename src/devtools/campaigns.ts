/**
 * Campaigns in node (the simulator, the soak and the tests): the campaign files of
 * campaigns/, and a scenario resolver that reads maps from disk the way the game's own
 * resolver (src/app/maps.ts) does in the browser: a rule module's scenarios, the bundled
 * maps as `map:<id>`, the generated boards as `field:...`, and the maps a campaign carries
 * as `own:<name>` (campaignResolverFromDisk). A campaign file may also be named by its path
 * (`--campaign path/to/mine.json`); its carried maps are checked by the own-map loader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { findScenario, scenarioForMap } from '../engine/index';
import {
  ownMapName,
  parseCampaignDefinition,
  type CampaignDefinition,
  type MissionBoard,
  type ResolveScenario,
} from '../engine/campaign/index';
import { checkCampaignMaps, loadCampaignMap } from '../maps/campaign-maps';
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

/** The scenario resolver for node for campaign `def`: the maps it carries, then the game's. */
export function campaignResolverFromDisk(def: CampaignDefinition): ResolveScenario {
  return (id) => {
    const name = ownMapName(id);
    if (name === null) return resolveScenarioFromDisk(id);
    const loaded = loadCampaignMap(def, name);
    if (!loaded.ok) return loaded;
    const { map, ruleModule, defaults } = loaded.scenario;
    return { ok: true, board: { map: map.battleMap, ruleModule, defaults } };
  };
}

/** The ids of the campaign files in campaigns/ (file names without .json). */
export function listCampaignFiles(): string[] {
  return readdirSync(CAMPAIGNS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/**
 * Reads and checks campaigns/<id>.json, or the campaign file at a path ending .json, with
 * the maps it carries; throws with the file's problems in plain words.
 */
export function loadCampaignFile(id: string): CampaignDefinition {
  const isPath = id.endsWith('.json');
  const files = isPath ? [] : listCampaignFiles();
  if (!isPath && !files.includes(id))
    throw new Error(
      `No campaign "${id}" in campaigns/ (there are: ${files.join(', ') || 'none'}), and no path to a .json file.`,
    );
  const path = isPath ? resolve(id) : join(CAMPAIGNS_DIR, `${id}.json`);
  const where = isPath ? id : `campaigns/${id}.json`;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new Error(`${where} cannot be read: ${(e as Error).message}`);
  }
  const read = parseCampaignDefinition(text);
  const errors = read.ok ? checkCampaignMaps(read.definition) : read.errors;
  if (!read.ok || errors.length > 0) throw new Error(`${where}:\n  ${errors.join('\n  ')}`);
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
