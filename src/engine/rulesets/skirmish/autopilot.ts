/**
 * The heroes' autopilot for the Skirmish: for the hero whose turn it is, heal a wounded
 * neighbour (a healer), else attack the best target it can (chance x worth), else move to
 * where it can attack next (a shooter preferring cover), or toward the scenario's goal or
 * the nearest enemy; then attack if it now can (a wild shot only then, as a last resort);
 * then end the turn. In a race for its goal area (Escape, Infiltrate; in a Transport to
 * the object, the hero nearest it, and home carrying it) it runs for it, opening a door on
 * the way (a square beside the object is where it takes it up), and attacks only when it
 * cannot get closer; a foe carrying the object is the one to strike, the hero nearest it
 * first. In a Basic Battle with objectives the markers are shared out by what they
 * are worth to both armies, one hero to each it can reach before they score: it goes there
 * first, holds it, or denies it from within 2 squares of a foe beside it; in the scoring
 * round a step that raises the heroes' lead in points comes before any blow.
 */
import { walkOrFar } from './goals';
import { chebyshevDistance, isSamePoint, type Point } from '../../grid';
import { chanceOf } from '../../resolution';
import type { Command, CommandOf, GameState, Unit } from '../../types';
import { findUnit, livingUnits } from '../../world';
import { distanceToUnit, footprint } from '../../footprint';
import { standingCover } from '../../systems/cover';
import { doorWorthOpening, type Placed } from '../../systems/pursuit';
import { assessSkirmishAttack } from './combat';
import { legalSkirmishCommands } from './flow';
import { goalFor, objectiveValues, scenarioRule, victoryPoints, VP_ROUND } from './scenarios';
import { distanceTo } from './versions';
import { targetByTactic } from './tactics';
import { fortressThreatened } from './fortress';
import { skirmishOptions, skirmishWeapons, traitsOf } from './types';

/** What each foe past the first beside a square costs a hero choosing where to stand. */
const GANG_UP_COST = 5;

/** A victory point a foe would score, counted in points of figures (a common one is 3-8). */
const MARKER_POINT_WORTH = 3;

/**
 * What a wound on `target` is worth: its points (and a leader's 2 victory points, VI
 * Objectives) shared over the wounds it has left, so blows go where they take a figure off
 * the field soonest (focus fire: a figure fights at full strength until its last wound).
 */
function worth(state: GameState, target: Unit): number {
  const t = traitsOf(target);
  // The fortress is what an assault is for; the foe carrying the object, what a Transport is.
  if (target.structure || target.carrying) return 30;
  const left = Math.max(1, target.maxWounds - target.wounds);
  return (t.points + (t.leader ? 4 : 0) + markerHeldBy(state, target)) / left;
}

/**
 * While the markers still score (VI Objectives), the victory points of the markers `foe`
 * stands beside (base contact), counted as points of its worth: felling it takes them from
 * its army, so a hero strikes the figure holding a marker first.
 */
function markerHeldBy(state: GameState, foe: Unit): number {
  if (!markersScore(state) || !foe.position) return 0;
  return objectiveValues(state, foe.side)
    .filter((m) => distanceTo(state, m.at, foe) <= 1)
    .reduce((n, m) => n + m.points * MARKER_POINT_WORTH, 0);
}

/** The foe a hero's combat tactic picks (with the tactics option), if any. */
function tacticTarget(state: GameState, hero: Unit): string | null {
  if (!hero.position || !hero.skirmish?.tactic) return null;
  const ctx = { state, dice: { roll: () => 1 }, events: [], rules: null as never };
  // Target choice by tactic rolls no dice (ties go to the nearest).
  return targetByTactic(ctx, hero as Unit & { position: Point })?.id ?? null;
}

/**
 * The attack of most worth (chance x the target's worth); a wild shot only when `wild`:
 * it is a last resort, taken when no move does better.
 */
function bestAttack(
  state: GameState,
  hero: Unit,
  legal: Command[],
  wild = false,
): CommandOf<'attack'> | null {
  let best: { c: CommandOf<'attack'>; v: number } | null = null;
  const favourite = tacticTarget(state, hero);
  for (const c of legal) {
    if (c.type !== 'attack') continue;
    if (
      favourite &&
      c.target !== favourite &&
      legal.some((x) => x.type === 'attack' && x.target === favourite)
    )
      continue;
    const target = findUnit(state, c.target);
    const weapon = skirmishWeapons(hero).find((w) => w.id === c.weapon);
    if (!target || !weapon) continue;
    const a = assessSkirmishAttack(state, hero, target, weapon);
    if (a.reason || (a.kind === 'wild' && !wild)) continue;
    const v = chanceOf(a.resolution) * worth(state, target);
    if (!best || v > best.v) best = { c, v };
  }
  return best?.c ?? null;
}

function withHeroAt(state: GameState, heroId: string, square: Point): GameState {
  return {
    ...state,
    units: state.units.map((u) => (u.id === heroId ? { ...u, position: square } : u)),
  };
}

/** Whether no hero stands nearer `at` than `hero` (counted in squares, walls ignored). */
function isNearestHeroTo(state: GameState, hero: Unit, at: Point): boolean {
  if (!hero.position) return false;
  const mine = chebyshevDistance(hero.position, at);
  return livingUnits(state, 'heroes').every((h) => chebyshevDistance(h.position, at) >= mine);
}

/** Transport: whether the object lies on the ground and no hero stands nearer it than `hero`. */
function isNearestToObject(state: GameState, hero: Unit): boolean {
  const at = state.objective.object?.at;
  return at ? isNearestHeroTo(state, hero, at) : false;
}

/** Transport: the square of the enemy carrying the object home, or null. */
function enemyCarrierAt(state: GameState): Point | null {
  const carrierId = state.objective.object?.carrier;
  const carrier = livingUnits(state, 'enemies').find((u) => u.id === carrierId);
  return carrier?.position ?? null;
}

/**
 * Transport: activating the ready hero nearest the object when another hero was handed the
 * turn (the player picks which hero acts: III "Initiative", one unit at a time): the
 * object on the ground, so the runner is not left waiting behind the others; or an enemy
 * carrying it home, so the hero that can strike or block the carrier does it before the
 * carrier's turn takes it away (VI: a carrier removed from play drops the object). Else null.
 */
function nearestHeroFirst(
  state: GameState,
  hero: Unit,
  legal: Command[],
): CommandOf<'activate'> | null {
  if (scenarioRule(state).id !== 'transport') return null;
  const at = state.objective.object?.at ?? enemyCarrierAt(state);
  if (!at || isNearestHeroTo(state, hero, at)) return null;
  return (
    legal.find(
      (c): c is CommandOf<'activate'> =>
        c.type === 'activate' && isNearestHeroTo(state, findUnit(state, c.unit)!, at),
    ) ?? null
  );
}

/** A legal command opening a door beside `hero` that shortens its walk to its goal, or null. */
function doorToGoal(state: GameState, hero: Unit, legal: Command[]): CommandOf<'open-door'> | null {
  const goal = goalFor(state, hero);
  if (!goal || !hero.position) return null;
  // The goal square stands in for a target: the door whose opening shortens the walk.
  const placed = hero as Placed;
  const door = doorWorthOpening(state, placed, { ...placed, position: goal });
  if (!door) return null;
  return (
    legal.find(
      (c): c is CommandOf<'open-door'> =>
        c.type === 'open-door' && c.at.x === door.x && c.at.y === door.y,
    ) ?? null
  );
}

/** A Basic Battle with objectives up to the round its markers score (VI Objectives). */
function markersScore(state: GameState): boolean {
  return (
    scenarioRule(state).id === 'basic-battle' &&
    Boolean(skirmishOptions(state).objectives) &&
    state.round <= VP_ROUND
  );
}

/** The heroes' lead in victory points were the game scored now (VI Objectives). */
function victoryMargin(state: GameState): number {
  return victoryPoints(state, 'heroes') - victoryPoints(state, 'enemies');
}

/** Whether a figure of `side` stands within `reach` of `at` (to any square of its base). */
function sideWithin(
  state: GameState,
  side: 'heroes' | 'enemies',
  at: Point,
  reach: number,
): boolean {
  return livingUnits(state, side).some((u) => distanceTo(state, at, u) <= reach);
}

/**
 * A marker a hero is sent to, and how near it must stand: 1 to hold it (base contact), or 2
 * where a foe stands beside it already: a hero within 2 squares denies it (VI Objectives:
 * held "with no opposing miniatures ... within 2 inches").
 */
interface MarkerPost {
  at: Point;
  reach: number;
}

/**
 * Basic Battle with objectives (VI Objectives): the marker `hero` is sent to, or null. Each
 * marker is worth what the heroes score holding it plus what the enemy would score holding
 * it (a hero beside it denies it to them); the markers are shared out by that worth, the
 * most first: each to the hero already at it, else the nearest hero on foot not yet given
 * one, if it can get there before the markers score; the rest fight. So the heroes' own marker (1 VP to them, 4 to the enemy) is guarded
 * too, and a marker the enemy holds is contested. Markers score only after round VP_ROUND,
 * so none are handed out after it.
 */
function markerFor(state: GameState, hero: Unit): MarkerPost | null {
  if (!markersScore(state) || !hero.position) return null;
  const foeWorth = objectiveValues(state, 'enemies');
  const worthToFoe = (at: Point): number =>
    foeWorth.find((m) => m.at.x === at.x && m.at.y === at.y)?.points ?? 0;
  const markers = objectiveValues(state, 'heroes')
    .map((m) => ({ ...m, stake: m.points + worthToFoe(m.at) }))
    .sort((a, b) => b.stake - a.stake || b.points - a.points);
  const free = livingUnits(state, 'heroes').filter((h) => !h.structure);
  for (const { at } of markers) {
    if (free.length === 0) return null;
    const reach = sideWithin(state, 'enemies', at, 1) ? 2 : 1;
    const holder = free.find((h) => distanceTo(state, at, h) <= reach);
    const walk = (h: Unit & { position: Point }): number => walkOrFar(state, at, h.position);
    const taker = holder ?? free.reduce((a, b) => (walk(b) < walk(a) ? b : a));
    // A marker no hero can reach before it scores is worth no one's walk.
    if (!holder && walk(taker) > reachBeforeScoring(state, taker)) continue;
    if (taker.id === hero.id) return { at, reach };
    free.splice(free.indexOf(taker), 1);
  }
  return null;
}

/**
 * How far on foot `hero` can go before the markers score: both its actions spent moving
 * in this round and every round up to VP_ROUND.
 */
function reachBeforeScoring(state: GameState, hero: Unit): number {
  return (VP_ROUND - state.round + 1) * 2 * hero.move;
}

/**
 * In the round the markers score (VP_ROUND), the move that most raises the heroes' lead in
 * victory points were the round to end now, or null when none raises it: the points are
 * what decides the game, so it comes before any blow.
 */
function moveForPoints(
  state: GameState,
  hero: Unit,
  moves: CommandOf<'move'>[],
): CommandOf<'move'> | null {
  if (!markersScore(state) || state.round !== VP_ROUND) return null;
  const now = victoryMargin(state);
  let best: { c: CommandOf<'move'>; v: number } | null = null;
  for (const m of moves) {
    const v = victoryMargin(withHeroAt(state, hero.id, m.to));
    if (v > now && (!best || v > best.v)) best = { c: m, v };
  }
  return best?.c ?? null;
}

export function chooseSkirmishHeroCommand(state: GameState): Command | null {
  const legal = legalSkirmishCommands(state);
  if (legal.length === 0) return null;
  if (state.phase === 'setup') return legal[0];
  const hero = findUnit(state, state.turn!.unitId)!;
  const turn = state.turn!;
  const heal = legal.find((c): c is CommandOf<'heal'> => c.type === 'heal');
  if (heal) return heal;
  // Transport: the object is what the battle is for; the hero nearest it acts first.
  const toObject = nearestHeroFirst(state, hero, legal);
  if (toObject) return toObject;
  const pickUp = legal.find((c) => c.type === 'pick-up');
  if (pickUp && !hero.carrying) return pickUp;
  // In a race for the goal (Escape, Infiltrate, or home with the object) a hero runs, and
  // fights only when it cannot get closer.
  const rule = scenarioRule(state).id;
  const racing =
    rule === 'escape' ||
    rule === 'infiltrate' ||
    Boolean(hero.carrying) ||
    (rule === 'transport' && isNearestToObject(state, hero));
  const moves = legal.filter((c): c is CommandOf<'move'> => c.type === 'move');
  // In the round the markers score, a step that wins or denies one comes before any blow.
  const forPoints = turn.acted ? null : moveForPoints(state, hero, moves);
  if (forPoints) return forPoints;
  // A hero sent to a marker and not yet there goes first, then strikes from there; in the
  // round they score it spends both actions on the way if it must.
  const marker = racing ? null : markerFor(state, hero);
  const away = marker !== null && distanceTo(state, marker.at, hero) > marker.reach;
  const attack = bestAttack(state, hero, legal);
  const hurry = away && moves.length > 0 && (!turn.moved || state.round === VP_ROUND);
  if (attack && !racing && !hurry) return attack;
  // On the way to the goal (or to the object to carry) a door that shortens the walk opens.
  const door = racing || rule === 'transport' ? doorToGoal(state, hero, legal) : null;
  if (door) return door;
  // Its Move Unit after its other action too when racing (the object just picked up), or
  // on the way to its marker.
  if (moves.length > 0 && hero.position && (!turn.acted || racing || away)) {
    const foes = livingUnits(state, 'enemies');
    const goal = goalFor(state, hero);
    // A defender of the fortress stays at its post until a foe comes near the building.
    const holding =
      !goal &&
      skirmishOptions(state).scenario === 'fortress-assault' &&
      hero.side === skirmishOptions(state).defender &&
      !fortressThreatened(state);
    // Every square of a large foe's base is a place to strike it (V, large figures), and
    // the way there is counted on foot, so a hero goes round water rather than stand
    // where the straight line is shortest.
    // A hero given an objective marker walks to it and stays beside it, fighting from there.
    const post = goal ? null : marker;
    const aims = goal
      ? [goal]
      : post
        ? [post.at]
        : holding
          ? [hero.position]
          : foes.flatMap((f) => footprint(f));
    // The object on the ground is taken up from on or next to it (VI), so a hero running to
    // it is there on any square beside it, however the walk into its own square goes.
    const onGround = goal ? (state.objective.object?.at ?? null) : null;
    const dist = (p: Point): number =>
      Math.min(
        ...aims.map((a) => {
          if (onGround && isSamePoint(a, onGround) && chebyshevDistance(p, a) <= 1) return 0;
          return walkOrFar(state, a, p);
        }),
      );
    const shooter = skirmishWeapons(hero).some((w) => w.reach === 'ranged');
    let best: { to: Point; v: number } | null = null;
    for (const m of moves) {
      const s = withHeroAt(state, hero.id, m.to);
      const moved = { ...hero, position: m.to };
      let attackValue = 0;
      for (const foe of foes) {
        for (const w of skirmishWeapons(hero)) {
          const a = assessSkirmishAttack(s, moved, foe, w);
          if (!a.reason && a.kind !== 'wild')
            attackValue = Math.max(attackValue, chanceOf(a.resolution) * worth(state, foe));
        }
      }
      const covered =
        shooter &&
        foes.some((f) => {
          const c = standingCover(state, f.position, m.to);
          return c === 'partial' || c === 'full';
        });
      // Where two or more foes stand beside it they gang up on it (VIII: a group against
      // one attacks with advantage): each foe past the first counts against the square.
      const beside = foes.filter((f) => distanceToUnit(m.to, f) <= 1).length;
      const ganged = Math.max(0, beside - 1) * GANG_UP_COST;
      // Beside its marker a hero holds it: a step off costs more than any attack is worth.
      const off = post && chebyshevDistance(m.to, post.at) > post.reach ? dist(m.to) * 20 : 0;
      const v = racing
        ? -dist(m.to)
        : attackValue * 10 - (post ? off : dist(m.to)) + (covered ? 2 : 0) - ganged;
      if (!best || v > best.v) best = { to: m.to, v };
    }
    const here = dist(hero.position);
    // A hero beside its marker steps only for an attack from another square beside it.
    const holds = post !== null && !away;
    if (holds && best && best.v <= 1e-9) best = null;
    if (best && (best.v > -here + 1e-9 || dist(best.to) < here))
      return { type: 'move', unit: hero.id, to: best.to };
  }
  const last = attack ?? bestAttack(state, hero, legal, true);
  if (last) return last;
  return { type: 'end-turn', unit: hero.id };
}
