// Builds assets/tiles/dungeon-tiles.png and assets/tiles/dungeon-tiles-alt.png
// (8x5 grids of 32x32 tiles: 16 dungeon tiles, then 24 outdoor tiles for generated
// battlefields, the same in both sheets) from Dungeon Crawl Stone Soup tiles (Debian
// package crawl-tiles-data, CC0) plus a few procedurally drawn tiles. The first 16 tiles
// are drawn exactly as before, so maps made with the 8x2 sheet look the same.
// Run: node tools/assets/build-tiles.mjs   (see lib.mjs for the setup)
import path from 'node:path';
import { CRAWL, ASSETS, Img, loadPng, savePng, crop, blit, rng, clamp, lerp, trim, scaleNearest } from './lib.mjs';

const T = 32;
const floorAtlas = await loadPng(path.join(CRAWL, 'floor.png'));
const wallAtlas = await loadPng(path.join(CRAWL, 'wall.png'));
const featAtlas = await loadPng(path.join(CRAWL, 'feat.png'));
const mainAtlas = await loadPng(path.join(CRAWL, 'main.png'));

// floor.png and wall.png are uniform 32x32 grids, 32 tiles per row.
const fl = (i) => crop(floorAtlas, (i % 32) * T, Math.floor(i / 32) * T, T, T);
const wl = (i) => crop(wallAtlas, (i % 32) * T, Math.floor(i / 32) * T, T, T);
const over = (base, top, dx = 0, dy = 0, alpha = 1) => {
  const out = base.clone();
  blit(out, top, dx, dy, { alpha });
  return out;
};
const isGrey = (c) => Math.abs(c[0] - c[1]) < 14 && Math.abs(c[1] - c[2]) < 14;

// ---- pieces cut from feat.png / main.png (packed atlas, coordinates found by inspection)
const openDoorFrame = crop(featAtlas, 723, 32, 32, 32); // dngn open door: stone arch + open leaves
const doorWood = crop(featAtlas, 691, 32, 32, 32); // wooden door panel (gate piece)
const stairs = crop(featAtlas, 160, 224, 32, 32); // stone staircase
const stairs2 = crop(featAtlas, 192, 224, 32, 32); // second stone staircase
const gemAltar = crop(featAtlas, 512, 351, 29, 32); // jewelled altar
const sigilCircle = fl(567); // yellow sigil circle on dark floor

function closedDoor(floor) {
  const out = floor.clone();
  // wood everywhere the open-door tile is not stone frame
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const f = openDoorFrame.get(x, y);
      if (f[3] > 0 && isGrey(f)) continue;
      const inside = x >= 5 && x <= 26 && y >= 4;
      if (!inside) continue;
      const w = doorWood.get(Math.min(25, Math.max(6, x)), Math.min(31, y + 0));
      out.blend(x, y, w);
    }
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const f = openDoorFrame.get(x, y);
      if (f[3] > 0 && isGrey(f)) out.blend(x, y, f);
    }
  // iron ring handle
  out.set(21, 17, [200, 170, 90]);
  out.set(22, 18, [200, 170, 90]);
  out.set(21, 19, [140, 110, 60]);
  out.set(20, 18, [140, 110, 60]);
  return out;
}

function stone(out, cx, cy, rx, ry, base, r) {
  // irregular boulder: dark outline, shading lit from the top-left, soft shadow
  const ph = r() * 6.28;
  const R = (a) => 1 + 0.18 * Math.sin(3 * a + ph) + 0.08 * Math.sin(5 * a + ph * 2);
  for (let y = -ry - 3; y <= ry + 3; y++)
    for (let x = -rx - 3; x <= rx + 3; x++) {
      const a = Math.atan2(y, x);
      const d = Math.hypot(x / rx, y / ry) / R(a);
      const sd = Math.hypot((x - 1.5) / rx, (y - 2) / ry) / R(a);
      if (d > 1.0 && sd <= 1.05) out.blend(Math.round(cx + x), Math.round(cy + y), [0, 0, 0, 255], 0.45);
    }
  for (let y = -ry - 2; y <= ry + 2; y++)
    for (let x = -rx - 2; x <= rx + 2; x++) {
      const a = Math.atan2(y, x);
      const d = Math.hypot(x / rx, y / ry) / R(a);
      if (d > 1.12) continue;
      const px = Math.round(cx + x), py = Math.round(cy + y);
      if (d > 0.9) {
        out.set(px, py, [22, 20, 18]);
        continue;
      }
      const light = clamp(0.55 + 0.45 * (-(x / rx) - (y / ry)) * 0.7 + (r() - 0.5) * 0.12, 0.25, 1.25);
      out.set(px, py, [base[0] * light, base[1] * light, base[2] * light]);
    }
}

function rubble(floor, seed) {
  const out = floor.clone();
  const r = rng(seed);
  const spots = [
    [9, 10, 6, 5], [22, 8, 5, 4], [20, 22, 7, 5], [7, 24, 4, 3], [14, 17, 3, 2], [27, 16, 3, 3], [4, 4, 2, 2], [28, 28, 2, 2],
  ];
  for (const [x, y, rx, ry] of spots) {
    const g = 95 + r() * 45;
    stone(out, x, y, rx, ry, [g, g * 0.93, g * 0.82], r);
  }
  return out;
}

function pit(floor, seed) {
  const out = floor.clone();
  const r = rng(seed);
  const ph = [r() * 6.28, r() * 6.28, r() * 6.28];
  const rad = (a) => 12.2 + 1.4 * Math.sin(3 * a + ph[0]) + 0.9 * Math.sin(5 * a + ph[1]) + 0.6 * Math.sin(7 * a + ph[2]);
  const cx = 15.5, cy = 16;
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const dx = x - cx, dy = y - cy;
      const a = Math.atan2(dy, dx);
      const R = rad(a);
      const d = Math.hypot(dx, dy);
      if (d > R + 1.2) continue;
      if (d > R) {
        // lit stone lip around the hole
        const b = floor.get(x, y);
        const k = dy < 0 ? 1.5 : 1.25;
        out.set(x, y, [clamp(b[0] * k + 25), clamp(b[1] * k + 22), clamp(b[2] * k + 18)]);
        continue;
      }
      // inner wall visible on the south side (camera looks from the south)
      const wallBand = dy > 0 ? Math.max(0, 5 - (R - d)) / 5 : 0;
      const base = floor.get(x, y);
      const depth = d / R; // 0 centre .. 1 edge
      let k = 0.04 + 0.25 * Math.pow(depth, 3);
      if (wallBand > 0) k = Math.max(k, 0.55 * wallBand);
      out.set(x, y, [base[0] * k, base[1] * k, base[2] * k * 1.1]);
      if (dy < 0 && R - d < 1.2) out.set(x, y, [base[0] * 0.15, base[1] * 0.15, base[2] * 0.15]);
    }
  return out;
}

function startMarker(floor, tint = [255, 220, 120]) {
  const out = floor.clone();
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const c = sigilCircle.get(x, y);
      if (c[0] > 150 && c[1] > 140 && c[2] < 140) out.blend(x, y, [tint[0], tint[1], tint[2], 255], 0.38);
    }
  // tiny corner brackets
  const a = 0.35;
  for (const [x, y, sx, sy] of [[1, 1, 1, 1], [30, 1, -1, 1], [1, 30, 1, -1], [30, 30, -1, -1]]) {
    for (let k = 0; k < 4; k++) {
      out.blend(x + sx * k, y, [...tint, 255], a);
      out.blend(x, y + sy * k, [...tint, 255], a);
    }
  }
  return out;
}

function voidTile(seed, tint = [10, 10, 16]) {
  const out = new Img(T, T);
  const r = rng(seed);
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const n = r() * 6;
      out.set(x, y, [tint[0] + n, tint[1] + n, tint[2] + n * 1.4]);
    }
  for (let k = 0; k < 3; k++) {
    const x = Math.floor(r() * T), y = Math.floor(r() * T);
    out.set(x, y, [40, 40, 60]);
  }
  return out;
}

function scorched(floor, seed) {
  const out = floor.clone();
  const r = rng(seed);
  for (let k = 0; k < 5; k++) {
    const cx = r() * T, cy = r() * T, rad = 3 + r() * 5;
    for (let y = 0; y < T; y++)
      for (let x = 0; x < T; x++) {
        const d = Math.hypot(x - cx, y - cy);
        if (d < rad) {
          const c = out.get(x, y);
          const k2 = lerp(0.45, 1, d / rad);
          out.set(x, y, [c[0] * k2, c[1] * k2 * 0.9, c[2] * k2 * 0.85]);
        }
      }
  }
  // a few glowing embers
  for (let k = 0; k < 4; k++) {
    const x = Math.floor(2 + r() * 28), y = Math.floor(2 + r() * 28);
    out.set(x, y, [255, 150, 40]);
    out.blend(x + 1, y, [200, 60, 20, 255], 0.7);
  }
  return out;
}

function objective(floor) {
  const out = floor.clone();
  blit(out, gemAltar, Math.round((T - gemAltar.w) / 2), 0);
  return out;
}

/**
 * Makes a wall tile read as a raised block at a glance: brighter stone, a lit top and
 * left edge, a deep shadow along the bottom and right, and a dark outline. Without it
 * the DCSS wall textures are too close in tone to the floor at game zoom.
 */
function raised(tile, lift = 1.35) {
  const out = tile.clone();
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const [r, g, b] = out.get(x, y);
      let k = lift;
      if (y < 3 || x < 2) k *= 1.35; // lit top and left bevel
      if (y >= T - 5 || x >= T - 2) k *= 0.45; // shadowed bottom face and right edge
      out.set(x, y, [clamp(r * k, 0, 255), clamp(g * k, 0, 255), clamp(b * k, 0, 255)]);
    }
  for (let i = 0; i < T; i++) {
    out.set(i, 0, [12, 10, 10]);
    out.set(0, i, [12, 10, 10]);
    out.set(i, T - 1, [8, 6, 6]);
    out.set(T - 1, i, [8, 6, 6]);
  }
  return out;
}

// ---------------- outdoor tiles (ids 16-39) for generated battlefields
const grassA = fl(378), grassB = fl(380), grassC = fl(381), grassFlowers = fl(387);
const dirt = fl(330);
const waterA = fl(897), waterB = fl(899);

/** Multiplies a tile's colours (a tint), pixel by pixel. */
function shade(tile, k) {
  const out = tile.clone();
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const [r, g, b, a] = out.get(x, y);
      out.set(x, y, [clamp(r * k[0]), clamp(g * k[1]), clamp(b * k[2]), a]);
    }
  return out;
}

/** A tree from feat.png's first row (32 x 32 cells, trees touching their neighbours). */
const featSprite = (x, y = 0) => crop(featAtlas, x, y, T, T);

/** A tree standing on grass; `scale` below 1 leaves more ground showing (light woods). */
function treeOn(ground, sprite, scale = 1, dx = 0, dy = 0) {
  const out = ground.clone();
  const s = scale === 1 ? trim(sprite) : scaleNearest(trim(sprite), scale);
  blit(out, s, Math.round((T - s.w) / 2) + dx, T - 1 - s.h + dy);
  return out;
}

/** Heavy woods: dark ground under two overlapping pines, so no ground line shows through. */
function denseWoods(sprites, seed) {
  const out = shade(grassB, [0.45, 0.55, 0.45]);
  const r = rng(seed);
  const spots = [[-7, -6], [8, -3], [-1, 2]];
  spots.forEach(([dx, dy], i) => {
    const s = scaleNearest(trim(sprites[i % sprites.length]), 0.8 + r() * 0.1);
    blit(out, s, Math.round((T - s.w) / 2) + dx, T - 1 - s.h + dy);
  });
  return out;
}

/** A house wall: warm sandstone brick, seamless so a wall of them reads as one wall. */
function houseWall() {
  return shade(wl(146), [1.0, 0.88, 0.7]);
}

/** A roof of clay shingles in staggered rows, darker toward the bottom of each row. */
function roof(seed) {
  const out = new Img(T, T);
  const r = rng(seed);
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const row = Math.floor(y / 6);
      const inRow = (y % 6) / 6;
      const offset = row % 2 ? 4 : 0;
      const seam = (x + offset) % 8 === 0;
      const k = (seam ? 0.55 : 1) * (1.1 - inRow * 0.45) * (0.92 + r() * 0.16);
      out.set(x, y, [clamp(150 * k), clamp(70 * k), clamp(48 * k)]);
    }
  return out;
}

/** A knee-high drystone wall crossing the square east-west (or north-south), with its shadow. */
function lowWall(ground, vertical, post = false) {
  const out = ground.clone();
  const stoneTex = wl(436);
  const inWall = (x, y) =>
    post ? x >= 10 && x <= 21 && y >= 10 && y <= 21 : vertical ? x >= 11 && x <= 20 : y >= 11 && y <= 20;
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const sx = vertical ? y : x, sy = vertical ? x : y;
      if (inWall(x, y)) {
        const c = stoneTex.get(sx, sy);
        const edge = !inWall(x - 1, y) || !inWall(x, y - 1) ? 1.3 : !inWall(x + 1, y) || !inWall(x, y + 1) ? 0.6 : 1;
        out.set(x, y, [clamp(c[0] * edge), clamp(c[1] * edge), clamp(c[2] * edge)]);
      } else if (inWall(x - 2, y - 2)) {
        const c = out.get(x, y);
        out.set(x, y, [c[0] * 0.55, c[1] * 0.55, c[2] * 0.55]);
      }
    }
  return out;
}

/** Higher ground: sunlit, yellower grass with short hachure strokes down the slope. */
function hill(seed, crest) {
  const out = grassA.clone();
  const tint = crest ? [178, 176, 92, 255] : [150, 150, 74, 255];
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) out.blend(x, y, tint, crest ? 0.5 : 0.4);
  const r = rng(seed);
  const strokes = crest ? 4 : 9;
  for (let k = 0; k < strokes; k++) {
    const x = 2 + Math.floor(r() * 28), y = 2 + Math.floor(r() * 24);
    for (let j = 0; j < 5; j++) out.blend(x + (j > 2 ? 1 : 0), y + j, [70, 60, 25, 255], 0.55);
  }
  return out;
}

/** Wooden planks across water: where a road crosses a river or a pool. */
function bridge(water) {
  const out = water.clone();
  for (let y = 3; y < T - 3; y++)
    for (let x = 0; x < T; x++) {
      const plank = Math.floor(x / 6);
      const seam = x % 6 === 0;
      const k = seam ? 0.5 : 0.9 + ((plank * 37) % 7) / 40;
      const edge = y === 3 || y === T - 4 ? 0.6 : 1;
      out.set(x, y, [clamp(130 * k * edge), clamp(92 * k * edge), clamp(56 * k * edge)]);
    }
  for (let x = 0; x < T; x++) {
    out.blend(x, T - 3, [0, 0, 0, 255], 0.5);
    out.blend(x, T - 2, [0, 0, 0, 255], 0.3);
  }
  return out;
}

/** A wooden crate seen from above at x,y (size s), with a cross brace. */
function crate(out, x0, y0, s) {
  for (let y = 0; y < s; y++)
    for (let x = 0; x < s; x++) {
      const border = x < 2 || y < 2 || x >= s - 2 || y >= s - 2;
      const brace = Math.abs(x - y) <= 1 || Math.abs(x - (s - 1 - y)) <= 1;
      const k = border ? 0.6 : brace ? 0.8 : 1;
      out.set(x0 + x, y0 + y, [clamp(170 * k), clamp(120 * k), clamp(64 * k)]);
    }
  for (let k = 0; k < s; k++) {
    out.blend(x0 + s, y0 + k + 1, [0, 0, 0, 255], 0.45);
    out.blend(x0 + k + 1, y0 + s, [0, 0, 0, 255], 0.45);
  }
}

/** A barrel seen from above: a dark ring of staves with iron hoops. */
function barrel(out, cx, cy, rad) {
  for (let y = -rad - 1; y <= rad + 2; y++)
    for (let x = -rad - 1; x <= rad + 2; x++) {
      const d = Math.hypot(x, y);
      if (d <= rad) {
        const hoop = Math.abs(d - rad * 0.62) < 0.8 || d > rad - 1.2;
        const k = hoop ? 0.45 : 0.85 + 0.25 * (-(x + y) / (2 * rad));
        out.set(cx + x, cy + y, hoop ? [70, 70, 78] : [clamp(150 * k), clamp(100 * k), clamp(55 * k)]);
      } else if (Math.hypot(x - 1.5, y - 1.5) <= rad) out.blend(cx + x, cy + y, [0, 0, 0, 255], 0.4);
    }
}

function crates(ground) {
  const out = ground.clone();
  crate(out, 3, 4, 13);
  crate(out, 17, 14, 11);
  barrel(out, 9, 23, 5);
  barrel(out, 24, 7, 5);
  return out;
}

function boulder(ground, seed) {
  const out = ground.clone();
  const r = rng(seed);
  stone(out, 15, 15, 12, 10, [125, 120, 112], r);
  stone(out, 24, 25, 5, 4, [110, 106, 98], r);
  return out;
}

/** A farm wagon seen from above: a plank bed with side boards and four wheels. */
function wagon(ground) {
  const out = ground.clone();
  for (const [wx, wy] of [[5, 3], [23, 3], [5, 25], [23, 25]])
    for (let y = 0; y < 5; y++) for (let x = 0; x < 4; x++) out.set(wx + x, wy + y, [40, 32, 26]);
  for (let y = 5; y < 28; y++)
    for (let x = 7; x < 25; x++) {
      const side = x < 9 || x > 22 || y < 7 || y > 25;
      const seam = (y - 5) % 5 === 0;
      const k = side ? 0.7 : seam ? 0.6 : 1;
      out.set(x, y, [clamp(150 * k), clamp(104 * k), clamp(60 * k)]);
    }
  for (let y = 6; y < 29; y++) out.blend(25, y, [0, 0, 0, 255], 0.45);
  for (let x = 8; x < 26; x++) out.blend(x, 28, [0, 0, 0, 255], 0.45);
  return out;
}

const deciduous = featSprite(32);
const deciduous2 = featSprite(96);
const pine = featSprite(160);
const pine2 = featSprite(192);
const outdoor = [
  grassA, // 16 grass
  grassB, // 17 grass (variant)
  grassFlowers, // 18 grass with flowers
  dirt, // 19 road (dirt)
  bridge(waterA), // 20 bridge (a road over water)
  waterA, // 21 water (river, pool)
  waterB, // 22 water (variant)
  treeOn(grassA, deciduous, 0.8), // 23 light woods
  treeOn(grassC, deciduous2, 0.75, 2), // 24 light woods (variant)
  denseWoods([pine, pine2], 25), // 25 heavy woods
  denseWoods([pine2, deciduous2], 26), // 26 heavy woods (variant)
  houseWall(), // 27 building wall
  roof(28), // 28 building roof
  lowWall(grassA, false), // 29 low wall, east-west
  lowWall(grassA, true), // 30 low wall, north-south
  lowWall(grassA, false, true), // 31 low wall, a lone post or corner
  rubble(grassB, 32), // 32 rubble
  hill(33, false), // 33 hill (slope)
  hill(34, true), // 34 hill (top)
  pit(grassA, 35), // 35 pit
  crates(grassA), // 36 movable objects (crates and barrels)
  boulder(grassA, 37), // 37 minor non-movable object (boulder)
  wagon(grassA), // 38 major non-movable object (wagon)
  grassC, // 39 grass (variant)
];

function sheet(tiles) {
  const img = new Img(8 * T, 5 * T);
  tiles.forEach((t, i) => blit(img, t, (i % 8) * T, Math.floor(i / 8) * T));
  return img;
}

// ---------------- main set: grey cobble floor, mossy dark stone walls
{
  const f0 = fl(18), f1 = fl(20), f2 = fl(23); // pebble floor (light-grey variant)
  const tiles = [
    f0, // 0 floor
    f1, // 1 floor variant
    f2, // 2 floor variant
    raised(wl(12)), // 3 rock wall (brick_dark)
    raised(wl(2)), // 4 rock wall variant (mossy)
    rubble(f0, 5), // 5 difficult terrain (rubble)
    fl(906), // 6 shallow water (shoals shallow water)
    pit(f1, 7), // 7 pit / chasm
    fl(838), // 8 lava
    closedDoor(f0), // 9 closed door
    over(f0, openDoorFrame), // 10 open door
    over(f0, stairs), // 11 stairs
    objective(f2), // 12 objective (jewelled altar)
    startMarker(f0), // 13 hero start marker
    scorched(fl(365), 14), // 14 dragon lair floor (volcanic, scorched)
    voidTile(15), // 15 dark void
    ...outdoor,
  ];
  await savePng(sheet(tiles), path.join(ASSETS, 'tiles/dungeon-tiles.png'));
}

// ---------------- alt set: crypt (dark tomb floor, crypt walls, murky water)
{
  const f0 = fl(254), f1 = fl(255), f2 = fl(256);
  const tiles = [
    f0,
    f1,
    f2,
    raised(wl(850), 1.15), // crypt wall
    raised(wl(853), 1.15), // crypt wall with torch
    rubble(f0, 105),
    fl(874), // shallow water (classic)
    pit(f1, 107),
    fl(842), // lava
    closedDoor(f0),
    over(f0, openDoorFrame),
    over(f0, stairs2),
    objective(f2),
    startMarker(f0, [150, 220, 255]),
    scorched(fl(368), 114),
    voidTile(115, [6, 8, 6]),
    ...outdoor,
  ];
  await savePng(sheet(tiles), path.join(ASSETS, 'tiles/dungeon-tiles-alt.png'));
}
console.log('tiles written');
