/**
 * The Skirmish's goal locations for the solo layer (solitaire-gaming-rules III "Goal
 * Locations", VI's races): where an enemy that can strike no one heads, and when a race
 * or the Transport's object takes its whole turn. Scenario logic, so it stays in the
 * module; the layer asks for it through SoloMechanics (solo.ts).
 */
import type { Point } from '../../grid';
import { rulesVersionOf } from '../../setup';
import type { GameState, Unit } from '../../types';
import { livingUnits } from '../../world';
import { goalArea, homeArea, nearestSquareOf, walkOrFar } from './goals';
import { whyCannotPickUp } from './objective';
import { goalFor, objectiveMarkers, VP_ROUND } from './scenarios';
import { skirmishOptions } from './types';
import {
  distanceTo,
  MARKER_CONTEST_RULES,
  OBJECT_FIRST_RULES,
  RACE_GUARD_RULES,
  RACING_RULES,
} from './versions';

/** The races of VI: the scenarios won by reaching a place or carrying the object there. */
const RACES: readonly string[] = ['escape', 'infiltrate', 'transport'];

/**
 * Whether an unaware enemy makes for its goal this turn: in a race (Escape, Infiltrate,
 * Transport) it does, alerted or not. III "Goal Locations": "If a victory condition of a
 * game is to reach a certain point on the battlefield or collect an object or NPC, an
 * enemy unable to make an attack on its turn will instead move toward the nearest goal";
 * a Prepared enemy, unaware of the heroes, can attack no one. The book is silent on
 * whether Prepared enemies stand still in a race; VI sets the armies racing ("the first
 * army to ..."), and an army that waits for its foe to be seen before running is no
 * opponent in a race a solo player would recognise: it loses before it knows. So an
 * unaware enemy races as an alerted one that cannot attack does (the Patrolling table,
 * which keeps Prepared enemies moving "instead of waiting", gives way to the race). From
 * rules version 6 (RACING_RULES); before, it waited.
 */
export function racesUnaware(state: GameState, enemy: Unit): boolean {
  if (isRace(state)) return raceGoalFor(state, enemy) !== null;
  // From version 8 a Basic Battle's markers are goals too (markerGoalFor), sought unaware,
  // unless the player chose the Patrolling table: it keeps Prepared enemies moving (III),
  // and "Goal Locations" is an alerted enemy's behaviour; once alerted they contest.
  if (skirmishOptions(state).patrol) return false;
  return markerGoalFor(state, enemy) !== null;
}

/**
 * Where an enemy unable to strike spends its whole turn (the solo layer's makeForGoal), or
 * null: its race goal (raceGoalFor) in a race, the marker it contests (markerGoalFor) in a
 * Basic Battle.
 */
export function turnGoalFor(state: GameState, enemy: Unit): Point | null {
  if (isRace(state)) return raceGoalFor(state, enemy);
  return markerGoalFor(state, enemy);
}

/**
 * A Basic Battle with objectives, from rules version 8 (MARKER_CONTEST_RULES), up to the
 * round the markers score: the objective marker an enemy makes for, or null. The markers
 * are where the battle is won (VI Objectives: victory points "for holding" them), so they
 * are its goal locations (III "Goal Locations": "an enemy unable to make an attack on its
 * turn will instead move toward the nearest goal"): the nearest on foot that no ally holds
 * (stands beside). Beside one already, it holds it: its own square is its goal, so it stays.
 * An enemy still unaware of the heroes makes for it as in the races (racesUnaware): it
 * can attack no one either.
 */
export function markerGoalFor(state: GameState, enemy: Unit): Point | null {
  if (rulesVersionOf(state) < MARKER_CONTEST_RULES || !enemy.position) return null;
  if (skirmishOptions(state).scenario !== 'basic-battle' || !skirmishOptions(state).objectives)
    return null;
  if (state.round > VP_ROUND) return null;
  const from = enemy.position;
  const markers = objectiveMarkers(state);
  if (markers.some((m) => distanceTo(state, m, enemy) <= 1)) return from;
  const allies = livingUnits(state, 'enemies').filter((u) => u.id !== enemy.id);
  const open = markers.filter((m) => !allies.some((a) => distanceTo(state, m, a) <= 1));
  return nearestSquareOf(state, open, from);
}

/**
 * Where an enemy spending its turn on the race heads. Up to rules version 6 its own goal
 * (goalFor). III "Goal Locations" sends it "toward the nearest goal", and a race's goal
 * locations are both armies': the squares the heroes must reach are as much a goal of the
 * battle as the enemy's own. So from version 7 (RACE_GUARD_RULES), in Infiltrate and
 * Transport, it heads for whichever is nearer on foot: its own goal, or the heroes' (in
 * Infiltrate the nearest square of their goal area, where it stands in their way; in a
 * Transport whose object a hero carries, the square of that hero's home nearest it, to cut
 * it off). Standing on the heroes' goal already, it holds there. Escape keeps its own goal:
 * its 5 rounds are a race the enemy must run, and it is even without (see
 * docs/skirmish-balance.md).
 */
export function raceGoalFor(state: GameState, enemy: Unit): Point | null {
  const own = goalFor(state, enemy);
  if (!enemy.position || rulesVersionOf(state) < RACE_GUARD_RULES) return own;
  const guard = heroesGoalToGuard(state);
  if (!guard) return own;
  if (!own) return guard;
  const from = enemy.position;
  return walkOrFar(state, from, guard) < walkOrFar(state, from, own) ? guard : own;
}

/** Infiltrate: the square of their goal area the hero nearest it on foot reaches it by. */
function leadingHeroGoal(state: GameState): Point | null {
  const area = goalArea(state, 'heroes');
  let best: { at: Point; walk: number } | null = null;
  for (const hero of livingUnits(state, 'heroes')) {
    const at = nearestSquareOf(state, area, hero.position);
    if (!at) continue;
    const walk = walkOrFar(state, hero.position, at);
    if (!best || walk < best.walk) best = { at, walk };
  }
  return best?.at ?? null;
}

/**
 * The square of the heroes' goal an enemy would guard (raceGoalFor), or null: where the
 * hero nearest its goal area (on foot) reaches it (Infiltrate), or where the hero carrying
 * the object reaches home (Transport).
 */
function heroesGoalToGuard(state: GameState): Point | null {
  const scenario = skirmishOptions(state).scenario;
  if (scenario === 'infiltrate') return leadingHeroGoal(state);
  if (scenario !== 'transport') return null;
  const carrierId = state.objective.object?.carrier;
  const carrier = carrierId ? state.units.find((u) => u.id === carrierId) : undefined;
  if (!carrier?.position || carrier.side !== 'heroes') return null;
  return nearestSquareOf(state, homeArea(state, 'heroes'), carrier.position);
}

/** A race of VI played by rules version 6 on (RACING_RULES), where enemies race. */
export function isRace(state: GameState): boolean {
  return rulesVersionOf(state) >= RACING_RULES && RACES.includes(skirmishOptions(state).scenario);
}

/**
 * Transport, from rules version 7 (RACE_GUARD_RULES): whether an alerted enemy spends its
 * turn on the object rather than on a blow: it carries it, or stands on or next to it.
 * VI: "The army with a figure that carries the object back ... wins", and III "Special
 * Actions": enemies "attempt to take special actions when logically necessary" and not
 * those "which do not have an immediate benefit": taking up the object within reach, and
 * carrying it home, is the battle's whole purpose; a blow is not. Before version 7 it took
 * the object only when it could attack no one, and its carrier stopped to fight.
 */
export function seizesObject(
  state: GameState,
  enemy: Unit,
  reachesThisTurn: (at: Point) => boolean,
): boolean {
  if (rulesVersionOf(state) < RACE_GUARD_RULES) return false;
  if (skirmishOptions(state).scenario !== 'transport') return false;
  if (enemy.carrying || whyCannotPickUp(state, enemy) === null) return true;
  return (
    rulesVersionOf(state) >= OBJECT_FIRST_RULES && reachesObjectThisTurn(state, reachesThisTurn)
  );
}

/**
 * From rules version 8 (OBJECT_FIRST_RULES): whether the object lies on the ground where the
 * enemy's Move Unit brings it on or next to it, so its other action takes it up this turn.
 * The same reading of III "Special Actions" as the object beside it: the object taken this
 * turn is the battle's purpose with an immediate benefit; a blow is not.
 */
function reachesObjectThisTurn(state: GameState, reachesThisTurn: (at: Point) => boolean): boolean {
  const at = state.objective.object?.at;
  return Boolean(at) && reachesThisTurn(at!);
}

/**
 * A Transport's hero carrying the object, the foe the enemy strikes first when it can this
 * turn (rules version 8 on, OBJECT_FIRST_RULES), else null. III "Goal Locations" makes the
 * object the enemy's goal, and VI: "If the figure carrying the object is removed from the
 * playing area, the object falls to the ground": the carrier is the one blow that serves
 * the goal (III "Special Actions": "when logically necessary"), the nearest hero is not.
 */
export function carrierToStrike(state: GameState): Unit | null {
  if (rulesVersionOf(state) < OBJECT_FIRST_RULES) return null;
  if (skirmishOptions(state).scenario !== 'transport') return null;
  const carrierId = state.objective.object?.carrier;
  return livingUnits(state, 'heroes').find((h) => h.id === carrierId) ?? null;
}
