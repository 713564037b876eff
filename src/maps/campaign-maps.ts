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
import { LIMITS } from './constants';
import { decodeBase64 } from './decode';
import { checkImageFile } from './images';
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

/** The image files a carried map's `art` holds, by path: decoded, and checked as images. */
function artFiles(
  map: CampaignMap,
): { path: string; bytes: Uint8Array; width: number; height: number }[] {
  const out = [];
  for (const [path, text] of Object.entries(map.art ?? {})) {
    const bytes = decodeBase64(text);
    const header = bytes && checkImageFile(path, bytes);
    if (bytes && header && !('error' in header))
      out.push({ path, bytes, width: header.width, height: header.height });
  }
  return out;
}

/**
 * The id a carried map's images are known by: its id in My maps, or (a map written into the
 * file with its art) one made from its art, so that two campaigns' images never share keys.
 */
export function carriedMapId(map: CampaignMap): string {
  if (map.id) return map.id;
  let h = 0x811c9dc5;
  for (const [path, text] of Object.entries(map.art ?? {}))
    for (const part of [path, text])
      for (let i = 0; i < part.length; i++) h = Math.imul(h ^ part.charCodeAt(i), 0x01000193);
  return `carried-${(h >>> 0).toString(36)}`;
}

/** The key an image of a map is known by in the browser (app/map-images.ts's mapImageKey). */
const imageKey = (mapId: string, path: string): string => `own:${mapId}:${path}`;

/** A carried map as the own-map loader reads it (the images it carries sized from their headers). */
export function campaignMapSource(map: CampaignMap): OwnMapSource {
  const source: OwnMapSource = { fileName: map.file, text: map.map, files: { ...map.files } };
  if (map.id) source.id = map.id;
  if (map.images) source.images = structuredClone({ ...map.images });
  if (map.tileMarks) source.tileMarks = { ...map.tileMarks };
  const art = artFiles(map);
  if (art.length > 0) {
    const id = carriedMapId(map);
    source.id = id;
    source.images = { ...source.images };
    for (const a of art)
      source.images[a.path] = { width: a.width, height: a.height, key: imageKey(id, a.path) };
  }
  return source;
}

/** The images a carried map brings with it, as files to decode (none for a map without art). */
export function carriedMapImages(map: CampaignMap): { path: string; bytes: Uint8Array }[] {
  return artFiles(map).map(({ path, bytes }) => ({ path, bytes }));
}

/** Bytes as base64 text. */
function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/**
 * A map of the player's (from My maps) as a campaign carries it, with its images' bytes
 * (`images`, by path, as My maps keeps them) so that they go wherever the campaign goes.
 */
export function carriedMap(
  source: OwnMapSource,
  images: Record<string, Uint8Array> = {},
): CampaignMap {
  const map: CampaignMap = { file: source.fileName, map: source.text, files: { ...source.files } };
  if (source.id) map.id = source.id;
  if (source.images && Object.keys(source.images).length > 0)
    map.images = structuredClone(source.images);
  if (source.tileMarks && Object.keys(source.tileMarks).length > 0)
    map.tileMarks = { ...source.tileMarks };
  const art = Object.entries(images).filter(([path]) => !source.images || path in source.images);
  if (art.length > 0) map.art = Object.fromEntries(art.map(([path, b]) => [path, toBase64(b)]));
  return map;
}

/** Base64 text longer than this cannot hold an image the game would take. */
const LONGEST_ART_TEXT = Math.ceil(LIMITS.maxImageBytes / 3) * 4 + 4;

/**
 * Why an image a map carries (`art`) cannot be used, in a sentence naming the image, or null:
 * it must be base64 text of at most the game's image size, of an image the game reads
 * (PNG, JPEG, GIF, WebP or BMP, by its own signature), within the game's image limits.
 */
function artProblem(path: string, text: string): string | null {
  if (text.length > LONGEST_ART_TEXT)
    return `The image "${path}" is larger than the ${LIMITS.maxImageBytes / (1024 * 1024)} MB an image may be.`;
  const bytes = decodeBase64(text);
  if (!bytes || bytes.length === 0) return `The image "${path}" is not an image file in base64.`;
  const checked = checkImageFile(path, bytes);
  return 'error' in checked ? checked.error.replace(/, so it was not loaded\.$/, '.') : null;
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
    const carried = name === null ? undefined : def.maps?.[name];
    if (name === null || !carried) continue;
    const art = Object.entries(carried.art ?? {});
    const bad = art.map(([path, text]) => artProblem(path, text)).find((p) => p !== null);
    if (bad) {
      problems.push(
        `Mission "${m.name}" cannot be played: the map "${name}" carries a bad image. ${bad}`,
      );
      continue;
    }
    if (art.length > LIMITS.maxImages) {
      problems.push(
        `Mission "${m.name}" cannot be played: the map "${name}" carries more than ${LIMITS.maxImages} images.`,
      );
      continue;
    }
    const loaded = loadCampaignMap(def, name);
    if (!loaded.ok) problems.push(`Mission "${m.name}" cannot be played: ${loaded.error}`);
  }
  return problems;
}
