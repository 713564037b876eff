/**
 * The look-ahead's kept answers (Context.memo, issue 14: the whole intent overlay within a
 * frame): runs of the enemies' next turn from one state keep, for each board the figures
 * show, what awareness changed, the nearest heroes, an enemy's square in range, its way
 * toward a hero and whom it strikes, and use them again on the same board. On the 64x64
 * benchmark board (15 heroes, 15 monsters, doors, figures blocking sight) every run must
 * still give exactly what the plain reducer gives, a fresh copy per command and no kept
 * answer, with the same dice, and so must the activations played back from earlier runs
 * (ActivationReplay). (With the tools' tests: it plays the bench's own states.)
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice } from '../../src/engine/dice';
import { enemyTurnsAhead } from '../../src/engine/systems/intent';
import { loadBenchBoard } from '../../tools/lib/bench-boards';
import { intentStates } from '../../tools/lib/bench-engine';
import { playEnemyTurnPlainly } from '../engine/helpers';

describe('the look-ahead’s kept answers on the 64x64 benchmark board', () => {
  const board = loadBenchBoard(64);
  for (const situation of ['patrolling', 'alerted'] as const) {
    it(`change no run of the enemies’ turn (${situation})`, () => {
      // (Seed 3's patrols, unlike seed 2's, come upon heroes in these runs.)
      const state = intentStates(board, [situation === 'patrolling' ? 3 : 2], situation)[0];
      const before = JSON.stringify(state);
      const ahead = enemyTurnsAhead(state);
      const ours = openDice(createDiceState(5));
      const theirs = openDice(createDiceState(5));
      let moves = 0;
      let faced = 0;
      let noticed = 0;
      for (let run = 0; run < 30; run++) {
        // Every other run is asked for its events alone (attackOdds' way).
        const got = run % 2 === 1 ? { events: ahead.events(ours), state: null } : ahead(ours);
        const want = playEnemyTurnPlainly(state, theirs);
        expect(got.events).toEqual(want.events);
        if (got.state) expect(JSON.stringify(got.state)).toBe(JSON.stringify(want.state));
        moves += want.events.filter((e) => e.type === 'moved').length;
        faced += want.events.filter((e) => e.type === 'faced').length;
        noticed += want.events.filter(
          (e) => e.type === 'status-changed' && e.to === 'alerted' && e.reason.startsWith('sees'),
        ).length;
      }
      expect(ours.roll(1000)).toBe(theirs.roll(1000));
      expect(JSON.stringify(state)).toBe(before);
      // The runs went through what the memo keeps: ways toward the heroes, turns to face
      // one, patrols noticing a hero (the heroes each square sees through walls, kept while
      // they stand still); strikes are met on the small board of intent-look-ahead.test.ts.
      expect(moves).toBeGreaterThan(0);
      // The alerted monsters' activations are played back from earlier runs (ties broken
      // either way walk the same squares) once the scouting runs are past, and some whole
      // runs are read off the replay; the patrols' runs scatter, and the replay stops
      // following them. Either way no run strays.
      expect(ahead.replay.strayed).toBe(0);
      if (situation === 'alerted') {
        expect(ahead.replay.playedBack).toBeGreaterThan(ahead.replay.played / 2);
        expect(ahead.replay.runsPlayedWhole).toBeGreaterThan(0);
      }
      if (situation === 'alerted') expect(faced).toBeGreaterThan(0);
      else expect(noticed).toBeGreaterThan(0);
    }, 60_000);
  }
});
