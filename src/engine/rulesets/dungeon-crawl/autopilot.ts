/**
 * The hero autopilot: plays the heroes from `legalCommands` with a simple, sensible
 * policy. Used by the simulator, the soak test and the game's auto-battle.
 *
 * Policy for the hero whose turn it is:
 * 1. Priest: heal an adjacent wounded friend when one is hurt.
 * 2. Choose where to stand: the reachable square (or staying put) with the best attack
 *    afterwards (hit chance x target value, the Arch Foe first), less danger (foes next
 *    to a fragile hero), then the most progress toward the nearest foe or the goal.
 * 3. Attack with the best weapon at the best target, then end the turn.
 */
import { chebyshevDistance, isSamePoint, type Point } from '../../grid';
import type { BattleMap } from '../../map';
import { applyDoorsToMap } from '../../systems/doors';
import { buildTerrainGrid } from '../../systems/movement';
import { floodCosts } from '../../pathing';
import type { Command, CommandOf, GameState, Unit } from '../../types';
import { findUnit, isArchFoe, livingUnits } from '../../world';
import { assessAttack, hitChance } from './combat';
import { legalCrawlCommands as legalCommands } from './flow';
import { crawlWeapons } from './types';

function targetValue(target: Unit): number {
  const remaining = target.maxWounds - target.wounds;
  return (isArchFoe(target) ? 3 : 1) + (remaining === 1 ? 0.5 : 0);
}

function withHeroAt(state: GameState, heroId: string, square: Point): GameState {
  return {
    ...state,
    units: state.units.map((u) => (u.id === heroId ? { ...u, position: square } : u)),
  };
}

function bestAttackFrom(state: GameState, hero: Unit): { value: number; command: Command | null } {
  let best: { value: number; command: Command | null } = { value: 0, command: null };
  for (const weapon of crawlWeapons(hero)) {
    for (const foe of livingUnits(state, 'enemies')) {
      // The chance to wound, with the target's cover counted where the rules count it.
      const { reason, need } = assessAttack(state, hero, foe, weapon);
      if (reason) continue;
      const value = hitChance(weapon.die, need) * targetValue(foe);
      if (value > best.value) {
        best = {
          value,
          command: { type: 'attack', unit: hero.id, target: foe.id, weapon: weapon.id },
        };
      }
    }
  }
  return best;
}

/**
 * Walking distance over terrain from the nearest of `sources` to any square (999 where
 * none reaches). One cost flood per source; no paths are built.
 */
function distanceField(
  state: GameState,
  sources: Point[],
  map: BattleMap = state.map,
): (p: Point) => number {
  const grid = buildTerrainGrid(map);
  const best = new Int32Array(map.width * map.height).fill(999);
  for (const source of sources) {
    const { cost } = floodCosts(grid, source, map.width * map.height * 2);
    for (let i = 0; i < cost.length; i++) if (cost[i] >= 0 && cost[i] < best[i]) best[i] = cost[i];
  }
  return (p) =>
    p.x >= 0 && p.y >= 0 && p.x < map.width && p.y < map.height ? best[p.y * map.width + p.x] : 999;
}

function goalSquares(state: GameState, hero: Unit): Point[] {
  const objective = state.objective;
  switch (state.options.victory) {
    case 'hold':
      return objective.goal;
    case 'carry-object':
      if (objective.object?.carrier === hero.id) return objective.home;
      if (objective.object?.at) return [objective.object.at];
      {
        // An enemy carries it off: after the carrier.
        const carrier = findUnit(state, objective.object?.carrier ?? '');
        if (carrier?.side === 'enemies' && carrier.position) return [carrier.position];
      }
      break;
    default:
      break;
  }
  const foes = livingUnits(state, 'enemies');
  const archFoe = foes.find(isArchFoe);
  return archFoe ? [archFoe.position] : foes.map((f) => f.position);
}

function dangerAt(state: GameState, hero: Unit, square: Point): number {
  const adjacentFoes = livingUnits(state, 'enemies').filter(
    (f) => chebyshevDistance(f.position, square) === 1,
  ).length;
  const remaining = hero.maxWounds - hero.wounds;
  return adjacentFoes * (remaining <= 1 ? 1.5 : 0.6);
}

/** The next command the autopilot gives for the acting hero, or 'start' before the game. */
export function chooseCrawlHeroCommand(state: GameState): Command | null {
  const legal = legalCommands(state);
  if (legal.length === 0) return null;
  if (state.phase === 'setup') return legal[0];
  const hero = findUnit(state, state.turn!.unitId)!;
  const heal = legal
    .filter((c): c is CommandOf<'heal'> => c.type === 'heal')
    .map((c) => ({ c, t: findUnit(state, c.target)! }))
    .sort((a, b) => b.t.wounds - a.t.wounds)[0];
  if (state.turn!.acted) return { type: 'end-turn', unit: hero.id };
  if (heal && heal.t.wounds >= 1 && heal.t.maxWounds - heal.t.wounds <= 2) return heal.c;

  const moves = legal.filter((c): c is CommandOf<'move'> => c.type === 'move');
  const doors = legal.filter((c): c is CommandOf<'open-door'> => c.type === 'open-door');
  if ((moves.length > 0 || doors.length > 0) && hero.position) {
    const goals = goalSquares(state, hero);
    // Distances as if every door were open, so heroes head for doors that lead on.
    const openMap = applyDoorsToMap(
      state.map,
      state.doors.map((d) => ({ ...d, open: true })),
    );
    const field = distanceField(state, goals, openMap);
    const here = field(hero.position);
    const noAttackHere = bestAttackFrom(state, hero).value === 0;
    const usefulDoor = doors.find((c) => field(c.at) < here);
    const bestWalk = Math.min(here, ...moves.map((m) => field(m.to)));
    // Open a door that leads toward the goal when walking gets no nearer.
    if (usefulDoor && noAttackHere && bestWalk >= here) return usefulDoor;
    const score = (square: Point): number => {
      const s = withHeroAt(state, hero.id, square);
      const attack = bestAttackFrom(s, { ...hero, position: square }).value;
      const progress = field(square);
      const objectiveFirst =
        state.options.victory === 'hold' || state.objective.object?.carrier === hero.id ? 3 : 1;
      return attack * 10 - dangerAt(state, hero, square) * 3 - progress * 0.5 * objectiveFirst;
    };
    let best: { square: Point; value: number } = {
      square: hero.position,
      value: score(hero.position),
    };
    for (const move of moves) {
      const value = score(move.to);
      if (value > best.value + 1e-9) best = { square: move.to, value };
    }
    if (!isSamePoint(best.square, hero.position))
      return { type: 'move', unit: hero.id, to: best.square };
  }
  const attack = state.turn!.acted ? null : bestAttackFrom(state, hero).command;
  if (attack) return attack;
  if (heal) return heal.c;
  return { type: 'end-turn', unit: hero.id };
}
