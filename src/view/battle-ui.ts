/**
 * The Battle screen's own state, apart from the game's: a plain, serialisable record of
 * what the player is looking at and has picked (chessground's headless state). The engine
 * state says what is true; this record says what is shown of it. What to draw is derived
 * from both by battle-view.ts; the input layer (battle-intents.ts) turns clicks and keys
 * into a new record or an engine command. No Phaser here.
 */
import type { GameState, Point } from '../engine';

export interface BattleUi {
  /** The unit whose card, reach or sight is shown; null: the acting hero's. */
  inspected: string | null;
  /** The acting hero the record last followed: a new turn shows the new hero. */
  followed: string | null;
  /** The square under the pointer (or picked by keys or a first tap), if any. */
  hover: Point | null;
  /** Per hero: the weapon chosen on its card (a weapon id), or an ability (`#` and its id). */
  chosen: Readonly<Record<string, string>>;
  /** The target picked by number or arrow keys (an index into the derived targets), or -1. */
  selectedTarget: number;
  /** Show every square where an alerted monster could strike next turn (T). */
  showThreats: boolean;
  /** Touch: the square tapped once; a second tap on it acts. */
  armedTap: Point | null;
  /** The last press was a finger: hints say "tap". */
  usingTouch: boolean;
  /** Events are being animated: nothing to pick, nothing to click. */
  animating: boolean;
  /** The autopilot plays the heroes until switched off. */
  autoBattle: boolean;
  /** The keys-and-mouse help is open. */
  helpOpen: boolean;
}

export function initialUi(): BattleUi {
  return {
    inspected: null,
    followed: null,
    hover: null,
    chosen: {},
    selectedTarget: -1,
    showThreats: false,
    armedTap: null,
    usingTouch: false,
    animating: false,
    autoBattle: false,
    helpOpen: false,
  };
}

/** The hero whose turn it is, while the heroes act. */
export function actingUnitId(state: GameState): string | null {
  return state.phase === 'heroes' && state.turn ? state.turn.unitId : null;
}

/**
 * The record after the game moved on: a new acting hero is shown, and a unit that left
 * the board is no longer inspected.
 */
export function followTurn(ui: BattleUi, state: GameState): BattleUi {
  const acting = actingUnitId(state);
  let { inspected, followed } = ui;
  if (acting !== followed) {
    followed = acting;
    inspected = acting;
  }
  const shown = inspected ? state.units.find((u) => u.id === inspected) : undefined;
  if (!shown?.position) inspected = acting;
  return inspected === ui.inspected && followed === ui.followed
    ? ui
    : { ...ui, inspected, followed };
}

/** The record as an animation starts: picks and armed taps are dropped. */
export function startAnimating(ui: BattleUi): BattleUi {
  return { ...ui, animating: true, armedTap: null, selectedTarget: -1 };
}
