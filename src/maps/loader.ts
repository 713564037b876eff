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
import { enemyKinds, rulesForProperties } from './rules';
import { buildMapArt, describeArt, ImageFinder, type ArtLayerInput } from './art';
import { flagsOf, gidOf, withFlags } from './decode';
import { fail, MapError, quote, show } from './errors';
import {
  checkTileIds,
  composeLayer,
  flattenLayers,
  mapBounds,
  type FlatImageLayer,
  type FlatObjectLayer,
  type FlatTileLayer,
} from './layers';
import {
  ignoredObjectsWarning,
  readObjectLayer,
  type IgnoredObject,
  type ParsedObject,
} from './objects';
import {
  getProp,
  readBool,
  readInt,
  readProperties,
  readString,
  recordOfBag,
  type PropertyBag,
} from './properties';
import { kindName, readTiledDocument } from './document';
import { check, MapSchema } from './schema';
import { summarizeMap } from './summary';
import { buildTerrain, LayerRules } from './terrain';
import { readTileMarks } from './tile-marks';
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
import { groupWarnings } from './warnings';
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
      error: `The map could not be read (${detail.slice(0, 200)}). Save it again from Tiled and try once more.`,
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

  const doc = readTiledDocument(text, 'The map file', 'map');
  if (doc.kind === 'tileset') {
    fail(
      `The file is ${kindName('tileset', doc.format)}, not a map. Load the map (.tmx or .tmj) and give the tileset alongside it.`,
    );
  }
  if (doc.kind === 'template') {
    fail(
      `The file is ${kindName('template', doc.format)}, not a map. Load the map (.tmx or .tmj) and give the template alongside it.`,
    );
  }
  const json = doc.json;
  if (!isRecord(json)) {
    fail(
      `The file is not a Tiled map: it holds ${show(json)} instead of a map object. Save the map from Tiled (.tmx or .tmj).`,
    );
  }
  if (doc.legacy) {
    warnings.push(
      'The map was saved by an old Tiled (before 1.2); the game read it the way Phaser does. Open and save it in a current Tiled to be sure.',
    );
  }
  if (json.layers === undefined && json.orientation === undefined && json.type !== 'map') {
    fail(
      'The file is JSON but not a Tiled map (it has no "layers" or "orientation"). Save the map from Tiled (.tmx or .tmj).',
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
  const mapPath = typeof options?.mapPath === 'string' ? options.mapPath : undefined;
  const images = new ImageFinder(options?.images);
  const table = resolveTilesets(map.tilesets, options?.externalTilesets, warnings, mapPath, images);
  const templates: TemplateContext = {
    files: options?.externalTemplates,
    mapPath,
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
  const marks = readTileMarks(options?.tileMarks);
  const composed = tileLayers.map((layer) => ({
    layer,
    grid: composeLayer(layer, bounds, warnings),
    rules: new LayerRules(layer, table, marks),
  }));
  const grids = buildTerrain(composed, width, height);
  // The warning that matters most goes first: a map whose walls nobody can read plays wrong.
  const wallsUnknown = !grids.informed && !composed.some((c) => c.rules.wallsOverFloor);
  if (wallsUnknown) {
    const open = grids.terrain.every((t) => t !== 'void');
    const refused = grids.overFloorRefused;
    warnings.unshift(
      'Nothing in this map says which tiles are walls (no "terrain" or "collides" property, no collision shapes, no layer named walls), ' +
        (open
          ? 'so the whole map is open floor. '
          : 'so every painted square is floor and only unpainted squares block the way. ') +
        (refused
          ? `(Reading the tiles over the floor layer ${quote(refused.floor)} as walls would leave almost no floor, so they are not.) `
          : '') +
        "On the Setup screen, click a wall in the map's picture to make every tile of that kind a wall (click again for floor, then cover). " +
        'Or mark the walls in Tiled as "Maps from elsewhere" in the map guide says, e.g. a bool property collides = true on the wall tiles.',
    );
  }

  const mapBag = readProperties(map.properties, 'The map', warnings);
  const scenarioProps = scenarioProperties(mapBag, warnings);

  const parsed: ParsedObject[] = [];
  const ignored: IgnoredObject[] = [];
  const defaulted: string[] = [];
  const rules = rulesForProperties(scenarioProps);
  const normalizedLayers: NormalizedLayer[] = [];
  const usedNames = new Set<string>();
  const uniqueName = (name: string): string => {
    let out = name;
    for (let n = 2; usedNames.has(out); n++) out = `${name} (${n})`;
    usedNames.add(out);
    return out;
  };
  const artLayers: (ArtLayerInput | FlatImageLayer)[] = [];
  let nextLayerId = Math.max(map.nextlayerid ?? 1, ...layers.map((l) => l.id + 1));
  for (const layer of layers) {
    if (layer.kind === 'image') {
      artLayers.push(layer);
      continue;
    }
    const layerId = layer.id > 0 ? layer.id : nextLayerId++;
    if (layer.kind === 'tile') {
      const c = composed.find((x) => x.layer === layer);
      if (!c) continue;
      artLayers.push({ layer, grid: c.grid, tiledLayer: normalizedLayers.length });
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
        rules,
        ignored,
        defaulted,
      });
      parsed.push(...r.parsed);
      normalizedLayers.push({ ...r.normalized, id: layerId, name: uniqueName(layer.name) });
    }
  }

  const ignoredText = ignoredObjectsWarning(ignored);
  if (ignoredText) warnings.push(ignoredText);
  if (defaulted.length > 0) {
    const n = defaulted.length;
    warnings.push(
      `${n === 1 ? '1 enemy names' : `${n} enemies name`} no "unit", so ${n === 1 ? 'it is a' : 'they are'} ${rules.defaultEnemyKind}${n === 1 ? '' : 's'} (the default of the ${rules.id} rules): ` +
        `${defaulted.slice(0, 3).join('; ')}${n > 3 ? '...' : '.'} Add a string property unit = ${enemyKinds(rules).join(', ')} to choose.`,
    );
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
  for (const m of table.missing) {
    warnings.push(
      `The map names the external tileset ${quote(m.source)}, which was not supplied; no tile uses it, so the map plays without it.`,
    );
  }
  const art = buildMapArt(
    {
      table,
      layers: artLayers,
      bounds,
      tilewidth: map.tilewidth,
      tileheight: map.tileheight,
      backgroundcolor: map.backgroundcolor,
      parallaxoriginx: map.parallaxoriginx,
      parallaxoriginy: map.parallaxoriginy,
      mapPath,
    },
    images,
    warnings,
  );
  let summary = summarizeMap(battleMap);
  if (grids.wallsBy.size > 0) {
    const how = [...grids.wallsBy].map(([by, n]) => `${by} (${n} square${n === 1 ? '' : 's'})`);
    summary += `\n  Walls read from ${how.join('; ')}`;
  }
  if (map.infinite) {
    summary += `\n  Infinite map: cut to its painted area, starting at tile ${bounds.x},${bounds.y}`;
  }
  if (art) summary += `\n${describeArt(art)}`;
  const out: LoadedMap = {
    battleMap,
    tiled,
    summary,
    warnings: groupWarnings(warnings),
    squareTiles: topTiles(composed, width * height),
    wallsUnknown,
  };
  if (art) out.art = art;
  return out;
}

/** The tile id (gid, flags left out) drawn on top of each square, 0 where none is painted. */
function topTiles(layers: readonly { grid: Uint32Array }[], n: number): number[] {
  const out = new Array<number>(n).fill(0);
  for (const { grid } of layers) {
    for (let i = 0; i < n; i++) {
      const gid = gidOf(grid[i]);
      if (gid !== 0) out[i] = gid;
    }
  }
  return out;
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
