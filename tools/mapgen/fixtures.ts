// Writes the small test fixture maps into test/fixtures/maps (run: npx tsx tools/mapgen/fixtures.ts).
import { gzipSync, zlibSync } from 'fflate';
import { mkdirSync, writeFileSync } from 'node:fs';
import {
  builtinTileset,
  builtinTilesetFile,
  CELLAR_ROWS,
  chunkedTileLayer,
  groupLayer,
  objectLayer,
  pointObject,
  properties,
  property,
  tiledMap,
  tileLayer,
} from '../../src/devtools/tiled-json';
import type { Json, JsonObject, PropertyValue } from '../../src/devtools/tiled-json';

const OUT = process.argv[2] ?? new URL('../../test/fixtures/maps', import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });

const tileset = (image = '../../../assets/tiles/dungeon-tiles.png', withTiles = true): JsonObject =>
  builtinTileset(image, 'dungeon', withTiles);

const ground = (): number[] =>
  CELLAR_ROWS.join('')
    .split('')
    .map(() => 1);
const walls = (gid = 4): number[] =>
  CELLAR_ROWS.join('')
    .split('')
    .map((c) => (c === '#' ? gid : 0));

let oid = 1;
const pt = (
  name: string,
  type: string,
  x: number,
  y: number,
  props: Record<string, PropertyValue> = {},
): JsonObject => pointObject(oid++, name, type, x, y, properties(props));
const units = (): JsonObject[] => {
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
const cellarTileLayer = (
  id: number,
  name: string,
  data: Json,
  extra: JsonObject = {},
): JsonObject => tileLayer(id, name, 8, 8, data, extra);
/** The Ground, Walls and Units layers most fixtures share. */
const cellarLayers = (
  groundData: Json = ground(),
  wallData: Json = walls(),
  tileExtra: JsonObject = {},
): JsonObject[] => [
  cellarTileLayer(1, 'Ground', groundData, tileExtra),
  cellarTileLayer(2, 'Walls', wallData, tileExtra),
  objectLayer(3, 'Units', units()),
];
const map = (
  layers: Json[],
  tilesets: Json[],
  extra: JsonObject = {},
  props: Json[] = [],
): JsonObject =>
  tiledMap(
    {
      width: 8,
      height: 8,
      layers,
      tilesets,
      properties: [property('name', 'Test Cellar'), ...props],
      nextlayerid: 10,
      nextobjectid: 50,
      tiledversion: '1.11.0',
    },
    extra,
  );
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
write('small-csv.tmj', map(cellarLayers(), [tileset()]));
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
    map(cellarLayers(enc(ground()), enc(walls()), { encoding: 'base64', compression: comp }), [
      tileset(),
    ]),
  );
}
// 5: zstd. fflate has no zstd compressor: these are the layers above compressed once with
// the zstd command-line tool (v1.5.4, level 19), kept here so the fixture is rewritten as is.
const ZSTD_GROUND = 'KLUv/WQAAF0AACABAAAAAQB51CUCUQHbwg==';
const ZSTD_WALLS = 'KLUv/WQAAOUAAHKBAYMQAAJAxAcAdiQA7hKkYwgReIo+YAPiJQLtBYY/';
write(
  'small-zstd.tmj',
  map(cellarLayers(ZSTD_GROUND, ZSTD_WALLS, { encoding: 'base64', compression: 'zstd' }), [
    tileset(),
  ]),
);

// 6: infinite map, 8x8 chunks, painted area x -4..3, y -4..3 (negative chunk coordinates)
{
  const chunk = (cx: number, cy: number, src: number[]): JsonObject => {
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
  const infLayer = (id: number, name: string, src: number[]): JsonObject =>
    chunkedTileLayer(
      id,
      name,
      [chunk(-8, -8, src), chunk(0, -8, src), chunk(-8, 0, src), chunk(0, 0, src)],
      -8,
      16,
    );
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
        groupLayer(1, 'Dungeon', [cellarTileLayer(2, 'Ground', ground())]),
        // Written out: the committed file has these groups' offsets before their opacity.
        {
          id: 3,
          layers: [
            cellarTileLayer(4, 'Walls', shiftedLeft),
            groupLayer(
              5,
              'Hidden',
              [
                cellarTileLayer(6, 'Notes', inner, {
                  visible: false,
                  properties: [property('terrain', 'wall')],
                }),
              ],
              { opacity: 0.5, visible: false, offsetx: -32 },
            ),
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
        cellarTileLayer(7, 'Side walls', sideColumns),
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
  write('flipped.tmj', map(cellarLayers(gr, w), [tileset()]));
}

// 9: external tileset
write('external.tmj', map(cellarLayers(), [{ firstgid: 1, source: 'tiles/external.tsj' }]));
write(
  'external.tsj',
  builtinTilesetFile('../../../../assets/tiles/dungeon-tiles-alt.png', 'external', '1.11.0'),
);

// 10: an image the game does not have (16x16 tiles, 20 tiles, own terrain properties)
{
  const ts: JsonObject = {
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
      [
        cellarTileLayer(1, 'Ground', gr),
        cellarTileLayer(2, 'Features', w),
        objectLayer(3, 'Units', small),
      ],
      [ts],
      { tilewidth: 16, tileheight: 16 },
    ),
  );
}

// 11: Tiled 1.9 style `class`, tile objects with the class on the tile, rectangles
{
  oid = 1;
  const ts = tileset();
  (ts.tiles as JsonObject[])[13] = { ...(ts.tiles as JsonObject[])[13], type: 'hero' };
  (ts.tiles as JsonObject[])[14] = { ...(ts.tiles as JsonObject[])[14], class: 'lair' };
  const objs: JsonObject[] = [
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
        cellarTileLayer(1, 'Ground', ground()),
        cellarTileLayer(2, 'Walls', walls()),
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
        cellarTileLayer(1, 'Floor', gr),
        cellarTileLayer(2, 'Obstacles', walls(5)),
        cellarTileLayer(3, 'Decoration', deco),
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
    ...map([tileLayer(1, 'Ground', 10, 8, g), tileLayer(2, 'Walls', 10, 8, w)], [tileset()]),
    width: 10,
  });
}

// 14: the dragon walled off from the heroes
{
  const w = walls();
  for (const i of [1 * 8 + 4, 2 * 8 + 4, 3 * 8 + 4, 3 * 8 + 5, 3 * 8 + 6]) w[i] = 4;
  write('bad-unreachable.tmj', map(cellarLayers(ground(), w), [tileset()]));
}
console.log('fixtures ok');
