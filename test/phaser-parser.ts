/**
 * Phaser 4's own Tiled JSON parser, run headless under vitest with a few browser stubs: the
 * tests check that what the game hands Phaser (the normalised map, the plan of a map's own
 * art) is read as meant (layers, flips, tilesets).
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PhaserTile {
  index: number;
  flipX: boolean;
  rotation: number;
}
export interface PhaserLayer {
  name: string;
  width: number;
  height: number;
  visible: boolean;
  data: PhaserTile[][];
}
export interface PhaserMapData {
  width: number;
  height: number;
  tileWidth: number;
  layers: PhaserLayer[];
  objects: { name: string; objects: { name: string; x: number; y: number; type: string }[] }[];
  tilesets: {
    name: string;
    firstgid: number;
    total: number;
    tileProperties: Record<string, Record<string, unknown>>;
  }[];
}
export type PhaserParse = (
  name: string,
  json: unknown,
  insertNull: boolean,
) => PhaserMapData | null;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Phaser's ParseJSONTiled, with the browser globals it touches stubbed. */
export function phaserTiledParser(): PhaserParse {
  const g = globalThis as Record<string, unknown>;
  g.navigator ??= { userAgent: 'node' };
  g.window ??= globalThis;
  g.Image ??= class {
    set src(_v: string) {}
  };
  g.HTMLCanvasElement ??= class {};
  const ctx = new Proxy({}, { get: () => () => ({ data: [0, 0, 0, 0] }) });
  g.document ??= {
    documentElement: {},
    createElement: () => ({ getContext: () => ctx, style: {} }),
    addEventListener: () => undefined,
  };
  const require = createRequire(import.meta.url);
  return require(
    join(ROOT, 'node_modules/phaser/src/tilemaps/parsers/tiled/ParseJSONTiled.js'),
  ) as PhaserParse;
}
