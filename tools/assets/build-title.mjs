// Builds assets/ui/title.png (800x300): a dungeon scene composed from the
// generated tile sheet and unit/effect sprites, scaled up with nearest-neighbour
// (pixelated) scaling, with lava glow and a vignette. No text (the game draws it).
// Run after build-tiles.mjs and build-sprites.mjs.
import path from 'node:path';
import { ASSETS, Img, loadPng, savePng, crop, blit, scaleNearest, flipX, rng, clamp } from './lib.mjs';

const W = 800, H = 300, T = 32;
const tiles = await loadPng(path.join(ASSETS, 'tiles/dungeon-tiles.png'));
const units = await loadPng(path.join(ASSETS, 'sprites/units.png'));
const fx = await loadPng(path.join(ASSETS, 'sprites/effects.png'));
const unitsJson = (await import(path.join(ASSETS, 'sprites/units.json'), { with: { type: 'json' } })).default;
const fxJson = (await import(path.join(ASSETS, 'sprites/effects.json'), { with: { type: 'json' } })).default;

const tile = (i) => crop(tiles, (i % 8) * T, Math.floor(i / 8) * T, T, T);
const unit = (name) => {
  const f = unitsJson.frames[name].frame;
  return crop(units, f.x, f.y, f.w, f.h);
};
const effect = (name) => {
  const f = fxJson.frames[name].frame;
  return crop(fx, f.x, f.y, f.w, f.h);
};

const img = new Img(W, H);
const S = 2; // tile scale: 64 px tiles
const TS = T * S;
const r = rng(99);
const cols = Math.ceil(W / TS), rows = Math.ceil(H / TS);
for (let ty = 0; ty < rows; ty++)
  for (let tx = 0; tx < cols; tx++) {
    let idx;
    if (ty === 0) idx = r() < 0.3 ? 4 : 3; // back wall
    else if (tx >= 8 && ty >= 2 && (tx + ty) % 5 === 0) idx = 8; // lava near the lair
    else if (tx >= 8) idx = 14; // scorched lair floor
    else idx = [0, 1, 2][Math.floor(r() * 3)];
    if (ty === 1 && tx === 3) idx = 11; // stairs behind the heroes
    if (ty === 1 && tx === 10) idx = 12; // the treasure altar behind the dragon
    if (ty === 4 && tx === 6) idx = 5; // some rubble
    if (ty === 3 && tx === 7) idx = 7; // a pit
    blit(img, scaleNearest(tile(idx), S), tx * TS, ty * TS);
  }

// lava glow (warm light on the right) and cool darkness on the left
for (let y = 0; y < H; y++)
  for (let x = 0; x < W; x++) {
    const i = img.idx(x, y);
    const d = Math.hypot((x - 640) / 300, (y - 230) / 200);
    const glow = Math.max(0, 1 - d) * 0.9;
    img.data[i] = clamp(img.data[i] * (1 + glow * 0.9) + glow * 40);
    img.data[i + 1] = clamp(img.data[i + 1] * (1 + glow * 0.35) + glow * 12);
    img.data[i + 2] = clamp(img.data[i + 2] * (1 - glow * 0.2));
  }

// cast shadows + figures
const place = (sprite, scale, cx, bottom, flip = false) => {
  const s = scaleNearest(flip ? flipX(sprite) : sprite, scale);
  blit(img, s, Math.round(cx - s.w / 2), bottom - s.h);
};
place(unit('dragon-attack'), 6, 655, 296, true);
place(unit('goblin-idle-0'), 3, 500, 286, true);
place(unit('troll-idle-0'), 3, 455, 250, true);
place(unit('fighting-man-attack'), 4, 250, 298);
place(unit('thief-idle-0'), 3, 345, 262);
place(unit('priest-idle-0'), 3, 85, 270);
place(unit('magic-user-attack'), 4, 165, 290);
// spells in flight
place(effect('fireball'), 3, 350, 190);
place(effect('fire-breath'), 4, 540, 196);
place(effect('fire-breath-1'), 3, 470, 180);
place(effect('heal-sparkle'), 3, 88, 196);

// vignette + darker top band so the game's title text reads well
for (let y = 0; y < H; y++)
  for (let x = 0; x < W; x++) {
    const i = img.idx(x, y);
    const dx = (x - W / 2) / (W / 2), dy = (y - H * 0.55) / (H * 0.75);
    let k = 1 - 0.75 * Math.pow(Math.min(1, Math.hypot(dx * 0.85, dy)), 2.2);
    k *= 0.55 + 0.45 * Math.min(1, y / (H * 0.45));
    img.data[i] *= k;
    img.data[i + 1] *= k;
    img.data[i + 2] *= k;
    img.data[i + 3] = 255;
  }
await savePng(img, path.join(ASSETS, 'ui/title.png'));
console.log('title written');
