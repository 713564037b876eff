/**
 * The look-ahead's kept answers (Context.memo, issue 14: the whole intent overlay within a
 * frame): runs of the enemies' next turn from one state keep, for each board the figures
 * show, what awareness changed, the nearest heroes, an enemy's square in range, its way
 * toward a hero and whom it strikes, and use them again on the same board. On the 64x64
 * benchmark board (15 heroes, 15 monsters, doors, figures blocking sight) every run must
 * still give exactly what the plain reducer gives, a fresh copy per command and no kept
 * answer, with the same dice.
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice, type DiceSource } from '../../src/engine/dice';
import { applyCommand } from '../../src/engine/game';
import { enemyTurnsAhead } from '../../src/engine/systems/intent';
import type { GameEvent, GameState } from '../../src/engine/types';
import { loadBenchBoard } from '../../tools/lib/bench-boards';
import { intentStates } from '../../tools/lib/bench-engine';

/** The enemies' next turn as the reducer plays it (no look-ahead memo), a copy per command. */
function reference(state: GameState, dice: DiceSource): { events: GameEvent[]; state: GameState } {
  const events: GameEvent[] = [];
  const enemies = new Set(
    state.units.filter((u) => u.side === 'enemies' && u.position).map((u) => u.id),
  );
  const acted = new Set<string>();
  let now = state;
  for (let guard = 0; guard < 64; guard++) {
    if (now.phase !== 'heroes' || !now.turn || now.outcome) break;
    const r = applyCommand(now, { type: 'end-turn', unit: now.turn.unitId }, { dice });
    if (!r.ok) break;
    now = r.state;
    let newRound = false;
    for (const e of r.events) {
      if (e.type === 'round-started' && acted.size > 0) {
        newRound = true;
        break;
      }
      if (e.type === 'turn-started' && enemies.has(e.unit)) acted.add(e.unit);
      events.push(e);
    }
    if (newRound || [...enemies].every((id) => acted.has(id))) break;
  }
  return { events, state: now };
}

describe('the look-ahead’s kept answers on the 64x64 benchmark board', () => {
  const board = loadBenchBoard(64);
  for (const situation of ['patrolling', 'alerted'] as const) {
    it(`change no run of the enemies’ turn (${situation})`, () => {
      const state = intentStates(board, [2], situation)[0];
      const before = JSON.stringify(state);
      const ahead = enemyTurnsAhead(state);
      const ours = openDice(createDiceState(5));
      const theirs = openDice(createDiceState(5));
      let moves = 0;
      let faced = 0;
      for (let run = 0; run < 12; run++) {
        const got = ahead(ours);
        const want = reference(state, theirs);
        expect(got.events).toEqual(want.events);
        expect(JSON.stringify(got.state)).toBe(JSON.stringify(want.state));
        moves += want.events.filter((e) => e.type === 'moved').length;
        faced += want.events.filter((e) => e.type === 'faced').length;
      }
      expect(ours.roll(1000)).toBe(theirs.roll(1000));
      expect(JSON.stringify(state)).toBe(before);
      // The runs went through what the memo keeps: ways toward the heroes, turns to face
      // one (strikes are met on the small board of intent-look-ahead.test.ts).
      expect(moves).toBeGreaterThan(0);
      if (situation === 'alerted') expect(faced).toBeGreaterThan(0);
    }, 60_000);
  }
});
