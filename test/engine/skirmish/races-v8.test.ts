/**
 * Skirmish rules version 8 in a Transport (solitaire-gaming-rules VI, "19 to 20:
 * Transport"), issue 28 "Balance a player can trust". III "Special Actions": "Enemies will
 * attempt to take special actions when logically necessary ... Enemies do not 'plan' and do
 * not attempt actions which do not have an immediate benefit." III "Goal Locations": "If a
 * victory condition of a game is to reach a certain point on the battlefield or collect an
 * object or NPC ..."; VI Transport: "If the figure carrying the object is removed from the
 * playing area, the object falls to the ground", and it is set up "as in a Basic Battle":
 * "The figures have to be at least 2 Move Units away from the figures of any other army."
 * The dice are rigged: the initiative, the heroes first (15 against 5), and any blow.
 */
import { describe, expect, it } from 'vitest';
import { walkingDistance } from '../../../src/engine/systems/pursuit';
import {
  EVEN_TAKE_RULES,
  OBJECT_FIRST_RULES,
  RACE_SET_UP_APART_RULES,
  SKIRMISH_RULES_VERSION,
} from '../../../src/engine/rulesets/skirmish/versions';
import type { GameEvent, GameState } from '../../../src/engine/types';
import { play, unit } from '../helpers';
import { bundledMapGame, enemiesOnMarksTooNear, skirmishGame } from './helpers';

const HEROES_FIRST = [15, 5];
/** A d20 of 3 misses a melee blow, which needs 6+ (VIII). */
const MISS = 3;

/**
 * A walled field 13 squares wide and `rows` deep (a small battlefield by V's sizes), open
 * but for the figures' marks: `marks` maps "x,y" to `h` (a hero's square) or `e` (an enemy's).
 */
function walledField(rows: number, marks: Record<string, 'h' | 'e'>): string {
  const row = (y: number): string =>
    Array.from({ length: 15 }, (_, x) =>
      x === 0 || x === 14 ? '#' : (marks[`${x},${y}`] ?? '.'),
    ).join('');
  const wall = '#'.repeat(15);
  return [wall, ...Array.from({ length: rows }, (_, i) => row(i + 1)), wall].join('\n');
}

/** A Transport on an open field at the small scale (Move Unit 3: V), the heroes to act. */
function transport(rulesVersion: number, heroes: string[]): GameState {
  const options = { scenario: 'transport', scale: 'small' as const };
  const board = walledField(8, { '1,1': 'e', '1,8': 'h' });
  const s = skirmishGame(board, heroes, ['swordsman'], options, 1, rulesVersion);
  return play(s, { type: 'start' }, HEROES_FIRST).state;
}

function place(s: GameState, id: string, x: number, y: number): void {
  unit(s, id).position = { x, y };
}

function blowsAt(events: GameEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'attacked' ? [e.target] : []));
}

describe('III Special Actions, rules version 8: the object this Move Unit reaches comes before a blow', () => {
  /** The swordsman alerted at (7,2), the archer at (7,4), the object at (9,4): 2 squares off. */
  function objectInReach(rulesVersion: number): GameState {
    const s = transport(rulesVersion, ['archer']);
    place(s, 'swordsman-1', 7, 2);
    place(s, 'archer-1', 7, 4);
    unit(s, 'swordsman-1').ai!.status = 'alerted';
    s.objective.object = { at: { x: 9, y: 4 }, carrier: null };
    return s;
  }

  it('it walks to the object and takes it up, striking no one', () => {
    const s = objectInReach(OBJECT_FIRST_RULES);
    const r = play(s, { type: 'end-turn', unit: 'archer-1' }, HEROES_FIRST);
    expect(r.state.objective.object).toEqual({ at: null, carrier: 'swordsman-1' });
    expect(blowsAt(r.events)).toEqual([]);
  });

  it('rules version 7 replays as played: it strikes the archer it can reach, and leaves the object', () => {
    const s = objectInReach(OBJECT_FIRST_RULES - 1);
    const r = play(s, { type: 'end-turn', unit: 'archer-1' }, [MISS, ...HEROES_FIRST]);
    expect(blowsAt(r.events)).toEqual(['archer-1']);
    expect(r.state.objective.object).toEqual({ at: { x: 9, y: 4 }, carrier: null });
  });
});

describe('III Goal Locations, rules version 8: the enemy strikes the hero carrying the object', () => {
  /** The swordsman at (7,2) beside the knight (7,3); the archer carries the object at (10,2). */
  function carrierInReach(rulesVersion: number): GameState {
    const s = transport(rulesVersion, ['knight', 'archer']);
    place(s, 'swordsman-1', 7, 2);
    place(s, 'knight-1', 7, 3);
    place(s, 'archer-1', 10, 2);
    unit(s, 'swordsman-1').ai!.status = 'alerted';
    unit(s, 'archer-1').carrying = 'object';
    s.objective.object = { at: null, carrier: 'archer-1' };
    return s;
  }

  /**
   * Both heroes end their turns: the swordsman acts between them (its blow a miss), and
   * the second ends the round (the next initiative, the heroes first).
   */
  function enemyBlows(s: GameState): string[] {
    const blows: string[] = [];
    for (const [i, id] of ['knight-1', 'archer-1'].entries()) {
      if (s.turn?.unitId !== id) s = play(s, { type: 'activate', unit: id }).state;
      const r = play(s, { type: 'end-turn', unit: id }, i === 0 ? [MISS] : HEROES_FIRST);
      blows.push(...blowsAt(r.events));
      s = r.state;
    }
    return blows;
  }

  it('it walks past the knight beside it to strike the carrier, three squares off', () => {
    expect(enemyBlows(carrierInReach(OBJECT_FIRST_RULES))).toEqual(['archer-1']);
  });

  it('rules version 7 replays as played: it strikes the nearest hero, the knight', () => {
    expect(enemyBlows(carrierInReach(OBJECT_FIRST_RULES - 1))).toEqual(['knight-1']);
  });
});

describe('VI Transport, "in or near the center", rules version 8: evenly placed to take it up', () => {
  // The archer at (1,6), the swordsman at (3,1); the table's centre is (7,4).
  const CORNERS = walledField(7, { '3,1': 'e', '1,6': 'h' });

  /** The actions (Move Units of 3 to stand by it, then the pick-up) each needs to take it up. */
  function takes(rulesVersion: number): number[] {
    const options = { scenario: 'transport', scale: 'small' as const };
    const s0 = skirmishGame(CORNERS, ['archer'], ['swordsman'], options, 1, rulesVersion);
    const s = play(s0, { type: 'start' }, HEROES_FIRST).state;
    const at = s.objective.object!.at!;
    return ['archer-1', 'swordsman-1'].map(
      (id) => Math.ceil(Math.max(0, walkingDistance(s, unit(s, id).position!, at) - 1) / 3) + 1,
    );
  }

  it('the object goes where both take it up in the same number of actions', () => {
    const [hero, enemy] = takes(EVEN_TAKE_RULES);
    expect(hero).toBe(enemy);
  });

  it('rules version 7 replays as played: one army a whole action sooner to it', () => {
    const [hero, enemy] = takes(EVEN_TAKE_RULES - 1);
    expect(Math.abs(hero - enemy)).toBeGreaterThanOrEqual(1);
  });
});

describe('VI Transport, "set up as in a Basic Battle", rules version 8', () => {
  it('is the current version', () => {
    expect(SKIRMISH_RULES_VERSION).toBeGreaterThanOrEqual(RACE_SET_UP_APART_RULES);
    expect(EVEN_TAKE_RULES).toBe(RACE_SET_UP_APART_RULES);
  });

  it('the Dungeon Crawl board: no enemy on a marked square within 2 Move Units of a hero', () => {
    expect(enemiesOnMarksTooNear(bundledMapGame('dungeon-crawl', 'transport'))).toBe(0);
  });

  it('rules version 7 replays as played: the enemy on the squares the board marks', () => {
    expect(
      enemiesOnMarksTooNear(
        bundledMapGame('dungeon-crawl', 'transport', RACE_SET_UP_APART_RULES - 1),
      ),
    ).toBeGreaterThan(0);
  });
});
