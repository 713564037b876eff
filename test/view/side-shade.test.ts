/**
 * Which battles draw the enemy in its own shade (issue 28): the Skirmish's armies muster
 * from one roster, so an enemy Swordsman would look just like the player's; the Dungeon
 * Crawl's monsters are kinds of their own and keep their colours.
 */
import { describe, expect, it } from 'vitest';
import { findRuleModule, type UnitKind } from '../../src/engine';
import { shadesEnemies } from '../../src/view/side-shade';
import { skirmishGame } from '../engine/skirmish/helpers';
import { heroesTurn } from './helpers';

const FIELD = `
########
#..e.e.#
#......#
#..h.h.#
########
`;

describe('the enemy shade', () => {
  it('a Skirmish shades its enemy, even with no kind on both sides', () => {
    const skirmish = findRuleModule('skirmish')!;
    const same = skirmishGame(FIELD, ['swordsman', 'archer'], ['swordsman', 'wolf']);
    expect(shadesEnemies(skirmish.kinds, same.units)).toBe(true);
    const apart = skirmishGame(FIELD, ['knight', 'archer'], ['ogre', 'wolf']);
    expect(shadesEnemies(skirmish.kinds, apart.units)).toBe(true);
  });

  it('the Dungeon Crawl keeps its monsters in their own colours', () => {
    const crawl = findRuleModule('dungeon-crawl')!;
    const state = heroesTurn(
      `
######
#.g..#
#....#
#.F..#
######
`,
      1,
    );
    expect(state.ruleModule).toBe('dungeon-crawl');
    expect(shadesEnemies(crawl.kinds, state.units)).toBe(false);
  });

  it('one roster: a kind serving either army, or one kind fighting on both sides', () => {
    const kind = (k: string, side: UnitKind['side']): UnitKind => ({
      kind: k,
      name: k,
      side,
      blurb: '',
      art: { sprite: k, height: 32, letter: k[0], color: '#000' },
      size: 1,
    });
    const own = [kind('knight', 'heroes'), kind('orc', 'enemies')];
    const units = [
      { kind: 'knight', side: 'heroes' as const },
      { kind: 'orc', side: 'enemies' as const },
    ];
    expect(shadesEnemies(own, units)).toBe(false);
    expect(shadesEnemies([...own, kind('wolf', 'either')], units)).toBe(true);
    expect(shadesEnemies(own, [...units, { kind: 'knight', side: 'enemies' as const }])).toBe(true);
    // A kind the module does not list, on both sides.
    expect(
      shadesEnemies(own, [
        { kind: 'bandit', side: 'heroes' },
        { kind: 'bandit', side: 'enemies' },
      ]),
    ).toBe(true);
  });
});
