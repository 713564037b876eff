/**
 * A single monster's intent is worked out as if it acted first in the monsters' phase; when
 * others act before it by the module's own order (Dungeon Crawl, "4 Move Order": the Arch
 * Foe, then higher rank first; Skirmish III: the Arch Foe, then the closest to the heroes),
 * the overlay says so in plain words, naming them, and never names a monster fog hides.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand, createGame, type GameState } from '../../src/engine';
import { enemyActionOrder } from '../../src/engine/rulesets/dungeon-crawl/enemy';
import { followTurn, initialUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { intentMarks } from '../../src/view/intent-overlay';
import { dungeonCrawlBoard } from '../engine/boards';

function started(fog: boolean): GameState {
  const made = createGame({
    scenarioId: 'order',
    map: dungeonCrawlBoard(),
    seed: 7,
    options: fog ? { fog: true } : {},
  });
  if (!made.ok) throw new Error(made.error);
  const r = applyCommand(made.state, { type: 'start' });
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe('per-monster intent and the order of the phase', () => {
  it('names the monsters acting before it, by the module\u2019s order (4 Move Order)', () => {
    const state = started(false);
    const order = enemyActionOrder(state);
    expect(order.length).toBeGreaterThan(2);
    for (const [i, m] of order.entries()) {
      const [mark] = intentMarks(state, [m.id]);
      if (!mark) continue;
      // The first says nothing of the order, unless it wakes before it acts (it sees a hero
      // now and the heroes' phase ends first): then its odds are only as things stand now.
      if (i === 0)
        expect(mark.order).toEqual(
          mark.source === 'exact' ? null : expect.stringMatching(/as things stand now/),
        );
      else {
        expect(mark.order).toMatch(/as if it acted first/);
        for (const before of order.slice(0, i)) expect(mark.order).toContain(before.name);
        for (const after of order.slice(i + 1))
          if (!order.slice(0, i).some((b) => b.name === after.name))
            expect(mark.order).not.toContain(after.name);
      }
    }
  });

  it('says it in the hovered monster\u2019s panel, and unnamed for those out of sight', () => {
    const state = started(true);
    const ui = followTurn(initialUi(), state);
    const view = deriveBattleView(state, ui, { scenarioName: 't' });
    const hidden = new Set(view.fog!.hidden);
    const order = enemyActionOrder(state);
    const last = [...order].reverse().find((m) => !hidden.has(m.id))!;
    expect(last).toBeDefined();
    const hovered = deriveBattleView(state, { ...ui, hover: last.position }, { scenarioName: 't' });
    expect(hovered.info.title).toBe(last.name);
    const mark = hovered.intents.find((m) => m.unitId === last.id)!;
    expect(order[0].id).not.toBe(last.id);
    {
      expect(hovered.info.body).toContain(mark.order!);
      for (const m of order)
        if (hidden.has(m.id)) expect(mark.order).not.toMatch(new RegExp(`\\b${m.name}\\b(?!\\d)`));
      if (order.slice(0, order.indexOf(last)).some((m) => hidden.has(m.id)))
        expect(mark.order).toMatch(/out of sight/);
    }
  });
});
