/**
 * The muster: both armies picked from the roster by points (the seed leaves the armies to
 * the players: VI "point values can be the cost to add the figure to the army"), a default
 * army for each scenario, the enemy's Arch Foe (the figure worth the most points, the first
 * of equals, as set-up picks it), and the scenario rolled on the d20 table of VI.
 */
import type { ModuleOptions, Side } from '../../types';
import type { MusterArmy, MusterFigure, MusterRules, OptionRoll } from '../module';
import { BUDGETS, DEFAULT_ENEMIES, DEFAULT_HEROES, normaliseSkirmishOptions } from './options';
import { FIGURE_TYPES, FIGURES_BY_KIND, moveOf, weaponAt, type FigureType } from './roster';
import { SCENARIO_RULES } from './scenarios';
import { describeShield, describeSkirmishWeapon } from './texts';
import type { SkirmishOptions } from './types';

/** The most figures an army may have (readArmy keeps 30). */
export const MAX_ARMY = 30;

/** Each scenario's default armies and budgets (all within their budgets). */
const SCENARIO_ARMIES: Readonly<
  Record<string, { heroes: string; enemies: string; heroPoints: number; enemyPoints: number }>
> = {
  'basic-battle': {
    heroes: DEFAULT_HEROES,
    enemies: DEFAULT_ENEMIES,
    heroPoints: 70,
    enemyPoints: 70,
  },
  // The ambushers are shooters who wait in cover. Their whole first turn is worth a good
  // deal: 58 points against the targets' 61 (ten figures and 70 points won 0-19%).
  ambush: {
    heroes: DEFAULT_HEROES,
    enemies: 'warlord,archer,archer,repeater,slinger,slinger,swordsman,swordsman',
    heroPoints: 70,
    enemyPoints: 70,
  },
  // Many quick figures: more than half must get across (a second lancer for an archer:
  // with the enemy racing too, 30 games a battlefield won 3-53% against 0-53%).
  escape: {
    heroes: 'captain,lancer,lancer,archer,swordsman,swordsman,swordsman,healer',
    enemies: DEFAULT_ENEMIES,
    heroPoints: 70,
    enemyPoints: 70,
  },
  // The defenders, 59 points against 61: they hold the building and go out for whoever
  // can strike it (64 points won the heroes 27-43% once they did).
  'fortress-assault': {
    heroes: DEFAULT_HEROES,
    enemies: 'warlord,spearman,spearman,spearman,archer,archer,swordsman,swordsman',
    heroPoints: 70,
    enemyPoints: 70,
  },
  // Two figures on the far side win: no rider, whose 5 squares a move crossed a bundled
  // map in one turn (with the enemy guarding, rules version 7: 20 games a battlefield won
  // 40-80% against 50-95% with the lancer).
  infiltrate: {
    heroes: 'captain,knight,archer,spearman,swordsman,swordsman,swordsman,healer',
    enemies: DEFAULT_ENEMIES,
    heroPoints: 70,
    enemyPoints: 70,
  },
  // The spawners bring in their army a figure at a time. The default is the usual warband,
  // 65 points against 70 (fourteen figures and 90 points won 14-28%); the budget leaves
  // room for a larger spawning army.
  spawning: {
    heroes: 'captain,knight,fire-mage,archer,archer,healer,swordsman',
    enemies: DEFAULT_ENEMIES,
    heroPoints: 70,
    enemyPoints: 90,
  },
  transport: {
    heroes: DEFAULT_HEROES,
    enemies: 'wyrm,warlord,swordsman,swordsman,wolf,wolf',
    heroPoints: 70,
    enemyPoints: 70,
  },
};

/** The points of a list of kinds (unknown kinds count nothing). */
export function armyPoints(kinds: readonly string[]): number {
  return kinds.reduce((n, k) => n + (FIGURES_BY_KIND[k]?.points ?? 0), 0);
}

/** The Arch Foe of an enemy army: the figure worth the most points, the first of equals. */
export function archFoeIndex(kinds: readonly string[]): number {
  let best = -1;
  kinds.forEach((k, i) => {
    const p = FIGURES_BY_KIND[k]?.points ?? -1;
    if (best < 0 || p > (FIGURES_BY_KIND[kinds[best]]?.points ?? -1)) best = i;
  });
  return best;
}

/** A figure type's short stat line at `scale`: move, wounds, points, what it is. */
export function figureStats(type: FigureType, scale: SkirmishOptions['scale']): string {
  const wounds = `${type.wounds} wound${type.wounds === 1 ? '' : 's'}`;
  const kind = type.unique ? (type.leader ? 'leader' : 'unique') : 'common';
  return `Moves ${moveOf(type, scale)} \u00b7 ${wounds} \u00b7 ${type.points} points \u00b7 ${kind}`;
}

/** A figure type's weapons and abilities, a sentence each, at `scale`. */
export function figureAbilities(type: FigureType, scale: SkirmishOptions['scale']): string[] {
  const out = type.weapons.map((w) => describeSkirmishWeapon(weaponAt(w, scale)));
  if (type.capable) out.push('Skilled: attacks with advantage (rolls twice, keeps the higher).');
  if (type.heavyArmour) out.push('Heavy armour: defends with advantage, moves one square fewer.');
  if (type.shield) out.push(describeShield(type.shield));
  if (type.heals > 0)
    out.push(`Heals an adjacent ally on 11+ on a d20, ${type.heals} tries a battle.`);
  if (type.body === 'mount') out.push('Mounted: a long move.');
  if (type.leader) out.push('A leader: worth 2 victory points to the side that defeats it.');
  if (type.body === 'small') out.push('Small and quick.');
  if (type.body === 'large') out.push('Large and strong.');
  return out;
}

export function musterRoster(options: ModuleOptions): MusterFigure[] {
  const o = normaliseSkirmishOptions(options);
  return FIGURE_TYPES.map((t) => ({
    kind: t.kind,
    name: t.name,
    points: t.points,
    stats: figureStats(t, o.scale),
    abilities: figureAbilities(t, o.scale),
    art: t.art,
  }));
}

function armyOf(o: SkirmishOptions, side: Side): string[] {
  return (side === 'heroes' ? o.heroes : o.enemies).split(',').filter(Boolean);
}

export function musterArmy(options: ModuleOptions, side: Side): MusterArmy {
  const o = normaliseSkirmishOptions(options);
  const kinds = armyOf(o, side);
  return {
    side,
    kinds,
    points: armyPoints(kinds),
    budget: side === 'heroes' ? o.heroPoints : o.enemyPoints,
    archFoe: side === 'enemies' ? archFoeIndex(kinds) : -1,
  };
}

function withArmy(o: SkirmishOptions, side: Side, kinds: readonly string[]): SkirmishOptions {
  return { ...o, [side]: kinds.join(',') };
}

const SIDE_WORDS: Record<Side, string> = { heroes: 'Your army', enemies: 'The enemy army' };

export function addFigure(
  options: ModuleOptions,
  side: Side,
  kind: string,
): { ok: true; options: ModuleOptions } | { ok: false; error: string } {
  const o = normaliseSkirmishOptions(options);
  const type = FIGURES_BY_KIND[kind];
  if (!type) return { ok: false, error: `"${kind}" is not a figure of the Skirmish roster.` };
  const army = musterArmy(o, side);
  if (army.kinds.length >= MAX_ARMY)
    return { ok: false, error: `${SIDE_WORDS[side]} is full: ${MAX_ARMY} figures at most.` };
  if (army.points + type.points > army.budget)
    return {
      ok: false,
      error: `A ${type.name} costs ${type.points} points; ${SIDE_WORDS[side].toLowerCase()} has ${army.budget - army.points} of its ${army.budget} left.`,
    };
  return { ok: true, options: withArmy(o, side, [...army.kinds, kind]) };
}

/** Takes the last figure of `kind` out; an army keeps at least one figure. */
export function removeFigure(options: ModuleOptions, side: Side, kind: string): ModuleOptions {
  const o = normaliseSkirmishOptions(options);
  const kinds = armyOf(o, side);
  const i = kinds.lastIndexOf(kind);
  if (i < 0 || kinds.length <= 1) return o;
  return withArmy(o, side, [...kinds.slice(0, i), ...kinds.slice(i + 1)]);
}

export function setBudget(options: ModuleOptions, side: Side, points: number): ModuleOptions {
  return normaliseSkirmishOptions({
    ...options,
    [side === 'heroes' ? 'heroPoints' : 'enemyPoints']: points,
  });
}

export function optionsForScenario(options: ModuleOptions, scenario: string): ModuleOptions {
  const armies = SCENARIO_ARMIES[scenario] ?? SCENARIO_ARMIES['basic-battle'];
  return normaliseSkirmishOptions({ ...options, scenario, ...armies });
}

export function musterProblem(options: ModuleOptions): string | null {
  for (const side of ['heroes', 'enemies'] as const) {
    const a = musterArmy(options, side);
    if (a.points > a.budget)
      return `${SIDE_WORDS[side]} costs ${a.points} points, over its budget of ${a.budget}: take figures out or raise the budget.`;
  }
  return null;
}

/**
 * Armies further apart than this share of the larger one's points are lopsided: the seed
 * lets point values measure the armies (VI "point values can be the cost to add the figure
 * to the army"), and a quarter is more than one of the costliest figures in a default army.
 */
export const LOPSIDED_SHARE = 0.25;

/** A warning when one army has far more points than the other, or null. */
export function musterCaution(options: ModuleOptions): string | null {
  const heroes = musterArmy(options, 'heroes').points;
  const enemies = musterArmy(options, 'enemies').points;
  const larger = Math.max(heroes, enemies);
  if (larger === 0 || larger - Math.min(heroes, enemies) <= LOPSIDED_SHARE * larger) return null;
  const stronger = heroes > enemies ? 'Your army' : 'The enemy';
  return `Lopsided armies: ${stronger} has ${larger} points against ${Math.min(heroes, enemies)}, more than a quarter more; expect a one-sided battle.`;
}

/** The scenario's goal (VI), in our words. */
export function musterGoal(options: ModuleOptions): string {
  const o = normaliseSkirmishOptions(options);
  const s = SCENARIO_RULES.find((r) => r.id === o.scenario) ?? SCENARIO_RULES[0];
  return `${s.name}: ${s.goal}`;
}

/** VI: "choose a map setup or roll 1d20": the scenario whose band holds `roll`. */
export function scenarioForRoll(roll: number): OptionRoll | null {
  const s = SCENARIO_RULES.find((r) => roll >= r.roll[0] && roll <= r.roll[1]);
  if (!s) return null;
  return {
    roll,
    value: s.id,
    text: `d20 = ${roll}: ${s.name} (${s.roll[0]}-${s.roll[1]})`,
  };
}

export const SKIRMISH_MUSTER: MusterRules = {
  roster: musterRoster,
  army: musterArmy,
  budgets: BUDGETS,
  add: addFigure,
  remove: removeFigure,
  setBudget,
  forScenario: optionsForScenario,
  goal: musterGoal,
  problem: musterProblem,
  caution: musterCaution,
  optionRoll: { option: 'scenario', die: 20, pick: scenarioForRoll },
};
