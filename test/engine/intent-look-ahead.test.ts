/**
 * The attack odds' look-ahead (issue 14, the whole intent overlay within a frame): many runs
 * of the enemies' next turn from one state share the heroes' ends of turn that roll no die
 * and run on one private copy each. Each run must give exactly what the plain reducer gives
 * (a fresh copy per command) with the same dice, and the state must stay as it was,
 * including the runs whose activations are played back from earlier ones (ActivationReplay).
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice } from '../../src/engine/dice';
import { enemyTurnsAhead, runEnemyTurnAhead } from '../../src/engine/systems/intent';
import type { GameState } from '../../src/engine/types';
import { alertAll, boardGame, playEnemyTurnPlainly, startWith } from './helpers';

// Three heroes, so two ends of turn come before the enemies act; an alerted goblin between
// the Thief and the Priest and one patrolling further off (once the heroes have moved).
const BOARD = `
##########
#T......P#
#........#
#...F....#
#....g...#
#........#
#g.......#
##########
`;

function states(): [string, GameState][] {
  const started = startWith(boardGame(BOARD, {}, { enemyFacing: 0 }), [4, 4]).state;
  const alerted = alertAll(started);
  const moved = { ...started, heroesHaveMoved: true };
  return [
    ['first turn, patrolling', started],
    ['every enemy alerted', alerted],
    ['patrolling, heroes have moved', moved],
  ];
}

describe('the enemies’ next turn, run many times from one state', () => {
  for (const [name, state] of states()) {
    it(`gives each run what the reducer gives with the same dice (${name})`, () => {
      expect(state.phase).toBe('heroes');
      const before = JSON.stringify(state);
      const ahead = enemyTurnsAhead(state);
      const ours = openDice(createDiceState(11));
      const theirs = openDice(createDiceState(11));
      const once = openDice(createDiceState(11));
      let attacks = 0;
      // An activation played back from an earlier run (ActivationReplay) hands on that
      // run's very events: an attack seen again as the same object was played back.
      const strikes = new Set<object>();
      let strikesPlayedBack = 0;
      for (let run = 0; run < 40; run++) {
        // Every other run is asked for its events alone (attackOdds' way: read off the
        // replay where it knows the whole run).
        const whole = run % 2 === 1;
        const got = whole ? { events: ahead.events(ours), state: null } : ahead(ours);
        for (const e of got.events) {
          if (e.type !== 'attacked') continue;
          if (strikes.has(e)) strikesPlayedBack++;
          strikes.add(e);
        }
        const want = playEnemyTurnPlainly(state, theirs);
        expect(got.events).toEqual(want.events);
        if (got.state) expect(JSON.stringify(got.state)).toBe(JSON.stringify(want.state));
        expect(runEnemyTurnAhead(state, once).events).toEqual(want.events);
        attacks += want.events.filter((e) => e.type === 'attacked').length;
      }
      // The dice moved the same way on every path, and the state never changed.
      expect(ours.roll(1000)).toBe(theirs.roll(1000));
      expect(JSON.stringify(state)).toBe(before);
      expect(ahead.replay.strayed).toBe(0);
      expect(ahead.replay.playedBack).toBeGreaterThan(0);
      if (name === 'every enemy alerted') {
        expect(attacks).toBeGreaterThan(0);
        // Strikes (wounds, kills) were among what was played back, and came out right.
        expect(strikesPlayedBack).toBeGreaterThan(0);
      }
    });
  }
});
