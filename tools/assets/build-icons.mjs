// Builds assets/ui/icons.png + icons.json: 32x32 UI icons rendered from the
// game-icons.net set (npm @iconify-json/game-icons, CC BY 3.0), recoloured
// light with a dark outline so they read on the dark UI.
// Run: node tools/assets/build-icons.mjs   (see lib.mjs for the setup)
import path from 'node:path';
import { ASSETS, Img, toolRequire, savePng, packSheet, writeJson, clamp } from './lib.mjs';

const { Resvg } = toolRequire('@resvg/resvg-js');
const iconSet = toolRequire('@iconify-json/game-icons/icons.json');

const T = 32;
const INNER = 26; // icon glyph size inside the 32x32 cell (room for the outline)

// name in our atlas -> [game-icons name, fill colour (top), fill colour (bottom), mode]
export const ICONS = [
  ['sword', 'broadsword', [235, 235, 240], [170, 180, 195]],
  ['fireball', 'burning-meteor', [255, 230, 120], [245, 120, 40]],
  ['dagger', 'plain-dagger', [235, 235, 240], [170, 180, 195]],
  ['spear', 'stone-spear', [235, 225, 200], [190, 170, 130]],
  ['dragon-breath', 'dragon-breath', [255, 210, 110], [235, 90, 40]],
  ['heal', 'health-normal', [190, 255, 190], [90, 210, 110]],
  ['patrol', 'boot-prints', [220, 215, 200], [170, 165, 150]],
  ['alerted', 'surprised', [255, 235, 120], [240, 170, 50]],
  ['retreating', 'run', [220, 220, 255], [150, 160, 220]],
  ['skull', 'death-skull', [245, 240, 225], [195, 185, 165]],
  ['heart', 'hearts', [255, 130, 130], [210, 40, 50]],
  ['heart-empty', 'hearts', [255, 170, 170], [200, 120, 120], 'hollow'],
  ['dice', 'rolling-dices', [250, 250, 245], [200, 200, 190]],
  ['end-turn', 'hourglass', [245, 225, 170], [210, 170, 100]],
  ['undo', 'anticlockwise-rotation', [225, 235, 255], [160, 180, 220]],
  ['speaker-on', 'speaker', [235, 235, 235], [180, 180, 190]],
  ['speaker-off', 'speaker-off', [235, 235, 235], [180, 180, 190]],
  ['gear', 'cog', [225, 225, 230], [160, 165, 175]],
  ['crown', 'crown', [255, 235, 130], [225, 170, 40]],
  ['shield', 'checked-shield', [210, 225, 245], [140, 160, 195]],
  ['target', 'crosshair', [255, 200, 190], [230, 90, 80]],
];

function renderMask(name, size) {
  const icon = iconSet.icons[name];
  if (!icon) throw new Error(`missing game-icon ${name}`);
  const w = icon.width || iconSet.width || 512, h = icon.height || iconSet.height || 512;
  const body = icon.body.replace(/currentColor/g, '#fff');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>`;
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render();
  const a = new Float32Array(size * size);
  for (let i = 0; i < size * size; i++) a[i] = png.pixels[i * 4 + 3] / 255;
  return a;
}

function dilate(mask, n, r) {
  const out = new Float32Array(n * n);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      let m = 0;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          if (dx * dx + dy * dy > r * r + 0.5) continue;
          const X = x + dx, Y = y + dy;
          if (X < 0 || Y < 0 || X >= n || Y >= n) continue;
          m = Math.max(m, mask[Y * n + X]);
        }
      out[y * n + x] = m;
    }
  return out;
}

function erode(mask, n, r) {
  const inv = mask.map((v) => 1 - v);
  return dilate(inv, n, r).map((v) => 1 - v);
}

function makeIcon(gameName, top, bottom, mode) {
  const glyph = renderMask(gameName, INNER);
  // place the glyph centred in a 32x32 float mask
  const m = new Float32Array(T * T);
  const off = (T - INNER) / 2;
  for (let y = 0; y < INNER; y++) for (let x = 0; x < INNER; x++) m[(y + off) * T + x + off] = glyph[y * INNER + x];
  const outline = dilate(m, T, 2);
  const img = new Img(T, T);
  const dark = [24, 18, 14];
  for (let i = 0; i < T * T; i++) if (outline[i] > 0) img.set(i % T, (i / T) | 0, [...dark, clamp(outline[i] * 255)]);
  const inner = mode === 'hollow' ? erode(m, T, 2) : null;
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const a = m[y * T + x];
      if (a <= 0) continue;
      const t = y / (T - 1);
      let col = top.map((c, k) => c + (bottom[k] - c) * t);
      if (inner && inner[y * T + x] > 0.5) col = [70, 30, 34]; // hollow: dark interior, light rim
      img.blend(x, y, [...col, 255], a);
    }
  return img;
}

const cells = ICONS.map(([name, gameName, top, bottom, mode]) => ({ name, img: makeIcon(gameName, top, bottom, mode) }));
const { sheet, json } = packSheet(cells, 7, T, T, 'icons.png');
json.meta.note = 'Icons from game-icons.net (CC BY 3.0), see assets/CREDITS.md';
json.meta.source = Object.fromEntries(ICONS.map(([name, g]) => [name, `game-icons:${g}`]));
await savePng(sheet, path.join(ASSETS, 'ui/icons.png'));
writeJson(path.join(ASSETS, 'ui/icons.json'), json);
console.log('icons written');
