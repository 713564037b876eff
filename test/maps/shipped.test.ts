import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { floodFill, loadTiledMap, type LoadedMap } from '../../src/maps';
import { MAPS, ok, terrainRows } from './helpers';

interface IndexEntry {
  id: string;
  file: string;
  name: string;
  description: string;
  tilesets: string[];
}

const index = JSON.parse(readFileSync(join(MAPS, 'index.json'), 'utf8')) as IndexEntry[];

function loadShipped(id: string): LoadedMap {
  const entry = index.find((e) => e.id === id);
  if (!entry) throw new Error(`no map ${id} in maps/index.json`);
  const externalTilesets: Record<string, string> = {};
  for (const t of entry.tilesets) externalTilesets[t] = readFileSync(join(MAPS, t), 'utf8');
  return ok(loadTiledMap(readFileSync(join(MAPS, entry.file), 'utf8'), { id, externalTilesets }));
}

function count(map: LoadedMap, kind: string, unit?: string): number {
  return map.battleMap.objects.filter(
    (o) => o.kind === kind && (unit === undefined || o.properties.unit === unit),
  ).length;
}

describe('maps/index.json', () => {
  it('lists the four bundled maps with files, names and descriptions', () => {
    expect(index.map((e) => e.id)).toEqual([
      'dungeon-crawl',
      'flooded-crypt',
      'goblin-warren',
      'dragon-hall',
    ]);
    for (const e of index) {
      expect(e.file).toMatch(/\.tmj$/);
      expect(e.name.length).toBeGreaterThan(3);
      expect(e.description.length).toBeGreaterThan(10);
      expect(Array.isArray(e.tilesets)).toBe(true);
    }
    expect(index.find((e) => e.id === 'flooded-crypt')?.tilesets).toEqual(['crypt.tsj']);
  });

  it('every bundled map loads without warnings, with a description and reachable enemies', () => {
    for (const e of index) {
      const m = loadShipped(e.id);
      expect(m.warnings, e.id).toEqual([]);
      expect(m.battleMap.description.length, e.id).toBeGreaterThan(20);
      expect(m.battleMap.name, e.id).toBe(e.name);
      const heroes = m.battleMap.objects.filter((o) => o.kind === 'hero');
      const reached = floodFill(m.battleMap, heroes);
      for (const o of m.battleMap.objects.filter((x) => x.kind === 'enemy')) {
        expect(reached[o.y * m.battleMap.width + o.x], `${e.id} ${o.name}`).toBe(1);
      }
      for (const t of m.tiled.tilesets)
        expect(t.image).toMatch(/^assets\/tiles\/dungeon-tiles(-alt)?\.png$/);
    }
  });
});

describe('The Dungeon Crawl', () => {
  const m = loadShipped('dungeon-crawl');
  const b = m.battleMap;

  it('is the seed board: 8 x 10 with 13 rock walls in place', () => {
    expect([b.width, b.height]).toEqual([8, 10]);
    expect(terrainRows(b)).toEqual([
      '........',
      '..#..#..',
      '........',
      '....##..',
      '.#....#.',
      '......#.',
      '#.....#.',
      '..#.....',
      '..#..#..',
      '.....#..',
    ]);
    expect(b.terrain.filter((t) => t === 'wall')).toHaveLength(13);
  });

  it('has 6 goblins, 4 trolls, 1 dragon, 3 lairs and 4 heroes where the seed puts them', () => {
    expect(count(m, 'enemy', 'goblin')).toBe(6);
    expect(count(m, 'enemy', 'troll')).toBe(4);
    expect(count(m, 'enemy', 'dragon')).toBe(1);
    expect(count(m, 'lair')).toBe(3);
    expect(count(m, 'hero')).toBe(4);
    const at = (unit: string): string[] =>
      b.objects
        .filter((o) => o.properties.unit === unit)
        .map((o) => `${o.x},${o.y}`)
        .sort();
    expect(at('troll')).toEqual(['0,3', '2,3', '2,5', '4,1']);
    expect(at('goblin')).toEqual(['1,5', '2,2', '3,4', '4,2', '4,4', '4,5']);
    expect(at('dragon')).toEqual(['0,0']);
    const heroes = b.objects
      .filter((o) => o.kind === 'hero')
      .map((o) => `${String(o.properties.unit)}@${o.x},${o.y}`);
    expect(heroes).toEqual(['fighting-man@6,8', 'magic-user@7,8', 'thief@6,9', 'priest@7,9']);
    const lairs = b.objects
      .filter((o) => o.kind === 'lair')
      .map((o) => `${String(o.properties.roll)}@${o.x},${o.y}`);
    expect(lairs).toEqual(['1-2@0,0', '3-4@7,2', '5-6@0,9']);
  });

  it('turns all monsters south and the heroes north-west; the dragon is the Arch Foe', () => {
    for (const o of b.objects.filter((x) => x.kind === 'enemy')) expect(o.facing).toBe(4);
    for (const o of b.objects.filter((x) => x.kind === 'hero')) expect(o.facing).toBe(7);
    const dragon = b.objects.find((o) => o.properties.unit === 'dragon');
    expect(dragon?.properties.archFoe).toBe(true);
  });

  it('carries the scenario properties', () => {
    expect(b.properties).toMatchObject({
      name: 'The Dungeon Crawl',
      victory: 'arch-foe',
      ruleModule: 'dungeon-crawl',
      lairRoll: true,
    });
  });

  it('gives every one of the 16 built-in tiles a terrain property', () => {
    const tiles = m.tiled.tilesets[0].tiles;
    expect(tiles).toHaveLength(16);
    const terrain = tiles.map((t) => t.properties?.find((p) => p.name === 'terrain')?.value);
    expect(terrain).toEqual([
      'floor',
      'floor',
      'floor',
      'wall',
      'wall',
      'difficult',
      'water',
      'pit',
      'dangerous',
      'wall',
      'floor',
      'floor',
      'floor',
      'floor',
      'floor',
      'void',
    ]);
    expect(tiles[9].properties?.find((p) => p.name === 'blocksSight')?.value).toBe(true);
  });
});

describe('the other bundled maps', () => {
  it('The Flooded Crypt: external tileset, rooms, doors, rubble and water', () => {
    const m = loadShipped('flooded-crypt');
    expect([m.battleMap.width, m.battleMap.height]).toEqual([16, 12]);
    expect(m.tiled.tilesets[0].image).toBe('assets/tiles/dungeon-tiles-alt.png');
    const t = m.battleMap.terrain;
    expect(t.filter((x) => x === 'water').length).toBeGreaterThan(10);
    expect(t.filter((x) => x === 'difficult').length).toBeGreaterThan(2);
    expect(count(m, 'door')).toBeGreaterThanOrEqual(6);
    expect(count(m, 'enemy', 'dragon')).toBe(1);
    expect(m.battleMap.properties.victory).toBe('all-enemies');
  });

  it('The Goblin Warren: infinite, grouped, zlib, many goblins', () => {
    const text = readFileSync(join(MAPS, 'goblin-warren.tmj'), 'utf8');
    const raw = JSON.parse(text) as {
      infinite: boolean;
      layers: { type: string; layers?: { compression?: string }[] }[];
    };
    expect(raw.infinite).toBe(true);
    expect(raw.layers[0].type).toBe('group');
    expect(raw.layers[0].layers?.[0].compression).toBe('zlib');
    const m = loadShipped('goblin-warren');
    expect([m.battleMap.width, m.battleMap.height]).toEqual([24, 18]);
    expect(count(m, 'enemy', 'goblin')).toBeGreaterThanOrEqual(10);
    expect(m.battleMap.objects.find((o) => o.properties.archFoe === true)?.properties.unit).toBe(
      'troll',
    );
  });

  it('The Dragon Hall: pillars give cover, a hold objective and an exit', () => {
    const m = loadShipped('dragon-hall');
    expect([m.battleMap.width, m.battleMap.height]).toEqual([20, 16]);
    expect(m.battleMap.cover.filter((c) => c === 'partial').length).toBeGreaterThanOrEqual(8);
    const goal = m.battleMap.objects.find((o) => o.kind === 'objective');
    expect(goal).toMatchObject({ width: 2, height: 2, properties: { holdTurns: 2 } });
    expect(count(m, 'exit')).toBe(1);
    expect(m.battleMap.properties).toMatchObject({ victory: 'hold', holdTurns: 2 });
    // Hero start squares without units are filled in order by the game.
    expect(
      m.battleMap.objects.filter((o) => o.kind === 'hero' && o.properties.unit === undefined),
    ).toHaveLength(4);
  });
});
