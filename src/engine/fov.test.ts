/**
 * The fast field of view against the per-pair four-corner check it stands for
 * (miniatures-los-cover: a square is seen when some corner-to-corner line is clear), square
 * for square, on ASCII fixtures, on random maps and on the 64x64 benchmark dungeon.
 */
import { describe, expect, it } from 'vitest';
import { parseAscii } from '../../test/ascii';
import { fieldOfView, sideFieldOfView, sightGrid } from './fov';
import { hasLineOfSight } from './los';
import { createDiceState, openDice } from './dice';
import type { Point } from './grid';

type Blocks = (x: number, y: number) => boolean;

/** Every square's answer from hasLineOfSight, as 0/1. */
function slowField(origin: Point, width: number, height: number, blocks: Blocks): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      out[y * width + x] = hasLineOfSight(origin, { x, y }, blocks) ? 1 : 0;
  return out;
}

/** The squares where the two disagree, as "x,y" (empty when they agree everywhere). */
function disagreements(origin: Point, width: number, height: number, blocks: Blocks): string[] {
  const fast = fieldOfView(origin, width, height, blocks);
  const slow = slowField(origin, width, height, blocks);
  const out: string[] = [];
  for (let i = 0; i < fast.length; i++)
    if (fast[i] !== slow[i]) out.push(`${i % width},${Math.floor(i / width)}:${slow[i]}`);
  return out;
}

/** A seeded stream in [0, 1) for the random maps (the engine's own dice, warmed). */
function rng(seed: number): () => number {
  const dice = openDice(createDiceState(seed));
  for (let i = 0; i < 64; i++) dice.roll(6);
  return () => (dice.roll(1_000_000) - 1) / 1_000_000;
}

describe('fieldOfView: the four-corner model, fast', () => {
  it('a room behind a wall with a gap, diagonal seams, pillars and a crack: the same squares', () => {
    const board = parseAscii(`
      ##############
      #......#.....#
      #..A...#..#..#
      #......#.#...#
      #.##.......#.#
      #..#..##.....#
      #...#.#..#...#
      ###.##########
      #............#
      ##############
    `);
    const a = board.marks.get('A')![0];
    const blocks = (x: number, y: number) => board.isWall(x, y);
    expect(disagreements(a, board.width, board.height, blocks)).toEqual([]);
    for (let y = 0; y < board.height; y++)
      for (let x = 0; x < board.width; x++)
        expect(disagreements({ x, y }, board.width, board.height, blocks)).toEqual([]);
  });

  it('diagonal seams beside the origin, at a target corner and one column out, cracks, a walled origin: the same squares', () => {
    // The sweeps take a line to a target's near corner as clear when it crosses no shadow
    // and ends at no seam; these boards put seams and cracks exactly where that could slip:
    // pinched origin corners, seams between the first two columns out, seams at the corner
    // of a target, cracks along an origin corner's own grid line, and figures on walls.
    const boards = [
      `
      ###########
      #..#......#
      #.#..#.#..#
      ##...#.#.##
      #..#.#..#.#
      #.#...#...#
      #...#.#.#.#
      ###########
    `,
      `
      ##########
      #.#.#.#..#
      ##.#.#.#.#
      #.#.A.#..#
      ##.#.#.#.#
      #........#
      ##########
    `,
      `
      ##########
      #...##...#
      #...A#...#
      #...##...#
      ##.####.##
      #........#
      ##########
    `,
    ];
    for (const text of boards) {
      const board = parseAscii(text);
      const blocks = (x: number, y: number) => board.isWall(x, y);
      for (let y = 0; y < board.height; y++)
        for (let x = 0; x < board.width; x++)
          expect(
            disagreements({ x, y }, board.width, board.height, blocks),
            `from ${x},${y}`,
          ).toEqual([]);
    }
  });

  it('an origin hidden square and a wall square can be seen (their own content never blocks)', () => {
    const board = parseAscii(`
      #######
      #.A...#
      #.###.#
      #.....#
      #######
    `);
    const seen = fieldOfView(board.marks.get('A')![0], board.width, board.height, board.isWall);
    expect(seen[2 * board.width + 3]).toBe(1); // the wall below and to the right
    expect(seen[3 * board.width + 3]).toBe(0); // the floor behind that wall
  });

  it('random maps of every density, from every kind of square: the same squares', () => {
    const random = rng(1414);
    for (let m = 0; m < 60; m++) {
      const width = 8 + Math.floor(random() * 20);
      const height = 8 + Math.floor(random() * 20);
      const density = [0.05, 0.15, 0.3, 0.45][m % 4];
      const walls = Array.from({ length: width * height }, () => random() < density);
      const blocks = (x: number, y: number) =>
        x < 0 || y < 0 || x >= width || y >= height || walls[y * width + x];
      for (let k = 0; k < 6; k++) {
        const origin = { x: Math.floor(random() * width), y: Math.floor(random() * height) };
        expect(
          disagreements(origin, width, height, blocks),
          `map ${m} from ${origin.x},${origin.y}`,
        ).toEqual([]);
      }
    }
  });

  it('a map read once (sightGrid) and the callback give the same squares, figure after figure', () => {
    // The grid is reused and its arrays lent to each field of view in turn (the origin's own
    // square lifted while it runs): nothing of one figure's field may leak into the next.
    const random = rng(2026);
    for (let m = 0; m < 12; m++) {
      const width = 10 + Math.floor(random() * 30);
      const height = 10 + Math.floor(random() * 30);
      const walls = Array.from({ length: width * height }, () => random() < 0.1 + 0.1 * (m % 4));
      const blocks = (x: number, y: number) =>
        x < 0 || y < 0 || x >= width || y >= height || walls[y * width + x];
      const grid = sightGrid(width, height, blocks);
      for (let k = 0; k < 8; k++) {
        const origin = { x: Math.floor(random() * width), y: Math.floor(random() * height) };
        expect([...fieldOfView(origin, grid)], `map ${m} from ${origin.x},${origin.y}`).toEqual([
          ...fieldOfView(origin, width, height, blocks),
        ]);
      }
    }
  });

  it('the side sees what any of its figures sees', () => {
    const board = parseAscii(`
      #########
      #A..#..B#
      #...#...#
      #########
    `);
    const a = board.marks.get('A')![0];
    const b = board.marks.get('B')![0];
    const side = sideFieldOfView([a, b], sightGrid(board.width, board.height, board.isWall));
    const one = fieldOfView(a, board.width, board.height, board.isWall);
    const two = fieldOfView(b, board.width, board.height, board.isWall);
    for (let i = 0; i < side.length; i++) expect(side[i]).toBe(one[i] | two[i]);
    expect(side[1 * board.width + 2]).toBe(1);
    expect(side[1 * board.width + 6]).toBe(1);
  });
});
