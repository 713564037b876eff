/**
 * The plan for drawing a map in its own art (view/map-art.ts), headless: Marsh Keep's
 * tilesets renumbered for Phaser, its image collection packed into an atlas with the tall
 * banner bottom-aligned, the shift that puts tall tiles where Tiled draws them, animations
 * in the new numbering, the built-in tiles only where an image is missing; and Phaser's own
 * Tiled parser reading the plan with the flips kept.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArtImage } from '../../src/maps';
import { frameAt, parseTint, planMapArt, type ArtPlan } from '../../src/view/map-art';
import { loadMarshKeep, ownArtImages } from '../maps/helpers';
import { phaserTiledParser, type PhaserParse } from '../phaser-parser';

const all = (): boolean => true;
const except =
  (...paths: string[]) =>
  (image: ArtImage): boolean =>
    !paths.includes(image.path);

function plan(has: (image: ArtImage, builtin?: string) => boolean = all): ArtPlan {
  const p = planMapArt(loadMarshKeep(), has);
  if (!p) throw new Error('no plan');
  return p;
}

const layerData = (p: ArtPlan, index: number): number[] =>
  (p.tiled.layers as { data: number[] }[])[index].data;

let parse: PhaserParse;
beforeAll(() => {
  parse = phaserTiledParser();
});

describe("the plan for a map's own art", () => {
  it('renumbers the tilesets and packs the collection into an atlas, bottom-aligned', () => {
    const p = plan();
    expect([p.scaleX, p.scaleY, p.width, p.height]).toEqual([2, 2, 14, 10]);
    const [keep, props] = p.tilesets;
    expect(keep).toMatchObject({ firstgid: 1, count: 16, tilewidth: 16, margin: 1, spacing: 1 });
    expect([keep.shiftX, keep.shiftY]).toEqual([0, 0]);
    expect(props).toMatchObject({ firstgid: 17, count: 4, tilewidth: 16, tileheight: 32 });
    // The banner is 32 tall on a 16 grid: Phaser puts it a square too low unless shifted.
    expect(props.shiftY).toBe(-16);
    expect(props.atlas).toMatchObject({ width: 32, height: 64 });
    expect(props.atlas!.cells.map((c) => [c.image.path, c.dx, c.dy, c.sw, c.sh])).toEqual([
      ['art/barrel.png', 0, 16, 16, 16],
      ['art/crate.png', 16, 16, 16, 16],
      ['art/banner.png', 0, 32, 16, 32],
    ]);
    expect(p.fallback).toBeNull();
    expect(p.fallbackSquares).toBe(0);
    expect(p.backgroundcolor).toBe(0x10140f);
  });

  it('keeps the layers in order with their opacity, tint and parallax', () => {
    const p = plan();
    expect(p.layers.map((l) => `${l.kind}:${l.name}`)).toEqual([
      'image:Backdrop',
      'tile:Ground',
      'tile:Water',
      'tile:Walls',
      'tile:Decor',
      'tile:Shadows',
      'tile:Reeds',
    ]);
    expect(p.layers[0]).toMatchObject({ parallaxx: 0.9, parallaxy: 0.9 });
    expect(p.layers.find((l) => l.name === 'Shadows')!.opacity).toBe(0.5);
    expect(p.layers.find((l) => l.name === 'Reeds')!.tint).toBe(0xffc080);
    expect([p.parallaxoriginx, p.parallaxoriginy]).toEqual([112, 80]);
  });

  it('animates in the new numbering, and frameAt steps through the frames', () => {
    const p = plan();
    const water = p.animations.find((a) => a.gid === 5)!;
    expect(water.frames.map((f) => f.gid)).toEqual([5, 6, 7, 8]);
    expect(water.total).toBe(1000);
    expect([0, 249, 250, 600, 999, 1000, 1250].map((t) => frameAt(water, t))).toEqual([
      5, 5, 6, 7, 8, 5, 6,
    ]);
    expect(p.animations.map((a) => a.gid).sort((a, b) => a - b)).toEqual([5, 9, 15]);
  });

  it('leaves to the built-in tiles only the squares whose image is missing', () => {
    const p = plan(except('art/crate.png'));
    const props = p.tilesets[1];
    expect(props.count).toBe(2);
    expect(props.atlas!.cells).toHaveLength(2);
    expect(p.fallbackSquares).toBe(1);
    const decor = p.layers.find((l) => l.name === 'Decor');
    expect(decor).toMatchObject({ kind: 'tile' });
    const fallbackIndex = decor!.kind === 'tile' ? decor!.fallbackLayer : null;
    expect(fallbackIndex).not.toBeNull();
    const fb = p.fallback!.layers[fallbackIndex!];
    expect(fb.type === 'tilelayer' && fb.data.filter((g) => g !== 0)).toHaveLength(1);
    // The crate's square: nothing in the art, the built-in tile in the fallback.
    const artIndex = decor!.kind === 'tile' ? decor!.artLayer! : -1;
    expect(layerData(p, artIndex)[3 * 14 + 10]).toBe(0);
    expect(fb.type === 'tilelayer' && fb.data[3 * 14 + 10]).not.toBe(0);

    const noSheet = plan(except('art/keep-tiles.png'));
    expect(noSheet.tilesets.map((t) => t.name)).toEqual(['art-1']);
    expect(noSheet.fallbackSquares).toBeGreaterThan(100);
    const nothing = planMapArt(loadMarshKeep(), () => false);
    expect(nothing!.layers.every((l) => l.kind === 'tile' && l.artLayer === null)).toBe(true);
  });

  it("is read by Phaser's own Tiled parser, flips and all", () => {
    const p = plan();
    const d = parse('marsh', p.tiled, false)!;
    expect(d).not.toBeNull();
    expect([d.width, d.height, d.tileWidth]).toEqual([14, 10, 16]);
    expect(d.tilesets.map((t) => [t.name, t.firstgid, t.total])).toEqual([
      ['art-0', 1, 16],
      ['art-1', 17, 4],
    ]);
    const decor = d.layers[3];
    const runes = [1, 2, 3, 4, 5].map((x) => decor.data[2][x]);
    expect(runes.map((t) => t.index)).toEqual([12, 12, 12, 12, 12]);
    expect(runes[0]).toMatchObject({ flipX: false, rotation: 0 });
    expect(runes[1]).toMatchObject({ flipX: true, rotation: 0 });
    expect(runes[2]).toMatchObject({ flipX: true, rotation: Math.PI });
    expect(runes[3].rotation).toBeCloseTo(Math.PI / 2);
    expect(runes[4].rotation).toBeCloseTo((3 * Math.PI) / 2);
  });

  it('reads tints as Tiled writes them', () => {
    expect(parseTint('#ffc080')).toEqual({ rgb: 0xffc080, alpha: 1 });
    expect(parseTint('#80ffc080')).toEqual({ rgb: 0xffc080, alpha: 128 / 255 });
    expect(parseTint('bad')).toBeNull();
    expect(parseTint(undefined)).toBeNull();
  });

  it('has no plan for a map without art', () => {
    expect(planMapArt(loadMarshKeep('marsh-keep.tmx', null), all)).toBeNull();
    expect(ownArtImages(['art/mire.png'])['art/mire.png']).toEqual({ width: 224, height: 160 });
  });
});
