/**
 * Picking up the scenario's object (the Skirmish's carry-the-object goal): who may, and
 * the taking. Heroes do it in the flow, enemies in their activation; a file of its own so
 * the two do not import each other.
 */
import { chebyshevDistance } from '../../grid';
import type { Context } from '../../systems/context';
import { takeObjective } from '../../systems/movement';
import type { GameState, Unit } from '../../types';

/** Why `unit` cannot pick up the objective now, or null. */
export function whyCannotPickUp(state: GameState, unit: Unit): string | null {
  const obj = state.objective.object;
  if (!obj || !obj.at) return 'There is nothing to pick up.';
  if (!unit.position || chebyshevDistance(unit.position, obj.at) > 1)
    return `${unit.name} must stand on or next to the object.`;
  return null;
}

/** The figure takes the objective (the caller checked it may). */
export function takeObject(ctx: Context, unit: Unit): void {
  takeObjective(ctx, unit, `${unit.name} picks up the object and makes for home.`);
}
