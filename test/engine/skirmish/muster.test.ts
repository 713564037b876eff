/**
 * The Skirmish muster (what the Setup screen's muster asks the module): armies by points,
 * each scenario's default armies within their budgets, the enemy's Arch Foe as set-up picks
 * it, figure texts at each scale, and the scenario rolled on the d20 table of
 * solitaire-gaming-rules VI ("1 to 8: Basic Battle", "9 to 10: Ambush", ... "19 to 20:
 * Transport").
 */
import { describe, expect, it } from 'vitest';
import {
  addFigure,
  archFoeIndex,
  armyPoints,
  musterArmy,
  musterCaution,
  musterProblem,
  musterRoster,
  optionsForScenario,
  removeFigure,
  scenarioForRoll,
  setBudget,
} from '../../../src/engine/rulesets/skirmish/muster';
import { normaliseSkirmishOptions } from '../../../src/engine/rulesets/skirmish/options';
import { FIGURES_BY_KIND } from '../../../src/engine/rulesets/skirmish/roster';
import { SCENARIO_RULES } from '../../../src/engine/rulesets/skirmish/scenarios';
import { skirmish } from '../../../src/engine/rulesets/skirmish';
import { skirmishGame } from './helpers';

const base = normaliseSkirmishOptions(undefined);

describe('the muster: armies by points', () => {
  it('adds a figure within the budget and refuses one over it, in plain words', () => {
    const o = { ...base, heroes: 'captain', heroPoints: 40 };
    const added = addFigure(o, 'heroes', 'knight');
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(musterArmy(added.options, 'heroes')).toMatchObject({
      kinds: ['captain', 'knight'],
      points: 16 + 16,
      budget: 40,
    });
    const over = addFigure(added.options, 'heroes', 'knight');
    expect(over).toEqual({
      ok: false,
      error: 'A Knight costs 16 points; your army has 8 of its 40 left.',
    });
    expect(addFigure(o, 'heroes', 'dragon-of-doom')).toMatchObject({ ok: false });
  });

  it('removes the last figure of a kind, and never the last figure of an army', () => {
    const o = { ...base, enemies: 'wolf,warlord,wolf,slinger' };
    expect(musterArmy(removeFigure(o, 'enemies', 'wolf'), 'enemies').kinds).toEqual([
      'wolf',
      'warlord',
      'slinger',
    ]);
    const one = { ...base, enemies: 'wolf' };
    expect(musterArmy(removeFigure(one, 'enemies', 'wolf'), 'enemies').kinds).toEqual(['wolf']);
  });

  it('a lowered budget leaves the army over it: a problem named, not a crash', () => {
    const o = setBudget(base, 'enemies', 40);
    expect(musterArmy(o, 'enemies').budget).toBe(40);
    expect(musterProblem(o)).toBe(
      'The enemy army costs 65 points, over its budget of 40: take figures out or raise the budget.',
    );
    expect(musterProblem(base)).toBeNull();
    expect(musterArmy(setBudget(base, 'heroes', 3), 'heroes').budget).toBe(70);
  });

  it('each of the seven scenarios has a default army for each side, within its budget', () => {
    for (const s of SCENARIO_RULES) {
      const o = optionsForScenario(base, s.id);
      expect(o.scenario).toBe(s.id);
      expect(musterProblem(o), s.id).toBeNull();
      expect(musterArmy(o, 'heroes').kinds.length).toBeGreaterThan(2);
      expect(musterArmy(o, 'enemies').kinds.length).toBeGreaterThan(2);
    }
    // The spawners of VI bring in a larger army, a figure at a time.
    expect(musterArmy(optionsForScenario(base, 'spawning'), 'enemies').budget).toBe(90);
  });

  it('the Arch Foe the muster marks is the one set-up makes the Arch Foe', () => {
    const enemies = ['swordsman', 'ogre', 'wolf', 'warlord', 'ogre'];
    expect(armyPoints(enemies)).toBe(5 + 16 + 3 + 22 + 16);
    const i = archFoeIndex(enemies);
    expect(enemies[i]).toBe('warlord');
    const state = skirmishGame(
      `
e.e.e.e.e
.........
.........
....h....`,
      ['knight'],
      enemies,
    );
    const arch = state.units.find((u) => u.ai?.archFoe);
    expect(arch?.kind).toBe('warlord');
    // Of equals, the first.
    expect(archFoeIndex(['ogre', 'wolf', 'ogre'])).toBe(0);
    expect(musterArmy(base, 'heroes').archFoe).toBe(-1);
  });

  it('figure texts come from the stat line at the battle scale (V: move 6 large, 3 small; heavy armour one fewer)', () => {
    const large = musterRoster(base).find((f) => f.kind === 'knight')!;
    const small = musterRoster({ ...base, scale: 'small' }).find((f) => f.kind === 'knight')!;
    expect(large.stats).toBe('Moves 5 \u00b7 3 wounds \u00b7 16 points \u00b7 unique');
    expect(small.stats).toBe('Moves 2 \u00b7 3 wounds \u00b7 16 points \u00b7 unique');
    expect(large.abilities.join(' ')).toMatch(/Heavy armour: defends with advantage/);
    const archer = musterRoster(base).find((f) => f.kind === 'archer')!;
    // V: long range "up to 25 spaces [large] or 12 spaces [small] away, but not adjacent".
    expect(archer.abilities[0]).toMatch(/2-25 squares/);
    expect(musterRoster(base)).toHaveLength(Object.keys(FIGURES_BY_KIND).length);
    expect(skirmish.muster?.roster(base).map((f) => f.kind)).toContain('healer');
  });
});

describe('VI: the scenario rolled on a d20', () => {
  it('follows the seed\u2019s bands: 1-8, 9-10, 11-12, 13-14, 15-16, 17-18, 19-20', () => {
    const expected: [number, string][] = [
      [1, 'basic-battle'],
      [8, 'basic-battle'],
      [9, 'ambush'],
      [10, 'ambush'],
      [11, 'escape'],
      [12, 'escape'],
      [13, 'fortress-assault'],
      [14, 'fortress-assault'],
      [15, 'infiltrate'],
      [16, 'infiltrate'],
      [17, 'spawning'],
      [18, 'spawning'],
      [19, 'transport'],
      [20, 'transport'],
    ];
    for (const [roll, id] of expected) expect(scenarioForRoll(roll)?.value, `${roll}`).toBe(id);
    expect(scenarioForRoll(14)?.text).toBe('d20 = 14: Fortress Assault (13-14)');
    expect(scenarioForRoll(0)).toBeNull();
    expect(scenarioForRoll(21)).toBeNull();
  });
});

describe('the muster warns of lopsided armies', () => {
  it('says so when one army has more than a quarter more points, not otherwise', () => {
    const even = normaliseSkirmishOptions({ heroes: 'captain,archer', enemies: 'warlord' });
    expect(musterCaution(even)).toBeNull();
    const lopsided = normaliseSkirmishOptions({
      heroes: 'captain,knight,archer,archer',
      enemies: 'swordsman,swordsman',
    });
    expect(musterCaution(lopsided)).toMatch(/^Lopsided armies: Your army has 44 points against 10/);
    const theirs = normaliseSkirmishOptions({ heroes: 'swordsman', enemies: 'wyrm' });
    expect(musterCaution(theirs)).toMatch(/^Lopsided armies: The enemy has 28 points against 5/);
  });
});
