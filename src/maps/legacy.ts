/**
 * Old Tiled JSON, brought up to date in place before the loader's checks, the way Phaser's
 * Tiled parser reads it:
 * - before Tiled 1.2, custom properties were an object (`{"name": value}`) with their types
 *   in a `propertytypes` object, and a tileset's tiles were objects keyed by tile id
 *   (`tiles`, `tileproperties`, `tilepropertytypes`);
 * - before 1.0 some writers used camel-case keys (`tileWidth`, `firstGid`, `imageWidth`...);
 * - very old tilesets have no `tilecount`: it follows from the image size.
 * Only the map's known structure is walked (map, layers, objects, tilesets, tiles), never
 * property values, and group nesting is bounded.
 */
import { isForbiddenKey } from './safe-json';

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Lower-case copies of camel-case keys (`tileWidth` -> `tilewidth`) where the key is not set. */
function lowerKeys(o: Json): boolean {
  let changed = false;
  for (const k of Object.keys(o)) {
    const lower = k.toLowerCase();
    if (lower !== k && !(lower in o) && !isForbiddenKey(lower)) {
      o[lower] = o[k];
      delete o[k];
      changed = true;
    }
  }
  return changed;
}

function typeOfValue(v: unknown): string {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return 'string';
}

/** `{"name": value}` + `{"name": "int"}` -> `[{name, type, value}]`. */
function propertyList(values: Json, types: unknown): Json[] {
  const typeOf = isRecord(types) ? types : {};
  return Object.keys(values).map((name) => {
    const value = values[name];
    const declared = typeOf[name];
    const type = typeof declared === 'string' ? declared : typeOfValue(value);
    let v = value;
    // Old files wrote every value as text ("3", "true").
    if (typeof v === 'string' && (type === 'int' || type === 'float') && v.trim() !== '') {
      const n = Number(v);
      if (Number.isFinite(n)) v = n;
    }
    if (typeof v === 'string' && type === 'bool' && /^(true|false)$/i.test(v.trim())) {
      v = v.trim().toLowerCase() === 'true';
    }
    return { name, type, value: v };
  });
}

function upgradeProperties(o: Json): boolean {
  if (!isRecord(o.properties)) return false;
  o.properties = propertyList(o.properties, o.propertytypes);
  delete o.propertytypes;
  return true;
}

function upgradeThing(o: unknown): boolean {
  if (!isRecord(o)) return false;
  const a = lowerKeys(o);
  const b = upgradeProperties(o);
  return a || b;
}

function upgradeTileset(ts: unknown): boolean {
  if (!isRecord(ts)) return false;
  let changed = upgradeThing(ts);
  const tiles = new Map<number, Json>();
  if (Array.isArray(ts.tiles)) {
    for (const t of ts.tiles) if (upgradeThing(t)) changed = true;
  } else if (isRecord(ts.tiles)) {
    for (const [id, t] of Object.entries(ts.tiles)) {
      if (!isRecord(t) || !/^\d+$/.test(id)) continue;
      upgradeThing(t);
      tiles.set(Number(id), { ...t, id: Number(id) });
    }
    changed = true;
  }
  if (isRecord(ts.tileproperties)) {
    for (const [id, props] of Object.entries(ts.tileproperties)) {
      if (!isRecord(props) || !/^\d+$/.test(id)) continue;
      const types = isRecord(ts.tilepropertytypes) ? ts.tilepropertytypes[id] : undefined;
      const tile = tiles.get(Number(id)) ?? { id: Number(id) };
      tile.properties = propertyList(props, types);
      tiles.set(Number(id), tile);
    }
    delete ts.tileproperties;
    delete ts.tilepropertytypes;
    changed = true;
  }
  if (tiles.size > 0 || (isRecord(ts.tiles) && !Array.isArray(ts.tiles))) {
    ts.tiles = [...tiles.values()].sort((x, y) => Number(x.id) - Number(y.id));
  }
  if (Array.isArray(ts.tiles)) {
    for (const t of ts.tiles)
      if (isRecord(t) && isRecord(t.objectgroup)) upgradeLayer(t.objectgroup, 0);
  }
  if (fillTileCount(ts)) changed = true;
  return changed;
}

/**
 * Gives a tileset without `tilecount` (written before Tiled 0.13) the count its image size
 * (or its list of tiles, for an image collection) implies. Returns true when it did.
 */
export function fillTileCount(ts: Json): boolean {
  if (ts.tilecount !== undefined || ts.source !== undefined) return false;
  const count = tileCountFromImage(ts);
  if (count === undefined) return false;
  ts.tilecount = count;
  return true;
}

/** Tiles in a single-image tileset from its image size, or the tiles listed for a collection. */
function tileCountFromImage(ts: Json): number | undefined {
  const { tilewidth, tileheight, imagewidth, imageheight } = ts;
  const margin = typeof ts.margin === 'number' ? ts.margin : 0;
  const spacing = typeof ts.spacing === 'number' ? ts.spacing : 0;
  if (
    typeof tilewidth === 'number' &&
    typeof tileheight === 'number' &&
    typeof imagewidth === 'number' &&
    typeof imageheight === 'number' &&
    tilewidth > 0 &&
    tileheight > 0
  ) {
    const cols = Math.floor((imagewidth - 2 * margin + spacing) / (tilewidth + spacing));
    const rows = Math.floor((imageheight - 2 * margin + spacing) / (tileheight + spacing));
    if (ts.columns === undefined) ts.columns = Math.max(0, cols);
    return Math.max(0, cols) * Math.max(0, rows);
  }
  if (Array.isArray(ts.tiles)) {
    const ids = ts.tiles.map((t) => (isRecord(t) && typeof t.id === 'number' ? t.id : -1));
    return ids.length > 0 ? Math.max(...ids) + 1 : 0;
  }
  return undefined;
}

function upgradeLayer(layer: unknown, depth: number): boolean {
  if (!isRecord(layer) || depth > 32) return false;
  let changed = upgradeThing(layer);
  if (Array.isArray(layer.objects)) {
    for (const o of layer.objects) if (upgradeThing(o)) changed = true;
  }
  if (Array.isArray(layer.chunks)) {
    for (const c of layer.chunks) if (upgradeThing(c)) changed = true;
  }
  if (Array.isArray(layer.layers)) {
    for (const l of layer.layers) if (upgradeLayer(l, depth + 1)) changed = true;
  }
  return changed;
}

/**
 * Brings an old Tiled JSON map (or tileset, or template) up to date in place. Returns true
 * when anything was old-style, so the loader can say the file came from an old Tiled.
 */
export function upgradeLegacyJson(doc: unknown, kind: 'map' | 'tileset' | 'template'): boolean {
  if (!isRecord(doc)) return false;
  if (kind === 'tileset') return upgradeTileset(doc);
  if (kind === 'template') {
    const a = upgradeThing(doc.object);
    const b = upgradeThing(doc.tileset);
    return a || b;
  }
  let changed = upgradeThing(doc);
  if (Array.isArray(doc.layers)) {
    for (const l of doc.layers) if (upgradeLayer(l, 0)) changed = true;
  }
  if (Array.isArray(doc.tilesets)) {
    for (const t of doc.tilesets) if (upgradeTileset(t)) changed = true;
  }
  return changed;
}
