/**
 * Random battlefields (solitaire-gaming-rules VII, on the sizes of section V), tested with
 * rigged dice: the d6 pieces table, the d8 scatter, the d6-1 distance, every row of the
 * 2d6 SMALL and LARGE terrain tables, the sizes and the placement rule; what each feature
 * does to movement, sight and cover; same seed, same field; one connected field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../src/engine/dice';
import { hasLineOfSight } from '../../src/engine/los';
import { isTerrainPassable, terrainMoveCost, type BattleMap } from '../../src/engine/map';
import {
  BATTLEFIELD_SHAPES,
  LARGE_TERRAIN_BY_2D6,
  PIECES_BY_D6,
  SCATTER_BY_D8,
  SMALL_TERRAIN_BY_2D6,
  generateBattlefield,
  runsEastWest,
  type BattlefieldShape,
  type TerrainType,
} from '../../src/engine/rulesets/skirmish/battlefield';
import {
  FEATURE_EFFECTS,
  FEATURE_KINDS,
  isOneRegion,
  joinCutOffGround,
  type FeatureKind,
} from '../../src/engine/systems/boards';

/** Size rolls (all 1s) that fit each type's dice (SIZE RULES in battlefield.ts). */
const ONES: Record<TerrainType, number[]> = {
  hill: [1],
  pit: [1],
  'light-woods': [1, 1],
  'movable-objects': [1, 1],
  rubble: [1],
  'low-wall': [1, 1],
  'minor-non-movable': [1],
  pool: [1],
  'major-non-movable': [1],
  'major-building': [1, 1],
  'minor-building': [1, 1],
  river: [1],
  'heavy-woods': [1, 1],
  road: [1],
};

/** 2d6 faces that add up to `total`. */
function twoD6(total: number): [number, number] {
  const a = Math.max(1, total - 6);
  return [a, total - a];
}

/** One piece's rolls: 2d6 type, d8 scatter, d6 distance (d6-1 squares), its size rolls. */
function piece(total: number, d8: number, d6: number, size: number[]): number[] {
  return [...twoD6(total), d8, d6, ...size];
}

/**
 * A quiet section: d6 = 1 (1 small piece), a 2-square rubble heap (2d6 = 7) scattered 5
 * squares north-west of its centre (d8 = 1, d6 = 6), out of the way of the tests.
 */
const QUIET = [1, ...piece(7, 1, 6, [1])];

/** Rolls for a whole field: `given` sections as written, every other section QUIET. */
function fieldRolls(shape: BattlefieldShape, given: Record<number, number[]>): number[] {
  const { width, height } = BATTLEFIELD_SHAPES[shape];
  const sections = Math.ceil(width / 12) * Math.ceil(height / 12);
  return Array.from({ length: sections }, (_, i) => given[i] ?? QUIET).flat();
}

function rigged(shape: BattlefieldShape, given: Record<number, number[]>) {
  const dice = riggedDice(fieldRolls(shape, given));
  const field = generateBattlefield({
    seed: 0,
    scale: BATTLEFIELD_SHAPES[shape].scale,
    shape,
    dice,
  });
  expect(dice.remaining(), 'every rigged roll is used, and no more').toBe(0);
  return field;
}

/** The chance of a type on a 2d6 table (index 2d6 - 2): the ways to roll each total / 36. */
function chanceOf(table: readonly TerrainType[], type: TerrainType): number {
  return table.reduce((n, t, i) => n + (t === type ? 6 - Math.abs(i - 5) : 0), 0) / 36;
}

function featureAt(field: { features: FeatureKind[]; map: BattleMap }, x: number, y: number) {
  return field.features[y * field.map.width + x];
}

function squaresOf(field: { features: FeatureKind[]; map: BattleMap }, kind: FeatureKind) {
  const out: { x: number; y: number }[] = [];
  field.features.forEach((f, i) => {
    if (f === kind) out.push({ x: i % field.map.width, y: Math.floor(i / field.map.width) });
  });
  return out;
}

describe('battlefield sizes (V: "large (4 by 6 feet, or 3 by 3 feet), or small (2 by 2 feet, or 8 by 10 inches)"; 1 inch = 1 square)', () => {
  it('has the four shapes in squares, cut into 1 ft (12-square) sections (VII)', () => {
    expect(BATTLEFIELD_SHAPES).toEqual({
      '6x4ft': { scale: 'large', width: 72, height: 48 },
      '3x3ft': { scale: 'large', width: 36, height: 36 },
      '2x2ft': { scale: 'small', width: 24, height: 24 },
      '10x8in': { scale: 'small', width: 10, height: 8 },
    });
    const sections = (shape: BattlefieldShape): number =>
      generateBattlefield({ seed: 1, scale: BATTLEFIELD_SHAPES[shape].scale, shape }).sections
        .length;
    expect(sections('6x4ft')).toBe(24);
    expect(sections('3x3ft')).toBe(9);
    expect(sections('2x2ft')).toBe(4);
    expect(sections('10x8in')).toBe(1);
    expect(generateBattlefield({ seed: 1, scale: 'large' }).shape).toBe('6x4ft');
    expect(generateBattlefield({ seed: 1, scale: 'small' }).shape).toBe('2x2ft');
    expect(() => generateBattlefield({ seed: 1, scale: 'small', shape: '3x3ft' })).toThrow(
      /large battlefield/,
    );
  });
});

describe('VII: the d6 pieces table', () => {
  // D6 | Small terrain pieces | Large terrain pieces
  // 1 | 1 | 0;  2 | 1 | 1;  3 | 2 | 1;  4 | 2 | 1;  5 | 3 | 2;  6 | 4 | 2
  const TABLE = [
    [1, 1, 0],
    [2, 1, 1],
    [3, 2, 1],
    [4, 2, 1],
    [5, 3, 2],
    [6, 4, 2],
  ];
  it.each(TABLE)('d6 = %i: %i small and %i large pieces', (d6, small, large) => {
    expect(PIECES_BY_D6[d6 - 1]).toEqual([small, large]);
    // Large pieces are rolled first (heavy woods, 2d6 = 8), then small ones (rubble, 2d6 = 7).
    const rolls = [
      d6,
      ...Array.from({ length: large }, () => piece(8, 1, 1, [1, 1])).flat(),
      ...Array.from({ length: small }, () => piece(7, 1, 1, [1])).flat(),
    ];
    const field = rigged('10x8in', { 0: rolls });
    expect(field.sections[0]).toMatchObject({ roll: d6, small, large });
    expect(field.pieces.filter((p) => p.table === 'small').map((p) => p.type)).toEqual(
      Array(small).fill('rubble'),
    );
    expect(field.pieces.filter((p) => p.table === 'large').map((p) => p.type)).toEqual(
      Array(large).fill('heavy-woods'),
    );
  });
});

describe('VII: d8 scatter direction and d6-1 distance from the section centre', () => {
  // "roll d8 for scatter direction and d6-1 for the number of inches/squares the piece is
  // from the center of the section":  1 2 3 / 4 * 5 / 6 7 8
  const GRID: Record<number, [number, number]> = {
    1: [-1, -1],
    2: [0, -1],
    3: [1, -1],
    4: [-1, 0],
    5: [1, 0],
    6: [-1, 1],
    7: [0, 1],
    8: [1, 1],
  };
  it.each(Object.entries(GRID))('d8 = %s moves the piece %j', (d8, [dx, dy]) => {
    expect(SCATTER_BY_D8[Number(d8) - 1]).toEqual({ x: dx, y: dy });
    // The first section of a 2 x 2 ft field is squares 0-11; its centre is 6,6.
    const field = rigged('2x2ft', { 0: [1, ...piece(7, Number(d8), 6, [1])] });
    expect(field.sections[0].centre).toEqual({ x: 6, y: 6 });
    expect(field.pieces[0]).toMatchObject({ scatter: Number(d8), distance: 5 });
    expect(field.pieces[0].at).toEqual({ x: 6 + 5 * dx, y: 6 + 5 * dy });
  });

  it.each([1, 2, 3, 4, 5, 6])('d6 = %i puts it d6-1 squares away', (d6) => {
    const field = rigged('2x2ft', { 0: [1, ...piece(7, 5, d6, [1])] });
    expect(field.pieces[0].distance).toBe(d6 - 1);
    expect(field.pieces[0].at).toEqual({ x: 6 + d6 - 1, y: 6 });
  });

  it('keeps the rolled square on the table', () => {
    // 10 x 8 in: one section, centre 5,4; 5 squares north-west would be 0,-1.
    const field = rigged('10x8in', { 0: [1, ...piece(7, 1, 6, [1])] });
    expect(field.pieces[0].at).toEqual({ x: 0, y: 0 });
  });
});

describe('VII: the 2d6 SMALL terrain table, every row', () => {
  // 2 Hill, 3 Pit, 4 Light woods, 5 Light woods, 6 Movable object(s), 7 Rubble, 8 Low wall,
  // 9 Minor non-movable object, 10 Low wall, 11 Pool, 12 Hill
  const ROWS: [number, TerrainType, FeatureKind][] = [
    [2, 'hill', 'hill'],
    [3, 'pit', 'pit'],
    [4, 'light-woods', 'light-woods'],
    [5, 'light-woods', 'light-woods'],
    [6, 'movable-objects', 'movable-object'],
    [7, 'rubble', 'rubble'],
    [8, 'low-wall', 'low-wall'],
    [9, 'minor-non-movable', 'minor-object'],
    [10, 'low-wall', 'low-wall'],
    [11, 'pool', 'water'],
    [12, 'hill', 'hill'],
  ];
  it.each(ROWS)('2d6 = %i: %s', (total, type, feature) => {
    expect(SMALL_TERRAIN_BY_2D6[total - 2]).toBe(type);
    const field = rigged('2x2ft', { 0: [1, ...piece(total, 1, 1, ONES[type])] });
    expect(field.pieces[0]).toMatchObject({ table: 'small', typeRoll: total, type, feature });
    expect(field.pieces[0].squares).toBeGreaterThan(0);
    expect(featureAt(field, 6, 6)).toBe(feature);
  });

  it('gives the chances the seed lists (low wall 22%, light woods 19.5%, rubble 17%, movable 14%, minor object 11%, hill, pit, pool 5.5-6%)', () => {
    const chance = (type: TerrainType): number => chanceOf(SMALL_TERRAIN_BY_2D6, type);
    expect(chance('low-wall')).toBeCloseTo(0.22, 2);
    expect(chance('light-woods')).toBeCloseTo(0.195, 2);
    expect(chance('rubble')).toBeCloseTo(0.17, 2);
    expect(chance('movable-objects')).toBeCloseTo(0.14, 2);
    expect(chance('minor-non-movable')).toBeCloseTo(0.11, 2);
    expect(chance('hill')).toBeCloseTo(0.055, 2);
    expect(chance('pit')).toBeCloseTo(0.055, 2);
    expect(chance('pool')).toBeCloseTo(0.055, 2);
  });
});

describe('VII: the 2d6 LARGE terrain table, every row', () => {
  // 2 Major non-movable object, 3 Major building, 4 Minor building, 5 River, 6 Minor building,
  // 7 Major building, 8 Heavy woods, 9 Road, 10 Major building, 11 Major building,
  // 12 Major building
  const ROWS: [number, TerrainType, FeatureKind][] = [
    [2, 'major-non-movable', 'major-object'],
    [3, 'major-building', 'building'],
    [4, 'minor-building', 'building'],
    [5, 'river', 'water'],
    [6, 'minor-building', 'building'],
    [7, 'major-building', 'building'],
    [8, 'heavy-woods', 'heavy-woods'],
    [9, 'road', 'road'],
    [10, 'major-building', 'building'],
    [11, 'major-building', 'building'],
    [12, 'major-building', 'building'],
  ];
  it.each(ROWS)('2d6 = %i: %s', (total, type, feature) => {
    expect(LARGE_TERRAIN_BY_2D6[total - 2]).toBe(type);
    // d6 = 2: one small piece and one large; the large one is rolled first.
    const field = rigged('2x2ft', {
      0: [2, ...piece(total, 1, 1, ONES[type]), ...piece(7, 8, 6, [1])],
    });
    expect(field.pieces[0]).toMatchObject({ table: 'large', typeRoll: total, type, feature });
    expect(featureAt(field, 6, 6)).toBe(feature);
  });

  it('follows its rows, though the chances the seed prints for major buildings (30%) and heavy woods (22%) do not add up from them', () => {
    const chance = (type: TerrainType): number => chanceOf(LARGE_TERRAIN_BY_2D6, type);
    expect(chance('minor-building')).toBeCloseTo(0.22, 2);
    expect(chance('river')).toBeCloseTo(0.11, 2);
    expect(chance('road')).toBeCloseTo(0.11, 2);
    expect(chance('major-non-movable')).toBeCloseTo(0.03, 1);
    expect(chance('major-building')).toBeCloseTo(14 / 36, 5);
    expect(chance('heavy-woods')).toBeCloseTo(5 / 36, 5);
  });
});

describe("VII: the pieces' typical sizes", () => {
  // The first section of a 3 x 3 ft field: centre 6,6, north-west of the table's centre.
  it('major building: "8 or more squares on a side" (two sides of 7+d4)', () => {
    const field = rigged('3x3ft', { 0: [2, ...piece(7, 1, 1, [1, 4]), ...piece(7, 8, 6, [1])] });
    expect(field.pieces[0].size).toBe('11 x 8');
    const building = squaresOf(field, 'building');
    expect(building).toHaveLength(88);
    const xs = building.map((p) => p.x);
    const ys = building.map((p) => p.y);
    // On the diagonal from the centre it lies east-west: 11 across, 8 down, centred on 6,6.
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([
      1, 11, 3, 10,
    ]);
  });

  it('minor building: "3 to 7 squares on a side" (two sides of 2+d5)', () => {
    const field = rigged('3x3ft', { 0: [2, ...piece(4, 1, 1, [5, 1]), ...piece(7, 8, 6, [1])] });
    expect(field.pieces[0].size).toBe('7 x 3');
    expect(squaresOf(field, 'building')).toHaveLength(21);
  });

  it('pool: "2 to 9 squares in a rectangle or line" (d8+1)', () => {
    for (const [d8, squares] of [
      [1, 2],
      [8, 9],
    ]) {
      const field = rigged('2x2ft', { 0: [1, ...piece(11, 1, 1, [d8])] });
      expect(squaresOf(field, 'water')).toHaveLength(squares);
    }
  });

  it('minor non-movable object: "2 to 4 squares" (d3+1); major: "4 to 8" (d5+3)', () => {
    const minor = rigged('2x2ft', { 0: [1, ...piece(9, 1, 1, [3])] });
    expect(squaresOf(minor, 'minor-object')).toHaveLength(4);
    const major = rigged('2x2ft', { 0: [2, ...piece(2, 1, 1, [5]), ...piece(7, 8, 6, [1])] });
    expect(squaresOf(major, 'major-object')).toHaveLength(8);
  });

  it('movable objects: 1 to 2 squares each, one object or a group (d3 objects of d2)', () => {
    const field = rigged('2x2ft', { 0: [1, ...piece(6, 1, 1, [3, 2, 1, 2])] });
    expect(field.pieces[0].size).toBe('3 objects of 2, 1, 2 squares');
    expect(squaresOf(field, 'movable-object')).toHaveLength(5);
  });

  it('low wall: from 2 squares to across its section or the whole table, solid or with gaps', () => {
    // d6 1-3: that many squares plus one.
    const short = rigged('3x3ft', { 4: [1, ...piece(8, 1, 1, [3, 1])] });
    expect(squaresOf(short, 'low-wall')).toHaveLength(4);
    // d6 4-5: across its section. Section 3 (x 0-11, y 12-23) is west of the centre, so
    // the wall runs north-south through its square, 6,18.
    const section = rigged('3x3ft', { 3: [1, ...piece(8, 1, 1, [4, 1])] });
    expect(squaresOf(section, 'low-wall')).toEqual(
      Array.from({ length: 12 }, (_, k) => ({ x: 6, y: 12 + k })),
    );
    // d6 6: across the table; d2 = 2: a gap in every fourth square.
    const table = rigged('3x3ft', { 3: [1, ...piece(10, 1, 1, [6, 2])] });
    const column = Array.from({ length: 36 }, (_, y) => featureAt(table, 6, y));
    expect(column.filter((f) => f === 'low-wall')).toHaveLength(27);
    expect(column.map((f) => (f === 'low-wall' ? '-' : '.')).join('')).toMatch(/^(---[^-]){9}$/);
  });

  it('river: between two table edges, "1 to 2 inches wide" (d2); road: "2 to 4 wide" (d3+1)', () => {
    // Section 1 (x 12-23, y 0-11) is north of the centre: both run east-west.
    const river = rigged('3x3ft', { 1: [2, ...piece(5, 1, 1, [2]), ...piece(7, 8, 6, [1])] });
    expect(river.pieces.find((p) => p.section === 1)!.size).toBe('2 wide');
    // It runs through its rolled square, 18,6.
    expect(featureAt(river, 18, 6)).toBe('water');
    for (let x = 0; x < 36; x++) {
      const wet = Array.from({ length: 36 }, (_, y) => featureAt(river, x, y)).filter(
        (f) => f === 'water',
      );
      expect(wet.length).toBeGreaterThanOrEqual(2);
    }
    const road = rigged('3x3ft', { 1: [2, ...piece(9, 1, 1, [3]), ...piece(7, 8, 6, [1])] });
    expect(road.pieces.find((p) => p.section === 1)!.size).toBe('4 wide');
    for (let x = 0; x < 36; x++) {
      const column = Array.from({ length: 36 }, (_, y) => featureAt(road, x, y));
      expect(column.filter((f) => f === 'road')).toHaveLength(4);
    }
  });

  it('a road and a river crossing make a bridge', () => {
    // Section 1: a road east-west; section 3: a river north-south.
    const field = rigged('3x3ft', {
      1: [2, ...piece(9, 1, 1, [1]), ...piece(7, 8, 6, [1])],
      3: [2, ...piece(5, 1, 1, [1]), ...piece(7, 8, 6, [1])],
    });
    expect(squaresOf(field, 'bridge').length).toBeGreaterThan(0);
  });
});

describe('VII: each piece placed to block movement and sight from the table centre to the edges and corners', () => {
  it('lays a piece across the line from the table centre: north or south of it east-west, east or west of it north-south, on a diagonal east-west', () => {
    // 36 x 36: the centre is the corner between squares 17 and 18.
    expect(runsEastWest({ x: 18, y: 3 }, 36, 36)).toBe(true);
    expect(runsEastWest({ x: 17, y: 30 }, 36, 36)).toBe(true);
    expect(runsEastWest({ x: 2, y: 18 }, 36, 36)).toBe(false);
    expect(runsEastWest({ x: 33, y: 17 }, 36, 36)).toBe(false);
    expect(runsEastWest({ x: 6, y: 6 }, 36, 36)).toBe(true);
    // A 7 x 3 minor building in section 3 (west of the centre) stands north-south.
    const west = rigged('3x3ft', { 3: [2, ...piece(4, 1, 1, [5, 1]), ...piece(7, 8, 6, [1])] });
    const squares = squaresOf(west, 'building');
    expect(new Set(squares.map((p) => p.x))).toEqual(new Set([5, 6, 7]));
    expect(new Set(squares.map((p) => p.y))).toEqual(new Set([15, 16, 17, 18, 19, 20, 21]));
    // The same in section 1 (north of it) lies east-west.
    const north = rigged('3x3ft', { 1: [2, ...piece(4, 1, 1, [5, 1]), ...piece(7, 8, 6, [1])] });
    const across = squaresOf(north, 'building');
    expect(new Set(across.map((p) => p.y))).toEqual(new Set([5, 6, 7]));
    expect(new Set(across.map((p) => p.x))).toEqual(new Set([15, 16, 17, 18, 19, 20, 21]));
  });

  it('pushes a piece that would hang over the edge back onto the table', () => {
    // 10 x 8 in: a pool of 9 squares (3 x 3) rolled onto the corner 0,0.
    const field = rigged('10x8in', { 0: [1, ...piece(11, 1, 6, [8])] });
    const water = squaresOf(field, 'water');
    expect(water).toHaveLength(9);
    expect(Math.min(...water.map((p) => p.x))).toBe(0);
    expect(Math.min(...water.map((p) => p.y))).toBe(0);
  });

  it('puts later pieces only on open ground (first come, first served)', () => {
    // d6 = 3: one large piece and two small ones, all rolled onto the section's centre.
    const field = rigged('2x2ft', {
      0: [3, ...piece(8, 1, 1, [1, 1]), ...piece(7, 1, 1, [1]), ...piece(9, 1, 1, [1])],
    });
    // Heavy woods first (a 5 x 4 oval, 16 squares), then rubble and a boulder on them.
    expect(field.pieces.slice(0, 3).map((p) => p.squares)).toEqual([16, 0, 0]);
  });
});

describe('terrain effects of each feature (movement, cover, sight)', () => {
  it('gives each feature its effect', () => {
    const row = (f: FeatureKind): string => {
      const e = FEATURE_EFFECTS[f];
      const cost = isTerrainPassable(e.terrain) ? `cost ${terrainMoveCost(e.terrain)}` : 'blocked';
      return `${f}: ${e.terrain}, ${cost}, cover ${e.cover}${e.blocksSight ? ', blocks sight' : ''}`;
    };
    expect(FEATURE_KINDS.map(row)).toEqual([
      'open: floor, cost 1, cover none',
      'road: floor, cost 1, cover none',
      'bridge: floor, cost 1, cover none',
      'hill: floor, cost 1, cover partial',
      'pit: pit, blocked, cover none',
      // "Offers partial cover ... difficult terrain. Usually does not block line of sight."
      'light-woods: difficult, cost 2, cover partial',
      // "Offers full cover ... difficult terrain. Usually blocks line of sight."
      'heavy-woods: difficult, cost 2, cover full, blocks sight',
      'rubble: difficult, cost 2, cover partial',
      'low-wall: difficult, cost 2, cover partial',
      'movable-object: difficult, cost 2, cover partial',
      'minor-object: wall, blocked, cover none, blocks sight',
      'major-object: wall, blocked, cover none, blocks sight',
      // "blocks line of sight and provides full cover"
      'building: wall, blocked, cover none, blocks sight',
      // rivers and pools: water, 2 to enter
      'water: water, cost 2, cover none',
      'obstacle: wall, blocked, cover none, blocks sight',
    ]);
  });

  it('writes them into the map, square by square', () => {
    for (const seed of [1, 2, 3]) {
      const field = generateBattlefield({ seed, scale: 'large', shape: '3x3ft' });
      field.features.forEach((f, i) => {
        expect(field.map.terrain[i]).toBe(FEATURE_EFFECTS[f].terrain);
        expect(field.map.blocksSight[i]).toBe(FEATURE_EFFECTS[f].blocksSight);
        expect(field.map.cover[i]).toBe(FEATURE_EFFECTS[f].cover);
      });
    }
  });

  it('heavy woods block a line of sight that light woods let through', () => {
    // A band of woods 3 squares deep across a 24 x 24 field, and a look across it.
    const line = (kind: FeatureKind): boolean =>
      hasLineOfSight({ x: 0, y: 6 }, { x: 12, y: 6 }, (x, y) =>
        x < 0 || y < 0 || x >= 24 || y >= 24
          ? true
          : x >= 5 && x <= 7 && FEATURE_EFFECTS[kind].blocksSight,
      );
    expect(line('light-woods')).toBe(true);
    expect(line('heavy-woods')).toBe(false);
    expect(line('building')).toBe(false);
    expect(line('low-wall')).toBe(true);
  });
});

describe('same seed, same field', () => {
  it('gives the same field for the same seed and shape, and another for another seed', () => {
    for (const shape of Object.keys(BATTLEFIELD_SHAPES) as BattlefieldShape[]) {
      const scale = BATTLEFIELD_SHAPES[shape].scale;
      const a = generateBattlefield({ seed: 42, scale, shape });
      const b = generateBattlefield({ seed: 42, scale, shape });
      expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      const c = generateBattlefield({ seed: 43, scale, shape });
      expect(c.log).not.toEqual(a.log);
    }
  });

  it('keeps a roll log that names every roll', () => {
    const field = rigged('10x8in', { 0: [2, ...piece(8, 3, 2, [1, 1]), ...piece(7, 8, 1, [2])] });
    expect(field.log).toEqual([
      'Section 1 (0,0): d6 = 2: 1 small, 1 large',
      '  large 2d6 = 8: heavy woods; d8 = 3 (north-east), d6-1 = 1: at 6,3; 4 x 4',
      '  small 2d6 = 7: rubble; d8 = 8 (south-east), d6-1 = 0: at 5,4; 3 squares',
    ]);
  });
});

describe('one connected field', () => {
  it('joins ground cut off by blocking pieces through the fewest squares, as rubble', () => {
    // A wall of buildings three thick from edge to edge, but for one square thinner.
    const width = 9;
    const height = 7;
    const features: FeatureKind[] = [];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        features.push(x >= 3 && x <= 5 && !(y === 4 && x === 5) ? 'building' : 'open');
    expect(isOneRegion(width, height, features)).toBe(false);
    const breaches = joinCutOffGround(width, height, features);
    // The east side (21 squares and the notch) is the larger: the breach runs from it west.
    expect(breaches).toEqual([
      { x: 4, y: 4 },
      { x: 3, y: 4 },
    ]);
    expect(isOneRegion(width, height, features)).toBe(true);
  });

  it('leaves every generated field one walkable area (a sweep over seeds and shapes)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.constantFrom<BattlefieldShape>('3x3ft', '2x2ft', '10x8in'),
        (seed, shape) => {
          const field = generateBattlefield({
            seed,
            scale: BATTLEFIELD_SHAPES[shape].scale,
            shape,
          });
          expect(isOneRegion(field.map.width, field.map.height, field.features)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
