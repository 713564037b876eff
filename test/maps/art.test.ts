/**
 * The map in its own art (LoadedMap.art): Marsh Keep (test/fixtures/maps/own-art, made by
 * tools/mapgen/own-art.ts the way other games' maps are made) loaded with the images that
 * came with it: its tileset sheet with margin and spacing, an image collection with a tall
 * tile, an image layer with parallax, flips, animations, opacity and tint; the same art from
 * the TMX and the JSON; terrain that never depends on the images; warnings naming the images
 * that did not come.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { combineTints, loadTiledMap, type ArtTileLayer } from '../../src/maps';
import {
  loadMarshKeep as loadKeep,
  ok,
  OWN_ART as DIR,
  OWN_ART_IMAGES as IMAGES,
  ownArtImages as images,
} from './helpers';

const text = (name: string): string => readFileSync(join(DIR, name), 'utf8');

const FLIP_H = 0x80000000;
const FLIP_V = 0x40000000;
const FLIP_D = 0x20000000;

describe('a map in its own art', () => {
  it('draws its tileset sheet with margin and spacing, a collection and an image layer', () => {
    const m = loadKeep();
    const art = m.art!;
    expect(art).toBeDefined();
    expect([art.width, art.height, art.tilewidth, art.tileheight]).toEqual([14, 10, 16, 16]);
    expect(art.backgroundcolor).toBe('#10140f');
    expect([art.parallaxoriginx, art.parallaxoriginy]).toEqual([112, 80]);
    const [keep, props] = art.tilesets;
    expect(keep).toMatchObject({
      name: 'keep',
      firstgid: 1,
      tilecount: 16,
      tilewidth: 16,
      tileheight: 16,
      margin: 1,
      spacing: 1,
      columns: 8,
      image: { path: 'art/keep-tiles.png', key: 'art/keep-tiles.png', width: 137, height: 35 },
    });
    expect(keep.builtin).toBeUndefined();
    expect(props).toMatchObject({ name: 'props', firstgid: 17, image: null, tileheight: 32 });
    expect(props.tiles.map((t) => [t.id, t.image?.path, t.image?.height])).toEqual([
      [0, 'art/barrel.png', 16],
      [1, 'art/crate.png', 16],
      [2, 'art/banner.png', 32],
    ]);
    expect(art.layers.map((l) => `${l.type}:${l.name}`)).toEqual([
      'imagelayer:Backdrop',
      'tilelayer:Ground',
      'tilelayer:Water',
      'tilelayer:Walls',
      'tilelayer:Decor',
      'tilelayer:Shadows',
      'tilelayer:Reeds',
    ]);
    const backdrop = art.layers[0];
    expect(backdrop).toMatchObject({
      type: 'imagelayer',
      image: { path: 'art/mire.png', width: 224, height: 160 },
      parallaxx: 0.9,
      parallaxy: 0.9,
      offsetx: 0,
      offsety: 0,
    });
    expect(art.images.map((i) => i.path).sort()).toEqual([...IMAGES].sort());
    expect(m.warnings.join(' ')).not.toMatch(/did not come with the map/);
    expect(m.summary).toContain(
      '  Art: own tilesets: keep (art/keep-tiles.png, 137 x 35); props (3 images); image layers: Backdrop (art/mire.png); animated tiles on 11 squares',
    );
  });

  it('keeps flips, animations, opacity and tint, and lines the layers up with the normalised map', () => {
    const m = loadKeep();
    const art = m.art!;
    const tile = (name: string): ArtTileLayer =>
      art.layers.find((l): l is ArtTileLayer => l.type === 'tilelayer' && l.name === name)!;
    const decor = tile('Decor');
    const row2 = decor.data.slice(2 * 14 + 1, 2 * 14 + 6).map((g) => g >>> 0);
    expect(row2).toEqual([
      12,
      (12 | FLIP_H) >>> 0,
      (12 | FLIP_V) >>> 0,
      (12 | FLIP_H | FLIP_D) >>> 0,
      (12 | FLIP_V | FLIP_D) >>> 0,
    ]);
    // The wall corners are the corner tile flipped.
    const walls = tile('Walls');
    expect(walls.data[1 * 14 + 12] >>> 0).toBe((4 | FLIP_H) >>> 0);
    expect(walls.data[8 * 14 + 12] >>> 0).toBe((4 | FLIP_H | FLIP_V) >>> 0);
    const keep = art.tilesets[0];
    expect(keep.tiles.find((t) => t.id === 4)?.animation).toEqual([
      { tileid: 4, duration: 250 },
      { tileid: 5, duration: 250 },
      { tileid: 6, duration: 250 },
      { tileid: 7, duration: 250 },
    ]);
    expect(keep.tiles.find((t) => t.id === 8)?.animation?.length).toBe(2);
    expect(art.animatedSquares).toBe(8 + 2 + 1);
    expect(tile('Shadows').opacity).toBe(0.5);
    expect(tile('Reeds').tint).toBe('#ffc080');
    for (const l of art.layers) {
      if (l.type !== 'tilelayer') continue;
      const normal = m.tiled.layers[l.tiledLayer];
      expect(normal.name).toBe(l.name);
      expect(normal.type).toBe('tilelayer');
      // Every square the art draws, the normalised map paints too (with the built-in tiles).
      if (normal.type === 'tilelayer')
        l.data.forEach((g, i) => {
          if (g !== 0) expect(normal.data[i]).not.toBe(0);
        });
    }
  });

  it('gives the same art and the same battle map from the TMX and the JSON', () => {
    const tmx = loadKeep('marsh-keep.tmx');
    const tmj = loadKeep('marsh-keep.tmj');
    expect(tmj.battleMap).toEqual(tmx.battleMap);
    expect(tmj.art).toEqual(tmx.art);
    expect(tmj.warnings).toEqual(tmx.warnings);
  });

  it('never lets the images change the terrain, the units or the normalised map', () => {
    const withArt = loadKeep();
    const without = loadKeep('marsh-keep.tmx', null);
    const none = loadKeep('marsh-keep.tmx', {});
    expect(without.art).toBeUndefined();
    expect(none.art).toBeUndefined();
    expect(withArt.battleMap).toEqual(without.battleMap);
    expect(withArt.tiled).toEqual(without.tiled);
    expect(none.battleMap).toEqual(without.battleMap);
  });

  it('draws with the built-in tiles only what has no image, naming each missing image', () => {
    const m = loadKeep('marsh-keep.tmx', images(['art/keep-tiles.png', 'art/barrel.png']));
    const art = m.art!;
    expect(art.tilesets.map((t) => t.name)).toEqual(['keep', 'props']);
    expect(art.tilesets[1].tiles.map((t) => t.id)).toEqual([0]);
    expect(m.warnings).toContain(
      'Tileset "props" is a collection of images; 2 images "art/crate.png", "art/banner.png" did not come with the map, so those tiles are drawn with the built-in tiles by terrain.',
    );
    expect(m.warnings).toContain(
      'Layer "Backdrop" shows the image "art/mire.png", which did not come with the map, so it is not drawn.',
    );
    expect(art.layers.map((l) => l.name)).not.toContain('Backdrop');
    const decor = art.layers.find((l): l is ArtTileLayer => l.name === 'Decor')!;
    expect(decor.data[3 * 14 + 3]).toBe(17); // the barrel
    expect(decor.data[3 * 14 + 10]).toBe(0); // the crate: drawn by the built-in tiles

    const noSheet = loadKeep('marsh-keep.tmx', images(['art/mire.png']));
    expect(noSheet.art!.tilesets).toEqual([]);
    expect(
      noSheet
        .art!.layers.filter((l) => l.type === 'tilelayer')
        .every((l) => (l as ArtTileLayer).data.every((g) => g === 0)),
    ).toBe(true);
    expect(noSheet.warnings[0]).toBe(
      'Tileset file "tiles/keep.tsx" uses the image "../art/keep-tiles.png", which did not come with the map, so its tiles are drawn with the built-in tiles (assets/tiles/dungeon-tiles.png) by terrain. The map still plays; load the image together with the map (or put it in the .zip pack) to see its own art.',
    );
  });

  it('finds an image dropped without its folders, by its file name', () => {
    const flat: Record<string, { width: number; height: number }> = {};
    for (const [path, size] of Object.entries(images())) flat[path.replace(/^.*\//, '')] = size;
    const m = ok(
      loadTiledMap(text('marsh-keep.tmx'), {
        id: 'marsh-keep',
        externalTilesets: { 'keep.tsx': text('tiles/keep.tsx') },
        images: flat,
      }),
    );
    expect(m.art!.images.map((i) => i.path).sort()).toEqual([
      'banner.png',
      'barrel.png',
      'crate.png',
      'keep-tiles.png',
      'mire.png',
    ]);
  });

  it('says when a sheet is too small for its tiles', () => {
    const m = loadKeep('marsh-keep.tmx', {
      ...images(),
      'art/keep-tiles.png': { width: 69, height: 35 },
    });
    expect(m.warnings).toContain(
      'Tileset file "tiles/keep.tsx": its image "art/keep-tiles.png" is 69 x 35 pixels, too small for its 16 tiles of 16 x 16; the tiles past its edge are not drawn.',
    );
  });

  it('multiplies tints as Tiled does', () => {
    expect(combineTints(undefined, '#ff8040')).toBe('#ff8040');
    expect(combineTints('#ff8040', undefined)).toBe('#ff8040');
    expect(combineTints('#ff8040', '#80ffff')).toBe('#808040');
    expect(combineTints('#80ffffff', '#ff808080')).toBe('#80808080');
    expect(combineTints('nonsense', '#ffffff')).toBe('#ffffff');
  });
});
