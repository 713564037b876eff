/**
 * The intent overlay's work ahead (issue 14's budget: the whole overlay within a frame after a
 * command). With Intent on and the pointer resting on a square, the screen foresees the state
 * the click there gives and works out that state's overlay a slice a frame; the click then
 * gives that very state, and the first view of it has the whole overlay: every monster's
 * intent and the final badges, nothing left pending. The same holds for the state a command's
 * events lead to while they play. The clock is a counter here (no timing in tests).
 */
import { describe, expect, it } from 'vitest';
import { attackOdds, type Command, type GameState } from '../../src/engine';
import { followTurn, initialUi, startAnimating } from '../../src/view/battle-ui';
import { deriveBattleView } from '../../src/view/battle-view';
import { clickSquare, situation } from '../../src/view/battle-intents';
import {
  commandSquare,
  isDueToForesee,
  nextToPonder,
  PONDER_MAX,
  REST_BEFORE_FORESEEING_MS,
  workAheadOf,
} from '../../src/view/intent-ahead';
import { advanceIntentWork, BADGE_SAMPLES } from '../../src/view/intent-overlay';
import { alertAll, boardGame, startWith } from '../engine/helpers';
import { applyCommand, commandKey, legalCommands } from '../../src/engine';
import { FORESEEN_KEPT } from '../../src/app/session';

const BOARD = `
##########
#T......P#
#........#
#........#
#...g....#
#........#
#g.......#
##########
`;

const context = { scenarioName: 'test' };

/** Works `state`'s overlay ahead to the end, one piece of work a frame; the frames it took. */
function workAllAhead(state: GameState, ui: ReturnType<typeof initialUi>): number {
  const ahead = workAheadOf(state, ui, context);
  let clock = 0;
  const oneStep = () => clock++ * 1000;
  let frames = 0;
  while (advanceIntentWork(ahead.state, ahead.ids, ahead.odds, 1, oneStep)) frames++;
  return frames;
}

describe('the intent overlay worked out ahead', () => {
  const state = alertAll(startWith(boardGame(BOARD, {}, { enemyFacing: 0 }), [4, 4]).state);
  const monsters = state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id);
  const ui = { ...followTurn(initialUi(), state), showIntent: true, hover: { x: 2, y: 2 } };

  it('the click the pointer rests on: its state has the whole overlay in its first view', () => {
    // The pointer rests on an empty square: the click there is the acting hero's move.
    const rest = { square: { x: 2, y: 2 }, since: 1000, foreseen: false };
    expect(isDueToForesee(rest, 1000 + REST_BEFORE_FORESEEING_MS - 1)).toBe(false);
    expect(isDueToForesee(rest, 1000 + REST_BEFORE_FORESEEING_MS)).toBe(true);
    const first = deriveBattleView(state, ui, context);
    const command = clickSquare(situation(state, ui, first), rest.square).command as Command;
    expect(command).toMatchObject({ type: 'move', to: { x: 2, y: 2 } });
    const foreseen = applyCommand(state, command);
    if (!foreseen.ok) throw new Error(foreseen.error);
    const next = foreseen.state;

    // Not worked ahead, its first view still has work pending.
    const cold = applyCommand(state, command);
    if (!cold.ok) throw new Error(cold.error);
    expect(deriveBattleView(cold.state, followTurn(ui, cold.state), context).intentPending).toEqual(
      {
        ids: monsters,
        odds: true,
      },
    );

    // Worked ahead over several frames, its first view is whole.
    expect(workAllAhead(next, ui)).toBeGreaterThan(1);
    const view = deriveBattleView(next, followTurn(ui, next), context);
    expect(view.intentPending).toBeNull();
    expect(view.intents.map((m) => m.unitId).sort()).toEqual([...monsters].sort());
    const odds = attackOdds(next, { samples: BADGE_SAMPLES })!;
    expect(view.attackBadges.length).toBe(2);
    for (const b of view.attackBadges) {
      expect(b.chance).toBe(odds.chances[b.unitId]);
      expect(b.tip).not.toContain('estimating');
    }
  });

  it('while a command plays: the state it leads to, from the record as the animation starts', () => {
    const command = clickSquare(situation(state, ui, deriveBattleView(state, ui, context)), {
      x: 3,
      y: 1,
    }).command as Command;
    const played = applyCommand(state, command);
    if (!played.ok) throw new Error(played.error);
    const animating = startAnimating(ui, state);
    // While it animates nothing of the overlay is asked for; the work ahead is what comes after.
    expect(deriveBattleView(played.state, animating, context).intentPending).toBeNull();
    const ahead = workAheadOf(played.state, animating, context);
    expect(ahead.ids).toEqual(monsters);
    expect(ahead.odds).toBe(true);
    workAllAhead(played.state, animating);
    expect(
      deriveBattleView(played.state, followTurn(ui, played.state), context).intentPending,
    ).toBeNull();
  });

  it('with Intent off and no monster in focus there is nothing to work ahead on', () => {
    const off = { ...ui, showIntent: false };
    const ahead = workAheadOf(state, off, context);
    expect(ahead.ids).toEqual([]);
    expect(ahead.odds).toBe(false);
  });
});

describe('pondering: the commands worked ahead while the screen is idle', () => {
  const state = startWith(boardGame(BOARD, {}, { enemyFacing: 0 }), [4, 4]).state;
  const legal = legalCommands(state);
  const hero = state.units.find((u) => u.id === state.turn?.unitId)!;
  const distance = (c: Command, p: { x: number; y: number }) => {
    const at = commandSquare(state, c);
    // A command with no square of its own (undoing a move...) comes last.
    if (!at) return Infinity;
    return Math.max(Math.abs(at.x - p.x), Math.abs(at.y - p.y));
  };

  /** Every command nextToPonder gives, in order, as the screen would take them. */
  const ponderAll = (around: { x: number; y: number } | null): Command[] => {
    const keys = new Set<string>();
    const out: Command[] = [];
    for (;;) {
      const next = nextToPonder(state, legal, around, keys, out.length);
      if (!next) return out;
      keys.add(commandKey(next));
      out.push(next);
    }
  };

  it('takes the commands nearest the pointer first, never the end of the turn, each once', () => {
    const around = { x: 8, y: 6 };
    const order = ponderAll(around);
    const others = legal.filter((c) => c.type !== 'end-turn');
    expect(order.length).toBe(Math.min(PONDER_MAX, others.length));
    expect(order.some((c) => c.type === 'end-turn')).toBe(false);
    expect(new Set(order.map(commandKey)).size).toBe(order.length);
    const distances = order.map((c) => distance(c, around));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Around the hero, the first one is a step beside it.
    expect(distance(ponderAll(hero.position!)[0], hero.position!)).toBe(1);
  });

  it('the session keeps every command pondered, with room for the rested click and End turn', () => {
    expect(FORESEEN_KEPT).toBeGreaterThanOrEqual(PONDER_MAX + 2);
  });

  it('stops at PONDER_MAX, and skips what was foreseen already (the click the pointer rested on)', () => {
    const many = Array.from({ length: PONDER_MAX + 5 }, (_, i) => ({
      type: 'move' as const,
      unit: hero.id,
      to: { x: 1 + (i % 8), y: 2 + Math.floor(i / 8) },
    }));
    expect(nextToPonder(state, many, null, new Set(), PONDER_MAX)).toBeNull();
    expect(nextToPonder(state, many, null, new Set(), PONDER_MAX - 1)).not.toBeNull();
    const first = nextToPonder(state, many, { x: 1, y: 2 }, new Set(), 0)!;
    expect(commandSquare(state, first)).toEqual({ x: 1, y: 2 });
    const rested = new Set([commandKey(first)]);
    expect(commandSquare(state, nextToPonder(state, many, { x: 1, y: 2 }, rested, 1)!)).not.toEqual(
      {
        x: 1,
        y: 2,
      },
    );
  });

  it('a target is found by its figure: an attack ponders at the monster it strikes', () => {
    const goblin = state.units.find((u) => u.side === 'enemies' && u.position)!;
    const attack = { type: 'attack', unit: hero.id, target: goblin.id, weapon: 'x' } as Command;
    expect(commandSquare(state, attack)).toEqual(goblin.position);
    expect(commandSquare(state, { type: 'end-turn', unit: hero.id })).toBeNull();
  });
});
