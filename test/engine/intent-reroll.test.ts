/**
 * A re-roll the rules declare (DiceSource.roll's `rerolledBelow`): the Dungeon Crawl's
 * patrol turn (solo rules §4 "Move Order": on a 3 the monster moves half and rolls a d8 to
 * turn, re-rolling 3 or less) is walked over the faces that stand, 4-8, each 1 in 5, with
 * no branch cut; so the exact count of the enemy phase covers two patrolling goblins in a
 * row (12 ways each: 1-2, 4-8 on the d8, or a 3 and one of five turns), checked against
 * 10,000 phases played with real dice.
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice } from '../../src/engine/dice';
import { attackOdds, enumerateRolls, runEnemyTurnAhead } from '../../src/engine/systems/intent';
import { BLOCKED_CORRIDOR, boardGame, startWith, unit } from './helpers';

describe('a declared re-roll in the dice tree (solo rules §4 Move Order, the turn d8)', () => {
  it('walks only the faces that stand, each with its share, and cuts nothing', () => {
    let runs = 0;
    const tree = enumerateRolls(
      (dice) => {
        runs++;
        let v = 0;
        do v = dice.roll(8, 4);
        while (v <= 3);
        return { value: v };
      },
      { maxLeaves: 1000, maxDepth: 6 },
    )!;
    expect(tree.cut).toBe(0);
    expect(runs).toBe(5);
    expect(tree.leaves.map((l) => l.value).sort()).toEqual([4, 5, 6, 7, 8]);
    for (const l of tree.leaves) expect(l.chance).toBeCloseTo(1 / 5, 12);
  });

  it('real dice ignore it: the same faces as without it', () => {
    const a = openDice(createDiceState(7));
    const b = openDice(createDiceState(7));
    for (let i = 0; i < 200; i++) expect(a.roll(8, 4)).toBe(b.roll(8));
  });

  it('two patrolling goblins in a row: the whole phase counted exactly, as 10,000 phases play it', () => {
    // goblin-1 acts first (move 2, facing west) and stands in goblin-2's way.
    const state = startWith(boardGame(BLOCKED_CORRIDOR, {}, { enemyFacing: 6 }), [4, 4]).state;
    const odds = attackOdds(state, { maxLeaves: 4000 })!;
    expect(odds.method).toBe('exact');
    expect(odds.runs).toBe(144);
    const shown = new Map<string, number>();
    for (const e of odds.enemies['goblin-2'].ends) {
      const key = `${e.at.x},${e.at.y}`;
      shown.set(key, (shown.get(key) ?? 0) + e.chance);
    }
    // goblin-2's half move (a 3, 1 in 8) reaches (8,1) only when goblin-1 has moved on
    // (1-3 on its d8, 3 in 8); its full move (1-2, 1 in 4) ends on (7,1), or on (8,1) when
    // goblin-1's half move (a 3) has taken (7,1).
    expect(shown.get('8,1')).toBeCloseTo((1 / 8) * (3 / 8) + (1 / 4) * (1 / 8), 12);
    expect(shown.get('7,1')).toBeCloseTo(1 / 4 - (1 / 4) * (1 / 8), 12);
    const dice = openDice(createDiceState(31));
    for (let i = 0; i < 64; i++) dice.roll(6);
    const n = 10_000;
    const seen = new Map<string, number>();
    for (let i = 0; i < n; i++) {
      const g = unit(runEnemyTurnAhead(state, dice).state, 'goblin-2');
      const key = `${g.position!.x},${g.position!.y}`;
      seen.set(key, (seen.get(key) ?? 0) + 1 / n);
    }
    for (const key of new Set([...shown.keys(), ...seen.keys()])) {
      const p = shown.get(key) ?? 0;
      const q = Math.min(Math.max(p, 0.01), 0.99);
      const tol = 4 * Math.sqrt((q * (1 - q)) / n);
      expect(Math.abs((seen.get(key) ?? 0) - p), key).toBeLessThanOrEqual(tol);
    }
  }, 120_000);
});
