/**
 * The intent overlay's work ahead. The whole overlay (every monster's intent and the heroes'
 * odds of being attacked) is several frames of work on a large board, and it is worked out
 * for a state before that state is shown, so that it is whole in the first frame that shows
 * it:
 * - while a command's events play, for the state they lead to (the session already holds it);
 * - while the pointer rests on a square, for the state a click there would give. The engine is
 *   a pure function of the state and the command (BattleSession.foresee), so that is the very
 *   state the click gives, and the work done for it is kept with it;
 * - with nothing else to do, for the state ending the acting hero's turn gives (at Instant
 *   speed), then for the states the hero's other commands give, nearest the pointer first
 *   (pondering, as a chess program does on its opponent's time), up to PONDER_MAX of them.
 * Headless: the scene asks what to work on and spends a slice of each frame on it.
 */
import { commandKey, type Command, type GameState, type Point, type RuleModule } from '../engine';
import { stopAnimating, type BattleUi } from './battle-ui';
import { deriveBattleView, type ViewContext } from './battle-view';
import { intentWorkDone } from './intent-overlay';

/** The overlay's work for a state about to be shown: the monsters and whether the odds. */
export interface WorkAhead {
  state: GameState;
  ids: string[];
  odds: boolean;
  /**
   * For a foreseen state: the command foreseen, a click on the square the pointer rests on,
   * the end of a turn, or a command pondered while idle.
   */
  what?: 'click' | 'end-turn' | 'ponder';
  /** For a foreseen state: the command's key (commandKey). */
  key?: string;
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

/**
 * The most commands pondered from one state. Each costs the whole overlay's work (several
 * frames on a large board) while the screen is idle; the nearest the pointer come first.
 */
export const PONDER_MAX = 24;

/** Where a command acts on the board: the square it names, or its target's; null: neither. */
export function commandSquare(state: GameState, command: Command): Point | null {
  const fields = command as unknown as Record<string, unknown>;
  for (const name of ['to', 'at']) {
    const p = fields[name];
    if (p && typeof p === 'object' && typeof (p as Point).x === 'number') return p as Point;
  }
  const target = fields.target;
  if (typeof target === 'string') return state.units.find((u) => u.id === target)?.position ?? null;
  return null;
}

/**
 * The next command to ponder: among `legal` (the state's legal commands), one not yet
 * foreseen (`foreseen`, by commandKey) other than ending a turn (foreseen apart, at Instant
 * speed only: it costs the monsters' whole phase), the nearest `around` first (Chebyshev
 * distance, commands without a square last, ties in the engine's order). Null once none is
 * left or `pondered` has reached PONDER_MAX.
 */
export function nextToPonder(
  state: GameState,
  legal: readonly Command[],
  around: Point | null,
  foreseen: ReadonlySet<string>,
  pondered: number,
): Command | null {
  if (pondered >= PONDER_MAX) return null;
  let best: Command | null = null;
  let bestDistance = Infinity;
  for (const command of legal) {
    if (command.type === 'end-turn' || foreseen.has(commandKey(command))) continue;
    const at = commandSquare(state, command);
    const distance =
      at && around
        ? Math.max(Math.abs(at.x - around.x), Math.abs(at.y - around.y))
        : Number.MAX_SAFE_INTEGER;
    if (best === null || distance < bestDistance) {
      best = command;
      bestDistance = distance;
    }
  }
  return best;
}
