/**
 * Terrain meaning of the painted tiles. Each tile layer contributes, where painted:
 * layer properties (`terrain`, `blocksSight`, `cover`, inherited from groups) over the
 * tile's own properties in its tileset; with neither, the layer name decides (a layer
 * named like walls/obstacles makes walls). Layers are applied bottom to top: an explicit
 * terrain or a walls layer replaces what is below; a tile without terrain meaning makes
 * floor only where nothing was painted yet (so decoration never erases walls).
 * Walls and unpainted (void) squares always block sight.
 */
import type { SquareCover, Terrain } from '../engine/map';
import { WALL_LAYER_NAME } from './constants';
import { gidOf } from './decode';
import type { FlatTileLayer } from './layers';
import { readBool, readCover, readTerrain } from './properties';
import { tileInfo, type TilesetTable } from './tilesets';

/** What one painted tile of one layer says about its square. */
export interface Contribution {
  terrain?: Terrain;
  blocksSight?: boolean;
  cover?: SquareCover;
  /** No terrain given, but the layer is named like walls. */
  wallByName: boolean;
}

/** Reads the terrain meaning of a layer's tiles, caching per tile id. */
export class LayerRules {
  private readonly cache = new Map<number, Contribution>();
  private readonly layerTerrain?: Terrain;
  private readonly layerBlocks?: boolean;
  private readonly layerCover?: SquareCover;
  private readonly wallName: boolean;

  constructor(
    readonly layer: FlatTileLayer,
    private readonly table: TilesetTable,
  ) {
    this.layerTerrain = readTerrain(layer.rules, layer.where);
    this.layerBlocks = readBool(layer.rules, 'blocksSight', layer.where);
    this.layerCover = readCover(layer.rules, layer.where);
    this.wallName = WALL_LAYER_NAME.test(layer.name);
  }

  /** The contribution of a raw (possibly flagged) non-empty gid. */
  of(raw: number): Contribution {
    const gid = gidOf(raw);
    const hit = this.cache.get(gid);
    if (hit) return hit;
    const set = this.table.find(gid);
    let terrain = this.layerTerrain;
    let blocksSight = this.layerBlocks;
    let cover = this.layerCover;
    if (set) {
      const local = gid - set.firstgid;
      const info = tileInfo(set, local);
      const where = `${set.where} tile ${local}`;
      terrain ??= readTerrain(info.bag, where);
      blocksSight ??= readBool(info.bag, 'blocksSight', where);
      cover ??= readCover(info.bag, where);
    }
    const c: Contribution = {
      terrain,
      blocksSight,
      cover,
      wallByName: terrain === undefined && this.wallName,
    };
    this.cache.set(gid, c);
    return c;
  }

  /** The terrain to draw for a painted tile when its image has to be replaced. */
  drawnTerrain(raw: number): Terrain {
    const c = this.of(raw);
    return c.terrain ?? (c.wallByName ? 'wall' : 'floor');
  }
}

export interface TerrainGrids {
  terrain: Terrain[];
  blocksSight: boolean[];
  cover: SquareCover[];
}

/** Merges the layers (bottom first) into the BattleMap's terrain, sight and cover grids. */
export function buildTerrain(
  layers: readonly { rules: LayerRules; grid: Uint32Array }[],
  width: number,
  height: number,
): TerrainGrids {
  const n = width * height;
  const terrain: Terrain[] = new Array<Terrain>(n).fill('void');
  const blocksSight: boolean[] = new Array<boolean>(n).fill(false);
  const cover: SquareCover[] = new Array<SquareCover>(n).fill('none');
  for (const { rules, grid } of layers) {
    for (let i = 0; i < n; i++) {
      const raw = grid[i];
      if (raw === 0 || gidOf(raw) === 0) continue;
      const c = rules.of(raw);
      if (c.terrain !== undefined) {
        terrain[i] = c.terrain;
        blocksSight[i] = c.blocksSight ?? false;
        cover[i] = c.cover ?? 'none';
      } else if (c.wallByName) {
        terrain[i] = 'wall';
        blocksSight[i] = true;
        cover[i] = c.cover ?? 'none';
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
  for (let i = 0; i < n; i++) {
    if (terrain[i] === 'wall' || terrain[i] === 'void') blocksSight[i] = true;
  }
  return { terrain, blocksSight, cover };
}
