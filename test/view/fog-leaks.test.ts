/**
 * Fog of war hides a monster everywhere, not only on the board (issue 14): no overlay (intent,
 * threat counts, target and attack badges, the eye, the hover's names), no step of the
 * monsters' animation, no sound or dice-log line shows a monster the four-corner model
 * hides, while every roll is still logged with its die and number.
 */
import { describe, expect, it } from 'vitest';
import {
  cloneState,
  doesSquareBlockSight,
  hasLineOfSight,
  requireRules,
  type GameEvent,
  type GameState,
  type Point,
} from '../../src/engine';
import { followTurn, initialUi, type BattleUi } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { planEvents } from '../../src/view/event-plan';
import { fogScript } from '../../src/view/fog-events';
import { noteSightings } from '../../src/view/fog-overlay';
import { advanceIntentWork, attackBadges, intentWork } from '../../src/view/intent-overlay';
import { playFogGames } from './helpers';

/** Whether some hero sees the figure on `to`, by the four-corner test (walls; figures where the module says). */
function modelSees(state: GameState, to: Point): boolean {
  const figures = requireRules(state).figuresBlockSight(state);
  const blocks = (x: number, y: number) =>
    doesSquareBlockSight(state.map, x, y) ||
    (figures && state.units.some((u) => u.position && u.position.x === x && u.position.y === y));
  return state.units.some(
    (h) => h.side === 'heroes' && h.position && hasLineOfSight(h.position, to, blocks),
  );
}

function hiddenMonsters(state: GameState): Set<string> {
  return new Set(
    state.units
      .filter((u) => u.side === 'enemies' && u.position && !modelSees(state, u.position))
      .map((u) => u.id),
  );
}

let badgeCut = 0;

function withoutFog(state: GameState): GameState['options'] {
  const { fog: _fog, ...rest } = state.options;
  return rest;
}

/** The overlay's work for `state` done to the end (the scene spreads it over frames). */
function finishIntentWork(state: GameState): GameState {
  const monsters = state.units.filter((u) => u.side === 'enemies').map((u) => u.id);
  advanceIntentWork(state, monsters, true, Number.POSITIVE_INFINITY);
  return state;
}

/** Checks every overlay of one state against the model: nothing tells of a hidden monster. */
function checkOverlays(state: GameState, ui: BattleUi): number {
  const hidden = hiddenMonsters(state);
  finishIntentWork(state);
  const all = { ...followTurn(ui, state), showIntent: true, showThreats: true };
  const view = deriveBattleView(state, all, { scenarioName: 'test' });
  for (const m of view.intents) expect(hidden.has(m.unitId), `intent of ${m.unitId}`).toBe(false);
  // The runs of the monsters' turn in the real order keep no figures of a monster out of sight.
  const runs = intentWork(state).attackOdds().odds?.enemies ?? {};
  for (const id of Object.keys(runs)) expect(hidden.has(id), `runs of ${id}`).toBe(false);
  for (const t of view.targets) expect(hidden.has(t.unitId), `target ${t.unitId}`).toBe(false);
  for (const b of view.badges) expect(hidden.has(b.unitId), `badge ${b.unitId}`).toBe(false);
  // Threat counts: never more than the monsters in view that are alerted.
  const alertedInView = state.units.filter(
    (u) => u.side === 'enemies' && u.position && u.ai?.status === 'alerted' && !hidden.has(u.id),
  ).length;
  for (const t of view.threats) expect(t.count).toBeLessThanOrEqual(alertedInView);
  if (alertedInView === 0) expect(view.threats).toEqual([]);
  // The attack badges count no blow from a monster out of sight: the same runs of the
  // monsters' turn as without fog, fewer blows counted.
  const inView = state.units.filter(
    (u) => u.side === 'enemies' && u.position && !hidden.has(u.id),
  ).length;
  const open = attackBadges(finishIntentWork({ ...state, options: withoutFog(state) }));
  for (const b of view.attackBadges) {
    const without = open.find((o) => o.unitId === b.unitId)!.chance;
    expect(b.chance).toBeLessThanOrEqual(without + 1e-9);
    if (inView === 0) expect(b.chance).toBe(0);
    if (b.chance < without) badgeCut++;
    expect(b.tip).toContain('out of sight are not counted');
  }
  // Hovering a hidden monster's square says nothing of it.
  for (const id of [...hidden].slice(0, 1)) {
    const m = state.units.find((u) => u.id === id)!;
    const hv = deriveBattleView(state, { ...all, hover: m.position }, { scenarioName: 'test' });
    expect(hv.hover?.tone).toBe('square');
    expect(hv.info.title).not.toBe(m.name);
    expect(hv.info.body).not.toContain(m.name);
    const shown = deriveBattleView(state, { ...all, inspected: id }, { scenarioName: 'test' });
    expect(shown.inspected).not.toBe(id);
  }
  return hidden.size;
}

/** Checks a command's fog script: each walk step and each log line, against the model. */
function checkScript(before: GameState, events: GameEvent[], after: GameState) {
  const script = fogScript(before, events, after)!;
  expect(script).not.toBeNull();
  const draft = cloneState(before);
  const at = (id: string) => draft.units.find((u) => u.id === id)!;
  let unseenSteps = 0;
  let seenSteps = 0;
  for (const [i, e] of events.entries()) {
    if (e.type === 'door-opened') draft.map = after.map;
    const actor = 'unit' in e && typeof e.unit === 'string' ? at(e.unit) : undefined;
    const monster = actor?.side === 'enemies' ? actor : undefined;
    if (e.type === 'moved' && actor) {
      const steps = script.steps.get(i);
      if (monster)
        expect(steps?.[0]).toBe(!!monster.position && modelSees(draft, monster.position));
      for (const [k, p] of e.path.entries()) {
        actor.position = { ...p };
        if (!monster) continue;
        const sees = modelSees(draft, p);
        expect(steps?.[k + 1], `${e.unit} step ${k} at ${p.x},${p.y}`).toBe(sees);
        if (sees) seenSteps++;
        else unseenSteps++;
      }
      actor.position = { ...e.to };
    }
    if (e.type === 'defeated' && actor) actor.position = null;
    // A figure set down at the start (the Arch Foe in the lair its roll chose) is there.
    if (e.type === 'placed' && actor) actor.position = { ...e.at };
    if (monster && !script.seen[i])
      expect(script.words[i], `line of unseen ${monster.id}`).not.toContain(monster.name);
    if (monster && script.seen[i] && e.type !== 'moved' && monster.position)
      expect(modelSees(draft, monster.position)).toBe(true);
    // Every roll is logged, with its die and number.
    if (e.type === 'roll') {
      expect(script.words[i]).not.toBe('');
      expect(script.words[i]).toContain(String(e.value));
    }
  }
  // The plan shows a turn nobody sees at once.
  for (const step of planEvents(events, after, script.seen))
    if (step.kind === 'monsters')
      for (const t of step.turns)
        if (script.seen.slice(t.from, t.to + 1).every((s) => !s)) expect(t.quiet).toBe(true);
  return { unseenSteps, seenSteps, unseenLines: script.seen.filter((s) => !s).length };
}

describe('fog of war hides a monster everywhere', () => {
  it('no overlay, walk step or log line reveals a hidden monster, through whole games', () => {
    let hiddenStates = 0;
    const totals = { unseenSteps: 0, seenSteps: 0, unseenLines: 0 };
    let ui = initialUi();
    playFogGames([1, 2], (before, events, state, i) => {
      const t = checkScript(before, events, state);
      totals.unseenSteps += t.unseenSteps;
      totals.seenSteps += t.seenSteps;
      totals.unseenLines += t.unseenLines;
      if (state.phase !== 'heroes' || i % 8 !== 0) return;
      ui = noteSightings(ui, state);
      if (checkOverlays(state, ui) > 0) hiddenStates++;
    });
    // Every kind was met: the checks are not empty.
    expect(hiddenStates).toBeGreaterThan(0);
    expect(totals.unseenSteps).toBeGreaterThan(0);
    expect(totals.seenSteps).toBeGreaterThan(0);
    expect(totals.unseenLines).toBeGreaterThan(0);
    expect(badgeCut).toBeGreaterThan(0);
  }, 300_000);
});
