/**
 * The intent overlay's work ahead. The whole overlay (every monster's intent and the heroes'
 * odds of being attacked) is several frames of work on a large board, and it is worked out
 * for a state before that state is shown, so that it is whole in the first frame that shows
 * it:
 * - while a command's events play, for the state they lead to (the session already holds it);
 * - while the pointer rests on a square, for the state a click there would give. The engine is
 *   a pure function of the state and the command (BattleSession.foresee), so that is the very
 *   state the click gives, and the work done for it is kept with it;
 * - with nothing else to do, for the state ending the acting hero's turn gives.
 * Headless: the scene asks what to work on and spends a slice of each frame on it.
 */
import type { GameState, Point, RuleModule } from '../engine';
import { stopAnimating, type BattleUi } from './battle-ui';
import { deriveBattleView, type ViewContext } from './battle-view';
import { intentWorkDone } from './intent-overlay';

/** The overlay's work for a state about to be shown: the monsters and whether the odds. */
export interface WorkAhead {
  state: GameState;
  ids: string[];
  odds: boolean;
  /** For a foreseen state: the command foreseen, a click on a square or the end of a turn. */
  what?: 'click' | 'end-turn';
}

/** How long the pointer rests on a square before the click there is foreseen (ms). */
export const REST_BEFORE_FORESEEING_MS = 80;

/**
 * The overlay work the screen will ask for once it shows `state` with `ui` (after any
 * animation): none (no monster, no odds) when Intent is off with no monster in focus, on the
 * monsters' turn, or once the game is over.
 */
export function workAheadOf(
  state: GameState,
  ui: BattleUi,
  context: ViewContext,
  rules?: RuleModule,
): WorkAhead {
  const pending = deriveBattleView(state, stopAnimating(ui), context, rules).intentPending;
  return { state, ids: pending?.ids ?? [], odds: pending?.odds ?? false };
}

/** Whether the work ahead is all done (the overlay of its state will be whole at once). */
export function isWorkAheadDone(ahead: WorkAhead): boolean {
  return intentWorkDone(ahead.state, ahead.ids, ahead.odds);
}

/** Where the pointer rests: the square, since when (ms), and whether its click was foreseen. */
export interface Rest {
  square: Point;
  since: number;
  foreseen: boolean;
}

/** Whether the click on the square rested on is due to be foreseen at `now` (ms). */
export function isDueToForesee(rest: Rest | null, now: number): rest is Rest {
  return rest !== null && !rest.foreseen && now - rest.since >= REST_BEFORE_FORESEEING_MS;
}
