import { describe, expect, it } from 'vitest';
import { facingToward } from '../../src/engine/grid';
import type { BattleMap, MapObject, Terrain } from '../../src/engine/map';
import { addDefaultSetup, floodFill, tryAddDefaultSetup } from '../../src/maps';
import { loadFixture, ok } from './helpers';

const T: Record<string, Terrain> = {
  '.': 'floor',
  '#': 'wall',
  ' ': 'void',
  ':': 'difficult',
  '~': 'water',
};

function mapFromRows(rows: string[], objects: MapObject[] = []): BattleMap {
  const terrain = rows
    .join('')
    .split('')
    .map((c) => T[c]);
  return {
    id: 'm',
    name: 'M',
    description: '',
    width: rows[0].length,
    height: rows.length,
    terrain,
    blocksSight: terrain.map((t) => t === 'wall' || t === 'void'),
    cover: terrain.map(() => 'none'),
    objects,
    properties: {},
  };
}

function open(w: number, h: number): string[] {
  return Array.from({ length: h }, (_, y) =>
    Array.from({ length: w }, (_, x) =>
      x === 0 || y === 0 || x === w - 1 || y === h - 1 ? '#' : '.',
    ).join(''),
  );
}

const units = (m: BattleMap, kind: string): MapObject[] => m.objects.filter((o) => o.kind === kind);

function checkPlacement(m: BattleMap, heroCount: number): void {
  const heroes = units(m, 'hero');
  const enemies = units(m, 'enemy');
  expect(heroes).toHaveLength(heroCount);
  const teams = heroCount + 1;
  expect(enemies.filter((e) => e.properties.unit === 'dragon')).toHaveLength(1);
  expect(enemies.filter((e) => e.properties.unit === 'goblin')).toHaveLength(
    Math.ceil(teams / 2) * 2,
  );
  expect(enemies.filter((e) => e.properties.unit === 'troll')).toHaveLength(Math.floor(teams / 2));
  const arch = enemies.find((e) => e.properties.archFoe === true);
  expect(arch?.properties.unit).toBe('dragon');
  // One figure per floor square, all reachable from the heroes.
  const squares = new Set<string>();
  const reached = floodFill(m, heroes);
  for (const u of [...heroes, ...enemies]) {
    expect(m.terrain[u.y * m.width + u.x]).toBe('floor');
    expect(squares.has(`${u.x},${u.y}`)).toBe(false);
    squares.add(`${u.x},${u.y}`);
    expect(reached[u.y * m.width + u.x]).toBe(1);
  }
  // Enemies face the nearest hero; heroes face the Arch Foe.
  for (const e of enemies) {
    const nearest = [...heroes].sort(
      (a, b) =>
        (a.x - e.x) ** 2 + (a.y - e.y) ** 2 - ((b.x - e.x) ** 2 + (b.y - e.y) ** 2) ||
        a.y * m.width + a.x - (b.y * m.width + b.x),
    )[0];
    expect(e.facing).toBe(facingToward(e, nearest));
  }
  for (const h of heroes) expect(h.facing).toBe(facingToward(h, arch as MapObject));
}

describe('addDefaultSetup', () => {
  it('fills an open room: heroes in a corner, the dragon in the opposite one, 5 teams in its half', () => {
    const m = addDefaultSetup(mapFromRows(open(12, 10)));
    checkPlacement(m, 4);
    const heroes = units(m, 'hero');
    expect(heroes.map((h) => h.properties.unit)).toEqual([
      'fighting-man',
      'magic-user',
      'thief',
      'priest',
    ]);
    const hx = heroes.reduce((s, h) => s + h.x, 0) / 4;
    const hy = heroes.reduce((s, h) => s + h.y, 0) / 4;
    const arch = units(m, 'enemy').find((e) => e.properties.archFoe === true) as MapObject;
    // Opposite sides of the room.
    expect(Math.sign(arch.x - 5.5) || 1).not.toBe(Math.sign(hx - 5.5) || 1);
    expect(Math.sign(arch.y - 4.5) || 1).not.toBe(Math.sign(hy - 4.5) || 1);
    // Minions are closer to the Arch Foe than to the heroes' centre.
    for (const e of units(m, 'enemy')) {
      const toArch = Math.hypot(e.x - arch.x, e.y - arch.y);
      const toHeroes = Math.hypot(e.x - hx, e.y - hy);
      expect(toArch).toBeLessThanOrEqual(toHeroes);
    }
  });

  it('is deterministic', () => {
    const a = addDefaultSetup(mapFromRows(open(16, 12)));
    const b = addDefaultSetup(mapFromRows(open(16, 12)));
    expect(a.objects).toEqual(b.objects);
  });

  it('makes heroes + 1 Minion Teams, alternating 2 goblins and 1 troll', () => {
    for (const n of [1, 2, 3, 4, 6]) {
      const m = addDefaultSetup(mapFromRows(open(20, 16)), n);
      checkPlacement(m, n);
      const teams = new Set(
        units(m, 'enemy')
          .map((e) => e.properties.team)
          .filter((t) => t !== undefined),
      );
      expect(teams.size).toBe(n + 1);
    }
  });

  it('uses only the largest connected area, never void, water or walls', () => {
    const rows = [
      '##########  ####',
      '#..#.....#  #..#',
      '#..#.~~..#  #..#',
      '####.....####..#',
      '   #.....#  ####',
      '   #..::.#      ',
      '   #.....#      ',
      '   #######      ',
    ];
    const m = addDefaultSetup(mapFromRows(rows));
    checkPlacement(m, 4);
    for (const u of [...units(m, 'hero'), ...units(m, 'enemy')]) {
      expect(u.x).toBeGreaterThanOrEqual(4);
      expect(u.x).toBeLessThanOrEqual(8);
    }
  });

  it('puts the dragon on the first lair', () => {
    const lair: MapObject = {
      kind: 'lair',
      x: 2,
      y: 2,
      width: 1,
      height: 1,
      name: 'Lair',
      properties: { roll: '1-3' },
    };
    const lair2: MapObject = {
      kind: 'lair',
      x: 9,
      y: 2,
      width: 1,
      height: 1,
      name: 'Lair',
      properties: { roll: '4-6' },
    };
    const m = addDefaultSetup(mapFromRows(open(12, 10), [lair2, lair]));
    const arch = units(m, 'enemy').find((e) => e.properties.archFoe === true);
    expect(arch).toMatchObject({ x: 2, y: 2 });
  });

  it('keeps existing heroes and places the enemies away from them', () => {
    const heroes: MapObject[] = [1, 2, 3, 4].map((x) => ({
      kind: 'hero',
      x,
      y: 1,
      width: 1,
      height: 1,
      name: `H${x}`,
      properties: {},
    }));
    const m = addDefaultSetup(mapFromRows(open(12, 12), heroes));
    expect(units(m, 'hero')).toEqual(heroes);
    const arch = units(m, 'enemy').find((e) => e.properties.archFoe === true) as MapObject;
    expect(arch.y).toBeGreaterThan(7);
  });

  it('keeps existing enemies and places the heroes away from them', () => {
    const dragon: MapObject = {
      kind: 'enemy',
      x: 1,
      y: 1,
      width: 1,
      height: 1,
      name: 'D',
      properties: { unit: 'dragon', archFoe: true },
    };
    const m = addDefaultSetup(mapFromRows(open(12, 12), [dragon]));
    expect(units(m, 'enemy')).toEqual([dragon]);
    for (const h of units(m, 'hero')) expect(h.x + h.y).toBeGreaterThan(12);
  });

  it('returns a map with units unchanged', () => {
    const map = mapFromRows(open(8, 8), [
      { kind: 'hero', x: 1, y: 1, width: 1, height: 1, name: 'H', properties: {} },
      { kind: 'enemy', x: 6, y: 6, width: 1, height: 1, name: 'E', properties: { unit: 'goblin' } },
    ]);
    expect(addDefaultSetup(map).objects).toEqual(map.objects);
  });

  it('reports no room in plain words', () => {
    const cramped = ['######', '#....#', '##.###', '#..###', '######', '######'];
    expect(() => addDefaultSetup(mapFromRows(cramped))).toThrow(
      'There is no room for the default setup: it needs 13 free floor squares joined together (4 heroes, 9 enemies), but the largest open area has 7.',
    );
    const r = tryAddDefaultSetup(mapFromRows(open(8, 8)), 0);
    expect(r).toEqual({ ok: false, error: 'The party must have 1 to 16 heroes, not 0.' });
  });

  it('fills the no-units fixture after loading', () => {
    const loaded = ok(loadFixture('no-units.tmj'));
    expect(loaded.battleMap.objects).toEqual([]);
    expect(loaded.warnings.join(' ')).toContain('default setup');
    checkPlacement(addDefaultSetup(loaded.battleMap), 4);
  });
});
