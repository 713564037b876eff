// Writes the small test fixture maps into test/fixtures/maps (run: npx tsx tools/mapgen/fixtures.ts).
import { gzipSync, zlibSync } from 'fflate';
import { mkdirSync, writeFileSync } from 'node:fs';
import { BUILTIN_TILES } from '../../src/maps/constants';

const OUT = process.argv[2] ?? new URL('../../test/fixtures/maps', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

type Obj = Record<string, unknown>;
// The built-in tileset's terrain, one per tile, as the loader documents it.
const TERRAIN: string[] = BUILTIN_TILES.map((t) => t.terrain);
const tiles = (): Obj[] =>
  TERRAIN.map((t, id) => ({
    id,
    properties: [
      ...(id === 9 ? [{ name: 'blocksSight', type: 'bool', value: true }] : []),
      { name: 'terrain', type: 'string', value: t },
    ],
  }));
const tileset = (image = '../../../assets/tiles/dungeon-tiles.png', withProps = true): Obj => ({
  columns: 8,
  firstgid: 1,
  image,
  imageheight: 64,
  imagewidth: 256,
  margin: 0,
  name: 'dungeon',
  spacing: 0,
  tilecount: 16,
  tileheight: 32,
  ...(withProps ? { tiles: tiles() } : {}),
  tilewidth: 32,
});

const ROWS = [
  '########',
  '#......#',
  '#.##...#',
  '#......#',
  '#...#..#',
  '#......#',
  '#......#',
  '########',
];
const ground = (): number[] =>
  ROWS.join('')
    .split('')
    .map(() => 1);
const walls = (gid = 4): number[] =>
  ROWS.join('')
    .split('')
    .map((c) => (c === '#' ? gid : 0));

let oid = 1;
const pt = (
  name: string,
  type: string,
  x: number,
  y: number,
  props: Record<string, string | boolean | number> = {},
): Obj => ({
  height: 0,
  id: oid++,
  name,
  point: true,
  properties: Object.entries(props).map(([k, v]) => ({
    name: k,
    type: typeof v === 'boolean' ? 'bool' : typeof v === 'number' ? 'int' : 'string',
    value: v,
  })),
  rotation: 0,
  type,
  visible: true,
  width: 0,
  x: x * 32 + 16,
  y: y * 32 + 16,
});
const units = (): Obj[] => {
  oid = 1;
  return [
    pt('Fighting Man', 'hero', 1, 6, { unit: 'fighting-man' }),
    pt('Magic User', 'hero', 2, 6, { unit: 'magic-user' }),
    pt('Thief', 'hero', 1, 5, { unit: 'thief' }),
    pt('Priest', 'hero', 2, 5, { unit: 'priest' }),
    pt('Dragon', 'enemy', 6, 1, { unit: 'dragon', archFoe: true, facing: 'south' }),
    pt('Goblin 1', 'enemy', 5, 2, { unit: 'goblin', facing: 4 }),
    pt('Goblin 2', 'enemy', 6, 2, { unit: 'goblin' }),
  ];
};
const tileLayer = (id: number, name: string, data: unknown, extra: Obj = {}): Obj => ({
  data,
  height: 8,
  id,
  name,
  opacity: 1,
  type: 'tilelayer',
  visible: true,
  width: 8,
  x: 0,
  y: 0,
  ...extra,
});
const objectLayer = (id: number, name: string, objects: Obj[], extra: Obj = {}): Obj => ({
  draworder: 'topdown',
  id,
  name,
  objects,
  opacity: 1,
  type: 'objectgroup',
  visible: true,
  x: 0,
  y: 0,
  ...extra,
});
const map = (layers: Obj[], tilesets: Obj[], extra: Obj = {}, props: Obj[] = []): Obj => ({
  compressionlevel: -1,
  height: 8,
  infinite: false,
  layers,
  nextlayerid: 10,
  nextobjectid: 50,
  orientation: 'orthogonal',
  properties: [{ name: 'name', type: 'string', value: 'Test Cellar' }, ...props],
  renderorder: 'right-down',
  tiledversion: '1.11.0',
  tileheight: 32,
  tilesets,
  tilewidth: 32,
  type: 'map',
  version: '1.10',
  width: 8,
  ...extra,
});
const write = (name: string, m: unknown): void =>
  writeFileSync(`${OUT}/${name}`, JSON.stringify(m, null, 1) + '\n');

const bytesOf = (gids: number[]): Uint8Array => {
  const b = new Uint8Array(gids.length * 4);
  const v = new DataView(b.buffer);
  gids.forEach((g, i) => v.setUint32(i * 4, g >>> 0, true));
  return b;
};
const b64 = (b: Uint8Array): string => Buffer.from(b).toString('base64');

// 1-4: encodings
write(
  'small-csv.tmj',
  map(
    [
      tileLayer(1, 'Ground', ground()),
      tileLayer(2, 'Walls', walls()),
      objectLayer(3, 'Units', units()),
    ],
    [tileset()],
  ),
);
for (const [name, comp] of [
  ['small-base64.tmj', ''],
  ['small-zlib.tmj', 'zlib'],
  ['small-gzip.tmj', 'gzip'],
] as const) {
  const enc = (g: number[]): string =>
    b64(
      comp === 'zlib' ? zlibSync(bytesOf(g)) : comp === 'gzip' ? gzipSync(bytesOf(g)) : bytesOf(g),
    );
  write(
    name,
    map(
      [
        tileLayer(1, 'Ground', enc(ground()), { encoding: 'base64', compression: comp }),
        tileLayer(2, 'Walls', enc(walls()), { encoding: 'base64', compression: comp }),
        objectLayer(3, 'Units', units()),
      ],
      [tileset()],
    ),
  );
}
// 5: zstd
write(
  'small-zstd.tmj',
  map(
    [
      tileLayer(1, 'Ground', 'KLUv/SAAAQAA', { encoding: 'base64', compression: 'zstd' }),
      objectLayer(3, 'Units', units()),
    ],
    [tileset()],
  ),
);

// 6: infinite map, 8x8 chunks, painted area x -4..3, y -4..3 (negative chunk coordinates)
{
  const chunk = (cx: number, cy: number, src: number[]): Obj => {
    const data: number[] = [];
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const tx = cx + x + 4;
        const ty = cy + y + 4;
        data.push(tx >= 0 && ty >= 0 && tx < 8 && ty < 8 ? src[ty * 8 + tx] : 0);
      }
    }
    return { data, height: 8, width: 8, x: cx, y: cy };
  };
  const infLayer = (id: number, name: string, src: number[]): Obj => ({
    chunks: [chunk(-8, -8, src), chunk(0, -8, src), chunk(-8, 0, src), chunk(0, 0, src)],
    height: 16,
    id,
    name,
    opacity: 1,
    startx: -8,
    starty: -8,
    type: 'tilelayer',
    visible: true,
    width: 16,
    x: 0,
    y: 0,
  });
  const shifted = units().map((o) => ({
    ...o,
    x: (o.x as number) - 4 * 32,
    y: (o.y as number) - 4 * 32,
  }));
  write(
    'infinite-negative.tmj',
    map(
      [
        infLayer(1, 'Ground', ground()),
        infLayer(2, 'Walls', walls()),
        objectLayer(3, 'Units', shifted),
      ],
      [tileset()],
      {
        infinite: true,
        width: 30,
        height: 20,
      },
    ),
  );
}

// 7: groups with offsets: the Walls layer sits in a group moved one tile right, so its data
// is painted one column to the left; units sit in a group moved one tile down.
{
  const w = walls();
  const shiftedLeft = w.map((_, i) => {
    const x = i % 8;
    return x < 7 ? w[i + 1] : 0;
  });
  // The right-hand wall column is painted by a second, unshifted layer.
  const sideColumns = w.map((g, i) => (i % 8 === 7 || i % 8 === 0 ? g : 0));
  const inner = w.map((g, i) => ([2 * 8 + 2, 2 * 8 + 3, 4 * 8 + 4].includes(i) ? 6 : 0));
  const unitsUp = units().map((o) => ({ ...o, y: (o.y as number) - 32 }));
  write(
    'groups-offsets.tmj',
    map(
      [
        {
          id: 1,
          layers: [tileLayer(2, 'Ground', ground())],
          name: 'Dungeon',
          opacity: 1,
          type: 'group',
          visible: true,
          x: 0,
          y: 0,
        },
        {
          id: 3,
          layers: [
            tileLayer(4, 'Walls', shiftedLeft),
            {
              id: 5,
              layers: [
                tileLayer(6, 'Notes', inner, {
                  visible: false,
                  properties: [{ name: 'terrain', type: 'string', value: 'wall' }],
                }),
              ],
              name: 'Hidden',
              opacity: 0.5,
              type: 'group',
              visible: false,
              x: 0,
              y: 0,
              offsetx: -32,
            },
          ],
          name: 'Upper',
          offsetx: 32,
          offsety: 0,
          opacity: 0.8,
          type: 'group',
          visible: true,
          x: 0,
          y: 0,
        },
        tileLayer(7, 'Side walls', sideColumns),
        {
          id: 8,
          layers: [objectLayer(9, 'Units', unitsUp)],
          name: 'Creatures',
          offsetx: 0,
          offsety: 32,
          opacity: 1,
          type: 'group',
          visible: true,
          x: 0,
          y: 0,
        },
      ],
      [tileset()],
    ),
  );
}

// 8: flip flags on walls (H, V, D, H|V|D, hex 120) and a flipped floor
{
  const flags = [0x80000000, 0x40000000, 0x20000000, 0xe0000000, 0x10000000];
  let k = 0;
  const w = walls().map((g) => (g ? (g | flags[k++ % flags.length]) >>> 0 : 0));
  const gr = ground();
  gr[9] = (1 | 0x80000000) >>> 0;
  write(
    'flipped.tmj',
    map(
      [tileLayer(1, 'Ground', gr), tileLayer(2, 'Walls', w), objectLayer(3, 'Units', units())],
      [tileset()],
    ),
  );
}

// 9: external tileset
write(
  'external.tmj',
  map(
    [
      tileLayer(1, 'Ground', ground()),
      tileLayer(2, 'Walls', walls()),
      objectLayer(3, 'Units', units()),
    ],
    [{ firstgid: 1, source: 'tiles/external.tsj' }],
  ),
);
{
  const ts = tileset('../../../../assets/tiles/dungeon-tiles-alt.png');
  delete ts.firstgid;
  write('external.tsj', {
    ...ts,
    name: 'external',
    tiledversion: '1.11.0',
    type: 'tileset',
    version: '1.10',
  });
}

// 10: an image the game does not have (16x16 tiles, 20 tiles, own terrain properties)
{
  const ts: Obj = {
    columns: 5,
    firstgid: 1,
    image: 'my-own-tiles.png',
    imageheight: 64,
    imagewidth: 80,
    margin: 0,
    name: 'mine',
    spacing: 0,
    tilecount: 20,
    tileheight: 16,
    tiles: [
      { id: 17, properties: [{ name: 'terrain', type: 'string', value: 'wall' }] },
      { id: 18, properties: [{ name: 'terrain', type: 'string', value: 'water' }] },
    ],
    tilewidth: 16,
  };
  const gr = ground().map(() => 3);
  const w = walls(18);
  w[3 * 8 + 3] = 19; // water at 3,3
  const small = units().map((o) => ({ ...o, x: (o.x as number) / 2, y: (o.y as number) / 2 }));
  write(
    'missing-image.tmj',
    map(
      [tileLayer(1, 'Ground', gr), tileLayer(2, 'Features', w), objectLayer(3, 'Units', small)],
      [ts],
      { tilewidth: 16, tileheight: 16 },
    ),
  );
}

// 11: Tiled 1.9 style `class`, tile objects with the class on the tile, rectangles
{
  oid = 1;
  const ts = tileset();
  (ts.tiles as Obj[])[13] = { ...(ts.tiles as Obj[])[13], type: 'hero' };
  (ts.tiles as Obj[])[14] = { ...(ts.tiles as Obj[])[14], class: 'lair' };
  const objs: Obj[] = [
    // tile objects: Tiled's y is the bottom of the tile
    {
      gid: 14,
      height: 32,
      id: oid++,
      name: 'A',
      rotation: 0,
      type: '',
      visible: true,
      width: 32,
      x: 32,
      y: 224,
    },
    {
      gid: 14,
      height: 32,
      id: oid++,
      name: 'B',
      rotation: 0,
      type: '',
      visible: true,
      width: 32,
      x: 64,
      y: 224,
    },
    {
      gid: 14,
      height: 32,
      id: oid++,
      name: 'C',
      rotation: 0,
      class: 'hero',
      visible: true,
      width: 32,
      x: 32,
      y: 192,
    },
    {
      gid: (14 | 0x80000000) >>> 0,
      height: 32,
      id: oid++,
      name: 'D',
      rotation: 0,
      visible: true,
      width: 32,
      x: 64,
      y: 192,
    },
    {
      gid: 15,
      height: 32,
      id: oid++,
      name: 'Lair',
      rotation: 0,
      visible: true,
      width: 32,
      x: 192,
      y: 96,
      properties: [{ name: 'roll', type: 'string', value: '1-6' }],
    },
    {
      height: 0,
      id: oid++,
      name: 'Dragon',
      point: true,
      rotation: 0,
      class: 'Dragon',
      visible: true,
      width: 0,
      x: 200,
      y: 40,
      properties: [{ name: 'archFoe', type: 'bool', value: true }],
    },
    {
      height: 0,
      id: oid++,
      name: 'Goblin',
      point: true,
      rotation: 0,
      class: 'enemy',
      visible: true,
      width: 0,
      x: 176,
      y: 80,
      properties: [
        { name: 'unit', type: 'string', value: 'Goblin' },
        { name: 'facing', type: 'string', value: 'north-west' },
      ],
    },
    {
      height: 64,
      id: oid++,
      name: 'Altar',
      rotation: 0,
      class: 'goal',
      visible: true,
      width: 64,
      x: 128,
      y: 32,
      properties: [{ name: 'holdTurns', type: 'int', value: 2 }],
    },
    {
      height: 31.5,
      id: oid++,
      name: 'Way out',
      rotation: 0,
      type: 'exit',
      visible: true,
      width: 63.9,
      x: 32.2,
      y: 192,
      ellipse: true,
    },
    {
      height: 0,
      id: oid++,
      name: 'Chest',
      point: true,
      rotation: 0,
      type: 'treasure',
      visible: true,
      width: 0,
      x: 112,
      y: 176,
    },
    {
      height: 0,
      id: oid++,
      name: 'Note',
      rotation: 0,
      visible: true,
      width: 0,
      x: 112,
      y: 112,
      text: { text: 'Here be dragons', wrap: true },
    },
  ];
  write(
    'class-objects.tmj',
    map(
      [
        tileLayer(1, 'Ground', ground()),
        tileLayer(2, 'Walls', walls()),
        objectLayer(3, 'Things', objs),
      ],
      [ts],
      {},
      [{ name: 'victory', type: 'string', value: 'hold' }],
    ),
  );
}

// 12: no properties anywhere: layer names decide; a void hole in the floor
{
  const gr = ground();
  gr[4 * 8 + 2] = 0; // unpainted -> void
  const deco = ground().map((_, i) => (i === 9 || i === 0 ? 3 : 0)); // decoration over floor and over a wall
  write(
    'no-properties.tmj',
    map(
      [
        tileLayer(1, 'Floor', gr),
        tileLayer(2, 'Obstacles', walls(5)),
        tileLayer(3, 'Decoration', deco),
        objectLayer(4, 'Units', units()),
      ],
      [tileset('../../../assets/tiles/dungeon-tiles.png', false)],
    ),
  );
}

// 13: no units at all (default setup); 10 x 8
{
  const rows = [
    '##########',
    '#........#',
    '#........#',
    '#...##...#',
    '#...##...#',
    '#........#',
    '#........#',
    '##########',
  ];
  const g = rows
    .join('')
    .split('')
    .map(() => 1);
  const w = rows
    .join('')
    .split('')
    .map((c) => (c === '#' ? 4 : 0));
  write('no-units.tmj', {
    ...map(
      [tileLayer(1, 'Ground', g, { width: 10 }), tileLayer(2, 'Walls', w, { width: 10 })],
      [tileset()],
    ),
    width: 10,
  });
}

// 14: the dragon walled off from the heroes
{
  const w = walls();
  for (const i of [1 * 8 + 4, 2 * 8 + 4, 3 * 8 + 4, 3 * 8 + 5, 3 * 8 + 6]) w[i] = 4;
  write(
    'bad-unreachable.tmj',
    map(
      [
        tileLayer(1, 'Ground', ground()),
        tileLayer(2, 'Walls', w),
        objectLayer(3, 'Units', units()),
      ],
      [tileset()],
    ),
  );
}
console.log('fixtures ok');
