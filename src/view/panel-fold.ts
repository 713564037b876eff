/**
 * Folding the battle's side panels lays the scene out again (a restart from the unchanged
 * state). What the player had switched on or picked goes with it, so a fold changes the
 * room the board has and nothing else. No Phaser here.
 */
import type { BattleUi } from './battle-ui';

/** The part of the Battle screen's record a new layout keeps. */
export type KeptUi = Pick<
  BattleUi,
  'inspected' | 'chosen' | 'showThreats' | 'showIntent' | 'lastSeen' | 'usingTouch'
>;

export function keptUi(ui: BattleUi): KeptUi {
  return {
    inspected: ui.inspected,
    chosen: ui.chosen,
    showThreats: ui.showThreats,
    showIntent: ui.showIntent,
    lastSeen: ui.lastSeen,
    usingTouch: ui.usingTouch,
  };
}
