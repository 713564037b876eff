/**
 * The normalised map goes through Phaser 4's own Tiled parser (run headless here with a
 * few browser stubs): every layer is kept, tiles keep their flips, tile properties arrive.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureText, loadFixture, ok } from './helpers';
import { loadTiledMap } from '../../src/maps';
import { phaserTiledParser, type PhaserMapData, type PhaserParse } from '../phaser-parser';

let parse: PhaserParse;

beforeAll(() => {
  parse = phaserTiledParser();
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
