/**
 * What a monster can see (squaresNoticedBy): the squares the view tints when a monster is
 * inspected. It must agree with the rule that alerts monsters (canNotice).
 */
import { describe, expect, it } from 'vitest';
import { canNotice, canSeeSquare, squaresNoticedBy } from '../../src/engine/systems/sight';
import { hasLineOfSight } from '../../src/engine/los';
import { doesSquareBlockSight } from '../../src/engine/map';
import type { GameState, Unit } from '../../src/engine/types';
import { boardGame, drawSquaresOf, unit } from './helpers';

/** The board with `.` for each square `viewer` notices, `o` for the viewer. */
function drawVision(state: GameState, viewer: Unit): string {
  return drawSquaresOf(state, viewer, squaresNoticedBy(state, viewer), {
    inside: '.',
    outside: ' ',
  });
}

const ROOM = `
#########
#.......#
#...g...#
#.......#
###.#####
#.......#
#F......#
#########
`;

describe('squaresNoticedBy', () => {
  it('a patrolling monster sees ahead and beside it, not behind, and not through rock', () => {
    // Facing south (4): its own row and below, and through the gap only what lines reach.
    const state = boardGame(ROOM, {}, { enemyFacing: 4 });
    expect(drawVision(state, unit(state, 'goblin-1'))).toBe(
      [
        '#########',
        '#       #',
        '#...o...#',
        '#.......#',
        '###.#####',
        '#....   #',
        '#....   #',
        '#########',
      ].join('\n'),
    );
  });

  it('facing north it sees the other half; alerted it sees every way', () => {
    const north = boardGame(ROOM, {}, { enemyFacing: 0 });
    expect(drawVision(north, unit(north, 'goblin-1')).split('\n').slice(1, 4)).toEqual([
      '#.......#',
      '#...o...#',
      '#       #',
    ]);
    const alerted = boardGame(ROOM, {}, { enemyFacing: 0 });
    unit(alerted, 'goblin-1').ai!.status = 'alerted';
    const seen = squaresNoticedBy(alerted, unit(alerted, 'goblin-1'));
    expect(seen).toContainEqual({ x: 4, y: 3 });
    expect(seen).toContainEqual({ x: 4, y: 1 });
    expect(seen).toContainEqual({ x: 3, y: 5 });
  });

  it('agrees with canNotice on every square of a walled map, in every facing and status', () => {
    const map = `
##########
#..#.....#
#.g#..#..#
#....##..#
##.#.....#
#...F#...#
##########
`;
    for (const facing of [0, 1, 2, 3, 4, 5, 6, 7] as const) {
      for (const status of ['patrolling', 'prepared', 'alerted'] as const) {
        // Two copies of the board: the rule is asked square by square on one, the view's
        // whole-map answer comes from the other (each map keeps its own sight answers).
        const ruled = boardGame(map, {}, { enemyFacing: facing });
        const shown = boardGame(map, {}, { enemyFacing: facing });
        unit(ruled, 'goblin-1').ai!.status = status;
        unit(shown, 'goblin-1').ai!.status = status;
        const goblin = unit(ruled, 'goblin-1');
        const expected = new Set<string>();
        for (let y = 0; y < ruled.map.height; y++) {
          for (let x = 0; x < ruled.map.width; x++) {
            if (doesSquareBlockSight(ruled.map, x, y)) continue;
            if (x === goblin.position!.x && y === goblin.position!.y) continue;
            const probe = { ...unit(ruled, 'fighting-man-1'), position: { x, y } };
            if (canNotice(ruled, goblin, probe)) expected.add(`${x},${y}`);
          }
        }
        const seen = squaresNoticedBy(shown, unit(shown, 'goblin-1')).map((p) => `${p.x},${p.y}`);
        expect(new Set(seen), `facing ${facing} ${status}`).toEqual(expected);
        expect(seen.length).toBe(expected.size);
        // The whole-map answer is kept with the map's sight answers: the rule reads it back.
        const from = unit(shown, 'goblin-1').position!;
        const walls = (x: number, y: number): boolean => doesSquareBlockSight(shown.map, x, y);
        for (let y = 0; y < shown.map.height; y++)
          for (let x = 0; x < shown.map.width; x++)
            expect(canSeeSquare(shown, from, { x, y }), `${x},${y}`).toBe(
              hasLineOfSight(from, { x, y }, walls),
            );
      }
    }
  });

  it('is empty for a unit off the board', () => {
    const state = boardGame(ROOM);
    const goblin = unit(state, 'goblin-1');
    expect(squaresNoticedBy(state, { ...goblin, position: null })).toEqual([]);
  });
});
