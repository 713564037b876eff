/**
 * Morale (solitaire-gaming-rules VIII): when an army is reduced to less than half its
 * starting figures, each of its units checks once; failing, it retreats, whatever the die
 * (the book has no rout on a 1: a figure is defeated by wounds, not by a bad roll). Both
 * armies check ("it uses the same morale rules as heroes", III): an enemy that fails turns
 * Retreating; a hero falls back as its module says. The test itself is the module's
 * (SoloMorale.test: the Skirmish's d20, 11+ or 6+ for a unique character).
 */
import { emit, type Context } from '../systems/context';
import { setStatus } from '../systems/sight';
import type { Side } from '../types';
import { figuresOf } from './enemy';
import { SOLO_RULES, type SoloMorale } from './mechanics';

export const MORALE_RULE = SOLO_RULES('VIII Morale: below half the starting figures');

export function checkMorale(m: SoloMorale, ctx: Context): void {
  for (const side of ['enemies', 'heroes'] as const) checkArmyMorale(m, ctx, side);
}

function checkArmyMorale(m: SoloMorale, ctx: Context, side: Side): void {
  const state = ctx.state;
  if (state.outcome || !m.checks(state) || state.phase === 'setup') return;
  if (m.checked(state).includes(side)) return;
  const army = state.units.filter((u) => u.side === side && !u.structure);
  const standing = figuresOf(state, side);
  // "reduced to less than half its starting number of figures" (those yet to come count
  // as there; those that escaped as gone).
  const present = standing.length + army.filter((u) => u.offField === 'reserve').length;
  if (present * 2 >= army.length) return;
  m.markChecked(state, side);
  emit(ctx, {
    type: 'decision',
    unit: '',
    text: `The ${side === 'enemies' ? 'enemy army' : 'heroes\u2019 army'} is down to ${standing.length} of ${army.length}: each figure checks its morale.`,
    rule: MORALE_RULE,
  });
  for (const unit of standing) {
    if (!unit.position || m.test(ctx, unit)) continue;
    if (unit.ai) setStatus(ctx, unit, 'retreating', 'loses its nerve');
    else m.heroFails(ctx, unit);
  }
}
