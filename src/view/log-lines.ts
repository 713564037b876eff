/**
 * Which events the dice log shows, as a pure rule (the log itself is a Phaser object): an
 * event with words, but not a figure's turn as it walks, which the move's own line says.
 */
import type { GameEvent } from '../engine';

/** Whether the dice log shows an event: one with words, not a facing that follows a walk. */
export function isLogged(event: GameEvent): boolean {
  if (!event.text) return false;
  return !(event.type === 'faced' && event.reason === 'walking');
}
