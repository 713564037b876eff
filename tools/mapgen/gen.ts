// Generator for the shipped maps in maps/ (run: npx tsx tools/mapgen/gen.ts [OUT_DIR]). Writes Tiled-1.10-style JSON.
import { zlibSync } from 'fflate';
import { writeFileSync } from 'node:fs';
import {
  builtinTileset,
  builtinTilesetFile,
  chunkedTileLayer,
  groupLayer,
  objectLayer,
  pointObject,
  property,
  tiledMap,
  tileLayer,
} from '../../src/devtools/tiled-json';
import type { Json, JsonObject, PropertyValue } from '../../src/devtools/tiled-json';

const OUT = process.argv[2] ?? new URL('../../maps', import.meta.url).pathname;

// ---- Tiled-like JSON writer: sorted keys, 1-space top indent, objects in arrays at +7. ----
function esc(s: string): string {
  return JSON.stringify(s).replace(/\//g, '\\/');
}
function scalar(v: Json): string {
  if (typeof v === 'string') return esc(v);
  return JSON.stringify(v);
}
function isObj(v: Json): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
function writeValue(key: string, v: Json, keyIndent: number, rowWidth?: number): string {
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    if (v.every((x) => !isObj(x) && !Array.isArray(x))) {
      if (key === 'data' && rowWidth) {
        const rows: string[] = [];
        for (let i = 0; i < v.length; i += rowWidth)
          rows.push(
            v
              .slice(i, i + rowWidth)
              .map(scalar)
              .join(', '),
          );
        return `[${rows.join(',\n' + ' '.repeat(keyIndent + 3))}]`;
      }
      return `[${v.map(scalar).join(', ')}]`;
    }
    const ind = keyIndent + 7;
    return `[\n${v.map((o) => writeObject(o as JsonObject, ind)).join(', \n')}]`;
  }
  if (isObj(v)) {
    return `\n${writeObject(v, keyIndent + 3)}`;
  }
  return scalar(v);
}
function writeObject(o: JsonObject, indent: number): string {
  const keys = Object.keys(o).sort();
  const pad = ' '.repeat(indent);
  const kpad = ' '.repeat(indent + 1);
  const rowWidth = typeof o.width === 'number' ? o.width : undefined;
  const lines = keys.map((k) => `${kpad}${esc(k)}:${writeValue(k, o[k], indent + 1, rowWidth)}`);
  return `${pad}{\n${lines.join(',\n')}\n${pad}}`;
}
function writeTop(o: JsonObject): string {
  const keys = Object.keys(o).sort();
  const lines = keys.map(
    (k) => `${esc(k)}:${writeValue(k, o[k], 1, typeof o.width === 'number' ? o.width : undefined)}`,
  );
  return `{ ${lines.join(',\n ')}\n}\n`;
}

// ---- Helpers ----
// Properties sorted by name, as Tiled lists them.
const props = (o: Record<string, PropertyValue>): JsonObject[] =>
  Object.keys(o)
    .sort()
    .map((k) => property(k, o[k]));

let nextObjectId = 1;
function pointObj(
  name: string,
  type: string,
  x: number,
  y: number,
  p: Record<string, PropertyValue>,
): JsonObject {
  return pointObject(nextObjectId++, name, type, x, y, props(p));
}
function rectObj(
  name: string,
  type: string,
  x: number,
  y: number,
  w: number,
  h: number,
  p: Record<string, PropertyValue>,
): Json {
  const o: JsonObject = {
    height: h * 32,
    id: nextObjectId++,
    name,
    rotation: 0,
    type,
    visible: true,
    width: w * 32,
    x: x * 32,
    y: y * 32,
  };
  if (Object.keys(p).length) o.properties = props(p);
  return o;
}
function grid(rows: string[], w: number, h: number): string[] {
  if (rows.length !== h) throw new Error(`rows ${rows.length} != ${h}`);
  rows.forEach((r, i) => {
    if (r.length !== w) throw new Error(`row ${i} has ${r.length} chars, not ${w}: "${r}"`);
  });
  return rows;
}
const floorVariant = (x: number, y: number): number =>
  (x * 5 + y * 3) % 7 === 0 ? 1 : (x * 3 + y * 7) % 11 === 0 ? 2 : 0;

function mapJson(
  w: number,
  h: number,
  layers: Json[],
  tilesets: Json[],
  p: Record<string, PropertyValue>,
  extra: JsonObject = {},
): string {
  const allIds: number[] = [];
  const collect = (ls: Json[]): void => {
    for (const l of ls as JsonObject[]) {
      allIds.push(l.id as number);
      if (Array.isArray(l.layers)) collect(l.layers);
    }
  };
  collect(layers);
  const parts = {
    width: w,
    height: h,
    layers,
    tilesets,
    properties: props(p),
    nextlayerid: Math.max(...allIds) + 1,
    nextobjectid: nextObjectId,
    tiledversion: '1.10.2',
  };
  return writeTop(tiledMap(parts, extra));
}

// =============== 1. The Dungeon Crawl (seed 001) ===============
{
  nextObjectId = 1;
  const rows = grid(
    [
      'D.......',
      '..#.T#..',
      '..G.G..D',
      'T.T.##..',
      '.#.GG.#.',
      '.GT.G.#.',
      '#.....#.',
      '..#.....',
      '..#..#HH',
      'D....#HH',
    ],
    8,
    10,
  );
  const W = 8,
    H = 10;
  const floor: number[] = [];
  const walls: number[] = [];
  const lairSquares = [
    [0, 0],
    [7, 2],
    [0, 9],
  ];
  rows.forEach((r, y) =>
    [...r].forEach((c, x) => {
      let t = floorVariant(x, y);
      if (lairSquares.some(([lx, ly]) => lx === x && ly === y)) t = 14;
      if (c === 'H') t = 13;
      floor.push(t + 1);
      walls.push(c === '#' ? ((x + y) % 3 === 0 ? 5 : 4) : 0);
    }),
  );
  const lairs = [
    pointObj('Dragon 1 or 2', 'lair', 0, 0, { roll: '1-2' }),
    pointObj('Dragon 3 or 4', 'lair', 7, 2, { roll: '3-4' }),
    pointObj('Dragon 5 or 6', 'lair', 0, 9, { roll: '5-6' }),
  ];
  const monsters: Json[] = [
    pointObj('Dragon', 'enemy', 0, 0, { archFoe: true, facing: 'south', unit: 'dragon' }),
  ];
  const trolls = [
    [4, 1],
    [0, 3],
    [2, 3],
    [2, 5],
  ];
  const goblins = [
    [2, 2],
    [4, 2],
    [3, 4],
    [4, 4],
    [1, 5],
    [4, 5],
  ];
  trolls.forEach(([x, y], i) =>
    monsters.push(pointObj(`Troll ${i + 1}`, 'enemy', x, y, { facing: 'south', unit: 'troll' })),
  );
  goblins.forEach(([x, y], i) =>
    monsters.push(pointObj(`Goblin ${i + 1}`, 'enemy', x, y, { facing: 'south', unit: 'goblin' })),
  );
  const heroes = [
    pointObj('Fighting Man', 'hero', 6, 8, { facing: 'north-west', unit: 'fighting-man' }),
    pointObj('Magic User', 'hero', 7, 8, { facing: 'north-west', unit: 'magic-user' }),
    pointObj('Thief', 'hero', 6, 9, { facing: 'north-west', unit: 'thief' }),
    pointObj('Priest', 'hero', 7, 9, { facing: 'north-west', unit: 'priest' }),
  ];
  const text = mapJson(
    W,
    H,
    [
      tileLayer(1, 'Floor', W, H, floor),
      tileLayer(2, 'Walls', W, H, walls),
      objectLayer(3, 'Lairs', lairs),
      objectLayer(4, 'Monsters', monsters),
      objectLayer(5, 'Heroes', heroes),
    ],
    [builtinTileset('../assets/tiles/dungeon-tiles.png', 'dungeon-tiles')],
    {
      description:
        'Four heroes creep into a cramped cave of goblins and trolls to slay the dragon that rules it. A die decides in which of three lairs the dragon starts; from there it prowls like any monster.',
      lairRoll: true,
      // The seed's Dungeon Crawl makes morale optional: off unless the player turns it on.
      moraleOptional: false,
      name: 'The Dungeon Crawl',
      ruleModule: 'dungeon-crawl',
      victory: 'arch-foe',
    },
  );
  writeFileSync(`${OUT}/dungeon-crawl.tmj`, text);
}

// =============== 2. The Flooded Crypt (external tileset) ===============
{
  nextObjectId = 1;
  const W = 16,
    H = 12;
  const rows = grid(
    [
      '################',
      '#.....#~~~~#...#',
      '#.....#~..~#...#',
      '#.:...D~..~C...#',
      '#.....#~~~~#...#',
      '###D#########D##',
      '#.....~~~.....:#',
      '#.::..~~~..:...#',
      '####D######D####',
      '#....#....#....#',
      '#....C....D....#',
      '################',
    ],
    W,
    H,
  );
  const floor: number[] = [],
    walls: number[] = [],
    flood: number[] = [];
  const doors: Json[] = [];
  rows.forEach((r, y) =>
    [...r].forEach((c, x) => {
      floor.push(floorVariant(x, y) + 1);
      walls.push(c === '#' ? ((x * 7 + y) % 5 === 0 ? 5 : 4) : 0);
      // D: an open door (tile 10); C: a closed door (tile 9) that figures open in play.
      flood.push(c === '~' ? 7 : c === ':' ? 6 : c === 'D' ? 11 : c === 'C' ? 10 : 0);
      if (c === 'D') doors.push(pointObj(`Door ${doors.length + 1}`, 'door', x, y, { open: true }));
      if (c === 'C')
        doors.push(pointObj(`Door ${doors.length + 1}`, 'door', x, y, { open: false }));
    }),
  );
  const units: Json[] = [
    pointObj('Dragon', 'enemy', 13, 2, { archFoe: true, facing: 'south-west', unit: 'dragon' }),
    pointObj('Troll 1', 'enemy', 8, 2, { facing: 'south', unit: 'troll' }),
    pointObj('Troll 2', 'enemy', 12, 6, { facing: 'west', unit: 'troll' }),
    pointObj('Goblin 1', 'enemy', 2, 2, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 2', 'enemy', 4, 3, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 3', 'enemy', 8, 9, { facing: 'west', unit: 'goblin' }),
    pointObj('Goblin 4', 'enemy', 8, 10, { facing: 'west', unit: 'goblin' }),
    pointObj('Goblin 5', 'enemy', 13, 9, { facing: 'west', unit: 'goblin' }),
    pointObj('Goblin 6', 'enemy', 14, 10, { facing: 'west', unit: 'goblin' }),
  ];
  const heroes: Json[] = [
    pointObj('Fighting Man', 'hero', 3, 9, { facing: 'east', unit: 'fighting-man' }),
    pointObj('Magic User', 'hero', 1, 9, { facing: 'east', unit: 'magic-user' }),
    pointObj('Thief', 'hero', 3, 10, { facing: 'east', unit: 'thief' }),
    pointObj('Priest', 'hero', 2, 10, { facing: 'east', unit: 'priest' }),
  ];
  const text = mapJson(
    W,
    H,
    [
      tileLayer(1, 'Floor', W, H, floor),
      tileLayer(2, 'Walls', W, H, walls),
      tileLayer(3, 'Flooding and doors', W, H, flood),
      objectLayer(4, 'Doors', doors),
      objectLayer(5, 'Monsters', units),
      objectLayer(6, 'Heroes', heroes),
    ],
    [{ firstgid: 1, source: 'crypt.tsj' }],
    {
      description:
        'Black water has seeped into an old crypt. Wade through the drowned chapel or take the long way round the galleries, and clear every room of its goblins, trolls and the dragon nesting at the far end.',
      name: 'The Flooded Crypt',
      ruleModule: 'dungeon-crawl',
      victory: 'all-enemies',
    },
  );
  writeFileSync(`${OUT}/flooded-crypt.tmj`, text);
  const tsj = writeTop(
    builtinTilesetFile('../assets/tiles/dungeon-tiles-alt.png', 'crypt', '1.10.2'),
  );
  writeFileSync(`${OUT}/crypt.tsj`, tsj);
}

// =============== 3. The Goblin Warren (infinite, groups, base64 zlib) ===============
{
  nextObjectId = 1;
  const W = 24,
    H = 18,
    OX = -8,
    OY = -6;
  const rows = grid(
    [
      '  ########      ######  ',
      ' ##......##    ##....## ',
      '##........######......##',
      '#....::.............:..#',
      '#...##....####.....##..#',
      '##..##...##  ##........#',
      ' #.......#    #...##..##',
      ' ##..:..##    ##..##..# ',
      '  ##...##      #......# ',
      '   #...#########..::..##',
      '  ##.........:.........#',
      ' ##....##.....##.###...#',
      '##....## #...## #  #...#',
      '#.....#  #...#  ####..##',
      '#.....####...#####....# ',
      '#.....................# ',
      '##..................### ',
      ' ####################   ',
    ],
    W,
    H,
  );
  const ground = new Map<string, number>();
  const walls = new Map<string, number>();
  rows.forEach((r, y) =>
    [...r].forEach((c, x) => {
      const tx = x + OX,
        ty = y + OY;
      if (c === ' ') return;
      ground.set(`${tx},${ty}`, (c === ':' ? 5 : floorVariant(x, y)) + 1);
      if (c === '#') walls.set(`${tx},${ty}`, (x + 2 * y) % 4 === 0 ? 5 : 4);
    }),
  );
  const chunked = (cells: Map<string, number>): Json[] => {
    const out: Json[] = [];
    for (const cy of [-16, 0]) {
      for (const cx of [-16, 0]) {
        const data = new Uint8Array(16 * 16 * 4);
        const view = new DataView(data.buffer);
        let any = false;
        for (let y = 0; y < 16; y++) {
          for (let x = 0; x < 16; x++) {
            const v = cells.get(`${cx + x},${cy + y}`) ?? 0;
            if (v) any = true;
            view.setUint32((y * 16 + x) * 4, v, true);
          }
        }
        if (!any) continue;
        out.push({
          data: Buffer.from(zlibSync(data)).toString('base64'),
          height: 16,
          width: 16,
          x: cx,
          y: cy,
        });
      }
    }
    return out;
  };
  const infLayer = (id: number, name: string, cells: Map<string, number>): Json =>
    chunkedTileLayer(id, name, chunked(cells), -16, 32, {
      compression: 'zlib',
      encoding: 'base64',
    });
  const at = (x: number, y: number): [number, number] => [x + OX, y + OY];
  const ip = (
    name: string,
    type: string,
    x: number,
    y: number,
    p: Record<string, string | number | boolean>,
  ): Json => {
    const [tx, ty] = at(x, y);
    return pointObj(name, type, tx, ty, p);
  };
  const goblinSpots = [
    [3, 3],
    [4, 2],
    [8, 3],
    [9, 2],
    [16, 3],
    [17, 4],
    [17, 7],
    [19, 8],
    [11, 10],
    [12, 12],
    [20, 12],
    [21, 11],
  ];
  const goblins = goblinSpots.map(([x, y], i) =>
    ip(`Goblin ${i + 1}`, 'goblin', x, y, { facing: 'south-west' }),
  );
  const bosses = [
    ip('Troll Chieftain', 'enemy', 19, 2, { archFoe: true, facing: 'south-west', unit: 'troll' }),
    ip('Troll Guard', 'enemy', 5, 9, { facing: 'south', unit: 'troll' }),
  ];
  const start = [
    ip('Fighting Man', 'hero', 4, 13, { facing: 'north-east', unit: 'fighting-man' }),
    ip('Magic User', 'hero', 2, 14, { facing: 'north-east', unit: 'magic-user' }),
    ip('Thief', 'hero', 4, 14, { facing: 'north-east', unit: 'thief' }),
    ip('Priest', 'hero', 3, 15, { facing: 'north-east', unit: 'priest' }),
  ];
  const text = mapJson(
    30,
    20,
    [
      groupLayer(1, 'Warren', [infLayer(2, 'Ground', ground), infLayer(3, 'Walls', walls)]),
      groupLayer(4, 'Creatures', [
        objectLayer(5, 'Goblins', goblins),
        objectLayer(6, 'Trolls', bosses),
      ]),
      objectLayer(7, 'Heroes', start),
    ],
    [builtinTileset('../assets/tiles/dungeon-tiles.png', 'dungeon-tiles')],
    {
      description:
        'A maze of low tunnels swarming with goblins. Cut through a dozen of them, and the trolls who keep them in line, before the warren overwhelms you.',
      moraleOptional: true,
      name: 'The Goblin Warren',
      ruleModule: 'dungeon-crawl',
      victory: 'all-enemies',
    },
    { infinite: true },
  );
  writeFileSync(`${OUT}/goblin-warren.tmj`, text);
}

// =============== 4. The Dragon Hall (cover, hold objective, exit) ===============
{
  nextObjectId = 1;
  const W = 20,
    H = 16;
  const rows = grid(
    [
      '####################',
      '#####....CC....#####',
      '###......CC......###',
      '##..P...r..r...P..##',
      '#..................#',
      '#..P..r......r..P..#',
      '#...ll........ll...#',
      '#..r...P....P...r..#',
      '#......P....P......#',
      '#..r............r..#',
      '##.....r....r.....##',
      '###..P........P..###',
      '####............####',
      '#####..........#####',
      '#######..SS..#######',
      '####################',
    ],
    W,
    H,
  );
  const floor: number[] = [],
    walls: number[] = [],
    pillars: number[] = [];
  rows.forEach((r, y) =>
    [...r].forEach((c, x) => {
      const base = c === 'C' ? 12 : c === 'S' ? 11 : c === 'l' ? 8 : floorVariant(x, y);
      floor.push(base + 1);
      walls.push(c === '#' ? 4 : c === 'P' ? 5 : 0);
      pillars.push(c === 'r' ? 6 : 0);
    }),
  );
  const units: Json[] = [
    pointObj('Dragon', 'enemy', 9, 3, { archFoe: true, facing: 'south', unit: 'dragon' }),
    pointObj('Troll 1', 'enemy', 5, 4, { facing: 'south', unit: 'troll' }),
    pointObj('Troll 2', 'enemy', 14, 4, { facing: 'south', unit: 'troll' }),
    pointObj('Goblin 1', 'enemy', 2, 4, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 2', 'enemy', 3, 4, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 3', 'enemy', 9, 6, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 4', 'enemy', 10, 6, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 5', 'enemy', 16, 4, { facing: 'south', unit: 'goblin' }),
    pointObj('Goblin 6', 'enemy', 17, 4, { facing: 'south', unit: 'goblin' }),
  ];
  const heroes: Json[] = [
    pointObj('Start 1', 'hero', 8, 12, {}),
    pointObj('Start 2', 'hero', 11, 12, {}),
    pointObj('Start 3', 'hero', 9, 13, {}),
    pointObj('Start 4', 'hero', 10, 13, {}),
  ];
  const marks: Json[] = [
    rectObj("The Dragon's Hoard", 'objective', 9, 1, 2, 2, { holdTurns: 2 }),
    rectObj('Stairs Up', 'exit', 9, 14, 2, 1, {}),
  ];
  const text = mapJson(
    W,
    H,
    [
      tileLayer(1, 'Floor', W, H, floor),
      tileLayer(2, 'Walls', W, H, walls),
      tileLayer(3, 'Broken pillars', W, H, pillars, { properties: props({ cover: 'partial' }) }),
      objectLayer(4, 'Marks', marks),
      objectLayer(5, 'Monsters', units),
      objectLayer(6, 'Heroes', heroes),
    ],
    [builtinTileset('../assets/tiles/dungeon-tiles.png', 'dungeon-tiles')],
    {
      description:
        'A pillared hall where a dragon broods on its hoard. Fight from pillar to pillar, reach the hoard and hold it for two turns against everything the hall throws at you.',
      holdTurns: 2,
      name: 'The Dragon Hall',
      ruleModule: 'dungeon-crawl',
      victory: 'hold',
    },
  );
  writeFileSync(`${OUT}/dragon-hall.tmj`, text);
}

writeFileSync(
  `${OUT}/index.json`,
  JSON.stringify(
    [
      {
        id: 'dungeon-crawl',
        file: 'dungeon-crawl.tmj',
        name: 'The Dungeon Crawl',
        description:
          'The classic 8 x 10 dungeon of the solo rules: six goblins, four trolls and a dragon whose lair a die decides.',
        tilesets: [],
      },
      {
        id: 'flooded-crypt',
        file: 'flooded-crypt.tmj',
        name: 'The Flooded Crypt',
        description:
          'Rooms, doors and drowned passages: clear the crypt of every goblin, troll and the dragon.',
        tilesets: ['crypt.tsj'],
      },
      {
        id: 'goblin-warren',
        file: 'goblin-warren.tmj',
        name: 'The Goblin Warren',
        description: 'Winding tunnels full of goblins and their troll masters. Defeat them all.',
        tilesets: [],
      },
      {
        id: 'dragon-hall',
        file: 'dragon-hall.tmj',
        name: 'The Dragon Hall',
        description: "A pillared hall: reach the dragon's hoard and hold it for two turns.",
        tilesets: [],
      },
    ],
    null,
    2,
  ) + '\n',
);
console.log('ok');
