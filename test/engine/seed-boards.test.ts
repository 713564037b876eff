/**
 * The two board set-ups of solo-miniatures-dungeon-crawl section 1 (Set Up), with rigged
 * dice: the single 8 x 10 sheet (5 adjacent open squares on two opposite sides, 10 to 15
 * obstacles) and the chessboard (2d6+1 obstacles, each on a 2d8 square: rank, then file).
 */
import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../src/engine/dice';
import {
  generateChessboard,
  generateSheet,
  isOneRegion,
  type GeneratedBoard,
} from '../../src/engine/systems/boards';

function rows(board: GeneratedBoard): string[] {
  const { width, height } = board.map;
  return Array.from({ length: height }, (_, y) =>
    board.features
      .slice(y * width, (y + 1) * width)
      .map((f) => (f === 'obstacle' ? '#' : '.'))
      .join(''),
  );
}

describe('section 1: the 8 x 10 sheet', () => {
  it('leaves 5 adjacent squares open on each short side (d4 for where each run starts) and places d6+9 obstacles by d8 column and d10 row', () => {
    const dice = riggedDice([
      1, // the south run starts at column d4 - 1 = 0 (squares 0-4 of the bottom row)
      4, // the north run at column 3 (squares 3-7 of the top row)
      1, // d6 + 9 = 10 obstacles
      ...[1, 1], // d8 = 1, d10 = 1: square 0,0 (outside the north run)
      ...[4, 1], // square 3,0: a set-up square: rolled again
      ...[2, 3],
      ...[3, 3],
      ...[2, 3], // square 1,2 again: rolled again
      ...[5, 5],
      ...[6, 5],
      ...[7, 7],
      ...[8, 8],
      ...[1, 9],
      ...[8, 2],
      ...[3, 10], // square 2,9, in the south run: rolled again
      ...[8, 10],
    ]);
    const sheet = generateSheet({ seed: 0, dice });
    expect(dice.remaining()).toBe(0);
    expect(sheet.obstaclesRolled).toBe(10);
    expect(sheet.obstacles).toHaveLength(10);
    expect(rows(sheet)).toEqual([
      '#.......',
      '.......#',
      '.##.....',
      '........',
      '....##..',
      '........',
      '......#.',
      '.......#',
      '#.......',
      '.......#',
    ]);
    expect(sheet.setup.heroes).toEqual([0, 1, 2, 3, 4].map((x) => ({ x, y: 9 })));
    expect(sheet.setup.enemies).toEqual([3, 4, 5, 6, 7].map((x) => ({ x, y: 0 })));
    // The heroes' run is marked for the default set-up.
    expect(sheet.map.objects.map((o) => `${o.kind} ${o.x},${o.y}`)).toEqual([
      'hero 0,9',
      'hero 1,9',
      'hero 2,9',
      'hero 3,9',
      'hero 4,9',
    ]);
    expect(sheet.map.terrain.filter((t) => t === 'wall')).toHaveLength(10);
  });

  it('rolls again for an obstacle that would shut squares off', () => {
    const dice = riggedDice([
      1,
      1,
      1, // 10 obstacles
      ...[7, 1], // square 6,0
      ...[7, 2], // square 6,1
      ...[8, 2], // square 7,1 would shut the corner 7,0 off: rolled again
      ...[1, 5],
      ...[2, 5],
      ...[3, 5],
      ...[4, 5],
      ...[5, 5],
      ...[6, 5],
      ...[7, 5],
      ...[8, 5], // square 7,4 would close row 4 from side to side: rolled again
      ...[1, 7], // square 0,6
    ]);
    const sheet = generateSheet({ seed: 0, dice });
    expect(dice.remaining()).toBe(0);
    expect(rows(sheet)).toEqual([
      '......#.',
      '......#.',
      '........',
      '........',
      '#######.',
      '........',
      '#.......',
      '........',
      '........',
      '........',
    ]);
    expect(isOneRegion(8, 10, sheet.features)).toBe(true);
  });

  it('gives 10 to 15 obstacles and one open area for any seed; the same seed, the same sheet', () => {
    for (let seed = 0; seed < 200; seed++) {
      const sheet = generateSheet({ seed });
      expect(sheet.obstacles.length).toBeGreaterThanOrEqual(10);
      expect(sheet.obstacles.length).toBeLessThanOrEqual(15);
      expect(isOneRegion(8, 10, sheet.features)).toBe(true);
      for (const p of [...sheet.setup.heroes, ...sheet.setup.enemies])
        expect(sheet.features[p.y * 8 + p.x]).toBe('open');
    }
    expect(JSON.stringify(generateSheet({ seed: 9 }))).toBe(
      JSON.stringify(generateSheet({ seed: 9 })),
    );
  });
});

describe('section 1: the chessboard', () => {
  it('rolls 2d6+1 obstacles, each on the square of 2d8: rank first (1 at the bottom), then file (1 = a)', () => {
    const dice = riggedDice([
      1,
      2, // 2d6 + 1 = 4 obstacles
      ...[1, 1], // a1: bottom-left
      ...[8, 8], // h8: top-right
      ...[1, 1], // a1 again: rolled again
      ...[4, 5], // e4
      ...[2, 3], // c2
    ]);
    const board = generateChessboard({ seed: 0, dice });
    expect(dice.remaining()).toBe(0);
    expect(board.obstaclesRolled).toBe(4);
    expect(board.obstacles).toEqual([
      { x: 0, y: 7 },
      { x: 7, y: 0 },
      { x: 4, y: 4 },
      { x: 2, y: 6 },
    ]);
    expect(rows(board)).toEqual([
      '.......#',
      '........',
      '........',
      '........',
      '....#...',
      '........',
      '..#.....',
      '#.......',
    ]);
  });

  it('gives 3 to 13 obstacles and one open area for any seed', () => {
    for (let seed = 0; seed < 200; seed++) {
      const board = generateChessboard({ seed });
      expect(board.obstacles.length).toBe(board.obstaclesRolled);
      expect(board.obstaclesRolled).toBeGreaterThanOrEqual(3);
      expect(board.obstaclesRolled).toBeLessThanOrEqual(13);
      expect(isOneRegion(8, 8, board.features)).toBe(true);
    }
  });
});
