/**
 * Skirmish test boards: `h` marks a hero square and `e` an enemy square; the figures come
 * from the lists, in reading order (the set-up fills the marked squares first, row by row).
 */
import { makeBoard } from '../../../src/engine/ascii-board';
import { loadBundledMap } from '../../../src/devtools/bundled-maps';
import { chebyshevDistance } from '../../../src/engine/grid';
import { findRuleModule } from '../../../src/engine/rulesets/registry';
import { markedStarts } from '../../../src/engine/rulesets/skirmish/goals';
import type { BattleMap } from '../../../src/engine/map';
import { createGame } from '../../../src/engine/setup';
import { FEATURE_EFFECTS, type FeatureKind } from '../../../src/engine/systems/boards';
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
  rulesVersion?: number,
): GameState {
  const map = makeBoard(ascii, { letters: LETTERS });
  return skirmishGameOn(map, heroes, enemies, options, seed, rulesVersion);
}

/** A Skirmish game on `map` (see skirmishGame). */
function skirmishGameOn(
  map: BattleMap,
  heroes: string[],
  enemies: string[],
  options: Partial<ScenarioOptions> = {},
  seed = 1,
  rulesVersion?: number,
): GameState {
  const r = createGame({
    scenarioId: 'test',
    map,
    seed,
    ruleModule: 'skirmish',
    ...(rulesVersion === undefined ? {} : { rulesVersion }),
    options: {
      heroes: heroes.join(','),
      enemies: enemies.join(','),
      // The boards here are tiny (small battlefields by V's sizes), but their figures are
      // placed and their moves counted at the large scale unless a test says otherwise.
      scale: 'large',
      objectives: false,
      morale: false,
      ...options,
    },
  });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

/**
 * A scenario of VI with its default armies on a bundled map (seed 1), set up by the rules
 * of `rulesVersion` (the current ones when not given).
 */
export function bundledMapGame(mapId: string, scenario: string, rulesVersion?: number): GameState {
  const map = loadBundledMap(mapId);
  const skirmish = findRuleModule('skirmish')!;
  const options = skirmish.muster!.forScenario(skirmish.normaliseOptions({}, map), scenario);
  const made = createGame({
    scenarioId: `map:${mapId}`,
    map,
    seed: 1,
    ruleModule: 'skirmish',
    options,
    ...(rulesVersion ? { rulesVersion } : {}),
  });
  if (!made.ok) throw new Error(made.error);
  return made.state;
}

/** The enemies standing on squares their map marks within 2 Move Units (6, small) of a hero. */
export function enemiesOnMarksTooNear(state: GameState): number {
  const heroes = state.units.filter((u) => u.side === 'heroes').map((u) => u.position!);
  const tooNear = markedStarts(state.map, 'enemies').filter((p) =>
    heroes.some((h) => chebyshevDistance(h, p) < 6),
  );
  return state.units.filter(
    (u) =>
      u.side === 'enemies' && tooNear.some((p) => p.x === u.position!.x && p.y === u.position!.y),
  ).length;
}

/** A small room: a hero square with an enemy square beside it, east. */
export const NEAR = `
########
#......#
#..he..#
#......#
########
`;

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
 * The terrain pieces of VII drawn on a test field, by letter: `w` light woods, `T` heavy
 * woods (trees that stop sight), `=` a low wall, `r` rubble. Each square gets its
 * feature's terrain, sight and cover (boards.ts FEATURE_EFFECTS), as a generated board's.
 */
export const FEATURE_LETTERS: Readonly<Record<string, FeatureKind>> = {
  w: 'light-woods',
  T: 'heavy-woods',
  '=': 'low-wall',
  r: 'rubble',
};

/** skirmishGame on a board that may also show the terrain pieces of FEATURE_LETTERS. */
export function skirmishField(
  ascii: string,
  heroes: string[],
  enemies: string[],
  options: Partial<ScenarioOptions> = {},
): GameState {
  const letters = Object.keys(FEATURE_LETTERS);
  const plain = ascii.replace(/[wT=r]/g, '.');
  const map = makeBoard(plain, { letters: LETTERS });
  const rows = ascii.split('\n').filter((r) => r.trim().length > 0);
  const indent = Math.min(...rows.map((r) => r.length - r.trimStart().length));
  rows.forEach((row, y) =>
    [...row.slice(indent)].forEach((ch, x) => {
      if (!letters.includes(ch)) return;
      const effect = FEATURE_EFFECTS[FEATURE_LETTERS[ch]];
      const i = y * map.width + x;
      map.terrain[i] = effect.terrain;
      map.blocksSight[i] = effect.blocksSight;
      map.cover[i] = effect.cover;
    }),
  );
  return skirmishGameOn(map, heroes, enemies, options);
}

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

/**
 * A room with no edge apart from the heroes' start, and too small for the large field's
 * 4-square fortress (not for the small one's 3).
 */
export const ROOM = `
#######
#..e..#
#.....#
#..h..#
#######
`;
