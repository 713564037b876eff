/**
 * A module's events as the module says to show them (engine/event-show.ts): the view
 * knows the kernel's events by name and reads every other event's show from the rule
 * module of the game it belongs to.
 */
import {
  rulesOf,
  type EventPicture,
  type EventShows,
  type GameEvent,
  type GameState,
  type ShowTone,
} from '../engine';
import { CSS } from './theme';

/** The shows the module of `state` declares for its events (none for an unknown module). */
export function showsOf(state: Pick<GameState, 'ruleModule'>): EventShows {
  return rulesOf(state)?.eventShows ?? {};
}

/** What the animation draws for `event`, as its module declares; null: nothing declared. */
export function pictureOf(
  state: Pick<GameState, 'ruleModule'>,
  event: GameEvent,
): EventPicture | null {
  return showsOf(state)[event.type]?.picture(event) ?? null;
}

/** A declared tone in the palette's colour. */
export function toneColour(tone: ShowTone): string {
  return { good: CSS.green, bad: CSS.red, muted: CSS.muted, gold: CSS.gold }[tone];
}
