/**
 * loadTiledMap: untrusted Tiled JSON text in, a playable BattleMap plus a normalised Tiled
 * map for Phaser out, or one plain sentence saying what is wrong and how to fix it.
 */
import type { BattleMap, PropertyValue } from '../engine/map';
import {
  BUILTIN_TILE_FOR_TERRAIN,
  DEFAULT_VICTORY,
  LIMITS,
  NORMALIZED_TILE_SIZE,
  VICTORY_CONDITIONS,
} from './constants';
import { defaultRuleModule, findRuleModule } from '../engine/rulesets/registry';
import { rulesForProperties } from './rules';
import { flagsOf, gidOf, withFlags } from './decode';
import { fail, MapError, quote, show } from './errors';
import {
  checkTileIds,
  composeLayer,
  flattenLayers,
  mapBounds,
  type FlatObjectLayer,
  type FlatTileLayer,
} from './layers';
import { readObjectLayer, type ParsedObject } from './objects';
import {
  getProp,
  readBool,
  readInt,
  readProperties,
  readString,
  recordOfBag,
  type PropertyBag,
} from './properties';
import { parseUntrustedJson } from './safe-json';
import { check, MapSchema } from './schema';
import { summarizeMap } from './summary';
import { buildTerrain, LayerRules } from './terrain';
import {
  checkTilesetCount,
  normalizedTilesets,
  resolveTilesets,
  type TilesetTable,
} from './tilesets';
import type {
  LoadedMap,
  LoadTiledMapOptions,
  MapLoadResult,
  NormalizedLayer,
  NormalizedTiledMap,
  NormalizedTileLayer,
} from './types';
import { validateScenario } from './validate';
import type { TemplateContext } from './templates';

/**
 * Parses and validates untrusted Tiled JSON text. Never throws: returns `{ ok: true, map }`
 * with the BattleMap (terrain, sight, cover, objects, scenario properties), the normalised
 * Tiled map, a summary and warnings; or `{ ok: false, error }` with one plain sentence that
 * names the layer / object / property at fault and what to do about it.
 */
export function loadTiledMap(text: string, options: LoadTiledMapOptions): MapLoadResult {
  try {
    return { ok: true, map: load(text, options) };
  } catch (e) {
    if (e instanceof MapError) return { ok: false, error: e.message };
    const detail = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: `The map could not be read (${detail.slice(0, 200)}). Save it again from Tiled as JSON and try once more.`,
    };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function load(text: string, options: LoadTiledMapOptions): LoadedMap {
  const warnings: string[] = [];
  const maxSize = options?.maxSize ?? LIMITS.maxSize;
  if (!Number.isInteger(maxSize) || maxSize < LIMITS.minSize) {
    fail(
      `The largest map size must be a whole number of at least ${LIMITS.minSize}, not ${show(maxSize)}.`,
    );
  }
  const id = typeof options?.id === 'string' && options.id !== '' ? options.id : 'map';

  const json = parseUntrustedJson(text, 'The map file');
  if (!isRecord(json)) {
    fail(
      `The file is not a Tiled map: it holds ${show(json)} instead of a map object. Save the map from Tiled as JSON (.tmj).`,
    );
  }
  if (json.type === 'tileset' || (json.tilecount !== undefined && json.layers === undefined)) {
    fail(
      'The file is a Tiled tileset, not a map. Load the map (.tmj) and give the tileset alongside it.',
    );
  }
  if (json.layers === undefined && json.orientation === undefined && json.type !== 'map') {
    fail(
      'The file is JSON but not a Tiled map (it has no "layers" or "orientation"). Save the map from Tiled as JSON (.tmj).',
    );
  }
  if (typeof json.orientation === 'string' && json.orientation !== 'orthogonal') {
    const o = json.orientation;
    const named = ['isometric', 'hexagonal', 'staggered', 'oblique'].includes(o);
    fail(
      `The map is ${named ? o : `oriented ${quote(o)}`}, but the game plays on square grids only. ` +
        'In Tiled make a new map with Orientation "Orthogonal" and copy the layers into it.',
    );
  }
  const map = check(MapSchema, json, 'The map');
  if (!map.infinite) {
    if (map.width > maxSize || map.height > maxSize) {
      fail(
        `The map is ${map.width} x ${map.height} squares; maps may be at most ${maxSize} x ${maxSize}. Resize it in Tiled (Map > Resize Map).`,
      );
    }
    if (map.width < LIMITS.minSize || map.height < LIMITS.minSize) {
      fail(
        `The map is only ${map.width} x ${map.height} squares; maps must be at least ${LIMITS.minSize} x ${LIMITS.minSize}. Resize it in Tiled (Map > Resize Map).`,
      );
    }
  }

  checkTilesetCount(map.tilesets);
  const table = resolveTilesets(map.tilesets, options?.externalTilesets, warnings);
  const templates: TemplateContext = {
    files: options?.externalTemplates,
    mapTilesets: map.tilesets.flatMap((t) =>
      isRecord(t) && typeof t.firstgid === 'number'
        ? [{ firstgid: t.firstgid, source: typeof t.source === 'string' ? t.source : undefined }]
        : [],
    ),
    cache: new Map(),
  };
  const layers = flattenLayers(map, maxSize, warnings);
  checkTileIds(layers, table);
  const bounds = mapBounds(layers, map, maxSize, LIMITS.minSize);
  const { width, height } = bounds;

  const tileLayers = layers.filter((l): l is FlatTileLayer => l.kind === 'tile');
  const composed = tileLayers.map((layer) => ({
    layer,
    grid: composeLayer(layer, bounds, warnings),
    rules: new LayerRules(layer, table),
  }));
  const grids = buildTerrain(composed, width, height);

  const mapBag = readProperties(map.properties, 'The map', warnings);
  const scenarioProps = scenarioProperties(mapBag, warnings);

  const parsed: ParsedObject[] = [];
  const normalizedLayers: NormalizedLayer[] = [];
  const usedNames = new Set<string>();
  const uniqueName = (name: string): string => {
    let out = name;
    for (let n = 2; usedNames.has(out); n++) out = `${name} (${n})`;
    usedNames.add(out);
    return out;
  };
  let nextLayerId = Math.max(map.nextlayerid ?? 1, ...layers.map((l) => l.id + 1));
  for (const layer of layers) {
    const layerId = layer.id > 0 ? layer.id : nextLayerId++;
    if (layer.kind === 'tile') {
      const c = composed.find((x) => x.layer === layer);
      if (!c) continue;
      normalizedLayers.push(
        normalizeTileLayer(
          layer,
          layerId,
          uniqueName(layer.name),
          c.grid,
          c.rules,
          table,
          map,
          bounds.width,
        ),
      );
    } else {
      const r = readObjectLayer(layer as FlatObjectLayer, {
        tilewidth: map.tilewidth,
        tileheight: map.tileheight,
        bounds,
        table,
        templates,
        warnings,
        rules: rulesForProperties(scenarioProps),
      });
      parsed.push(...r.parsed);
      normalizedLayers.push({ ...r.normalized, id: layerId, name: uniqueName(layer.name) });
    }
  }

  const name = readString(mapBag, 'name') || map.class || id;
  const description = readString(mapBag, 'description') ?? '';
  const battleMap: BattleMap = {
    id,
    name,
    description,
    width,
    height,
    terrain: grids.terrain,
    blocksSight: grids.blocksSight,
    cover: grids.cover,
    objects: parsed.map((p) => p.object),
    properties: scenarioProps,
  };
  validateScenario(battleMap, parsed, warnings);

  const maxObjectId = Math.max(
    0,
    ...normalizedLayers.flatMap((l) =>
      l.type === 'objectgroup' ? l.objects.map((o) => o.id) : [],
    ),
  );
  const tiled: NormalizedTiledMap = {
    type: 'map',
    version: '1.10',
    tiledversion: map.tiledversion ?? '1.10.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    compressionlevel: -1,
    width,
    height,
    tilewidth: NORMALIZED_TILE_SIZE,
    tileheight: NORMALIZED_TILE_SIZE,
    nextlayerid: nextLayerId,
    nextobjectid: Math.max(map.nextobjectid ?? 1, maxObjectId + 1),
    properties: mapBag.list,
    layers: normalizedLayers,
    tilesets: normalizedTilesets(table),
  };
  if (map.backgroundcolor !== undefined) tiled.backgroundcolor = map.backgroundcolor;
  if (map.class !== undefined) tiled.class = map.class;
  let summary = summarizeMap(battleMap);
  if (map.infinite) {
    summary += `\n  Infinite map: cut to its painted area, starting at tile ${bounds.x},${bounds.y}`;
  }
  return { battleMap, tiled, summary, warnings };
}

function normalizeTileLayer(
  layer: FlatTileLayer,
  id: number,
  name: string,
  grid: Uint32Array,
  rules: LayerRules,
  table: TilesetTable,
  map: { tilewidth: number; tileheight: number },
  width: number,
): NormalizedTileLayer {
  const data = new Array<number>(grid.length);
  for (let i = 0; i < grid.length; i++) {
    const raw = grid[i];
    const gid = gidOf(raw);
    if (gid === 0) {
      data[i] = 0;
      continue;
    }
    const set = table.find(gid);
    if (!set) {
      data[i] = 0;
    } else if (set.builtinImage) {
      data[i] = withFlags(set.newFirstgid + gid - set.firstgid, flagsOf(raw));
    } else {
      const terrain = rules.drawnTerrain(raw);
      let tile = BUILTIN_TILE_FOR_TERRAIN[terrain];
      if (terrain === 'floor')
        tile = ((i % width) * 7 + Math.floor(i / width) * 3) % 5 === 0 ? 1 : 0;
      data[i] = set.newFirstgid + tile;
    }
  }
  const sx = NORMALIZED_TILE_SIZE / map.tilewidth;
  const sy = NORMALIZED_TILE_SIZE / map.tileheight;
  const out: NormalizedTileLayer = {
    type: 'tilelayer',
    id,
    name,
    x: 0,
    y: 0,
    width,
    height: grid.length / width,
    data,
    opacity: layer.opacity,
    visible: layer.visible,
    offsetx: (layer.offsetx - layer.shiftX * map.tilewidth) * sx,
    offsety: (layer.offsety - layer.shiftY * map.tileheight) * sy,
    properties: layer.own.list,
  };
  if (layer.className) out.class = layer.className;
  if (layer.tintcolor) out.tintcolor = layer.tintcolor;
  return out;
}

/** Map properties for BattleMap.properties, with the scenario ones checked and defaulted. */
function scenarioProperties(bag: PropertyBag, warnings: string[]): Record<string, PropertyValue> {
  const out = recordOfBag(bag);
  const set = (key: string, value: PropertyValue): void => {
    for (const k of Object.keys(out)) if (k.toLowerCase() === key.toLowerCase()) delete out[k];
    out[key] = value;
  };
  const where = 'The map';
  const victory = (readString(bag, 'victory') ?? DEFAULT_VICTORY).toLowerCase();
  const victories: readonly string[] = VICTORY_CONDITIONS;
  if (!victories.includes(victory)) {
    fail(
      `The map property "victory" is ${show(getProp(bag, 'victory'))}; use one of ${VICTORY_CONDITIONS.join(', ')}.`,
    );
  }
  set('victory', victory);
  const fallback = defaultRuleModule().id;
  const ruleModule = readString(bag, 'ruleModule') || fallback;
  if (!findRuleModule(ruleModule)) {
    warnings.push(
      `The map property "ruleModule" is ${quote(ruleModule)}, which this version does not know; it plays with ${fallback}.`,
    );
  }
  set('ruleModule', ruleModule);
  for (const key of ['moraleOptional', 'lairRoll']) {
    const b = readBool(bag, key, where);
    if (b !== undefined) set(key, b);
  }
  const ints: [string, number, number][] = [
    ['holdTurns', 1, 99],
    ['defeatCount', 1, 999],
    ['heroCount', 1, 16],
  ];
  for (const [key, min, max] of ints) {
    const n = readInt(bag, key, where, min, max);
    if (n !== undefined) set(key, n);
  }
  return out;
}
