/**
 * The web app's icons (public/icons/icon-192.png, icon-512.png, maskable-512.png): the
 * Arch Foe's sprite from assets/sprites/units.png, scaled up by whole pixels (the pixel art
 * stays crisp) on the game's dark background with a gold ring. Deterministic; run with
 *   npx tsx tools/assets/build-app-icon.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { REPO_ROOT } from '../lib/bench-boards';

const SHEET = join(REPO_ROOT, 'assets/sprites/units.png');
const ATLAS = join(REPO_ROOT, 'assets/sprites/units.json');
const OUT = join(REPO_ROOT, 'public/icons');
const FRAME = 'dragon-idle-0';
const BACKGROUND = [0x14, 0x0f, 0x16];
const GOLD = [0xe8, 0xc0, 0x6a];

function makeIcon(size: number, maskable: boolean): Buffer {
  const sheet = PNG.sync.read(readFileSync(SHEET));
  const atlas = JSON.parse(readFileSync(ATLAS, 'utf8')) as {
    frames: Record<string, { frame: { x: number; y: number; w: number; h: number } }>;
  };
  const f = atlas.frames[FRAME].frame;
  const icon = new PNG({ width: size, height: size });
  const c = size / 2;
  // A maskable icon keeps its picture inside the middle 80% (the safe zone) and fills the rest.
  const ring = maskable ? size * 0.4 : size * 0.47;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const i = (y * size + x) * 4;
      const inside = maskable || d <= ring;
      const onRing = d <= ring && d > ring - size * 0.025;
      const rgb = onRing ? GOLD : BACKGROUND;
      icon.data[i] = rgb[0];
      icon.data[i + 1] = rgb[1];
      icon.data[i + 2] = rgb[2];
      icon.data[i + 3] = inside ? 255 : 0;
    }
  }
  const scale = Math.floor((ring * 1.5) / Math.max(f.w, f.h));
  const ox = Math.round(c - (f.w * scale) / 2);
  const oy = Math.round(c - (f.h * scale) / 2);
  for (let sy = 0; sy < f.h; sy++) {
    for (let sx = 0; sx < f.w; sx++) {
      const si = ((f.y + sy) * sheet.width + f.x + sx) * 4;
      const a = sheet.data[si + 3] / 255;
      if (a === 0) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const i = ((oy + sy * scale + dy) * size + ox + sx * scale + dx) * 4;
          for (let k = 0; k < 3; k++)
            icon.data[i + k] = Math.round(sheet.data[si + k] * a + icon.data[i + k] * (1 - a));
          icon.data[i + 3] = 255;
        }
      }
    }
  }
  return PNG.sync.write(icon);
}

mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'icon-192.png'), makeIcon(192, false));
writeFileSync(join(OUT, 'icon-512.png'), makeIcon(512, false));
writeFileSync(join(OUT, 'maskable-512.png'), makeIcon(512, true));
console.log('public/icons: icon-192.png, icon-512.png, maskable-512.png');
