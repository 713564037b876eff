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

/** A hero facing a line of three enemy squares across an open room. */
export const THREE_SLINGERS = `
############
#..e.e.e...#
#..........#
#..........#
#....h.....#
############
`;

/**
 * Two armies a long way round from each other, out of sight: prepared enemies never wake,
 * and a battle of ended turns goes its 5 rounds with no one falling.
 */
export const STAND_OFF = `
##########
#e......e#
########.#
#......#.#
#.h..h.#.#
#......#.#
####.###.#
#........#
##########
`;

/** Takes a figure out as fallen before the battle (a test's set-up, not a rule). */
export function layLow(state: GameState, unitId: string): void {
  const u = state.units.find((x) => x.id === unitId);
  if (!u?.ai) throw new Error(`no enemy ${unitId}`);
  u.position = null;
  u.wounds = u.maxWounds;
  u.ai.status = 'defeated';
  state.objective.enemiesDefeated += 1;
}
