/**
 * The Skirmish's mechanics for the solo layer (src/engine/solo/): its opponent is the
 * layer's enemy (statuses, patrol, alerted behaviour, tactics), fighting by the Skirmish's
 * d20 combat (combat.ts), measuring by its rules version (versions.ts) and making for its
 * scenarios' goals (race-goals.ts, scenarios.ts). The layer decides; this says how.
 */
import type { Context } from '../../systems/context';
import type { Placed } from '../../systems/pursuit';
import type { GameState, Unit } from '../../types';
import { activateEnemy, enemyActivationOrder, soloEnemyIntent } from '../../solo/enemy';
import type { EnemyIntent } from '../../systems/intent';
import type { SoloMechanics } from '../../solo/mechanics';
import {
  assessSkirmishAttack,
  clearHitChance,
  damageRank,
  endTurnOnDangerousGround,
  hitChanceOf,
  isMelee,
  isStunned,
  resolveSkirmishAttack,
  struckSquares,
  type SkirmishAttack,
} from './combat';
import { holdsPost } from './fortress';
import { healFailsWhy, tryHeal } from './heal';
import { takeObject, whyCannotPickUp } from './objective';
import {
  carrierToStrike,
  raceGoalFor,
  racesUnaware,
  seizesObject,
  turnGoalFor,
} from './race-goals';
import { goalFor } from './scenarios';
import { skirmishOptions, skirmishWeapons, type SkirmishWeapon } from './types';
import { distanceTo, measuresToBase, squareOf } from './versions';

export const SKIRMISH_SOLO: SoloMechanics<SkirmishWeapon, SkirmishAttack> = {
  weaponsOf: skirmishWeapons,
  assessAttack: assessSkirmishAttack,
  attackFailsWhy: (attack) => attack.reason,
  isBlindAttack: (attack) => attack.kind === 'wild',
  hitChance: hitChanceOf,
  // A blow may gain advantage by ganging up whoever strikes.
  ceilingChance: (unit, weapon) => clearHitChance(unit, weapon, isMelee(weapon)),
  clearChance: (unit, weapon) => clearHitChance(unit, weapon),
  damageRank,
  attack: resolveSkirmishAttack,
  isShowy: (w) => w.band === 'area' || w.band === 'burst' || w.stuns,
  areaStruck: (state, unit, at) => {
    const area = skirmishWeapons(unit).find((w) => w.band === 'area' || w.band === 'burst');
    return area ? struckSquares(state, area, at) : null;
  },
  distanceTo,
  squareOf,
  measuresToBase,
  tacticOf: (unit) => unit.skirmish?.tactic ?? null,
  pointsOf: (unit) => unit.skirmish?.points ?? 0,
  lastTargetOf: (unit) => unit.skirmish?.lastTarget ?? null,
  patrols: (state) => skirmishOptions(state).patrol,
  idleWhy: (state, unit) => (isStunned(state, unit) ? 'stunned this round' : null),
  objectiveFor: goalFor,
  goalLocation: raceGoalFor,
  turnGoalLocation: turnGoalFor,
  racesWhenUnaware: racesUnaware,
  // Transport (version 7 on): the object in reach (version 8: in its Move Unit's reach) is
  // taken, and carried home, before any blow; in a race, or a Basic Battle's markers from
  // version 8, an enemy that can strike no hero this turn spends it on the goal.
  goalBeforeFight: (state, unit, canAttackThisTurn, reachesThisTurn) =>
    seizesObject(state, unit, reachesThisTurn) ||
    (turnGoalFor(state, unit) !== null && !canAttackThisTurn()),
  priorityTarget: carrierToStrike,
  mayTakeObjective: (state, unit) => !unit.carrying && !whyCannotPickUp(state, unit),
  takeObjective: takeObject,
  holdsPost,
  healFailsWhy,
  heal: tryHeal,
  endActivation: endTurnOnDangerousGround,
};

/** A Skirmish enemy's activation: the solo layer's, by the Skirmish's mechanics. */
export function activateSkirmishEnemy(ctx: Context, enemy: Placed): Generator<void> {
  return activateEnemy(SKIRMISH_SOLO, ctx, enemy);
}

/** The Skirmish's enemies in the order they act (III). */
export function skirmishEnemyOrder(state: GameState): Placed[] {
  return enemyActivationOrder(SKIRMISH_SOLO, state);
}

/** What a Skirmish enemy will do on its next activation, as if it acted first. */
export function skirmishEnemyIntent(state: GameState, enemy: Unit): EnemyIntent | null {
  return soloEnemyIntent(SKIRMISH_SOLO, state, enemy);
}
