/**
 * How the view shows an event, declared by whoever emits it (a rule module, or a shared
 * system a module uses) rather than known to the view by the event's name: whether it
 * needs time on screen, its sounds, whether the dice log shows it, and what is drawn. Plain
 * data out of the event: the view turns tones into colours and effects into pictures.
 */
import type { GameEvent } from './types';

/** A colour in words: the view's palette picks the shade (and the colour-blind one). */
export type ShowTone = 'good' | 'bad' | 'muted' | 'gold';

/** What the animation draws for one event (every part optional). */
export interface EventPicture {
  /** A figure turns to face another (a healer its patient). */
  face?: { unit: string; toward: string };
  /** A figure's wounds now: its card and its badge show this many. */
  wounds?: { unit: string; wounds: number; maxWounds: number };
  /** A burst of an effect over a figure ('heal': the healing sparkle, 'hit': a blow's flash). */
  effect?: { unit: string; kind: 'heal' | 'hit' };
  /** A word that floats up from a figure, in a tone, at a size (px). */
  word?: { unit: string; text: string; tone: ShowTone; size: number };
  /** How long it holds the screen, in ms at Normal speed. */
  holdMs: number;
}

/** How one type of event is shown. */
export interface EventShow {
  /** It needs time of its own on screen (a monster turn that holds it is not quiet). */
  busy: boolean;
  /** The sounds played as it is shown (names in the sound bank). */
  sounds: readonly string[];
  /** Whether the dice log shows its words (an event without words is never logged). */
  logged: boolean;
  /** What the animation draws, read from the event; null: nothing. */
  picture(event: GameEvent): EventPicture | null;
}

/** The shows of a module's events, by event type. */
export type EventShows = Readonly<Record<string, EventShow>>;
