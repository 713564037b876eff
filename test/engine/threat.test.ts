/**
 * Where a monster could strike next turn (squaresThreatenedBy): its move, then each
 * weapon's reach by the attack rules, lines judged through rock only.
 */
import { describe, expect, it } from 'vitest';
import { chebyshevDistance } from '../../src/engine/grid';
import { squaresThreatenedBy, squaresThreatenedByAlerted } from '../../src/engine/systems/threat';
import type { GameState, Unit } from '../../src/engine/types';
import { boardGame, drawSquaresOf, unit } from './helpers';

/** The board with `x` for each threatened square, `o` for the monster. */
function drawThreat(state: GameState, monster: Unit): string {
  return drawSquaresOf(state, monster, squaresThreatenedBy(state, monster), {
    inside: 'x',
    outside: '.',
  });
}

describe('squaresThreatenedBy', () => {
  it('a goblin (axe, move 2) threatens every square within three of it in an open hall', () => {
    const state = boardGame(`
###########
#.........#
#.........#
#.........#
#....g....#
#.........#
#.........#
#F........#
###########`);
    const goblin = unit(state, 'goblin-1');
    const threat = squaresThreatenedBy(state, goblin);
    for (let y = 1; y < 8; y++)
      for (let x = 1; x < 10; x++) {
        const d = chebyshevDistance({ x, y }, goblin.position!);
        expect(
          threat.some((p) => p.x === x && p.y === y),
          `${x},${y}`,
        ).toBe(d >= 1 && d <= 3);
      }
  });

  it('rock stops the reach: no corner cutting round the wall, no striking through it', () => {
    const state = boardGame(`
#########
#...#...#
#.g.#...#
#...#...#
#.......#
#F......#
#########`);
    expect(drawThreat(state, unit(state, 'goblin-1'))).toBe(
      [
        '#########',
        '#xxx#...#',
        '#xox#...#',
        '#xxx#...#',
        '#xxxx...#',
        '#xxxx...#',
        '#########',
      ].join('\n'),
    );
  });

  it('a troll reaches five squares further with its spear, along open lines only', () => {
    const state = boardGame(`
###############
#t............#
#.............#
####.##########
#.............#
#............F#
###############`);
    const troll = unit(state, 'troll-1');
    const threat = new Set(squaresThreatenedBy(state, troll).map((p) => `${p.x},${p.y}`));
    // Down the hall: move 2 east, then 5 more.
    expect(threat.has('8,1')).toBe(true);
    expect(threat.has('9,1')).toBe(false);
    // Through the gap in the wall, but not through the wall itself.
    expect(threat.has('4,5')).toBe(true);
    expect(threat.has('1,4')).toBe(false);
    expect(threat.has('8,4')).toBe(false);
  });

  it('the dragon breathes fire at any distance but not point-blank, and claws beside it', () => {
    const state = boardGame(`
##############
#D...........#
#............#
#...........F#
##############`);
    const dragon = unit(state, 'dragon-1');
    const threat = new Set(squaresThreatenedBy(state, dragon).map((p) => `${p.x},${p.y}`));
    expect(threat.has('12,3')).toBe(true); // far across the hall
    expect(threat.has('2,1')).toBe(true); // beside it: claws (and fire after a step back)
    expect(threat.has('1,1')).toBe(false); // its own square
  });

  it('is empty off the board', () => {
    const state = boardGame('#####\n#g.F#\n#####');
    expect(squaresThreatenedBy(state, { ...unit(state, 'goblin-1'), position: null })).toEqual([]);
  });

  it('the side: the union of the alerted monsters only', () => {
    const state = boardGame(`
############
#g........t#
#..........#
#..........#
#F.........#
############`);
    const key = (ps: { x: number; y: number }[]): string[] => ps.map((p) => `${p.x},${p.y}`);
    expect(squaresThreatenedByAlerted(state)).toEqual([]); // all patrolling
    unit(state, 'goblin-1').ai!.status = 'alerted';
    expect(key(squaresThreatenedByAlerted(state)).sort()).toEqual(
      key(squaresThreatenedBy(state, unit(state, 'goblin-1'))).sort(),
    );
    unit(state, 'troll-1').ai!.status = 'alerted';
    const union = new Set([
      ...key(squaresThreatenedBy(state, unit(state, 'goblin-1'))),
      ...key(squaresThreatenedBy(state, unit(state, 'troll-1'))),
    ]);
    const both = key(squaresThreatenedByAlerted(state));
    expect(new Set(both)).toEqual(union);
    expect(both.length).toBe(union.size);
    unit(state, 'troll-1').ai!.status = 'retreating';
    expect(key(squaresThreatenedByAlerted(state)).sort()).toEqual(
      key(squaresThreatenedBy(state, unit(state, 'goblin-1'))).sort(),
    );
  });
});
