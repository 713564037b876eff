/**
 * The enemy in the races of solitaire-gaming-rules VI (Escape, Infiltrate, Transport): an
 * unaware (Prepared) enemy makes for its goal. III "Goal Locations": "If a victory
 * condition of a game is to reach a certain point on the battlefield or collect an object
 * or NPC, an enemy unable to make an attack on its turn will instead move toward the
 * nearest goal"; unaware of the heroes, it can attack no one. Elsewhere it waits (III
 * Prepared). The dice are rigged: only the initiative is rolled here, the heroes first
 * (15 against 5).
 */
import { describe, expect, it } from 'vitest';
import { skirmishEnemyIntent } from '../../../src/engine/rulesets/skirmish/solo';
import type { GameState } from '../../../src/engine/types';
import { play, unit } from '../helpers';
import { makeBoard } from '../../../src/engine/ascii-board';
import { BOOK_RULES, RACING_RULES } from '../../../src/engine/rulesets/skirmish/versions';
import { createGame } from '../../../src/engine/setup';
import { LETTERS, skirmishGame } from './helpers';

/**
 * Two halves of a field parted by a wall with a gap at each end: the enemy at the top, the
 * hero at the bottom, out of each other's sight; the table's centre (the Transport object)
 * at (7,5), four squares below the enemy.
 */
const PARTED = `
###############
#......e......#
#.............#
#.............#
#.............#
#.............#
#.............#
#.###########.#
#.............#
#......h......#
###############
`;

const HEROES_FIRST = [15, 5];

function game(scenario: string, rulesVersion?: number): GameState {
  // The small scale (V "Movement").
  const options = { scenario, scale: 'small' as const };
  const s = skirmishGame(PARTED, ['archer'], ['slinger'], options, 1, rulesVersion);
  return play(s, { type: 'start' }, HEROES_FIRST).state;
}

/** The archer ends its turn; the enemy acts; the next round's initiative is rolled. */
function heroWaits(state: GameState): GameState {
  return play(state, { type: 'end-turn', unit: 'archer-1' }, HEROES_FIRST).state;
}

describe('III Goal Locations in the races of VI: an unaware enemy makes for its goal', () => {
  it('Transport: it walks to the object, picks it up as an action, and carries it home', () => {
    // Version 6: the object at the very centre of the table (version 7 sets it evenly).
    let s = game('transport', RACING_RULES);
    expect(s.objective.object).toEqual({ at: { x: 7, y: 5 }, carrier: null });
    s = heroWaits(s);
    // Unaware still (the wall hides the archer), a slinger (a small figure: a Move Unit of
    // 2 on a small battlefield, V) takes its Move Unit and a second move onto the object.
    expect(unit(s, 'slinger-1').ai?.status).toBe('prepared');
    expect(unit(s, 'slinger-1').position).toEqual({ x: 7, y: 5 });
    expect(s.objective.object).toEqual({ at: { x: 7, y: 5 }, carrier: null });
    // Round 2: "The object can be picked up by a figure as an action": its other action;
    // its Move Unit takes it toward its own side (row 1).
    s = heroWaits(s);
    expect(s.objective.object).toEqual({ at: null, carrier: 'slinger-1' });
    expect(unit(s, 'slinger-1').position?.y).toBe(3);
    // Round 3: "The army with a figure that carries the object back to the side of the
    // playing area where the force began the game wins."
    s = play(s, { type: 'end-turn', unit: 'archer-1' }).state;
    expect(unit(s, 'slinger-1').position?.y).toBe(1);
    expect(s.outcome).toEqual({
      winner: 'enemies',
      reason: 'The Enemy Slinger carries the object home.',
    });
  });

  it('Escape: it runs for the far edge, round the wall, still unaware', () => {
    let s = game('escape');
    s = heroWaits(s);
    // A slinger is a small figure: a Move Unit of 2 on a small battlefield (V), two moves
    // of 2 toward the heroes' edge (row 9) by the gap at the west end of the wall.
    const after = unit(s, 'slinger-1');
    expect(after.ai?.status).toBe('prepared');
    expect(after.position).toEqual({ x: 3, y: 5 });
  });

  it('Infiltrate: it heads for the far side (one figure alone cannot win it)', () => {
    let s = game('infiltrate');
    const from = unit(s, 'slinger-1').position!;
    s = heroWaits(s);
    const to = unit(s, 'slinger-1').position!;
    expect(to).not.toEqual(from);
    expect(to.y).toBeGreaterThan(from.y);
  });

  it('alerted, with no hero to strike this turn, it makes for the goal instead of closing in', () => {
    // The swordsman sees the archer across the field, ten squares off: beyond its Move Unit
    // of 3 and a blow (a small battlefield, V). "An enemy unable to make an attack on its
    // turn will instead move toward the nearest goal": the object at the centre (7,5), six
    // squares off: two moves of 3 to it (a first move toward the archer, then one toward
    // the object, would end three squares short).
    const open = `
###############
#e............#
#.............#
#.............#
#.............#
#.............#
#.............#
#.............#
#h............#
###############
`;
    let s = skirmishGame(open, ['archer'], ['swordsman'], {
      scenario: 'transport',
      scale: 'small',
    });
    unit(s, 'swordsman-1').ai!.status = 'alerted';
    s = play(s, { type: 'start' }, HEROES_FIRST).state;
    expect(s.objective.object?.at).toEqual({ x: 7, y: 5 });
    s = play(s, { type: 'end-turn', unit: 'archer-1' }, HEROES_FIRST).state;
    const at = unit(s, 'swordsman-1').position!;
    expect(Math.max(Math.abs(at.x - 7), Math.abs(at.y - 5))).toBeLessThanOrEqual(1);
  });

  it('the intent overlay shows where it goes, not that it waits', () => {
    const s = game('infiltrate');
    const intent = skirmishEnemyIntent(s, unit(s, 'slinger-1'));
    expect(intent?.kind).toBe('alerted');
    if (intent?.kind !== 'alerted') return;
    expect(intent.strikes).toEqual([]);
    expect(intent.squares[0].at.y).toBeGreaterThan(1);
  });

  it('a game of rules version 5 replays as it was played: its unaware enemy waits', () => {
    const made = createGame({
      scenarioId: 'test',
      map: makeBoard(PARTED, { letters: LETTERS }),
      seed: 1,
      ruleModule: 'skirmish',
      rulesVersion: BOOK_RULES,
      options: { heroes: 'archer', enemies: 'slinger', scenario: 'transport', scale: 'small' },
    });
    if (!made.ok) throw new Error(made.error);
    let s = play(made.state, { type: 'start' }, HEROES_FIRST).state;
    s = heroWaits(s);
    expect(unit(s, 'slinger-1').position).toEqual({ x: 7, y: 1 });
    expect(RACING_RULES).toBe(BOOK_RULES + 1);
  });

  it('not in a race: a Basic Battle\u2019s unaware enemy waits where it stands (III Prepared)', () => {
    let s = game('basic-battle');
    s = heroWaits(s);
    expect(unit(s, 'slinger-1').position).toEqual({ x: 7, y: 1 });
    const intent = skirmishEnemyIntent(s, unit(s, 'slinger-1'));
    expect(intent).toMatchObject({ kind: 'holds' });
  });
});
