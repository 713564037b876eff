/**
 * The intent overlay's acting order for the Skirmish (solitaire-gaming-rules III: the Arch
 * Foe, then the closest to the heroes; IV Random Enemy Action): with the heroes ending
 * their activations, the enemies still to act this round act in that order. An enemy's
 * as-if-first intent holds in the real order when it acts this round and nothing those
 * before it may do can change its activation (systems/intent.ts actsAsIfFirst, with no
 * scenario goal drawing one of them and no hero falling back first); otherwise (it acts only
 * after a new round's rolls, or not at all) the view takes its odds from the runs of the
 * whole stretch.
 */
import { actsAsIfFirst, withOrder, type EnemyIntent } from '../../systems/intent';
import type { GameState, Unit } from '../../types';
import { skirmishEnemyOrder as enemyActivationOrder, skirmishEnemyIntent } from './solo';
import { flowOf, readyHeroes } from './flow';
import { goalFor } from './scenarios';
import { traitsOf } from './types';

export function skirmishIntentInOrder(state: GameState, enemy: Unit): EnemyIntent | null {
  const intent = skirmishEnemyIntent(state, enemy);
  if (!intent) return null;
  const flow = flowOf(state);
  const acted = new Set(flow.acted);
  const order = enemyActivationOrder(state);
  const done = state.units.filter((u) => u.side === 'enemies' && acted.has(u.id)).length;
  const left = flow.enemyBudget === null ? Infinity : flow.enemyBudget - done;
  const ready = order.filter((u) => !acted.has(u.id));
  const at = ready.findIndex((u) => u.id === enemy.id);
  if (at < 0 || at >= left) return withOrder(intent, order, false);
  const before = ready.slice(0, at);
  const exact =
    actsAsIfFirst(state, enemy, before) &&
    !before.some((u) => goalFor(state, u) !== null) &&
    !readyHeroes(state).some((h) => traitsOf(h).retreating);
  return withOrder(intent, [...before, enemy], exact);
}
