/**
 * The heroes' autopilot plays as well as the combat rules let it (issue 28): it takes the
 * objective markers that score in a Basic Battle (solitaire-gaming-rules VI Objectives) and
 * spends its blows where they take a figure off the field soonest (focus fire: a figure
 * fights at full strength until its last wound, VIII Defend).
 */
import { describe, expect, it } from 'vitest';
import { makeBoard } from '../../../src/engine/ascii-board';
import { chooseHeroCommand } from '../../../src/engine/game';
import { chebyshevDistance } from '../../../src/engine/grid';
import { createGame } from '../../../src/engine/setup';
import type { GameState } from '../../../src/engine/types';
import { play } from '../helpers';
import { LETTERS, skirmishGame } from './helpers';

/** A long hall: the hero at the bottom, the enemy far off at the top, a marker to the west. */
const HALL = `
##############
#......e.....#
#............#
#............#
#............#
#............#
#............#
#............#
#.......h....#
##############
`;
const MARKER = { x: 3, y: 6 };

function basicBattle(objectives: boolean): GameState {
  const map = makeBoard(HALL, { letters: LETTERS });
  map.objects.push({
    kind: 'objective',
    ...MARKER,
    width: 1,
    height: 1,
    name: 'objective',
    properties: {},
  });
  const made = createGame({
    scenarioId: 'test',
    map,
    seed: 1,
    ruleModule: 'skirmish',
    options: {
      scenario: 'basic-battle',
      heroes: 'swordsman',
      enemies: 'slinger',
      objectives,
      morale: false,
      scale: 'large',
    },
  });
  if (!made.ok) throw new Error(made.error);
  // Heroes first (initiative 15 to 5).
  return play(made.state, { type: 'start' }, [15, 5]).state;
}

describe('VI Objectives: the autopilot takes a free objective marker', () => {
  it('a hero with no foe in reach walks to the marker, not at the enemy', () => {
    const s = basicBattle(true);
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    const to = command?.type === 'move' ? command.to : null;
    // The marker is 5 squares off, within a Move Unit of 6 at the large scale.
    expect(to && chebyshevDistance(to, MARKER)).toBeLessThanOrEqual(1);
  });

  it('without objectives the same hero makes for the enemy instead', () => {
    const s = basicBattle(false);
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    const to = command?.type === 'move' ? command.to : null;
    expect(to && chebyshevDistance(to, MARKER)).toBeGreaterThan(1);
  });

  it('holding the marker, it stays beside it rather than walk off toward the enemy', () => {
    let s = basicBattle(true);
    s = play(s, chooseHeroCommand(s)!).state;
    const hero = s.units.find((u) => u.side === 'heroes')!;
    expect(chebyshevDistance(hero.position!, MARKER)).toBeLessThanOrEqual(1);
    // Its second action: no move away from the marker; it ends its turn there.
    expect(chooseHeroCommand(s)).toEqual({ type: 'end-turn', unit: hero.id });
  });
});

/** A swordsman between a fresh warlord (five wounds, heavy armour) and a spearman (one). */
const BETWEEN = `
#######
#.....#
#.ehe.#
#.....#
#######
`;

describe('VIII Defend: focus fire', () => {
  it('strikes the one-wound spearman it can take off the field, not the armoured warlord', () => {
    const s = play(
      skirmishGame(BETWEEN, ['swordsman'], ['warlord', 'spearman'], { scenario: 'basic-battle' }),
      { type: 'start' },
      [15, 5],
    ).state;
    const spearman = s.units.find((u) => u.side === 'enemies' && u.name.includes('Spearman'))!;
    const command = chooseHeroCommand(s);
    expect(command).toMatchObject({ type: 'attack', target: spearman.id });
  });
});

/**
 * A swordsman below two enemy squares 2 apart (a spearman west, a shielded swordsman east):
 * the square straight ahead of it, (3,3), is beside both.
 */
const PAIR = `
#########
#.......#
#.e.e...#
#.......#
#..h....#
#########
`;

describe('VIII Special Abilities: the autopilot does not walk into a gang-up', () => {
  it('to strike, it stands beside one foe rather than between two ("a group of attackers against a single target")', () => {
    const s = play(
      skirmishGame(PAIR, ['swordsman'], ['spearman', 'swordsman'], { scenario: 'basic-battle' }),
      { type: 'start' },
      [15, 5],
    ).state;
    const command = chooseHeroCommand(s);
    expect(command?.type).toBe('move');
    const to = command?.type === 'move' ? command.to : null;
    const foes = s.units.filter((u) => u.side === 'enemies').map((u) => u.position!);
    const beside = foes.filter((f) => to && chebyshevDistance(f, to) <= 1).length;
    expect(beside).toBe(1);
  });
});
