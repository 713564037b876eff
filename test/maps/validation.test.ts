import { readFileSync } from 'node:fs';
import { registerDuel } from '../modules/duel';
import { join } from 'node:path';
import { zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { loadTiledMap, type MapLoadResult } from '../../src/maps';
import {
  objectLayer,
  pointObject,
  property,
  tileLayer,
  type JsonObject,
} from '../../src/devtools/tiled-json';
import {
  copy,
  drop,
  err,
  fixtureJson,
  list,
  loadChanged,
  loadFixture,
  MAPS,
  nums,
  ok,
  heroList,
  put,
  unitList,
} from './helpers';

/** A simple CSV map: floor inside a wall border, heroes bottom-left, dragon top-right. */
function squareMap(w: number, h: number): Record<string, unknown> {
  const ground: number[] = [];
  const walls: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      ground.push(1);
      walls.push(x === 0 || y === 0 || x === w - 1 || y === h - 1 ? 4 : 0);
    }
  }
  const pt = (id: number, type: string, x: number, y: number, unit: string): JsonObject =>
    pointObject(id, unit, type, x, y, [property('unit', unit)]);
  const base = fixtureJson('small-csv.tmj');
  return {
    ...base,
    width: w,
    height: h,
    layers: [
      tileLayer(1, 'Ground', w, h, ground),
      tileLayer(2, 'Walls', w, h, walls),
      objectLayer(3, 'Units', [
        pt(1, 'hero', 1, h - 2, 'fighting-man'),
        pt(2, 'hero', 2, h - 2, 'magic-user'),
        pt(3, 'hero', 1, h - 3, 'thief'),
        pt(4, 'hero', 2, h - 3, 'priest'),
        pt(5, 'dragon', w - 2, 1, 'dragon'),
      ]),
    ],
  };
}

const load = (json: unknown, maxSize?: number): MapLoadResult =>
  loadTiledMap(JSON.stringify(json), { id: 't', maxSize });

/** Loads fixture `name` with the value at `path` replaced. */
const loadWith = (
  name: string,
  path: readonly (string | number)[],
  value: unknown,
): MapLoadResult => loadChanged(name, (j) => put(j, path, value));

/** Loads small-csv.tmj with one more map property. */
const loadCellarWithMapProperty = (mapProperty: Record<string, unknown>): MapLoadResult =>
  loadChanged('small-csv.tmj', (j) => void list(j, ['properties']).push(mapProperty));

describe('the file itself', () => {
  it('not JSON', () => {
    expect(err(loadTiledMap('{"layers": [', { id: 't' }))).toMatch(
      /^The map file is neither valid JSON nor XML \(.*\)\. Save it again from Tiled\.$/,
    );
  });
  it('empty text', () => {
    expect(err(loadTiledMap('  ', { id: 't' }))).toBe(
      'The map file is empty; save it again from Tiled.',
    );
  });
  it('XML that is broken, or not a Tiled map', () => {
    expect(err(loadTiledMap('<?xml version="1.0"?><map></map>', { id: 't' }))).toBe(
      'In the map, the "orientation" is missing. Fix it in Tiled and save again.',
    );
    expect(err(loadTiledMap('<map><layer></map>', { id: 't' }))).toBe(
      "The map file is not valid XML (line 1: Expected closing tag 'layer' (opened in line 1, col 6) instead of closing tag 'map'.). Save it again from Tiled.",
    );
    expect(err(loadTiledMap('<svg></svg>', { id: 't' }))).toBe(
      'The map file is XML but not a Tiled file: its root element is <svg>, not a Tiled map (.tmx).',
    );
    expect(err(loadTiledMap('<tileset name="x"/>', { id: 't' }))).toBe(
      'The file is a Tiled tileset (.tsx), not a map. Load the map (.tmx or .tmj) and give the tileset alongside it.',
    );
  });
  it('JSON that is not a Tiled map', () => {
    expect(err(loadTiledMap('[1,2,3]', { id: 't' }))).toContain('The file is not a Tiled map');
    expect(err(loadTiledMap('{"hello":"world"}', { id: 't' }))).toBe(
      'The file is JSON but not a Tiled map (it has no "layers" or "orientation"). Save the map from Tiled (.tmx or .tmj).',
    );
  });
  it('a tileset instead of a map', () => {
    const tsj = readFileSync(join(MAPS, 'crypt.tsj'), 'utf8');
    expect(err(loadTiledMap(tsj, { id: 't' }))).toContain('The file is a Tiled tileset, not a map');
  });
  it('a text far too long', () => {
    const huge = `{"layers":[],"x":"${'a'.repeat(33 * 1024 * 1024)}"}`;
    expect(err(loadTiledMap(huge, { id: 't' }))).toContain('files over 32 MB are refused');
  });
  it('absurd nesting', () => {
    expect(err(loadTiledMap(`${'['.repeat(500)}${']'.repeat(500)}`, { id: 't' }))).toContain(
      'nested more than 64 levels',
    );
  });
});

describe('map settings', () => {
  for (const orientation of ['isometric', 'hexagonal', 'staggered']) {
    it(`wrong orientation: ${orientation}`, () => {
      const e = err(loadWith('small-csv.tmj', ['orientation'], orientation));
      expect(e).toBe(
        `The map is ${orientation}, but the game plays on square grids only. In Tiled make a new map with Orientation "Orthogonal" and copy the layers into it.`,
      );
    });
  }
  it('width not a whole number', () => {
    expect(err(loadWith('small-csv.tmj', ['width'], 7.5))).toBe(
      'In the map, the "width" should be a whole number but is 7.5. Fix it in Tiled and save again.',
    );
  });
  it('height zero', () => {
    expect(err(loadWith('small-csv.tmj', ['height'], 0))).toBe(
      'In the map, the "height" should be at least 1 but is 0. Fix it in Tiled and save again.',
    );
  });
  it('tilewidth as text', () => {
    expect(err(loadWith('small-csv.tmj', ['tilewidth'], '32'))).toBe(
      'In the map, the "tilewidth" should be a number but is "32". Fix it in Tiled and save again.',
    );
  });
  it('tileheight missing', () => {
    expect(
      err(
        loadChanged('small-csv.tmj', (j) => void delete (j as Record<string, unknown>).tileheight),
      ),
    ).toBe('In the map, the "tileheight" is missing. Fix it in Tiled and save again.');
  });
  it('layers not a list', () => {
    expect(err(loadWith('small-csv.tmj', ['layers'], {}))).toBe(
      'In the map, the "layers" should be a list but is an object. Fix it in Tiled and save again.',
    );
  });
});

describe('sizes', () => {
  it('maps from 6 x 6 to 128 x 128 work', () => {
    for (const [w, h] of [
      [6, 6],
      [6, 40],
      [128, 128],
    ]) {
      const m = ok(load(squareMap(w, h)));
      expect([m.battleMap.width, m.battleMap.height]).toEqual([w, h]);
    }
  });
  it('smaller than 6 x 6 is refused', () => {
    expect(err(load(squareMap(5, 8)))).toBe(
      'The map is only 5 x 8 squares; maps must be at least 6 x 6. Resize it in Tiled (Map > Resize Map).',
    );
  });
  it('larger than the limit is refused before any tile data is read', () => {
    const json = squareMap(8, 8);
    json.width = 300;
    json.height = 1_000_000_000;
    expect(err(load(json))).toBe(
      'The map is 300 x 1000000000 squares; maps may be at most 256 x 256. Resize it in Tiled (Map > Resize Map).',
    );
  });
  it('the limit can be lowered', () => {
    expect(err(load(squareMap(40, 40), 32))).toContain('maps may be at most 32 x 32');
  });
  it('a bad maxSize option is refused', () => {
    expect(err(load(squareMap(8, 8), 2))).toContain('largest map size');
  });
  it('an infinite map whose painted part is too big', () => {
    const e = err(
      loadChanged('infinite-negative.tmj', (j) => {
        list(j, ['layers', 0, 'chunks']).push({
          x: 400,
          y: 0,
          width: 8,
          height: 8,
          data: new Array<number>(64).fill(1),
        });
      }),
    );
    expect(e).toBe(
      'The painted part of this infinite map is 412 x 12 squares; maps may be at most 256 x 256. Erase stray tiles far from the dungeon.',
    );
  });
  it('too many chunks', () => {
    const e = err(
      loadChanged('infinite-negative.tmj', (j) => {
        const chunks = list(j, ['layers', 0, 'chunks']);
        for (let i = 0; i < 5000; i++) chunks.push({ x: i, y: 0, width: 1, height: 1, data: [0] });
      }),
    );
    expect(e).toBe(
      'Layer "Ground" has 5004 chunks; the game accepts at most 4096. Make the map smaller.',
    );
  });
  it('a huge chunk', () => {
    const e = err(loadWith('infinite-negative.tmj', ['layers', 0, 'chunks', 0, 'width'], 100000));
    expect(e).toBe(
      'Layer "Ground": a chunk at -8,-8 is 100000 x 8 tiles; chunks may be at most 256 x 256.',
    );
  });
  it('base64 data far longer than the layer', () => {
    const e = err(loadWith('small-base64.tmj', ['layers', 0, 'data'], 'AAAA'.repeat(10000)));
    expect(e).toBe(
      'Layer "Ground": the base64 data is 40000 characters, far more than the layer is 8 x 8 = 64 squares.',
    );
  });
  it('a zlib bomb stops at the expected size', () => {
    const bomb = Buffer.from(zlibSync(new Uint8Array(20_000_000))).toString('base64');
    const e = err(loadWith('small-zlib.tmj', ['layers', 0, 'data'], bomb));
    expect(e).toContain('Layer "Ground"');
  });
});

describe('tile layers', () => {
  it('no tile layers', () => {
    expect(err(loadChanged('small-csv.tmj', (j) => void list(j, ['layers']).splice(0, 2)))).toBe(
      'The map has no tile layers. Add a tile layer in Tiled (Layer > New > Tile Layer) and paint the dungeon floor and walls.',
    );
  });
  it('all tile layers empty', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        for (const i of [0, 1])
          put(
            j,
            ['layers', i, 'data'],
            nums(j, ['layers', i, 'data']).map(() => 0),
          );
      }),
    );
    expect(e).toBe(
      "The map's tile layers are all empty. Paint the dungeon floor and walls in Tiled, then save again.",
    );
  });
  it('a tile layer without data', () => {
    expect(err(loadChanged('small-csv.tmj', (j) => void drop(j, ['layers', 0, 'data'])))).toBe(
      'Layer "Ground" has no tile data. Save the map again from Tiled.',
    );
  });
  it('data length mismatch (CSV), as in the guide', () => {
    const text = readFileSync(join(MAPS, 'dungeon-crawl.tmj'), 'utf8');
    const json = JSON.parse(text) as unknown;
    nums(json, ['layers', 0, 'data']).pop();
    expect(err(loadTiledMap(JSON.stringify(json), { id: 'dc' }))).toBe(
      'Layer "Floor": data has 79 tiles but the layer is 8 x 10 = 80 squares.',
    );
  });
  it('data length mismatch (base64)', () => {
    const e = err(
      loadWith('small-base64.tmj', ['layers', 1, 'data'], Buffer.alloc(63 * 4).toString('base64')),
    );
    expect(e).toBe('Layer "Walls": data has 63 tiles but the layer is 8 x 8 = 64 squares.');
  });
  it('damaged zlib data', () => {
    const e = err(loadWith('small-zlib.tmj', ['layers', 0, 'data'], 'AAAAAAAAAAAA'));
    expect(e).toMatch(
      /^Layer "Ground": the tile data could not be unpacked: the zlib data is damaged/,
    );
  });
  it('not base64', () => {
    const e = err(loadWith('small-base64.tmj', ['layers', 0, 'data'], '!!!!'));
    expect(e).toBe(
      'Layer "Ground": "data" is not valid base64 text. Save the map again from Tiled.',
    );
  });
  it('unknown compression', () => {
    const e = err(loadWith('small-base64.tmj', ['layers', 0, 'compression'], 'lz4'));
    expect(e).toBe(
      'Layer "Ground" uses the unknown compression "lz4". In Tiled open Map > Map Properties and set Tile Layer Format to "CSV" or "Base64 (zlib)".',
    );
  });
  it('unknown encoding', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 0, 'encoding'], 'xml'));
    expect(e).toContain('Layer "Ground" uses the tile data encoding "xml"');
  });
  it('a tile id that is not a number', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 0, 'data', 3], 'x'));
    expect(e).toBe(
      'Layer "Ground": tile 4 of the data is "x", which is not a tile id. Save the map again from Tiled.',
    );
  });
  it('a layer whose size differs from the map', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 1, 'width'], 4));
    expect(e).toBe(
      'Layer "Walls" is 4 x 8 squares but the map is 8 x 8. Save the map again from Tiled.',
    );
  });
  it('a layer with a broken name', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 1, 'name'], 5));
    expect(e).toBe(
      'In layer 2, the "name" should be a text but is 5. Fix it in Tiled and save again.',
    );
  });
  it('a broken chunk names the layer and the chunk', () => {
    const e = err(loadWith('infinite-negative.tmj', ['layers', 1, 'chunks', 2, 'x'], 'left'));
    expect(e).toBe(
      'In layer "Walls" chunk 3, the "x" should be a number but is "left". Fix it in Tiled and save again.',
    );
  });
});

describe('tile ids and tilesets', () => {
  it('a tile id past every tileset names the layer and x,y', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 1, 'data', 2 * 8 + 5], 99));
    expect(e).toBe(
      'Layer "Walls": the tile at x 5, y 2 has id 99, but the map\'s tilesets only have ids 1-16. Erase that tile, or add its tileset back to the map in Tiled.',
    );
  });
  it('a flipped tile id past every tileset is still caught', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 1, 'data', 0], (99 | 0x80000000) >>> 0));
    expect(e).toContain('the tile at x 0, y 0 has id 99');
  });
  it('tiles in a map without tilesets', () => {
    const e = err(loadWith('small-csv.tmj', ['tilesets'], []));
    expect(e).toBe(
      'Layer "Ground": the tile at x 0, y 0 has id 1, but the map has no tilesets. Erase that tile, or add its tileset back to the map in Tiled.',
    );
  });
  it('an infinite map reports Tiled coordinates', () => {
    const e = err(loadWith('infinite-negative.tmj', ['layers', 0, 'chunks', 0, 'data', 63], 40));
    expect(e).toContain('Layer "Ground": the tile at x -1, y -1 has id 40');
  });
  it('a tile object with an unknown gid', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 2, 'objects', 5, 'gid'], 77));
    expect(e).toBe(
      'Object "Goblin 1" (id 6) in layer "Units" shows tile id 77, but the map\'s tilesets only have ids 1-16. Replace the object in Tiled.',
    );
  });
  it('overlapping tilesets', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        const second = copy(j, ['tilesets', 0]);
        second.name = 'more';
        second.firstgid = 10;
        list(j, ['tilesets']).push(second);
      }),
    );
    expect(e).toBe(
      'Tileset "more" starts at tile id 10, inside Tileset "dungeon" (ids 1-16). Save the map again from Tiled.',
    );
  });
  it('a broken tileset names it', () => {
    const e = err(loadWith('small-csv.tmj', ['tilesets', 0, 'tilecount'], -3));
    expect(e).toBe(
      'In tileset "dungeon", the "tilecount" should be at least 0 but is -3. Fix it in Tiled and save again.',
    );
  });
  it('an external tileset that is really a map', () => {
    const e = err(
      loadChanged('external.tmj', () => undefined, {
        externalTilesets: {
          'tiles/external.tsj': readFileSync(join(MAPS, 'dungeon-crawl.tmj'), 'utf8'),
        },
      }),
    );
    expect(e).toBe(
      'Tileset file "tiles/external.tsj" is a map, not a tileset. Give the tileset\'s own file (.tsx or .tsj) instead.',
    );
  });
  it('an external tileset that is neither JSON nor XML, or is a broken .tsx', () => {
    const notJson = err(
      loadChanged('external.tmj', () => undefined, {
        externalTilesets: { 'external.tsj': 'tileset: yes' },
      }),
    );
    expect(notJson).toContain('Tileset file "tiles/external.tsj" is neither valid JSON nor XML');
    const emptyTsx = err(
      loadChanged('external.tmj', () => undefined, {
        externalTilesets: { 'external.tsj': '<tileset/>' },
      }),
    );
    expect(emptyTsx).toBe(
      'In tileset file "tiles/external.tsj", the "tilewidth" is missing. Fix it in Tiled and save again.',
    );
  });
});

describe('unsafe keys', () => {
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    it(`rejects a "${key}" key anywhere`, () => {
      const text = JSON.stringify(fixtureJson('small-csv.tmj')).replace(
        '"name":"Dragon"',
        `"name":"Dragon","${key}":{"polluted":true}`,
      );
      const e = err(loadTiledMap(text, { id: 't' }));
      expect(e).toContain(`contains the key "${key}" at layers[2].objects[4]`);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }
  it('ignores a property named __proto__ with a warning', () => {
    const m = ok(loadCellarWithMapProperty({ name: '__proto__', type: 'string', value: 'x' }));
    expect(Object.getPrototypeOf(m.battleMap.properties)).toBe(Object.prototype);
    expect(m.warnings.join(' ')).toContain('property "__proto__" is not allowed');
  });
});

describe('objects and units', () => {
  it('an object outside the map', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 2, 'objects', 5, 'x'], 9 * 32));
    expect(e).toBe(
      'Object "Goblin 1" (id 6) in layer "Units" is outside the map: it is at square 9,2, but the map is 8 x 8 squares (x 0-7, y 0-7). Move it onto the map in Tiled.',
    );
  });
  it('an area partly outside the map', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects']).push({
          id: 30,
          name: 'Goal',
          type: 'objective',
          x: 192,
          y: 0,
          width: 96,
          height: 32,
        });
      }),
    );
    expect(e).toContain('is outside the map: it is at squares 6,0 to 8,0');
  });
  it('an object with a broken coordinate', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 2, 'objects', 1, 'x'], null));
    expect(e).toBe(
      'In object "Magic User" (id 2) in layer "Units", the "x" should be a number but is null. Fix it in Tiled and save again.',
    );
  });
  it('an enemy on a wall', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 2, 'objects', 5, 'x'], 2 * 32 + 5));
    expect(e).toBe(
      'Object "Goblin 1" (id 6) in layer "Units" (an enemy goblin) stands on a wall at 2,2. Move it to a floor square.',
    );
  });
  it('an enemy on an unpainted square', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 0, 'data', 2 * 8 + 5], 0));
    expect(e).toContain('stands on an unpainted square (outside the dungeon) at 5,2');
  });
  it('a hero on a wall', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 2, 'objects', 0, 'y'], 7 * 32 + 4));
    expect(e).toBe(
      'Object "Fighting Man" (id 1) in layer "Units" (a hero start) is on a wall at 1,7. Move it to a floor square.',
    );
  });
  it('too few hero starts: the rest of the party stands on the nearest free squares', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => void list(j, ['layers', 2, 'objects']).splice(2, 2)),
    );
    expect(heroList(m.battleMap)).toEqual([
      'hero:-@1,5',
      'hero:-@2,5',
      'hero:fighting-man@1,6',
      'hero:magic-user@2,6',
    ]);
    expect(m.warnings).toContain(
      'The map has hero starts for 2 of the 4 heroes; the others start on the nearest free squares (1,5; 2,5).',
    );
  });
  it('no room for the heroes', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects']).splice(1, 3);
        const walls = nums(j, ['layers', 1, 'data']);
        for (const [x, y] of [
          [1, 5],
          [2, 5],
          [2, 6],
        ])
          walls[y * 8 + x] = 4;
      }),
    );
    expect(e).toBe(
      'The map has room for only 1 hero (free floor connected to the hero starts), but the party has 4. Add hero objects on a larger open area, or open up the floor around them.',
    );
  });
  it('a hero start rectangle gives room for several heroes', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects']).splice(0, 4, {
          id: 1,
          name: 'Start',
          type: 'hero',
          x: 32,
          y: 160,
          width: 64,
          height: 64,
        });
      }),
    );
    expect(m.battleMap.objects[0]).toMatchObject({ kind: 'hero', x: 1, y: 5, width: 2, height: 2 });
  });
  it('not enough floor for the default setup', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers']).splice(2, 1);
        put(
          j,
          ['layers', 1, 'data'],
          nums(j, ['layers', 1, 'data']).map((g, i) => (i % 8 > 2 ? 4 : g)),
        );
      }),
    );
    expect(e).toMatch(
      /^There is no room for the default setup: it needs 13 free floor squares joined together \(4 heroes, 9 enemies\), but the largest open area has \d+\./,
    );
  });
  it('two units on one square', () => {
    const e = err(loadWith('small-csv.tmj', ['layers', 2, 'objects', 6, 'x'], 5 * 32 + 16));
    expect(e).toBe(
      'Object "Goblin 2" (id 7) in layer "Units" and Object "Goblin 1" (id 6) in layer "Units" are both on square 5,2. Move one of them.',
    );
  });
  it('the Arch Foe cut off from the heroes', () => {
    const e = err(loadFixture('bad-unreachable.tmj', { id: 'bad' }));
    expect(e).toBe(
      'The Arch Foe, object "Dragon" (id 5) in layer "Units", at 6,1 cannot be reached from the heroes\' start squares: walls or pits cut it off. Open a path of floor between them (a closed door tile counts as a wall; use the open door tile).',
    );
  });
  it('no diagonal squeeze between two wall corners', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        // A wall line from 4,1 down to 4,3 then 5,4 to 6,4 (with 5,3 and 4,4 walls only diagonally touching).
        for (const i of [1 * 8 + 4, 2 * 8 + 4, 3 * 8 + 4, 4 * 8 + 5, 4 * 8 + 6])
          put(j, ['layers', 1, 'data', i], 4);
        put(j, ['layers', 1, 'data', 4 * 8 + 4], 0);
        put(j, ['layers', 1, 'data', 3 * 8 + 5], 0);
      }),
    );
    expect(e).toContain('cannot be reached');
  });
  it('two Arch Foes', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects', 5, 'properties']).push({
          name: 'archFoe',
          type: 'bool',
          value: true,
        });
      }),
    );
    expect(e).toBe(
      'Object "Dragon" (id 5) in layer "Units" and Object "Goblin 1" (id 6) in layer "Units" are both marked archFoe; a map has one Arch Foe. Untick archFoe on all but one.',
    );
  });
  it('an unknown unit kind lists the known ones', () => {
    const e = err(
      loadWith('small-csv.tmj', ['layers', 2, 'objects', 5, 'properties', 0, 'value'], 'orc'),
    );
    expect(e).toBe(
      'Object "Goblin 1" (id 6) in layer "Units" has unit "orc", which the game does not know; use one of dragon, troll, goblin.',
    );
  });
  it("an enemy with no unit and no telling name is the rule module's default kind", () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(j, ['layers', 2, 'objects', 5, 'properties'], []);
        put(j, ['layers', 2, 'objects', 5, 'name'], 'Monster');
      }),
    );
    expect(unitList(m.battleMap)).toContain('enemy:goblin@5,2');
    expect(m.warnings).toContain(
      '1 enemy names no "unit", so it is a goblin (the default of the dungeon-crawl rules): Object "Monster" (id 6) in layer "Units". Add a string property unit = dragon, troll, goblin to choose.',
    );
  });
  it('a hero with a monster unit', () => {
    const e = err(
      loadWith('small-csv.tmj', ['layers', 2, 'objects', 0, 'properties', 0, 'value'], 'troll'),
    );
    expect(e).toBe(
      'Object "Fighting Man" (id 1) in layer "Units" has unit "troll", which is not a hero; use one of fighting-man, magic-user, thief, priest or leave it out.',
    );
  });
  it('a bad facing', () => {
    const e = err(
      loadWith('small-csv.tmj', ['layers', 2, 'objects', 4, 'properties', 2, 'value'], 'up'),
    );
    expect(e).toContain('the property "facing" is "up"; use north, north-east');
  });
  it('a bool property holding text', () => {
    const e = err(
      loadWith('small-csv.tmj', ['layers', 2, 'objects', 4, 'properties', 1, 'value'], 'yes'),
    );
    expect(e).toBe(
      'Object "Dragon" (id 5) in layer "Units": the bool property "archFoe" has the value "yes"; use true or false.',
    );
  });
  it('a bad lair roll', () => {
    const e = err(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects']).push({
          id: 20,
          name: 'Lair',
          type: 'lair',
          point: true,
          x: 100,
          y: 100,
          properties: [{ name: 'roll', type: 'string', value: '7-9' }],
        });
      }),
    );
    expect(e).toBe(
      'Object "Lair" (id 20) in layer "Units" has roll "7-9"; use a d6 range such as "1-2", "3-4" or "5".',
    );
  });
  it('lairRoll without lairs', () => {
    const e = err(loadCellarWithMapProperty({ name: 'lairRoll', type: 'bool', value: true }));
    expect(e).toContain('The map property "lairRoll" is true but the map has no lair objects');
  });
});

describe('scenario properties', () => {
  it('an unknown victory condition', () => {
    const e = err(loadCellarWithMapProperty({ name: 'victory', type: 'string', value: 'win' }));
    expect(e).toBe(
      'The map property "victory" is "win"; use one of arch-foe, all-enemies, minions, hold, defeat-count, carry-object.',
    );
  });
  it('hold without an objective', () => {
    const e = err(loadCellarWithMapProperty({ name: 'victory', type: 'string', value: 'hold' }));
    expect(e).toBe(
      'The map\'s victory is "hold" but it has no objective object. Draw an objective rectangle where the heroes must go.',
    );
  });
  it('an unknown rule module only warns', () => {
    const m = ok(loadCellarWithMapProperty({ name: 'ruleModule', type: 'string', value: 'chess' }));
    expect(m.battleMap.properties.ruleModule).toBe('chess');
    expect(m.warnings.join(' ')).toContain('"chess"');
    expect(m.summary).toContain(
      'Rules: dungeon-crawl (Solo Miniatures: Dungeon Crawl), as the map\'s "chess" is not installed',
    );
  });
  it("a map's unit kinds are checked against the rule module it names", () => {
    // The cellar's figures are Dungeon Crawl kinds; under the Duel (a test module) they
    // are not known, and the message names the Duel's own kinds.
    registerDuel();
    const e = err(loadCellarWithMapProperty({ name: 'ruleModule', type: 'string', value: 'duel' }));
    expect(e).toMatch(/"fighting-man", which is not a hero; use one of duellist or leave it out/);
  });
  it('holdTurns out of range', () => {
    const e = err(loadCellarWithMapProperty({ name: 'holdTurns', type: 'int', value: 0 }));
    expect(e).toBe('The map\'s property "holdTurns" is 0; use a whole number from 1 to 99.');
  });
  it('a property whose value does not match its type', () => {
    const e = err(loadCellarWithMapProperty({ name: 'holdTurns', type: 'int', value: 'two' }));
    expect(e).toBe('The map\'s int property "holdTurns" has the value "two"; use a number.');
  });
  it('class-typed properties are skipped with a warning', () => {
    const m = ok(
      loadCellarWithMapProperty({
        name: 'loot',
        type: 'class',
        propertytype: 'Loot',
        value: { gold: 5 },
      }),
    );
    expect(m.warnings.join(' ')).toContain('property "loot" has type "class"');
  });
});
