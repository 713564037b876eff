/**
 * Tiled object templates (JSON, `.tj`): an object whose `template` names a template file
 * takes the template's object as its defaults; what the instance itself sets wins, and
 * custom properties merge by name (the instance's value wins). A template's tile (gid)
 * is numbered in the template's own tileset, so it is renumbered into the map's copy of
 * that tileset. Template files come with the map, like external tilesets.
 */
import { flagsOf, gidOf, withFlags } from './decode';
import { fail, quote } from './errors';
import { readTiledDocument } from './document';
import { findExternalFile, sameTiledFile, TEMPLATE_EXTENSIONS, TILESET_EXTENSIONS } from './paths';
import { isForbiddenKey } from './safe-json';

/** A map's external tileset references, to renumber a template's tile into the map. */
export interface MapTilesetRef {
  firstgid: number;
  source?: string;
}

export interface TemplateContext {
  /** Template texts keyed by file name or path, as the instances name them. */
  files: Record<string, string> | undefined;
  /** The map's own path among the files, for templates named relative to it. */
  mapPath?: string;
  mapTilesets: readonly MapTilesetRef[];
  /** Templates already read, by the name the instances use. */
  cache: Map<string, Template>;
}

interface Template {
  object: Record<string, unknown>;
  /** The template's own tileset, when its object shows a tile. */
  tileset: { firstgid: number; source: string } | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function readTemplate(name: string, where: string, ctx: TemplateContext): Template {
  const known = ctx.cache.get(name);
  if (known) return known;
  const text = findExternalFile(name, ctx.files, {
    from: ctx.mapPath,
    extensions: TEMPLATE_EXTENSIONS,
  });
  const file = `The template ${quote(name)}`;
  if (text === undefined) {
    fail(
      `${where} comes from the template ${quote(name)}, which was not loaded with the map. ` +
        'Load the template file together with the map (select both), or in Tiled select the objects and use Detach Template.',
    );
  }
  const doc = readTiledDocument(text, file, 'template');
  const json = doc.json;
  if (doc.kind !== 'template' || !isRecord(json) || !isRecord(json.object)) {
    fail(
      `${file} is not a Tiled object template (it needs an object, saved with Save As Template). Save the template from Tiled again.`,
    );
  }
  let tileset: Template['tileset'] = null;
  if (isRecord(json.tileset)) {
    const { firstgid, source } = json.tileset;
    if (typeof firstgid !== 'number' || !Number.isInteger(firstgid) || firstgid < 1) {
      fail(`${file} has a tileset without a valid "firstgid". Save the template from Tiled again.`);
    }
    if (typeof source !== 'string' || source === '') {
      fail(`${file} names a tileset without a "source" file. Save the template from Tiled again.`);
    }
    tileset = { firstgid, source };
  }
  const template: Template = { object: json.object, tileset };
  ctx.cache.set(name, template);
  return template;
}

/** The same tileset named two ways (paths are relative to different files, formats may differ). */
function sameFile(a: string, b: string): boolean {
  return sameTiledFile(a, b, TILESET_EXTENSIONS);
}

/** Template properties, then the instance's: one entry per name, the instance's winning. */
function mergeProperties(fromTemplate: unknown, own: unknown): unknown {
  if (!Array.isArray(fromTemplate)) return own;
  if (!Array.isArray(own)) return fromTemplate;
  const byName = new Map<unknown, unknown>();
  for (const p of [...fromTemplate, ...own]) byName.set(isRecord(p) ? p.name : p, p);
  return [...byName.values()];
}

/**
 * The object as Tiled shows it: `raw` itself when it has no template, else the template's
 * object overlaid with the instance's own fields (without the `template` reference).
 * Throws a MapError naming the object for a template that is missing or broken, or whose
 * tile's tileset the map does not use.
 */
export function expandTemplate(raw: unknown, where: string, ctx: TemplateContext): unknown {
  if (!isRecord(raw) || typeof raw.template !== 'string') return raw;
  const template = readTemplate(raw.template, where, ctx);
  const merged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(template.object)) {
    if (isForbiddenKey(k) || k === 'id' || k === 'template') continue;
    merged[k] = v;
  }
  if (template.tileset && typeof merged.gid === 'number' && gidOf(merged.gid) !== 0) {
    const own = template.tileset;
    const inMap = ctx.mapTilesets.find(
      (t) => t.source !== undefined && sameFile(t.source, own.source),
    );
    if (!inMap) {
      fail(
        `${where} comes from the template ${quote(raw.template)}, whose tile is from the tileset ${quote(own.source)}, which the map does not use. In Tiled add that tileset to the map, or use Detach Template.`,
      );
    }
    const local = gidOf(merged.gid) - own.firstgid;
    if (local < 0) {
      fail(
        `The template ${quote(raw.template)} shows tile id ${gidOf(merged.gid)}, below its tileset's first id ${own.firstgid}. Save the template from Tiled again.`,
      );
    }
    merged.gid = withFlags(inMap.firstgid + local, flagsOf(merged.gid));
  }
  for (const [k, v] of Object.entries(raw)) {
    if (isForbiddenKey(k) || k === 'template') continue;
    merged[k] = k === 'properties' ? mergeProperties(template.object.properties, v) : v;
  }
  return merged;
}
