/**
 * The Skirmish's figures by name (issue 28): both armies muster from one roster
 * (solitaire-gaming-rules VI, "Basic Battle": "Each army is composed of ..."), so a name
 * must say whose figure it is. Each army is numbered on its own ("Swordsman 1", "Swordsman
 * 2"; "Enemy Swordsman 1"), a number only where a kind repeats in that army, and the log of
 * an attack names the enemy's figure as the enemy's. Ids stay as they were (saves).
 */
import { describe, expect, it } from 'vitest';
import { play, unit } from '../helpers';
import { skirmishGame } from './helpers';

const FIELD = `
##########
#.e.e.e..#
#..e.e...#
#........#
#..h.h.h.#
##########
`;

describe('the names of both armies', () => {
  it('each army is numbered on its own, the enemy named as the enemy', () => {
    const s = skirmishGame(
      FIELD,
      ['swordsman', 'swordsman', 'archer'],
      ['swordsman', 'archer', 'archer', 'swordsman', 'warlord'],
    );
    const names = Object.fromEntries(s.units.map((u) => [u.id, u.name]));
    expect(names).toMatchObject({
      'swordsman-1': 'Swordsman 1',
      'swordsman-2': 'Swordsman 2',
      'archer-1': 'Archer',
      'swordsman-3': 'Enemy Swordsman 1',
      'archer-2': 'Enemy Archer 1',
      'archer-3': 'Enemy Archer 2',
      'swordsman-4': 'Enemy Swordsman 2',
      'warlord-1': 'Enemy Warlord',
    });
    // No two figures share a name.
    expect(new Set(s.units.map((u) => u.name)).size).toBe(s.units.length);
  });

  it('the log of an attack says whose figure was struck (VIII Simple Basic Combat)', () => {
    const s0 = skirmishGame(
      `
########
#......#
#..he..#
#......#
########
`,
      ['swordsman'],
      ['swordsman'],
    );
    // The heroes win initiative (15 against 5); the swordsman hits (6) and the defence,
    // rolled twice behind the enemy's small shield, fails (10 and 9).
    const s = play(s0, { type: 'start' }, [15, 5]).state;
    expect(unit(s, 'swordsman-2').name).toBe('Enemy Swordsman');
    const hit = play(
      s,
      { type: 'attack', unit: 'swordsman-1', target: 'swordsman-2', weapon: 'sword' },
      [6, 10, 9],
    );
    const lines = hit.events.map((e) => e.text);
    expect(lines[0]).toMatch(/^Swordsman Sword at Enemy Swordsman: d20 = 6/);
    expect(lines).toContain('Enemy Swordsman is defeated by Swordsman!');
  });
});
