/**
 * The intent overlay's acting order for the Dungeon Crawl (solo rules §4 "Move Order": the
 * Arch Foe, then by rank): every enemy acts in the coming enemy phase, in that order. An
 * enemy's as-if-first intent holds in that order when nothing those before it may do can
 * change its activation (systems/intent.ts actsAsIfFirst); otherwise the view takes its
 * odds from the runs of the whole phase.
 */
import { actsAsIfFirst, withOrder, type EnemyIntent } from '../../systems/intent';
import type { GameState, Unit } from '../../types';
import { crawlEnemyIntent, enemyActionOrder } from './enemy';

export function crawlIntentInOrder(state: GameState, enemy: Unit): EnemyIntent | null {
  const intent = crawlEnemyIntent(state, enemy);
  if (!intent) return null;
  const order = enemyActionOrder(state);
  const at = order.findIndex((u) => u.id === enemy.id);
  return withOrder(intent, order, at >= 0 && actsAsIfFirst(state, enemy, order.slice(0, at)));
}
