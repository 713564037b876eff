/**
 * Skirmish test boards: `h` marks a hero square and `e` an enemy square; the figures come
 * from the lists, in reading order (the set-up fills the marked squares first, row by row).
 */
import { makeBoard } from '../../../src/engine/ascii-board';
import { createGame } from '../../../src/engine/setup';
import type { GameState, ScenarioOptions } from '../../../src/engine/types';

export const LETTERS = {
  h: { kind: 'hero', unit: '' },
  e: { kind: 'enemy', unit: '' },
} as const;

export function skirmishGame(
  ascii: string,
  heroes: string[],
  enemies: string[],
  options: Partial<ScenarioOptions> = {},
  seed = 1,
): GameState {
  const map = makeBoard(ascii, { letters: LETTERS });
  const r = createGame({
    scenarioId: 'test',
    map,
    seed,
    ruleModule: 'skirmish',
    options: {
      heroes: heroes.join(','),
      enemies: enemies.join(','),
      objectives: false,
      morale: false,
      ...options,
    },
  });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

/** An open field: one enemy square facing one hero square across it. */
export const FIELD = `
############
#..........#
#....e.....#
#..........#
#..........#
#..........#
#....h.....#
############
`;

/**
 * A walled field for Transport (VI): the object "in or near the center" at (7,8), the hero
 * beside it, the enemy beside the hero; each army's own side (the first open row at the
 * top, the last at the bottom) more than a Move Unit from the foe's start.
 */
export const TRANSPORT_FIELD = `
##############
#............#
#............#
#............#
#............#
#............#
#............#
#.....e......#
#.....h......#
#............#
#............#
#............#
#............#
#............#
#............#
##############
`;

/**
 * A pillared hall inside a wall: its first open rows inside the wall (row 1, x 5..8 at the
 * top; row 12, x 4..9 at the bottom) are the armies' far edges (goals.ts); two hero squares
 * below, one enemy square above.
 */
export const HALL = `
##############
#####....#####
###........###
#............#
#.....e......#
#............#
#...#....#...#
#............#
#............#
#............#
#....h.h.....#
###........###
####......####
##############
`;
