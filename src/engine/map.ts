/**
 * BattleMap: the engine's view of a dungeon map. Plain data, produced by the Tiled
 * loader in src/maps (or built directly in tests), never mutated during a game.
 */
import type { Facing, Point } from './grid';
import { mapIndexOf } from './map-index';

/** What a square is made of. `void` is outside the playable dungeon (unpainted). */
export type Terrain = 'floor' | 'wall' | 'difficult' | 'dangerous' | 'water' | 'pit' | 'void';

/** Cover a square's contents give to a figure standing behind it (not in it). */
export type SquareCover = 'none' | 'partial' | 'full';

export type PropertyValue = string | number | boolean;

/** One placed thing from the map's object layer, with its square. */
export interface MapObject {
  /** 'hero' | 'enemy' | 'objective' | 'exit' | 'door' | 'lair' | 'spawn' ... */
  kind: string;
  x: number;
  y: number;
  /** Width/height in squares for area objects (goal zones, exits); 1 for points. */
  width: number;
  height: number;
  name: string;
  facing?: Facing;
  properties: Record<string, PropertyValue>;
}

export interface BattleMap {
  id: string;
  name: string;
  description: string;
  width: number;
  height: number;
  /** Row-major: index = y * width + x. */
  terrain: Terrain[];
  /** Row-major; true where the square stops sight (walls always do). */
  blocksSight: boolean[];
  /** Row-major; cover given by the square's features to figures behind it. */
  cover: SquareCover[];
  objects: MapObject[];
  /** Scenario properties from the Tiled map (name, victory, ruleModule...). */
  properties: Record<string, PropertyValue>;
}

export function isInside(map: Pick<BattleMap, 'width' | 'height'>, p: Point): boolean {
  return (
    Number.isInteger(p.x) &&
    Number.isInteger(p.y) &&
    p.x >= 0 &&
    p.y >= 0 &&
    p.x < map.width &&
    p.y < map.height
  );
}

export function terrainAt(map: BattleMap, x: number, y: number): Terrain {
  if (x < 0 || y < 0 || x >= map.width || y >= map.height) return 'void';
  return map.terrain[y * map.width + x];
}

/** Walls, void and pits stop movement; everything else can be entered. */
export function isTerrainPassable(t: Terrain): boolean {
  return t !== 'wall' && t !== 'void' && t !== 'pit';
}

/** Squares that count as a corner for the no-corner-cutting rule. */
export function isWallLike(map: BattleMap, x: number, y: number): boolean {
  const t = terrainAt(map, x, y);
  return t === 'wall' || t === 'void';
}

/** Movement cost of entering a square: 2 for difficult terrain and water, else 1. */
export function terrainMoveCost(t: Terrain): number {
  return t === 'difficult' || t === 'water' ? 2 : 1;
}

export function doesSquareBlockSight(map: BattleMap, x: number, y: number): boolean {
  if (x < 0 || y < 0 || x >= map.width || y >= map.height) return true;
  return squareTables(map).blocksSight[y * map.width + x] === 1;
}

/**
 * A map's squares as flat tables, built once per map (a map is never changed in place):
 * the searches ask about the same squares many thousands of times a turn.
 * - `enterCost[i]`: 0 where nothing can enter, else terrainMoveCost;
 * - `corner[i]`: 1 where isWallLike;
 * - `blocksSight[i]`: 1 where doesSquareBlockSight.
 */
export interface SquareTables {
  enterCost: Uint8Array;
  corner: Uint8Array;
  blocksSight: Uint8Array;
}

export function squareTables(map: BattleMap): SquareTables {
  const index = mapIndexOf(map);
  return (index.squareTables ??= buildSquareTables(map));
}

function buildSquareTables(map: BattleMap): SquareTables {
  const n = map.width * map.height;
  const tables: SquareTables = {
    enterCost: new Uint8Array(n),
    corner: new Uint8Array(n),
    blocksSight: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const t = map.terrain[i];
    tables.enterCost[i] = isTerrainPassable(t) ? terrainMoveCost(t) : 0;
    tables.corner[i] = t === 'wall' || t === 'void' ? 1 : 0;
    tables.blocksSight[i] = map.blocksSight[i] || t === 'wall' ? 1 : 0;
  }
  return tables;
}
