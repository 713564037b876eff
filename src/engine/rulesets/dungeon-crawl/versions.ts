/**
 * The Dungeon Crawl's rules versions. A game keeps the version it was made with, so a
 * save replays under its own rules (GameState.rulesVersion).
 * - 1: the rules as first built.
 * - 2: the rules made faithful to the seeds, after a line-by-line read of
 *   solo-miniatures-dungeon-crawl.txt and miniatures-los-cover.txt.
 */
import { rulesVersionOf } from '../../setup';
import type { GameState, RuleRef } from '../../types';

export const FAITHFUL_RULES = 2;
export const CURRENT_RULES = FAITHFUL_RULES;

export const RULES_CHANGES: Readonly<Record<number, string>> = {
  2:
    'Figures block sight and shots as walls do (any character, friend or foe); cover makes ' +
    'a wound harder to cause (partial: 1 more needed, full: 2 more, never above 6) and a shot ' +
    'into full cover is allowed; melee across a wall corner gives partial cover; the Priest ' +
    'cannot heal through rock; dangerous ground also bites a figure that ends its turn on it; ' +
    'enemies can pick up the relic and carry it home; optional morale is off unless a ' +
    'scenario turns it on; enemies may start alerted.',
};

/** Whether `state` plays under the faithful rules (version 2 and later). */
export function isFaithful(state: Pick<GameState, 'rulesVersion'>): boolean {
  return rulesVersionOf(state) >= FAITHFUL_RULES;
}

/** The rule books, for the dice log's tags. */
export const CRAWL = (section: string): RuleRef => ({ book: 'Dungeon Crawl', section });
export const SOLO = (section: string): RuleRef => ({ book: 'Solo rules', section });
export const LOS = (section: string): RuleRef => ({ book: 'LOS & cover', section });
export const SKIRMISH = (section: string): RuleRef => ({ book: 'Solitaire rules', section });
