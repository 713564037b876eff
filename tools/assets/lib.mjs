// Shared helpers for the Arch Foe asset build scripts.
//
// These scripts are run by hand (not by the game or CI) to regenerate the
// committed files in assets/. They need a few npm packages that are NOT
// dependencies of the game; install them in a throwaway directory:
//
//   mkdir -p /tmp/assettools && cd /tmp/assettools && npm init -y &&
//   npm install sharp @resvg/resvg-js @iconify-json/game-icons
//
// (set ASSET_TOOLS=/other/dir to use another location) and the Debian
// package `crawl-tiles-data` (Dungeon Crawl Stone Soup tiles) for the art:
//   apt-get install crawl-tiles-data
import { createRequire } from 'node:module';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TOOLS_DIR = process.env.ASSET_TOOLS || '/tmp/assettools';
export const toolRequire = createRequire(path.join(TOOLS_DIR, 'package.json'));
export const sharp = toolRequire('sharp');

export const CRAWL = process.env.CRAWL_TILES || '/usr/share/crawl/dat/tiles';
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ASSETS = path.join(ROOT, 'assets');

/** RGBA image held in memory. */
export class Img {
  constructor(w, h, data) {
    this.w = w;
    this.h = h;
    this.data = data || new Uint8ClampedArray(w * h * 4);
  }
  idx(x, y) {
    return (y * this.w + x) * 4;
  }
  get(x, y) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return [0, 0, 0, 0];
    const i = this.idx(x, y);
    return [this.data[i], this.data[i + 1], this.data[i + 2], this.data[i + 3]];
  }
  set(x, y, c) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = this.idx(x, y);
    this.data[i] = c[0];
    this.data[i + 1] = c[1];
    this.data[i + 2] = c[2];
    this.data[i + 3] = c.length > 3 ? c[3] : 255;
  }
  /** Source-over blend of colour c (alpha 0..255) scaled by extra alpha a (0..1). */
  blend(x, y, c, a = 1) {
    if (x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const sa = ((c.length > 3 ? c[3] : 255) / 255) * a;
    if (sa <= 0) return;
    const i = this.idx(x, y);
    const d = this.data;
    const da = d[i + 3] / 255;
    const oa = sa + da * (1 - sa);
    for (let k = 0; k < 3; k++) {
      d[i + k] = oa > 0 ? (c[k] * sa + d[i + k] * da * (1 - sa)) / oa : 0;
    }
    d[i + 3] = oa * 255;
  }
  clone() {
    return new Img(this.w, this.h, new Uint8ClampedArray(this.data));
  }
}

export async function loadPng(file) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return new Img(info.width, info.height, new Uint8ClampedArray(data.buffer, data.byteOffset, data.length));
}

export async function savePng(img, file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length), {
    raw: { width: img.w, height: img.h, channels: 4 },
  })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toFile(file);
}

export function crop(img, x, y, w, h) {
  const out = new Img(w, h);
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) out.set(i, j, img.get(x + i, y + j));
  return out;
}

/** Draw src onto dst at (dx,dy) with source-over blending. */
export function blit(dst, src, dx, dy, opts = {}) {
  const { alpha = 1, flipX = false, tint = null } = opts;
  for (let j = 0; j < src.h; j++)
    for (let i = 0; i < src.w; i++) {
      let c = src.get(flipX ? src.w - 1 - i : i, j);
      if (c[3] === 0) continue;
      if (tint) c = tint(c, i, j);
      dst.blend(dx + i, dy + j, c, alpha);
    }
}

export function flipX(img) {
  const out = new Img(img.w, img.h);
  for (let j = 0; j < img.h; j++) for (let i = 0; i < img.w; i++) out.set(img.w - 1 - i, j, img.get(i, j));
  return out;
}

export function scaleNearest(img, k) {
  const out = new Img(Math.round(img.w * k), Math.round(img.h * k));
  for (let j = 0; j < out.h; j++)
    for (let i = 0; i < out.w; i++) out.set(i, j, img.get(Math.floor(i / k), Math.floor(j / k)));
  return out;
}

/** Bounding box of non-transparent pixels. */
export function bbox(img) {
  let x0 = img.w, y0 = img.h, x1 = -1, y1 = -1;
  for (let y = 0; y < img.h; y++)
    for (let x = 0; x < img.w; x++)
      if (img.data[img.idx(x, y) + 3] > 0) {
        if (x < x0) x0 = x;
        if (y < y0) y0 = y;
        if (x > x1) x1 = x;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

export function trim(img) {
  const b = bbox(img);
  return b ? crop(img, b.x, b.y, b.w, b.h) : img;
}

/** Connected components (8-neighbour) of non-transparent pixels; cached per image. */
const compCache = new WeakMap();
export function components(img) {
  if (compCache.has(img)) return compCache.get(img);
  const W = img.w, H = img.h, d = img.data;
  const lab = new Int32Array(W * H).fill(-1);
  const sizes = [];
  const st = [];
  for (let p = 0; p < W * H; p++) {
    if (d[p * 4 + 3] === 0 || lab[p] >= 0) continue;
    const id = sizes.length;
    let n = 0;
    lab[p] = id;
    st.push(p);
    while (st.length) {
      const q = st.pop();
      n++;
      const x = q % W, y = (q / W) | 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx, ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
          const r = ny * W + nx;
          if (lab[r] < 0 && d[r * 4 + 3] > 0) {
            lab[r] = id;
            st.push(r);
          }
        }
    }
    sizes.push(n);
  }
  const res = { lab, sizes };
  compCache.set(img, res);
  return res;
}

/**
 * Cut a sprite out of a packed atlas (crawl packs trimmed sprites edge to edge):
 * copy the rectangle but drop pixels of connected components that mostly lie
 * outside it (i.e. belong to a neighbouring sprite).
 */
export function grab(atlas, x, y, w, h, keepFrac = 0.5) {
  const { lab, sizes } = components(atlas);
  const inside = new Map();
  for (let j = y; j < y + h; j++)
    for (let i = x; i < x + w; i++) {
      const l = lab[j * atlas.w + i];
      if (l >= 0) inside.set(l, (inside.get(l) || 0) + 1);
    }
  const out = new Img(w, h);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const l = lab[(y + j) * atlas.w + x + i];
      if (l < 0) continue;
      if (inside.get(l) / sizes[l] < keepFrac) continue;
      out.set(i, j, atlas.get(x + i, y + j));
    }
  return out;
}

/** Place a sprite in a w x h frame: centred horizontally, bottom at `bottom`. */
export function frame(sprite, w = 32, h = 32, opts = {}) {
  const { dx = 0, dy = 0, bottom = h - 1, flip = false } = opts;
  const s = trim(sprite);
  const out = new Img(w, h);
  const x = Math.round((w - s.w) / 2) + dx;
  const y = bottom - s.h + 1 + dy;
  blit(out, s, x, y, { flipX: flip });
  return out;
}

/** Deterministic PRNG (mulberry32). */
export { mulberry32 as rng } from './rng.mjs';

/** Build a sheet of cells and a Phaser JSON-hash atlas for it. */
export function packSheet(cells, cols, cw = 32, ch = 32, imageName) {
  const rows = Math.ceil(cells.length / cols);
  const sheet = new Img(cols * cw, rows * ch);
  const frames = {};
  cells.forEach(({ name, img }, k) => {
    const x = (k % cols) * cw, y = Math.floor(k / cols) * ch;
    blit(sheet, img, x, y);
    frames[name] = {
      frame: { x, y, w: cw, h: ch },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: cw, h: ch },
      sourceSize: { w: cw, h: ch },
      // flat copy for code that wants {x,y,w,h} directly
      x, y, w: cw, h: ch,
    };
  });
  const json = {
    frames,
    meta: {
      app: 'arch-foe tools/assets',
      image: imageName,
      format: 'RGBA8888',
      size: { w: sheet.w, h: sheet.h },
      scale: '1',
    },
  };
  return { sheet, json };
}

export function writeJson(file, obj) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(obj, null, 2) + '\n');
}

export const clamp = (v, a = 0, b = 255) => Math.max(a, Math.min(b, v));
export const lerp = (a, b, t) => a + (b - a) * t;

/**
 * Cut a sprite out of a region of a packed atlas where neighbouring sprites
 * touch each other: take the rectangle, then keep only the largest connected
 * blob plus any other blobs that do not touch the rectangle's border
 * (border-touching blobs are pieces of neighbouring sprites).
 */
export function grabLocal(atlas, x, y, w, h, opts = {}) {
  const { keep = [], minKeep = 1 } = opts; // keep: extra [x,y] seeds (local coords); minKeep: min size of detached blobs
  const r = crop(atlas, x, y, w, h);
  const { lab, sizes } = components(r);
  const touches = new Set();
  for (let i = 0; i < w; i++) {
    touches.add(lab[i]);
    touches.add(lab[(h - 1) * w + i]);
  }
  for (let j = 0; j < h; j++) {
    touches.add(lab[j * w]);
    touches.add(lab[j * w + w - 1]);
  }
  let big = -1;
  sizes.forEach((n, id) => {
    if (big < 0 || n > sizes[big]) big = id;
  });
  const keepIds = new Set([big, ...keep.map(([px, py]) => lab[py * w + px])]);
  const out = new Img(w, h);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const l = lab[j * w + i];
      if (l < 0) continue;
      if (keepIds.has(l) || (!touches.has(l) && sizes[l] >= minKeep)) out.set(i, j, r.get(i, j));
    }
  return out;
}
