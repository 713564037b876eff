/**
 * The Tiled maps a campaign carries (docs/campaigns.md, "Your own maps in a campaign"):
 * each loaded through the same loader as the player's own maps (src/maps/own-map.ts), once
 * per campaign definition, and the checker that names every mission whose map cannot be
 * played, in a sentence. Pure: the browser and the node tools share it.
 */
import { scenarioForMap, type ScenarioOptions } from '../engine';
import {
  mapsNotCarried,
  ownMapName,
  type CampaignDefinition,
  type CampaignMap,
} from '../engine/campaign';
import { loadOwnMap, type OwnMapSource } from './own-map';
import type { LoadedMap } from './types';

/** A campaign's map as the game plays it: the map, its rules, its default options. */
export interface CampaignMapScenario {
  name: string;
  summary: string;
  ruleModule: string;
  defaults: ScenarioOptions;
  map: LoadedMap;
}

type Loaded = { ok: true; scenario: CampaignMapScenario } | { ok: false; error: string };

/** A carried map as the own-map loader reads it. */
export function campaignMapSource(map: CampaignMap): OwnMapSource {
  const source: OwnMapSource = { fileName: map.file, text: map.map, files: { ...map.files } };
  if (map.id) source.id = map.id;
  if (map.images) source.images = structuredClone({ ...map.images });
  return source;
}

/** A map of the player's (from My maps) as a campaign carries it. */
export function carriedMap(source: OwnMapSource): CampaignMap {
  const map: CampaignMap = { file: source.fileName, map: source.text, files: { ...source.files } };
  if (source.id) map.id = source.id;
  if (source.images && Object.keys(source.images).length > 0)
    map.images = structuredClone(source.images);
  return map;
}

const loadedByCampaign = new WeakMap<CampaignDefinition, Map<string, Loaded>>();

/** The map `name` a campaign carries, loaded once per definition; or why it cannot be played. */
export function loadCampaignMap(def: CampaignDefinition, name: string): Loaded {
  let cache = loadedByCampaign.get(def);
  if (!cache) loadedByCampaign.set(def, (cache = new Map()));
  const hit = cache.get(name);
  if (hit) return hit;
  const carried = def.maps?.[name];
  let result: Loaded;
  if (!carried) {
    result = {
      ok: false,
      error: `The campaign does not carry the map "${name}": it is not in its "maps".`,
    };
  } else {
    const loaded = loadOwnMap(campaignMapSource(carried));
    if (loaded.ok) {
      const scenario = scenarioForMap(loaded.map.battleMap);
      result = {
        ok: true,
        scenario: {
          name: scenario.name || loaded.map.battleMap.name || name,
          summary: scenario.summary || 'A map of the campaign\u2019s own.',
          ruleModule: scenario.ruleModule,
          defaults: scenario.defaults,
          map: loaded.map,
        },
      };
    } else result = { ok: false, error: `The map "${name}" (${carried.file}): ${loaded.error}` };
  }
  cache.set(name, result);
  return result;
}

/**
 * Every problem with the maps a campaign plays of its own, one sentence each naming the
 * mission: a map it does not carry, and a carried map the own-map loader refuses.
 */
export function checkCampaignMaps(def: CampaignDefinition): string[] {
  const problems: string[] = [];
  for (const { mission, map } of mapsNotCarried(def))
    problems.push(
      `Mission "${mission}" plays the map "${map}", which the campaign does not carry in its "maps".`,
    );
  for (const m of def.missions) {
    const name = ownMapName(m.scenario);
    if (name === null || !def.maps?.[name]) continue;
    const loaded = loadCampaignMap(def, name);
    if (!loaded.ok) problems.push(`Mission "${m.name}" cannot be played: ${loaded.error}`);
  }
  return problems;
}
