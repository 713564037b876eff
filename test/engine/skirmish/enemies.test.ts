/**
 * The Skirmish enemy with rigged dice (solitaire-gaming-rules III and IV): the d20
 * Patrolling table, alerting, the activation order, retreating, healers, Random Enemy
 * Action and morale.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../../src/engine/game';
import { riggedDice } from '../../../src/engine/dice';
import type { GameState } from '../../../src/engine/types';
import { play, rollsOf, unit } from '../helpers';
import { FIELD, layLow, skirmishGame, THREE_SLINGERS } from './helpers';

/** The enemies act first (initiative 5 against 15), with `rolls` for what they do. */
function enemiesFirst(state: GameState, rolls: number[]) {
  return play(state, { type: 'start' }, [5, 15, ...rolls]);
}

describe('III Patrolling: 1d20 for each prepared unit', () => {
  const cases: [number, string][] = [
    [1, 'stays'],
    [6, 'stays'],
    [7, 'forward'],
    [11, 'forward'],
    [12, 'left'],
    [14, 'left'],
    [15, 'right'],
    [17, 'right'],
    [18, 'about'],
    [20, 'about'],
  ];
  for (const [roll, what] of cases) {
    it(`${roll}: ${what}`, () => {
      const s = skirmishGame(FIELD, ['swordsman'], ['swordsman'], { patrol: true });
      const before = unit(s, 'swordsman-2');
      const after = unit(enemiesFirst(s, [roll]).state, 'swordsman-2');
      // Prepared enemies face the heroes' side: south (4).
      expect(before.facing).toBe(4);
      if (what === 'stays') expect(after.position).toEqual(before.position);
      if (what === 'forward') expect(after.position!.y).toBeGreaterThan(before.position!.y);
      if (what === 'left') expect(after.facing).toBe(2);
      if (what === 'right') expect(after.facing).toBe(6);
      if (what === 'about') expect(after.facing).toBe(0);
    });
  }

  it('without the patrol option a prepared enemy waits', () => {
    const s = skirmishGame(FIELD, ['swordsman'], ['swordsman']);
    const { events } = enemiesFirst(s, []);
    expect(rollsOf(events).filter((r) => r.purpose === 'patrol')).toEqual([]);
  });
});

describe('III Alerted: noticed once the heroes have moved; the Arch Foe acts first', () => {
  it('a prepared enemy that sees a hero after the heroes move is alerted, and closes in', () => {
    let s = play(
      skirmishGame(FIELD, ['swordsman'], ['swordsman']),
      { type: 'start' },
      [15, 5],
    ).state;
    s = play(s, { type: 'move', unit: 'swordsman-1', to: { x: 5, y: 5 } }).state;
    expect(unit(s, 'swordsman-2').ai?.status).toBe('alerted');
    const before = unit(s, 'swordsman-2').position!;
    // It closes and strikes (a 1 misses); the next round's initiative goes to the heroes.
    const after = play(s, { type: 'end-turn', unit: 'swordsman-1' }, [1, 15, 5]).state;
    expect(unit(after, 'swordsman-2').position!.y).toBeGreaterThan(before.y);
  });

  it('the Arch Foe acts first, then the enemy closest to the heroes', () => {
    const field = `
############
#...e......#
#.....e....#
#..........#
#.........e#
#..........#
#....h.....#
############
`;
    const s = skirmishGame(field, ['swordsman'], ['warlord', 'slinger', 'wolf'], { patrol: true });
    const first = enemiesFirst(s, [1]);
    // The hero's turn comes between; then the other two, nearest the hero first.
    const rest = play(first.state, { type: 'end-turn', unit: 'swordsman-1' }, [1, 1, 15, 5]);
    const order = [...first.events, ...rest.events]
      .filter((e) => e.type === 'turn-started' && e.unit !== 'swordsman-1')
      .map((e) => (e.type === 'turn-started' ? e.unit : ''));
    // The warlord (the Arch Foe) first, then the slinger (4 squares from the hero), then the
    // wolf (5 squares away).
    expect(order).toEqual(['warlord-1', 'slinger-1', 'wolf-1']);
  });
});

describe('IV Random Enemy Action: a d20 after initiative', () => {
  function roundWith(roll: number, extra: number[] = []) {
    const s = skirmishGame(THREE_SLINGERS, ['swordsman'], ['slinger', 'slinger', 'slinger'], {
      randomEnemyAction: true,
      patrol: true,
    });
    return applyCommand(
      s,
      { type: 'start' },
      { dice: riggedDice([5, 15, roll, ...extra, 1, 1, 1]) },
    );
  }
  const acting = (r: ReturnType<typeof roundWith>) =>
    r.ok
      ? r.events.filter((e) => e.type === 'turn-started' && e.unit.startsWith('slinger')).length
      : -1;

  it('9-17: every enemy acts', () => {
    expect(acting(roundWith(9))).toBe(1); // the first acts before the hero's turn
    expect(acting(roundWith(17))).toBe(1);
  });

  it('3-8: half of them, rounded up; 1-2: one, chosen by a die', () => {
    const half = roundWith(5);
    expect(half.ok && half.events.find((e) => e.type === 'enemy-action')).toMatchObject({
      acting: 2,
    });
    const one = roundWith(2, [3]);
    expect(one.ok && one.events.find((e) => e.type === 'enemy-action')).toMatchObject({
      acting: 1,
    });
    expect(one.ok && one.events.filter((e) => e.type === 'turn-started')[0]).toMatchObject({
      unit: 'slinger-3',
    });
  });

  it('18-20: all act, then a defeated enemy returns at the enemy start', () => {
    const s = skirmishGame(THREE_SLINGERS, ['swordsman'], ['slinger', 'slinger', 'slinger'], {
      randomEnemyAction: true,
    });
    layLow(s, 'slinger-2');
    const r = applyCommand(s, { type: 'start' }, { dice: riggedDice([5, 15, 19]) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // "Then": only one of the living slingers has acted yet, so none has returned.
    expect(unit(r.state, 'slinger-2').position).toBeNull();
    // The swordsman's turn ends, the last slinger acts, and then the fallen one returns
    // (and a new round begins: 15, 5 and a 10 on the Random Enemy Action).
    const after = applyCommand(
      r.state,
      { type: 'end-turn', unit: 'swordsman-1' },
      { dice: riggedDice([15, 5, 10]) },
    );
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    expect(unit(after.state, 'slinger-2').position).toEqual({ x: 5, y: 1 });
    expect(unit(after.state, 'slinger-2').ai?.status).toBe('alerted');
    expect(after.state.objective.enemiesDefeated).toBe(0);
  });
});

describe('VIII Morale, and III Retreating', () => {
  const line = `
############
#.e.e.e.e..#
#..........#
#..........#
#.h........#
############
`;
  it('below half its figures, each enemy rolls: 11+ holds, less retreats; uniques need 6+', () => {
    let s = skirmishGame(line, ['archer'], ['swordsman', 'swordsman', 'swordsman', 'knight'], {
      morale: true,
    });
    s = play(s, { type: 'start' }, [15, 5]).state;
    // Two down already; the third falls to the archer's shot.
    for (const id of ['swordsman-1', 'swordsman-2']) layLow(s, id);
    // The swordsman's small shield faces the archer: the shot needs 16+.
    const shot = play(
      s,
      { type: 'attack', unit: 'archer-1', target: 'swordsman-3', weapon: 'bow' },
      [16, 2, 5],
    );
    const morale = rollsOf(shot.events).filter((r) => r.purpose === 'morale');
    expect(morale).toEqual([{ purpose: 'morale', value: 5, unit: 'knight-1' }]);
    // The knight is unique: 6+ holds. A 5 fails: it retreats.
    expect(unit(shot.state, 'knight-1').ai?.status).toBe('retreating');
    // The dice log's line for it, tagged with the book's section (as the page shows it).
    const logged = shot.events.find((e) => / morale d20 = /.test(e.text));
    expect(logged?.text).toMatch(/ morale d20 = 5, needs 6\+ \u2014 retreats$/);
    expect(JSON.stringify(logged?.rule)).toMatch(/VIII/);
  });

  it('a 1 retreats like any failed check: "Succeeds on an 11 or more; retreats on a 10 or less" (VIII Morale)', () => {
    let s = skirmishGame(line, ['archer'], ['spearman', 'spearman', 'spearman', 'spearman'], {
      morale: true,
    });
    s = play(s, { type: 'start' }, [15, 5]).state;
    for (const id of ['spearman-1', 'spearman-2']) layLow(s, id);
    const shot = play(
      s,
      { type: 'attack', unit: 'archer-1', target: 'spearman-3', weapon: 'bow' },
      [15, 2, 1],
    );
    const last = unit(shot.state, 'spearman-4');
    expect(last.position).not.toBeNull();
    expect(last.ai?.status).toBe('retreating');
    expect(shot.events.find((e) => / morale d20 = 1,/.test(e.text))?.text).toMatch(/retreats$/);
  });
});

describe('III Healers', () => {
  it('a healer heals the wounded Arch Foe on 11+ rather than attacking', () => {
    const field = `
##########
#..ee....#
#........#
#..h.....#
##########
`;
    const s = skirmishGame(field, ['swordsman'], ['warlord', 'healer']);
    unit(s, 'warlord-1').wounds = 2;
    for (const u of s.units) if (u.ai) u.ai.status = 'alerted';
    s.heroesHaveMoved = true;
    // The warlord (the Arch Foe) acts first: it closes and strikes twice with advantage, 1 and 1.
    const first = enemiesFirst(s, [1, 1]);
    // After the hero's turn, the healer tends it: 12, healed.
    const { state, events } = play(
      first.state,
      { type: 'end-turn', unit: 'swordsman-1' },
      [12, 15, 5],
    );
    expect(rollsOf(events).find((r) => r.purpose === 'heal')).toMatchObject({
      value: 12,
      unit: 'healer-1',
    });
    expect(unit(state, 'warlord-1').wounds).toBe(1);
  });
});

describe('VIII Morale for the heroes too ("the same morale rules as heroes", III)', () => {
  it('a hero whose check fails spends its next activation falling back to its own edge', () => {
    const board = `
##########
#...e....#
#........#
#........#
#.hhh....#
#........#
##########
`;
    let s = skirmishGame(board, ['swordsman', 'swordsman', 'archer'], ['knight'], { morale: true });
    s = play(s, { type: 'start' }, [15, 5]).state;
    for (const id of ['swordsman-1', 'swordsman-2']) {
      unit(s, id).position = null;
      unit(s, id).wounds = 1;
    }
    // After the next action the heroes' loss is checked: the archer rolls 5 (needs 11).
    const r = play(s, { type: 'activate', unit: 'archer-1' }, [5]);
    expect(rollsOf(r.events).map((x) => x.purpose)).toEqual(['morale']);
    expect(unit(r.state, 'archer-1').skirmish?.retreating).toBe(true);
    // The knight acts (prepared: it waits) and the round ends; in the next the archer falls
    // back as its activation, then the knight, alerted now, closes and strikes (1 and 1, a
    // miss with advantage), and the round after begins.
    const next = play(r.state, { type: 'end-turn', unit: 'archer-1' }, [15, 5, 1, 1, 15, 5]);
    expect(next.events.some((e) => e.type === 'decision' && /falls back/.test(e.text))).toBe(true);
    expect(unit(next.state, 'archer-1').position!.y).toBe(5);
    expect(unit(next.state, 'archer-1').skirmish?.retreating).toBe(false);
  });
});

describe('VIII Morale: a hero falling back', () => {
  it('who falls on dangerous ground on the way ends its turn without a crash (V Dangerous Terrain: 1-3 one hit)', () => {
    const s = skirmishGame(
      `
#######
#..e.e#
#.....#
#h.h..#
#^....#
#^....#
#######
`,
      ['swordsman', 'archer'],
      ['swordsman', 'swordsman'],
    );
    const copy = structuredClone({ ...s, map: undefined }) as unknown as GameState;
    copy.map = s.map;
    unit(copy, 'swordsman-1').skirmish!.retreating = true;
    // Heroes first (15 against 5): the steady archer acts first, then an enemy (waiting),
    // then the hero falls back onto dangerous ground: d6 = 1, a hit, and its defence fails
    // (5, VIII Defend); round 2: 15 against 5.
    const first = play(copy, { type: 'start' }, [15, 5]).state;
    expect(first.turn?.unitId).toBe('archer-1');
    const { state, events } = play(first, { type: 'end-turn', unit: 'archer-1' }, [1, 5, 15, 5]);
    expect(events.some((e) => e.type === 'decision' && /falls back/.test(e.text))).toBe(true);
    expect(unit(state, 'swordsman-1').position).toBeNull();
    // The other hero acts on.
    expect(state.turn?.unitId).toBe('archer-1');
  });
});
