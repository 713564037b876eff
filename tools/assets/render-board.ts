/**
 * Draws a generated board to a PNG with the game's own tiles, the whole board at once (the
 * game shows a part of it, zoomed): for the docs and for looking at what the generator
 * makes. Needs the asset tools' sharp (see lib.mjs).
 *
 *   npx tsx tools/assets/render-board.ts --seed S [--kind skirmish|sheet|chessboard]
 *       [--size large|small] [--shape SHAPE] [--tile 16|32] --out FILE.png
 */
import { BUILTIN_TILESET_IMAGE } from '../../src/maps/constants';
import { boardToTiled, generateBoard, type BoardKind } from '../../src/maps/generated';
import type {
  BattlefieldScale,
  BattlefieldShape,
} from '../../src/engine/rulesets/skirmish/battlefield';
// @ts-expect-error: the asset tools' helpers are plain JavaScript.
import { ROOT, Img, loadPng, savePng, crop, blit, scaleNearest } from './lib.mjs';

interface Image {
  w: number;
  h: number;
}

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const seed = Number(args.get('--seed') ?? 1);
const kind = (args.get('--kind') ?? 'skirmish') as BoardKind;
const scale = args.get('--size') as BattlefieldScale | undefined;
const shape = args.get('--shape') as BattlefieldShape | undefined;
const tile = Number(args.get('--tile') ?? 32);
const out = args.get('--out');
if (!out) throw new Error('--out FILE.png is needed');

const board = generateBoard({ kind, seed, scale, shape });
const tiled = boardToTiled(board) as {
  width: number;
  height: number;
  layers: { type: string; data?: number[] }[];
};
const sheet = (await loadPng(`${ROOT}/${BUILTIN_TILESET_IMAGE}`)) as Image;
const T = 32;
const img = new Img(tiled.width * T, tiled.height * T) as Image;
for (const layer of tiled.layers) {
  if (layer.type !== 'tilelayer' || !layer.data) continue;
  layer.data.forEach((gid, i) => {
    if (gid === 0) return;
    const id = gid - 1;
    const piece = crop(sheet, (id % 8) * T, Math.floor(id / 8) * T, T, T) as Image;
    blit(img, piece, (i % tiled.width) * T, Math.floor(i / tiled.width) * T);
  });
}
await savePng(tile === T ? img : scaleNearest(img, tile / T), out);
console.log(`${out}: ${board.map.name}, ${tiled.width} x ${tiled.height} squares`);
