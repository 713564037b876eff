/**
 * The Battle scene's side of the automation API (`app.battle`, read by `window.archfoe`
 * and the browser tests): commands go through the battle's play like a player's; the rest
 * reads what the screen shows.
 */
import type { BattleBridge } from '../app/app';
import type { BattlePlay } from '../app/battle-play';
import type { BattleBoard } from '../view/battle-board';
import type { BattleHud } from '../view/battle-hud';
import type { BattleUi } from '../view/battle-ui';
import type { BattleView } from '../view/battle-view';
import type { IntentForesight } from '../view/intent-ahead';
import type { BattleTutorial } from './battle-tutorial';

/** The battle screen's parts the bridge reads (getters: the scene may replace them). */
export interface BridgedBattle {
  play: BattlePlay;
  board: BattleBoard;
  hud: BattleHud;
  ui(): BattleUi;
  /** The derived view now (worked out if need be), and the one last drawn (or null). */
  current(): BattleView;
  drawn(): BattleView | null;
  foresight(): IntentForesight | null;
  tutorial(): BattleTutorial | null;
  speedChanged(): void;
}

export function battleBridge(b: BridgedBattle): BattleBridge {
  const board = b.board.board;
  return {
    dispatch: (c) => b.play.dispatch(c),
    idle: () => b.play.idle(),
    squareToGame: (x, y) => board.squareToScreen({ x, y }),
    speedChanged: () => b.speedChanged(),
    inspection: () => ({
      unit: b.ui().inspected,
      sees: b.current().sees.map((p) => ({ ...p })),
      strikes: b.current().strikes.map((p) => ({ ...p })),
    }),
    boardZoom: () => board.zoom,
    boardArt: () => board.artStats,
    info: () => b.hud.info.shown,
    look: () => ({
      animating: b.ui().animating,
      ...b.hud.look(),
      ...b.board.look(),
      intent: {
        marks: b.board.intentShown,
        odds: b.hud.oddsShown(),
        roundOdds: b.drawn()?.roundOdds ?? null,
        pending: !b.ui().animating && b.current().intentPending !== null,
        ...b.foresight()?.look(),
      },
      hiddenByFog: b.board.hiddenByFog,
      tutorial: b.tutorial()?.panel.shown() ?? null,
    }),
  };
}
