/**
 * Terrain meaning of the painted tiles. Each tile layer contributes, where painted:
 * layer properties (`terrain`, `blocksSight`, `cover`, inherited from groups) over the
 * tile's own properties in its tileset. Without a `terrain`, the ways other games mark
 * walls are read, in this order: a bool layer property such as `collides` or `solid`, the
 * same bool on the tile (the Phaser tutorials' `collides`), collision shapes drawn on the
 * tile in Tiled's collision editor, and a layer named like walls. Layers are applied bottom
 * to top: an explicit terrain or a wall replaces what is below; a tile without terrain
 * meaning makes floor only where nothing was painted yet (so decoration never erases
 * walls). Walls and unpainted (void) squares always block sight.
 *
 * Two readings come around that: the player's own marks (tile-marks.ts: a kind of tile made
 * wall, floor or cover on the Setup screen) are read before anything the map says; and when
 * nothing in the map says anything about walls, tiles painted on a layer above the floor
 * layer (the lowest painted one) are read as walls, the way such maps are drawn.
 */
import type { SquareCover, Terrain } from '../engine/map';
import { WALL_LAYER_NAME, WALL_PROPERTY_NAMES } from './constants';
import { gidOf } from './decode';
import { quote } from './errors';
import type { FlatTileLayer } from './layers';
import { getProp, readBool, readCover, readTerrain, type PropertyBag } from './properties';
import { tileInfo, type TilesetTable } from './tilesets';
import { markOf, markTerrain, type TileMarks } from './tile-marks';

/** What one painted tile of one layer says about its square. */
export interface Contribution {
  terrain?: Terrain;
  blocksSight?: boolean;
  cover?: SquareCover;
  /** No terrain given, but another game's wall convention makes it a wall (says which). */
  wallBy?: string;
  /** The tile or its layer says anything about terrain or walls (even "not a wall"). */
  informed: boolean;
  /** The player marked this kind of tile (its terrain is the mark's). */
  marked?: boolean;
}

/** How the summary names the walls the player marked, and those over the floor layer. */
export const MARKED_WALLS = 'your marks on the Setup screen';
export function overFloorText(floorLayer: string): string {
  return `tiles painted over the floor layer ${quote(floorLayer)}`;
}

/** The first of the wall bool properties (`collides`, `solid`...) set on a bag, read as a bool. */
function wallProperty(
  bag: PropertyBag,
  where: string,
): { name: string; value: boolean } | undefined {
  for (const name of WALL_PROPERTY_NAMES) {
    if (getProp(bag, name) === undefined) continue;
    const value = readBool(bag, name, where);
    if (value !== undefined) return { name, value };
  }
  return undefined;
}

function tilePropertyText(name: string): string {
  return name === 'collides'
    ? 'the "collides" tile property (the Phaser tutorials\' convention)'
    : `the ${quote(name)} tile property`;
}

/** Reads the terrain meaning of a layer's tiles, caching per tile id. */
export class LayerRules {
  private readonly cache = new Map<number, Contribution>();
  private readonly layerTerrain?: Terrain;
  private readonly layerBlocks?: boolean;
  private readonly layerCover?: SquareCover;
  private readonly layerWall?: { name: string; value: boolean };
  private readonly wallName: boolean;
  /**
   * Set by buildTerrain when this layer's unmarked tiles are read as walls because they lie
   * over the floor layer (the map says nothing else): how the summary names them.
   */
  wallsOverFloor?: string;

  constructor(
    readonly layer: FlatTileLayer,
    private readonly table: TilesetTable,
    private readonly marks?: TileMarks,
  ) {
    this.layerTerrain = readTerrain(layer.rules, layer.where);
    this.layerBlocks = readBool(layer.rules, 'blocksSight', layer.where);
    this.layerCover = readCover(layer.rules, layer.where);
    this.layerWall = wallProperty(layer.rules, layer.where);
    this.wallName = WALL_LAYER_NAME.test(layer.name);
  }

  /** The contribution of a raw (possibly flagged) non-empty gid. */
  of(raw: number): Contribution {
    const gid = gidOf(raw);
    const hit = this.cache.get(gid);
    if (hit) return hit;
    const mark = markOf(this.marks, gid);
    if (mark) {
      const m = markTerrain(mark);
      const marked: Contribution = {
        ...m,
        wallBy: mark === 'wall' ? MARKED_WALLS : undefined,
        informed: true,
        marked: true,
      };
      this.cache.set(gid, marked);
      return marked;
    }
    const set = this.table.find(gid);
    let terrain = this.layerTerrain;
    let blocksSight = this.layerBlocks;
    let cover = this.layerCover;
    let wallBy: string | undefined;
    let informed = terrain !== undefined || this.layerWall !== undefined;
    if (this.layerWall?.value) wallBy = `the layer property ${quote(this.layerWall.name)}`;
    if (set) {
      const local = gid - set.firstgid;
      const info = tileInfo(set, local);
      const where = `${set.where} tile ${local}`;
      terrain ??= readTerrain(info.bag, where);
      blocksSight ??= readBool(info.bag, 'blocksSight', where);
      cover ??= readCover(info.bag, where);
      const tileWall = this.layerWall ? undefined : wallProperty(info.bag, where);
      if (terrain !== undefined || tileWall !== undefined) informed = true;
      if (!wallBy && !this.layerWall && tileWall?.value) wallBy = tilePropertyText(tileWall.name);
      if (!wallBy && !this.layerWall && !tileWall && info.collision) {
        wallBy = "collision shapes drawn on tiles (Tiled's collision editor)";
        informed = true;
      }
      if (tileWall && !tileWall.value) informed = true;
    }
    if (!wallBy && !this.layerWall && this.wallName && terrain === undefined) {
      wallBy = 'layers named like walls';
      informed = true;
    }
    const c: Contribution = {
      terrain,
      blocksSight,
      cover,
      wallBy: terrain === undefined ? wallBy : undefined,
      informed,
    };
    this.cache.set(gid, c);
    return c;
  }

  /** The terrain to draw for a painted tile when its image has to be replaced. */
  drawnTerrain(raw: number): Terrain {
    const c = this.of(raw);
    if (c.marked) return c.terrain ?? 'floor';
    return c.terrain ?? (c.wallBy || this.wallsOverFloor ? 'wall' : 'floor');
  }
}

export interface TerrainGrids {
  terrain: Terrain[];
  blocksSight: boolean[];
  cover: SquareCover[];
  /** Wall squares by the convention that made them walls (other games' ways), in first-use order. */
  wallsBy: Map<string, number>;
  /** Some painted tile or layer said something about terrain or walls (the player's marks included). */
  informed: boolean;
  /** The map itself (its properties, shapes or layer names) said something about walls. */
  mapInformed: boolean;
  /**
   * Nothing said where walls are and more than one layer is painted, but reading the upper
   * layers as walls would leave too little floor to play on: the layer names, to say so.
   */
  overFloorRefused?: { floor: string; upper: string[] };
}

/**
 * Reading every tile painted over the floor layer as a wall must leave at least this share
 * of the painted squares floor; less, and the upper layer is more likely the dungeon itself
 * (floor and walls) drawn over a backdrop.
 */
const OVER_FLOOR_MIN_OPEN = 0.25;

/** Merges the layers (bottom first) into the BattleMap's terrain, sight and cover grids. */
export function buildTerrain(
  layers: readonly { rules: LayerRules; grid: Uint32Array }[],
  width: number,
  height: number,
): TerrainGrids {
  const n = width * height;
  const painted = (grid: Uint32Array): boolean => grid.some((raw) => gidOf(raw) !== 0);
  // Does the map itself say anything (the player's marks aside)?
  let mapInformed = false;
  for (const { rules, grid } of layers) {
    for (let i = 0; i < n && !mapInformed; i++) {
      const raw = grid[i];
      if (gidOf(raw) === 0) continue;
      const c = rules.of(raw);
      if (c.informed && !c.marked) mapInformed = true;
    }
  }
  const used = layers.filter((l) => painted(l.grid));
  let overFloorRefused: TerrainGrids['overFloorRefused'];
  for (const l of layers) l.rules.wallsOverFloor = undefined;
  if (!mapInformed && used.length > 1) {
    const floor = used[0].rules.layer.name;
    const upper = used.slice(1);
    for (const l of upper) l.rules.wallsOverFloor = overFloorText(floor);
    const trial = merge(layers, n);
    const paintedSquares = trial.terrain.filter((t) => t !== 'void').length;
    const open = trial.terrain.filter((t) => t !== 'void' && t !== 'wall').length;
    if (open < paintedSquares * OVER_FLOOR_MIN_OPEN) {
      for (const l of upper) l.rules.wallsOverFloor = undefined;
      overFloorRefused = { floor, upper: upper.map((l) => l.rules.layer.name) };
    } else {
      return { ...trial, mapInformed };
    }
  }
  return { ...merge(layers, n), mapInformed, overFloorRefused };
}

/** Merges the layers (bottom first), reading each tile's contribution. */
function merge(
  layers: readonly { rules: LayerRules; grid: Uint32Array }[],
  n: number,
): Omit<TerrainGrids, 'mapInformed' | 'overFloorRefused'> {
  const terrain: Terrain[] = new Array<Terrain>(n).fill('void');
  const blocksSight: boolean[] = new Array<boolean>(n).fill(false);
  const cover: SquareCover[] = new Array<SquareCover>(n).fill('none');
  const wallBy: (string | undefined)[] = new Array<string | undefined>(n);
  let informed = false;
  for (const { rules, grid } of layers) {
    for (let i = 0; i < n; i++) {
      const raw = grid[i];
      if (raw === 0 || gidOf(raw) === 0) continue;
      const c = rules.of(raw);
      if (c.informed) informed = true;
      const overFloor = !c.marked && c.terrain === undefined && !c.wallBy && rules.wallsOverFloor;
      if (c.terrain !== undefined) {
        terrain[i] = c.terrain;
        blocksSight[i] = c.blocksSight ?? false;
        cover[i] = c.cover ?? 'none';
        // A wall the player marked is counted as theirs in the summary.
        wallBy[i] = c.marked ? c.wallBy : undefined;
      } else if (c.wallBy || overFloor) {
        terrain[i] = 'wall';
        blocksSight[i] = true;
        cover[i] = c.cover ?? 'none';
        wallBy[i] = c.wallBy ?? rules.wallsOverFloor;
      } else if (terrain[i] === 'void') {
        terrain[i] = 'floor';
        blocksSight[i] = c.blocksSight ?? false;
        cover[i] = c.cover ?? 'none';
      } else {
        if (c.blocksSight !== undefined) blocksSight[i] = c.blocksSight;
        if (c.cover !== undefined) cover[i] = c.cover;
      }
    }
  }
  const wallsBy = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (terrain[i] === 'wall' || terrain[i] === 'void') blocksSight[i] = true;
    const by = wallBy[i];
    if (by && terrain[i] === 'wall') wallsBy.set(by, (wallsBy.get(by) ?? 0) + 1);
  }
  return { terrain, blocksSight, cover, wallsBy, informed };
}
