import { describe, expect, it } from 'vitest';
import { boardGame, CORRIDOR, rollsOf, startWith, unit } from './helpers';

function patrolOnce(rolls: number[]) {
  const game = boardGame(CORRIDOR, {}, { enemyFacing: 2 });
  return startWith(game, rolls);
}

describe('Patrolling enemies: the d8 table', () => {
  it('1 or 2: moves its full move (2) forward', () => {
    for (const roll of [1, 2]) {
      const { state, events } = patrolOnce([roll]);
      expect(unit(state, 'goblin-1').position).toEqual({ x: 3, y: 1 });
      expect(unit(state, 'goblin-1').facing).toBe(2);
      expect(rollsOf(events)).toEqual([{ purpose: 'patrol', value: roll, unit: 'goblin-1' }]);
      expect(events.find((e) => e.type === 'roll')!.text).toBe(
        'Goblin patrol d8 = ' + roll + ': full move forward',
      );
    }
  });

  it('1: stops early where a wall blocks the way', () => {
    const game = boardGame(
      `
#####
#g.##
#####
#T..#
`,
      {},
      { enemyFacing: 2 },
    );
    const { state } = startWith(game, [1]);
    expect(unit(state, 'goblin-1').position).toEqual({ x: 2, y: 1 });
  });

  it('3: half its move (rounded up: 1), then turns by a new roll, re-rolling 3 or less', () => {
    const { state, events } = patrolOnce([3, 1, 3, 6]);
    expect(unit(state, 'goblin-1').position).toEqual({ x: 2, y: 1 });
    expect(unit(state, 'goblin-1').facing).toBe(4); // east turned 90 degrees clockwise = south
    expect(rollsOf(events).map((r) => r.value)).toEqual([3, 1, 3, 6]);
    expect(events.filter((e) => e.type === 'roll').map((e) => e.text)).toEqual([
      'Goblin patrol d8 = 3: half move, then turn',
      'Goblin turn d8 = 1: re-roll (3 or less)',
      'Goblin turn d8 = 3: re-roll (3 or less)',
      'Goblin turn d8 = 6: turns 90° clockwise',
    ]);
  });

  it('3 then 4 or 5 on the turn roll: half move and no turn', () => {
    const { state } = patrolOnce([3, 5]);
    expect(unit(state, 'goblin-1').position).toEqual({ x: 2, y: 1 });
    expect(unit(state, 'goblin-1').facing).toBe(2);
  });

  it('4 or 5: does not move', () => {
    for (const roll of [4, 5]) {
      const { state } = patrolOnce([roll]);
      expect(unit(state, 'goblin-1').position).toEqual({ x: 1, y: 1 });
      expect(unit(state, 'goblin-1').facing).toBe(2);
    }
  });

  it('6: turns 90 degrees clockwise; 7: turns about; 8: 90 degrees counter-clockwise', () => {
    expect(unit(patrolOnce([6]).state, 'goblin-1').facing).toBe(4);
    expect(unit(patrolOnce([7]).state, 'goblin-1').facing).toBe(6);
    expect(unit(patrolOnce([8]).state, 'goblin-1').facing).toBe(0);
    expect(unit(patrolOnce([7]).state, 'goblin-1').position).toEqual({ x: 1, y: 1 });
  });

  it('a patrolling enemy may pass a friend but never ends on it', () => {
    const game = boardGame(
      `
######
#gg..#
######
#T...#
`,
      {},
      { enemyFacing: 2 },
    );
    // goblin-1 at (1,1) walks through goblin-2 at (2,1) to (3,1); goblin-2 stands.
    const { state } = startWith(game, [1, 4]);
    expect(unit(state, 'goblin-1').position).toEqual({ x: 3, y: 1 });
    expect(unit(state, 'goblin-2').position).toEqual({ x: 2, y: 1 });
  });

  it('a diagonal patrol does not cut a wall corner', () => {
    const game = boardGame(
      `
#####
#g..#
##..#
#...#
#T..#
`,
      {},
      { enemyFacing: 3 },
    );
    // (1,1) facing south-east: (2,2) is reachable diagonally only past (1,2) which is rock.
    const { state } = startWith(game, [1]);
    expect(unit(state, 'goblin-1').position).toEqual({ x: 1, y: 1 });
  });
});
