/**
 * One entry for every Tiled file the loader reads (map, tileset, template), in either of
 * Tiled's formats: JSON (.tmj / .tsj / .tj, old versions brought up to date) or XML
 * (.tmx / .tsx / .tx, turned into the same JSON). The rest of the loader sees JSON only.
 */
import { fail } from './errors';
import { upgradeLegacyJson } from './legacy';
import { parseUntrustedJson } from './safe-json';
import { mapJson, templateJson, tilesetFileJson } from './tmx';
import { looksLikeXml, parseXml } from './xml';

export type TiledKind = 'map' | 'tileset' | 'template';

export interface TiledDocument {
  /** The file as Tiled's JSON would hold it. */
  json: unknown;
  format: 'json' | 'xml';
  /** What the file turned out to be (by its XML root, or its JSON `type`). */
  kind: TiledKind | 'other';
  /** True when the JSON was written by an old Tiled (before 1.2) and was brought up to date. */
  legacy: boolean;
}

const XML_NAMES: Readonly<Record<TiledKind, string>> = {
  map: 'a Tiled map (.tmx)',
  tileset: 'a Tiled tileset (.tsx)',
  template: 'a Tiled object template (.tx)',
};

function jsonKind(json: unknown): TiledKind | 'other' {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return 'other';
  const o = json as Record<string, unknown>;
  if (o.type === 'map' || Array.isArray(o.layers)) return 'map';
  if (o.type === 'template' || (o.object !== undefined && o.layers === undefined))
    return 'template';
  if (o.type === 'tileset' || o.tilecount !== undefined || o.tileCount !== undefined)
    return 'tileset';
  return 'other';
}

/**
 * Reads a Tiled file's text (`what` names it in messages, e.g. `The map file`), expecting
 * `expected`. Throws a MapError for text that is neither JSON nor XML, or broken.
 */
export function readTiledDocument(text: string, what: string, expected: TiledKind): TiledDocument {
  if (typeof text === 'string' && looksLikeXml(text)) {
    const root = parseXml(text, what);
    if (root.name === 'map' || root.name === 'tileset' || root.name === 'template') {
      const kind: TiledKind = root.name;
      if (kind !== expected) return { json: null, format: 'xml', kind, legacy: false };
      const json =
        kind === 'map'
          ? mapJson(root)
          : kind === 'tileset'
            ? tilesetFileJson(root)
            : templateJson(root);
      return { json, format: 'xml', kind, legacy: false };
    }
    fail(
      `${what} is XML but not a Tiled file: its root element is <${root.name.slice(0, 40)}>, not ${XML_NAMES[expected]}.`,
    );
  }
  const json = parseUntrustedJson(text, what);
  const kind = jsonKind(json);
  const legacy = kind === expected ? upgradeLegacyJson(json, expected) : false;
  return { json, format: 'json', kind, legacy };
}

/** "a Tiled map (.tmx)" etc., for messages about a file of the wrong kind. */
export function kindName(kind: TiledKind, format: 'json' | 'xml'): string {
  if (format === 'xml') return XML_NAMES[kind];
  return kind === 'map'
    ? 'a Tiled map'
    : kind === 'tileset'
      ? 'a Tiled tileset'
      : 'a Tiled object template';
}

/**
 * The files a map refers to: its external tilesets' `source` paths and its objects'
 * `template` paths (groups included), as written in the map. Empty when the text is not a
 * readable map; the loader then says what is wrong.
 */
export function referencedFiles(text: string): { tilesets: string[]; templates: string[] } {
  const found = { tilesets: [] as string[], templates: [] as string[] };
  let json: unknown;
  try {
    const doc = readTiledDocument(text, 'The map file', 'map');
    if (doc.kind !== 'map') return found;
    json = doc.json;
  } catch {
    return found;
  }
  const isPath = (s: unknown): s is string =>
    typeof s === 'string' && s.length > 0 && s.length < 1024;
  const field = (o: unknown, key: string): unknown =>
    o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
  const visit = (layers: unknown, depth: number): void => {
    if (!Array.isArray(layers) || depth > 32) return;
    for (const layer of layers) {
      const objects = field(layer, 'objects');
      if (Array.isArray(objects))
        for (const o of objects) {
          const t = field(o, 'template');
          if (isPath(t) && !found.templates.includes(t)) found.templates.push(t);
        }
      visit(field(layer, 'layers'), depth + 1);
    }
  };
  const list = field(json, 'tilesets');
  if (Array.isArray(list)) found.tilesets = list.map((t) => field(t, 'source')).filter(isPath);
  visit(field(json, 'layers'), 0);
  return found;
}

/**
 * The images a map or a tileset file names (tileset sheets, collection tiles' images, image
 * layers), as written in it; empty when the text cannot be read. Paths are relative to the
 * file that names them.
 */
export function referencedImages(text: string, kind: 'map' | 'tileset'): string[] {
  let json: unknown;
  try {
    const doc = readTiledDocument(text, 'The file', kind);
    if (doc.kind !== kind) return [];
    json = doc.json;
  } catch {
    return [];
  }
  const found = new Set<string>();
  const field = (o: unknown, key: string): unknown =>
    o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
  const add = (s: unknown): void => {
    if (typeof s === 'string' && s.length > 0 && s.length < 1024) found.add(s);
  };
  const tileset = (ts: unknown): void => {
    add(field(ts, 'image'));
    const tiles = field(ts, 'tiles');
    if (Array.isArray(tiles)) for (const t of tiles.slice(0, 65536)) add(field(t, 'image'));
  };
  const visit = (layers: unknown, depth: number): void => {
    if (!Array.isArray(layers) || depth > 32) return;
    for (const layer of layers) {
      if (field(layer, 'type') === 'imagelayer') add(field(layer, 'image'));
      visit(field(layer, 'layers'), depth + 1);
    }
  };
  if (kind === 'tileset') tileset(json);
  else {
    const list = field(json, 'tilesets');
    if (Array.isArray(list))
      for (const ts of list) if (field(ts, 'source') === undefined) tileset(ts);
    visit(field(json, 'layers'), 0);
  }
  return [...found];
}
