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
 * Headless: the scene's IntentForesight picks what to work on and spends a slice of each
 * frame on it.
 */
import { commandKey, type Command, type GameState, type Point, type RuleModule } from '../engine';
import { stopAnimating, type BattleUi } from './battle-ui';
import { deriveBattleView, type BattleView, type ViewContext } from './battle-view';
import { advanceIntentWork, intentWorkDone } from './intent-overlay';

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

/** What the foresight reads from the battle screen. */
export interface ForesightSource {
  state(): GameState;
  ui(): BattleUi;
  view(): BattleView;
  rules: RuleModule;
  context: ViewContext;
  /** The screen's clock (ms). */
  now(): number;
  /** Whether the animation speed is Instant. */
  instant(): boolean;
  /** The command a click on `square` gives now, if any. */
  clickCommand(square: Point): Command | null;
  /** The state `command` would lead to from the state on screen (BattleSession.foresee). */
  foresee(command: Command): GameState | null;
  /** Draws the screen again (more of the overlay on screen is ready). */
  refresh(): void;
}

/** What the foresight is working on, for the automation API's look. */
export interface ForesightLook {
  ahead: { for: 'playing' | 'foreseen'; what?: WorkAhead['what']; done: boolean } | null;
  foreseen: { ready: string[]; pondered: number };
}

/**
 * The battle screen's work ahead, one slice a frame: the overlay of the state on screen
 * first, then the state about to be shown (module comment above).
 */
export class IntentForesight {
  /** The work for the state a playing command leads to. */
  private playing: WorkAhead | null = null;
  /** The work for states foreseen from `aheadFrom` (the state on screen), newest first. */
  private aheads: WorkAhead[] = [];
  private aheadFrom: GameState | null = null;
  /** Whether the acting hero's end of turn was foreseen from `aheadFrom`. */
  private endForeseen = false;
  /** The commands foreseen from `aheadFrom` (by commandKey), and how many were pondered. */
  private foreseenKeys = new Set<string>();
  private pondered = 0;
  /** Whether nothing is left to ponder from `aheadFrom` (no need to look each frame). */
  private ponderedAll = false;
  /** The square the pointer rests on, for foreseeing the click there. */
  private rest: Rest | null = null;

  constructor(private readonly source: ForesightSource) {}

  /** The square marked (by the pointer, the keys or a first tap) rests from now on. */
  markSquare(at: Point | null): void {
    if (at?.x !== this.rest?.square.x || at?.y !== this.rest?.square.y)
      this.rest = at ? { square: at, since: this.source.now(), foreseen: false } : null;
  }

  /**
   * The intent overlay's work left (the other monsters' intents with Intent on, the attack
   * odds' estimate refined): a slice of a frame, redrawn when something new is ready.
   */
  advance(sliceMs: number): void {
    const s = this.source;
    const pending = s.view().intentPending;
    if (pending && !s.ui().animating) {
      if (advanceIntentWork(s.state(), pending.ids, pending.odds, sliceMs)) s.refresh();
      return;
    }
    // Nothing left for the state shown: the work for the state about to be shown.
    const ahead = this.workAhead();
    if (ahead) advanceIntentWork(ahead.state, ahead.ids, ahead.odds, sliceMs);
  }

  look(): ForesightLook {
    const s = this.source;
    const onScreen = this.aheadFrom === s.state();
    const first = this.aheads[0];
    return {
      ahead: s.ui().animating
        ? this.playing && { for: 'playing', done: isWorkAheadDone(this.playing) }
        : first
          ? { for: 'foreseen', what: first.what, done: isWorkAheadDone(first) }
          : null,
      foreseen: {
        ready: onScreen ? this.readyKeys() : [],
        pondered: onScreen ? this.pondered : 0,
      },
    };
  }

  /**
   * The state about to be shown and its overlay's work. While a command's events play, the
   * state they lead to. Else, with Intent on, states the next command may lead to, foreseen
   * by the session (the command, when given, gives that very state): the click on the square
   * the pointer rests on, first; with nothing else to do at Instant speed, the acting hero
   * ending its turn; then, still idle, the hero's other commands, nearest the pointer first
   * (nextToPonder).
   * Those foreseen from the state on screen are worked on newest first until each is done.
   */
  private workAhead(): WorkAhead | null {
    const s = this.source;
    const state = s.state();
    const ui = s.ui();
    if (ui.animating) {
      if (this.playing?.state !== state) this.playing = workAheadOf(state, ui, s.context, s.rules);
      return this.playing;
    }
    if (this.aheadFrom !== state) {
      this.aheadFrom = state;
      this.aheads = [];
      this.endForeseen = false;
      this.foreseenKeys = new Set();
      this.pondered = 0;
      this.ponderedAll = false;
    }
    if (!ui.showIntent) return null;
    let command: Command | null = null;
    let what: WorkAhead['what'] = 'click';
    const idle = this.aheads.every(isWorkAheadDone);
    const rest = this.rest;
    const acting = s.view().acting;
    const around = rest?.square ?? ((acting && unitSquare(state, acting)) || null);
    if (isDueToForesee(rest, s.now())) {
      rest.foreseen = true;
      command = s.clickCommand(rest.square);
    } else if (!this.endForeseen && s.instant() && idle) {
      // Only at Instant speed: slower, the monsters' own turn gives the time to work it out
      // (the playing command's work ahead), and a wasted guess would cost a monsters' phase.
      this.endForeseen = true;
      what = 'end-turn';
      command = acting ? { type: 'end-turn', unit: acting } : null;
    } else if (idle && !this.ponderedAll) {
      command = nextToPonder(state, s.view().legal, around, this.foreseenKeys, this.pondered);
      if (command) {
        this.pondered++;
        what = 'ponder';
      } else this.ponderedAll = true;
    }
    if (!command) return this.aheads.find((a) => !isWorkAheadDone(a)) ?? null;
    this.foreseenKeys.add(commandKey(command));
    const next = s.foresee(command);
    if (next) {
      // Foreseen before (pondered): the work for it moves to the front all the same.
      const known = this.aheads.find((a) => a.state === next);
      this.aheads = this.aheads.filter((a) => a !== known);
      this.aheads.unshift(
        known
          ? { ...known, what }
          : { ...workAheadOf(next, ui, s.context, s.rules), what, key: commandKey(command) },
      );
    }
    return this.aheads.find((a) => !isWorkAheadDone(a)) ?? null;
  }

  /** The keys of the commands foreseen from the state shown whose overlay is all worked out. */
  private readyKeys(): string[] {
    return this.aheads.filter((a) => a.key && isWorkAheadDone(a)).map((a) => a.key!);
  }
}

/** Where the unit `id` stands, or null. */
function unitSquare(state: GameState, id: string): Point | null {
  return state.units.find((u) => u.id === id)?.position ?? null;
}
