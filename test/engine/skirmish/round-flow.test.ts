/**
 * The Skirmish's round as the rule book reads it (issue 28, point 10), with rigged dice:
 * the initiative line (III "Initiative"), a line for every enemy activation (III "Enemy
 * Actions", IV "Random Enemy Action"), the 18-20 return after the enemies have acted (IV),
 * the Spawning die when the spawners' turn begins, its d6 table and either army as the
 * spawners (VI "Spawning"), and either army laying the Ambush, in cover, against a target
 * set up in the open (VI "Ambush").
 */
import { describe, expect, it } from 'vitest';
import { legalCommands } from '../../../src/engine/game';
import { MOVE_TABLE } from '../../../src/engine/rulesets/skirmish/roster';
import type { Point } from '../../../src/engine/grid';
import type { GameEvent, GameState } from '../../../src/engine/types';
import { play, rollsOf, unit } from '../helpers';
import { layLow, skirmishGame, THREE_SLINGERS } from './helpers';

/** The log's lines (events with words) of `events`. */
const lines = (events: GameEvent[]): string[] => events.filter((e) => e.text).map((e) => e.text);

/** The units whose activations began in `events`, in order. */
const activations = (events: GameEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'turn-started' ? [e.unit] : []));

describe('III Initiative: who won it, and with what', () => {
  it('"roll 1d20 for each army, rerolling ties. The army with the higher result takes the first turn"', () => {
    const s = skirmishGame(THREE_SLINGERS, ['swordsman'], ['slinger']);
    // A tie (7, 7) is rolled again: heroes 3, enemies 15.
    const r = play(s, { type: 'start' }, [7, 7, 3, 15]);
    const initiative = r.events.find((e) => e.type === 'initiative');
    expect(initiative).toMatchObject({ heroes: 3, enemies: 15, first: 'enemies' });
    expect(initiative?.text).toBe('Initiative: heroes 3, enemies 15 \u2014 the enemies act first.');
    expect(lines(r.events)).toContain('Initiative d20: enemies 7 \u2014 a tie, rolled again');
  });
});

describe('III Enemy Actions: every enemy activation leaves a line in the log', () => {
  it('a Prepared enemy ("not aware of the heroes"), not patrolling, says it waits', () => {
    const s = skirmishGame(THREE_SLINGERS, ['swordsman'], ['slinger']);
    const r = play(s, { type: 'start' }, [5, 15]);
    // The enemies won the initiative: the slinger's activation comes before the hero's turn.
    expect(activations(r.events)).toEqual(['slinger-1', 'swordsman-1']);
    const ownLines = r.events.filter((e) => e.text && 'unit' in e && e.unit === 'slinger-1');
    expect(ownLines.map((e) => e.text)).toEqual(['Enemy Slinger waits, unaware of you.']);
  });

  it('IV "3 to 8: Take actions with 1/2 the number of figures": the others sit the round out, and say so', () => {
    const s = skirmishGame(THREE_SLINGERS, ['swordsman'], ['slinger', 'slinger', 'slinger'], {
      randomEnemyAction: true,
    });
    // Enemies first (5 to 15); the Random Enemy Action 5: 2 of the 3 act.
    let r = play(s, { type: 'start' }, [5, 15, 5]);
    expect(activations(r.events)).toEqual(['slinger-1', 'swordsman-1']);
    // The hero's turn ends: the second slinger acts; the third is left out this round.
    r = play(r.state, { type: 'end-turn', unit: 'swordsman-1' }, [15, 5, 10]);
    expect(activations(r.events)).toEqual(['slinger-2', 'swordsman-1']);
    expect(lines(r.events)).toContain('Enemy Slinger 3 sits out this round (Random Enemy Action).');
  });

  it('IV "1 to 2: Take actions with only 1 single randomly selected figure": the rest say they sit out', () => {
    const s = skirmishGame(THREE_SLINGERS, ['swordsman'], ['slinger', 'slinger', 'slinger'], {
      randomEnemyAction: true,
    });
    // Heroes 5, enemies 15; the Random Enemy Action 2; a d3 of 3 picks the third slinger.
    const r = play(s, { type: 'start' }, [5, 15, 2, 3]);
    expect(lines(r.events)).toEqual(
      expect.arrayContaining([
        'Enemy Slinger 1 sits out this round (Random Enemy Action).',
        'Enemy Slinger 2 sits out this round (Random Enemy Action).',
      ]),
    );
    expect(activations(r.events)).toEqual(['slinger-3', 'swordsman-1']);
  });
});

describe('IV Random Enemy Action 18-20: the fallen figure returns after the side has acted', () => {
  it('"Take actions with all of the figures on that side ... Then, choose 1 defeated figure ... and place it in the enemy starting area": it does not act this round', () => {
    const board = `
############
#..e.e.....#
#..........#
#..........#
#....h.h...#
############
`;
    const s = skirmishGame(board, ['swordsman', 'swordsman'], ['slinger', 'slinger'], {
      randomEnemyAction: true,
    });
    layLow(s, 'slinger-2');
    // Enemies first (5 to 15), the Random Enemy Action 19. Slinger 1, the only enemy on the
    // field, acts; then the fallen slinger returns, before the heroes' first activation.
    let r = play(s, { type: 'start' }, [5, 15, 19]);
    const returned = r.events.findIndex((e) => e.type === 'placed' && e.unit === 'slinger-2');
    const slingerDone = r.events.findIndex(
      (e) => e.type === 'turn-ended' && e.unit === 'slinger-1',
    );
    const heroTurn = r.events.findIndex(
      (e) => e.type === 'turn-started' && e.unit === 'swordsman-1',
    );
    expect(slingerDone).toBeGreaterThan(-1);
    expect(returned).toBeGreaterThan(slingerDone);
    expect(heroTurn).toBeGreaterThan(returned);
    expect(unit(r.state, 'slinger-2').position).toEqual({ x: 5, y: 1 });
    // The two heroes finish the round; the returned slinger never takes an activation in it.
    const round: GameEvent[] = [...r.events];
    r = play(r.state, { type: 'end-turn', unit: 'swordsman-1' });
    round.push(...r.events);
    r = play(r.state, { type: 'end-turn', unit: 'swordsman-2' }, [15, 5, 10]);
    const roundTwo = r.events.findIndex((e) => e.type === 'round-started');
    round.push(...r.events.slice(0, roundTwo));
    expect(activations(round)).not.toContain('slinger-2');
  });
});

describe('VI Spawning: "Each round, when a Spawner army turn begins, roll the die"', () => {
  const field = `
.............
......e......
.............
.............
.............
.............
.............
.............
.............
.............
.............
.............
..h..........
`;
  const spawning = (rolls: number[], spawner: 'enemies' | 'heroes' = 'enemies') => {
    const heroes = spawner === 'heroes' ? ['knight', 'archer', 'swordsman'] : ['knight'];
    const enemies = spawner === 'heroes' ? ['swordsman'] : ['warlord', 'slinger', 'slinger'];
    const s = skirmishGame(field, heroes, enemies, { scenario: 'spawning', spawner });
    return play(s, { type: 'start' }, rolls);
  };

  it('rolls in round 1 too, as the spawners\u2019 first activation of the round comes up', () => {
    // Enemies first (5 to 15): the spawn die comes before any enemy acts (6: none).
    const r = spawning([5, 15, 6]);
    expect(rollsOf(r.events).map((x) => x.purpose)).toEqual(['initiative', 'initiative', 'spawn']);
    const spawn = r.events.findIndex((e) => e.type === 'roll' && e.purpose === 'spawn');
    const warlord = r.events.findIndex((e) => e.type === 'turn-started' && e.unit === 'warlord-1');
    expect(spawn).toBeLessThan(warlord);
  });

  it('"The newly spawned figure is immediately able to move and attack": it acts that round', () => {
    // Enemies first; the spawn die 3: a slinger on the spawners' own side. The warlord waits
    // (prepared); the knight's turn; then the slinger, alerted, takes its activation.
    const r = spawning([5, 15, 3]);
    expect(unit(r.state, 'slinger-1').position).not.toBeNull();
    expect(unit(r.state, 'slinger-1').ai?.status).toBe('alerted');
    // (The slinger shoots: a 1 misses. Round 2: heroes first, 15 to 5.)
    const next = play(r.state, { type: 'end-turn', unit: 'knight-1' }, [1, 15, 5]);
    expect(activations(next.events)[0]).toBe('slinger-1');
  });

  // The spawners set up on the top edge and look down the field: their right is the west
  // edge, their left the east. "Up to 1 Move Unit from the edge" (6 squares, large scale).
  const moveUnit = MOVE_TABLE.average.large;
  const placedBy = (face: number): Point => {
    const r = spawning([5, 15, face]);
    return unit(r.state, 'slinger-1').position!;
  };
  it('1: "anywhere on the side of the playing area opposite where the army began the game, up to 1 Move Unit from the edge"', () => {
    const at = placedBy(1);
    expect(12 - at.y).toBeLessThanOrEqual(moveUnit);
    expect(at.y).toBeGreaterThan(6);
  });
  it('2: "the side ... to the right of the army\u2019s starting area" (west, for an army on the top edge)', () => {
    const at = placedBy(2);
    expect(at.x).toBeLessThanOrEqual(moveUnit);
    expect(at.x).toBeLessThan(6);
  });
  it('3 and 4: "the Spawner army\u2019s starting side"', () => {
    for (const face of [3, 4]) expect(placedBy(face).y).toBeLessThanOrEqual(moveUnit);
  });
  it('5: "the side to the left" (east, for an army on the top edge)', () => {
    const at = placedBy(5);
    expect(12 - at.x).toBeLessThanOrEqual(moveUnit);
    expect(at.x).toBeGreaterThan(6);
  });
  it('6: "No figure is placed this turn"', () => {
    const r = spawning([5, 15, 6]);
    expect(unit(r.state, 'slinger-1').offField).toBe('reserve');
  });

  it('"Each army selects a side, either Infiltrator or Spawner": the heroes may spawn', () => {
    // The heroes set up one figure (the first of their muster); the rest wait.
    // Heroes first (15 to 5): their turn begins with the spawn die, 3 (their own side).
    const r = spawning([15, 5, 3], 'heroes');
    expect(unit(r.state, 'knight-1').position).not.toBeNull();
    expect(unit(r.state, 'swordsman-1').offField).toBe('reserve');
    const archer = unit(r.state, 'archer-1');
    expect(archer.offField).toBeUndefined();
    // On the heroes' own edge, the bottom one.
    expect(12 - archer.position!.y).toBeLessThanOrEqual(moveUnit);
    // Spawned, it may act this round: the player may pick it.
    expect(legalCommands(r.state)).toContainEqual({ type: 'activate', unit: 'archer-1' });
    // A hero army with figures still to come is not destroyed while none stands.
    expect(r.state.outcome).toBeNull();
  });
});

describe('VI Ambush: "Each army selects a side, either Ambusher or Target"', () => {
  // Pillars near both edges: cover for whichever army lays the ambush.
  const field = `
..............
.#...#...#....
..............
..............
..............
..............
..............
..............
..............
..............
.#...#...#....
..............
`;
  const isSheltered = (s: GameState, p: Point): boolean => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = p.x + dx;
        const y = p.y + dy;
        if (x < 0 || y < 0 || x >= s.map.width || y >= s.map.height) continue;
        if (s.map.blocksSight[y * s.map.width + x]) return true;
      }
    return s.map.cover[p.y * s.map.width + p.x] !== 'none';
  };
  const squaresOf = (s: GameState, side: 'heroes' | 'enemies'): Point[] =>
    s.units.filter((u) => u.side === side).map((u) => u.position!);
  /** "all their figures are within 1 Move Unit of at least 1 other Target army figure" */
  const keepsTogether = (squares: Point[]): boolean =>
    squares.every((p, i) =>
      squares.some(
        (q, j) =>
          j !== i && Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)) <= MOVE_TABLE.average.large,
      ),
    );
  const heroes = ['knight', 'archer', 'swordsman'];
  const enemies = ['slinger', 'slinger', 'swordsman'];

  // The enemy lying in wait for the heroes is alerted from the start; the target of the
  // heroes' ambush knows nothing of it.
  const cases = [
    { ambusher: 'enemies', target: 'heroes', status: 'alerted' },
    { ambusher: 'heroes', target: 'enemies', status: 'prepared' },
  ] as const;
  for (const { ambusher, target, status } of cases)
    it(`the ${ambusher} ambush: "behind terrain features ... in cover", the ${target} "in an open area", together; the enemy ${status}`, () => {
      const s = skirmishGame(field, heroes, enemies, { scenario: 'ambush', ambusher });
      for (const p of squaresOf(s, ambusher)) expect(isSheltered(s, p), `${p.x},${p.y}`).toBe(true);
      for (const p of squaresOf(s, target)) expect(isSheltered(s, p), `${p.x},${p.y}`).toBe(false);
      expect(keepsTogether(squaresOf(s, target))).toBe(true);
      expect(s.units.filter((u) => u.ai).every((u) => u.ai!.status === status)).toBe(true);
    });

  it('"All Ambusher figures take a single turn before any Target figures": the heroes\u2019 ambush', () => {
    const s = skirmishGame(field, heroes, enemies, { scenario: 'ambush', ambusher: 'heroes' });
    // No initiative in the first round: the heroes act, every one, before any enemy.
    let r = play(s, { type: 'start' });
    expect(rollsOf(r.events)).toEqual([]);
    const order = activations(r.events);
    for (const rolls of [[], [], [15, 5]]) {
      r = play(r.state, { type: 'end-turn', unit: r.state.turn!.unitId }, rolls);
      const roundTwo = r.events.findIndex((e) => e.type === 'round-started');
      order.push(...activations(roundTwo < 0 ? r.events : r.events.slice(0, roundTwo)));
    }
    // Then the enemies, unaware, each take theirs (and say they wait); round 2 rolls initiative.
    expect(order.slice(0, 3).sort()).toEqual(['archer-1', 'knight-1', 'swordsman-1']);
    expect(order.slice(3).sort()).toEqual(['slinger-1', 'slinger-2', 'swordsman-2']);
    expect(rollsOf(r.events).map((x) => x.purpose)).toEqual(['initiative', 'initiative']);
  });
});
