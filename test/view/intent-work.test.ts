/**
 * The intent overlay in the Battle view, spread over frames: with Intent on, the view shows
 * the hovered monster at once and the rest as the scene's slices of work finish them; the
 * hero badges show a first estimate with "estimating" in the tip, then the final odds.
 * The clock is a counter here (no timing in tests).
 */
import { describe, expect, it } from 'vitest';
import { attackOdds } from '../../src/engine';
import { followTurn, initialUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { advanceIntentWork, BADGE_SAMPLES } from '../../src/view/intent-overlay';
import { alertAll, boardGame, startWith } from '../engine/helpers';

const BOARD = `
#########
#T.....P#
#.......#
#.......#
#...g...#
#.......#
#g......#
#########
`;

describe('the intent overlay a slice of each frame', () => {
  it('shows the hovered monster at once, the others and the final badges as the work is done', () => {
    const state = alertAll(startWith(boardGame(BOARD, {}, { enemyFacing: 0 }), [4, 4]).state);
    const monsters = state.units.filter((u) => u.side === 'enemies' && u.position);
    const ui = {
      ...followTurn(initialUi(), state),
      showIntent: true,
      hover: monsters[1].position!,
    };
    const derive = () => deriveBattleView(state, ui, { scenarioName: 'test' });

    // The first frame: the hovered monster only, no badge yet, work pending.
    let view = derive();
    expect(view.intents.map((m) => m.unitId)).toEqual([monsters[1].id]);
    expect(view.attackBadges).toEqual([]);
    expect(view.intentPending).toEqual({ ids: monsters.map((m) => m.id), odds: true });

    // One piece of work a frame (a clock that runs out after each step).
    let clock = 0;
    const oneStep = () => clock++ * 1000;
    expect(advanceIntentWork(state, view.intentPending!.ids, true, 1, oneStep)).toBe(true);
    view = derive();
    expect(view.attackBadges.length).toBe(2);
    for (const b of view.attackBadges) expect(b.tip).toContain('estimating');

    let frames = 0;
    while (view.intentPending && frames++ < 10_000) {
      advanceIntentWork(state, view.intentPending.ids, view.intentPending.odds, 1, oneStep);
      view = derive();
    }
    expect(view.intentPending).toBeNull();
    expect(view.intents.map((m) => m.unitId).sort()).toEqual(monsters.map((m) => m.id).sort());
    const odds = attackOdds(state, { samples: BADGE_SAMPLES })!;
    for (const b of view.attackBadges) {
      expect(b.chance).toBe(odds.chances[b.unitId]);
      expect(b.tip).not.toContain('estimating');
      expect(b.tip).toContain(odds.method === 'exact' ? 'exact' : 'Monte Carlo');
    }
  });
});
