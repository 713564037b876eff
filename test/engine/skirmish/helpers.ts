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
