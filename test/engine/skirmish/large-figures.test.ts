/**
 * Large figures (solitaire-gaming-rules.txt V "Large Figures" and "Movement", III
 * "Special Actions") on ASCII boards with rigged dice. The seed:
 * - "If a figure occupies more than 1 space on the map, it is a large figure. ... choose 1
 *   of the spaces it is on as its 'main' space. That is the space used to determine its
 *   movement and where it attacks from. An attacker can target any space a large figure
 *   occupies." Our main square is the top-left one of its 2x2 base (`position`).
 * - "A large figure can move through walls (but not spaces occupied by opponents) as long
 *   as at least 1 space its base is on is open during the entire move."
 * - "If a larger enemy is charging at the heroes, smaller enemies will move out of its way."
 */
import { describe, expect, it } from 'vitest';
import { legalCommands } from '../../../src/engine/game';
import { footprint } from '../../../src/engine/footprint';
import { reachableSquares } from '../../../src/engine/systems/movement';
import { canSeeSquare, figureSight } from '../../../src/engine/systems/sight';
import type { Point } from '../../../src/engine/grid';
import type { GameState } from '../../../src/engine/types';
import { unitAt } from '../../../src/engine/world';
import { whySkirmishAttackFails } from '../../../src/engine/rulesets/skirmish/combat';
import { skirmishWeapons } from '../../../src/engine/rulesets/skirmish/types';
import { checkInvariants } from '../invariants';
import { play, unit } from '../helpers';
import { makeBoard } from '../../../src/engine/ascii-board';
import { LETTERS, skirmishGame } from './helpers';

/** A copy of `state` with figures moved by hand (a test set-up, before the battle starts). */
function placed(state: GameState, where: Record<string, Point>): GameState {
  const copy = structuredClone({ ...state, map: undefined }) as unknown as GameState;
  copy.map = state.map;
  for (const u of copy.units) {
    const p = where[u.id];
    if (!p) continue;
    u.position = p;
    if (u.ai) u.ai.home = p;
  }
  return copy;
}

const OPEN = `
############
#..........#
#..........#
#..........#
#..........#
#..........#
#..........#
#..........#
############
`;

describe('V Large Figures: a 2x2 base, its main square top-left', () => {
  it('the Ogre and the Wyrm stand on four squares and block them all', () => {
    const s = skirmishGame(OPEN, ['swordsman'], ['ogre', 'wyrm']);
    for (const id of ['ogre-1', 'wyrm-1']) {
      const big = unit(s, id);
      expect(big.size).toBe(2);
      const base = footprint(big);
      expect(base).toHaveLength(4);
      for (const p of base) expect(unitAt(s, p.x, p.y)?.id).toBe(id);
    }
    expect(checkInvariants(s)).toEqual([]);
  });

  it('placement finds room for the whole base: not against a wall where the marked square is', () => {
    // The enemy's marked square is in the bottom-right corner: no 2x2 fits with it top-left.
    const s = skirmishGame(
      `
########
#h.....#
#......#
#......#
#.....e#
########
`,
      ['swordsman'],
      ['ogre'],
    );
    const ogre = unit(s, 'ogre-1');
    expect(ogre.position).not.toEqual({ x: 6, y: 4 });
    expect(checkInvariants(s)).toEqual([]);
  });

  it('a hero cannot end on or pass through any square of an enemy large figure', () => {
    // A corridor two squares wide: the Ogre's base fills it.
    const s = placed(
      skirmishGame(
        `
##########
#h......e#
#........#
##########
`,
        ['swordsman'],
        ['ogre'],
      ),
      { 'swordsman-1': { x: 1, y: 1 }, 'ogre-1': { x: 4, y: 1 } },
    );
    const started = play(s, { type: 'start' }, [15, 5]).state;
    const reach = reachableSquares(started, unit(started, 'swordsman-1'));
    expect(reach.size).toBeGreaterThan(0);
    for (const [key] of reach) expect(Number(key.split(',')[0])).toBeLessThan(4);
  });
});

describe('V Movement: a large figure moves where its base fits, through walls with 1 open square', () => {
  const WALLS = `
##########
#........#
#........#
##########
#........#
#........#
##########
##########
#........#
#........#
##########
`;

  /** The figures set up on an open board, then put on the walled one. */
  function onWalls(where: Record<string, Point>): GameState {
    const open = '##########\n#h......e#\n' + '#........#\n'.repeat(8) + '##########';
    const s = placed(skirmishGame(open, ['swordsman'], ['ogre']), where);
    s.map = makeBoard(WALLS, { letters: LETTERS });
    return s;
  }

  function ogreAt(p: Point): GameState {
    return onWalls({ 'ogre-1': p, 'swordsman-1': { x: 8, y: 9 } });
  }

  it('ends its move only where all four squares are open ground', () => {
    const s = ogreAt({ x: 1, y: 1 });
    const ogre = unit(s, 'ogre-1');
    // Moves for the Ogre's main square as a hero would see them (it is an enemy here, so
    // asked through the pathing alone).
    const reach = reachableSquares(s, ogre);
    for (const [key] of reach) {
      const [x, y] = key.split(',').map(Number);
      for (const q of footprint({ position: { x, y }, size: 2 }))
        expect(s.map.terrain[q.y * s.map.width + q.x]).toBe('floor');
    }
    expect(reach.has('7,1')).toBe(true);
  });

  it('crosses a wall 1 square thick (half its base stays on open ground), never one 2 thick', () => {
    const s = ogreAt({ x: 1, y: 1 });
    const reach = reachableSquares(s, unit(s, 'ogre-1'));
    // Row 3 is one wall thick: the room below (rows 4-5) can be reached.
    expect(reach.has('1,4')).toBe(true);
    // Rows 6-7 are two walls thick: with its base on both, no square of it is open.
    const from = ogreAt({ x: 1, y: 4 });
    expect(reachableSquares(from, unit(from, 'ogre-1')).has('1,8')).toBe(false);
  });

  it('a man-sized figure cannot cross the same 1-thick wall', () => {
    const s = onWalls({ 'swordsman-1': { x: 1, y: 1 }, 'ogre-1': { x: 7, y: 8 } });
    const reach = reachableSquares(s, unit(s, 'swordsman-1'));
    expect([...reach.keys()].some((k) => Number(k.split(',')[1]) >= 4)).toBe(false);
  });

  it('never passes a square an opponent stands on', () => {
    const s = placed(skirmishGame(OPEN, ['swordsman', 'swordsman', 'swordsman'], ['ogre']), {
      'ogre-1': { x: 1, y: 1 },
      // A line of heroes across the board at row 4, with a one-square gap at x = 10.
      'swordsman-1': { x: 1, y: 4 },
      'swordsman-2': { x: 4, y: 4 },
      'swordsman-3': { x: 7, y: 4 },
    });
    const reach = reachableSquares(s, unit(s, 'ogre-1'));
    for (const [key] of reach) {
      const [x, y] = key.split(',').map(Number);
      const base = footprint({ position: { x, y }, size: 2 });
      expect(base.some((q) => unitAt(s, q.x, q.y)?.side === 'heroes')).toBe(false);
    }
  });
});

describe('V Large Figures: targeted on any of its squares, attacking from its main square', () => {
  it('a swordsman next to the Ogre\u2019s far corner may strike it (melee: adjacent)', () => {
    const s = placed(skirmishGame(OPEN, ['swordsman'], ['ogre']), {
      'ogre-1': { x: 3, y: 3 },
      // Next to (4, 4), the base's bottom-right square; 2 from the main square (3, 3).
      'swordsman-1': { x: 5, y: 5 },
    });
    const started = play(s, { type: 'start' }, [15, 5]).state;
    expect(legalCommands(started)).toContainEqual({
      type: 'attack',
      unit: 'swordsman-1',
      target: 'ogre-1',
      weapon: 'sword',
    });
  });

  it('the Ogre strikes from its main square: not at a hero beside its far corner only', () => {
    const s = placed(skirmishGame(OPEN, ['swordsman'], ['ogre']), {
      'ogre-1': { x: 3, y: 3 },
      'swordsman-1': { x: 5, y: 5 },
    });
    const ogre = unit(s, 'ogre-1');
    const hero = unit(s, 'swordsman-1');
    const club = skirmishWeapons(ogre)[0];
    expect(whySkirmishAttackFails(s, ogre, hero, club)).toMatch(/out of Great club range/);
    // One square nearer its main square, the hero is in reach of the club.
    const near = placed(s, { 'swordsman-1': { x: 4, y: 5 } });
    expect(
      whySkirmishAttackFails(near, unit(near, 'ogre-1'), unit(near, 'swordsman-1'), club),
    ).toMatch(/out of Great club range/);
    const beside = placed(s, { 'swordsman-1': { x: 4, y: 2 } });
    expect(
      whySkirmishAttackFails(beside, unit(beside, 'ogre-1'), unit(beside, 'swordsman-1'), club),
    ).toBeNull();
  });

  it('an archer sees the Ogre when any of its squares is in sight, and may shoot it', () => {
    const s = placed(
      skirmishGame(
        `
############
#..........#
#....#.....#
#....#.....#
#..........#
#..........#
############
`,
        ['archer'],
        ['ogre'],
      ),
      // The wall at (5, 2)-(5, 3) hides the main square (7, 3) from (1, 1), not (8, 4).
      { 'archer-1': { x: 1, y: 1 }, 'ogre-1': { x: 7, y: 3 } },
    );
    expect(canSeeSquare(s, { x: 1, y: 1 }, { x: 7, y: 3 })).toBe(false);
    expect(figureSight(s)(unit(s, 'archer-1'), unit(s, 'ogre-1'))).toBe(true);
    const started = play(s, { type: 'start' }, [15, 5]).state;
    expect(legalCommands(started)).toContainEqual({
      type: 'attack',
      unit: 'archer-1',
      target: 'ogre-1',
      weapon: 'bow',
    });
  });

  it('an area weapon over several of its squares strikes it once', () => {
    const s = placed(skirmishGame(OPEN, ['fire-mage'], ['ogre']), {
      'fire-mage-1': { x: 1, y: 6 },
      'ogre-1': { x: 6, y: 3 },
    });
    const started = play(s, { type: 'start' }, [15, 5]).state;
    // Fireball (area, 11+): one attack roll for the Ogre, a miss (5).
    const { events } = play(
      started,
      { type: 'attack', unit: 'fire-mage-1', target: 'ogre-1', weapon: 'fireball' },
      [5],
    );
    expect(events.filter((e) => e.type === 'attacked' && e.target === 'ogre-1')).toHaveLength(1);
  });
});

describe('III Special Actions: smaller enemies give way to a charging larger one', () => {
  /** The Ogre (the Arch Foe) charges first: enemies win initiative, its blow misses (1, 1). */
  function charge(extra: Record<string, Point>) {
    const s = skirmishGame(OPEN, ['swordsman'], ['ogre', 'wolf']);
    const set = placed(s, {
      'ogre-1': { x: 1, y: 1 },
      'swordsman-1': { x: 7, y: 5 },
      'wolf-1': { x: 10, y: 7 },
      ...extra,
    });
    unit(set, 'ogre-1').ai!.status = 'alerted';
    return play(set, { type: 'start' }, [5, 15, 1, 1]);
  }

  it('the wolf standing where the Ogre would end steps aside, and the Ogre ends there', () => {
    const free = charge({});
    const end = unit(free.state, 'ogre-1').position!;
    expect(end).not.toEqual({ x: 1, y: 1 });
    // Now the wolf stands on the square the Ogre ended its charge on.
    const blocked = charge({ 'wolf-1': end });
    expect(unit(blocked.state, 'ogre-1').position).toEqual(end);
    const wolf = unit(blocked.state, 'wolf-1');
    expect(footprint(unit(blocked.state, 'ogre-1'))).not.toContainEqual(wolf.position);
    const aside = blocked.events.find(
      (e) => e.type === 'decision' && e.unit === 'wolf-1' && /steps aside/.test(e.text),
    );
    expect(aside?.rule?.section).toMatch(/III Special Actions/);
    // The wolf moved before the Ogre did.
    const moves = blocked.events.filter((e) => e.type === 'moved').map((e) => e.unit);
    expect(moves.slice(0, 2)).toEqual(['wolf-1', 'ogre-1']);
    expect(checkInvariants(blocked.state)).toEqual([]);
  });
});
