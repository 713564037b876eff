/**
 * Maps from elsewhere (issue 13, points 1-7): Tiled XML maps, tilesets and templates, other
 * games' wall and object conventions, old JSON, missing tilesets and plainer messages.
 * Every fixture in test/fixtures/maps/elsewhere/ is one small map saved twice, as Tiled's
 * XML (.tmx) and as its JSON export (.tmj): both must give the same battle map.
 */
import { describe, expect, it } from 'vitest';
import { loadTiledMap, type LoadedMap, type MapLoadResult } from '../../src/maps';
import {
  CELLAR,
  err,
  fixtureText,
  heroList,
  loadFromPack,
  ok,
  terrainRows,
  unitList,
} from './helpers';

const dir = 'elsewhere/';
const text = (name: string): string => fixtureText(`${dir}${name}`);

/** The tileset and template files each format's map comes with. */
const XML_FILES = (): Record<string, string> => ({
  'tiles/cave.tsx': text('tiles/cave.tsx'),
  'templates/troll.tx': text('templates/troll.tx'),
});
/** The JSON maps name `tiles/cave.tsx` (as Tiled keeps it); only the .tsj is given. */
const JSON_FILES = (): Record<string, string> => ({
  'cave.tsj': text('tiles/cave.tsj'),
  'templates/troll.tj': text('templates/troll.tj'),
});

function load(name: string, files: Record<string, string>, id = 'm'): MapLoadResult {
  return loadTiledMap(text(name), { id, externalTilesets: files, externalTemplates: files });
}

/** Loads `name`.tmx and `name`.tmj, checks they give the same map, returns the TMX one. */
function pair(name: string): LoadedMap {
  const xml = ok(load(`${name}.tmx`, XML_FILES()));
  const json = ok(load(`${name}.tmj`, JSON_FILES()));
  expect(xml.battleMap).toEqual(json.battleMap);
  expect(xml.summary).toEqual(json.summary);
  expect(xml.tiled.layers).toEqual(json.tiled.layers);
  // Warnings name the tileset file each format was given; otherwise they are the same.
  const same = (w: string[]): string[] =>
    w.map((s) => s.replace(/Tileset file "[^"]*"( \(for "[^"]*"\))?/g, 'Tileset file'));
  expect(same(xml.warnings)).toEqual(same(json.warnings));
  return xml;
}

describe('Tiled XML (.tmx, .tsx, .tx) loads to the same battle map as its JSON export', () => {
  it.each([
    ['phaser-cave', 'CSV, external .tsx tileset, properties of every type on the map'],
    ['collision-shapes', 'Base64 (zlib), embedded tileset with collision shapes, a group'],
    ['solid-layer', 'Base64 (gzip)'],
    ['named-walls', 'Base64 (uncompressed)'],
    ['no-walls', 'XML <tile> elements'],
    ['rich', 'Base64 (zstd), every object shape and property type, .tx / .tj templates'],
    ['infinite', 'an infinite map with CSV chunks at negative coordinates'],
  ])('%s (%s)', (name) => {
    const m = pair(name);
    expect(terrainRows(m.battleMap)).toEqual(
      name === 'no-walls' ? CELLAR.map(() => '........') : CELLAR,
    );
  });

  it('reads object shapes, tile objects, templates and properties of every type', () => {
    const m = pair('rich');
    const b = m.battleMap;
    expect(b.name).toBe('Rich Cellar');
    expect(b.properties).toMatchObject({ victory: 'hold', lairRoll: true, moraleOptional: true });
    const at = (name: string): unknown => {
      const o = b.objects.find((x) => x.name === name);
      return o && { kind: o.kind, x: o.x, y: o.y, w: o.width, h: o.height };
    };
    // A tile object is anchored at its bottom-left corner.
    expect(at('Fighting Man')).toEqual({ kind: 'hero', x: 1, y: 6, w: 1, h: 1 });
    expect(at('Party')).toEqual({ kind: 'hero', x: 1, y: 5, w: 2, h: 1 });
    expect(at('Dragon')).toEqual({ kind: 'enemy', x: 6, y: 1, w: 1, h: 1 });
    // A polygon and a polyline count by their bounding box (one square for a lair or door).
    expect(at('Lair')).toEqual({ kind: 'lair', x: 5, y: 5, w: 1, h: 1 });
    expect(at('Gate')).toEqual({ kind: 'door', x: 4, y: 1, w: 1, h: 1 });
    expect(at('Chest')).toEqual({ kind: 'objective', x: 3, y: 3, w: 2, h: 1 });
    expect(at('Way out')).toEqual({ kind: 'exit', x: 6, y: 6, w: 1, h: 1 });
    // Both template instances are trolls; the second keeps its own facing.
    const trolls = b.objects.filter((o) => o.properties.unit === 'troll');
    expect(trolls.map((t) => [t.x, t.y, t.facing])).toEqual([
      [5, 2, undefined],
      [6, 4, 2],
    ]);
    expect(b.objects.find((o) => o.name === 'Dragon')?.facing).toBe(5);
    expect(b.objects.find((o) => o.name === 'Fighting Man')?.properties).toEqual({
      unit: 'fighting-man',
      note: 'a "quoted" <note>',
      count: 7,
      weight: 2.5,
      brave: false,
      banner: '#ff00ff00',
      portrait: '../art/fighter.png',
      friend: 3,
    });
    expect(m.warnings.join('\n')).toContain(
      'the property "stats" has type "class", which the game ignores',
    );
    // The text object is a label: no warning about it.
    expect(m.warnings.join('\n')).not.toContain('Label');
  });

  it('reads multi-line string properties and XML entities', () => {
    const m = pair('phaser-cave');
    expect(m.battleMap.name).toBe('Phaser Cave');
    expect(m.battleMap.description).toBe('Line one\nline two & more');
    expect(m.battleMap.properties).toMatchObject({
      difficulty: 3,
      gravity: 0.5,
      dark: true,
      tint: '#ff336699',
      music: 'music/cave.ogg',
      boss: 2,
    });
  });

  it('cuts an infinite map to its painted area; objects move with it', () => {
    const m = pair('infinite');
    expect(m.summary).toContain('Infinite map: cut to its painted area, starting at tile -4,-4');
    expect(unitList(m.battleMap)).toContain('enemy:troll@6,1');
    expect(m.battleMap.objects.find((o) => o.name === 'Start')).toMatchObject({ x: 1, y: 5 });
  });
});

describe('external tilesets: base names across formats and relative paths', () => {
  it('a JSON map naming cave.tsx finds the cave.tsj that came with it, and the other way round', () => {
    const tmj = text('phaser-cave.tmj');
    expect(tmj).toContain('"source": "tiles/cave.tsx"');
    ok(loadTiledMap(tmj, { id: 'm', externalTilesets: { 'cave.tsj': text('tiles/cave.tsj') } }));
    const tmx = text('phaser-cave.tmx').replace('tiles/cave.tsx', 'tiles/cave.tsj');
    ok(loadTiledMap(tmx, { id: 'm', externalTilesets: { 'cave.TSX': text('tiles/cave.tsx') } }));
  });

  it('resolves ../ paths against where the map lies among the files of a pack', () => {
    const files = {
      'maps/level.tmx': text('pack/maps/level.tmx'),
      'tilesets/cave.tsj': text('tiles/cave.tsj'),
      'other/cave.tsj': '{"broken": ',
      'templates/troll.tx': text('templates/troll.tx'),
    };
    expect(unitList(loadFromPack(files, 'maps/level.tmx').battleMap)).toContain('enemy:troll@6,2');
  });
});

describe('walls drawn the way other games mark them, with the convention named', () => {
  it.each([
    ['phaser-cave', `the "collides" tile property (the Phaser tutorials' convention) (31 squares)`],
    ['collision-shapes', "collision shapes drawn on tiles (Tiled's collision editor) (31 squares)"],
    ['solid-layer', 'the layer property "solid" (31 squares)'],
    ['named-walls', 'layers named like walls (31 squares)'],
  ])('%s', (name, how) => {
    const m = pair(name);
    expect(m.summary).toContain(`  Walls read from ${how}`);
    expect(m.summary.match(/Walls read from/g)).toHaveLength(1);
    expect(m.warnings.join('\n')).not.toContain('says which tiles are walls');
  });

  it('a tile marked collides = false and a terrain property are not walls by convention', () => {
    const tmx = text('phaser-cave.tmx')
      .replace(/^2,/m, '4,')
      .replace(/\n2,0,0/, '\n7,0,0');
    const m = ok(loadTiledMap(tmx, { id: 'm', externalTilesets: XML_FILES() }));
    // Tile 3 (gid 4) has collides = false: floor. Tile 6 (gid 7) has terrain = water.
    expect(terrainRows(m.battleMap)[0][0]).toBe('.');
    expect(terrainRows(m.battleMap)[1][0]).toBe('~');
  });

  it('says so when a map has no wall information at all', () => {
    const m = pair('no-walls');
    // The first note: the one that matters most, with what to do on the Setup screen.
    expect(m.warnings[0]).toBe(
      'Nothing in this map says which tiles are walls (no "terrain" or "collides" property, no collision shapes, no layer named walls), so the whole map is open floor. ' +
        "On the Setup screen, click a wall in the map's picture to make every tile of that kind a wall (click again for floor, then cover). " +
        'Or mark the walls in Tiled as "Maps from elsewhere" in the map guide says, e.g. a bool property collides = true on the wall tiles.',
    );
    expect(m.summary).not.toContain('Walls read from');
  });
});

describe('a missing external tileset', () => {
  it('that no tile uses: a warning, and the map plays', () => {
    const m = pair('infinite');
    expect(m.warnings).toContain(
      'The map names the external tileset "tiles/props.tsx", which was not supplied; no tile uses it, so the map plays without it.',
    );
  });

  it('that painted tiles need: refused, naming the layer and the tile', () => {
    const tmx = text('infinite.tmx').replace(
      '<chunk x="0" y="0" width="16" height="16">\n2,',
      '<chunk x="0" y="0" width="16" height="16">\n9,',
    );
    expect(err(loadTiledMap(tmx, { id: 'm', externalTilesets: XML_FILES() }))).toBe(
      'Layer "Walls": the tile at x 0, y 0 (id 9) comes from the external tileset "tiles/props.tsx", which was not supplied. Load that tileset file (.tsx or .tsj) together with the map, or embed it in Tiled with Map > Embed Tilesets.',
    );
    expect(err(loadTiledMap(text('phaser-cave.tmx'), { id: 'm' }))).toContain(
      'Layer "Below Player": the tile at x 0, y 0 (id 1) comes from the external tileset "tiles/cave.tsx", which was not supplied.',
    );
  });
});

describe('old Tiled JSON', () => {
  it('before 1.2 (properties as objects, tileproperties) reads like the current export', () => {
    const old = ok(load('old-1.1.json', {}));
    const now = ok(load('solid-layer.tmj', {}));
    expect(old.battleMap).toEqual(now.battleMap);
    expect(old.warnings[0]).toBe(
      'The map was saved by an old Tiled (before 1.2); the game read it the way Phaser does. Open and save it in a current Tiled to be sure.',
    );
  });

  it('before 1.0 (camel-case keys such as tileWidth, no tilecount) reads too', () => {
    const old = ok(load('old-0.x.json', {}));
    const now = ok(load('named-walls.tmj', {}));
    expect(old.battleMap).toEqual(now.battleMap);
    expect(old.summary).toContain('Walls read from layers named like walls');
  });
});

describe('objects from other games', () => {
  it('one Spawn Point: the party stands on the nearest free squares', () => {
    const m = pair('phaser-cave');
    expect(heroList(m.battleMap)).toEqual(['hero:-@1,5', 'hero:-@1,6', 'hero:-@2,5', 'hero:-@2,6']);
    expect(m.warnings).toContain(
      'The map has hero starts for 1 of the 4 heroes; the others start on the nearest free squares (1,5; 2,5; 2,6).',
    );
  });

  it("an Enemy without a unit is the rule module's default kind (or what its name says)", () => {
    const m = pair('phaser-cave');
    expect(unitList(m.battleMap).filter((u) => u.startsWith('enemy'))).toEqual([
      'enemy:goblin@6,2',
      'enemy:troll@5,2',
    ]);
    expect(m.warnings).toContain(
      '1 enemy names no "unit", so it is a goblin (the default of the dungeon-crawl rules): Object "Slime" (id 3) in layer "Objects". Add a string property unit = dragon, troll, goblin to choose.',
    );
  });

  it('objects the game does not use, even outside the map: one grouped warning', () => {
    const m = pair('phaser-cave');
    const ignored = m.warnings.filter((w) => w.includes('does not use'));
    expect(ignored).toEqual([
      '4 objects the game does not use were ignored: class "Coin" (3), class "Camera" (1); 1 of them outside the map. First: Object "Coin" (id 4) in layer "Objects"; Object "Coin" (id 5) in layer "Objects"; Object "Coin" (id 6) in layer "Objects"... Known classes: hero, enemy, lair, objective, exit, door (or player, start, spawn, monster...).',
    ]);
  });

  it('player / monster / mob names and classes map to heroes and enemies', () => {
    const m = pair('collision-shapes');
    expect(unitList(m.battleMap)).toEqual([
      'enemy:dragon@6,1',
      'enemy:goblin@5,2',
      'enemy:goblin@6,2',
      'hero:-@1,5',
      'hero:-@1,6',
      'hero:-@2,5',
      'hero:-@2,6',
    ]);
  });

  it('a map that names no start gets the default placement', () => {
    const tmx = text('collision-shapes.tmx').replace(
      /<object id="1" name="Player"[^]*?<\/object>\n/,
      '',
    );
    const m = ok(loadTiledMap(tmx, { id: 'm' }));
    expect(m.battleMap.objects.filter((o) => o.kind === 'hero')).toHaveLength(0);
    expect(m.warnings.join('\n')).toContain(
      'The map has no hero objects; the game places them by the default setup',
    );
    const none = pair('named-walls');
    expect(none.warnings.join('\n')).toContain('The map has no hero or enemy objects');
  });
});

describe('messages', () => {
  const withEmptyTileset = (): string =>
    text('named-walls.tmx').replace(
      '<layer id="1"',
      '<tileset firstgid="9" name="empty" tilewidth="16" tileheight="16" tilecount="0" columns="0"/>\n <layer id="1"',
    );

  it('a tileset with no tiles does not say "ids none"', () => {
    const tmx = withEmptyTileset().replace(/(encoding="base64">\n\s*)AQAAAA/, '$1FAAAAA');
    const e = err(loadTiledMap(tmx, { id: 'm' }));
    expect(e).toBe(
      'Layer "Floor": the tile at x 0, y 0 has id 20, but the map\'s tilesets only have ids 1-8 (tileset "empty" has no tiles). Erase that tile, or add its tileset back to the map in Tiled.',
    );
    expect(e).not.toContain('none');
  });

  it('schema problems read as plain sentences', () => {
    const tmx = text('named-walls.tmx').replace(
      'tilewidth="16" tileheight="16" infinite',
      'tilewidth="wide" tileheight="16" infinite',
    );
    expect(err(loadTiledMap(tmx, { id: 'm' }))).toBe(
      'In the map, the "tilewidth" should be a number but is "wide". Fix it in Tiled and save again.',
    );
    const prop = text('phaser-cave.tmx').replace(
      'name="difficulty" type="int" value="3"',
      'name="difficulty" type="int" value="three"',
    );
    expect(err(loadTiledMap(prop, { id: 'm', externalTilesets: XML_FILES() }))).toBe(
      'The map\'s int property "difficulty" has the value "three"; use a number.',
    );
  });

  it('near-identical warnings become one line with a count and the first places', () => {
    let tmx = text('named-walls.tmx');
    for (const name of ['Moss', 'Cracks', 'Bones', 'Blood', 'Dust']) {
      tmx = tmx.replace(
        '</map>',
        ` <layer id="9" name="${name}" width="8" height="8" visible="0"><data encoding="csv">${'1,'.repeat(63)}1</data></layer>\n</map>`,
      );
    }
    const m = ok(loadTiledMap(tmx, { id: 'm' }));
    const hidden = m.warnings.filter((w) => w.includes('hidden'));
    expect(hidden).toEqual([
      'Layer "Moss" is hidden in Tiled but still counts for the game\'s terrain; delete it if it should not. (The same for 4 more: "Cracks", "Bones", "Blood"...)',
    ]);
  });
});
