/**
 * The intent overlay kept readable (issue 29, bug 2): with Intent on for several alerted
 * monsters the board draws a mark per monster and the numbers of the one in focus only
 * (hovered, else shown); the numbers aimed at a hero are listed in that hero's panel, in
 * the one precision (whole per cent).
 */
import { describe, expect, it } from 'vitest';
import { formatChance } from '../../src/engine';
import { followTurn, initialUi, type BattleUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { advanceIntentWork, intentSign } from '../../src/view/intent-overlay';
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

describe('the intent overlay with every monster shown', () => {
  const state = alertAll(startWith(boardGame(BOARD, {}, { enemyFacing: 0 }), [4, 4]).state);
  const monsters = state.units.filter((u) => u.side === 'enemies' && u.position);
  const heroes = state.units.filter((u) => u.side === 'heroes' && u.position);
  const derive = (patch: Partial<BattleUi>) =>
    deriveBattleView(
      state,
      { ...followTurn(initialUi(), state), showIntent: true, ...patch },
      { scenarioName: 'test' },
    );
  // The whole overlay worked out, as the scene does a slice a frame.
  let pending = derive({}).intentPending;
  for (let i = 0; pending && i < 10_000; i++) {
    advanceIntentWork(state, pending.ids, pending.odds, 50);
    pending = derive({}).intentPending;
  }

  it('has every monster\u2019s mark and no numbers in focus while the pointer is on no monster', () => {
    const view = derive({ hover: null, inspected: heroes[0].id });
    expect(view.intents.map((m) => m.unitId).sort()).toEqual(monsters.map((m) => m.id).sort());
    expect(view.intentFocus).toBeNull();
    // Each alerted monster within reach of a hero says so by its sign.
    for (const m of view.intents) expect(intentSign(m).text).toBe(m.strike ? '\u2694' : '\u00bb');
  });

  it('the hovered monster is the one whose numbers the board draws', () => {
    for (const m of monsters) expect(derive({ hover: m.position! }).intentFocus, m.id).toBe(m.id);
  });

  it('a hero\u2019s panel lists the strikes aimed at it, monster by monster, in whole per cent', () => {
    const view = derive({ hover: null, inspected: heroes[0].id });
    const struck = heroes.filter((h) => view.intents.some((m) => m.strike?.targetId === h.id));
    expect(struck.length).toBeGreaterThan(0);
    for (const hero of struck) {
      const info = derive({ hover: hero.position! }).info;
      expect(info.title).toBe(hero.name);
      for (const m of view.intents.filter((x) => x.strike?.targetId === hero.id)) {
        expect(info.body).toContain(
          `${m.name} ${formatChance(m.strike!.chance)} (wound ${formatChance(m.strike!.woundChance)})`,
        );
      }
      const attacked = view.attackBadges.find((b) => b.unitId === hero.id)!;
      expect(info.body).toContain(`next turn: ${formatChance(attacked.chance)}.`);
      // One precision: no decimal per cent anywhere in the panel.
      expect(info.body).not.toMatch(/\d\.\d+%/);
    }
  });
});
