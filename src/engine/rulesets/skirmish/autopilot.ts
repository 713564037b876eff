/**
 * The heroes' autopilot for the Skirmish: for the hero whose turn it is, heal a wounded
 * neighbour (a healer), else attack the best target it can (chance x worth), else move to
 * where it can attack next (a shooter preferring cover), or toward the scenario's goal or
 * the nearest enemy; then attack if it now can (a wild shot only then, as a last resort);
 * then end the turn. In a race for its goal area (Escape, Infiltrate; in a Transport to
 * the object, the hero nearest it, and home carrying it) it runs for it, opening a door on
 * the way, and attacks only when it cannot get closer; a foe carrying the object is the
 * one to strike.
 */
import { chebyshevDistance, type Point } from '../../grid';
import { chanceOf } from '../../resolution';
import type { Command, CommandOf, GameState, Unit } from '../../types';
import { findUnit, livingUnits } from '../../world';
import { distanceToUnit, footprint } from '../../footprint';
import { standingCover } from '../../systems/cover';
import { doorWorthOpening, walkingDistance, type Placed } from '../../systems/pursuit';
import { assessSkirmishAttack } from './combat';
import { legalSkirmishCommands } from './flow';
import { goalFor, objectiveValues, scenarioRule, VP_ROUND } from './scenarios';
import { targetByTactic } from './tactics';
import { fortressThreatened } from './fortress';
import { skirmishOptions, skirmishWeapons, traitsOf } from './types';

/** What each foe past the first beside a square costs a hero choosing where to stand. */
const GANG_UP_COST = 5;

/**
 * What a wound on `target` is worth: its points (and a leader's 2 victory points, VI
 * Objectives) shared over the wounds it has left, so blows go where they take a figure off
 * the field soonest (focus fire: a figure fights at full strength until its last wound).
 */
function worth(target: Unit): number {
  const t = traitsOf(target);
  // The fortress is what an assault is for; the foe carrying the object, what a Transport is.
  if (target.structure || target.carrying) return 30;
  const left = Math.max(1, target.maxWounds - target.wounds);
  return (t.points + (t.leader ? 4 : 0)) / left;
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
    const v = chanceOf(a.resolution) * worth(target);
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

/** Transport: whether the object lies on the ground and no hero stands nearer it than `hero`. */
function isNearestToObject(state: GameState, hero: Unit): boolean {
  const at = state.objective.object?.at;
  if (!at || !hero.position) return false;
  const mine = chebyshevDistance(hero.position, at);
  return livingUnits(state, 'heroes').every((h) => chebyshevDistance(h.position, at) >= mine);
}

/**
 * Transport, with the object on the ground: activating the ready hero nearest it when
 * another hero was handed the turn (the player picks which hero acts: III "Initiative",
 * one unit at a time), so the runner is not left waiting behind the others; else null.
 */
function nearestHeroFirst(
  state: GameState,
  hero: Unit,
  legal: Command[],
): CommandOf<'activate'> | null {
  if (scenarioRule(state).id !== 'transport' || isNearestToObject(state, hero)) return null;
  return (
    legal.find(
      (c): c is CommandOf<'activate'> =>
        c.type === 'activate' && isNearestToObject(state, findUnit(state, c.unit)!),
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

/**
 * Basic Battle with objectives (VI Objectives): the marker `hero` is to hold, or null. The
 * markers are shared out by worth, the most first: each goes to the hero already holding
 * it (within 1 square), else to the nearest hero on foot not yet given one; the rest fight.
 * Markers score only after round VP_ROUND, so none are handed out after it.
 */
function markerFor(state: GameState, hero: Unit): Point | null {
  const options = skirmishOptions(state);
  if (scenarioRule(state).id !== 'basic-battle' || !options.objectives) return null;
  if (state.round > VP_ROUND || !hero.position) return null;
  const markers = objectiveValues(state, 'heroes').sort((a, b) => b.points - a.points);
  const free = livingUnits(state, 'heroes').filter((h) => !h.structure);
  for (const { at } of markers) {
    if (free.length === 0) return null;
    const holder = free.find((h) => chebyshevDistance(h.position, at) <= 1);
    const walk = (h: Unit & { position: Point }): number => {
      const d = walkingDistance(state, at, h.position);
      return Number.isFinite(d) ? d : 10_000 + chebyshevDistance(h.position, at);
    };
    const taker = holder ?? free.reduce((a, b) => (walk(b) < walk(a) ? b : a));
    if (taker.id === hero.id) return at;
    free.splice(free.indexOf(taker), 1);
  }
  return null;
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
  const attack = bestAttack(state, hero, legal);
  if (attack && !racing) return attack;
  // On the way to the goal (or to the object to carry) a door that shortens the walk opens.
  const door = racing || rule === 'transport' ? doorToGoal(state, hero, legal) : null;
  if (door) return door;
  const moves = legal.filter((c): c is CommandOf<'move'> => c.type === 'move');
  // Its Move Unit after its other action too when racing (the object just picked up).
  if (moves.length > 0 && hero.position && (!turn.acted || racing)) {
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
    const marker = goal ? null : markerFor(state, hero);
    const aims = goal
      ? [goal]
      : marker
        ? [marker]
        : holding
          ? [hero.position]
          : foes.flatMap((f) => footprint(f));
    const dist = (p: Point): number =>
      Math.min(
        ...aims.map((a) => {
          const walk = walkingDistance(state, a, p);
          return Number.isFinite(walk) ? walk : 10_000 + chebyshevDistance(p, a);
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
            attackValue = Math.max(attackValue, chanceOf(a.resolution) * worth(foe));
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
      const off = marker && chebyshevDistance(m.to, marker) > 1 ? dist(m.to) * 20 : 0;
      const v = racing
        ? -dist(m.to)
        : attackValue * 10 - (marker ? off : dist(m.to)) + (covered ? 2 : 0) - ganged;
      if (!best || v > best.v) best = { to: m.to, v };
    }
    const here = dist(hero.position);
    // A hero beside its marker steps only for an attack from another square beside it.
    const holds = marker !== null && chebyshevDistance(hero.position, marker) <= 1;
    if (holds && best && best.v <= 1e-9) best = null;
    if (best && (best.v > -here + 1e-9 || dist(best.to) < here))
      return { type: 'move', unit: hero.id, to: best.to };
  }
  const last = attack ?? bestAttack(state, hero, legal, true);
  if (last) return last;
  return { type: 'end-turn', unit: hero.id };
}
