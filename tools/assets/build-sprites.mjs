// Builds assets/sprites/units.png + units.json and assets/sprites/effects.png + effects.json.
// Unit figures are cut from Dungeon Crawl Stone Soup's player.png (crawl-tiles-data,
// CC0); the idle/attack variations and all effect sprites are generated here.
// Run: node tools/assets/build-sprites.mjs   (see lib.mjs for the setup)
import path from 'node:path';
import { CRAWL, ASSETS, Img, loadPng, savePng, grabLocal, trim, blit, frame, packSheet, writeJson, rng, clamp, lerp } from './lib.mjs';

const T = 32;
const player = await loadPng(path.join(CRAWL, 'player.png'));

// [kind, atlas rect x,y,w,h, flip so that the figure faces right (east)]
const UNITS = [
  ['fighting-man', [522, 1220, 32, 34], false], // armoured knight with blue cloak
  ['magic-user', [750, 1220, 34, 34], false], // wizard in purple robe and pointed hat
  ['thief', [910, 1188, 30, 32], true], // hooded rogue in brown
  ['priest', [928, 1220, 32, 34], true], // white-haired cleric in blue robes with holy book
  ['goblin', [920, 1382, 36, 32], true], // lanky green goblin
  ['troll', [955, 1381, 32, 33], false], // big green troll
  ['dragon', [748, 1254, 38, 33], true], // red winged dragon
  // The Skirmish roster's own figures (solitaire-gaming-rules), each its own look:
  ['sk-spearman', [678, 1220, 30, 34], false], // soldier in a pot helm
  ['sk-knight', [544, 1220, 32, 34], false], // knight in gold armour, orange cloak
  ['sk-captain', [470, 1220, 30, 34], false], // grey-armoured officer
  ['sk-warlord', [372, 1220, 32, 34], false], // red-armoured warlord with horned helm
  ['sk-lancer', [662, 1410, 32, 36], true], // centaur warrior (the mounted lancer)
  ['sk-repeater', [874, 1188, 30, 32], false], // man in a broad hat (the repeater)
  ['sk-slinger', [128, 1350, 32, 34], false], // small hooded skirmisher
  ['sk-wolf', [64, 1318, 32, 32], true], // brown hound (the wolf)
  ['sk-ogre', [306, 1256, 34, 34], false], // big bald ogre
  ['sk-wyrm', [286, 1288, 34, 34], false], // golden dragon (the wyrm)
];

/** idle-1: upper body sinks by 1px (breathing bob) while the feet stay put. */
function bob(img) {
  const b = trim(img);
  const out = new Img(T, T);
  // find the sprite's vertical extent inside the frame
  let top = T, bot = 0;
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++)
      if (img.get(x, y)[3] > 0) {
        top = Math.min(top, y);
        bot = Math.max(bot, y);
      }
  const split = Math.round(top + (bot - top) * 0.62);
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const sy = y <= split ? y - 1 : y;
      out.set(x, y, img.get(x, sy));
    }
  void b;
  return out;
}

/** attack: lunge 2px forward (east) with a forward lean of the upper body. */
function lunge(img) {
  const out = new Img(T, T);
  let right = 0;
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) if (img.get(x, y)[3] > 0) right = Math.max(right, x);
  const room = T - 1 - right; // free columns on the east side
  const shift = Math.min(2, room);
  for (let y = 0; y < T; y++) {
    let lean = Math.round(Math.max(0, 24 - y) / 9); // 0 at the feet .. 2-3 at the head
    if (room < 3) lean = Math.min(lean, 1);
    for (let x = 0; x < T; x++) {
      const c = img.get(x - shift - lean, y);
      if (c[3] > 0) out.set(x, y, c);
    }
  }
  return out;
}

/**
 * The Skirmish's Fortress Assault building, drawn from scratch (no DCSS tile): a stone keep
 * with two towers, battlements, a gate and a banner; `wave` moves the banner (idle-1).
 */
function fortress(wave) {
  const out = new Img(T, T);
  const stone = (x, y) => {
    // Brick courses: a darker mortar line every 4 rows, joints staggered.
    const mortar = y % 4 === 3 || (x + (Math.floor(y / 4) % 2) * 3) % 6 === 0;
    const shade = 150 - (y > 20 ? 18 : 0) - (x < 4 || x > 27 ? 20 : 0);
    return mortar ? [shade - 55, shade - 60, shade - 70] : [shade, shade - 6, shade - 22];
  };
  const fill = (x0, y0, x1, y1) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.set(x, y, stone(x, y));
  };
  fill(6, 13, 25, 31); // the keep's wall
  fill(1, 7, 8, 31); // left tower
  fill(23, 7, 30, 31); // right tower
  // Battlements on the towers and the wall.
  for (const [x0, x1, y] of [[1, 8, 5], [23, 30, 5], [9, 22, 11]])
    for (let x = x0; x <= x1; x += 3) fill(x, y, Math.min(x + 1, x1), y + 1);
  // Arrow slits and the gate.
  for (const [x, y] of [[4, 12], [26, 12], [4, 20], [26, 20]])
    for (let k = 0; k < 4; k++) out.set(x, y + k, [30, 26, 30]);
  for (let y = 21; y <= 31; y++)
    for (let x = 12; x <= 19; x++) {
      const arch = y < 23 && (x === 12 || x === 19);
      if (!arch) out.set(x, y, x % 2 ? [92, 58, 30] : [74, 45, 24]);
    }
  for (let x = 12; x <= 19; x++) out.set(x, 26, [40, 30, 25]);
  // Banner on a pole above the right tower.
  for (let y = 0; y <= 5; y++) out.set(27, y, [90, 70, 40]);
  for (let y = 0; y < 3; y++)
    for (let x = 0; x < 4 + (wave ? y % 2 : 0); x++)
      out.set(28 + x, y + (wave && x > 1 ? 1 : 0), [170, 40, 40]);
  outline(out, [25, 20, 20, 255]);
  return out;
}

const unitCells = [];
for (const [kind, [x, y, w, h], flip] of UNITS) {
  const sprite = grabLocal(player, x, y, w, h, { minKeep: 10 });
  const idle0 = frame(sprite, T, T, { flip });
  unitCells.push({ name: `${kind}-idle-0`, img: idle0 });
  unitCells.push({ name: `${kind}-idle-1`, img: bob(idle0) });
  unitCells.push({ name: `${kind}-attack`, img: lunge(idle0) });
}
// A building does not lunge: its attack frame is its resting one.
unitCells.push({ name: 'sk-fortress-idle-0', img: fortress(false) });
unitCells.push({ name: 'sk-fortress-idle-1', img: fortress(true) });
unitCells.push({ name: 'sk-fortress-attack', img: fortress(false) });
{
  const { sheet, json } = packSheet(unitCells, 3, T, T, 'units.png');
  json.meta.note = 'Rows: one unit kind per row (idle-0, idle-1, attack). Figures face right (east); flipX to face west.';
  await savePng(sheet, path.join(ASSETS, 'sprites/units.png'));
  writeJson(path.join(ASSETS, 'sprites/units.json'), json);
}

// ------------------------------------------------------------------ effects (procedural)
const r = rng(4242);
function radial(out, cx, cy, rad, stops, alphaPow = 1) {
  // stops: [[t, [r,g,b,a]], ...] from centre (t=0) to edge (t=1)
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy) / rad;
      if (d > 1) continue;
      let k = 0;
      while (k < stops.length - 2 && d > stops[k + 1][0]) k++;
      const [t0, c0] = stops[k], [t1, c1] = stops[k + 1];
      const u = clamp((d - t0) / (t1 - t0 || 1), 0, 1);
      const c = c0.map((v, i) => lerp(v, c1[i], u));
      out.blend(x, y, c, Math.pow(1 - d, alphaPow) > 0 ? 1 : 0);
    }
}
const FIRE = [
  [0, [255, 255, 220, 255]],
  [0.3, [255, 220, 80, 255]],
  [0.65, [240, 110, 20, 235]],
  [1, [150, 30, 10, 0]],
];

function fireball(seed) {
  const out = new Img(T, T);
  const rr = rng(seed);
  // flame tail streaming to the west (projectile travels east)
  for (let k = 0; k < 14; k++) {
    const t = k / 14;
    const cx = 20 - t * 16 + (rr() - 0.5) * 2, cy = 16 + (rr() - 0.5) * 5 * t;
    radial(out, cx, cy, 7 - t * 5, FIRE.map(([s, c]) => [s, [c[0], c[1] * (1 - t * 0.4), c[2], c[3] * (1 - t * 0.6)]]));
  }
  radial(out, 20, 16, 9, FIRE);
  // dark outline for readability
  outline(out, [60, 15, 5, 255]);
  return out;
}

function outline(img, col) {
  const src = img.clone();
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      if (src.get(x, y)[3] > 40) continue;
      let n = false;
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) if (src.get(x + dx, y + dy)[3] > 120) n = true;
      if (n) img.blend(x, y, col, 0.8);
    }
}

function line(img, x0, y0, x1, y1, col, w = 1) {
  const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2);
  for (let i = 0; i <= n; i++) {
    const t = i / n, x = lerp(x0, x1, t), y = lerp(y0, y1, t);
    for (let a = 0; a < w; a++) for (let b = 0; b < w; b++) img.set(Math.round(x - (w - 1) / 2 + a), Math.round(y - (w - 1) / 2 + b), col);
  }
}

function spear() {
  const out = new Img(T, T);
  // shaft (brown wood) horizontally, point east
  line(out, 1, 16, 22, 16, [120, 80, 40, 255], 2);
  line(out, 1, 16, 22, 16, [160, 110, 60, 255], 1);
  // binding
  out.set(21, 15, [200, 180, 120]); out.set(21, 16, [200, 180, 120]);
  // steel head (leaf shape)
  const head = [[23, 14, 2], [24, 13, 4], [25, 13, 4], [26, 14, 3], [27, 14, 3], [28, 15, 2], [29, 15, 2], [30, 16, 1]];
  for (const [x, y, h] of head) for (let k = 0; k < h; k++) out.set(x, y + k, [200 + k * 10, 205 + k * 10, 215, 255]);
  outline(out, [20, 20, 25, 255]);
  return out;
}

function dagger() {
  const out = new Img(T, T);
  // pommel + grip + crossguard + blade, pointing east
  out.set(7, 16, [220, 180, 60]); out.set(7, 15, [220, 180, 60]); out.set(8, 16, [220, 180, 60]);
  line(out, 9, 16, 13, 16, [100, 60, 30, 255], 2);
  line(out, 14, 12, 14, 19, [210, 170, 60, 255], 2);
  for (let x = 16; x <= 27; x++) {
    const hw = x < 24 ? 1 : x < 26 ? 1 : 0;
    for (let k = -hw; k <= hw; k++) out.set(x, 16 + k + (k >= 0 ? 1 : 0) * 0, [k < 0 ? 235 : 170, k < 0 ? 240 : 178, k < 0 ? 250 : 190]);
    out.set(x, 17, [150, 155, 170]);
  }
  out.set(28, 16, [235, 240, 250]);
  outline(out, [20, 20, 25, 255]);
  return out;
}

function breath(seed) {
  const out = new Img(T, T);
  const rr = rng(seed);
  for (let k = 0; k < 7; k++) {
    const cx = 8 + rr() * 16, cy = 8 + rr() * 16, rad = 5 + rr() * 6;
    radial(out, cx, cy, rad, [
      [0, [255, 240, 150, 255]],
      [0.35, [255, 170, 40, 245]],
      [0.75, [210, 60, 15, 200]],
      [1, [90, 20, 10, 0]],
    ]);
  }
  // wisps of smoke
  for (let k = 0; k < 3; k++) radial(out, 6 + rr() * 20, 4 + rr() * 6, 4, [[0, [70, 60, 60, 150]], [1, [40, 35, 35, 0]]]);
  return out;
}

function sparkle(seed) {
  const out = new Img(T, T);
  const rr = rng(seed);
  const star = (cx, cy, len, col) => {
    for (let k = -len; k <= len; k++) {
      const a = 1 - Math.abs(k) / (len + 1);
      out.blend(cx + k, cy, [...col, 255], a);
      out.blend(cx, cy + k, [...col, 255], a);
    }
    out.set(cx, cy, [255, 255, 255]);
  };
  radial(out, 16, 16, 14, [[0, [190, 255, 200, 190]], [1, [60, 200, 120, 0]]]);
  star(16, 15, 7, [150, 255, 170]);
  star(16, 15, 4, [230, 255, 235]);
  for (let k = 0; k < 5; k++) star(Math.round(5 + rr() * 22), Math.round(5 + rr() * 22), 2 + Math.round(rr() * 2), [200, 255, 210]);
  // little green cross in the middle
  for (let k = -2; k <= 2; k++) { out.set(16 + k, 15, [90, 230, 110]); out.set(16, 15 + k, [90, 230, 110]); }
  out.set(16, 15, [255, 255, 255]);
  return out;
}

function slash() {
  const out = new Img(T, T);
  // a bright crescent swipe: arc around (10,22), thick in the middle, tapering at the ends
  const cx = 9, cy = 23, R = 17;
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const a = Math.atan2(y - cy, x - cx); // -pi..pi, arc spans roughly -100deg..+10deg
      const t = (a - -1.75) / (0.2 - -1.75);
      if (t < 0 || t > 1) continue;
      const thick = 0.6 + 4.2 * Math.sin(Math.PI * t);
      const d = Math.hypot(x - cx, y - cy) - R;
      if (d > 0 || d < -thick) continue;
      const u = -d / thick; // 0 outer edge .. 1 inner edge
      out.set(x, y, u < 0.55 ? [255, 255, 255, 255] : [255, 220, 110, 240]);
    }
  outline(out, [120, 40, 10, 255]);
  return out;
}

function hitFlash() {
  const out = new Img(T, T);
  // star-burst impact
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const dx = x + 0.5 - 16, dy = y + 0.5 - 16;
      const a = Math.atan2(dy, dx), d = Math.hypot(dx, dy);
      const spikes = 8 + 6 * Math.pow(Math.abs(Math.cos(a * 4)), 6);
      if (d < spikes) {
        const t = d / spikes;
        out.set(x, y, t < 0.45 ? [255, 255, 255, 255] : t < 0.8 ? [255, 240, 150, 255] : [255, 140, 40, 230]);
      }
    }
  outline(out, [110, 30, 10, 255]);
  return out;
}

const fxCells = [
  { name: 'fireball', img: fireball(1) },
  { name: 'fireball-1', img: fireball(2) },
  { name: 'spear', img: spear() },
  { name: 'dagger', img: dagger() },
  { name: 'fire-breath', img: breath(3) },
  { name: 'fire-breath-1', img: breath(4) },
  { name: 'heal-sparkle', img: sparkle(5) },
  { name: 'hit-slash', img: slash() },
  { name: 'hit-flash', img: hitFlash() },
];
void r;
{
  const { sheet, json } = packSheet(fxCells, fxCells.length, T, T, 'effects.png');
  json.meta.note = 'Projectiles (fireball, spear, dagger) point east; rotate to the flight direction.';
  await savePng(sheet, path.join(ASSETS, 'sprites/effects.png'));
  writeJson(path.join(ASSETS, 'sprites/effects.json'), json);
}
console.log('sprites written');
