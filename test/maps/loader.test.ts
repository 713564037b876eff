import { describe, expect, it } from 'vitest';
import { loadTiledMap } from '../../src/maps';
import type { NormalizedObjectLayer, NormalizedTileLayer } from '../../src/maps';
import {
  CELLAR,
  fixtureText,
  loadChanged,
  loadFixture,
  copy,
  drop,
  err,
  list,
  nums,
  ok,
  put,
  terrainRows,
  unitList,
} from './helpers';

const CELLAR_UNITS = [
  'enemy:dragon@6,1',
  'enemy:goblin@5,2',
  'enemy:goblin@6,2',
  'hero:fighting-man@1,6',
  'hero:magic-user@2,6',
  'hero:priest@2,5',
  'hero:thief@1,5',
];

function tileLayers(
  layers: readonly (NormalizedTileLayer | NormalizedObjectLayer)[],
): NormalizedTileLayer[] {
  return layers.filter((l): l is NormalizedTileLayer => l.type === 'tilelayer');
}

describe('tile data encodings', () => {
  for (const file of ['small-csv.tmj', 'small-base64.tmj', 'small-zlib.tmj', 'small-gzip.tmj']) {
    it(`reads ${file}`, () => {
      const m = ok(loadFixture(file));
      expect(terrainRows(m.battleMap)).toEqual(CELLAR);
      expect(unitList(m.battleMap)).toEqual(CELLAR_UNITS);
      expect(m.warnings).toEqual([]);
      // The normalised layers are plain CSV arrays.
      for (const l of tileLayers(m.tiled.layers)) {
        expect(Array.isArray(l.data)).toBe(true);
        expect(l.data).toHaveLength(64);
        expect(l).not.toHaveProperty('encoding');
        expect(l).not.toHaveProperty('compression');
      }
    });
  }

  it('gives the same normalised map for every encoding', () => {
    const csv = ok(loadFixture('small-csv.tmj')).tiled;
    for (const f of ['small-base64.tmj', 'small-zlib.tmj', 'small-gzip.tmj', 'small-zstd.tmj']) {
      expect(ok(loadFixture(f)).tiled).toEqual(csv);
    }
  });

  it('names the layer when zstd data is damaged or unpacks to the wrong size', () => {
    const empty = err(
      loadChanged('small-zstd.tmj', (j) => {
        put(j, ['layers', 0, 'data'], 'KLUv/SAAAQAA');
      }),
    );
    expect(empty).toBe('Layer "Ground": data has 0 tiles but the layer is 8 x 8 = 64 squares.');
    const broken = err(
      loadChanged('small-zstd.tmj', (j) => {
        put(j, ['layers', 0, 'data'], 'KLUv/WQAAF0AACAB');
      }),
    );
    expect(broken).toContain('Layer "Ground": the tile data could not be unpacked');
  });
});

describe('infinite maps', () => {
  it('flattens chunks with negative coordinates to the painted bounds and moves objects', () => {
    const m = ok(loadFixture('infinite-negative.tmj'));
    expect(m.battleMap.width).toBe(8);
    expect(m.battleMap.height).toBe(8);
    expect(terrainRows(m.battleMap)).toEqual(CELLAR);
    expect(unitList(m.battleMap)).toEqual(CELLAR_UNITS);
    expect(m.tiled.infinite).toBe(false);
    expect(m.tiled.width).toBe(8);
    for (const l of tileLayers(m.tiled.layers)) {
      expect(l).not.toHaveProperty('chunks');
      expect(l.data).toHaveLength(64);
    }
    const units = m.tiled.layers.find((l) => l.name === 'Units') as NormalizedObjectLayer;
    const dragon = units.objects.find((o) => o.name === 'Dragon');
    expect(dragon).toMatchObject({ x: 6 * 32 + 16, y: 1 * 32 + 16 });
    expect(m.summary).toContain('starting at tile -4,-4');
  });

  it('reads base64 zlib chunks of the shipped warren', () => {
    const text = fixtureText('../../../maps/goblin-warren.tmj');
    const m = ok(loadTiledMap(text, { id: 'goblin-warren' }));
    expect([m.battleMap.width, m.battleMap.height]).toEqual([24, 18]);
  });
});

describe('layer groups', () => {
  it('adds group offsets, joins names and keeps visibility and opacity', () => {
    const m = ok(loadFixture('groups-offsets.tmj'));
    expect(terrainRows(m.battleMap)).toEqual(CELLAR);
    expect(unitList(m.battleMap)).toEqual(CELLAR_UNITS);
    const names = m.tiled.layers.map((l) => l.name);
    expect(names).toEqual([
      'Dungeon/Ground',
      'Upper/Walls',
      'Upper/Hidden/Notes',
      'Side walls',
      'Creatures/Units',
    ]);
    expect(m.tiled.layers.some((l) => (l as { type: string }).type === 'group')).toBe(false);
    const walls = m.tiled.layers[1] as NormalizedTileLayer;
    expect(walls.offsetx).toBe(0);
    expect(walls.opacity).toBeCloseTo(0.8);
    const notes = m.tiled.layers[2] as NormalizedTileLayer;
    expect(notes.visible).toBe(false);
    expect(notes.opacity).toBeCloseTo(0.4);
    const units = m.tiled.layers[4] as NormalizedObjectLayer;
    expect(units.offsety).toBe(0);
    expect(units.objects.find((o) => o.name === 'Dragon')).toMatchObject({ x: 208, y: 48 });
    expect(m.warnings).toEqual([
      'Layer "Upper/Hidden/Notes" is hidden in Tiled but still counts for the game\'s terrain; delete it if it should not.',
    ]);
  });

  it('uses the nearest square for an offset that is not whole tiles, and keeps the rest for drawing', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        const rubble = copy(j, ['layers', 1]);
        rubble.name = 'Rubble';
        rubble.id = 9;
        rubble.offsetx = 40;
        const data = nums(rubble, ['data']).map(() => 0);
        data[3 * 8 + 3] = 6; // drawn 1.25 tiles to the right: the rules use 4,3
        data[3 * 8 + 7] = 6; // pushed off the right edge
        rubble.data = data;
        list(j, ['layers']).splice(2, 0, rubble);
      }),
    );
    expect(terrainRows(m.battleMap)[3]).toBe('#...:..#');
    const rubble = m.tiled.layers[2] as NormalizedTileLayer;
    expect(rubble.offsetx).toBe(8);
    expect(rubble.data[3 * 8 + 4]).toBe(6);
    const w = m.warnings.join('\n');
    expect(w).toContain(
      'Layer "Rubble" is offset by 40 x 0 pixels, not whole tiles; the rules use the nearest square.',
    );
    expect(w).toContain('Layer "Rubble": 1 tile(s) lie outside the map');
  });

  it('lets group properties give terrain to the layers inside', () => {
    const m = ok(
      loadChanged('groups-offsets.tmj', (j) => {
        put(
          j,
          ['layers', 0, 'properties'],
          [{ name: 'terrain', type: 'string', value: 'difficult' }],
        );
      }),
    );
    expect(terrainRows(m.battleMap)[1]).toBe('#::::::#');
  });
});

describe('flip flags', () => {
  it('masks the flag bits for the rules and keeps them for drawing', () => {
    const m = ok(loadFixture('flipped.tmj'));
    expect(terrainRows(m.battleMap)).toEqual(CELLAR);
    const [ground, walls] = tileLayers(m.tiled.layers);
    expect(ground.data[9]).toBe((1 | 0x80000000) >>> 0);
    const flagged = walls.data.filter((g) => g !== 0);
    expect(flagged.map((g) => (g & 0x0fffffff) >>> 0).every((g) => g === 4)).toBe(true);
    expect(flagged.slice(0, 5)).toEqual([
      (4 | 0x80000000) >>> 0,
      (4 | 0x40000000) >>> 0,
      (4 | 0x20000000) >>> 0,
      (4 | 0xe0000000) >>> 0,
      4, // the hexagonal 120° flag means nothing on a square map and is dropped
    ]);
  });
});

describe('tilesets', () => {
  it('inlines an external tileset found by path', () => {
    const tsj = fixtureText('tiles/external.tsj');
    const m = ok(loadFixture('external.tmj', { externalTilesets: { 'tiles/external.tsj': tsj } }));
    expect(terrainRows(m.battleMap)).toEqual(CELLAR);
    expect(m.tiled.tilesets).toHaveLength(1);
    expect(m.tiled.tilesets[0]).toMatchObject({
      name: 'external',
      firstgid: 1,
      image: 'assets/tiles/dungeon-tiles-alt.png',
      tilecount: 16,
    });
    expect(m.tiled.tilesets[0]).not.toHaveProperty('source');
  });

  it('finds an external tileset by file name too', () => {
    const tsj = fixtureText('tiles/external.tsj');
    const m = ok(loadFixture('external.tmj', { externalTilesets: { 'external.tsj': tsj } }));
    expect(m.tiled.tilesets[0].image).toBe('assets/tiles/dungeon-tiles-alt.png');
  });

  it('names a missing external tileset and how to fix it', () => {
    const r = loadFixture('external.tmj');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error).toContain('"tiles/external.tsj"');
      expect(r.error).toContain('Embed Tilesets');
    }
  });

  it('explains an XML .tsx tileset', () => {
    const r = loadChanged('external.tmj', (j) => {
      put(j, ['tilesets', 0, 'source'], 'dungeon.tsx');
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('.tsj');
  });

  it('falls back to the built-in tiles for an unknown image, redrawing tiles by terrain', () => {
    const m = ok(loadFixture('missing-image.tmj'));
    expect(m.warnings).toHaveLength(1);
    expect(m.warnings[0]).toContain('"my-own-tiles.png"');
    expect(m.warnings[0]).toContain('assets/tiles/dungeon-tiles.png');
    // 16-pixel tiles: objects and the grid are scaled to 32 pixels.
    expect(m.tiled.tilewidth).toBe(32);
    expect(unitList(m.battleMap)).toEqual(CELLAR_UNITS);
    const ts = m.tiled.tilesets[0];
    expect(ts).toMatchObject({
      image: 'assets/tiles/dungeon-tiles.png',
      tilecount: 16,
      tilewidth: 32,
      columns: 8,
    });
    const [, features] = tileLayers(m.tiled.layers);
    expect(features.data[0]).toBe(ts.firstgid + 3); // wall
    expect(features.data[3 * 8 + 3]).toBe(ts.firstgid + 6); // water
    expect(terrainRows(m.battleMap)[3]).toBe('#..~...#');
  });

  it('falls back when the image is missing altogether', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        drop(j, ['tilesets', 0, 'image']);
      }),
    );
    expect(m.warnings[0]).toContain('has no single tileset image');
    expect(terrainRows(m.battleMap)).toEqual(CELLAR);
  });

  it('keeps the game-root image path for the shipped tileset path', () => {
    const m = ok(loadFixture('small-csv.tmj'));
    expect(m.tiled.tilesets[0].image).toBe('assets/tiles/dungeon-tiles.png');
  });

  it('renumbers tilesets without gaps', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(j, ['tilesets', 0, 'firstgid'], 101);
        for (const i of [0, 1])
          put(
            j,
            ['layers', i, 'data'],
            nums(j, ['layers', i, 'data']).map((g) => (g ? g + 100 : 0)),
          );
      }),
    );
    expect(m.tiled.tilesets[0].firstgid).toBe(1);
    expect(tileLayers(m.tiled.layers)[1].data[0]).toBe(4);
    expect(terrainRows(m.battleMap)).toEqual(CELLAR);
  });
});

describe('terrain meaning', () => {
  it('uses tile properties: terrain, blocksSight and cover', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['tilesets', 0, 'tiles', 5, 'properties']).push({
          name: 'cover',
          type: 'string',
          value: 'partial',
        });
        put(j, ['layers', 0, 'data', 9], 6); // rubble at 1,1
        put(j, ['layers', 0, 'data', 10], 7); // water at 2,1
        put(j, ['layers', 0, 'data', 11], 8); // pit at 3,1
        put(j, ['layers', 0, 'data', 12], 9); // lava at 4,1
        put(j, ['layers', 0, 'data', 13], 10); // closed door at 5,1
      }),
    );
    const b = m.battleMap;
    expect(terrainRows(b)[1]).toBe('#:~ol#.#');
    expect(b.cover[9]).toBe('partial');
    expect(b.blocksSight[13]).toBe(true);
    expect(b.blocksSight[9]).toBe(false);
    expect(b.blocksSight[0]).toBe(true); // walls always block sight
  });

  it('lets layer properties override tile properties', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(
          j,
          ['layers', 1, 'properties'],
          [
            { name: 'terrain', type: 'string', value: 'difficult' },
            { name: 'cover', type: 'string', value: 'full' },
          ],
        );
      }),
    );
    expect(terrainRows(m.battleMap)[2]).toBe(':.::...:');
    expect(m.battleMap.cover[2 * 8 + 2]).toBe('full');
  });

  it('without properties, a walls/obstacles layer makes walls and decoration never erases them', () => {
    const m = ok(loadFixture('no-properties.tmj'));
    const rows = terrainRows(m.battleMap);
    expect(rows[0]).toBe('########');
    expect(rows[1]).toBe('#......#');
    expect(rows[4]).toBe('#. .#..#');
    expect(m.battleMap.blocksSight[4 * 8 + 2]).toBe(true); // void blocks sight
  });

  it('upper layers with a terrain override lower ones where painted', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        const top = copy(j, ['layers', 1]);
        top.name = 'Doors';
        top.id = 9;
        const data = nums(top, ['data']).map(() => 0);
        data[2 * 8 + 2] = 11; // open door over the wall at 2,2
        top.data = data;
        list(j, ['layers']).splice(2, 0, top);
      }),
    );
    expect(terrainRows(m.battleMap)[2]).toBe('#..#...#');
  });

  it('refuses an unknown terrain word, naming the tile', () => {
    const r = loadChanged('small-csv.tmj', (j) => {
      put(j, ['tilesets', 0, 'tiles', 3, 'properties', 0, 'value'], 'lava');
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toBe(
        'Tileset "dungeon" tile 3: the property "terrain" is "lava"; use one of floor, wall, difficult, dangerous, water, pit, void.',
      );
  });
});

describe('objects', () => {
  it('reads Tiled 1.9 class, tile objects (y at the bottom), rectangles and aliases', () => {
    const m = ok(loadFixture('class-objects.tmj'));
    const b = m.battleMap;
    const heroes = b.objects.filter((o) => o.kind === 'hero').map((o) => `${o.x},${o.y}`);
    expect(heroes.sort()).toEqual(['1,5', '1,6', '2,5', '2,6']);
    const lair = b.objects.find((o) => o.kind === 'lair');
    expect(lair).toMatchObject({ x: 6, y: 2, properties: { roll: '1-6' } });
    const dragon = b.objects.find((o) => o.name === 'Dragon');
    expect(dragon).toMatchObject({
      kind: 'enemy',
      x: 6,
      y: 1,
      properties: { unit: 'dragon', archFoe: true },
    });
    const goblin = b.objects.find((o) => o.name === 'Goblin');
    expect(goblin).toMatchObject({
      kind: 'enemy',
      x: 5,
      y: 2,
      facing: 7,
      properties: { unit: 'goblin' },
    });
    const goal = b.objects.find((o) => o.kind === 'objective');
    expect(goal).toMatchObject({ x: 4, y: 1, width: 2, height: 2, properties: { holdTurns: 2 } });
    const exit = b.objects.find((o) => o.kind === 'exit');
    expect(exit).toMatchObject({ x: 1, y: 6, width: 2, height: 1 });
    expect(b.objects.find((o) => o.kind === 'treasure')).toBeDefined();
    expect(m.warnings).toHaveLength(1);
    expect(m.warnings[0]).toContain('"treasure"');
    // class is copied to type for Phaser.
    const layer = m.tiled.layers.find((l) => l.type === 'objectgroup') as NormalizedObjectLayer;
    expect(layer.objects.find((o) => o.name === 'Dragon')?.type).toBe('Dragon');
    expect(layer.objects.find((o) => o.name === 'Altar')?.type).toBe('goal');
    expect(layer.objects.find((o) => o.name === 'C')?.type).toBe('hero');
    // Tile objects keep their (renumbered) gid and flags.
    expect(layer.objects.find((o) => o.name === 'D')?.gid).toBe((14 | 0x80000000) >>> 0);
  });

  it('copies the tile class to normalised tiles as type', () => {
    const m = ok(loadFixture('class-objects.tmj'));
    const tiles = m.tiled.tilesets[0].tiles;
    expect(tiles.find((t) => t.id === 14)?.type).toBe('lair');
  });

  it('puts point objects on floor(x / tilewidth), floor(y / tileheight)', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(j, ['layers', 2, 'objects', 5, 'x'], 5 * 32); // exactly on the left edge of column 5
        put(j, ['layers', 2, 'objects', 5, 'y'], 3 * 32 - 0.5); // just above row 3
      }),
    );
    expect(m.battleMap.objects[5]).toMatchObject({ x: 5, y: 2 });
  });

  it('keeps custom properties and the map properties', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects', 4, 'properties']).push({
          name: 'hp',
          type: 'int',
          value: 9,
        });
        list(j, ['properties']).push({
          name: 'description',
          type: 'string',
          value: 'A damp cellar.',
        });
        list(j, ['properties']).push({ name: 'moraleOptional', type: 'bool', value: true });
      }),
    );
    const dragon = m.battleMap.objects[4];
    expect(dragon.properties).toEqual({ unit: 'dragon', archFoe: true, hp: 9 });
    expect(dragon.facing).toBe(4);
    expect(m.battleMap.name).toBe('Test Cellar');
    expect(m.battleMap.description).toBe('A damp cellar.');
    expect(m.battleMap.properties).toMatchObject({
      name: 'Test Cellar',
      // A map that names no victory gets the solo rules' base one: the Arch Foe and all enemies.
      victory: 'all-enemies',
      ruleModule: 'dungeon-crawl',
      moraleOptional: true,
    });
  });

  it('infers a missing unit from the object name, with a warning', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(j, ['layers', 2, 'objects', 5, 'properties'], []);
      }),
    );
    expect(m.battleMap.objects[5].properties.unit).toBe('goblin');
    expect(m.warnings.join(' ')).toContain('its name makes it a goblin');
  });

  it('makes the strongest enemy the Arch Foe when none is marked', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(
          j,
          ['layers', 2, 'objects', 4, 'properties'],
          [{ name: 'unit', type: 'string', value: 'dragon' }],
        );
      }),
    );
    expect(m.battleMap.objects[4].properties.archFoe).toBe(true);
    expect(m.warnings.join(' ')).toContain('is the Arch Foe');
  });

  it('warns about unknown kinds and untyped objects but still loads', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers', 2, 'objects']).push({
          id: 40,
          name: 'Trap',
          type: 'trap',
          x: 100,
          y: 100,
          point: true,
        });
        list(j, ['layers', 2, 'objects']).push({
          id: 41,
          name: 'Thing',
          x: 100,
          y: 100,
          point: true,
        });
      }),
    );
    expect(m.warnings).toContain(
      '2 objects the game does not use were ignored: class "trap" (1), no class (1). First: Object "Trap" (id 40) in layer "Units"; Object "Thing" (id 41) in layer "Units". Known classes: hero, enemy, lair, objective, exit, door (or player, start, spawn, monster...).',
    );
  });

  it('draws no image layer whose image did not come with the map, and says so', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        list(j, ['layers']).push({
          id: 20,
          name: 'Backdrop',
          type: 'imagelayer',
          image: 'sky.png',
          x: 0,
          y: 0,
          opacity: 1,
          visible: true,
        });
      }),
    );
    expect(m.warnings).toEqual([
      'Layer "Backdrop" shows the image "sky.png", which did not come with the map, so it is not drawn.',
    ]);
    expect(m.tiled.layers.map((l) => l.name)).toEqual(['Ground', 'Walls', 'Units']);
  });
});

describe('the normalised map for Phaser', () => {
  it('is orthogonal, finite, version > 1, 32-pixel tiles, plain layers', () => {
    const m = ok(loadFixture('small-zlib.tmj'));
    const t = m.tiled;
    expect(t).toMatchObject({
      type: 'map',
      orientation: 'orthogonal',
      infinite: false,
      width: 8,
      height: 8,
      tilewidth: 32,
      tileheight: 32,
      version: '1.10',
    });
    expect(t.layers.map((l) => [l.type, l.name])).toEqual([
      ['tilelayer', 'Ground'],
      ['tilelayer', 'Walls'],
      ['objectgroup', 'Units'],
    ]);
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
  });

  it('makes duplicate layer names unique', () => {
    const m = ok(
      loadChanged('small-csv.tmj', (j) => {
        put(j, ['layers', 1, 'name'], 'Ground');
      }),
    );
    expect(m.tiled.layers.map((l) => l.name)).toEqual(['Ground', 'Ground (2)', 'Units']);
  });
});
