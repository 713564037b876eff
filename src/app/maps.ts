/**
 * The bundled-map registry and scenario resolution: which scenarios the Setup screen
 * lists (the rule modules' scenarios, every bundled map of maps/index.json as `map:<id>`, and
 * the player's own loaded map as `custom`), and turning a scenario id into a playable
 * map plus its default options. Pure: no Phaser, no DOM.
 */
import { allScenarios, findRuleModule, scenarioForMap, type ScenarioOptions } from '../engine';
import { FIELD_PREFIX, fieldScenarioId, loadFieldMap, withFigures } from '../maps/fields';
import { boardKinds, isModuleBoard, type BoardKind } from '../maps/generated';
import { isMapText, loadTiledMap } from '../maps';
import { loadOwnMap, type OwnMapImage, type OwnMapSource } from '../maps/own-map';
import type { LoadedMap } from '../maps/types';

/** One entry of maps/index.json. */
export interface BundledMapEntry {
  id: string;
  file: string;
  name: string;
  description: string;
  tilesets?: string[];
}

/** Size and key of one image that came with a player's map (the bytes live in the store). */
export type CustomMapImage = OwnMapImage;

/** A map the player loaded from files (kept in the save so a reload can rebuild it). */
export type CustomMapSource = OwnMapSource;

export interface ScenarioChoice {
  id: string;
  name: string;
  /** A shorter name for a list where the whole one would have to shrink. */
  short?: string;
  summary: string;
  kind: 'scenario' | 'map' | 'custom' | 'field';
}

export interface ResolvedScenario {
  id: string;
  name: string;
  summary: string;
  /** The rule module the battle is played under. */
  ruleModule: string;
  defaults: ScenarioOptions;
  map: LoadedMap;
}

export type ResolveResult = { ok: true; scenario: ResolvedScenario } | { ok: false; error: string };

export const CUSTOM_SCENARIO_ID = 'custom';

// Every file in maps/ as text (Vite inlines them; the build carries them in the bundle).
const MAP_FILES = import.meta.glob('../../maps/*', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

function baseName(path: string): string {
  return path.replace(/\\/g, '/').split('/').pop() ?? path;
}

const bundledTexts: Map<string, string> = new Map(
  Object.entries(MAP_FILES).map(([k, v]) => [baseName(k), v]),
);

function parseIndex(): BundledMapEntry[] {
  const text = bundledTexts.get('index.json');
  if (!text) return [];
  try {
    const raw = JSON.parse(text) as unknown;
    const list = Array.isArray(raw) ? raw : [];
    return list
      .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
      .filter((e) => typeof e.id === 'string' && typeof e.file === 'string')
      .map((e) => ({
        id: e.id as string,
        file: e.file as string,
        name: typeof e.name === 'string' ? e.name : (e.id as string),
        description: typeof e.description === 'string' ? e.description : '',
        tilesets: Array.isArray(e.tilesets)
          ? e.tilesets.filter((t): t is string => typeof t === 'string')
          : undefined,
      }));
  } catch {
    return [];
  }
}

const BUNDLED: BundledMapEntry[] = parseIndex();

export function bundledMaps(): readonly BundledMapEntry[] {
  return BUNDLED;
}

/** External tileset texts (every .tsj in maps/), keyed by file name. */
function bundledTilesets(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, text] of bundledTexts)
    if (/\.(tsj|tsx|json)$/i.test(name) && name !== 'index.json') out[name] = text;
  return out;
}

const loadedCache = new Map<string, { ok: true; map: LoadedMap } | { ok: false; error: string }>();

const withUnits = withFigures;

/** The map marked to play under `ruleModule` (a scenario's rules over the map's own). */
function withRules(map: LoadedMap, ruleModule: string): LoadedMap {
  if (map.battleMap.properties.ruleModule === ruleModule) return map;
  const properties = { ...map.battleMap.properties, ruleModule };
  return { ...map, battleMap: { ...map.battleMap, properties } };
}

/** Loads (once) the bundled map with this id. */
export function loadBundledMap(
  id: string,
): { ok: true; map: LoadedMap } | { ok: false; error: string } {
  const cached = loadedCache.get(id);
  if (cached) return cached;
  const entry = BUNDLED.find((e) => e.id === id);
  const file = entry?.file ?? `${id}.tmj`;
  const text = bundledTexts.get(baseName(file));
  let result: { ok: true; map: LoadedMap } | { ok: false; error: string };
  if (text === undefined) {
    result = { ok: false, error: `The bundled map "${id}" is missing from this build.` };
  } else {
    const loaded = loadTiledMap(text, { id, externalTilesets: bundledTilesets() });
    result = loaded.ok
      ? { ok: true, map: withUnits(loaded.map) }
      : { ok: false, error: loaded.error };
  }
  loadedCache.set(id, result);
  return result;
}

/** Reads the player's files: picks the map among them, the rest become external tilesets. */
export function customMapFromFiles(
  files: { name: string; text: string }[],
  images?: Record<string, CustomMapImage>,
  id?: string,
): CustomMapSource | { error: string } {
  if (files.length === 0) return { error: 'No file was given.' };
  const maps = files.filter((f) => /\.(tmx|tmj|json)$/i.test(f.name) && isMapText(f.text));
  const chosen = maps[0] ?? files.find((f) => /\.(tmx|tmj)$/i.test(f.name));
  if (!chosen) {
    const names = files.map((f) => f.name).join(', ');
    return {
      error: `None of these files is a Tiled map (.tmx, .tmj or .json): ${names}. Give the map together with its tilesets, or a .zip pack holding them.`,
    };
  }
  const extra: Record<string, string> = {};
  for (const f of files) if (f !== chosen) extra[f.name] = f.text;
  const source: CustomMapSource = { fileName: chosen.name, text: chosen.text, files: extra };
  if (id) source.id = id;
  if (images && Object.keys(images).length > 0) source.images = images;
  return source;
}

/** Loads the player's own map; errors come back in plain words. */
export function loadCustomMap(
  source: CustomMapSource,
): { ok: true; map: LoadedMap } | { ok: false; error: string } {
  return loadOwnMap(source);
}

/** Scenario ids shown on the Setup screen. */
export function listScenarios(
  custom: CustomMapSource | null,
  customName?: string,
): ScenarioChoice[] {
  const out: ScenarioChoice[] = allScenarios().map((s) => ({
    id: s.id,
    name: s.name,
    summary: s.summary,
    kind: 'scenario' as const,
  }));
  const scenarioMaps = new Set(allScenarios().map((s) => s.mapId));
  for (const entry of BUNDLED) {
    if (scenarioMaps.has(entry.id)) continue;
    out.push({ id: `map:${entry.id}`, name: entry.name, summary: entry.description, kind: 'map' });
  }
  out.push(
    {
      id: fieldScenarioId('skirmish', 1),
      name: 'Skirmish on a random battlefield',
      short: 'Skirmish, random field',
      summary:
        'A field of woods, walls, rivers and buildings rolled by the solitaire rules\u2019 terrain tables; two armies fight it out by the d20 rules.',
      kind: 'field',
    },
    {
      id: fieldScenarioId('sheet', 1),
      name: 'The 8 x 10 sheet',
      summary:
        'The solo miniatures rules\u2019 own board: 8 by 10 squares, 10 to 15 obstacles, both ends left open.',
      kind: 'field',
    },
  );
  if (custom) {
    out.push({
      id: CUSTOM_SCENARIO_ID,
      name: customName ?? custom.fileName,
      summary: 'Your own map.',
      kind: 'custom',
    });
  }
  return out;
}

/** Turns a scenario id into its map and default options. */
export function resolveScenario(id: string, custom: CustomMapSource | null): ResolveResult {
  const scenario = allScenarios().find((s) => s.id === id);
  if (scenario) {
    const loaded = loadBundledMap(scenario.mapId);
    if (!loaded.ok) return loaded;
    return {
      ok: true,
      scenario: {
        id,
        name: scenario.name,
        summary: scenario.summary,
        ruleModule: scenario.ruleModule,
        defaults: { ...scenario.defaults },
        // The map plays under the scenario's rules, whatever rules it was drawn for.
        map: withRules(loaded.map, scenario.ruleModule),
      },
    };
  }
  if (id.startsWith('map:')) {
    const loaded = loadBundledMap(id.slice(4));
    if (!loaded.ok) return loaded;
    const def = scenarioForMap(loaded.map.battleMap);
    return {
      ok: true,
      scenario: {
        id,
        name: def.name,
        summary: def.summary,
        ruleModule: def.ruleModule,
        defaults: def.defaults,
        map: loaded.map,
      },
    };
  }
  if (id.startsWith(FIELD_PREFIX)) return resolveField(id);
  if (id.startsWith(RULES_PREFIX)) return resolveUnderRules(id, custom);
  if (id === CUSTOM_SCENARIO_ID) {
    if (!custom) return { ok: false, error: 'No map of your own has been loaded.' };
    const loaded = loadCustomMap(custom);
    if (!loaded.ok) return loaded;
    const def = scenarioForMap(loaded.map.battleMap);
    return {
      ok: true,
      scenario: {
        id,
        name: def.name,
        summary: def.summary || 'Your own map.',
        ruleModule: def.ruleModule,
        defaults: def.defaults,
        map: loaded.map,
      },
    };
  }
  return { ok: false, error: `There is no scenario "${id}".` };
}

// ------------------------------------------------------------------ a map under other rules

const RULES_PREFIX = 'rules:';

/**
 * The scenario id of a map played under a rule module other than its own
 * (`rules:skirmish:map:dragon-hall`, `rules:skirmish:custom`): the Skirmish on any map.
 */
export function underRulesId(ruleModule: string, mapScenario: string): string {
  return `${RULES_PREFIX}${ruleModule}:${mapScenario}`;
}

/** The rule module and the map's own scenario id of a `rules:` id, or null. */
export function parseUnderRulesId(id: string): { ruleModule: string; map: string } | null {
  if (!id.startsWith(RULES_PREFIX)) return null;
  const rest = id.slice(RULES_PREFIX.length);
  const i = rest.indexOf(':');
  if (i <= 0) return null;
  return { ruleModule: rest.slice(0, i), map: rest.slice(i + 1) };
}

/** The maps a battlefield can be picked from: every bundled map, then the player's own. */
export function battlefieldMaps(
  custom: CustomMapSource | null,
  customName?: string,
): { id: string; name: string }[] {
  const out = BUNDLED.map((e) => ({ id: `map:${e.id}`, name: e.name }));
  if (custom) out.push({ id: CUSTOM_SCENARIO_ID, name: customName ?? custom.fileName });
  return out;
}

function resolveUnderRules(id: string, custom: CustomMapSource | null): ResolveResult {
  const parsed = parseUnderRulesId(id);
  const rules = parsed ? findRuleModule(parsed.ruleModule) : undefined;
  if (!parsed || !rules || parsed.map.startsWith(RULES_PREFIX))
    return { ok: false, error: `There is no scenario "${id}".` };
  const inner = resolveScenario(parsed.map, custom);
  if (!inner.ok) return inner;
  const map = withRules(inner.scenario.map, rules.id);
  const battleMap = map.battleMap;
  return {
    ok: true,
    scenario: {
      id,
      name: inner.scenario.name,
      summary: `Played by the ${rules.name} rules. ${inner.scenario.summary}`.trim(),
      ruleModule: rules.id,
      defaults: rules.normaliseOptions(undefined, battleMap),
      map,
    },
  };
}

// ------------------------------------------------------------------ generated fields

export { fieldScenarioId };

/** A random battlefield of a rule module's own generator (the Skirmish's), or null when it has none. */
export function randomFieldId(
  ruleModule: string,
  seed: number,
  scale: 'large' | 'small',
): string | null {
  return isModuleBoard(ruleModule) ? fieldScenarioId(ruleModule, seed, scale) : null;
}

/** The kind, scale and seed of a generated board's scenario id, or null. */
export function parseFieldId(
  id: string,
): { kind: BoardKind; scale: 'large' | 'small'; seed: number } | null {
  if (!id.startsWith(FIELD_PREFIX)) return null;
  const parts = id.slice(FIELD_PREFIX.length).split(':');
  const kind = parts[0] as BoardKind;
  const seed = Number(parts[parts.length - 1]);
  if (!boardKinds().includes(kind) || !Number.isSafeInteger(seed)) return null;
  return { kind, scale: parts[1] === 'small' ? 'small' : 'large', seed };
}

/** A generated board (`field:skirmish:large:7`, `field:sheet:3`) as a scenario. */
function resolveField(id: string): ResolveResult {
  const loaded = loadFieldMap(id);
  if (!loaded.ok) return loaded;
  const { map, kind, seed } = loaded;
  const def = scenarioForMap(map.battleMap);
  return {
    ok: true,
    scenario: {
      id,
      name: kind === 'skirmish' ? `A random battlefield (${seed})` : `The ${kind} (${seed})`,
      summary: def.summary || 'A board rolled by the rules\u2019 own tables.',
      ruleModule: def.ruleModule,
      defaults: def.defaults,
      map,
    },
  };
}
