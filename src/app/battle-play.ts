/**
 * What follows a battle command, whoever gave it (a click, a key, the autopilot, the
 * Oracle panel or the automation API): the session applies it, the tutorial hears of it,
 * the game is saved, the events are shown, the board settles on the new state, and a battle
 * that is over goes to the Results. Commands wait their turn in one queue, so a script that
 * dispatches in a loop and a player who clicks during an animation see the same order.
 * The screen and the app are reached only through the two small interfaces below.
 */
import { chooseHeroCommand, type Command, type GameEvent, type GameState } from '../engine';
import type { DispatchOutcome } from './app';
import type { BattleSession } from './session';
import type { SlotResult } from './save-slots';

/** What the play asks of the screen that shows the battle. */
export interface PlayScreen {
  /** Whether the battle is on screen (running or paused under Settings). */
  onScreen(): boolean;
  toast(text: string, kind?: 'info'): void;
  /** The tutorial hears of every command, taken or refused. */
  commandSeen(command: Command, ok: boolean): void;
  /** Shows the events that led from `before` to `state` at `pace` times the speed's time. */
  animate(events: GameEvent[], state: GameState, before: GameState, pace: number): Promise<void>;
  /** The animation's time factor now (0: instant); the player may change it while it plays. */
  animationFactor(): number;
  /** The board and the screen's record on the state reached, the animation over. */
  settle(state: GameState): void;
  /** Draws the state reached (the battle goes on). */
  refresh(): void;
  /** Resolves after `ms` of the screen's time. */
  wait(ms: number): Promise<void>;
}

/** What the play asks of the app. */
export interface PlayHost {
  autosave(): Promise<SlotResult>;
  /** Records the finished battle (and a campaign's rolls after it). */
  finishBattle(state: GameState): void;
  showResults(): void;
}

export class BattlePlay {
  private queue: Promise<unknown> = Promise.resolve();
  private left = false;

  constructor(
    readonly session: BattleSession,
    private readonly host: PlayHost,
    private readonly screen: PlayScreen,
  ) {}

  get state(): GameState {
    return this.session.state;
  }

  /** Whether the battle is over or its screen is going: nothing more is played. */
  get leaving(): boolean {
    return this.left;
  }

  /** The screen goes (another scene, a new layout): what is playing stops where it is. */
  leave(): void {
    this.left = true;
  }

  /** Resolves when every command given so far has been applied and shown. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Applies a command through the session, after those before it, and shows its events. */
  dispatch(command: Command): Promise<DispatchOutcome> {
    return this.enqueue(async () => {
      if (!this.screen.onScreen()) return { ok: false, error: 'The battle is not on screen.' };
      const before = this.state;
      const result = this.session.apply(command);
      if (!result.ok) {
        this.screen.toast(result.error);
        this.screen.commandSeen(command, false);
        return { ok: false, error: result.error };
      }
      this.screen.commandSeen(command, true);
      void this.host.autosave().then((saved) => {
        if (!saved.ok && this.screen.onScreen()) this.screen.toast(saved.error, 'info');
      });
      await this.show(result.events, result.state, before);
      return { ok: true };
    });
  }

  /** Shows the opening (the events that set the board) at `pace`, then calls `shown`. */
  opening(pace: number, shown: () => void): void {
    const s = this.session;
    void this.enqueue(() => this.show(s.lastEvents, s.state, s.previousState, pace).then(shown));
  }

  /** Plays the autopilot's commands one at a time, shown, while `on()` and heroes act. */
  async autoBattle(on: () => boolean): Promise<void> {
    while (on() && !this.left && this.state.phase === 'heroes') {
      const command = chooseHeroCommand(this.state);
      if (!command) break;
      const outcome = await this.dispatch(command);
      if (!outcome.ok) break;
    }
  }

  private enqueue<T>(run: () => Promise<T>): Promise<T> {
    const p = this.queue.then(run, run);
    this.queue = p.catch(() => undefined);
    return p;
  }

  /** Shows the events that led from `before` to `state`, then settles or finishes. */
  private async show(
    events: GameEvent[],
    state: GameState,
    before: GameState,
    pace = 1,
  ): Promise<void> {
    await this.screen.animate(events, state, before, pace);
    // At instant speed nothing above waits for a frame: yield to the browser once so that
    // a script dispatching in a loop still lets the page draw and take input.
    if (this.screen.animationFactor() <= 0)
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    if (this.left) return;
    this.screen.settle(state);
    if (state.phase !== 'over') return this.screen.refresh();
    this.left = true;
    this.host.finishBattle(state);
    // A moment on the final picture before the Results.
    const factor = this.screen.animationFactor();
    const delay = factor > 0 ? 1600 * Math.max(0.6, factor) : 0;
    if (delay > 0) await this.screen.wait(delay);
    this.host.showResults();
  }
}
