/**
 * What a monster can see (squaresNoticedBy): the squares the view tints when a monster is
 * inspected. It must agree with the rule that alerts monsters (canNotice).
 */
import { describe, expect, it } from 'vitest';
import { canNotice, squaresNoticedBy } from '../../src/engine/systems/sight';
import { doesSquareBlockSight } from '../../src/engine/map';
import type { GameState, Unit } from '../../src/engine/types';
import { boardGame, unit } from './helpers';

/** The board with `.` for each square `viewer` notices, `o` for the viewer. */
function drawVision(state: GameState, viewer: Unit): string {
  const seen = new Set(squaresNoticedBy(state, viewer).map((p) => `${p.x},${p.y}`));
  const rows: string[] = [];
  for (let y = 0; y < state.map.height; y++) {
    let row = '';
    for (let x = 0; x < state.map.width; x++) {
      if (viewer.position?.x === x && viewer.position.y === y) row += 'o';
      else if (doesSquareBlockSight(state.map, x, y)) row += '#';
      else row += seen.has(`${x},${y}`) ? '.' : ' ';
    }
    rows.push(row);
  }
  return rows.join('\n');
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
        const state = boardGame(map, {}, { enemyFacing: facing });
        const goblin = unit(state, 'goblin-1');
        goblin.ai!.status = status;
        const seen = new Set(squaresNoticedBy(state, goblin).map((p) => `${p.x},${p.y}`));
        for (let y = 0; y < state.map.height; y++) {
          for (let x = 0; x < state.map.width; x++) {
            if (doesSquareBlockSight(state.map, x, y)) continue;
            if (x === goblin.position!.x && y === goblin.position!.y) continue;
            const probe = { ...unit(state, 'fighting-man-1'), position: { x, y } };
            expect(seen.has(`${x},${y}`), `${x},${y} facing ${facing} ${status}`).toBe(
              canNotice(state, goblin, probe),
            );
          }
        }
      }
    }
  });

  it('is empty for a unit off the board', () => {
    const state = boardGame(ROOM);
    const goblin = unit(state, 'goblin-1');
    expect(squaresNoticedBy(state, { ...goblin, position: null })).toEqual([]);
  });
});
