/**
 * The normalised map goes through Phaser 4's own Tiled parser (run headless here with a
 * few browser stubs): every layer is kept, tiles keep their flips, tile properties arrive.
 */
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fixtureText, loadFixture, ok, ROOT } from './helpers';
import { loadTiledMap } from '../../src/maps';

interface PhaserTile {
  index: number;
  flipX: boolean;
  rotation: number;
}
interface PhaserLayer {
  name: string;
  width: number;
  height: number;
  visible: boolean;
  data: PhaserTile[][];
}
interface PhaserMapData {
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
type Parse = (name: string, json: unknown, insertNull: boolean) => PhaserMapData | null;

let parse: Parse;

beforeAll(() => {
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
  parse = require(
    join(ROOT, 'node_modules/phaser/src/tilemaps/parsers/tiled/ParseJSONTiled.js'),
  ) as Parse;
});

describe("Phaser's Tiled parser reads the normalised map", () => {
  it('a zlib map: both tile layers, the objects and the tile properties', () => {
    const m = ok(loadFixture('small-zlib.tmj'));
    const data = parse('cellar', m.tiled, false);
    expect(data).not.toBeNull();
    const d = data as PhaserMapData;
    expect([d.width, d.height, d.tileWidth]).toEqual([8, 8, 32]);
    expect(d.layers.map((l) => l.name)).toEqual(['Ground', 'Walls']);
    expect(d.layers[1].data[0][0].index).toBe(4);
    expect(d.layers[1].data[1][1].index).toBe(-1);
    expect(d.objects[0].objects.map((o) => o.name)).toContain('Dragon');
    expect(d.tilesets[0].tileProperties['3']).toEqual({ terrain: 'wall' });
  });

  it('flips survive', () => {
    const m = ok(loadFixture('flipped.tmj'));
    const d = parse('flipped', m.tiled, false) as PhaserMapData;
    expect(d.layers[0].data[1][1]).toMatchObject({ index: 1, flipX: true });
    expect(d.layers[1].data[0][2]).toMatchObject({ index: 4, rotation: (3 * Math.PI) / 2 });
  });

  it('an infinite grouped map with external and fallback tilesets', () => {
    const inf = ok(loadFixture('infinite-negative.tmj'));
    expect((parse('inf', inf.tiled, false) as PhaserMapData).layers).toHaveLength(2);
    const groups = ok(loadFixture('groups-offsets.tmj'));
    const g = parse('groups', groups.tiled, false) as PhaserMapData;
    expect(g.layers.map((l) => l.name)).toEqual([
      'Dungeon/Ground',
      'Upper/Walls',
      'Upper/Hidden/Notes',
      'Side walls',
    ]);
    expect(g.layers[2].visible).toBe(false);
    const ext = ok(
      loadTiledMap(fixtureText('external.tmj'), {
        id: 'ext',
        externalTilesets: { 'external.tsj': fixtureText('tiles/external.tsj') },
      }),
    );
    expect((parse('ext', ext.tiled, false) as PhaserMapData).tilesets[0].total).toBe(16);
    const mine = ok(loadFixture('missing-image.tmj'));
    const pm = parse('mine', mine.tiled, false) as PhaserMapData;
    expect(pm.tilesets[0].total).toBe(16);
    expect(pm.layers[1].data[0][0].index).toBe(4);
  });

  it('every bundled map', () => {
    for (const [file, ts] of [
      ['dungeon-crawl.tmj', {}],
      ['flooded-crypt.tmj', { 'crypt.tsj': fixtureText('../../../maps/crypt.tsj') }],
      ['goblin-warren.tmj', {}],
      ['dragon-hall.tmj', {}],
    ] as const) {
      const m = ok(
        loadTiledMap(fixtureText(`../../../maps/${file}`), { id: file, externalTilesets: ts }),
      );
      const d = parse(file, m.tiled, false) as PhaserMapData;
      expect(d.layers.length, file).toBe(
        m.tiled.layers.filter((l) => l.type === 'tilelayer').length,
      );
      expect(d.width, file).toBe(m.battleMap.width);
    }
  });
});
