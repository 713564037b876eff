/**
 * A large figure plans its long way with its whole base (solitaire-gaming-rules V "Large
 * Figures": a figure on more than one space moves by its "main" space; "Movement": "A
 * large figure can move through walls ... as long as at least 1 space its base is on is
 * open during the entire move", and like every figure it ends a move only where it fits).
 * So a 2x2 ogre (move 6 on the large battlefield, V's table) may pass a gap one square
 * wide, but not end its turn in it: a one-square passage longer than its move is a way it
 * can never take, and it plans round by a two-square one, where its base fits at every
 * step. Its moves themselves stay V's (one open square of its base while passing): a
 * short one-square gap it passes within one move, to strike or when a player moves it; only
 * the long way is planned over squares its base fits. Since
 * the Skirmish's rules version BASE_PLANNING_RULES; games made before (old saves) plan by
 * the main square alone.
 */
import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import { requireRules } from '../../../src/engine/rulesets/registry';
import { BASE_PLANNING_RULES, SKIRMISH_RULES_VERSION } from '../../../src/engine/rulesets/skirmish';
import { reachableSquares } from '../../../src/engine/systems/movement';
import { walkToward, type Placed } from '../../../src/engine/systems/pursuit';
import type { Point } from '../../../src/engine/grid';
import type { GameState } from '../../../src/engine/types';
import { skirmishGame } from './helpers';

/** A band of wall nine squares deep; `1` marks a one-square passage, `2` a two-square one. */
function field(near: '1' | '2', far: boolean): string {
  const band = `######${near === '1' ? '.#' : '..'}##########${far ? '..' : '##'}######`;
  return `
##########################
#........................#
#..e.....................#
#........................#
#........................#
${Array(9).fill(band).join('\n')}
#........................#
#........................#
#..........h.............#
#........................#
##########################`;
}

const BAND_TOP = 5;
const BAND_BOTTOM = 13;

/** The ogre's main squares over `turns` turns of walking toward the hero's square. */
function walk(s: GameState, turns: number): Point[] {
  const ogre = s.units.find((u) => u.kind === 'ogre') as Placed;
  const goal = s.units.find((u) => u.side === 'heroes')!.position!;
  expect(ogre.move, 'V: a large figure moves 6 on the large battlefield').toBe(6);
  const seen: Point[] = [{ ...ogre.position }];
  for (let t = 0; t < turns; t++) {
    walkToward(
      { state: s, dice: riggedDice([]), events: [], rules: requireRules(s) },
      ogre,
      goal,
      'test',
    );
    seen.push({ ...ogre.position });
  }
  return seen;
}

function game(near: '1' | '2', far: boolean): GameState {
  const s = skirmishGame(field(near, far), ['swordsman'], ['ogre'], { scale: 'large' });
  expect(s.units.find((u) => u.kind === 'ogre')!.position).toEqual({ x: 3, y: 2 });
  return s;
}

const below = (p: Point) => p.y > BAND_BOTTOM;
const inBand = (p: Point) => p.y >= BAND_TOP - 1 && p.y <= BAND_BOTTOM;

describe('a large figure plans with its whole base (V Large Figures, Movement)', () => {
  it('does not take a one-square passage longer than its move: it goes round by the two-square one', () => {
    const s = game('1', true);
    expect(s.rulesVersion).toBe(SKIRMISH_RULES_VERSION);
    expect(SKIRMISH_RULES_VERSION).toBeGreaterThanOrEqual(BASE_PLANNING_RULES);
    const seen = walk(s, 8);
    expect(seen.some(below), JSON.stringify(seen)).toBe(true);
    // Through the band by the far passage (main square on x 18), never into the near one.
    expect(seen.filter(inBand).every((p) => p.x >= 17)).toBe(true);
    expect(seen.filter((p) => p.y > BAND_TOP && p.y < BAND_BOTTOM).length).toBeGreaterThan(0);
  });

  it('takes a two-square passage, ending its turns inside it', () => {
    const seen = walk(game('2', false), 5);
    expect(seen.some(below), JSON.stringify(seen)).toBe(true);
    expect(seen.filter(inBand).every((p) => p.x === 6)).toBe(true);
  });

  it('under an older rules version (old saves) it plans by its main square and stalls at the narrow passage', () => {
    const s = game('1', true);
    s.rulesVersion = BASE_PLANNING_RULES - 1 > 1 ? BASE_PLANNING_RULES - 1 : undefined;
    const seen = walk(s, 8);
    expect(seen.some(below), JSON.stringify(seen)).toBe(false);
  });

  it('still moves by V: within one move it passes a one-square gap with one square of its base open', () => {
    const s = skirmishGame(
      `
      ##########
      #........#
      #.e......#
      #........#
      ####.#####
      ####.#####
      #........#
      #........#
      #.....h..#
      ##########`,
      ['swordsman'],
      ['ogre'],
      { scale: 'large' },
    );
    const ogre = s.units.find((u) => u.kind === 'ogre')!;
    expect(ogre.position).toEqual({ x: 2, y: 2 });
    const ends = [...reachableSquares(s, ogre).values()].map((r) => r.path[r.path.length - 1]);
    // Its whole base below the wall (rows 6-7), through the gap two squares deep.
    expect(ends.some((p) => p.y >= 6)).toBe(true);
    // It never ends a move with its base on the wall.
    expect(ends.some((p) => p.y === 3 || p.y === 4 || p.y === 5)).toBe(false);
  });
});
