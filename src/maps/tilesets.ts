/**
 * Tilesets: embedded or external (.tsj looked up by path and by file name), their tile
 * properties, which built-in image draws them, and the renumbering of gids for the
 * normalised map. In the normalised map a tileset whose image is not one of the game's own
 * tile images is replaced by the built-in tileset (its tiles are redrawn by terrain); when
 * its image came with the map, the map's own art (art.ts) draws it instead, and when it did
 * not, a warning names the image.
 */
import {
  BUILTIN_DUNGEON_TILECOUNT,
  BUILTIN_TILESET,
  BUILTIN_TILESET_IMAGE,
  BUILTIN_TILESET_IMAGES,
  BUILTIN_TILES,
  LIMITS,
} from './constants';
import { ImageFinder, tilesetArt } from './art';
import { fail, quote } from './errors';
import { emptyBag, readProperties, type PropertyBag } from './properties';
import { readTiledDocument } from './document';
import { baseName, findExternalEntry, TILESET_EXTENSIONS } from './paths';
import {
  check,
  EmbeddedTilesetSchema,
  ExternalTilesetRefSchema,
  TilesetFileSchema,
  type RawTilesetBody,
} from './schema';
import type { ArtTileset, NormalizedProperty, NormalizedTile, NormalizedTileset } from './types';

/** Custom properties and class of one tile in a tileset. */
export interface TileInfo {
  bag: PropertyBag;
  type?: string;
  /** The tile has collision shapes drawn in Tiled's collision editor. */
  collision?: boolean;
}

/** An external tileset the map names but that did not come with it. */
export interface MissingTileset {
  firstgid: number;
  source: string;
}

export interface ResolvedTileset {
  /** Name for messages, e.g. `Tileset "dungeon"`. */
  where: string;
  name: string;
  /** The map's firstgid for this tileset. */
  firstgid: number;
  tilecount: number;
  tilewidth: number;
  tileheight: number;
  objectalignment: string;
  /** Game-root path of the built-in image that draws it, or null when it falls back. */
  builtinImage: string | null;
  tiles: Map<number, TileInfo>;
  properties: NormalizedProperty[];
  /** firstgid in the normalised map (tiles renumbered from 1 without gaps). */
  newFirstgid: number;
  /** How the map's own art draws it (null: with the built-in tiles by terrain). */
  art: ArtTileset | null;
}

/** All tilesets of a map, sorted by firstgid, with gid lookup. */
export class TilesetTable {
  readonly sets: ResolvedTileset[];
  readonly missing: MissingTileset[];

  constructor(sets: ResolvedTileset[], missing: MissingTileset[] = []) {
    this.sets = [...sets].sort((a, b) => a.firstgid - b.firstgid);
    this.missing = [...missing].sort((a, b) => a.firstgid - b.firstgid);
  }

  /** The missing external tileset a (flag-free) gid belongs to, if it falls in one's range. */
  missingFor(gid: number): MissingTileset | undefined {
    const m = this.missing.filter((x) => x.firstgid <= gid).pop();
    if (!m) return undefined;
    const real = this.sets.filter((x) => x.firstgid <= gid).pop();
    return real && real.firstgid > m.firstgid ? undefined : m;
  }

  /** The tileset that owns a (flag-free) gid > 0, or undefined when no tileset has it. */
  find(gid: number): ResolvedTileset | undefined {
    for (let i = this.sets.length - 1; i >= 0; i--) {
      const s = this.sets[i];
      if (gid >= s.firstgid) return gid < s.firstgid + s.tilecount ? s : undefined;
    }
    return undefined;
  }

  /** Text such as `but the map's tilesets only have ids 1-16, 17-40` for messages. */
  rangesText(): string {
    const withTiles = this.sets.filter((s) => s.tilecount > 0);
    const empty = this.sets.filter((s) => s.tilecount === 0).map((s) => quote(s.name || 'tiles'));
    const emptyText =
      empty.length === 0
        ? ''
        : ` (${empty.length === 1 ? `tileset ${empty[0]} has` : `tilesets ${empty.join(', ')} have`} no tiles)`;
    if (this.sets.length === 0) return 'but the map has no tilesets';
    if (withTiles.length === 0) return `but the map's tilesets have no tiles${emptyText}`;
    const parts = withTiles.map((s) =>
      s.tilecount === 1 ? `${s.firstgid}` : `${s.firstgid}-${s.firstgid + s.tilecount - 1}`,
    );
    return `but the map's tilesets only have ${parts.length === 1 && withTiles[0].tilecount === 1 ? 'id' : 'ids'} ${parts.join(', ')}${emptyText}`;
  }
}

export { baseName, findExternalFile, normalizePath } from './paths';

/** The game-root path of a built-in image that `image` names (by file name), or null. */
export function builtinImageFor(image: string | undefined): string | null {
  if (!image) return null;
  const base = baseName(image).toLowerCase();
  return BUILTIN_TILESET_IMAGES.find((p) => baseName(p) === base) ?? null;
}

/**
 * Reads the map's tileset list (embedded and external), validating each. Throws a MapError
 * naming the tileset when one is broken, missing or overlaps another.
 */
export function resolveTilesets(
  rawList: readonly unknown[],
  externalFiles: Record<string, string> | undefined,
  warnings: string[],
  mapPath?: string,
  images: ImageFinder = new ImageFinder(undefined),
): TilesetTable {
  const resolved: ResolvedTileset[] = [];
  const missing: MissingTileset[] = [];
  rawList.forEach((raw, i) => {
    const head = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
    let body: RawTilesetBody;
    let firstgid: number;
    let where: string;
    let from = mapPath;
    if (typeof head.source === 'string') {
      const ref = check(ExternalTilesetRefSchema, raw, `Tileset ${i + 1} (${quote(head.source)})`);
      firstgid = ref.firstgid;
      where = `Tileset file ${quote(ref.source)}`;
      const found = findExternalEntry(ref.source, externalFiles, {
        from: mapPath,
        extensions: TILESET_EXTENSIONS,
      });
      if (found === undefined) {
        missing.push({ firstgid, source: ref.source });
        return;
      }
      from = found.key;
      if (baseName(found.key).toLowerCase() !== baseName(ref.source).toLowerCase()) {
        where = `Tileset file ${quote(found.key)} (for ${quote(ref.source)})`;
      }
      const doc = readTiledDocument(found.text, where, 'tileset');
      if (doc.kind === 'map') {
        fail(
          `${where} is a map, not a tileset. Give the tileset's own file (.tsx or .tsj) instead.`,
        );
      }
      if (doc.kind === 'template') {
        fail(
          `${where} is an object template, not a tileset. Give the tileset's own file (.tsx or .tsj) instead.`,
        );
      }
      body = check(TilesetFileSchema, doc.json, where);
    } else {
      const name = typeof head.name === 'string' ? head.name : '';
      where = name ? `Tileset ${quote(name)}` : `Tileset ${i + 1}`;
      const ts = check(EmbeddedTilesetSchema, raw, where);
      firstgid = ts.firstgid;
      body = ts;
    }
    resolved.push(resolveBody(body, firstgid, where, warnings, images, from));
  });

  const table = new TilesetTable(resolved, missing);
  for (let i = 1; i < table.sets.length; i++) {
    const prev = table.sets[i - 1];
    const cur = table.sets[i];
    if (cur.firstgid < prev.firstgid + prev.tilecount) {
      fail(
        `${cur.where} starts at tile id ${cur.firstgid}, inside ${prev.where} (ids ${prev.firstgid}-${prev.firstgid + prev.tilecount - 1}). Save the map again from Tiled.`,
      );
    }
  }
  let next = 1;
  const usedNames = new Set<string>();
  for (const s of table.sets) {
    s.newFirstgid = next;
    next += s.builtinImage ? s.tilecount : BUILTIN_DUNGEON_TILECOUNT;
    let name = s.name || 'tiles';
    for (let n = 2; usedNames.has(name); n++) name = `${s.name || 'tiles'} ${n}`;
    usedNames.add(name);
    s.name = name;
  }
  return table;
}

function resolveBody(
  body: RawTilesetBody,
  firstgid: number,
  where: string,
  warnings: string[],
  images: ImageFinder,
  from: string | undefined,
): ResolvedTileset {
  const tiles = new Map<number, TileInfo>();
  // An image collection may have tile ids past its tile count (tiles removed in Tiled).
  const span = body.image
    ? body.tilecount
    : Math.max(body.tilecount, ...(body.tiles ?? []).map((t) => t.id + 1));
  for (const t of body.tiles ?? []) {
    if (t.id >= span) continue;
    const bag = readProperties(t.properties, `${where} tile ${t.id}`, warnings);
    const type = t.type || t.class || undefined;
    tiles.set(t.id, { bag, type, collision: hasCollisionShapes(t.objectgroup) });
  }
  const props = readProperties(body.properties, where, warnings);
  const image = builtinImageFor(body.image);
  let builtinImage: string | null = null;
  let geometryWarning: string | null = null;
  if (image) {
    const geometryOk =
      body.tilewidth === BUILTIN_TILESET.tilewidth &&
      body.tileheight === BUILTIN_TILESET.tileheight &&
      body.margin === 0 &&
      body.spacing === 0 &&
      (body.columns === BUILTIN_TILESET.columns || body.columns === 0) &&
      body.tilecount <= BUILTIN_TILESET.tilecount;
    if (geometryOk) builtinImage = image;
    else {
      geometryWarning =
        `${where} uses the image ${quote(body.image ?? '')} but not as 8 columns of 32 x 32 pixel tiles (at most ${BUILTIN_TILESET.tilecount}), ` +
        `so its tiles are drawn with the built-in tiles (${BUILTIN_TILESET_IMAGE}) by terrain.`;
    }
  }
  // Its own art: the image that came with the map (or the built-in one it names).
  const artWarnings: string[] = [];
  const art = tilesetArt({ body, where, firstgid, span, from, builtinImage }, images, artWarnings);
  if (geometryWarning && !(art && !art.builtin)) warnings.push(geometryWarning);
  else warnings.push(...artWarnings);
  return {
    where,
    name: body.name,
    firstgid,
    tilecount: span,
    tilewidth: body.tilewidth,
    tileheight: body.tileheight,
    objectalignment: body.objectalignment ?? 'unspecified',
    builtinImage,
    tiles,
    properties: props.list,
    newFirstgid: 0,
    art,
  };
}

/** True for a tile's `objectgroup` (Tiled's collision editor) holding at least one shape. */
function hasCollisionShapes(group: unknown): boolean {
  if (group === null || typeof group !== 'object') return false;
  const objects = (group as Record<string, unknown>).objects;
  return Array.isArray(objects) && objects.length > 0;
}

/** Tile info for a local id, or an empty one. */
export function tileInfo(set: ResolvedTileset, localId: number): TileInfo {
  return set.tiles.get(localId) ?? { bag: emptyBag() };
}

/** The dungeon tiles' meanings, for a tileset drawn with them in place of its own image. */
function builtinTileDefs(): NormalizedTile[] {
  return BUILTIN_TILES.slice(0, BUILTIN_DUNGEON_TILECOUNT).map((t, id) => {
    const properties: NormalizedProperty[] = [
      { name: 'terrain', type: 'string', value: t.terrain },
    ];
    if (t.blocksSight !== undefined) {
      properties.push({ name: 'blocksSight', type: 'bool', value: t.blocksSight });
    }
    if (t.cover !== undefined) properties.push({ name: 'cover', type: 'string', value: t.cover });
    return { id, type: t.name, properties };
  });
}

/**
 * The height of the rows of the built-in image that `tilecount` tiles fill: what Phaser's
 * parser counts a tileset's tiles from (8 x 2 tiles for a map made with the first sheets).
 */
function imageHeightFor(tilecount: number): number {
  return Math.max(1, Math.ceil(tilecount / BUILTIN_TILESET.columns)) * BUILTIN_TILESET.tileheight;
}

/** The normalised (embedded, built-in image) tileset entries, in gid order. */
export function normalizedTilesets(table: TilesetTable): NormalizedTileset[] {
  return table.sets.map((s) => {
    const count = s.builtinImage ? s.tilecount : BUILTIN_DUNGEON_TILECOUNT;
    const common = {
      name: s.name,
      firstgid: s.newFirstgid,
      tilewidth: BUILTIN_TILESET.tilewidth,
      tileheight: BUILTIN_TILESET.tileheight,
      columns: BUILTIN_TILESET.columns,
      imagewidth: BUILTIN_TILESET.imagewidth,
      imageheight: imageHeightFor(count),
      margin: 0,
      spacing: 0,
    };
    if (s.builtinImage) {
      const tiles: NormalizedTile[] = [];
      for (const [id, info] of [...s.tiles].sort((a, b) => a[0] - b[0])) {
        const tile: NormalizedTile = { id };
        if (info.type) tile.type = info.type;
        if (info.bag.list.length > 0) tile.properties = info.bag.list;
        if (tile.type !== undefined || tile.properties !== undefined) tiles.push(tile);
      }
      const out: NormalizedTileset = {
        ...common,
        image: s.builtinImage,
        tilecount: s.tilecount,
        tiles,
      };
      if (s.properties.length > 0) out.properties = s.properties;
      return out;
    }
    return {
      ...common,
      image: BUILTIN_TILESET_IMAGE,
      tilecount: BUILTIN_DUNGEON_TILECOUNT,
      tiles: builtinTileDefs(),
      properties: [{ name: 'replaces', type: 'string', value: s.name }],
    };
  });
}

/** Checks the tileset list length before anything else is read. */
export function checkTilesetCount(list: readonly unknown[]): void {
  if (list.length > LIMITS.maxTilesets) {
    fail(`The map has ${list.length} tilesets; the game accepts at most ${LIMITS.maxTilesets}.`);
  }
}
