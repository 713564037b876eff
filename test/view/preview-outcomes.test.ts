/**
 * A preview with several outcomes (a hit read on a d12 damage table), as the Battle screen
 * derives it from the module's answer: the outcomes for the line-of-sight label's stacked
 * bar, a breakdown line in the info panel, and what comes next (the card in play) on the
 * HUD's goal line. The view computes none of it: the Card Skirmish test module answers.
 */
import { describe, expect, it } from 'vitest';
import { previewAction } from '../../src/engine/game';
import { createGame } from '../../src/engine/setup';
import type { GameState } from '../../src/engine/types';
import { followTurn, initialUi } from '../../src/view/battle-ui';
import { deriveBattleView, outcomeBreakdown } from '../../src/view/battle-view';
import { play } from '../engine/helpers';
import { CARDS_BOARD, cardsModule } from '../modules/cards';

/** Musketeer 1's card up (shuffle rolls keeping the declared order), bandit 1 three squares off. */
function aiming(): GameState {
  const r = createGame({
    scenarioId: 'cards',
    map: CARDS_BOARD,
    seed: 1,
    ruleModule: cardsModule.id,
  });
  if (!r.ok) throw new Error(r.error);
  const { state } = play(r.state, { type: 'start' }, [5, 4, 3, 2]);
  state.units = state.units.map((u) =>
    u.id === 'musketeer-1'
      ? { ...u, position: { x: 4, y: 1 } }
      : u.id === 'bandit-1'
        ? { ...u, position: { x: 7, y: 1 } }
        : u,
  );
  return state;
}

describe('a preview of several outcomes on the battle screen', () => {
  it('hands the module\u2019s outcomes to the line of sight and lists them in the info panel', () => {
    const state = aiming();
    const foe = { x: 7, y: 1 };
    const view = deriveBattleView(
      state,
      { ...followTurn(initialUi(), state), hover: foe },
      { scenarioName: 'Cards' },
    );
    const preview = previewAction(state, {
      type: 'attack',
      unit: 'musketeer-1',
      target: 'bandit-1',
      weapon: 'musket',
    });
    const outcomes = preview?.outcomes ?? [];
    expect(outcomes.map((o) => o.label)).toEqual([
      'Struck dead',
      'Crippling',
      'Serious',
      'Minor',
      'Miss',
    ]);
    expect(view.hover?.los?.outcomes).toEqual(outcomes);
    const line = outcomeBreakdown(outcomes);
    // 1/12 struck dead, 7/12 a miss (rencounter.txt: Fire Combat and Damage).
    expect(line).toMatch(/^Struck dead 8% \u00b7 Crippling \d+% .* \u00b7 Miss 58%$/);
    expect(view.info.body).toContain(line);
    expect(view.comingNext).toBe('Card: Musketeer 1 \u00b7 4 left, the Joker among them');
  });
});
