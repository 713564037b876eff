/**
 * A small picture of a map for the Setup screen, drawn once into a canvas with the same
 * plan the board follows (map-art.ts): the map's own art where its images came, else the
 * built-in tiles, with flips as Tiled draws them (the diagonal flip first, then the
 * horizontal and vertical ones) and tiles taller than the grid bottom-aligned. Animated
 * tiles show their first frame. Plain canvas drawing, so it looks the same under the WebGL
 * and the Canvas renderer, and a big map costs one drawing, not one per frame.
 */
import type Phaser from 'phaser';
import type { LoadedMap, NormalizedTiledMap } from '../maps/types';
import { mapImage } from '../app/map-images';
import { planMapArt, type PlannedTileset } from './map-art';
import { atlasCanvas, tilesetTextureKey } from './map-art-view';

const FLIP_H = 0x80000000;
const FLIP_V = 0x40000000;
const FLIP_D = 0x20000000;
const GID_MASK = 0x0fffffff;

type Source = CanvasImageSource & { width: number; height: number };

/** A tileset to draw from: the plan's geometry, its columns and its image. */
type DrawSet = Pick<
  PlannedTileset,
  'firstgid' | 'count' | 'tilewidth' | 'tileheight' | 'margin' | 'spacing' | 'shiftX' | 'shiftY'
> & { columns: number; source: Source };

/** Draws one layer of gids (row-major, `width` squares a row) at `scale` pixels per art pixel. */
function drawLayer(
  ctx: CanvasRenderingContext2D,
  data: readonly number[],
  width: number,
  sets: readonly DrawSet[],
  tileW: number,
  tileH: number,
  scale: number,
  ox: number,
  oy: number,
): void {
  for (let i = 0; i < data.length; i++) {
    const raw = data[i];
    const gid = (raw & GID_MASK) >>> 0;
    if (gid === 0) continue;
    const set = sets.find((s) => gid >= s.firstgid && gid < s.firstgid + s.count);
    if (!set) continue;
    const local = gid - set.firstgid;
    const columns = Math.max(1, set.columns);
    const sx = set.margin + (local % columns) * (set.tilewidth + set.spacing);
    const sy = set.margin + Math.floor(local / columns) * (set.tileheight + set.spacing);
    if (sx + set.tilewidth > set.source.width || sy + set.tileheight > set.source.height) continue;
    const x = ox + ((i % width) * tileW + set.shiftX) * scale;
    const y = oy + (Math.floor(i / width) * tileH + set.shiftY) * scale;
    const w = set.tilewidth * scale;
    const h = set.tileheight * scale;
    ctx.save();
    ctx.translate(x + w / 2, y + h / 2);
    ctx.scale(raw & FLIP_H ? -1 : 1, raw & FLIP_V ? -1 : 1);
    if (raw & FLIP_D) ctx.transform(0, 1, 1, 0, 0, 0);
    ctx.drawImage(set.source, sx, sy, set.tilewidth, set.tileheight, -w / 2, -h / 2, w, h);
    ctx.restore();
  }
}

function builtinSource(scene: Phaser.Scene, path: string): Source | null {
  const key = tilesetTextureKey(path);
  if (!scene.textures.exists(key)) return null;
  return scene.textures.get(key).getSourceImage() as Source;
}

/** Built-in tilesets of a normalised map as drawing sets (32 x 32 tiles). */
function normalizedSets(scene: Phaser.Scene, tiled: NormalizedTiledMap): DrawSet[] {
  return tiled.tilesets.flatMap((ts) => {
    const source = builtinSource(scene, ts.image);
    if (!source) return [];
    return [
      {
        firstgid: ts.firstgid,
        count: ts.tilecount,
        tilewidth: ts.tilewidth,
        tileheight: ts.tileheight,
        margin: ts.margin ?? 0,
        spacing: ts.spacing ?? 0,
        columns: ts.columns,
        source,
        shiftX: 0,
        shiftY: 0,
      },
    ];
  });
}

/**
 * A canvas `width` x `height` pixels (at most) showing the map, or null when nothing could
 * be drawn (no tile image at all: the caller draws terrain colours).
 */
export function drawMapThumbnail(
  scene: Phaser.Scene,
  loaded: LoadedMap,
  maxWidth: number,
  maxHeight: number,
): HTMLCanvasElement | null {
  const map = loaded.battleMap;
  const unit = Math.min(maxWidth / map.width, maxHeight / map.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(map.width * unit));
  canvas.height = Math.max(1, Math.round(map.height * unit));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingEnabled = unit < 8;
  const plan = planMapArt(loaded, (image, builtin) =>
    builtin ? builtinSource(scene, builtin) !== null : mapImage(image.key) !== undefined,
  );
  const builtinSets = normalizedSets(scene, plan?.fallback ?? loaded.tiled);
  let drew = false;
  if (!plan) {
    if (builtinSets.length === 0) return null;
    for (const l of loaded.tiled.layers) {
      if (l.type !== 'tilelayer' || l.visible === false) continue;
      ctx.globalAlpha = l.opacity ?? 1;
      drawLayer(ctx, l.data, map.width, builtinSets, 32, 32, unit / 32, 0, 0);
      drew = true;
    }
    return drew ? canvas : null;
  }
  const scale = unit / plan.tilewidth;
  if (plan.backgroundcolor !== undefined) {
    ctx.fillStyle = `#${plan.backgroundcolor.toString(16).padStart(6, '0')}`;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  const artSets: DrawSet[] = plan.tilesets.flatMap((t) => {
    const source: Source | null = t.atlas
      ? atlasCanvas(t.atlas)
      : t.builtin
        ? builtinSource(scene, t.builtin)
        : (mapImage(t.image!.key) ?? null);
    if (!source) return [];
    return [
      {
        firstgid: t.firstgid,
        count: t.count,
        tilewidth: t.tilewidth,
        tileheight: t.tileheight,
        margin: t.margin,
        spacing: t.spacing,
        columns: t.atlas
          ? Math.round(t.atlas.width / t.tilewidth)
          : Math.floor((source.width - 2 * t.margin + t.spacing) / (t.tilewidth + t.spacing)),
        source,
        shiftX: t.shiftX,
        shiftY: t.shiftY,
      },
    ];
  });
  const artLayers = (plan.tiled.layers as { data: number[] }[]) ?? [];
  for (const layer of plan.layers) {
    if (!layer.visible) continue;
    ctx.globalAlpha = layer.opacity;
    const ox = layer.offsetx * scale;
    const oy = layer.offsety * scale;
    if (layer.kind === 'image') {
      const img = mapImage(layer.image.key);
      if (img) ctx.drawImage(img, ox, oy, layer.image.width * scale, layer.image.height * scale);
      continue;
    }
    const fb =
      layer.fallbackLayer !== null ? plan.fallback?.layers[layer.fallbackLayer] : undefined;
    if (fb && fb.type === 'tilelayer')
      drawLayer(ctx, fb.data, map.width, builtinSets, 32, 32, unit / 32, ox, oy);
    if (layer.artLayer !== null) {
      const data = artLayers[layer.artLayer]?.data ?? [];
      drawLayer(ctx, data, map.width, artSets, plan.tilewidth, plan.tileheight, scale, ox, oy);
    }
    drew = true;
  }
  ctx.globalAlpha = 1;
  return drew ? canvas : null;
}
