/**
 * Whether the first-battle tutorial has been offered (kept in localStorage): the first New
 * game offers it once; afterwards it is on the Setup screen's Tutorial button.
 */
import { readItem, writeItem } from './storage';

export const TUTORIAL_KEY = 'archfoe.tutorial-offered.v1';

export function tutorialOffered(): boolean {
  return readItem(TUTORIAL_KEY) === 'yes';
}

export function noteTutorialOffered(): void {
  writeItem(TUTORIAL_KEY, 'yes');
}

/**
 * The tutorial's battle: the Dungeon Crawl with a seed where a monster is one step away.
 * The situation was found under dice version 1 (the seed straight into the generator), so
 * the tutorial keeps that version (src/engine/dice.ts).
 */
export const TUTORIAL_BATTLE = { scenario: 'dungeon-crawl', seed: 1, diceVersion: 1 } as const;

/** Where the tutorial stands: the index of the step shown, or finished / skipped. */
export interface TutorialProgress {
  step: number;
  finished: boolean;
  skipped: boolean;
}
