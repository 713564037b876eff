/**
 * The Skirmish rules' versions (a game keeps the one it was made with, so a save replays
 * under it). 1: as first built. 2: large figures (the Ogre and the Wyrm on 2x2 squares) and
 * the Fortress Assault's fortress. 3: large figures plan their long way over squares their
 * whole base fits. 4: every "nearest" and range a figure measures to a large figure counts
 * to the nearest square of its base (V "Large Figures"). 5: the Skirmish as the rule book
 * reads (issue 28): goal areas from the map, terrain and shield cover, one effect per failed
 * defence, dangerous ground at a turn's end, wild shots and blasts out of sight, the primary
 * weapon by its real chance, draws, the round flow and morale of the book. Version 5 changed
 * nearly every battle and its old code was not kept, so the module plays version 5 only
 * (oldestRulesVersion): an older save that replays the same plays on, any other gets a plain
 * message (app/session.ts). 6: in the races (Escape, Infiltrate, Transport) an enemy still
 * unaware of the heroes makes for its goal (III "Goal Locations") instead of waiting, and
 * an alerted one that can strike no hero this turn spends it on its goal instead of closing
 * in; Ambush and Spawning have no count of rounds (VI): at the game's round limit with both
 * armies still fighting, a draw, not the heroes' defeat; a fortress's defenders go out for
 * a foe that can strike the building from where it stands, not only for one within 1 Move
 * Unit of it. A game of version 5 replays as it was played. 7: a Basic Battle's enemy
 * sets up on its map's marked squares only where they lie 2 Move Units from every hero
 * (VI), and one objective marker nearest both armies' sides is the own marker of the army
 * whose side it lies nearer; in Infiltrate and Transport an enemy with no hero to strike
 * heads for the nearest goal, the heroes' included (it stands in their way:
 * RACE_GUARD_RULES); in a Transport an enemy takes up the object in its reach and carries
 * it home before any blow, and the object is set near the centre where the armies are
 * evenly placed to win it (EVEN_OBJECT_RULES). 8: in a Basic Battle with
 * objectives an enemy that can strike no hero this turn, or is unaware of them, makes for
 * the nearest marker no ally holds and holds it (MARKER_CONTEST_RULES); a Transport sets up
 * as a Basic Battle does (RACE_SET_UP_APART_RULES), its enemy takes up the object its Move
 * Unit reaches and strikes the hero carrying it before any other (OBJECT_FIRST_RULES), and
 * the object is set where both armies take it up in the most nearly equal number of actions
 * (EVEN_TAKE_RULES). Games of versions 5 to 7 replay as they were played.
 */
import { distanceToFigure, squaresNearestFirst } from '../../footprint';
import type { Point } from '../../grid';
import { rulesVersionOf } from '../../setup';
import type { GameState, Unit } from '../../types';

export const BASE_PLANNING_RULES = 3;
export const BASE_DISTANCE_RULES = 4;
export const BOOK_RULES = 5;
export const RACING_RULES = 6;
export const ROUND_LIMIT_DRAW_RULES = 6;
/** From version 6 a fortress's defenders go out for a foe that can strike the building. */
export const SALLY_RULES = 6;
/**
 * From version 7 one objective marker nearest both armies' sides is the own marker (1 VP)
 * of the army whose side it lies nearer, the foe's (4 VP) to the other; before, 4 to both.
 */
export const SHARED_MARKER_RULES = 7;
/**
 * From version 7 a Basic Battle's enemy sets up on the squares its map marks only where they
 * lie 2 Move Units from every hero (VI); before, on every marked square.
 */
export const SET_UP_APART_RULES = 7;
/**
 * From version 7, in Infiltrate and Transport an enemy with no hero to strike heads for the
 * nearest goal location of the battlefield, the heroes' included (race-goals.ts raceGoalFor).
 */
export const RACE_GUARD_RULES = 7;
/** From version 7 the Transport's object is set where the armies are evenly far from it. */
export const EVEN_OBJECT_RULES = 7;
/**
 * From version 8, in a Basic Battle with objectives up to the round they score, an enemy
 * that can strike no hero this turn (an unaware one too, unless the Patrolling table is
 * chosen) makes for the nearest objective
 * marker no ally holds, and holds it (III "Goal Locations"; race-goals.ts markerGoalFor);
 * before, an alerted one closed on a hero and an unaware one waited.
 */
export const MARKER_CONTEST_RULES = 8;
/**
 * From version 8 a Transport, "set up as in a Basic Battle" (VI), keeps the Basic Battle's
 * 2 Move Units apart on the squares a map drawn for another module marks
 * (SET_UP_APART_RULES); before, only a Basic Battle did.
 */
export const RACE_SET_UP_APART_RULES = 8;
/**
 * From version 8 a Transport's enemy that can walk to the object and take it up this turn
 * does so before any blow, and one that can strike the hero carrying the object strikes it
 * (race-goals.ts seizesObject, carrierToStrike); before, only the object beside it came first,
 * and its blow went to the nearest hero.
 */
export const OBJECT_FIRST_RULES = 8;
/**
 * From version 8 the Transport's object is set where the two armies' quickest figures take
 * it up in the most nearly equal number of actions (then carry it home, as version 7).
 */
export const EVEN_TAKE_RULES = 8;
export const SKIRMISH_RULES_VERSION = RACE_SET_UP_APART_RULES;

/**
 * Whether distances to a figure count to its base (rules version BASE_DISTANCE_RULES on).
 * V "Large Figures": the main space is "the space used to determine its movement and where
 * it attacks from", and "an attacker can target any space a large figure occupies": so a
 * figure measures from its own main square to the nearest square of the other's base.
 */
export function measuresToBase(state: Pick<GameState, 'rulesVersion'>): boolean {
  return rulesVersionOf(state) >= BASE_DISTANCE_RULES;
}

/**
 * How far `unit` is from the square `from` (a figure's main square, or an objective) for
 * choosing the nearest, ordering and keeping a distance: to the nearest square of its base
 * (version 4 on), to its main square before.
 */
export function distanceTo(
  state: Pick<GameState, 'rulesVersion'>,
  from: Point,
  unit: Pick<Unit, 'position' | 'size'>,
): number {
  return distanceToFigure(from, unit, measuresToBase(state));
}

/**
 * The square of `unit` a figure at `from` heads for, faces or turns away from: the nearest
 * of its base (version 4 on), its main square before.
 */
export function squareOf(
  state: Pick<GameState, 'rulesVersion'>,
  from: Point,
  unit: Pick<Unit, 'position' | 'size'> & { position: Point },
): Point {
  return measuresToBase(state) ? squaresNearestFirst(unit, from)[0] : unit.position;
}
