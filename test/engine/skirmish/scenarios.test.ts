/**
 * The seven generic scenarios of solitaire-gaming-rules VI, played on small boards.
 */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../../src/engine/types';
import { victoryPoints } from '../../../src/engine/rulesets/skirmish/scenarios';
import { legalCommands } from '../../../src/engine/game';
import { play, rollsOf, unit } from '../helpers';
import { skirmishGame, STAND_OFF } from './helpers';

function start(state: GameState, rolls: number[] = [15, 5]) {
  return play(state, { type: 'start' }, rolls);
}

describe('VI Escape: more than half the figures off the far edge', () => {
  it('a hero reaching the far edge leaves the field; more than half out wins', () => {
    const board = `
e....
.....
.....
.....
..h..
.....
`;
    // The heroes set up below the enemy: their own edge is the bottom, the far one the top.
    let s = start(skirmishGame(board, ['lancer'], ['swordsman'], { scenario: 'escape' })).state;
    s = play(s, { type: 'move', unit: 'lancer-1', to: { x: 2, y: 0 } }).state;
    expect(unit(s, 'lancer-1').offField).toBe('escaped');
    expect(s.outcome).toEqual({
      winner: 'heroes',
      reason: 'More than half the heroes escaped off the far edge.',
    });
  });
});

describe('VI Infiltrate: two figures on the far side at once', () => {
  it('two heroes standing on the far edge win', () => {
    const board = `
.......
.......
.h.h..e
`;
    let s = start(
      skirmishGame(board, ['wolf', 'wolf'], ['swordsman'], { scenario: 'infiltrate' }),
    ).state;
    s = play(s, { type: 'move', unit: 'wolf-1', to: { x: 1, y: 0 } }).state;
    expect(s.outcome).toBeNull();
    // The swordsman, alerted, closes on the nearer wolf and strikes: a 1, a miss.
    s = play(s, { type: 'end-turn', unit: 'wolf-1' }, [1]).state;
    s = play(s, { type: 'move', unit: 'wolf-2', to: { x: 3, y: 0 } }).state;
    expect(s.outcome).toEqual({
      winner: 'heroes',
      reason: 'Two of the heroes stand on the far side.',
    });
  });
});

describe('VI Transport: carry the object from the centre to your own side', () => {
  it('picking it up is an action; it falls where its carrier falls; home wins', () => {
    const board = `
e......
.......
...h...
.......
.......
`;
    let s = start(skirmishGame(board, ['swordsman'], ['slinger'], { scenario: 'transport' })).state;
    expect(s.objective.object).toEqual({ at: { x: 3, y: 2 }, carrier: null });
    expect(legalCommands(s)).toContainEqual({ type: 'pick-up', unit: 'swordsman-1' });
    s = play(s, { type: 'pick-up', unit: 'swordsman-1' }).state;
    expect(s.objective.object).toEqual({ at: null, carrier: 'swordsman-1' });
    expect(legalCommands(s).some((c) => c.type === 'attack')).toBe(false);
    s = play(s, { type: 'move', unit: 'swordsman-1', to: { x: 3, y: 4 } }).state;
    expect(s.outcome).toEqual({
      winner: 'heroes',
      reason: 'The Swordsman carries the object home.',
    });
  });
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

  it('victory points: 1 for the objective by one’s own side, 4 by the foe’s, 2 for others, 2 a leader', () => {
    const board = `
.........
.........
.........
.........
....h....
.........
.........
.........
e........
`;
    const s = skirmishGame(board, ['swordsman'], ['captain', 'slinger']);
    // The markers: the centre of each quarter and of the field; the hero holds the centre.
    expect(victoryPoints(s, 'heroes')).toBe(2);
    const leaderDown = {
      ...s,
      units: s.units.map((u) => (u.kind === 'captain' ? { ...u, position: null } : u)),
    };
    expect(victoryPoints(leaderDown, 'heroes')).toBe(4);
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
