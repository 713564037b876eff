/**
 * Draws a map in its own art with Phaser, as planned by map-art.ts: the player's images as
 * textures (an image collection packed into one atlas), one Phaser tilemap in the map's own
 * tile size scaled to the board, the built-in tiles where an image is missing, image layers
 * as backdrops, layer opacity (both renderers), tint (WebGL only: Phaser's Canvas renderer
 * draws no tint), parallax (Tiled's formula: a layer moves by (view centre - parallax origin)
 * x (1 - factor)), tiles taller than the grid bottom-aligned as in Tiled, and Tiled tile
 * animations (water, torches), run here so that both renderers animate them.
 */
import Phaser from 'phaser';
import { mapImage } from '../app/map-images';
import type { ArtImage, LoadedMap } from '../maps/types';
import {
  frameAt,
  planMapArt,
  type ArtPlan,
  type AtlasPlan,
  type PlannedAnimation,
} from './map-art';

/** Texture key of a built-in tileset image path (as the loader writes it). */
export function tilesetTextureKey(imagePath: string): string {
  return `tileset:${imagePath}`;
}

let mapCounter = 0;

/** How the art of one board was drawn (for the automation API and the tests). */
export interface MapArtStats {
  /** Phaser layers made from the map's own art (tile and image layers). */
  artLayers: number;
  /** Squares drawn with the built-in tiles because their image is missing. */
  fallbackSquares: number;
  /** Tiles animated (squares over all layers). */
  animatedTiles: number;
  /** World pixels per art pixel. */
  scale: number;
}

interface Parallax {
  object: Phaser.GameObjects.Components.Transform;
  x: number;
  y: number;
  fx: number;
  fy: number;
}

interface Animated {
  anim: PlannedAnimation;
  tiles: Phaser.Tilemaps.Tile[];
  shown: number;
}

/**
 * Adds a tilemap made from Tiled JSON (already normalised) to the scene; null when Phaser
 * cannot read it. The JSON is removed from the cache once the tilemap holds it.
 */
export function makeTilemap(
  scene: Phaser.Scene,
  data: object,
  prefix: string,
): Phaser.Tilemaps.Tilemap | null {
  const key = `${prefix}-${++mapCounter}`;
  try {
    scene.cache.tilemap.add(key, { format: Phaser.Tilemaps.Formats.TILED_JSON, data });
    return scene.make.tilemap({ key });
  } catch {
    return null;
  } finally {
    scene.cache.tilemap.remove(key);
  }
}

export class MapArtView {
  readonly stats: MapArtStats;
  private readonly parallax: Parallax[] = [];
  private readonly animated: Animated[] = [];
  private readonly plan: ArtPlan;

  private constructor(plan: ArtPlan) {
    this.plan = plan;
    this.stats = {
      artLayers: 0,
      fallbackSquares: plan.fallbackSquares,
      animatedTiles: 0,
      scale: plan.scaleX,
    };
  }

  /**
   * Draws `loaded` in its own art into `into` (a board of `worldTile` pixels a square), or
   * returns null when it has no art that can be drawn (the caller draws the built-in tiles).
   */
  static draw(
    scene: Phaser.Scene,
    loaded: LoadedMap,
    into: Phaser.GameObjects.Layer,
    worldTile: number,
  ): MapArtView | null {
    const plan = planMapArt(
      loaded,
      (image, builtin) => hasTexture(scene, image, builtin),
      worldTile,
    );
    // Nothing of its own art can be drawn (no image there): the built-in tiles draw it all.
    const drawable = plan?.layers.some((l) => l.kind === 'image' || l.artLayer !== null);
    if (!plan || !drawable) return null;
    const view = new MapArtView(plan);
    try {
      return view.build(scene, into) ? view : null;
    } catch {
      return null;
    }
  }

  private build(scene: Phaser.Scene, into: Phaser.GameObjects.Layer): boolean {
    const plan = this.plan;
    const sx = plan.scaleX;
    const sy = plan.scaleY;
    const worldW = plan.width * plan.tilewidth * sx;
    const worldH = plan.height * plan.tileheight * sy;
    const filter = sx >= 1 ? Phaser.Textures.FilterMode.NEAREST : Phaser.Textures.FilterMode.LINEAR;
    for (const t of plan.tilesets) {
      if (t.atlas) buildAtlas(scene, t.atlas, filter);
      else if (t.image && !t.builtin) ownTexture(scene, t.image, filter);
    }
    const tm = makeTilemap(scene, plan.tiled, 'art-map');
    if (!tm) return false;
    const sets = plan.tilesets.flatMap((t) => {
      const key = t.atlas ? t.atlas.key : t.builtin ? tilesetTextureKey(t.builtin) : t.image!.key;
      const set = tm.addTilesetImage(t.name, key);
      return set ? [set] : [];
    });
    if (sets.length !== plan.tilesets.length) return false;
    const fallback = plan.fallback ? makeTilemap(scene, plan.fallback, 'art-fallback') : null;
    const fallbackSets = fallback
      ? plan.fallback!.tilesets.flatMap((ts) => {
          const set = fallback.addTilesetImage(ts.name, tilesetTextureKey(ts.image));
          return set ? [set] : [];
        })
      : [];
    if (plan.backgroundcolor !== undefined) {
      into.add(scene.add.rectangle(0, 0, worldW, worldH, plan.backgroundcolor).setOrigin(0));
    }
    const animByGid = new Map(plan.animations.map((a) => [a.gid, a]));
    const animated = new Map<PlannedAnimation, Phaser.Tilemaps.Tile[]>();
    for (const layer of plan.layers) {
      if (!layer.visible) continue;
      const x = layer.offsetx * sx;
      const y = layer.offsety * sy;
      if (layer.kind === 'image') {
        const img = imageLayer(
          scene,
          layer.image,
          layer.repeatx,
          layer.repeaty,
          x,
          y,
          sx,
          sy,
          worldW,
          worldH,
          filter,
        );
        if (!img) continue;
        img.setAlpha(layer.opacity);
        if (layer.tint !== undefined) img.setTint(layer.tint);
        into.add(img);
        this.stats.artLayers++;
        this.track(img, img.x, img.y, layer.parallaxx, layer.parallaxy);
        continue;
      }
      if (layer.fallbackLayer !== null && fallback && fallbackSets.length > 0) {
        const index = fallback.getLayerIndex(plan.fallback!.layers[layer.fallbackLayer].name);
        const made = index === null ? null : fallback.createLayer(index, fallbackSets, x, y);
        if (made) {
          made.setAlpha(layer.opacity);
          into.add(made);
          this.track(made, x, y, layer.parallaxx, layer.parallaxy);
        }
      }
      if (layer.artLayer === null) continue;
      const made = tm.createLayer(layer.artLayer, sets, x, y);
      if (!(made instanceof Phaser.Tilemaps.TilemapLayer)) continue;
      made.setScale(sx, sy);
      made.setAlpha(layer.opacity);
      if (layer.tint !== undefined) made.setTint(layer.tint);
      this.placeTiles(made);
      for (const row of made.layer.data) {
        for (const tile of row) {
          const anim = tile && tile.index > 0 ? animByGid.get(tile.index) : undefined;
          if (!anim) continue;
          const list = animated.get(anim) ?? [];
          list.push(tile);
          animated.set(anim, list);
          this.stats.animatedTiles++;
        }
      }
      into.add(made);
      this.stats.artLayers++;
      this.track(made, x, y, layer.parallaxx, layer.parallaxy);
    }
    for (const [anim, tiles] of animated) this.animated.push({ anim, tiles, shown: anim.gid });
    return this.stats.artLayers > 0;
  }

  /** Moves the tiles of tilesets whose tiles are not the grid's size to where Tiled draws them. */
  private placeTiles(layer: Phaser.Tilemaps.TilemapLayer): void {
    const shifted = this.plan.tilesets.filter((t) => t.shiftX !== 0 || t.shiftY !== 0);
    if (shifted.length === 0) return;
    let pad = 1;
    for (const row of layer.layer.data) {
      for (const tile of row) {
        if (!tile || tile.index <= 0) continue;
        const t = shifted.find(
          (s) => tile.index >= s.firstgid && tile.index < s.firstgid + s.count,
        );
        if (!t) continue;
        tile.pixelX += t.shiftX;
        tile.pixelY += t.shiftY;
        pad = Math.max(pad, Math.ceil(Math.abs(t.shiftY) / this.plan.tileheight) + 1);
      }
    }
    layer.setCullPadding(pad, pad);
  }

  private track(
    object: Phaser.GameObjects.Components.Transform,
    x: number,
    y: number,
    fx: number,
    fy: number,
  ): void {
    if (fx !== 1 || fy !== 1) this.parallax.push({ object, x, y, fx, fy });
  }

  /** Advances the tile animations to `timeMs` and moves parallax layers for the camera. */
  update(timeMs: number, camera: Phaser.Cameras.Scene2D.Camera): void {
    for (const a of this.animated) {
      const gid = frameAt(a.anim, timeMs);
      if (gid === a.shown) continue;
      a.shown = gid;
      for (const tile of a.tiles) tile.index = gid;
    }
    if (this.parallax.length === 0) return;
    const p = this.plan;
    const cx = camera.scrollX + camera.width / 2 - p.parallaxoriginx * p.scaleX;
    const cy = camera.scrollY + camera.height / 2 - p.parallaxoriginy * p.scaleY;
    for (const l of this.parallax) {
      l.object.setPosition(l.x + cx * (1 - l.fx), l.y + cy * (1 - l.fy));
    }
  }
}

function hasTexture(scene: Phaser.Scene, image: ArtImage, builtin?: string): boolean {
  if (builtin) return scene.textures.exists(tilesetTextureKey(builtin));
  return scene.textures.exists(image.key) || mapImage(image.key) !== undefined;
}

/** The texture of a player's image, made from its decoded image the first time. */
function ownTexture(
  scene: Phaser.Scene,
  image: ArtImage,
  filter: Phaser.Textures.FilterMode,
): boolean {
  if (!scene.textures.exists(image.key)) {
    const img = mapImage(image.key);
    if (!img) return false;
    scene.textures.addImage(image.key, img);
  }
  scene.textures.get(image.key).setFilter(filter);
  return true;
}

/** A collection's images packed into one canvas, as planned (bottom-left in their cells). */
export function atlasCanvas(atlas: AtlasPlan): HTMLCanvasElement | null {
  const canvas = document.createElement('canvas');
  canvas.width = atlas.width;
  canvas.height = atlas.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  for (const c of atlas.cells) {
    const img = mapImage(c.image.key);
    if (img) ctx.drawImage(img, c.sx, c.sy, c.sw, c.sh, c.dx, c.dy, c.sw, c.sh);
  }
  return canvas;
}

/** Packs a collection's images into one canvas texture, as planned. */
function buildAtlas(
  scene: Phaser.Scene,
  atlas: AtlasPlan,
  filter: Phaser.Textures.FilterMode,
): void {
  if (scene.textures.exists(atlas.key)) return;
  const canvas = atlasCanvas(atlas);
  if (canvas) scene.textures.addCanvas(atlas.key, canvas)?.setFilter(filter);
}

/** An image layer: one image, or a repeating one across the board. */
function imageLayer(
  scene: Phaser.Scene,
  image: ArtImage,
  repeatx: boolean,
  repeaty: boolean,
  x: number,
  y: number,
  sx: number,
  sy: number,
  worldW: number,
  worldH: number,
  filter: Phaser.Textures.FilterMode,
): Phaser.GameObjects.Image | Phaser.GameObjects.TileSprite | null {
  if (!ownTexture(scene, image, filter)) return null;
  if (!repeatx && !repeaty) {
    return scene.add.image(x, y, image.key).setOrigin(0).setScale(sx, sy);
  }
  const w = repeatx ? worldW : image.width * sx;
  const h = repeaty ? worldH : image.height * sy;
  const sprite = scene.add
    .tileSprite(repeatx ? 0 : x, repeaty ? 0 : y, w / sx, h / sy, image.key)
    .setOrigin(0)
    .setScale(sx, sy);
  if (repeatx) sprite.tilePositionX = -x / sx;
  if (repeaty) sprite.tilePositionY = -y / sy;
  return sprite;
}
