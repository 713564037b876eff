/**
 * The map in its own art (`LoadedMap.art`): which tilesets, collection tiles and image
 * layers are drawn with the images that came with the map, their animations, and each tile
 * layer's squares in the map's own numbering, with flips. Squares whose image did not come
 * are left to the normalised map's built-in tiles (with a warning naming the image). Pure:
 * the images are known by name and size only; the view decodes and draws them.
 */
import { BUILTIN_TILESET, BUILTIN_TILESET_IMAGE } from './constants';
import { gidOf } from './decode';
import { quote } from './errors';
import type { Bounds, FlatImageLayer, FlatTileLayer } from './layers';
import { findEntryKey } from './paths';
import type { RawTilesetBody } from './schema';
import type { TilesetTable } from './tilesets';
import type {
  ArtFrame,
  ArtImage,
  ArtImageLayer,
  ArtLayer,
  ArtTile,
  ArtTileset,
  LoadTiledMapOptions,
  MapArt,
} from './types';

/** Most frames kept of one tile animation. */
const MAX_FRAMES = 256;

/** Finds the images a map names among the ones that came with it. */
export class ImageFinder {
  /** True when the caller gave images at all (even none): then a missing one is named. */
  readonly supplied: boolean;
  private readonly images: NonNullable<LoadTiledMapOptions['images']>;
  private readonly keys: string[];

  constructor(images: LoadTiledMapOptions['images']) {
    this.supplied = images !== undefined;
    this.images = images ?? {};
    this.keys = Object.keys(this.images);
  }

  /** The image `ref` names, written in the file at `from` (a path among the files). */
  find(ref: string | undefined, from: string | undefined): ArtImage | undefined {
    if (!ref || this.keys.length === 0) return undefined;
    const key = findEntryKey(ref, this.keys, { from });
    if (key === undefined) return undefined;
    const info = this.images[key];
    if (
      !info ||
      !Number.isInteger(info.width) ||
      !Number.isInteger(info.height) ||
      info.width <= 0 ||
      info.height <= 0
    )
      return undefined;
    return { path: key, key: info.key ?? key, width: info.width, height: info.height };
  }
}

/** A built-in tile image as an art image (drawn from the game's own texture). */
function builtinArtImage(path: string): ArtImage {
  return {
    path,
    key: path,
    width: BUILTIN_TILESET.imagewidth,
    height: BUILTIN_TILESET.imageheight,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

const finiteOr = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A tile's animation frames that name tiles of its tileset, or undefined. */
function animationOf(raw: unknown, span: number): ArtFrame[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const frames: ArtFrame[] = [];
  for (const f of raw.slice(0, MAX_FRAMES)) {
    if (!isRecord(f) || !isCount(f.tileid) || f.tileid >= span) continue;
    const duration = typeof f.duration === 'number' && f.duration > 0 ? f.duration : 100;
    frames.push({ tileid: f.tileid, duration: Math.min(duration, 3_600_000) });
  }
  return frames.length > 1 ? frames : undefined;
}

/** The part of a collection tile's image it shows (Tiled 1.9+ x/y/width/height), when set. */
function rectOf(t: Record<string, unknown>, image: ArtImage): ArtTile['rect'] {
  const { x, y, width, height } = t;
  if (!isCount(x) || !isCount(y) || !isCount(width) || !isCount(height)) return undefined;
  if (width === 0 || height === 0) return undefined;
  if (x === 0 && y === 0 && width === image.width && height === image.height) return undefined;
  if (x + width > image.width || y + height > image.height) return undefined;
  return { x, y, width, height };
}

/** Short list of names for a warning: `"a.png", "b.png" and 3 more`. */
function nameList(names: readonly string[]): string {
  const shown = names.slice(0, 3).map(quote).join(', ');
  return names.length > 3 ? `${shown} and ${names.length - 3} more` : shown;
}

/** Where a tileset is and how it is drawn, as resolveTilesets knows it. */
export interface TilesetArtInput {
  body: RawTilesetBody;
  where: string;
  firstgid: number;
  /** Ids the tileset spans. */
  span: number;
  /** The tileset's own file among the supplied ones (external tilesets), else the map's. */
  from: string | undefined;
  /** The built-in image that draws it in the normalised map, or null. */
  builtinImage: string | null;
}

/**
 * The tileset in its own art, or null when none of its images came with the map (it is
 * then drawn with the built-in tiles, and a warning says which image was missing). A
 * tileset drawn with a built-in image is art too (so animations and flips of a map that
 * mixes it with its own images are drawn alike).
 */
export function tilesetArt(
  input: TilesetArtInput,
  finder: ImageFinder,
  warnings: string[],
): ArtTileset | null {
  const { body, where, firstgid, span, from } = input;
  const rawTiles = (body.tiles ?? []) as unknown as Record<string, unknown>[];
  const offset = isRecord(body.tileoffset) ? body.tileoffset : {};
  const common = {
    name: body.name,
    firstgid,
    tilecount: span,
    tilewidth: body.tilewidth,
    tileheight: body.tileheight,
    margin: body.margin,
    spacing: body.spacing,
    offsetx: typeof offset.x === 'number' && Number.isFinite(offset.x) ? offset.x : 0,
    offsety: typeof offset.y === 'number' && Number.isFinite(offset.y) ? offset.y : 0,
  };
  const animated = (t: Record<string, unknown>): ArtFrame[] | undefined =>
    animationOf(t.animation, span);

  if (body.image) {
    const own = finder.find(body.image, from);
    const image = own ?? (input.builtinImage ? builtinArtImage(input.builtinImage) : undefined);
    if (!image) {
      warnings.push(
        `${where} uses the image ${quote(body.image)}, which did not come with the map, so its tiles are drawn with the built-in tiles (${BUILTIN_TILESET_IMAGE}) by terrain. ` +
          'The map still plays; load the image together with the map (or put it in the .zip pack) to see its own art.',
      );
      return null;
    }
    const columns = Math.floor(
      (image.width - 2 * body.margin + body.spacing) / (body.tilewidth + body.spacing),
    );
    const rows = Math.floor(
      (image.height - 2 * body.margin + body.spacing) / (body.tileheight + body.spacing),
    );
    if (own && Math.max(0, columns) * Math.max(0, rows) < body.tilecount) {
      warnings.push(
        `${where}: its image ${quote(own.path)} is ${own.width} x ${own.height} pixels, too small for its ${body.tilecount} tiles of ${body.tilewidth} x ${body.tileheight}; the tiles past its edge are not drawn.`,
      );
    }
    const tiles: ArtTile[] = [];
    for (const t of rawTiles) {
      if (!isCount(t.id) || t.id >= span) continue;
      const animation = animated(t);
      if (animation) tiles.push({ id: t.id, animation });
    }
    const out: ArtTileset = { ...common, columns: Math.max(0, columns), image, tiles };
    if (!own && input.builtinImage) out.builtin = input.builtinImage;
    return out;
  }

  // An image collection: each tile has its own image.
  const tiles: ArtTile[] = [];
  const missing: string[] = [];
  let withImage = 0;
  for (const t of rawTiles) {
    if (!isCount(t.id) || t.id >= span || typeof t.image !== 'string' || t.image === '') continue;
    const image = finder.find(t.image, from);
    if (!image) {
      if (!missing.includes(t.image)) missing.push(t.image);
      continue;
    }
    withImage++;
    const tile: ArtTile = { id: t.id, image };
    const rect = rectOf(t, image);
    if (rect) tile.rect = rect;
    const animation = animated(t);
    if (animation) tile.animation = animation;
    tiles.push(tile);
  }
  if (missing.length > 0) {
    warnings.push(
      `${where} is a collection of images; ${missing.length === 1 ? 'the image' : `${missing.length} images`} ${nameList(missing)} did not come with the map, so ${withImage === 0 ? 'its tiles are' : 'those tiles are'} drawn with the built-in tiles by terrain.`,
    );
  }
  if (withImage === 0) {
    if (missing.length === 0) {
      warnings.push(
        `${where} has no single tileset image, so its tiles are drawn with the built-in tiles (${BUILTIN_TILESET_IMAGE}) by terrain. The map still plays.`,
      );
    }
    return null;
  }
  return { ...common, columns: 0, image: null, tiles };
}

/** Which local tile ids an art tileset draws (null: all of them) and which are animated. */
interface TileLookup {
  drawn: Set<number> | null;
  animated: Set<number>;
}

function lookupOf(set: ArtTileset): TileLookup {
  return {
    drawn: set.image ? null : new Set(set.tiles.filter((t) => t.image).map((t) => t.id)),
    animated: new Set(set.tiles.filter((t) => t.animation).map((t) => t.id)),
  };
}

// ------------------------------------------------------------------ tints

/** `#rgb`, `#rrggbb` or `#aarrggbb` as [a, r, g, b] in 0..255, or null. */
function parseColor(text: string): [number, number, number, number] | null {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text.trim());
  if (!m) return null;
  const hex = m[1].length === 6 ? `ff${m[1]}` : m[1];
  const n = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), n(6)];
}

/** Two tints multiplied channel by channel (as Tiled combines a group's tint with its layers'). */
export function combineTints(a: string | undefined, b: string | undefined): string | undefined {
  const ca = a ? parseColor(a) : null;
  const cb = b ? parseColor(b) : null;
  if (!ca) return cb ? b : undefined;
  if (!cb) return a;
  const mixed = ca.map((v, i) => Math.round((v * cb[i]) / 255));
  const hex = mixed.map((v) => v.toString(16).padStart(2, '0'));
  return mixed[0] === 255 ? `#${hex.slice(1).join('')}` : `#${hex.join('')}`;
}

// ------------------------------------------------------------------ the whole map

/** A layer's name, visibility, opacity, tint, parallax and offset (less `dx`, `dy` pixels) for the art. */
function artLayerBase(
  l: FlatTileLayer | FlatImageLayer,
  dx: number,
  dy: number,
): Omit<ArtImageLayer, 'type' | 'image' | 'repeatx' | 'repeaty'> {
  const out: Omit<ArtImageLayer, 'type' | 'image' | 'repeatx' | 'repeaty'> = {
    name: l.name,
    visible: l.visible,
    opacity: l.opacity,
    parallaxx: l.parallaxx,
    parallaxy: l.parallaxy,
    offsetx: l.offsetx - dx,
    offsety: l.offsety - dy,
  };
  if (l.tintcolor) out.tint = l.tintcolor;
  return out;
}

/** A composed tile layer and where the normalised map keeps it. */
export interface ArtLayerInput {
  layer: FlatTileLayer;
  grid: Uint32Array;
  tiledLayer: number;
}

export interface MapArtInput {
  table: TilesetTable;
  /** Every layer in drawing order: composed tile layers and image layers. */
  layers: (ArtLayerInput | FlatImageLayer)[];
  bounds: Bounds;
  tilewidth: number;
  tileheight: number;
  backgroundcolor?: string;
  parallaxoriginx?: unknown;
  parallaxoriginy?: unknown;
  mapPath?: string;
}

/**
 * The map in its own art, or undefined when no tileset, collection tile or image layer is
 * drawn with an image that came with the map. Warns about each image layer whose image
 * did not come.
 */
export function buildMapArt(
  input: MapArtInput,
  finder: ImageFinder,
  warnings: string[],
): MapArt | undefined {
  const { table, bounds } = input;
  const tilesets = table.sets.flatMap((s) => (s.art ? [s.art] : []));
  const layers: ArtLayer[] = [];
  const lookups = new Map(tilesets.map((t) => [t, lookupOf(t)]));
  let animatedSquares = 0;
  let own = tilesets.some((t) => !t.builtin);
  for (const entry of input.layers) {
    if ('kind' in entry) {
      const image = finder.find(entry.image, input.mapPath);
      if (!image) {
        warnings.push(
          entry.image
            ? `${entry.where} shows the image ${quote(entry.image)}, which did not come with the map, so it is not drawn.`
            : `${entry.where} is an image layer without an image; it is not drawn.`,
        );
        continue;
      }
      own = true;
      layers.push({
        type: 'imagelayer',
        ...artLayerBase(entry, bounds.x * input.tilewidth, bounds.y * input.tileheight),
        image,
        repeatx: entry.repeatx,
        repeaty: entry.repeaty,
      });
      continue;
    }
    const { layer, grid } = entry;
    const data = new Array<number>(grid.length);
    for (let i = 0; i < grid.length; i++) {
      const raw = grid[i];
      const gid = gidOf(raw);
      const set = gid === 0 ? undefined : table.find(gid);
      const lookup = set?.art ? lookups.get(set.art) : undefined;
      const local = set ? gid - set.firstgid : 0;
      if (!lookup || (lookup.drawn !== null && !lookup.drawn.has(local))) {
        data[i] = 0;
        continue;
      }
      data[i] = raw;
      if (lookup.animated.has(local)) animatedSquares++;
    }
    layers.push({
      type: 'tilelayer',
      ...artLayerBase(layer, layer.shiftX * input.tilewidth, layer.shiftY * input.tileheight),
      tiledLayer: entry.tiledLayer,
      data,
    });
  }
  if (!own) return undefined;
  const images = new Map<string, ArtImage>();
  for (const t of tilesets) {
    if (t.image && !t.builtin) images.set(t.image.key, t.image);
    for (const tile of t.tiles) if (tile.image) images.set(tile.image.key, tile.image);
  }
  for (const l of layers) if (l.type === 'imagelayer') images.set(l.image.key, l.image);
  const art: MapArt = {
    width: bounds.width,
    height: bounds.height,
    tilewidth: input.tilewidth,
    tileheight: input.tileheight,
    parallaxoriginx: finiteOr(input.parallaxoriginx, 0) - bounds.x * input.tilewidth,
    parallaxoriginy: finiteOr(input.parallaxoriginy, 0) - bounds.y * input.tileheight,
    tilesets,
    layers,
    images: [...images.values()],
    animatedSquares,
  };
  if (input.backgroundcolor) art.backgroundcolor = input.backgroundcolor;
  return art;
}

/** One summary line about the map's own art (what map:check and the Setup screen print). */
export function describeArt(art: MapArt): string {
  const sheets = art.tilesets
    .filter((t) => !t.builtin)
    .map((t) =>
      t.image
        ? `${t.name} (${t.image.path}, ${t.image.width} x ${t.image.height})`
        : `${t.name} (${t.tiles.filter((x) => x.image).length} images)`,
    );
  const parts = [`own tilesets: ${sheets.length ? sheets.join('; ') : 'none'}`];
  const backdrops = art.layers.filter((l): l is ArtImageLayer => l.type === 'imagelayer');
  if (backdrops.length > 0)
    parts.push(`image layers: ${backdrops.map((l) => `${l.name} (${l.image.path})`).join('; ')}`);
  if (art.animatedSquares > 0)
    parts.push(
      `animated tiles on ${art.animatedSquares} square${art.animatedSquares === 1 ? '' : 's'}`,
    );
  return `  Art: ${parts.join('; ')}`;
}
