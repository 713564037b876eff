/**
 * The Battle screen's own state, apart from the game's: a plain, serialisable record of
 * what the player is looking at and has picked (chessground's headless state). The engine
 * state says what is true; this record says what is shown of it. What to draw is derived
 * from both by battle-view.ts; the input layer (battle-intents.ts) turns clicks and keys
 * into a new record or an engine command. No Phaser here.
 */
import type { EventPicture, GameEvent, GameState, Point, ScenarioMark } from '../engine';

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
  /** Show every monster's next turn with its odds, and each hero's chance to be attacked (I). */
  showIntent: boolean;
  /** Fog of war: where each monster was last seen by a hero. */
  lastSeen: Readonly<Record<string, Point>>;
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
  /** Narrow screens: the panel open over the board (the hero cards or the dice log). */
  panel: 'heroes' | 'log' | null;
  /**
   * While an animation plays, what it has shown so far: whose turn (a unit id, or null
   * while the monsters act) and each hero's wounds. The cards and the panel show these,
   * not the state the animation is heading for.
   */
  shown: ShownSoFar | null;
}

/** What an animation has shown so far (see BattleUi.shown). */
export interface ShownSoFar {
  turn: string | null;
  wounds: Readonly<Record<string, { wounds: number; fallen: boolean }>>;
  /** The scenario's marks as they were before (the board shows the new ones after). */
  marks?: readonly ScenarioMark[];
}

export function initialUi(): BattleUi {
  return {
    inspected: null,
    followed: null,
    hover: null,
    chosen: {},
    selectedTarget: -1,
    showThreats: false,
    showIntent: false,
    lastSeen: {},
    armedTap: null,
    usingTouch: false,
    animating: false,
    autoBattle: false,
    helpOpen: false,
    panel: null,
    shown: null,
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

/**
 * The record as an animation starts from `before` (the state the picture shows): picks and
 * armed taps are dropped, and so is a hover that a key or a tap set (the square it marked
 * may be empty now); what is shown starts from `before` (and its scenario marks, `marks`).
 */
export function startAnimating(
  ui: BattleUi,
  before?: GameState,
  marks?: readonly ScenarioMark[],
): BattleUi {
  const pointerHover = ui.selectedTarget < 0 && !ui.usingTouch;
  const wounds: Record<string, { wounds: number; fallen: boolean }> = {};
  for (const u of before?.units ?? [])
    if (u.side === 'heroes') wounds[u.id] = { wounds: u.wounds, fallen: !u.position };
  return {
    ...ui,
    animating: true,
    armedTap: null,
    selectedTarget: -1,
    hover: pointerHover ? ui.hover : null,
    shown: { turn: before ? actingUnitId(before) : null, wounds, ...(marks ? { marks } : {}) },
  };
}

/** The record after an animation: what it showed is the state now. */
export function stopAnimating(ui: BattleUi): BattleUi {
  return { ...ui, animating: false, shown: null };
}

/**
 * The record after the animation showed `event`: a turn or the monsters' phase starting,
 * a hero wounded, fallen or healed (`picture`: what the event's module declares it shows).
 * Other events leave it as it is (the same object).
 */
export function showEvent(
  ui: BattleUi,
  event: GameEvent,
  picture: EventPicture | null = null,
): BattleUi {
  const shown = ui.shown;
  if (!shown) return ui;
  const hurt = (id: string, change: (w: { wounds: number; fallen: boolean }) => object) => {
    const now = shown.wounds[id];
    return now
      ? {
          ...ui,
          shown: { ...shown, wounds: { ...shown.wounds, [id]: { ...now, ...change(now) } } },
        }
      : ui;
  };
  switch (event.type) {
    case 'turn-started':
      // A hero's turn; the monsters' turns are all "the monsters act" (no new record each).
      return shown.turn === event.unit || (shown.turn === null && !(event.unit in shown.wounds))
        ? ui
        : { ...ui, shown: { ...shown, turn: event.unit } };
    case 'phase-started':
      return event.side === 'enemies' ? { ...ui, shown: { ...shown, turn: null } } : ui;
    case 'wounded':
      return hurt(event.unit, () => ({ wounds: event.wounds }));
    case 'defeated':
      return hurt(event.unit, () => ({ fallen: true }));
    default: {
      // A module's own event that changes a figure's wounds (a heal) says how many now.
      const wounds = picture?.wounds;
      return wounds ? hurt(wounds.unit, () => ({ wounds: wounds.wounds })) : ui;
    }
  }
}
