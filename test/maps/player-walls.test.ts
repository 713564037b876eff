/**
 * A player's map whose walls carry no data (issue 29, bug 3): what the loader reads by
 * itself (a layer named like walls, tiles painted over a floor layer), what it says when it
 * can read nothing (the one-layer dungeon of the Phaser tilemap posts' kind), and the
 * player's own marks (a kind of tile made wall, floor or cover), which the placement follows.
 */
import { describe, expect, it } from 'vitest';
import { isTerrainPassable } from '../../src/engine/map';
import {
  loadTiledMap,
  nextTileMark,
  readTileMarks,
  withTileMark,
  type LoadedMap,
  type TileMarks,
} from '../../src/maps';
import { loadOwnMap } from '../../src/maps/own-map';
import { fixtureText, ok, terrainRows } from './helpers';

const DUNGEON = 'dungeon-one-layer/dungeon.tmx';
/** The fixture's tile ids: floor, cracked floor, wall, pillar. */
const FLOOR = 1;
const CRACKED = 2;
const WALL = 3;
const PILLAR = 5;

/** The one-layer dungeon as a player's own map (its image given, as My maps gives it). */
function dungeon(tileMarks?: TileMarks): LoadedMap {
  const loaded = loadOwnMap({
    fileName: 'dungeon.tmx',
    text: fixtureText(DUNGEON),
    files: {},
    images: { 'dungeon.png': { width: 64, height: 32, key: 'own:test:dungeon.png' } },
    tileMarks,
  });
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.map;
}

/** Every figure's start square is one a figure can stand on. */
function figuresOnOpenSquares(m: LoadedMap): string[] {
  const b = m.battleMap;
  return b.objects
    .filter((o) => o.kind === 'hero' || o.kind === 'enemy')
    .filter((o) => !isTerrainPassable(b.terrain[o.y * b.width + o.x]))
    .map((o) => `${o.kind} ${o.name} at ${o.x},${o.y} on ${b.terrain[o.y * b.width + o.x]}`);
}

/**
 * A small Tiled JSON map: an 8 x 8 embedded tileset (no properties) and one tile layer per
 * entry of `layers`, each rows of letters: `.` floor (gid 1), `#` gid 3, `o` gid 5, space empty.
 */
function jsonMap(layers: { name: string; rows: string[] }[]): string {
  const gid: Record<string, number> = { '.': 1, '#': 3, o: 5, ' ': 0 };
  return JSON.stringify({
    type: 'map',
    version: '1.10',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    width: 8,
    height: 8,
    tilewidth: 16,
    tileheight: 16,
    infinite: false,
    nextlayerid: layers.length + 1,
    nextobjectid: 1,
    tilesets: [
      {
        firstgid: 1,
        name: 'plain',
        tilewidth: 16,
        tileheight: 16,
        tilecount: 8,
        columns: 4,
        image: 'plain.png',
        imagewidth: 64,
        imageheight: 32,
      },
    ],
    layers: layers.map((l, i) => ({
      type: 'tilelayer',
      id: i + 1,
      name: l.name,
      width: 8,
      height: 8,
      x: 0,
      y: 0,
      opacity: 1,
      visible: true,
      data: Array.from({ length: 8 }, (_, y) => l.rows[y] ?? '').flatMap((r) =>
        [...r.padEnd(8, ' ')].map((c) => gid[c]),
      ),
    })),
  });
}

const GROUND = Array.from({ length: 8 }, () => '........');
const RING = [
  '########',
  '#      #',
  '#  ##  #',
  '#      #',
  '#      #',
  '#      #',
  '#      #',
  '########',
];
const RING_ROWS = [
  '########',
  '#......#',
  '#..##..#',
  '#......#',
  '#......#',
  '#......#',
  '#......#',
  '########',
];

describe('what can be read: a layer named like walls', () => {
  it.each(['Walls', 'wall', 'COLLISION', 'Obstacles', 'blocked', 'Solid'])(
    'a layer named "%s" makes its painted tiles walls',
    (name) => {
      const m = ok(
        loadTiledMap(
          jsonMap([
            { name: 'Ground', rows: GROUND },
            { name, rows: RING },
          ]),
          { id: 'm' },
        ),
      );
      expect(terrainRows(m.battleMap)).toEqual(RING_ROWS);
      expect(m.summary).toContain('Walls read from layers named like walls (30 squares)');
      expect(m.wallsUnknown).toBe(false);
    },
  );
});

describe('what can be read: tiles painted over a floor layer', () => {
  it('a second layer above the ground, with nothing else said, is read as walls', () => {
    const m = ok(
      loadTiledMap(
        jsonMap([
          { name: 'Ground', rows: GROUND },
          { name: 'Tile Layer 2', rows: RING },
        ]),
        { id: 'm' },
      ),
    );
    expect(terrainRows(m.battleMap)).toEqual(RING_ROWS);
    expect(m.summary).toContain(
      'Walls read from tiles painted over the floor layer "Ground" (30 squares)',
    );
    expect(m.wallsUnknown).toBe(false);
    expect(m.warnings.join('\n')).not.toContain('says which tiles are walls');
    // The built-in tiles drawn for it (no images came) show those walls too.
    const upper = m.tiled.layers[1];
    expect(upper.type === 'tilelayer' && upper.data[0]).not.toBe(
      m.tiled.layers[0].type === 'tilelayer' && m.tiled.layers[0].data[9],
    );
  });

  it('what the map says comes first: a "collides" layer property, and no over-floor reading', () => {
    const text = JSON.parse(
      jsonMap([
        { name: 'Ground', rows: GROUND },
        { name: 'Decor', rows: ['  o     '] },
        { name: 'Blocks', rows: RING },
      ]),
    ) as { layers: { properties?: unknown[] }[] };
    text.layers[2].properties = [{ name: 'collides', type: 'bool', value: true }];
    const m = ok(loadTiledMap(JSON.stringify(text), { id: 'm' }));
    // The decoration (o at 2,0) lies on a wall square of the ring: the walls stay walls,
    // and nothing of the decoration layer is read as a wall by itself.
    expect(terrainRows(m.battleMap)).toEqual(RING_ROWS);
    expect(m.summary).toContain('Walls read from the layer property "collides" (30 squares)');
    expect(m.summary).not.toContain('over the floor layer');
  });

  it('is not used where it would leave almost no floor (the upper layer is the dungeon itself)', () => {
    const m = ok(
      loadTiledMap(
        jsonMap([
          { name: 'Backdrop', rows: GROUND },
          { name: 'Dungeon', rows: GROUND.map((r, y) => (y === 0 ? '########' : r)) },
        ]),
        { id: 'm' },
      ),
    );
    expect(m.battleMap.terrain.every((t) => t === 'floor')).toBe(true);
    expect(m.wallsUnknown).toBe(true);
    expect(m.warnings[0]).toContain(
      'Reading the tiles over the floor layer "Backdrop" as walls would leave almost no floor',
    );
  });
});

describe('a one-layer dungeon whose walls carry no data', () => {
  it('plays as open floor, and the first note says so plainly, with what to do', () => {
    const m = dungeon();
    expect(m.battleMap.terrain.every((t) => t === 'floor')).toBe(true);
    expect(m.wallsUnknown).toBe(true);
    expect(m.warnings[0]).toBe(
      'Nothing in this map says which tiles are walls (no "terrain" or "collides" property, no collision shapes, no layer named walls), so the whole map is open floor. ' +
        "On the Setup screen, click a wall in the map's picture to make every tile of that kind a wall (click again for floor, then cover). " +
        'Or mark the walls in Tiled as "Maps from elsewhere" in the map guide says, e.g. a bool property collides = true on the wall tiles.',
    );
    // The tile each square shows, for the picture's clicks.
    expect(m.squareTiles.slice(0, 3)).toEqual([WALL, WALL, WALL]);
    expect(m.squareTiles[1 * 14 + 1]).toBe(FLOOR);
    expect(m.squareTiles[2 * 14 + 3]).toBe(CRACKED);
  });

  it('a wall marked by its tile id makes every square of that tile a wall; placement follows', () => {
    const before = dungeon();
    // Unmarked, the default setup stands figures on what the picture shows as walls.
    const onDrawnWalls = before.battleMap.objects.filter(
      (o) => before.squareTiles[o.y * 14 + o.x] === WALL,
    );
    expect(onDrawnWalls.length).toBeGreaterThan(0);

    const m = dungeon(withTileMark(undefined, WALL, 'wall'));
    expect(terrainRows(m.battleMap)).toEqual([
      '##############',
      '#............#',
      '#............#',
      '#....####....#',
      '#............#',
      '#............#',
      '#............#',
      '#............#',
      '#............#',
      '##############',
    ]);
    expect(m.wallsUnknown).toBe(false);
    expect(m.warnings.join('\n')).not.toContain('says which tiles are walls');
    expect(m.summary).toContain('Walls read from your marks on the Setup screen (48 squares)');
    expect(figuresOnOpenSquares(m)).toEqual([]);
    expect(m.battleMap.objects.filter((o) => o.kind === 'hero').length).toBeGreaterThan(0);
  });

  it('cover and floor marks: the pillars give cover, a floor mark undoes a wall', () => {
    const marks: TileMarks = { [WALL]: 'wall', [PILLAR]: 'cover' };
    const m = dungeon(marks);
    const b = m.battleMap;
    const at = (x: number, y: number): number => y * b.width + x;
    expect(b.terrain[at(3, 6)]).toBe('floor');
    expect(b.cover[at(3, 6)]).toBe('partial');
    expect(b.blocksSight[at(3, 6)]).toBe(false);
    expect(b.cover.filter((c) => c === 'partial')).toHaveLength(2);
    const undone = dungeon({ ...marks, [WALL]: 'floor' });
    expect(undone.battleMap.terrain.every((t) => t === 'floor')).toBe(true);
  });

  it("a mark over a map's own figure is refused in plain words", () => {
    const text = fixtureText(DUNGEON).replace(
      '</map>',
      ' <objectgroup id="2" name="Units">\n' +
        '  <object id="1" name="Hero" type="hero" x="24" y="24" width="16" height="16"/>\n' +
        '  <object id="2" name="Troll" type="enemy" x="168" y="120" width="16" height="16"><properties><property name="unit" value="troll"/></properties></object>\n' +
        ' </objectgroup>\n</map>',
    );
    const source = { fileName: 'dungeon.tmx', text, files: {} };
    const fine = loadOwnMap({ ...source, tileMarks: { [WALL]: 'wall' } });
    expect(fine.ok ? '' : fine.error).toBe('');
    const refused = loadOwnMap({ ...source, tileMarks: { [FLOOR]: 'wall' } });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/stands on a wall|is on a wall/);
  });
});

describe('the marks as kept in My maps', () => {
  it('a click steps wall, floor, cover, then wall again', () => {
    expect(nextTileMark(undefined)).toBe('wall');
    expect(nextTileMark('wall')).toBe('floor');
    expect(nextTileMark('floor')).toBe('cover');
    expect(nextTileMark('cover')).toBe('wall');
  });

  it('a record kept before marks reads as none; junk in a record is left out', () => {
    expect(readTileMarks(undefined)).toEqual({});
    expect(readTileMarks(null)).toEqual({});
    expect(readTileMarks(['wall'])).toEqual({});
    expect(
      readTileMarks({ '3': 'wall', '5': 'cover', '0': 'wall', x: 'wall', '7': 'lava', '9': 1 }),
    ).toEqual({ '3': 'wall', '5': 'cover' });
    const proto = JSON.parse('{"__proto__": "wall", "4": "floor"}') as unknown;
    expect(readTileMarks(proto)).toEqual({ '4': 'floor' });
    expect(withTileMark({ '3': 'wall' }, 5, 'cover')).toEqual({ '3': 'wall', '5': 'cover' });
  });
});

describe('the marks travel with a map a campaign carries', () => {
  it('copied from My maps into a campaign, and read back as the loader takes them', async () => {
    const { carriedMap, campaignMapSource } = await import('../../src/maps/campaign-maps');
    const source = { fileName: 'dungeon.tmx', text: fixtureText(DUNGEON), files: {} };
    const carried = carriedMap({ ...source, tileMarks: { [WALL]: 'wall' } });
    expect(carried.tileMarks).toEqual({ [WALL]: 'wall' });
    const back = campaignMapSource(carried);
    expect(back.tileMarks).toEqual({ [WALL]: 'wall' });
    const loaded = loadOwnMap(back);
    expect(loaded.ok && loaded.map.battleMap.terrain.filter((t) => t === 'wall')).toHaveLength(48);
    // A map without marks carries none.
    expect(carriedMap(source).tileMarks).toBeUndefined();
  });
});
