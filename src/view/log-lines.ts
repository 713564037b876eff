/**
 * Which events the dice log shows, as a pure rule (the log itself is a Phaser object): an
 * event with words, but not a figure's turn as it walks, which the move's own line says.
 */
import type { EventShows, GameEvent } from '../engine';

/**
 * Whether the dice log shows an event: one with words, not a facing that follows a walk,
 * nor a module's event its module declares unlogged (`shows`).
 */
export function isLogged(event: GameEvent, shows: EventShows = {}): boolean {
  if (!event.text || shows[event.type]?.logged === false) return false;
  return !(event.type === 'faced' && event.reason === 'walking');
}
