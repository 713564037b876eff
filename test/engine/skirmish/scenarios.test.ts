/**
 * The seven generic scenarios of solitaire-gaming-rules VI, played on small boards.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/engine/types';
import { whySkirmishAttackFails } from '../../../src/engine/rulesets/skirmish/combat';
import { skirmishWeapons } from '../../../src/engine/rulesets/skirmish/types';
import { legalCommands } from '../../../src/engine/game';
import { play, rollsOf, unit } from '../helpers';
import { HALL, skirmishGame, STAND_OFF, TRANSPORT_FIELD } from './helpers';
import { RACING_RULES } from '../../../src/engine/rulesets/skirmish/versions';
import { isCasualty } from '../../../src/engine/world';

function start(state: GameState, rolls: number[] = [15, 5]) {
  return play(state, { type: 'start' }, rolls);
}

/** Ends the turn of every hero in `ids` (the last ends the round); `rolls`: the next initiative. */
function endTurns(state: GameState, ids: string[], rolls: number[] = [15, 5]): GameState {
  let s = state;
  ids.forEach((id, i) => {
    s = play(s, { type: 'end-turn', unit: id }, i === ids.length - 1 ? rolls : []).state;
  });
  return s;
}

describe('VI Escape: "the first army to get more than half the original number of figures ... across to the opposite edge ... wins"', () => {
  it('on a walled map: a hero reaching its goal row leaves the field; one of two out is not more than half, two are', () => {
    let s = start(
      skirmishGame(HALL, ['lancer', 'lancer'], ['swordsman'], { scenario: 'escape' }),
    ).state;
    // The heroes set up below the enemy: their goal is the first open row at the top.
    // Its turn ends as it leaves; the enemy, alerted, closes on the other lancer and
    // strikes: a 5, a miss.
    s = play(s, { type: 'move', unit: 'lancer-1', to: { x: 5, y: 1 } }, [5]).state;
    expect(unit(s, 'lancer-1').offField).toBe('escaped');
    expect(unit(s, 'lancer-1').position).toBeNull();
    expect(s.outcome).toBeNull();
    expect(s.turn?.unitId).toBe('lancer-2');
    s = play(s, { type: 'move', unit: 'lancer-2', to: { x: 8, y: 1 } }).state;
    expect(s.outcome).toEqual({
      winner: 'heroes',
      reason: 'More than half the heroes escaped off the far edge.',
    });
  });

  it('"before 5 rounds are finished": after 5 rounds with no army out, a draw', () => {
    let s = start(
      heldInPlace(
        skirmishGame(SEPARATE, ['archer', 'archer'], ['slinger'], { scenario: 'escape' }),
        'slinger-1',
      ),
    ).state;
    for (let round = 1; round < 5; round++) s = endTurns(s, ['archer-1', 'archer-2']);
    expect(s.outcome).toBeNull();
    s = endTurns(s, ['archer-1', 'archer-2'], []);
    expect(s.round).toBe(5);
    expect(s.outcome).toEqual({
      winner: null,
      reason: 'After 5 rounds neither army got more than half its figures off the far edge.',
    });
  });
});

/**
 * Roots a figure to its square (move 0: a test's set-up, not a rule), so a race is not run
 * by it: an unaware enemy makes for its goal in a race (III "Goal Locations").
 */
function heldInPlace(state: GameState, id: string): GameState {
  unit(state, id).move = 0;
  return state;
}

/** Two rooms out of each other's sight: the prepared enemies never wake. */
const SEPARATE = `
##############
#..e.........#
#............#
#............#
##########...#
#........#...#
#........#...#
#........#...#
#........#...#
#........#...#
#........#...#
#..h..h..#...#
#............#
##############
`;

describe('VI Infiltrate: "The first army to put 2 figures on spaces on the opposite side of the playing area wins"', () => {
  it('one figure on the far side does not win; a second arriving while it stays does', () => {
    let s = start(
      skirmishGame(HALL, ['lancer', 'lancer'], ['swordsman'], { scenario: 'infiltrate' }),
    ).state;
    s = play(s, { type: 'move', unit: 'lancer-1', to: { x: 5, y: 1 } }).state;
    expect(unit(s, 'lancer-1').position).toEqual({ x: 5, y: 1 });
    expect(s.outcome).toBeNull();
    // The enemy, alerted, strikes the lancer left behind: a 5, a miss.
    s = play(s, { type: 'end-turn', unit: 'lancer-1' }, [5]).state;
    s = play(s, { type: 'move', unit: 'lancer-2', to: { x: 8, y: 1 } }).state;
    expect(s.outcome).toEqual({
      winner: 'heroes',
      reason: 'Two of the heroes stand on the far side.',
    });
  });
});

describe('VI Transport: "The army with a figure that carries the object back to the side of the playing area where the force began the game wins"', () => {
  it('picking it up is an action; it "does not affect the figure’s movement, attack, or defense"; home wins', () => {
    let s = start(
      // Version 6: the object at the very centre (version 7 sets it evenly: races.test.ts).
      skirmishGame(
        TRANSPORT_FIELD,
        ['swordsman'],
        ['slinger'],
        { scenario: 'transport' },
        1,
        RACING_RULES,
      ),
    ).state;
    expect(s.objective.object).toEqual({ at: { x: 7, y: 8 }, carrier: null });
    expect(legalCommands(s)).toContainEqual({ type: 'pick-up', unit: 'swordsman-1' });
    s = play(s, { type: 'pick-up', unit: 'swordsman-1' }).state;
    expect(s.objective.object).toEqual({ at: null, carrier: 'swordsman-1' });
    const carrier = unit(s, 'swordsman-1');
    const sword = skirmishWeapons(carrier).find((w) => w.id === 'sword')!;
    // Carrying it, the swordsman may still strike the slinger beside it (its action is
    // spent this turn, but not by the object) and moves its whole Move Unit.
    expect(whySkirmishAttackFails(s, carrier, unit(s, 'slinger-1'), sword)).toBeNull();
    // Its home: the open row along the bottom, its own side.
    s = play(s, { type: 'move', unit: 'swordsman-1', to: { x: 6, y: 14 } }).state;
    expect(s.outcome).toEqual({
      winner: 'heroes',
      reason: 'The Swordsman carries the object home.',
    });
  });
});

describe('VI: only Basic Battle and Escape have a count of rounds', () => {
  it.each(['infiltrate', 'transport'])(
    '%s plays on past round 5 to the game\u2019s round limit, where it is a draw',
    (scenario) => {
      let s = start(
        heldInPlace(
          skirmishGame(SEPARATE, ['archer', 'archer'], ['slinger'], { scenario, maxRounds: 7 }),
          'slinger-1',
        ),
      ).state;
      for (let round = 1; round <= 6; round++) s = endTurns(s, ['archer-1', 'archer-2']);
      expect(s.round).toBe(7);
      expect(s.outcome).toBeNull();
      s = endTurns(s, ['archer-1', 'archer-2'], []);
      expect(s.outcome).toEqual({
        winner: null,
        reason: 'After 7 rounds neither army has reached its goal.',
      });
    },
  );
});

describe('VI Spawning: the spawners start with one figure and roll a d6 a round', () => {
  it('the others wait off the field; when the spawners\u2019 turn begins a d6 places one (6: none)', () => {
    const board = `
#######
#.e.e.#
#.....#
#.....#
#..h..#
#######
`;
    const s0 = skirmishGame(board, ['archer'], ['warlord', 'slinger'], { scenario: 'spawning' });
    // "Each round, when a Spawner army turn begins, roll the die": the heroes won the
    // initiative, so the die waits for the enemies' turn.
    let s = start(s0).state;
    expect(unit(s, 'slinger-1').position).toBeNull();
    expect(unit(s, 'slinger-1').offField).toBe('reserve');
    // The archer ends its turn: the spawners' turn begins with the die, 3 = their own side.
    // The warlord, prepared, waits; the slinger, spawned alerted, shoots (a 1: a miss).
    const r = play(s, { type: 'end-turn', unit: 'archer-1' }, [3, 1, 15, 5]);
    expect(rollsOf(r.events).map((x) => x.purpose)).toEqual([
      'spawn',
      'attack',
      'initiative',
      'initiative',
    ]);
    s = r.state;
    expect(unit(s, 'slinger-1').position?.y).toBe(1);
    expect(unit(s, 'slinger-1').ai?.status).toBe('alerted');
  });
});

describe('VI Ambush: all ambushers take a turn before any target', () => {
  it('in the first round every enemy acts before the first hero', () => {
    const board = `
#########
#e.e.e..#
#.......#
#.......#
#..h....#
#########
`;
    // No initiative in round 1: the ambushers, alerted from the start, each sling at the
    // knight before it may act (its large shield makes a shot 16+: 16 hits, the knight's
    // defence 5 and 1 fails; 1, 1 miss).
    const r = start(
      skirmishGame(board, ['knight'], ['slinger', 'slinger', 'slinger'], { scenario: 'ambush' }),
      [16, 5, 1, 1, 1],
    );
    expect(rollsOf(r.events).some((x) => x.purpose === 'initiative')).toBe(false);
    const turns = r.events
      .filter((e) => e.type === 'turn-started')
      .map((e) => (e.type === 'turn-started' ? e.unit : ''));
    expect(turns).toEqual(['slinger-1', 'slinger-2', 'slinger-3', 'knight-1']);
  });
});

describe('VI Basic Battle and the objectives', () => {
  it('after 5 rounds the army that defeated more points wins', () => {
    // The armies cannot see each other: the prepared enemies never wake.
    let s = skirmishGame(STAND_OFF, ['archer', 'archer'], ['slinger', 'wolf'], {
      scenario: 'basic-battle',
    });
    s = start(s).state;
    unit(s, 'wolf-1').position = null;
    unit(s, 'wolf-1').wounds = 1;
    unit(s, 'wolf-1').ai!.status = 'defeated';
    s.objective.enemiesDefeated = 1;
    for (let round = 1; round <= 5 && !s.outcome; round++) {
      for (const id of ['archer-1', 'archer-2']) {
        if (s.outcome) break;
        const r = play(
          s,
          { type: 'end-turn', unit: s.turn!.unitId },
          round < 5 && id === 'archer-2' ? [15, 5] : [],
        );
        s = r.state;
      }
    }
    expect(s.outcome?.winner).toBe('heroes');
    expect(s.outcome?.reason).toMatch(/defeated more \(3 points to 0\)/);
  });
});

describe('VI set-up rules in the placement', () => {
  const open = (w: number, h: number, heroRow: string): string =>
    [...Array.from({ length: h - 1 }, () => '.'.repeat(w)), heroRow].join('\n');

  it('Basic Battle: the enemy sets up at least 2 Move Units (12 squares) from every hero', () => {
    const s = skirmishGame(
      open(30, 30, `.....hhh${'.'.repeat(22)}`),
      ['swordsman', 'swordsman', 'swordsman'],
      ['slinger', 'slinger', 'wolf', 'wolf'],
    );
    const heroes = s.units.filter((u) => u.side === 'heroes').map((u) => u.position!);
    for (const e of s.units.filter((u) => u.side === 'enemies')) {
      const d = Math.min(
        ...heroes.map((h) =>
          Math.max(Math.abs(h.x - e.position!.x), Math.abs(h.y - e.position!.y)),
        ),
      );
      expect(d).toBeGreaterThanOrEqual(12);
    }
  });

  it('Ambush: the ambushers take squares beside walls first', () => {
    const board = `
##############
#............#
#..#.....#...#
#............#
#............#
#....hh......#
##############
`;
    const s = skirmishGame(board, ['swordsman', 'swordsman'], ['slinger', 'slinger'], {
      scenario: 'ambush',
    });
    for (const e of s.units.filter((u) => u.side === 'enemies')) {
      const p = e.position!;
      const besideWall = [-1, 0, 1].some((dy) =>
        [-1, 0, 1].some((dx) => s.map.blocksSight[(p.y + dy) * s.map.width + p.x + dx]),
      );
      expect(besideWall).toBe(true);
    }
  });
});

describe('casualties, as the sim and the balance table count them', () => {
  it('a figure that escaped the field or waits to be spawned is no casualty; a fallen one is', () => {
    const s = skirmishGame(HALL, ['archer', 'archer'], ['slinger'], { scenario: 'escape' });
    const [out, fallen] = s.units.filter((u) => u.side === 'heroes');
    out.position = null;
    out.offField = 'escaped';
    fallen.position = null;
    const waiting = s.units.find((u) => u.side === 'enemies')!;
    waiting.position = null;
    waiting.offField = 'reserve';
    expect(s.units.filter(isCasualty).map((u) => u.id)).toEqual([fallen.id]);
  });
});
