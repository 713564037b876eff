/**
 * Writes "Marsh Keep", a map made the way other games' Tiled maps are made, with art of its
 * own drawn here (no third-party art), into test/fixtures/maps/own-art/:
 *
 *   marsh-keep.tmx       the map (Tiled XML; layers in CSV and Base64 zlib)
 *   marsh-keep.tmj       the same map as Tiled JSON (embedded tilesets)
 *   tiles/keep.tsx       its tileset (XML), 16 x 16 tiles with a margin and spacing of 1
 *   tiles/keep.tsj       the same tileset as JSON
 *   art/keep-tiles.png   the tileset's sheet (8 x 2 tiles; margin and spacing magenta)
 *   art/barrel.png, art/crate.png, art/banner.png   an image-collection tileset ("props")
 *   art/mire.png         the backdrop of an image layer
 *
 * What it shows: walls marked with the Phaser tutorials' `collides` tile property, animated
 * water, torches and lava (Tiled tile animations), tiles flipped and rotated (Tiled's flip
 * flags), a collection with a tall (16 x 32) tile, an image layer as a backdrop with
 * parallax, a layer at half opacity and a tinted layer, `player` / `enemy` / `monster`
 * objects and coins the game ignores. Deterministic: run `npx tsx tools/mapgen/own-art.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zlibSync } from 'fflate';
import { blankImage, encodePng, setPixel, type Rgba } from '../../src/devtools/png';
import { mulberry32 as rng } from '../lib/bench-boards';

const OUT =
  process.argv[2] ??
  join(dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/maps/own-art');

const T = 16;
const W = 14;
const H = 10;
const MARGIN = 1;
const SPACING = 1;
const COLUMNS = 8;
const MAGENTA = [255, 0, 255, 255];

/** The keep: ' ' nothing painted (the backdrop shows), '#' wall, 'T' torch, '.' floor,
 * '~' water, 'r' rubble, 'l' lava, 'B' barrel, 'C' crate. */
const ROWS = [
  '  ##########  ',
  ' #....~~....# ',
  '#.....~~.....#',
  '#..B..~~..C..#',
  'T.....~~.....T',
  '#..........r.#',
  '#....##...l..#',
  '#....#.......#',
  ' #..........# ',
  '  ##########  ',
];

type Color = readonly number[];
const shade = (c: Color, k: number): number[] => [
  Math.max(0, Math.min(255, Math.round(c[0] * k))),
  Math.max(0, Math.min(255, Math.round(c[1] * k))),
  Math.max(0, Math.min(255, Math.round(c[2] * k))),
  c[3] ?? 255,
];

/** Draws into one tile of an image at (ox, oy). */
type Painter = (set: (x: number, y: number, c: Color) => void, r: () => number) => void;

function paint(img: Rgba, ox: number, oy: number, painter: Painter, seed: number): void {
  painter((x, y, c) => {
    if (x >= 0 && y >= 0 && x < T && y < img.height - oy) setPixel(img, ox + x, oy + y, c);
  }, rng(seed));
}

const floor =
  (base: Color, fleck: Color): Painter =>
  (set, r) => {
    for (let y = 0; y < T; y++)
      for (let x = 0; x < T; x++) set(x, y, r() < 0.12 ? fleck : shade(base, 0.92 + r() * 0.16));
    for (let i = 0; i < T; i++) set(i, T - 1, shade(base, 0.7));
  };

const WALL: Color = [70, 62, 74];
const MORTAR: Color = [34, 30, 38];
const wall: Painter = (set, r) => {
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) {
      const row = Math.floor(y / 4);
      const edge = y % 4 === 3 || (x + (row % 2) * 4) % 8 === 7;
      set(x, y, edge ? MORTAR : shade(WALL, 0.9 + r() * 0.2));
    }
};

/** A wall corner: the wall with a bright bevel in its top-left half (so flips show). */
const corner: Painter = (set, r) => {
  wall(set, r);
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T - y; x++) if (x < 3 || y < 3) set(x, y, [150, 140, 160]);
};

const water =
  (frame: number): Painter =>
  (set) => {
    for (let y = 0; y < T; y++)
      for (let x = 0; x < T; x++) {
        const wave = (y + frame * 4) % 8 === 0 || (x + y * 2 + frame * 4) % 16 === 0;
        set(x, y, wave ? [150, 205, 240] : [36 + frame * 8, 84 + frame * 6, 150]);
      }
  };

const torch =
  (frame: number): Painter =>
  (set, r) => {
    wall(set, r);
    for (let y = 9; y < 14; y++) set(7, y, [90, 60, 30]);
    for (let y = 9; y < 14; y++) set(8, y, [90, 60, 30]);
    const flame: Color = frame === 0 ? [255, 214, 70] : [245, 120, 30];
    const top = frame === 0 ? 2 : 4;
    for (let y = top; y < 9; y++) {
      const half = Math.max(0, Math.min(3, Math.round((y - top) / 1.6)));
      for (let x = 8 - half; x <= 7 + half; x++) set(x, y, flame);
    }
  };

const rubble: Painter = (set, r) => {
  floor([104, 96, 84], [80, 74, 66])(set, r);
  for (let i = 0; i < 7; i++) {
    const cx = 2 + Math.floor(r() * 12);
    const cy = 2 + Math.floor(r() * 12);
    for (let y = -1; y <= 1; y++)
      for (let x = -1; x <= 1; x++) set(cx + x, cy + y, [150, 146, 140]);
  }
};

/** 4 x 4 blocks of 4 x 4 pixels, each its own colour: where a flip or turn puts each block shows. */
const RUNE_COLORS: readonly (readonly number[])[] = [
  [230, 40, 40],
  [240, 140, 30],
  [240, 230, 40],
  [120, 220, 40],
  [30, 170, 80],
  [40, 200, 200],
  [40, 120, 230],
  [70, 50, 210],
  [160, 60, 220],
  [230, 60, 170],
  [250, 250, 250],
  [20, 20, 20],
  [140, 90, 50],
  [100, 100, 100],
  [200, 170, 120],
  [60, 110, 60],
];
const rune: Painter = (set) => {
  for (let y = 0; y < T; y++)
    for (let x = 0; x < T; x++) set(x, y, RUNE_COLORS[Math.floor(y / 4) * 4 + Math.floor(x / 4)]);
};

const reeds: Painter = (set, r) => {
  for (let i = 0; i < 6; i++) {
    const x = 1 + Math.floor(r() * 14);
    const h = 6 + Math.floor(r() * 8);
    for (let y = T - 1; y >= T - h; y--) set(x, y, [200, 220, 190]);
    set(x, T - h - 1, [230, 230, 210]);
  }
};

const shadow: Painter = (set) => {
  for (let y = 0; y < T; y++) for (let x = 0; x < T; x++) set(x, y, [0, 0, 0]);
};

const lava =
  (frame: number): Painter =>
  (set, r) => {
    for (let y = 0; y < T; y++)
      for (let x = 0; x < T; x++) {
        const hot = (x * 3 + y * 5 + frame * 7) % 11 < 3;
        set(x, y, hot ? [255, 220, 80] : shade([200, 60, 20], frame === 0 ? 1 : 0.8 + r() * 0.1));
      }
  };

/** The sheet's tiles in id order (8 columns x 2 rows). */
const SHEET: Painter[] = [
  floor([112, 102, 90], [88, 80, 70]), // 0 floor
  floor([86, 112, 72], [60, 84, 52]), // 1 mossy floor
  wall, // 2 wall (collides)
  corner, // 3 wall corner (collides)
  water(0), // 4-7 water, animated
  water(1),
  water(2),
  water(3),
  torch(0), // 8-9 torch on a wall, animated (collides)
  torch(1),
  rubble, // 10 rubble (difficult)
  rune, // 11 rune stone (floor decoration, drawn flipped and turned)
  reeds, // 12 reeds (tinted layer)
  shadow, // 13 shadow (half-opacity layer)
  lava(0), // 14-15 lava, animated (dangerous)
  lava(1),
];

function sheet(): Rgba {
  const w = 2 * MARGIN + COLUMNS * T + (COLUMNS - 1) * SPACING;
  const rows = Math.ceil(SHEET.length / COLUMNS);
  const h = 2 * MARGIN + rows * T + (rows - 1) * SPACING;
  const img = blankImage(w, h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) setPixel(img, x, y, MAGENTA);
  SHEET.forEach((p, id) => {
    const ox = MARGIN + (id % COLUMNS) * (T + SPACING);
    const oy = MARGIN + Math.floor(id / COLUMNS) * (T + SPACING);
    for (let y = 0; y < T; y++)
      for (let x = 0; x < T; x++) setPixel(img, ox + x, oy + y, [0, 0, 0, 0]);
    paint(img, ox, oy, p, 100 + id);
  });
  return img;
}

function prop(height: number, painter: Painter, seed: number): Rgba {
  const img = blankImage(T, height);
  paint(img, 0, 0, painter, seed);
  return img;
}

const barrel: Painter = (set) => {
  for (let y = 2; y < 15; y++)
    for (let x = 3; x < 13; x++) {
      const band = y === 4 || y === 12;
      set(x, y, band ? [60, 60, 66] : x === 3 || x === 12 ? [90, 54, 28] : [140, 86, 44]);
    }
};
const crate: Painter = (set) => {
  for (let y = 1; y < 15; y++)
    for (let x = 1; x < 15; x++) {
      const edge = x === 1 || y === 1 || x === 14 || y === 14 || x === y || x === 15 - y;
      set(x, y, edge ? [96, 64, 32] : [176, 132, 76]);
    }
};
const banner: Painter = (set) => {
  for (let y = 1; y < 32; y++) set(7, y, [70, 60, 50]);
  for (let y = 2; y < 20; y++) for (let x = 8; x < 15; x++) set(x, y, [180, 30, 40]);
  for (let x = 9; x < 14; x++) set(x, 8, [240, 200, 80]);
};

function mire(): Rgba {
  const img = blankImage(W * T, H * T);
  const r = rng(7);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const ripple = Math.sin(x / 9 + Math.sin(y / 13) * 2) > 0.92;
      setPixel(img, x, y, ripple ? [70, 96, 60] : shade([28, 46, 34], 0.85 + r() * 0.3));
    }
  return img;
}

// ---------------------------------------------------------------- the map

const FLIP_H = 0x80000000;
const FLIP_V = 0x40000000;
const FLIP_D = 0x20000000;
const KEEP = 1; // firstgid of the keep tileset
const PROPS = 17; // firstgid of the props collection

const at = (x: number, y: number): string => ROWS[y][x];
const grid = (f: (x: number, y: number) => number): number[] => {
  const out: number[] = [];
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out.push(f(x, y) >>> 0);
  return out;
};

const ground = grid((x, y) => {
  if (at(x, y) === ' ') return 0;
  return KEEP + ((x * 7 + y * 3) % 5 === 0 ? 1 : 0);
});
const waterLayer = grid((x, y) => (at(x, y) === '~' ? KEEP + 4 : 0));
const corners: Record<string, number> = {
  '1,1': 0,
  '12,1': FLIP_H,
  '1,8': FLIP_V,
  '12,8': FLIP_H | FLIP_V,
};
const walls = grid((x, y) => {
  const c = at(x, y);
  if (c === 'T') return KEEP + 8;
  if (c !== '#') return 0;
  const turn = corners[`${x},${y}`];
  return turn === undefined ? KEEP + 2 : (KEEP + 3) | turn;
});
/** The rune stone five times on row 2: as drawn, flipped H, flipped V, turned 90 and 270. */
const RUNES: readonly { x: number; y: number; flags: number }[] = [
  { x: 1, y: 2, flags: 0 },
  { x: 2, y: 2, flags: FLIP_H },
  { x: 3, y: 2, flags: FLIP_V },
  { x: 4, y: 2, flags: FLIP_H | FLIP_D },
  { x: 5, y: 2, flags: FLIP_V | FLIP_D },
];
const decor = grid((x, y) => {
  const r = RUNES.find((p) => p.x === x && p.y === y);
  if (r) return (KEEP + 11) | r.flags;
  const c = at(x, y);
  if (c === 'r') return KEEP + 10;
  if (c === 'l') return KEEP + 14;
  if (c === 'B') return PROPS;
  if (c === 'C') return PROPS + 1;
  if (x === 8 && y === 7) return PROPS + 2; // the tall banner
  return 0;
});
const shadows = grid((x, y) => (y === 1 && at(x, y) === '.' ? KEEP + 13 : 0));
const reedLayer = grid((x, y) =>
  (x === 8 || x === 9) && y >= 1 && y <= 4 && at(x, y) === '.' ? KEEP + 12 : 0,
);

interface LayerSpec {
  id: number;
  name: string;
  data: number[];
  encoding: 'csv' | 'zlib';
  opacity?: number;
  tintcolor?: string;
}
const LAYERS: LayerSpec[] = [
  { id: 2, name: 'Ground', data: ground, encoding: 'zlib' },
  { id: 3, name: 'Water', data: waterLayer, encoding: 'csv' },
  { id: 4, name: 'Walls', data: walls, encoding: 'zlib' },
  { id: 5, name: 'Decor', data: decor, encoding: 'csv' },
  { id: 6, name: 'Shadows', data: shadows, encoding: 'csv', opacity: 0.5 },
  { id: 7, name: 'Reeds', data: reedLayer, encoding: 'csv', tintcolor: '#ffc080' },
];

interface ObjectSpec {
  id: number;
  name: string;
  type: string;
  x: number;
  y: number;
  props?: [string, string, string | boolean][];
}
const sq = (n: number): number => n * T + T / 2;
const OBJECTS: ObjectSpec[] = [
  { id: 1, name: 'Player', type: 'player', x: sq(2), y: sq(7) },
  {
    id: 2,
    name: 'Goblin',
    type: 'enemy',
    x: sq(11),
    y: sq(2),
    props: [['unit', 'string', 'goblin']],
  },
  {
    id: 3,
    name: 'Goblin',
    type: 'enemy',
    x: sq(10),
    y: sq(7),
    props: [['unit', 'string', 'goblin']],
  },
  {
    id: 4,
    name: 'Troll',
    type: 'enemy',
    x: sq(11),
    y: sq(6),
    props: [['unit', 'string', 'troll']],
  },
  { id: 5, name: 'Bog thing', type: 'monster', x: sq(8), y: sq(5) },
  {
    id: 6,
    name: 'Marsh Wyrm',
    type: 'enemy',
    x: sq(12),
    y: sq(3),
    props: [
      ['unit', 'string', 'dragon'],
      ['archFoe', 'bool', true],
    ],
  },
  { id: 7, name: 'Coin', type: 'coin', x: sq(4), y: sq(5) },
  { id: 8, name: 'Coin', type: 'coin', x: sq(9), y: sq(8) },
];

// Tiles of the keep tileset with properties and animations.
interface TileSpec {
  id: number;
  props?: [string, string, string | boolean][];
  animation?: [number, number][];
}
const KEEP_TILES: TileSpec[] = [
  { id: 2, props: [['collides', 'bool', true]] },
  { id: 3, props: [['collides', 'bool', true]] },
  {
    id: 4,
    props: [['terrain', 'string', 'water']],
    animation: [
      [4, 250],
      [5, 250],
      [6, 250],
      [7, 250],
    ],
  },
  {
    id: 8,
    props: [['collides', 'bool', true]],
    animation: [
      [8, 200],
      [9, 200],
    ],
  },
  { id: 9, props: [['collides', 'bool', true]] },
  { id: 10, props: [['terrain', 'string', 'difficult']] },
  {
    id: 14,
    props: [['terrain', 'string', 'dangerous']],
    animation: [
      [14, 300],
      [15, 300],
    ],
  },
  { id: 15, props: [['terrain', 'string', 'dangerous']] },
];
const PROP_TILES = [
  { id: 0, image: '../art/barrel.png', width: 16, height: 16, collides: true },
  { id: 1, image: '../art/crate.png', width: 16, height: 16, collides: true },
  { id: 2, image: '../art/banner.png', width: 16, height: 32, collides: false },
];

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function propsXml(props: [string, string, string | boolean][] | undefined, pad: string): string[] {
  if (!props?.length) return [];
  return [
    `${pad}<properties>`,
    ...props.map(
      ([n, t, v]) =>
        `${pad} <property name="${n}"${t === 'string' ? '' : ` type="${t}"`} value="${esc(String(v))}"/>`,
    ),
    `${pad}</properties>`,
  ];
}

function sheetSize(): { width: number; height: number } {
  return {
    width: 2 * MARGIN + COLUMNS * T + (COLUMNS - 1) * SPACING,
    height: 2 * MARGIN + 2 * T + SPACING,
  };
}

function keepTsx(): string {
  const { width, height } = sheetSize();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<tileset version="1.10" tiledversion="1.10.2" name="keep" tilewidth="${T}" tileheight="${T}" spacing="${SPACING}" margin="${MARGIN}" tilecount="16" columns="${COLUMNS}">`,
    ` <image source="../art/keep-tiles.png" width="${width}" height="${height}"/>`,
  ];
  for (const t of KEEP_TILES) {
    lines.push(` <tile id="${t.id}">`, ...propsXml(t.props, '  '));
    if (t.animation) {
      lines.push('  <animation>');
      for (const [tileid, duration] of t.animation)
        lines.push(`   <frame tileid="${tileid}" duration="${duration}"/>`);
      lines.push('  </animation>');
    }
    lines.push(' </tile>');
  }
  lines.push('</tileset>', '');
  return lines.join('\n');
}

const jsonProps = (props: [string, string, string | boolean][] | undefined) =>
  (props ?? []).map(([name, type, value]) => ({ name, type, value }));

function keepTileset(): Record<string, unknown> {
  const { width, height } = sheetSize();
  return {
    columns: COLUMNS,
    image: '../art/keep-tiles.png',
    imageheight: height,
    imagewidth: width,
    margin: MARGIN,
    name: 'keep',
    spacing: SPACING,
    tilecount: 16,
    tileheight: T,
    tiles: KEEP_TILES.map((t) => {
      const out: Record<string, unknown> = { id: t.id };
      if (t.animation)
        out.animation = t.animation.map(([tileid, duration]) => ({ duration, tileid }));
      out.properties = jsonProps(t.props);
      return out;
    }),
    tilewidth: T,
  };
}

function propsTilesetJson(firstgid: number, imagePrefix: string): Record<string, unknown> {
  return {
    columns: 0,
    firstgid,
    grid: { height: 1, orientation: 'orthogonal', width: 1 },
    margin: 0,
    name: 'props',
    spacing: 0,
    tilecount: PROP_TILES.length,
    tileheight: 32,
    tiles: PROP_TILES.map((t) => ({
      id: t.id,
      image: t.image.replace('../', imagePrefix),
      imageheight: t.height,
      imagewidth: t.width,
      properties: [{ name: 'collides', type: 'bool', value: t.collides }],
    })),
    tilewidth: 16,
  };
}

function csv(data: number[]): string {
  const rows: string[] = [];
  for (let y = 0; y < H; y++) rows.push(data.slice(y * W, (y + 1) * W).join(','));
  return `\n${rows.join(',\n')}\n`;
}

function zlib64(data: number[]): string {
  const bytes = new Uint8Array(data.length * 4);
  const view = new DataView(bytes.buffer);
  data.forEach((g, i) => view.setUint32(i * 4, g >>> 0, true));
  return Buffer.from(zlibSync(bytes, { level: 9 })).toString('base64');
}

const MAP_PROPS: [string, string, string | boolean][] = [
  ['name', 'string', 'Marsh Keep'],
  [
    'description',
    'string',
    'A drowned keep from another game, drawn in its own tiles: walls marked "collides", water and torches that move.',
  ],
];
const PARALLAX_ORIGIN = { x: (W * T) / 2, y: (H * T) / 2 };

function marshTmx(): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="${W}" height="${H}" tilewidth="${T}" tileheight="${T}" infinite="0" backgroundcolor="#10140f" parallaxoriginx="${PARALLAX_ORIGIN.x}" parallaxoriginy="${PARALLAX_ORIGIN.y}" nextlayerid="9" nextobjectid="9">`,
    ...propsXml(MAP_PROPS, ' '),
    ` <tileset firstgid="${KEEP}" source="tiles/keep.tsx"/>`,
    ` <tileset firstgid="${PROPS}" name="props" tilewidth="16" tileheight="32" tilecount="${PROP_TILES.length}" columns="0">`,
    '  <grid orientation="orthogonal" width="1" height="1"/>',
  ];
  for (const t of PROP_TILES) {
    lines.push(
      `  <tile id="${t.id}">`,
      ...propsXml([['collides', 'bool', t.collides]], '   '),
      `   <image source="${t.image.replace('../', '')}" width="${t.width}" height="${t.height}"/>`,
      '  </tile>',
    );
  }
  lines.push(' </tileset>');
  lines.push(
    ' <imagelayer id="1" name="Backdrop" parallaxx="0.9" parallaxy="0.9">',
    `  <image source="art/mire.png" width="${W * T}" height="${H * T}"/>`,
    ' </imagelayer>',
  );
  for (const l of LAYERS) {
    const attrs = `${l.opacity !== undefined ? ` opacity="${l.opacity}"` : ''}${l.tintcolor ? ` tintcolor="${l.tintcolor}"` : ''}`;
    lines.push(` <layer id="${l.id}" name="${l.name}" width="${W}" height="${H}"${attrs}>`);
    if (l.encoding === 'csv') lines.push(`  <data encoding="csv">${csv(l.data)}</data>`);
    else
      lines.push(
        '  <data encoding="base64" compression="zlib">',
        `   ${zlib64(l.data)}`,
        '  </data>',
      );
    lines.push(' </layer>');
  }
  lines.push(' <objectgroup id="8" name="Entities">');
  for (const o of OBJECTS) {
    const head = `  <object id="${o.id}" name="${esc(o.name)}" type="${o.type}" x="${o.x}" y="${o.y}"`;
    if (o.props) lines.push(`${head}>`, ...propsXml(o.props, '   '), '   <point/>', '  </object>');
    else lines.push(`${head}>`, '   <point/>', '  </object>');
  }
  lines.push(' </objectgroup>', '</map>', '');
  return lines.join('\n');
}

function marshTmj(): string {
  const layers: Record<string, unknown>[] = [
    {
      id: 1,
      image: 'art/mire.png',
      imageheight: H * T,
      imagewidth: W * T,
      name: 'Backdrop',
      opacity: 1,
      parallaxx: 0.9,
      parallaxy: 0.9,
      type: 'imagelayer',
      visible: true,
      x: 0,
      y: 0,
    },
    ...LAYERS.map((l) => {
      const out: Record<string, unknown> = {
        data: l.data,
        height: H,
        id: l.id,
        name: l.name,
        opacity: l.opacity ?? 1,
        type: 'tilelayer',
        visible: true,
        width: W,
        x: 0,
        y: 0,
      };
      if (l.tintcolor) out.tintcolor = l.tintcolor;
      return out;
    }),
    {
      draworder: 'topdown',
      id: 8,
      name: 'Entities',
      objects: OBJECTS.map((o) => ({
        height: 0,
        id: o.id,
        name: o.name,
        point: true,
        properties: jsonProps(o.props),
        rotation: 0,
        type: o.type,
        visible: true,
        width: 0,
        x: o.x,
        y: o.y,
      })),
      opacity: 1,
      type: 'objectgroup',
      visible: true,
      x: 0,
      y: 0,
    },
  ];
  return `${JSON.stringify(
    {
      backgroundcolor: '#10140f',
      compressionlevel: -1,
      height: H,
      infinite: false,
      layers,
      nextlayerid: 9,
      nextobjectid: 9,
      orientation: 'orthogonal',
      parallaxoriginx: PARALLAX_ORIGIN.x,
      parallaxoriginy: PARALLAX_ORIGIN.y,
      properties: jsonProps(MAP_PROPS),
      renderorder: 'right-down',
      tiledversion: '1.10.2',
      tileheight: T,
      tilesets: [{ firstgid: KEEP, source: 'tiles/keep.tsj' }, propsTilesetJson(PROPS, '')],
      tilewidth: T,
      type: 'map',
      version: '1.10',
      width: W,
    },
    null,
    1,
  )}\n`;
}

function main(): void {
  mkdirSync(join(OUT, 'tiles'), { recursive: true });
  mkdirSync(join(OUT, 'art'), { recursive: true });
  const write = (name: string, data: string | Uint8Array): void =>
    writeFileSync(join(OUT, name), data);
  write('art/keep-tiles.png', encodePng(sheet()));
  write('art/barrel.png', encodePng(prop(16, barrel, 1)));
  write('art/crate.png', encodePng(prop(16, crate, 2)));
  write('art/banner.png', encodePng(prop(32, banner, 3)));
  write('art/mire.png', encodePng(mire()));
  write('tiles/keep.tsx', keepTsx());
  write(
    'tiles/keep.tsj',
    `${JSON.stringify({ type: 'tileset', version: '1.10', tiledversion: '1.10.2', ...keepTileset() }, null, 1)}\n`,
  );
  write('marsh-keep.tmx', marshTmx());
  write('marsh-keep.tmj', marshTmj());
  process.stdout.write(`Wrote Marsh Keep into ${OUT}\n`);
}

main();
