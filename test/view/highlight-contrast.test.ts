/**
 * Move highlights stand apart from the map's own art (issue 29: "Move highlights are blue
 * over blue water"). Every opaque pixel of every tile of the built-in tilesets (the
 * dungeon, its alternative art, the outdoor tiles) and of a player's tileset (the marsh
 * keep's own art), under a move square's wash, against the outline's two bands: one of
 * them keeps a contrast of at least 3:1 (WCAG's least for things that are not text), in
 * the standard and the colour-blind palette. The wash alone, the look before, did not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from '../../src/devtools/png';
import { BUILTIN_TILE_FOR_TERRAIN } from '../../src/maps/constants';
import {
  LEAST_OUTLINE_CONTRAST,
  outlineContrast,
  washContrast,
} from '../../src/view/highlight-style';
import { COLORS, setColourBlind } from '../../src/view/theme';

const ROOT = join(__dirname, '..', '..');
const TILESETS = [
  'assets/tiles/dungeon-tiles.png',
  'assets/tiles/dungeon-tiles-alt.png',
  'test/fixtures/maps/own-art/art/keep-tiles.png',
];
const TILE = 32;
const images = new Map<string, ReturnType<typeof decodePng>>();
const image = (path: string) => {
  if (!images.has(path)) images.set(path, decodePng(readFileSync(join(ROOT, path))));
  return images.get(path)!;
};

/** The opaque pixels of tile `index` (row by row, 32 x 32 tiles) of a tileset image. */
function tilePixels(path: string, index: number): [number, number, number][] {
  const img = image(path);
  const cols = Math.floor(img.width / TILE);
  const x0 = (index % cols) * TILE;
  const y0 = Math.floor(index / cols) * TILE;
  const out: [number, number, number][] = [];
  for (let y = y0; y < y0 + TILE; y++)
    for (let x = x0; x < x0 + TILE; x++) {
      const i = (y * img.width + x) * 4;
      if (img.data[i + 3] >= 128) out.push([img.data[i], img.data[i + 1], img.data[i + 2]]);
    }
  return out;
}

function tileCount(path: string): number {
  const img = image(path);
  return Math.floor(img.width / TILE) * Math.floor(img.height / TILE);
}

afterAll(() => setColourBlind(false));

describe('the move outline against the art under it', () => {
  for (const colourBlind of [false, true])
    it(`keeps 3:1 on every tile's every pixel (${colourBlind ? 'colour-blind' : 'standard'} palette)`, () => {
      setColourBlind(colourBlind);
      const reach = COLORS.reach;
      let pixels = 0;
      for (const path of TILESETS)
        for (let t = 0; t < tileCount(path); t++) {
          let least = Infinity;
          for (const p of tilePixels(path, t)) {
            least = Math.min(least, outlineContrast(p, reach));
            pixels++;
          }
          if (least < Infinity)
            expect(least, `${path} tile ${t}`).toBeGreaterThanOrEqual(LEAST_OUTLINE_CONTRAST);
        }
      expect(pixels).toBeGreaterThan(40_000);
    });

  it('the wash alone vanished over water (the look the outline mends)', () => {
    const water = tilePixels(TILESETS[0], BUILTIN_TILE_FOR_TERRAIN.water);
    const lava = tilePixels(TILESETS[0], BUILTIN_TILE_FOR_TERRAIN.dangerous);
    const floor = tilePixels(TILESETS[0], BUILTIN_TILE_FOR_TERRAIN.floor);
    const worst = (px: typeof water, f: (p: (typeof water)[number]) => number) =>
      Math.min(...px.map(f));
    for (const px of [water, lava, floor]) {
      expect(worst(px, (p) => washContrast(p, COLORS.reach))).toBeLessThan(1.5);
      expect(worst(px, (p) => outlineContrast(p, COLORS.reach))).toBeGreaterThanOrEqual(3);
    }
  });
});
