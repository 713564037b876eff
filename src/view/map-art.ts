/**
 * How to draw a map in its own art (`LoadedMap.art`) with Phaser, worked out headless: the
 * Tiled JSON Phaser's parser reads (the map in its own tile size, tilesets renumbered, an
 * image collection turned into one atlas texture), each layer's opacity, tint, parallax and
 * offset, the shift that puts a tile taller than the grid where Tiled puts it (bottom-left),
 * the tile animations, and the normalised map cut down to the squares whose image is
 * missing (drawn with the built-in tiles). The board (board-view.ts, map-art-view.ts) does
 * what the plan says. No Phaser here: it is tested under vitest.
 */
import type {
  ArtImage,
  ArtTileLayer,
  ArtTileset,
  LoadedMap,
  NormalizedTiledMap,
  NormalizedTileLayer,
} from '../maps/types';

const GID_MASK = 0x0fffffff;
const FLAG_MASK = 0xe0000000;
/** Largest atlas built for an image collection (each side, pixels). */
export const MAX_ATLAS_SIDE = 4096;

/** One image of a collection placed in its atlas cell (bottom-left, as Tiled places it). */
export interface AtlasCell {
  image: ArtImage;
  /** The part of the image it shows. */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  /** Where it goes in the atlas. */
  dx: number;
  dy: number;
}

export interface AtlasPlan {
  key: string;
  width: number;
  height: number;
  cells: AtlasCell[];
}

/** A tileset as Phaser gets it, and where its texture comes from. */
export interface PlannedTileset {
  /** Its name in the planned Tiled JSON (unique). */
  name: string;
  firstgid: number;
  count: number;
  tilewidth: number;
  tileheight: number;
  margin: number;
  spacing: number;
  /** The texture: an image's key (a built-in one when `builtin` is set) or an atlas to build. */
  image: ArtImage | null;
  builtin?: string;
  atlas?: AtlasPlan;
  /** Art pixels to move its tiles by, so Phaser draws them where Tiled does. */
  shiftX: number;
  shiftY: number;
}

interface PlannedLayerBase {
  visible: boolean;
  opacity: number;
  /** 0xRRGGBB, or undefined for none (white). */
  tint?: number;
  parallaxx: number;
  parallaxy: number;
  offsetx: number;
  offsety: number;
}

export interface PlannedTileLayer extends PlannedLayerBase {
  kind: 'tile';
  name: string;
  /** Index of the layer in the planned Tiled JSON, or null when the art draws none of its squares. */
  artLayer: number | null;
  /** Index of the layer in the fallback map, or null when nothing of it falls back. */
  fallbackLayer: number | null;
}

export interface PlannedImageLayer extends PlannedLayerBase {
  kind: 'image';
  name: string;
  image: ArtImage;
  repeatx: boolean;
  repeaty: boolean;
}

export type PlannedLayer = PlannedTileLayer | PlannedImageLayer;

/** A tile animation in the planned numbering: the tiles showing `gid` cycle through `frames`. */
export interface PlannedAnimation {
  gid: number;
  frames: { gid: number; duration: number }[];
  total: number;
}

export interface ArtPlan {
  /** World pixels per art pixel. */
  scaleX: number;
  scaleY: number;
  width: number;
  height: number;
  tilewidth: number;
  tileheight: number;
  /** The map in its own art for Phaser's Tiled parser. */
  tiled: Record<string, unknown>;
  tilesets: PlannedTileset[];
  layers: PlannedLayer[];
  animations: PlannedAnimation[];
  /** The normalised map with only the squares the art cannot draw, or null when there are none. */
  fallback: NormalizedTiledMap | null;
  fallbackSquares: number;
  backgroundcolor?: number;
  parallaxoriginx: number;
  parallaxoriginy: number;
}

/** `#rrggbb` / `#aarrggbb` as an RGB number and an alpha in 0..1, or null. */
export function parseTint(text: string | undefined): { rgb: number; alpha: number } | null {
  if (!text) return null;
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i.exec(text.trim());
  if (!m) return null;
  const hex = m[1].length === 6 ? `ff${m[1]}` : m[1];
  return { rgb: parseInt(hex.slice(2), 16), alpha: parseInt(hex.slice(0, 2), 16) / 255 };
}

/** The gid a planned animation shows `ms` milliseconds into its loop. */
export function frameAt(anim: PlannedAnimation, ms: number): number {
  let t = ((ms % anim.total) + anim.total) % anim.total;
  for (const f of anim.frames) {
    if (t < f.duration) return f.gid;
    t -= f.duration;
  }
  return anim.frames[anim.frames.length - 1].gid;
}

/** The atlas of a collection's images that came, or null when it would be too big. */
function atlasFor(
  set: ArtTileset,
  has: (image: ArtImage) => boolean,
): {
  atlas: AtlasPlan;
  cellW: number;
  cellH: number;
  /** Cells in the atlas (columns x rows: some may be empty), as Phaser counts its tiles. */
  capacity: number;
  cellOf: Map<number, number>;
} | null {
  const tiles = set.tiles.filter((t) => t.image && has(t.image));
  if (tiles.length === 0) return null;
  const size = (t: (typeof tiles)[number]) => ({
    w: t.rect?.width ?? t.image!.width,
    h: t.rect?.height ?? t.image!.height,
  });
  const cellW = Math.max(...tiles.map((t) => size(t).w));
  const cellH = Math.max(...tiles.map((t) => size(t).h));
  const columns = Math.ceil(Math.sqrt(tiles.length));
  const rows = Math.ceil(tiles.length / columns);
  if (columns * cellW > MAX_ATLAS_SIDE || rows * cellH > MAX_ATLAS_SIDE) return null;
  const cellOf = new Map<number, number>();
  const cells = tiles.map((t, k) => {
    cellOf.set(t.id, k);
    const { w, h } = size(t);
    return {
      image: t.image!,
      sx: t.rect?.x ?? 0,
      sy: t.rect?.y ?? 0,
      sw: w,
      sh: h,
      dx: (k % columns) * cellW,
      dy: Math.floor(k / columns) * cellH + cellH - h,
    };
  });
  return {
    atlas: {
      key: `atlas:${tiles[0].image!.key}:${set.firstgid}`,
      width: columns * cellW,
      height: rows * cellH,
      cells,
    },
    cellW,
    cellH,
    capacity: columns * rows,
    cellOf,
  };
}

interface Renumbered {
  set: ArtTileset;
  planned: PlannedTileset;
  /** Local id -> local id in the planned tileset (collections), or null (the same). */
  cellOf: Map<number, number> | null;
}

/**
 * The plan for drawing `loaded` in its own art, or null when it has no art. `has` tells
 * whether an image is there to draw (decoded, or a built-in texture); an image that is not
 * leaves its squares to the built-in tiles. `worldTile` is the board's pixels per square.
 */
export function planMapArt(
  loaded: LoadedMap,
  has: (image: ArtImage, builtin?: string) => boolean,
  worldTile = 32,
): ArtPlan | null {
  const art = loaded.art;
  if (!art) return null;
  const renumbered: Renumbered[] = [];
  let next = 1;
  art.tilesets.forEach((set, i) => {
    const common = {
      name: `art-${i}`,
      firstgid: next,
      margin: set.margin,
      spacing: set.spacing,
      shiftX: set.offsetx,
    };
    if (set.image) {
      if (!has(set.image, set.builtin)) return;
      const planned: PlannedTileset = {
        ...common,
        count: set.tilecount,
        tilewidth: set.tilewidth,
        tileheight: set.tileheight,
        image: set.image,
        shiftY: art.tileheight - set.tileheight + set.offsety,
      };
      if (set.builtin) planned.builtin = set.builtin;
      renumbered.push({ set, planned, cellOf: null });
      next += set.tilecount;
      return;
    }
    const atlas = atlasFor(set, (img) => has(img));
    if (!atlas) return;
    renumbered.push({
      set,
      planned: {
        ...common,
        margin: 0,
        spacing: 0,
        count: atlas.capacity,
        tilewidth: atlas.cellW,
        tileheight: atlas.cellH,
        image: null,
        atlas: atlas.atlas,
        shiftY: art.tileheight - atlas.cellH + set.offsety,
      },
      cellOf: atlas.cellOf,
    });
    next += atlas.capacity;
  });
  const sorted = [...renumbered].sort((a, b) => a.set.firstgid - b.set.firstgid);
  const find = (gid: number): Renumbered | undefined => {
    for (let i = sorted.length - 1; i >= 0; i--) {
      const r = sorted[i];
      if (gid >= r.set.firstgid) return gid < r.set.firstgid + r.set.tilecount ? r : undefined;
    }
    return undefined;
  };
  const newGid = (r: Renumbered, local: number): number | null => {
    const cell = r.cellOf ? r.cellOf.get(local) : local;
    return cell === undefined ? null : r.planned.firstgid + cell;
  };

  const tiledLayers: Record<string, unknown>[] = [];
  const layers: PlannedLayer[] = [];
  const fallback: NormalizedTiledMap = structuredClone(loaded.tiled);
  const fallbackUsed = new Set<number>();
  let fallbackSquares = 0;
  const masked = new Set<number>();
  for (const layer of art.layers) {
    const tint = parseTint(layer.tint);
    const base = {
      name: layer.name,
      visible: layer.visible,
      opacity: layer.opacity * (tint?.alpha ?? 1),
      parallaxx: layer.parallaxx,
      parallaxy: layer.parallaxy,
      offsetx: layer.offsetx,
      offsety: layer.offsety,
      ...(tint && tint.rgb !== 0xffffff ? { tint: tint.rgb } : {}),
    };
    if (layer.type === 'imagelayer') {
      if (!has(layer.image)) continue;
      layers.push({
        ...base,
        kind: 'image',
        image: layer.image,
        repeatx: layer.repeatx,
        repeaty: layer.repeaty,
      });
      continue;
    }
    const data = remapLayer(layer, find, newGid);
    const normal = fallback.layers[layer.tiledLayer] as NormalizedTileLayer | undefined;
    let fellBack = 0;
    if (normal && normal.type === 'tilelayer') {
      masked.add(layer.tiledLayer);
      for (let i = 0; i < normal.data.length; i++) {
        if (data[i] !== 0) normal.data[i] = 0;
        else if (normal.data[i] !== 0) fellBack++;
      }
    }
    if (fellBack > 0) fallbackUsed.add(layer.tiledLayer);
    fallbackSquares += fellBack;
    const drawn = data.some((g) => g !== 0);
    if (drawn) {
      tiledLayers.push({
        type: 'tilelayer',
        id: tiledLayers.length + 1,
        name: `art-layer-${tiledLayers.length}`,
        width: art.width,
        height: art.height,
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        data,
      });
    }
    layers.push({
      ...base,
      kind: 'tile',
      artLayer: drawn ? tiledLayers.length - 1 : null,
      fallbackLayer: fellBack > 0 ? layer.tiledLayer : null,
    });
  }
  // Tile layers of the normalised map that the art does not know are left as they are.
  for (let i = 0; i < fallback.layers.length; i++) {
    const l = fallback.layers[i];
    if (l.type === 'tilelayer' && !masked.has(i) && l.data.some((g) => g !== 0)) {
      fallbackUsed.add(i);
      layers.push({
        kind: 'tile',
        name: l.name,
        visible: l.visible !== false,
        opacity: l.opacity ?? 1,
        parallaxx: 1,
        parallaxy: 1,
        offsetx: 0,
        offsety: 0,
        artLayer: null,
        fallbackLayer: i,
      });
    }
  }

  const animations: PlannedAnimation[] = [];
  for (const r of renumbered) {
    for (const t of r.set.tiles) {
      if (!t.animation) continue;
      const gid = newGid(r, t.id);
      if (gid === null) continue;
      const frames = t.animation.flatMap((f) => {
        const g = newGid(r, f.tileid);
        return g === null ? [] : [{ gid: g, duration: f.duration }];
      });
      if (frames.length < 2) continue;
      animations.push({ gid, frames, total: frames.reduce((n, f) => n + f.duration, 0) });
    }
  }

  const tiled: Record<string, unknown> = {
    type: 'map',
    version: '1.10',
    tiledversion: '1.10.2',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    width: art.width,
    height: art.height,
    tilewidth: art.tilewidth,
    tileheight: art.tileheight,
    nextlayerid: tiledLayers.length + 1,
    nextobjectid: 1,
    layers: tiledLayers,
    tilesets: renumbered.map((r) => ({
      firstgid: r.planned.firstgid,
      name: r.planned.name,
      tilewidth: r.planned.tilewidth,
      tileheight: r.planned.tileheight,
      margin: r.planned.margin,
      spacing: r.planned.spacing,
      tilecount: r.planned.count,
      columns: r.planned.atlas
        ? Math.round(r.planned.atlas.width / r.planned.tilewidth)
        : r.set.columns,
      image: r.planned.atlas ? r.planned.atlas.key : (r.planned.image?.key ?? ''),
      imagewidth: r.planned.atlas?.width ?? r.planned.image?.width ?? 0,
      imageheight: r.planned.atlas?.height ?? r.planned.image?.height ?? 0,
    })),
  };
  const plan: ArtPlan = {
    scaleX: worldTile / art.tilewidth,
    scaleY: worldTile / art.tileheight,
    width: art.width,
    height: art.height,
    tilewidth: art.tilewidth,
    tileheight: art.tileheight,
    tiled,
    tilesets: renumbered.map((r) => r.planned),
    layers,
    animations,
    fallback: fallbackUsed.size > 0 ? fallback : null,
    fallbackSquares,
    parallaxoriginx: art.parallaxoriginx,
    parallaxoriginy: art.parallaxoriginy,
  };
  const bg = parseTint(art.backgroundcolor);
  if (bg) plan.backgroundcolor = bg.rgb;
  return plan;
}

/** A layer's gids in the planned numbering (0 where its image is not there). */
function remapLayer(
  layer: ArtTileLayer,
  find: (gid: number) => Renumbered | undefined,
  newGid: (r: Renumbered, local: number) => number | null,
): number[] {
  const out = new Array<number>(layer.data.length);
  for (let i = 0; i < layer.data.length; i++) {
    const raw = layer.data[i];
    const gid = (raw & GID_MASK) >>> 0;
    const r = gid === 0 ? undefined : find(gid);
    const g = r ? newGid(r, gid - r.set.firstgid) : null;
    out[i] = g === null ? 0 : (g | (raw & FLAG_MASK)) >>> 0;
  }
  return out;
}
