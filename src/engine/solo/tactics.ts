/**
 * Combat tactics (solitaire-gaming-rules IV): a figure's default way to fight, rolled on a
 * d20 (19-20 rolled again) or chosen. With the tactics option the enemy's leaders (and the
 * heroes' autopilot) fight by them. Each changes whom it goes for or where it stands:
 * - Ambitious: the greatest threat (the hero worth the most points);
 * - Cautious: stays back, aids allies, fights only a hero already within its reach;
 * - Commanding: names a target for its army (the hero nearest its allies) and goes for it;
 * - Controlling: the target whose square and surroundings hold the most heroes;
 * - Curious: goes to look at the objective first (we have no strange devices to study);
 * - Determined: finishes one foe before the next;
 * - Dramatic: favours its showiest weapon (an area or stunning one);
 * - Efficient: the easiest threat (the hero with the fewest wounds left);
 * - Negotiating: fights only a hero standing next to it (we have no talking, so it stands
 *   its ground and threatens);
 * - Opportunistic: makes for the objective before fighting;
 * - Partnership: joins the fight its allies are in (the hero most of them stand beside);
 * - Pragmatic: strikes from cover when it can;
 * - Quick: strikes and then moves away;
 * - Reckless: charges the nearest hero with its melee weapon, whatever its range;
 * - Selective: keeps its distance: shoots from as far as its weapon reaches;
 * - Slaying: into the thick of it: the hero with the most heroes around;
 * - Unexpected: another tactic each battle (a second Unexpected keeps the last);
 * - Vengeful: the most wounded hero, up close for the killing blow.
 */
import { baseGap, distanceToUnit, occupies } from '../footprint';
import { rollDie, type Context } from '../systems/context';
import type { Placed } from '../systems/pursuit';
import type { GameState, Unit } from '../types';
import { livingUnits } from '../world';
import { SOLO_RULES, type SoloMechanics, type Tactic } from './mechanics';

export type { Tactic };

/** The d20 table of IV (19-20: roll again). */
export const TACTICS: readonly Tactic[] = [
  'ambitious',
  'cautious',
  'commanding',
  'controlling',
  'curious',
  'determined',
  'dramatic',
  'efficient',
  'negotiating',
  'opportunistic',
  'partnership',
  'pragmatic',
  'quick',
  'reckless',
  'selective',
  'slaying',
  'unexpected',
  'vengeful',
];

/** Words for the unit card. */
export const TACTIC_TEXT: Readonly<Record<Tactic, string>> = {
  ambitious: 'Ambitious: goes for the greatest threat first.',
  cautious: 'Cautious: stays back and fights only a foe already within reach.',
  commanding: 'Commanding: names a target for its army and goes for it.',
  controlling: 'Controlling: aims where it can strike the most foes at once.',
  curious:
    'Curious: goes to look at the objective before fighting (the nearest honest reading: no strange devices to study here).',
  determined: 'Determined: finishes one foe before the next.',
  dramatic: 'Dramatic: favours its showiest weapon.',
  efficient: 'Efficient: goes for the easiest foe first.',
  negotiating:
    'Negotiating: stands its ground and fights only a foe next to it (the nearest honest reading: there is no talking here).',
  opportunistic: 'Opportunistic: makes for the objective before fighting.',
  partnership: 'Partnership: joins the fight its allies are in.',
  pragmatic: 'Pragmatic: strikes from cover when it can.',
  quick: 'Quick: strikes, then moves away.',
  reckless: 'Reckless: charges the nearest foe, whatever its weapons.',
  selective: 'Selective: keeps its distance and shoots from afar.',
  slaying: 'Slaying: into the thick of the fight.',
  unexpected: 'Unexpected: fights another way each battle.',
  vengeful: 'Vengeful: goes for the most wounded foe, up close.',
};

/** Rolls a tactic on the d20 table (19-20 again). `last`: what an Unexpected figure had before. */
export function rollTactic(ctx: Context, unit: Unit, last: Tactic | null = null): Tactic {
  for (;;) {
    const v = rollDie(ctx, {
      sides: 20,
      purpose: 'tactic',
      unit: unit.id,
      need: null,
      describe: (x) =>
        x >= 19
          ? `${unit.name} tactic d20 = ${x}: roll again`
          : `${unit.name} tactic d20 = ${x}: ${TACTICS[x - 1]}`,
      rule: SOLO_RULES('IV Combat Tactics: 1d20'),
    });
    if (v >= 19) continue;
    const tactic = TACTICS[v - 1];
    if (tactic !== 'unexpected') return tactic;
    // Unexpected: another each encounter; rolled again now, keeping the last on a second one.
    if (last) return last;
    last = 'unexpected';
    const again = rollTactic(ctx, unit, 'unexpected');
    return again === 'unexpected' ? 'determined' : again;
  }
}

function remaining(u: Unit): number {
  return u.maxWounds - u.wounds;
}

function nearestFirst(from: Placed, heroes: Placed[]): Placed[] {
  return [...heroes].sort(
    (a, b) => distanceToUnit(from.position, a) - distanceToUnit(from.position, b),
  );
}

/** Heroes standing next to `p`. */
function heroesAround(state: GameState, p: Placed): number {
  return livingUnits(state, p.side).filter((u) => u.id !== p.id && baseGap(u, p) <= 1).length;
}

/**
 * The target a figure's tactic picks, or null for the rule's default (the nearest hero,
 * ties by a die). Only when the battle gives tactics.
 */
export function targetByTactic(m: SoloMechanics, ctx: Context, unit: Placed): Placed | null {
  const state = ctx.state;
  const tactic = m.tacticOf(unit);
  if (!tactic) return null;
  const foes = livingUnits(state, unit.side === 'heroes' ? 'enemies' : 'heroes');
  if (foes.length === 0) return null;
  const byNear = nearestFirst(unit, foes);
  const pickMax = (score: (h: Placed) => number): Placed =>
    byNear.reduce((best, h) => (score(h) > score(best) ? h : best), byNear[0]);
  switch (tactic) {
    case 'ambitious':
      return pickMax((h) => m.pointsOf(h));
    case 'efficient':
      return pickMax((h) => -remaining(h));
    case 'vengeful':
      return pickMax((h) => -remaining(h) * 100 - m.distanceTo(state, unit.position, h));
    case 'slaying':
      return pickMax((h) => heroesAround(state, h));
    case 'controlling': {
      // Only a figure with an area weapon aims where it strikes the most foes at once.
      if (!m.areaStruck(state, unit, unit.position)) return null;
      return pickMax(
        (h) =>
          (m.areaStruck(state, unit, h.position) ?? []).filter((p) =>
            foes.some((f) => occupies(f, p.x, p.y)),
          ).length,
      );
    }
    case 'partnership':
      return pickMax(
        (h) =>
          livingUnits(state, unit.side).filter((a) => a.id !== unit.id && baseGap(a, h) === 1)
            .length,
      );
    case 'determined': {
      const last = m.lastTargetOf(unit);
      return (last && foes.find((h) => h.id === last)) || null;
    }
    case 'commanding':
      return pickMax(
        (h) =>
          -livingUnits(state, unit.side).reduce(
            (d, a) => d + m.distanceTo(state, a.position, h),
            0,
          ),
      );
    default:
      return null;
  }
}

/** Whether a figure's tactic holds it back from advancing this turn (Cautious, Negotiating). */
export function holdsBack(m: SoloMechanics, unit: Unit): boolean {
  const t = m.tacticOf(unit);
  return t === 'cautious' || t === 'negotiating';
}

/** Whether a figure's tactic sends it to the objective before fighting (Curious, Opportunistic). */
export function seeksObjectiveFirst(m: SoloMechanics, state: GameState, unit: Unit): boolean {
  const t = m.tacticOf(unit);
  return (t === 'curious' || t === 'opportunistic') && m.objectiveFor(state, unit) !== null;
}
