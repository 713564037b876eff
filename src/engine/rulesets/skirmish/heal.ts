/**
 * Healers (solitaire-gaming-rules III "Healers", VIII "Non-Combat Action"): a healer
 * tends an adjacent wounded ally it can reach (not through the rock), a non-combat action
 * that succeeds on 11+ on a d20 and restores one wound, a few times a battle.
 */
import { squaresNearestFirst } from '../../footprint';
import { chebyshevDistance } from '../../grid';
import type { Context } from '../../systems/context';
import { rollHeal } from '../../systems/healing';
import { wallCover } from '../../systems/cover';
import type { GameState, Unit } from '../../types';
import { COMBAT } from './combat';

import { NON_COMBAT } from './needs';

export { NON_COMBAT };

export function healFailsWhy(state: GameState, healer: Unit, target: Unit): string | null {
  const heal = healer.heal;
  if (!heal) return `${healer.name} cannot heal.`;
  if (heal.usesLeft <= 0) return `${healer.name} has no healing left.`;
  if (!healer.position || !target.position) return `${target.name} is not on the board.`;
  if (target.id === healer.id) return `${healer.name} cannot heal itself.`;
  if (target.side !== healer.side) return `${target.name} is not an ally.`;
  if (target.structure) return `${target.name} is a building: it cannot be healed.`;
  // A large patient is tended on whichever of its squares is next to the healer.
  const at = healer.position;
  const beside = squaresNearestFirst(target, at)[0];
  if (chebyshevDistance(at, beside) !== 1) return `${target.name} must be adjacent to be healed.`;
  if (wallCover(state, at, beside) === 'blocked')
    return `${healer.name} cannot reach ${target.name} through the rock.`;
  if (target.wounds <= 0) return `${target.name} is not wounded.`;
  return null;
}

/** The healing roll through the shared system (the caller checked it may be tried). */
export function tryHeal(ctx: Context, healer: Unit, target: Unit): void {
  rollHeal(ctx, healer, target, {
    describe: (v, heal) =>
      `${healer.name} tends ${target.name}: d${heal.die} = ${v}, needs ${heal.hitOn}+ — ${v >= heal.hitOn ? 'healed' : 'fails'} (${heal.usesLeft} left)`,
    rule: COMBAT('VIII Non-Combat Action: 11+'),
    text: (success) =>
      success
        ? `${target.name} is healed: ${target.maxWounds - target.wounds} of ${target.maxWounds} wounds left.`
        : `${target.name} is not healed.`,
  });
}
