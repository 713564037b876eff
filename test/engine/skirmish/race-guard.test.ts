/**
 * Skirmish rules version 7 in the races of solitaire-gaming-rules VI (Infiltrate,
 * Transport). III "Goal Locations": "If a victory condition of a game is to reach a certain
 * point on the battlefield or collect an object or NPC, an enemy unable to make an attack on
 * its turn will instead move toward the nearest goal." III "Special Actions": "Enemies will
 * attempt to take special actions when logically necessary". VI Transport: "place some kind
 * of marker representing an object in or near the center of the playing area". The dice
 * are rigged: only the initiative is rolled, the heroes first (15 against 5).
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/engine/types';
import { chooseHeroCommand } from '../../../src/engine/game';
import { walkingDistance } from '../../../src/engine/systems/pursuit';
import { tableCentre } from '../../../src/engine/rulesets/skirmish/goals';
import { RACE_GUARD_RULES, RACING_RULES } from '../../../src/engine/rulesets/skirmish/versions';
import { play, unit } from '../helpers';
import { skirmishGame } from './helpers';

const HEROES_FIRST = [15, 5];

/** An open field: the enemy by its own side (row 1, the heroes' goal), the hero far below. */
const OPEN = `
###############
#.............#
#...e.........#
#.............#
#.............#
#.............#
#.............#
#..........h..#
###############
`;

function started(
  scenario: string,
  rulesVersion: number,
  board = OPEN,
  heroes = ['archer'],
): GameState {
  const options = { scenario, scale: 'small' as const };
  const s = skirmishGame(board, heroes, ['swordsman'], options, 1, rulesVersion);
  return play(s, { type: 'start' }, HEROES_FIRST).state;
}

describe('III Goal Locations, "the nearest goal", rules version 7: the enemy stands in the heroes\u2019 way', () => {
  it('Infiltrate: with no hero to strike it goes to the heroes\u2019 goal, nearer than its own', () => {
    // The swordsman (Move Unit 3, small battlefield: V) stands a square from row 1, the
    // heroes' goal; its own goal, row 7, is five squares off. The archer, nine squares
    // away, is out of its reach this turn.
    let s = started('infiltrate', RACE_GUARD_RULES);
    s = play(s, { type: 'end-turn', unit: 'archer-1' }, HEROES_FIRST).state;
    expect(unit(s, 'swordsman-1').position!.y).toBe(1);
  });

  it('rules version 6 replays as played: it runs for its own goal', () => {
    let s = started('infiltrate', RACING_RULES);
    s = play(s, { type: 'end-turn', unit: 'archer-1' }, HEROES_FIRST).state;
    expect(unit(s, 'swordsman-1').position!.y).toBeGreaterThan(2);
  });
});

describe('III Special Actions in a Transport, rules version 7: the object in reach before a blow', () => {
  /** The swordsman alerted above the archer, the object on the square east of it. */
  function besideObject(rulesVersion: number): GameState {
    const board = `
###############
#.............#
#.............#
#.............#
#.............#
#......e......#
#......h......#
#.............#
#.............#
#.............#
###############
`;
    const s = started('transport', rulesVersion, board);
    unit(s, 'swordsman-1').ai!.status = 'alerted';
    s.objective.object = { at: { x: 8, y: 5 }, carrier: null };
    return s;
  }

  it('it takes up the object and carries it toward its side, striking no one', () => {
    // "The object can be picked up by a figure as an action": the pick-up is its other
    // action, its Move Unit (3) goes toward its own side (row 1, where it began).
    let s = besideObject(RACE_GUARD_RULES);
    s = play(s, { type: 'end-turn', unit: 'archer-1' }, HEROES_FIRST).state;
    expect(s.objective.object).toEqual({ at: null, carrier: 'swordsman-1' });
    expect(unit(s, 'swordsman-1').position!.y).toBe(2);
    expect(unit(s, 'archer-1').wounds).toBe(0);
  });

  it('rules version 6 replays as played: it strikes the hero beside it first', () => {
    let s = besideObject(RACING_RULES);
    // Its blow (d20 = 3, a miss against 6+ in melee: VIII), then the next round's initiative.
    s = play(s, { type: 'end-turn', unit: 'archer-1' }, [3, ...HEROES_FIRST]).state;
    expect(s.objective.object).toEqual({ at: { x: 8, y: 5 }, carrier: null });
  });
});

describe('VI Transport, "in or near the center", rules version 7: where both armies are evenly placed', () => {
  // The hero starts a square below the table's centre (7,4), the enemy three above it.
  const UNEVEN = `
###############
#......e......#
#.............#
#.............#
#.............#
#......h......#
#.............#
#.............#
###############
`;

  it('the object goes to a square within 1 Move Unit of the centre, more evenly far from the two', () => {
    const s = started('transport', RACE_GUARD_RULES, UNEVEN);
    const centre = tableCentre(s.map)!;
    const at = s.objective.object!.at!;
    const gap = (p: { x: number; y: number }): number =>
      Math.abs(
        walkingDistance(s, unit(s, 'archer-1').position!, p) -
          walkingDistance(s, unit(s, 'swordsman-1').position!, p),
      );
    expect(at).not.toEqual(centre);
    expect(Math.max(Math.abs(at.x - centre.x), Math.abs(at.y - centre.y))).toBeLessThanOrEqual(3);
    expect(gap(at)).toBeLessThan(gap(centre));
  });

  it('rules version 6 replays as played: the object on the centre', () => {
    const s = started('transport', RACING_RULES, UNEVEN);
    expect(s.objective.object!.at).toEqual(tableCentre(s.map));
  });
});

describe('the autopilot in a Transport: the hero nearest the object acts first', () => {
  it('handed the turn, a hero far from the object activates the one beside it (III Initiative: one unit at a time)', () => {
    const s = started('transport', RACE_GUARD_RULES, OPEN, ['swordsman', 'archer']);
    const first = s.turn!.unitId;
    const other = first === 'swordsman-1' ? 'archer-1' : 'swordsman-1';
    // The object beside the hero not handed the turn; the other hero stays where it began.
    const by = unit(s, other).position!;
    s.objective.object = { at: { x: by.x, y: by.y - 1 }, carrier: null };
    expect(chooseHeroCommand(s)).toEqual({ type: 'activate', unit: other });
  });
});
