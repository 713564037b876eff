/**
 * The objective markers of a Basic Battle (solitaire-gaming-rules VI Objectives: "To hold an
 * objective, an army must have at least 1 miniature in base contact with it, and with no
 * opposing miniatures ... within 2 inches of the objective at the end of the game"; "After
 * 4 rounds, score victory points"), contested by both armies:
 * - the heroes' autopilot denies a marker a foe stands beside, goes to its marker before it
 *   strikes, values a foe holding a marker by its points, and leaves a marker it cannot
 *   reach before the points are scored;
 * - rules version 8 (MARKER_CONTEST_RULES), III "Goal Locations": "an enemy unable to make
 *   an attack on its turn will instead move toward the nearest goal": the markers are
 *   where a Basic Battle is won, so an enemy that can strike no hero makes for one.
 * The dice are rigged: only the initiative is rolled, the heroes first (15 against 5).
 */
import { describe, expect, it } from 'vitest';
import { chooseHeroCommand } from '../../../src/engine/game';
import { chebyshevDistance, type Point } from '../../../src/engine/grid';
import { VP_ROUND } from '../../../src/engine/rulesets/skirmish/scenarios';
import {
  MARKER_CONTEST_RULES,
  SKIRMISH_RULES_VERSION,
  SET_UP_APART_RULES,
} from '../../../src/engine/rulesets/skirmish/versions';
import type { GameState, Unit } from '../../../src/engine/types';
import { play, unit } from '../helpers';
import { skirmishGame } from './helpers';

const HEROES_FIRST = [15, 5];

/** A Basic Battle with objectives on `board`, its markers at `markers`, started. */
function battle(
  board: string,
  heroes: string[],
  enemies: string[],
  markers: Point[],
  rulesVersion = SKIRMISH_RULES_VERSION,
  patrol = false,
): GameState {
  const options = {
    scenario: 'basic-battle',
    objectives: true,
    patrol,
    scale: 'small' as const,
  };
  const s = skirmishGame(board, heroes, enemies, options, 1, rulesVersion);
  for (const at of markers)
    s.map.objects.push({
      kind: 'objective',
      ...at,
      width: 1,
      height: 1,
      name: 'objective',
      properties: {},
    });
  return play(s, { type: 'start' }, HEROES_FIRST).state;
}

function sideOf(s: GameState, side: 'heroes' | 'enemies'): Unit[] {
  return s.units.filter((u) => u.side === side);
}

/**
 * The heroes' side below, the enemy's above. The one marker (x 2, y 6) lies on the heroes'
 * side: 1 VP to them, 4 to the enemy (VI: "4 VP for holding the objective nearest to the
 * center of an opposing army's starting side"). A foe stands beside it; another beside the
 * hero, which could strike it.
 */
const DENY = `
###############
#.............#
#.............#
#.............#
#.............#
#.e...........#
#......he.....#
#.............#
###############
`;
const DENY_MARKER = { x: 2, y: 6 };

describe('VI Objectives: the autopilot denies a marker the enemy holds', () => {
  it('in the round the markers score, it steps within 2 squares of it rather than strike', () => {
    const s = battle(DENY, ['swordsman'], ['swordsman', 'swordsman'], [DENY_MARKER]);
    // The game as it stands when round 4 begins (the rounds between play no part here).
    s.round = VP_ROUND;
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    // Its Move Unit of 3 (small battlefield, V) takes it from x 7 to x 4: 2 squares off.
    const to = command?.type === 'move' ? command.to : null;
    expect(to && chebyshevDistance(to, DENY_MARKER)).toBeLessThanOrEqual(2);
  });

  it('earlier, sent to the marker and not yet there, it goes before it strikes', () => {
    const s = battle(DENY, ['swordsman'], ['swordsman', 'swordsman'], [DENY_MARKER]);
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    const to = command?.type === 'move' ? command.to : null;
    expect(to && chebyshevDistance(to, DENY_MARKER)).toBeLessThan(5);
  });
});

/** A hero between two swordsmen; the marker (x 10, y 4) beside the one to the east. */
const BETWEEN = `
##############
#............#
#............#
#............#
#.......ehe..#
#............#
#............#
##############
`;

describe('VI Objectives: the autopilot strikes the foe holding a marker first', () => {
  it('of two equal foes beside it, the one in base contact with the marker', () => {
    const s = battle(BETWEEN, ['swordsman'], ['swordsman', 'swordsman'], [{ x: 10, y: 4 }]);
    const [west, east] = sideOf(s, 'enemies');
    expect(west.position).toEqual({ x: 8, y: 4 });
    const command = chooseHeroCommand(s);
    expect(command).toMatchObject({ type: 'attack', target: east.id });
  });
});

/** A wide hall: the hero below, a foe above it, a marker far to the east. */
const FAR = `
######################
#....................#
#..e.................#
#....................#
#....................#
#....................#
#....................#
#....................#
#..h.................#
######################
`;

describe('VI Objectives: a marker out of reach before the points are scored is left', () => {
  it('in round 4 the hero, 15 squares from the marker (2 moves of 3 reach 6), goes for the foe', () => {
    const marker = { x: 18, y: 8 };
    const s = battle(FAR, ['swordsman'], ['swordsman'], [marker]);
    s.round = VP_ROUND;
    const hero = sideOf(s, 'heroes')[0];
    const foe = sideOf(s, 'enemies')[0];
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    const to = command?.type === 'move' ? command.to : hero.position!;
    expect(chebyshevDistance(to, foe.position!)).toBeLessThan(
      chebyshevDistance(hero.position!, foe.position!),
    );
    expect(chebyshevDistance(to, marker)).toBeGreaterThanOrEqual(
      chebyshevDistance(hero.position!, marker),
    );
  });
});

/**
 * An open field: the enemy swordsman above, 2 squares from a marker (x 2, y 4), the archer
 * far below to the east, out of the swordsman's reach this turn (Move Unit 3 and a blow).
 */
const OPEN = `
#############
#...........#
#...e.......#
#...........#
#...........#
#...........#
#.........h.#
#############
`;
const OPEN_MARKER = { x: 2, y: 4 };

/** The enemy's turn after the archer ends its own; the swordsman's square after it. */
function enemyTurn(
  rulesVersion: number,
  status: 'alerted' | 'prepared',
  patrolRoll?: number,
): Point {
  const patrol = patrolRoll !== undefined;
  let s = battle(OPEN, ['archer'], ['swordsman'], [OPEN_MARKER], rulesVersion, patrol);
  const foe = sideOf(s, 'enemies')[0];
  unit(s, foe.id).ai!.status = status;
  // The archer ends its turn; the enemy acts (its patrol d20 first, when patrolling), and
  // round 2's initiative is rolled.
  const rolls = patrol ? [patrolRoll, ...HEROES_FIRST] : HEROES_FIRST;
  s = play(s, { type: 'end-turn', unit: sideOf(s, 'heroes')[0].id }, rolls).state;
  return unit(s, foe.id).position!;
}

describe('III Goal Locations, rules version 8: the enemy makes for an objective marker', () => {
  it('alerted, with no hero to strike this turn, it goes to the marker and stands beside it', () => {
    const at = enemyTurn(MARKER_CONTEST_RULES, 'alerted');
    expect(chebyshevDistance(at, OPEN_MARKER)).toBeLessThanOrEqual(1);
  });

  it('unaware of the heroes, it makes for the marker too (it can attack no one)', () => {
    const at = enemyTurn(MARKER_CONTEST_RULES, 'prepared');
    expect(chebyshevDistance(at, OPEN_MARKER)).toBeLessThanOrEqual(1);
  });

  it('unaware with the Patrolling table chosen, it patrols (III) and leaves the marker be', () => {
    // d20 = 3: "stays in place" (1-6); d20 = 10: "moves forward" (7-11) as far as it can,
    // the way it faces (toward the heroes), not aside to the marker.
    expect(enemyTurn(MARKER_CONTEST_RULES, 'prepared', 3)).toEqual({ x: 4, y: 2 });
    const forward = enemyTurn(MARKER_CONTEST_RULES, 'prepared', 10);
    expect(forward).not.toEqual({ x: 4, y: 2 });
    expect(chebyshevDistance(forward, OPEN_MARKER)).toBeGreaterThan(1);
  });

  it('rules version 7 replays as played: alerted, it closes on the archer; unaware, it waits', () => {
    const alerted = enemyTurn(SET_UP_APART_RULES, 'alerted');
    expect(chebyshevDistance(alerted, OPEN_MARKER)).toBeGreaterThan(1);
    expect(chebyshevDistance(alerted, { x: 10, y: 6 })).toBeLessThan(6);
    expect(enemyTurn(SET_UP_APART_RULES, 'prepared')).toEqual({ x: 4, y: 2 });
  });
});
