/**
 * Generated boards as Tiled maps: the writer's JSON loads back through loadTiledMap to the
 * same terrain, sight and cover (the round trip), for random battlefields of every shape
 * and the seed-001 sheet and chessboard; the outdoor tiles of the built-in tileset say what
 * their feature does; a sweep over seeds: every field loads and is one walkable area.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BATTLEFIELD_SHAPES,
  type BattlefieldShape,
} from '../../src/engine/rulesets/skirmish/battlefield';
import { FEATURE_EFFECTS, FEATURE_KINDS } from '../../src/engine/systems/boards';
import {
  BUILTIN_DUNGEON_TILECOUNT,
  BUILTIN_TILES,
  BUILTIN_TILESET,
  BUILTIN_TILESET_IMAGES,
  boardToTiled,
  boardToTiledText,
  generateBoard,
  loadTiledMap,
  regions,
  type BoardRequest,
} from '../../src/maps';
import { ok, ROOT } from './helpers';

/** Loads a generated board's Tiled text and checks it against the board. */
function roundTrip(request: BoardRequest): void {
  const board = generateBoard(request);
  const loaded = ok(loadTiledMap(boardToTiledText(board), { id: board.map.id }));
  const m = loaded.battleMap;
  expect([m.width, m.height]).toEqual([board.map.width, board.map.height]);
  expect(m.terrain).toEqual(board.map.terrain);
  expect(m.blocksSight).toEqual(board.map.blocksSight);
  expect(m.cover).toEqual(board.map.cover);
  expect(m.name).toBe(board.map.name);
  expect(m.objects.map((o) => `${o.kind} ${o.x},${o.y}`)).toEqual(
    board.map.objects.map((o) => `${o.kind} ${o.x},${o.y}`),
  );
  expect(m.properties).toMatchObject(board.map.properties);
  // Nothing to warn about but, on a board without figures, the default set-up.
  expect(loaded.warnings.filter((w) => !/default setup/.test(w))).toEqual([]);
  expect(loaded.tiled.tilesets).toHaveLength(1);
  expect(loaded.tiled.tilesets[0]).toMatchObject({
    image: 'assets/tiles/dungeon-tiles.png',
    tilecount: 40,
    imageheight: 160,
  });
}

describe('generated boards as Tiled maps', () => {
  it.each(Object.keys(BATTLEFIELD_SHAPES) as BattlefieldShape[])(
    'a %s battlefield loads back to the same terrain, sight and cover',
    (shape) => {
      for (const seed of [1, 2, 3]) {
        roundTrip({ kind: 'skirmish', seed, scale: BATTLEFIELD_SHAPES[shape].scale, shape });
      }
    },
  );

  it('the 8 x 10 sheet (with its hero set-up squares) and the chessboard load back the same', () => {
    for (const seed of [1, 2, 3]) {
      roundTrip({ kind: 'sheet', seed });
      roundTrip({ kind: 'chessboard', seed });
    }
  });

  it('writes the same text for the same seed, byte for byte', () => {
    const a = boardToTiledText(generateBoard({ kind: 'skirmish', seed: 77, scale: 'small' }));
    const b = boardToTiledText(generateBoard({ kind: 'skirmish', seed: 77, scale: 'small' }));
    expect(b).toBe(a);
    expect(JSON.parse(a)).toEqual(
      boardToTiled(generateBoard({ kind: 'skirmish', seed: 77, scale: 'small' })),
    );
    // One map row a line in the tile layers, as Tiled writes them.
    expect(
      a.split('\n').filter((l) => /^\s*("data": \[)?\d+(,\d+){23}\]?,?$/.test(l)),
    ).toHaveLength(48);
  });

  it('draws a skirmish field in grass and features, and the sheet in dungeon floor and walls', () => {
    const field = boardToTiled(generateBoard({ kind: 'skirmish', seed: 5, scale: 'small' }));
    const [ground, features] = (field.layers as { data: number[] }[]).map((l) => l.data);
    expect(new Set(ground.map((g) => BUILTIN_TILES[g - 1].name.split(' ')[0]))).toEqual(
      new Set(['grass']),
    );
    expect(features.some((g) => g > BUILTIN_DUNGEON_TILECOUNT)).toBe(true);
    const sheet = boardToTiled(generateBoard({ kind: 'sheet', seed: 5 }));
    const [floor, walls] = (sheet.layers as { data: number[] }[]).map((l) => l.data);
    expect(floor.every((g) => g >= 1 && g <= 3)).toBe(true);
    expect(walls.filter((g) => g !== 0).every((g) => g === 4 || g === 5)).toBe(true);
  });
});

describe('the built-in tileset with the outdoor tiles', () => {
  it('keeps the 16 dungeon tiles first and appends 24 outdoor tiles: 8 x 5 tiles of 32 pixels', () => {
    expect(BUILTIN_TILES).toHaveLength(BUILTIN_TILESET.tilecount);
    expect(BUILTIN_TILESET).toMatchObject({ columns: 8, imagewidth: 256, imageheight: 160 });
    expect(BUILTIN_TILES.slice(0, 16).map((t) => t.name)).toEqual([
      'floor',
      'floor (cracked)',
      'floor (mossy)',
      'rock wall',
      'rock wall (variant)',
      'rubble',
      'water',
      'pit',
      'lava',
      'closed door',
      'open door',
      'exit stairs',
      'objective chest',
      'hero start',
      'lair floor',
      'void',
    ]);
    for (const image of BUILTIN_TILESET_IMAGES) {
      // The PNG header: width and height in the IHDR chunk.
      const png = readFileSync(join(ROOT, image));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], image).toEqual([256, 160]);
    }
  });

  it("gives each outdoor tile its feature's terrain, sight and cover, and has a tile for every feature", () => {
    const outdoor = BUILTIN_TILES.slice(BUILTIN_DUNGEON_TILECOUNT);
    for (const tile of outdoor) {
      expect(tile.feature, tile.name).toBeDefined();
      const effect = FEATURE_EFFECTS[tile.feature!];
      expect(tile.terrain, tile.name).toBe(effect.terrain);
      expect(tile.blocksSight ?? false, tile.name).toBe(effect.blocksSight);
      expect(tile.cover ?? 'none', tile.name).toBe(effect.cover);
    }
    const drawn = new Set(outdoor.map((t) => t.feature));
    // The seed-001 boards' obstacles are drawn as rock walls or boulders.
    expect(FEATURE_KINDS.filter((f) => !drawn.has(f))).toEqual(['obstacle']);
  });
});

describe('a sweep over seeds', () => {
  it('every generated field loads and is one walkable area', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
        fc.constantFrom<BoardRequest['kind']>('skirmish', 'skirmish', 'sheet', 'chessboard'),
        fc.constantFrom<BattlefieldShape>('3x3ft', '2x2ft', '10x8in', '6x4ft'),
        (seed, kind, shape) => {
          const request: BoardRequest =
            kind === 'skirmish'
              ? { kind, seed, scale: BATTLEFIELD_SHAPES[shape].scale, shape }
              : { kind, seed };
          const board = generateBoard(request);
          const loaded = ok(loadTiledMap(boardToTiledText(board), { id: 'sweep' }));
          expect(loaded.battleMap.terrain).toEqual(board.map.terrain);
          expect(regions(loaded.battleMap).sizes).toHaveLength(1);
        },
      ),
      { numRuns: 40 },
    );
  });
});
