/**
 * Wounds and defeat. A unit is defeated when its wounds reach its maximum; it leaves
 * the board (position null), drops what it carries, and its killer gets the credit.
 */
import type { Unit } from '../types';
import { findUnit } from '../world';
import { emit, type Context } from './context';

/** Deals `amount` wounds to `target` (by `byId`, or null for terrain) and handles defeat. */
export function applyWound(ctx: Context, target: Unit, byId: string | null, amount: number): void {
  if (!target.position) return;
  const by = byId ? findUnit(ctx.state, byId) : undefined;
  target.wounds = Math.min(target.maxWounds, target.wounds + amount);
  target.stats.woundsTaken += amount;
  if (by) by.stats.woundsDealt += amount;
  emit(ctx, {
    type: 'wounded',
    unit: target.id,
    by: byId,
    wounds: target.wounds,
    maxWounds: target.maxWounds,
    text: `${target.name} is wounded (${target.maxWounds - target.wounds} of ${target.maxWounds} wounds left).`,
  });
  if (target.wounds >= target.maxWounds) defeatUnit(ctx, target, byId);
}

export function defeatUnit(ctx: Context, target: Unit, byId: string | null): void {
  const at = target.position;
  const by = byId ? findUnit(ctx.state, byId) : undefined;
  if (by) by.stats.kills += 1;
  target.position = null;
  if (target.ai) {
    const from = target.ai.status;
    target.ai.status = 'defeated';
    ctx.state.objective.enemiesDefeated += 1;
    emit(ctx, {
      type: 'status-changed',
      unit: target.id,
      from,
      to: 'defeated',
      reason: 'slain',
      text: '',
    });
  }
  emit(ctx, {
    type: 'defeated',
    unit: target.id,
    by: byId,
    text: `${target.name} is defeated${by ? ` by ${by.name}` : ''}!`,
  });
  const obj = ctx.state.objective.object;
  if (obj && obj.carrier === target.id) {
    obj.carrier = null;
    obj.at = at;
    target.carrying = undefined;
    emit(ctx, {
      type: 'objective',
      what: 'dropped',
      unit: target.id,
      at,
      text: `The relic falls at ${target.name}'s feet.`,
    });
  }
}
