/**
 * How far a monster's walk toward a far hero reads the board (systems/pursuit.ts): its
 * search floods no farther than its budget (each step costs at least 1: 16 movement
 * points for a monster of move 2) and asks about one square beyond. A look-ahead keeps the
 * way with the figures that near (LookAheadMemo.forValues), so boards alike there share
 * it; a figure farther off must never change the way, and one nearer must not be missed.
 */
import { describe, expect, it } from 'vitest';
import { openDice, createDiceState, riggedDice } from '../../src/engine/dice';
import { cloneState } from '../../src/engine/game';
import { chebyshevDistance, type Point } from '../../src/engine/grid';
import { rulesOf } from '../../src/engine/rulesets/registry';
import { LookAheadMemo, type Context } from '../../src/engine/systems/context';
import { walkToward } from '../../src/engine/systems/pursuit';
import type { GameEvent, GameState, Unit } from '../../src/engine/types';
import { boardGame } from './helpers';

/** The walker's move, raised so that its walk shows more of the way. */
const MOVE = 6;
/** The search's budget for move 6 (pursuit's approach: at most eight turns, at least 16 squares or three turns). */
const BUDGET = 18;
/** The squares it reads: the budget, and one beyond. */
const READS = BUDGET + 1;

/** Walks `walker` toward `goal` on its own copy of `state`; the squares it walked. */
function walk(state: GameState, walker: string, goal: Point, memo?: LookAheadMemo): Point[] {
  const draft = cloneState(state);
  const rules = rulesOf(draft)!;
  const events: GameEvent[] = [];
  const ctx: Context = { state: draft, dice: riggedDice([]), events, rules, memo };
  const unit = draft.units.find((u) => u.id === walker) as Unit & { position: Point };
  walkToward(ctx, unit, goal, 'heads for the goal');
  return events.flatMap((e) => (e.type === 'moved' ? e.path : []));
}

/** A 48x48 board of floor and scattered walls, a goblin in the middle, figures about. */
function scatteredBoard(seed: number): string {
  const dice = openDice(createDiceState(seed));
  const rows: string[][] = [];
  for (let y = 0; y < 48; y++) {
    const row: string[] = [];
    for (let x = 0; x < 48; x++) {
      const edge = x === 0 || y === 0 || x === 47 || y === 47;
      const roll = dice.roll(100);
      row.push(edge || roll <= 12 ? '#' : roll <= 20 ? 'g' : roll <= 26 ? 'F' : '.');
    }
    rows.push(row);
  }
  rows[24][24] = 'g';
  rows[24][25] = '.';
  rows[45][45] = '.';
  return rows.map((r) => r.join('')).join('\n');
}

function walkerOf(state: GameState): Unit {
  return state.units.find((u) => u.position?.x === 24 && u.position.y === 24)!;
}

/** A board of `scatteredBoard(seed)` with its walker's move raised to MOVE. */
function scatteredGame(seed: number): GameState {
  const state = boardGame(scatteredBoard(seed));
  walkerOf(state).move = MOVE;
  return state;
}

/** `state` with every figure but the walker whose square passes `keep` taken off the board. */
function withFiguresOnly(state: GameState, keep: (at: Point) => boolean): GameState {
  const copy = cloneState(state);
  const walker = walkerOf(copy);
  for (const u of copy.units)
    if (u !== walker && u.position && !keep(u.position)) u.position = null;
  return copy;
}

/** Where the walkers head: the far corner. */
const GOAL = { x: 45, y: 45 };

/** Twelve scattered boards, each with its walker and the walker's square. */
function samples(): { state: GameState; walker: Unit; from: Point }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const state = scatteredGame(i + 1);
    const walker = walkerOf(state);
    return { state, walker, from: walker.position! };
  });
}

describe('a monster walking toward a hero out of reach', () => {
  it('takes the same way whatever stands farther than its search reads', () => {
    let changedByNear = 0;
    for (const { state, walker, from } of samples()) {
      const way = walk(state, walker.id, GOAL);
      const near = (p: Point) => chebyshevDistance(p, from) <= READS;
      expect(walk(withFiguresOnly(state, near), walker.id, GOAL)).toEqual(way);
      // The figures near do matter (the test would show nothing otherwise).
      const alone = walk(
        withFiguresOnly(state, () => false),
        walker.id,
        GOAL,
      );
      if (JSON.stringify(alone) !== JSON.stringify(way)) changedByNear++;
    }
    expect(changedByNear).toBeGreaterThan(0);
  });

  it('is not handed a kept way from a board that differs within what its search reads', () => {
    let figuresThatMatter = 0;
    for (const { state, walker, from } of samples()) {
      const goal = GOAL;
      const memo = new LookAheadMemo();
      const way = walk(state, walker.id, goal, memo);
      expect(way).toEqual(walk(state, walker.id, goal));
      // Each figure within what the search reads taken away in turn, asked of the same memo.
      for (const figure of state.units) {
        if (figure === walker || !figure.position) continue;
        const d = chebyshevDistance(figure.position, from);
        if (d < 1 || d > READS) continue;
        const at = figure.position;
        const without = withFiguresOnly(state, (p) => p.x !== at.x || p.y !== at.y);
        const plain = walk(without, walker.id, goal);
        expect(walk(without, walker.id, goal, memo)).toEqual(plain);
        if (JSON.stringify(plain) !== JSON.stringify(way)) figuresThatMatter++;
      }
    }
    // Some of them change the way (on these boards, from 1 to 11 squares off): a memo
    // that looked less far would hand it wrong.
    expect(figuresThatMatter).toBeGreaterThan(0);
  });
});
