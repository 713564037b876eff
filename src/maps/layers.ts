/**
 * Layers: flattening groups (names joined with "/", offsets added, visibility, opacity,
 * tint and parallax combined, group properties inherited for the rules), decoding tile data
 * of finite and infinite maps into "pieces", and composing pieces into one full grid per
 * layer. Image layers are kept for the map's own art.
 */
import { combineTints } from './art';
import { LIMITS } from './constants';
import { checkEncoding, decodeTileData, gidOf } from './decode';
import { fail, quote } from './errors';
import { readProperties, type PropertyBag } from './properties';
import {
  check,
  ChunkSchema,
  GroupLayerSchema,
  ImageLayerSchema,
  LayerHeadSchema,
  ObjectLayerSchema,
  TileLayerSchema,
  type RawChunk,
  type RawMap,
  type RawTileLayer,
} from './schema';
import type { TilesetTable } from './tilesets';

/** A rectangle of raw gids in Tiled's tile coordinates (before any offset). */
export interface Piece {
  x: number;
  y: number;
  width: number;
  height: number;
  gids: Uint32Array;
}

interface FlatBase {
  /** Full name: group names and the layer name joined with "/". */
  name: string;
  where: string;
  id: number;
  visible: boolean;
  opacity: number;
  /** Pixel offset including all parent groups, in the map's tile size. */
  offsetx: number;
  offsety: number;
  /** The layer's own properties (kept in the normalised map). */
  own: PropertyBag;
  /** Own properties over inherited group properties (used by the rules). */
  rules: PropertyBag;
  className?: string;
  /** Tint with the groups' tints multiplied in. */
  tintcolor?: string;
  /** Parallax factors with the groups' factors multiplied in. */
  parallaxx: number;
  parallaxy: number;
}

export interface FlatTileLayer extends FlatBase {
  kind: 'tile';
  pieces: Piece[];
  /** Whole squares the offset moves the tiles by. */
  shiftX: number;
  shiftY: number;
}

export interface FlatObjectLayer extends FlatBase {
  kind: 'object';
  objects: readonly unknown[];
  draworder: 'topdown' | 'index';
}

/** An image layer (drawn only in the map's own art, never read by the rules). */
export interface FlatImageLayer extends FlatBase {
  kind: 'image';
  /** The image as the map names it (relative to the map). */
  image: string;
  repeatx: boolean;
  repeaty: boolean;
}

export type FlatLayer = FlatTileLayer | FlatObjectLayer | FlatImageLayer;

interface GroupState {
  prefix: string;
  offsetx: number;
  offsety: number;
  visible: boolean;
  opacity: number;
  tint?: string;
  parallaxx: number;
  parallaxy: number;
  rules: PropertyBag;
  depth: number;
}

interface Budget {
  layers: number;
  tileLayers: number;
  objects: number;
  cells: number;
}

function mergeBags(parent: PropertyBag, own: PropertyBag): PropertyBag {
  const values = new Map(parent.values);
  for (const [k, v] of own.values) values.set(k, v);
  return { values, list: own.list };
}

/** What every flat layer has: its own fields combined with its groups'. */
function flatBase(
  group: GroupState,
  layer: {
    id?: number;
    visible: boolean;
    opacity: number;
    offsetx: number;
    offsety: number;
    class?: string;
    tintcolor?: string;
    parallaxx: number;
    parallaxy: number;
  },
  name: string,
  where: string,
  own: PropertyBag,
): FlatBase {
  return {
    name,
    where,
    id: layer.id ?? 0,
    visible: group.visible && layer.visible,
    opacity: group.opacity * layer.opacity,
    offsetx: group.offsetx + layer.offsetx,
    offsety: group.offsety + layer.offsety,
    own,
    rules: mergeBags(group.rules, own),
    className: layer.class,
    tintcolor: combineTints(group.tint, layer.tintcolor),
    parallaxx: group.parallaxx * layer.parallaxx,
    parallaxy: group.parallaxy * layer.parallaxy,
  };
}

/**
 * Flattens the map's layer tree into tile and object layers in drawing order, decoding
 * all tile data. Throws a MapError naming the layer for any structural problem or limit.
 */
export function flattenLayers(map: RawMap, maxSize: number, warnings: string[]): FlatLayer[] {
  const out: FlatLayer[] = [];
  const budget: Budget = { layers: 0, tileLayers: 0, objects: 0, cells: 0 };
  const root: GroupState = {
    prefix: '',
    offsetx: 0,
    offsety: 0,
    visible: true,
    opacity: 1,
    parallaxx: 1,
    parallaxy: 1,
    rules: { values: new Map(), list: [] },
    depth: 0,
  };
  walk(map.layers, root, map, maxSize, warnings, out, budget);
  return out;
}

function walk(
  layers: readonly unknown[],
  group: GroupState,
  map: RawMap,
  maxSize: number,
  warnings: string[],
  out: FlatLayer[],
  budget: Budget,
): void {
  layers.forEach((raw, i) => {
    budget.layers++;
    if (budget.layers > LIMITS.maxLayers) {
      fail(`The map has more than ${LIMITS.maxLayers} layers; the game accepts at most that many.`);
    }
    const label = `Layer ${group.prefix ? `${quote(group.prefix.slice(0, -1))}/` : ''}${i + 1}`;
    const head = check(LayerHeadSchema, raw, label);
    const name = `${group.prefix}${head.name}`;
    const where = head.name ? `Layer ${quote(name)}` : label;
    if (head.type === 'tilelayer') {
      const layer = check(TileLayerSchema, raw, where);
      budget.tileLayers++;
      if (budget.tileLayers > LIMITS.maxTileLayers) {
        fail(
          `The map has more than ${LIMITS.maxTileLayers} tile layers; merge some of them in Tiled.`,
        );
      }
      const own = readProperties(layer.properties, where, warnings);
      const offsetx = group.offsetx + layer.offsetx;
      const offsety = group.offsety + layer.offsety;
      const shiftX = Math.round(offsetx / map.tilewidth);
      const shiftY = Math.round(offsety / map.tileheight);
      if (shiftX * map.tilewidth !== offsetx || shiftY * map.tileheight !== offsety) {
        warnings.push(
          `${where} is offset by ${offsetx} x ${offsety} pixels, not whole tiles; the rules use the nearest square.`,
        );
      }
      checkEncoding(where, layer.encoding, layer.compression);
      const pieces = decodePieces(layer, where, map, maxSize, budget);
      if (!(group.visible && layer.visible) && pieces.some((p) => p.gids.some((g) => g !== 0))) {
        warnings.push(
          `${where} is hidden in Tiled but still counts for the game's terrain; delete it if it should not.`,
        );
      }
      out.push({
        kind: 'tile',
        ...flatBase(group, layer, name, where, own),
        pieces,
        shiftX,
        shiftY,
      });
    } else if (head.type === 'objectgroup') {
      const layer = check(ObjectLayerSchema, raw, where);
      budget.objects += layer.objects.length;
      if (budget.objects > LIMITS.maxObjects) {
        fail(
          `The map has more than ${LIMITS.maxObjects} objects; the game accepts at most that many.`,
        );
      }
      const own = readProperties(layer.properties, where, warnings);
      if (!(group.visible && layer.visible) && layer.objects.length > 0) {
        warnings.push(
          `${where} is hidden in Tiled but its objects still count for the game; delete them if they should not.`,
        );
      }
      out.push({
        kind: 'object',
        ...flatBase(group, layer, name, where, own),
        objects: layer.objects,
        draworder: layer.draworder === 'index' ? 'index' : 'topdown',
      });
    } else if (head.type === 'group') {
      const layer = check(GroupLayerSchema, raw, where);
      if (group.depth + 1 > LIMITS.maxGroupDepth) {
        fail(
          `${where} is nested more than ${LIMITS.maxGroupDepth} groups deep; flatten some groups in Tiled.`,
        );
      }
      const own = readProperties(layer.properties, where, warnings);
      walk(
        layer.layers,
        {
          prefix: `${name}/`,
          offsetx: group.offsetx + layer.offsetx,
          offsety: group.offsety + layer.offsety,
          visible: group.visible && layer.visible,
          opacity: group.opacity * layer.opacity,
          tint: combineTints(group.tint, layer.tintcolor),
          parallaxx: group.parallaxx * layer.parallaxx,
          parallaxy: group.parallaxy * layer.parallaxy,
          rules: mergeBags(group.rules, own),
          depth: group.depth + 1,
        },
        map,
        maxSize,
        warnings,
        out,
        budget,
      );
    } else if (head.type === 'imagelayer') {
      const layer = check(ImageLayerSchema, raw, where);
      const own = readProperties(layer.properties, where, warnings);
      out.push({
        kind: 'image',
        ...flatBase(group, layer, name, where, own),
        image: layer.image,
        repeatx: layer.repeatx,
        repeaty: layer.repeaty,
      });
    } else {
      warnings.push(`${where} has the unknown layer type ${quote(head.type)} and was ignored.`);
    }
  });
}

function spend(budget: Budget, cells: number, maxSize: number, where: string): void {
  budget.cells += cells;
  if (budget.cells > LIMITS.maxTileLayers * maxSize * maxSize) {
    fail(
      `${where}: the map holds more tile data than the game accepts (maps are at most ${maxSize} x ${maxSize} squares).`,
    );
  }
}

function decodePieces(
  layer: RawTileLayer,
  where: string,
  map: RawMap,
  maxSize: number,
  budget: Budget,
): Piece[] {
  const ctxBase = { encoding: layer.encoding, compression: layer.compression };
  if (layer.chunks !== undefined) {
    if (layer.chunks.length > LIMITS.maxChunks) {
      fail(
        `${where} has ${layer.chunks.length} chunks; the game accepts at most ${LIMITS.maxChunks}. Make the map smaller.`,
      );
    }
    const chunks: RawChunk[] = layer.chunks.map((c, j) =>
      check(ChunkSchema, c, `${where} chunk ${j + 1}`),
    );
    let area = 0;
    for (const c of chunks) {
      if (c.width > maxSize || c.height > maxSize) {
        fail(
          `${where}: a chunk at ${c.x},${c.y} is ${c.width} x ${c.height} tiles; chunks may be at most ${maxSize} x ${maxSize}.`,
        );
      }
      area += c.width * c.height;
    }
    if (area > 4 * maxSize * maxSize) {
      fail(
        `${where}: its chunks cover ${area} squares, far more than a ${maxSize} x ${maxSize} map. Make the map smaller.`,
      );
    }
    spend(budget, area, maxSize, where);
    return chunks.map((c) => ({
      x: c.x,
      y: c.y,
      width: c.width,
      height: c.height,
      gids: decodeTileData(c.data, c.width * c.height, {
        ...ctxBase,
        where: `${where} chunk at ${c.x},${c.y}`,
        sizeText: `the chunk is ${c.width} x ${c.height} = ${c.width * c.height} squares`,
      }),
    }));
  }
  if (layer.data === undefined) {
    fail(`${where} has no tile data. Save the map again from Tiled.`);
  }
  const width = layer.width ?? map.width;
  const height = layer.height ?? map.height;
  if (width > maxSize || height > maxSize) {
    fail(`${where} is ${width} x ${height} squares; maps may be at most ${maxSize} x ${maxSize}.`);
  }
  if (!map.infinite && (width !== map.width || height !== map.height)) {
    fail(
      `${where} is ${width} x ${height} squares but the map is ${map.width} x ${map.height}. Save the map again from Tiled.`,
    );
  }
  spend(budget, width * height, maxSize, where);
  return [
    {
      x: map.infinite ? (layer.startx ?? 0) : 0,
      y: map.infinite ? (layer.starty ?? 0) : 0,
      width,
      height,
      gids: decodeTileData(layer.data, width * height, {
        ...ctxBase,
        where,
        sizeText: `the layer is ${width} x ${height} = ${width * height} squares`,
      }),
    },
  ];
}

/**
 * Checks every painted tile against the tilesets; throws a MapError naming the layer and
 * the tile's x,y (as Tiled shows them) for an id no tileset has.
 */
export function checkTileIds(layers: readonly FlatLayer[], table: TilesetTable): void {
  for (const layer of layers) {
    if (layer.kind !== 'tile') continue;
    for (const p of layer.pieces) {
      for (let i = 0; i < p.gids.length; i++) {
        const raw = p.gids[i];
        if (raw === 0) continue;
        const gid = gidOf(raw);
        if (gid === 0) continue;
        if (!table.find(gid)) {
          const x = p.x + (i % p.width);
          const y = p.y + Math.floor(i / p.width);
          const missing = table.missingFor(gid);
          if (missing) {
            fail(
              `${layer.where}: the tile at x ${x}, y ${y} (id ${gid}) comes from the external tileset ${quote(missing.source)}, which was not supplied. ` +
                'Load that tileset file (.tsx or .tsj) together with the map, or embed it in Tiled with Map > Embed Tilesets.',
            );
          }
          fail(
            `${layer.where}: the tile at x ${x}, y ${y} has id ${gid}, ${table.rangesText()}. ` +
              'Erase that tile, or add its tileset back to the map in Tiled.',
          );
        }
      }
    }
  }
}

/** The squares the map covers, in Tiled tile coordinates. */
export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The bounds of the playable map: the map size for finite maps, or the smallest rectangle
 * holding every painted tile (after whole-square offsets) for infinite maps. Throws a
 * MapError when nothing is painted or the size is outside minSize..maxSize.
 */
export function mapBounds(
  layers: readonly FlatLayer[],
  map: RawMap,
  maxSize: number,
  minSize: number,
): Bounds {
  const tileLayers = layers.filter((l): l is FlatTileLayer => l.kind === 'tile');
  if (tileLayers.length === 0) {
    fail(
      'The map has no tile layers. Add a tile layer in Tiled (Layer > New > Tile Layer) and paint the dungeon floor and walls.',
    );
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const l of tileLayers) {
    for (const p of l.pieces) {
      for (let i = 0; i < p.gids.length; i++) {
        if (gidOf(p.gids[i]) === 0) continue;
        const x = p.x + (i % p.width) + l.shiftX;
        const y = p.y + Math.floor(i / p.width) + l.shiftY;
        if (x < minX) minX = x;
        if (y < minY) minY = y;
        if (x > maxX) maxX = x;
        if (y > maxY) maxY = y;
      }
    }
  }
  if (minX === Infinity) {
    fail(
      "The map's tile layers are all empty. Paint the dungeon floor and walls in Tiled, then save again.",
    );
  }
  if (!map.infinite) {
    return { x: 0, y: 0, width: map.width, height: map.height };
  }
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  if (width > maxSize || height > maxSize) {
    fail(
      `The painted part of this infinite map is ${width} x ${height} squares; maps may be at most ${maxSize} x ${maxSize}. Erase stray tiles far from the dungeon.`,
    );
  }
  if (width < minSize || height < minSize) {
    fail(
      `The painted part of this infinite map is only ${width} x ${height} squares; maps must be at least ${minSize} x ${minSize}.`,
    );
  }
  return { x: minX, y: minY, width, height };
}

/**
 * One full row-major grid of raw gids (flags kept) per tile layer, cut to `bounds`.
 * Tiles that an offset moves off the map are dropped with a warning.
 */
export function composeLayer(
  layer: FlatTileLayer,
  bounds: Bounds,
  warnings: string[],
): Uint32Array {
  const grid = new Uint32Array(bounds.width * bounds.height);
  let dropped = 0;
  for (const p of layer.pieces) {
    for (let i = 0; i < p.gids.length; i++) {
      const raw = p.gids[i];
      if (gidOf(raw) === 0) continue;
      const x = p.x + (i % p.width) + layer.shiftX - bounds.x;
      const y = p.y + Math.floor(i / p.width) + layer.shiftY - bounds.y;
      if (x < 0 || y < 0 || x >= bounds.width || y >= bounds.height) {
        dropped++;
        continue;
      }
      grid[y * bounds.width + x] = raw;
    }
  }
  if (dropped > 0) {
    warnings.push(
      `${layer.where}: ${dropped} tile(s) lie outside the map (moved by the layer offset) and were ignored.`,
    );
  }
  return grid;
}
