/**
 * The board: the Tiled map drawn in its own art when its images came with it (map-art-view),
 * else from the built-in tilesets (or plain terrain colours when even those are missing),
 * lairs and goal areas, a faint grid, and the overlays the Battle scene asks for (reachable
 * squares, a path, targets, a line-of-sight line, the hovered square). Also fits the world
 * camera to the board and lets it zoom and pan on big maps.
 */
import Phaser from 'phaser';
import type {
  BattleMap,
  CoverLevel,
  CoverLine,
  DoorState,
  GameState,
  Point,
  PreviewOutcome,
} from '../engine';
import { toneColour } from './event-show';
import type { LoadedMap } from '../maps/types';
import { makeTilemap, MapArtView, tilesetTextureKey, type MapArtStats } from './map-art-view';
import {
  boardTextResolution,
  COLORS,
  coverColor,
  CSS,
  isColourBlindMode,
  isReducedMotion,
  textStyle,
} from './theme';
import { drawDashedLine } from './intent-view';
import type { AreaDrawing, MarkSide, ScenarioDrawing, TokenDrawing } from './scenario-marks';
import { TILE } from './unit-view';
import { FIT_ROOM, LEAST_FIT } from './battle-layout';
import { REACH_STYLE, type Band } from './highlight-style';

export { tilesetTextureKey };

const TERRAIN_FILL: Record<string, number> = {
  floor: 0x4a4238,
  wall: 0x1d1a1f,
  difficult: 0x6b5a3e,
  dangerous: 0x8a2f17,
  water: 0x254f7a,
  pit: 0x050405,
  void: 0x0d0a10,
};

/** A side's colour for its marks (read when drawn: the colour-blind palette swaps it). */
function markColor(side: MarkSide): number {
  return side === 'heroes' ? COLORS.hero : side === 'enemies' ? COLORS.enemy : COLORS.gold;
}

/** The words of a side's marks: light enough to read on the dark backing. */
const MARK_CSS: Record<MarkSide, string> = {
  heroes: CSS.blue,
  enemies: '#ff9a8a',
  either: CSS.gold,
};

export interface Viewport {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The outcome bar under the line-of-sight label: at least this wide, this tall (px). */
const OUTCOME_BAR_MIN_WIDTH = 36;
const OUTCOME_BAR_HEIGHT = 4;

export class BoardView {
  readonly scene: Phaser.Scene;
  readonly layer: Phaser.GameObjects.Layer;
  readonly map: BattleMap;
  readonly worldWidth: number;
  readonly worldHeight: number;
  readonly camera: Phaser.Cameras.Scene2D.Camera;
  private reachG: Phaser.GameObjects.Graphics;
  private visionG: Phaser.GameObjects.Graphics;
  private pathG: Phaser.GameObjects.Graphics;
  private markG: Phaser.GameObjects.Graphics;
  private losG: Phaser.GameObjects.Graphics;
  private hoverG: Phaser.GameObjects.Graphics;
  private losLabel: Phaser.GameObjects.Text;
  /** The outcome bar under the line-of-sight label, and the outcomes it draws. */
  private outcomeG: Phaser.GameObjects.Graphics;
  private losOutcomes: readonly PreviewOutcome[] = [];
  /** A hovered monster's view, drawn faintly; the threat counts and their numbers. */
  private hoverSightG: Phaser.GameObjects.Graphics;
  private threatG: Phaser.GameObjects.Graphics;
  private threatNumbers: Phaser.GameObjects.Container;
  /** The patrolling monsters that would spot a hero on the hovered square. */
  private spotG: Phaser.GameObjects.Graphics;
  private spotLabel: Phaser.GameObjects.Text;
  /** Markers drawn over the figures (the lairs' labels). */
  readonly markerLayer: Phaser.GameObjects.Layer;
  /** The scenario's areas (goal and home), and its tokens and labels, under the figures. */
  private goalG: Phaser.GameObjects.Graphics;
  private readonly scenarioLayer: Phaser.GameObjects.Layer;
  private scenarioLabels: Phaser.GameObjects.Text[] = [];
  private scenarioKey = '';
  readonly unitLayer: Phaser.GameObjects.Layer;
  readonly fxLayer: Phaser.GameObjects.Layer;
  private viewport: Viewport;
  minZoom = 0.25;
  maxZoom = 4;
  usedTilemap = false;
  /** Doors drawn over the map where the state differs from the painted tile. */
  private doorLayer!: Phaser.GameObjects.Layer;
  private shownDoors = new Map<string, DoorState>();

  constructor(
    scene: Phaser.Scene,
    loaded: LoadedMap,
    camera: Phaser.Cameras.Scene2D.Camera,
    viewport: Viewport,
    pixelScale = 1,
  ) {
    this.scene = scene;
    this.pixelScale = pixelScale;
    this.map = loaded.battleMap;
    this.camera = camera;
    this.viewport = viewport;
    this.worldWidth = this.map.width * TILE;
    this.worldHeight = this.map.height * TILE;
    this.layer = scene.add.layer();

    this.drawMap(loaded);
    this.doorLayer = scene.add.layer();
    this.layer.add(this.doorLayer);
    this.drawObjects();
    this.drawGrid();

    this.goalG = this.addGraphics();
    this.threatG = this.addGraphics();
    this.hoverSightG = this.addGraphics();
    this.visionG = this.addGraphics();
    this.reachG = this.addGraphics();
    this.markG = this.addGraphics();
    this.pathG = this.addGraphics();
    this.hoverG = this.addGraphics();
    this.scenarioLayer = scene.add.layer();
    this.layer.add(this.scenarioLayer);
    this.unitLayer = scene.add.layer();
    this.layer.add(this.unitLayer);
    this.losG = this.addGraphics();
    this.losLabel = scene.add
      .text(
        0,
        0,
        '',
        textStyle(9, CSS.parchment, {
          stroke: '#000000',
          strokeThickness: 3,
          resolution: boardTextResolution(),
          fontStyle: 'bold',
        }),
      )
      .setOrigin(0.5, 1)
      .setVisible(false);
    this.layer.add(this.losLabel);
    this.outcomeG = this.addGraphics();
    this.threatNumbers = scene.add.container(0, 0);
    this.layer.add(this.threatNumbers);
    this.spotG = this.addGraphics();
    this.spotLabel = scene.add
      .text(
        0,
        0,
        '',
        textStyle(9, CSS.yellow, {
          stroke: '#000000',
          strokeThickness: 3,
          resolution: boardTextResolution(),
          fontStyle: 'bold',
        }),
      )
      .setOrigin(0.5, 0)
      .setVisible(false);
    this.layer.add(this.spotLabel);
    this.markerLayer = scene.add.layer();
    this.layer.add(this.markerLayer);
    this.drawLairLabels();
    this.fxLayer = scene.add.layer();
    this.layer.add(this.fxLayer);

    this.setViewport(viewport);
  }

  private addGraphics(): Phaser.GameObjects.Graphics {
    const g = this.scene.add.graphics();
    this.layer.add(g);
    return g;
  }

  // -------------------------------------------------------------- map drawing

  /** The map in its own art, when it has art that could be drawn. */
  private art: MapArtView | null = null;

  /** How the board draws the map's own art (a copy), or null when it draws the built-in tiles. */
  get artStats(): MapArtStats | null {
    return this.art ? { ...this.art.stats } : null;
  }

  private drawMap(loaded: LoadedMap): void {
    this.art = loaded.art ? MapArtView.draw(this.scene, loaded, this.layer, TILE) : null;
    if (this.art) {
      const art = this.art;
      // Under reduced motion the animated tiles (water, torches) hold their first frame.
      const tick = (time: number): void => art.update(isReducedMotion() ? 0 : time, this.camera);
      tick(this.scene.time.now);
      this.scene.events.on(Phaser.Scenes.Events.UPDATE, tick);
      this.scene.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
        this.scene.events.off(Phaser.Scenes.Events.UPDATE, tick);
      });
      this.usedTilemap = true;
      return;
    }
    const tiled = loaded.tiled;
    const allImagesLoaded =
      tiled.tilesets.length > 0 &&
      tiled.tilesets.every((ts) => this.scene.textures.exists(tilesetTextureKey(ts.image)));
    const tm = allImagesLoaded ? makeTilemap(this.scene, tiled, 'tiled-map') : null;
    if (tm) {
      try {
        const sets: Phaser.Tilemaps.Tileset[] = [];
        for (const ts of tiled.tilesets) {
          const set = tm.addTilesetImage(ts.name, tilesetTextureKey(ts.image));
          if (set) sets.push(set);
        }
        let made = 0;
        tm.layers.forEach((layerData, index) => {
          if (layerData.visible === false) return;
          const layer = tm.createLayer(index, sets, 0, 0);
          if (layer) {
            if (layerData.alpha !== undefined) layer.setAlpha(layerData.alpha);
            this.layer.add(layer);
            made++;
          }
        });
        if (made > 0) {
          this.usedTilemap = true;
          return;
        }
      } catch {
        // fall through to plain terrain
      }
    }
    this.drawTerrainFallback();
  }

  private drawTerrainFallback(): void {
    const g = this.addGraphics();
    const m = this.map;
    for (let y = 0; y < m.height; y++) {
      for (let x = 0; x < m.width; x++) {
        const t = m.terrain[y * m.width + x];
        g.fillStyle(TERRAIN_FILL[t] ?? TERRAIN_FILL.floor, 1);
        g.fillRect(x * TILE, y * TILE, TILE, TILE);
        if (t === 'wall') {
          g.fillStyle(0x2e2930, 1);
          g.fillRect(x * TILE + 2, y * TILE + 2, TILE - 4, TILE - 8);
        }
      }
    }
  }

  private drawObjects(): void {
    const g = this.addGraphics();
    for (const o of this.map.objects) {
      if (o.kind === 'lair') {
        const cx = (o.x + 0.5) * TILE;
        const cy = (o.y + 0.5) * TILE;
        g.lineStyle(1.5, COLORS.archFoe, 0.55);
        g.strokeCircle(cx, cy, 12);
        g.lineStyle(1, COLORS.archFoe, 0.3);
        g.strokeCircle(cx, cy, 8);
      } else if (o.kind === 'objective' || o.kind === 'goal' || o.kind === 'exit') {
        const color = o.kind === 'exit' ? COLORS.hero : COLORS.gold;
        g.fillStyle(color, 0.12);
        g.fillRect(
          o.x * TILE,
          o.y * TILE,
          Math.max(1, o.width) * TILE,
          Math.max(1, o.height) * TILE,
        );
        g.lineStyle(1, color, 0.6);
        g.strokeRect(
          o.x * TILE + 1,
          o.y * TILE + 1,
          Math.max(1, o.width) * TILE - 2,
          Math.max(1, o.height) * TILE - 2,
        );
      }
    }
  }

  /**
   * Each lair's label ("lair 1-2"), over the figures (a large figure standing on its lair
   * no longer hides it), at the square's top edge on a dark backing.
   */
  private drawLairLabels(): void {
    for (const o of this.map.objects) {
      const roll = String(o.kind === 'lair' ? (o.properties.roll ?? '') : '');
      if (!roll) continue;
      const label = this.scene.add
        .text(
          (o.x + 0.5) * TILE,
          o.y * TILE + 1,
          `lair ${roll}`,
          textStyle(7, '#f7c77a', {
            resolution: boardTextResolution(),
            stroke: '#000',
            strokeThickness: 2,
            backgroundColor: 'rgba(0,0,0,0.45)',
          }),
        )
        .setOrigin(0.5, 0)
        .setAlpha(0.9);
      this.markerLayer.add(label);
    }
  }

  private drawGrid(): void {
    const g = this.addGraphics();
    const m = this.map;
    g.lineStyle(1, 0x000000, 0.22);
    for (let x = 0; x <= m.width; x++) g.lineBetween(x * TILE, 0, x * TILE, m.height * TILE);
    for (let y = 0; y <= m.height; y++) g.lineBetween(0, y * TILE, m.width * TILE, y * TILE);
  }

  // -------------------------------------------------------------- coordinates

  squareCenter(p: Point): { x: number; y: number } {
    return { x: (p.x + 0.5) * TILE, y: (p.y + 0.5) * TILE };
  }

  /** The square under a game-space pointer position, or null when off the board/viewport. */
  squareAtScreen(sx: number, sy: number): Point | null {
    const v = this.viewport;
    if (sx < v.x || sy < v.y || sx >= v.x + v.width || sy >= v.y + v.height) return null;
    const wp = this.camera.getWorldPoint(sx, sy);
    const x = Math.floor(wp.x / TILE);
    const y = Math.floor(wp.y / TILE);
    if (x < 0 || y < 0 || x >= this.map.width || y >= this.map.height) return null;
    return { x, y };
  }

  /** Game-space position of a square's centre, or null when it is outside the viewport. */
  squareToScreen(p: Point): { x: number; y: number } | null {
    const cam = this.camera;
    const c = this.squareCenter(p);
    const view = cam.worldView;
    const sx = cam.x + (c.x - view.x) * cam.zoom;
    const sy = cam.y + (c.y - view.y) * cam.zoom;
    const v = this.viewport;
    if (sx < v.x || sy < v.y || sx >= v.x + v.width || sy >= v.y + v.height) return null;
    return { x: sx, y: sy };
  }

  // -------------------------------------------------------------- camera

  /** The zoom at which the whole board fits the viewport. */
  fitZoom = 1;

  /**
   * Sets the board's window on screen (in game pixels; `pixelScale` game pixels make one
   * layout pixel) and fits the board: a board that fits at a readable size is shown whole
   * and centred, as large as the window allows; a bigger one opens zoomed in.
   */
  setViewport(v: Viewport, pixelScale = this.pixelScale): void {
    this.viewport = v;
    this.pixelScale = pixelScale;
    this.camera.setViewport(v.x, v.y, v.width, v.height);
    const fit = Math.min(v.width / this.worldWidth, v.height / this.worldHeight) * FIT_ROOM;
    this.fitZoom = fit;
    this.minZoom = Math.min(fit, pixelScale);
    this.maxZoom = Math.max(4 * pixelScale, fit * 1.5);
    // (battle-layout's sizeBattle reads the same rule to keep the corner buttons' strip.)
    if (fit >= LEAST_FIT * pixelScale) {
      this.refit();
    } else {
      this.camera.setZoom(Math.max(1.5 * pixelScale, this.minZoom));
      this.clampCamera();
    }
  }

  /** Game pixels per layout pixel (the device pixel ratio times the HUD's scale). */
  private pixelScale = 1;

  /** The whole board, fitted to the viewport and centred (the C key and its button). */
  refit(): void {
    this.camera.setZoom(this.fitZoom);
    this.camera.centerOn(this.worldWidth / 2, this.worldHeight / 2);
    this.clampCamera();
  }

  get fitsWhole(): boolean {
    const v = this.viewport;
    return (
      this.worldWidth * this.camera.zoom <= v.width + 1 &&
      this.worldHeight * this.camera.zoom <= v.height + 1
    );
  }

  centerOnSquare(p: Point): void {
    const c = this.squareCenter(p);
    this.camera.centerOn(c.x, c.y);
    this.clampCamera();
  }

  /**
   * Holds the camera to the board (issue 29: a black band showed below large maps, the
   * view let go two squares past the edge): an axis that fits entirely is centred, a
   * larger one never shows anything beyond the board's edge.
   */
  clampCamera(): void {
    const cam = this.camera;
    const at = clampedCentre(
      cam.scrollX + cam.width / 2,
      cam.scrollY + cam.height / 2,
      cam.width / cam.zoom,
      cam.height / cam.zoom,
      this.worldWidth,
      this.worldHeight,
    );
    cam.setScroll(at.x - cam.width / 2, at.y - cam.height / 2);
  }

  /** The board camera's zoom (1 = 32 game pixels a square). */
  get zoom(): number {
    return this.camera.zoom;
  }

  /**
   * Zooms by a factor keeping the world point under (sx, sy) in place. Zooming out takes
   * back any margin past the board's edge, and at the whole board's size re-fits it.
   */
  zoomAt(factor: number, sx: number, sy: number): void {
    const cam = this.camera;
    const before = cam.getWorldPoint(sx, sy);
    const bx = before.x;
    const by = before.y;
    const z = Math.max(this.minZoom, Math.min(this.maxZoom, cam.zoom * factor));
    if (factor < 1 && z <= this.fitZoom * 1.001) {
      this.refit();
      return;
    }
    cam.setZoom(z);
    cam.preRender();
    const after = cam.getWorldPoint(sx, sy);
    cam.scrollX += bx - after.x;
    cam.scrollY += by - after.y;
    this.clampCamera();
  }

  panBy(dxScreen: number, dyScreen: number): void {
    const cam = this.camera;
    cam.scrollX += dxScreen / cam.zoom;
    cam.scrollY += dyScreen / cam.zoom;
    this.clampCamera();
  }

  /** Makes sure a square is on screen (large maps), scrolling smoothly if needed. */
  ensureVisible(p: Point, duration = 250): void {
    if (this.fitsWhole) return;
    const cam = this.camera;
    const c = this.squareCenter(p);
    const view = cam.worldView;
    const margin = TILE * 2;
    if (
      c.x > view.x + margin &&
      c.x < view.right - margin &&
      c.y > view.y + margin &&
      c.y < view.bottom - margin
    )
      return;
    if (duration <= 0) {
      this.centerOnSquare(p);
      return;
    }
    // The pan ends where the clamp would put it, so no frame of it shows past the edge.
    const to = clampedCentre(
      c.x,
      c.y,
      cam.width / cam.zoom,
      cam.height / cam.zoom,
      this.worldWidth,
      this.worldHeight,
    );
    cam.pan(to.x, to.y, duration, 'Sine.easeInOut', false, (_c: unknown, progress: number) => {
      if (progress >= 1) this.clampCamera();
    });
  }

  // -------------------------------------------------------------- overlays

  showReach(squares: Point[], dim: boolean): void {
    const g = this.reachG;
    g.clear();
    if (squares.length === 0) return;
    const look = dim ? 'dim' : 'plain';
    g.fillStyle(COLORS.reach, REACH_STYLE.fillAlpha[look]);
    for (const p of squares) g.fillRect(p.x * TILE + 1, p.y * TILE + 1, TILE - 2, TILE - 2);
    // Each square outlined by a light line cased in dark: it reads on any art, where a blue
    // wash alone vanished over blue water (and a dark tile swallows a dark line alone).
    // highlight-style.ts keeps the bands; its test measures their contrast on every tile.
    const edge = (band: Band) => {
      g.lineStyle(band.width, band.color, band.alpha);
      for (const p of squares) g.strokeRect(p.x * TILE + 2.5, p.y * TILE + 2.5, TILE - 5, TILE - 5);
    };
    edge(REACH_STYLE.casing[look]);
    edge(REACH_STYLE.line[look]);
  }

  /**
   * An inspected monster's reach: where it would spot a hero (a faint amber wash) and
   * where it could strike one next turn (red), each with a line where the area ends, so
   * its edge reads at a glance.
   */
  showMonsterReach(sees: readonly Point[], strikes: readonly Point[]): void {
    this.visionG.clear();
    this.drawArea(this.visionG, sees, COLORS.vision, 0.14, 'dots');
    this.drawArea(this.visionG, strikes, COLORS.danger, 0.22, 'hatch');
  }

  private drawArea(
    g: Phaser.GameObjects.Graphics,
    squares: readonly Point[],
    color: number,
    alpha: number,
    pattern: 'hatch' | 'dots' | null = null,
  ): void {
    if (squares.length === 0) return;
    const { width, height } = this.map;
    const inArea = new Set(squares.map((p) => p.y * width + p.x));
    const has = (x: number, y: number): boolean =>
      x >= 0 && y >= 0 && x < width && y < height && inArea.has(y * width + x);
    g.fillStyle(color, alpha);
    for (const p of squares) g.fillRect(p.x * TILE, p.y * TILE, TILE, TILE);
    g.lineStyle(2, color, Math.min(1, alpha * 5));
    for (const p of squares) {
      const x0 = p.x * TILE;
      const y0 = p.y * TILE;
      if (!has(p.x, p.y - 1)) g.lineBetween(x0, y0 + 1, x0 + TILE, y0 + 1);
      if (!has(p.x, p.y + 1)) g.lineBetween(x0, y0 + TILE - 1, x0 + TILE, y0 + TILE - 1);
      if (!has(p.x - 1, p.y)) g.lineBetween(x0 + 1, y0, x0 + 1, y0 + TILE);
      if (!has(p.x + 1, p.y)) g.lineBetween(x0 + TILE - 1, y0, x0 + TILE - 1, y0 + TILE);
    }
    // Colour-blind mode: the area also has its own pattern, so it never rests on colour alone
    // (danger hatched, sight dotted).
    if (pattern && isColourBlindMode()) this.drawPattern(g, squares, color, pattern);
  }

  private drawPattern(
    g: Phaser.GameObjects.Graphics,
    squares: readonly Point[],
    color: number,
    pattern: 'hatch' | 'dots',
  ): void {
    if (pattern === 'hatch') {
      g.lineStyle(1, color, 0.5);
      for (const p of squares) {
        const x0 = p.x * TILE;
        const y0 = p.y * TILE;
        // Diagonals from bottom-left to top-right, 11 px apart, clipped to the square.
        for (let k = 11; k < 2 * TILE; k += 11) {
          const a = Math.min(k, TILE);
          const b = Math.max(0, k - TILE);
          g.lineBetween(x0 + b, y0 + a, x0 + a, y0 + b);
        }
      }
    } else {
      g.fillStyle(color, 0.85);
      for (const p of squares)
        for (let dy = 8; dy < TILE; dy += 16)
          for (let dx = 8; dx < TILE; dx += 16) g.fillCircle(p.x * TILE + dx, p.y * TILE + dy, 1.6);
    }
  }

  /** A hovered monster's view: where it would notice a hero, drawn faintly. */
  showHoverSight(squares: readonly Point[]): void {
    this.hoverSightG.clear();
    this.drawArea(this.hoverSightG, squares, COLORS.vision, 0.07, 'dots');
  }

  /**
   * Where the alerted monsters could strike next turn, shaded by how many could (one: a
   * light wash; each more: darker), with the number on squares two or more could reach.
   */
  showThreatCounts(counts: readonly { at: Point; count: number }[]): void {
    const g = this.threatG;
    g.clear();
    this.threatNumbers.removeAll(true);
    if (counts.length === 0) return;
    // One monster: the area's own wash; each more: darker.
    this.drawArea(
      g,
      counts.map((c) => c.at),
      COLORS.danger,
      0.14,
      'hatch',
    );
    for (const { at, count } of counts) {
      if (count < 2) continue;
      g.fillStyle(COLORS.danger, Math.min(0.5, 0.13 * (count - 1)));
      g.fillRect(at.x * TILE, at.y * TILE, TILE, TILE);
    }
    for (const { at, count } of counts) {
      if (count < 2) continue;
      this.threatNumbers.add(
        this.scene.add
          .text(
            at.x * TILE + TILE - 3,
            at.y * TILE + 2,
            String(count),
            textStyle(9, '#ffd2c8', {
              fontStyle: 'bold',
              stroke: '#000000',
              strokeThickness: 3,
              resolution: boardTextResolution(),
            }),
          )
          .setOrigin(1, 0),
      );
    }
  }

  /**
   * The move preview's warning: a faint amber line from each patrolling monster that
   * would spot a hero on `at`, and its names under the square.
   */
  showSpotters(at: Point | null, spotters: readonly { name: string; at: Point }[]): void {
    const g = this.spotG;
    g.clear();
    if (!at || spotters.length === 0) {
      this.spotLabel.setVisible(false);
      return;
    }
    const b = this.squareCenter(at);
    for (const s of spotters) {
      const a = this.squareCenter(s.at);
      g.lineStyle(1.5, COLORS.vision, 0.55);
      drawDashedLine(g, a, b, 5);
      g.fillStyle(COLORS.vision, 0.8);
      g.fillCircle(a.x, a.y - 14, 2.5);
    }
    const names =
      spotters.length <= 2
        ? spotters.map((s) => s.name).join(' and ')
        : `${spotters[0].name} and ${spotters.length - 1} more`;
    const label = this.spotLabel.setText(`${names} would see you`).setVisible(true);
    // Within the board and the part of it in view (issue 29: cut at the right edge on a
    // phone): under the square, or over it on the last row.
    const view = this.camera.worldView;
    const left = Math.max(0, view.x);
    const right = Math.min(this.worldWidth, view.right);
    const half = label.width / 2;
    const x =
      right - left <= label.width
        ? (left + right) / 2
        : Math.max(left + half, Math.min(right - half, b.x));
    const below = (at.y + 1) * TILE + 1;
    const bottom = Math.min(this.worldHeight, view.bottom);
    label.setPosition(x, below + label.height <= bottom ? below : at.y * TILE - label.height - 1);
  }

  /** The spotters' words under the square shown (for tests: where they are drawn), or null. */
  spotLabelBox(): { x: number; y: number; width: number; height: number; text: string } | null {
    const t = this.spotLabel;
    if (!t.visible) return null;
    return { x: t.x - t.width / 2, y: t.y, width: t.width, height: t.height, text: t.text };
  }

  showPath(from: Point | null, path: Point[]): void {
    const g = this.pathG;
    g.clear();
    if (!from || path.length === 0) return;
    g.lineStyle(2.5, COLORS.path, 0.85);
    const pts = [from, ...path].map((p) => this.squareCenter(p));
    g.beginPath();
    g.moveTo(pts[0].x, pts[0].y);
    for (let i = 1; i < pts.length; i++) g.lineTo(pts[i].x, pts[i].y);
    g.strokePath();
    g.fillStyle(COLORS.path, 1);
    for (let i = 1; i < pts.length - 1; i++) g.fillCircle(pts[i].x, pts[i].y, 2.5);
    const end = pts[pts.length - 1];
    g.fillCircle(end.x, end.y, 4.5);
  }

  /** Square markers: attack targets in red, heal targets in green. */
  /**
   * Draws each door as the state has it where the map's own tile shows otherwise: an open
   * door over a painted closed-door tile, a closed door over a passage the map says is shut.
   */
  showDoors(doors: readonly DoorState[]): void {
    this.shownDoors = new Map(doors.map((d) => [`${d.x},${d.y}`, { ...d }]));
    this.doorLayer.removeAll(true);
    const key = tilesetTextureKey('assets/tiles/dungeon-tiles.png');
    const texture = this.scene.textures.exists(key) ? this.scene.textures.get(key) : null;
    if (texture && !texture.has('door-open')) {
      // Built-in tileset: tile 9 is a closed door, tile 10 an open one (8 columns of 32 px).
      texture.add('door-closed', 0, 1 * TILE, 1 * TILE, TILE, TILE);
      texture.add('door-open', 0, 2 * TILE, 1 * TILE, TILE, TILE);
    }
    for (const d of doors) {
      const paintedClosed = this.map.terrain[d.y * this.map.width + d.x] === 'wall';
      if (d.open === !paintedClosed) continue;
      const frame = d.open ? 'door-open' : 'door-closed';
      if (texture) {
        this.doorLayer.add(
          this.scene.add.image(d.x * TILE + TILE / 2, d.y * TILE + TILE / 2, key, frame),
        );
      } else {
        const g = this.scene.add.graphics();
        g.fillStyle(d.open ? 0x3a3028 : 0x6b4a2b, 1);
        g.fillRect(d.x * TILE + 4, d.y * TILE + 2, TILE - 8, TILE - 4);
        this.doorLayer.add(g);
      }
    }
  }

  /** Shows one door opening (during an animation, before the state is synced). */
  showDoorOpened(at: Point): void {
    this.shownDoors.set(`${at.x},${at.y}`, { x: at.x, y: at.y, open: true });
    this.showDoors([...this.shownDoors.values()]);
  }

  showMarks(marks: { at: Point; color: number }[]): void {
    const g = this.markG;
    g.clear();
    for (const m of marks) {
      const x = m.at.x * TILE;
      const y = m.at.y * TILE;
      g.fillStyle(m.color, 0.18);
      g.fillRect(x + 1, y + 1, TILE - 2, TILE - 2);
      g.lineStyle(2, m.color, 0.95);
      const c = 8;
      // corner brackets
      g.beginPath();
      g.moveTo(x + 2, y + 2 + c);
      g.lineTo(x + 2, y + 2);
      g.lineTo(x + 2 + c, y + 2);
      g.moveTo(x + TILE - 2 - c, y + 2);
      g.lineTo(x + TILE - 2, y + 2);
      g.lineTo(x + TILE - 2, y + 2 + c);
      g.moveTo(x + TILE - 2, y + TILE - 2 - c);
      g.lineTo(x + TILE - 2, y + TILE - 2);
      g.lineTo(x + TILE - 2 - c, y + TILE - 2);
      g.moveTo(x + 2 + c, y + TILE - 2);
      g.lineTo(x + 2, y + TILE - 2);
      g.lineTo(x + 2, y + TILE - 2 - c);
      g.strokePath();
    }
  }

  showHover(p: Point | null, color: number = COLORS.parchment): void {
    const g = this.hoverG;
    g.clear();
    if (!p) return;
    g.lineStyle(1.5, color, 0.9);
    g.strokeRect(p.x * TILE + 0.75, p.y * TILE + 0.75, TILE - 1.5, TILE - 1.5);
  }

  /** A line of sight from one square to another, coloured by cover, with a label. */
  /**
   * The line-of-sight preview: the four corner-to-corner lines of the cover rule (each
   * green when open, red when blocked) when given, over a centre line in the cover's colour.
   */
  showLineOfSight(
    from: Point | null,
    to: Point | null,
    cover: CoverLevel | null,
    label: string,
    cornerLines: readonly CoverLine[] = [],
    outcomes: readonly PreviewOutcome[] = [],
  ): void {
    const g = this.losG;
    g.clear();
    this.losOutcomes = outcomes;
    this.outcomeG.clear();
    if (!from || !to || !cover) {
      this.losLabel.setVisible(false);
      return;
    }
    const a = this.squareCenter(from);
    const b = this.squareCenter(to);
    const color = coverColor(cover);
    for (const line of cornerLines) {
      // Corners are grid points: corner (x, y) is the top-left of square (x, y).
      g.lineStyle(1, line.blocked ? COLORS.losBlockedLine : COLORS.losOpenLine, 0.75);
      g.lineBetween(line.from.x * TILE, line.from.y * TILE, line.to.x * TILE, line.to.y * TILE);
    }
    g.lineStyle(3, 0x000000, 0.5);
    g.lineBetween(a.x, a.y, b.x, b.y);
    g.lineStyle(1.5, color, 0.95);
    if (cover === 'blocked') {
      // dashed
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const steps = Math.max(1, Math.floor(len / 6));
      for (let i = 0; i < steps; i += 2) {
        const t0 = i / steps;
        const t1 = Math.min(1, (i + 1) / steps);
        g.lineBetween(
          a.x + (b.x - a.x) * t0,
          a.y + (b.y - a.y) * t0,
          a.x + (b.x - a.x) * t1,
          a.y + (b.y - a.y) * t1,
        );
      }
    } else {
      g.lineBetween(a.x, a.y, b.x, b.y);
    }
    g.fillStyle(color, 1);
    g.fillCircle(b.x, b.y, 3);
    if (label) {
      if (this.losLabel.text !== label) this.losLabel.setText(label);
      this.losLabel.setColor('#' + color.toString(16).padStart(6, '0'));
      // Along the line, a little above its middle (the target square keeps its own badge).
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      const far = Math.hypot(b.x - a.x, b.y - a.y) > TILE * 1.5;
      this.losLabel.setPosition(far ? mx : b.x, far ? my - 3 : b.y + 20);
      this.losLabel.setVisible(true);
      this.drawOutcomeBar();
    } else {
      this.losLabel.setVisible(false);
    }
  }

  /**
   * A small stacked bar under the line-of-sight label: one segment per outcome of the
   * previewed attack, as wide as its chance, in the tone its module gave it (the info
   * panel lists the same outcomes in words). Nothing when the attack has one chance.
   */
  private drawOutcomeBar(): void {
    const g = this.outcomeG;
    const outcomes = this.losOutcomes;
    g.clear();
    if (outcomes.length < 2) return;
    const box = this.losLabelBox();
    if (!box) return;
    const width = Math.max(box.width, OUTCOME_BAR_MIN_WIDTH);
    const left = box.x + box.width / 2 - width / 2;
    const top = box.y + box.height + 1;
    g.fillStyle(0x000000, 0.6);
    g.fillRect(left - 1, top - 1, width + 2, OUTCOME_BAR_HEIGHT + 2);
    let x = left;
    for (const o of outcomes) {
      const w = width * o.chance;
      g.fillStyle(Number.parseInt(toneColour(o.tone).slice(1), 16), 0.95);
      g.fillRect(x, top, w, OUTCOME_BAR_HEIGHT);
      x += w;
    }
  }

  /** Where the line-of-sight label is drawn now (board pixels), or null when hidden. */
  losLabelBox(): { x: number; y: number; width: number; height: number } | null {
    const t = this.losLabel;
    if (!t.visible) return null;
    return {
      x: t.x - t.width * t.originX,
      y: t.y - t.height * t.originY,
      width: t.width,
      height: t.height,
    };
  }

  /** Moves the line-of-sight label (its centre, board pixels), to keep it off a badge. */
  moveLosLabel(x: number, y: number): void {
    const t = this.losLabel;
    t.setPosition(x + t.width * (t.originX - 0.5), y + t.height * (t.originY - 0.5));
    this.drawOutcomeBar();
  }

  losLabelText(): string {
    return this.losLabel.text;
  }

  /**
   * The scenario's marks (scenario-marks.ts): goal areas hatched and outlined in their
   * side's colour, ways home outlined in dashes, each with its label on a dark backing;
   * objective markers as tokens with their victory points; the object on the ground as a
   * token. Subtle, over the floor and under the figures (but the areas' labels); redrawn
   * only when they change.
   */
  showScenario(drawing: ScenarioDrawing): void {
    if (drawing.key === this.scenarioKey) return;
    this.scenarioKey = drawing.key;
    const g = this.goalG;
    g.clear();
    this.scenarioLayer.removeAll(true);
    for (const label of this.scenarioLabels) label.destroy();
    this.scenarioLabels = [];
    for (const area of drawing.areas) this.drawMarkArea(g, area);
    for (const token of drawing.tokens) this.drawToken(token);
  }

  private drawMarkArea(g: Phaser.GameObjects.Graphics, area: AreaDrawing): void {
    const color = markColor(area.side);
    const goal = area.kind === 'goal';
    g.fillStyle(color, goal ? 0.1 : 0.05);
    for (const p of area.squares) g.fillRect(p.x * TILE, p.y * TILE, TILE, TILE);
    if (goal) {
      // Three stripes a square, meeting their neighbours' across the area.
      g.lineStyle(1.5, color, 0.3);
      for (const p of area.squares) {
        const x = p.x * TILE;
        const y = p.y * TILE;
        const h = TILE / 2;
        const lines: [number, number, number, number][] =
          area.hatch === 'rising'
            ? [
                [x, y + h, x + h, y],
                [x, y + TILE, x + TILE, y],
                [x + h, y + TILE, x + TILE, y + h],
              ]
            : [
                [x + h, y, x + TILE, y + h],
                [x, y, x + TILE, y + TILE],
                [x, y + h, x + h, y + TILE],
              ];
        for (const [ax, ay, bx, by] of lines) g.lineBetween(ax, ay, bx, by);
      }
    }
    g.lineStyle(goal ? 2 : 1.5, color, goal ? 0.85 : 0.75);
    for (const e of area.edges) {
      const a = { x: e.from.x * TILE, y: e.from.y * TILE };
      const b = { x: e.to.x * TILE, y: e.to.y * TILE };
      if (goal) g.lineBetween(a.x, a.y, b.x, b.y);
      else drawDashedLine(g, a, b, 5);
    }
    if (!area.label) return;
    // Over the figures as the lairs' labels are (one standing there would hide it), at the
    // foot of its square (a lair's label takes the top), kept on the board.
    const c = this.squareCenter(area.labelAt);
    const label = this.scene.add
      .text(
        c.x,
        (area.labelAt.y + 1) * TILE - 1,
        area.label,
        textStyle(7, MARK_CSS[area.side], {
          resolution: boardTextResolution(),
          backgroundColor: 'rgba(0,0,0,0.55)',
          padding: { x: 2, y: 1 },
        }),
      )
      .setOrigin(0.5, 1)
      .setAlpha(0.9)
      .setName('scenario-label');
    const half = label.width / 2;
    label.setX(Math.max(half + 1, Math.min(this.worldWidth - half - 1, c.x)));
    this.markerLayer.add(label);
    this.scenarioLabels.push(label);
  }

  private drawToken(token: TokenDrawing): void {
    const scene = this.scene;
    const c = this.squareCenter(token.at);
    const parts: Phaser.GameObjects.GameObject[] = [];
    const disc = scene.add.graphics();
    disc.fillStyle(0x000000, 0.6);
    disc.fillCircle(0, 0, 10);
    parts.push(disc);
    if (token.kind === 'objective') {
      // A marker: a gold ring round a gold pip.
      disc.lineStyle(2, COLORS.gold, 0.95);
      disc.strokeCircle(0, 0, 8);
      disc.fillStyle(COLORS.gold, 0.9);
      disc.fillCircle(0, 0, 3);
    } else {
      disc.lineStyle(1.5, COLORS.gold, 0.9);
      disc.strokeCircle(0, 0, 10);
      if (scene.textures.exists('icons') && scene.textures.get('icons').has('crown')) {
        const img = scene.add.image(0, 0, 'icons', 'crown');
        img.setScale(15 / Math.max(img.width, img.height));
        parts.push(img);
      } else parts.push(scene.add.star(0, 0, 5, 3, 7, COLORS.gold, 1));
    }
    // The victory points under the marker, a chip for each side's.
    const chips = token.chips.map((chip) =>
      scene.add
        .text(0, 0, chip.text, {
          ...textStyle(7, MARK_CSS[chip.side], {
            resolution: boardTextResolution(),
            fontStyle: 'bold',
            backgroundColor: 'rgba(0,0,0,0.7)',
            padding: { x: 2, y: 1 },
          }),
        })
        .setOrigin(0.5, 0)
        .setName('scenario-points'),
    );
    const width = chips.reduce((n, t) => n + t.width, 0) + 2 * Math.max(0, chips.length - 1);
    let x = -width / 2;
    for (const t of chips) {
      t.setPosition(x + t.width / 2, 8);
      x += t.width + 2;
    }
    const container = scene.add.container(c.x, c.y, [...parts, ...chips]);
    container.setName(`scenario-${token.kind}`);
    this.scenarioLayer.add(container);
  }

  clearOverlays(): void {
    this.threatG.clear();
    this.threatNumbers.removeAll(true);
    this.hoverSightG.clear();
    this.showSpotters(null, []);
    this.reachG.clear();
    this.visionG.clear();
    this.pathG.clear();
    this.markG.clear();
    this.hoverG.clear();
    this.showLineOfSight(null, null, null, '');
  }
}

/**
 * The centre a camera showing `viewW` x `viewH` world pixels may take over a board
 * `worldW` x `worldH`: on an axis the board fills, within the board's edges; on one it
 * does not fill, the board's middle.
 */
export function clampedCentre(
  cx: number,
  cy: number,
  viewW: number,
  viewH: number,
  worldW: number,
  worldH: number,
): { x: number; y: number } {
  const axis = (c: number, view: number, world: number): number =>
    view >= world ? world / 2 : Math.max(view / 2, Math.min(world - view / 2, c));
  return { x: axis(cx, viewW, worldW), y: axis(cy, viewH, worldH) };
}
