/**
 * The look-ahead's kept answers (Context.memo) are kept per board: what the figures show
 * (squares, facings, statuses). Wounds, stuns, morale and what a figure carries are not in
 * that key, so no kept answer may depend on them. This checks it where they vary: on the
 * heroes' turns of whole games on every soaked map of both modules (heroes wounded and
 * fallen, blows struck in the runs), many runs of the enemies' next turn from each state,
 * with the memo, give exactly what the plain reducer gives with the same dice. A kept
 * answer made to read wounds fails it. (These games meet no stun and no carried object;
 * the counts are printed.)
 */
import { describe, expect, it } from 'vitest';
import { createDiceState, openDice } from '../../src/engine/dice';
import { playAutoGame } from '../../src/engine/simulate';
import { enemyTurnsAhead } from '../../src/engine/systems/intent';
import type { GameState } from '../../src/engine/types';
import { playEnemyTurnPlainly } from '../engine/helpers';
import { gameConfig, soakMaps } from '../../tools/soak';

/** Runs of the enemies' turn compared from each state. */
const RUNS = 16;

describe('the look-ahead’s kept answers over whole games', () => {
  it('change no run of the enemies’ turn from any heroes’ turn, whatever the wounds', async () => {
    const maps = (await soakMaps(false)).filter((m) => m.map.width * m.map.height <= 40 * 40);
    const seen = {
      states: 0,
      wounded: 0,
      conditions: 0,
      carrying: 0,
      attacks: 0,
      modules: new Set<string>(),
      playedBack: 0,
      played: 0,
      strayed: 0,
      whole: 0,
    };
    const played = new Map<string, number>();
    for (let i = 0; i < maps.length * 8; i++) {
      const seed = 101 + i;
      const { soakMap, options } = gameConfig(maps, i, seed);
      // Two games a map, eight of the Skirmish (its scenarios: objects carried, stuns, rally).
      const games = played.get(soakMap.id) ?? 0;
      if (games >= (soakMap.ruleModule === 'skirmish' ? 8 : 2)) continue;
      played.set(soakMap.id, games + 1);
      const states: GameState[] = [];
      playAutoGame(
        {
          scenarioId: soakMap.scenarioId,
          map: soakMap.map,
          seed,
          options,
          ruleModule: soakMap.ruleModule,
        },
        (state) => {
          if (state.phase === 'heroes' && state.turn && !state.outcome) states.push(state);
        },
      );
      // Every third heroes' turn: the later ones, where wounds and losses have piled up, too.
      for (const [k, state] of states.entries()) {
        if (k % 3 !== 0) continue;
        const ahead = enemyTurnsAhead(state);
        const ours = openDice(createDiceState(seed * 7 + k));
        const theirs = openDice(createDiceState(seed * 7 + k));
        for (let run = 0; run < RUNS; run++) {
          // Every other run is asked for its events alone (attackOdds' way).
          const got = run % 2 === 1 ? { events: ahead.events(ours), state: null } : ahead(ours);
          const want = playEnemyTurnPlainly(state, theirs);
          const where = `${soakMap.id}, seed ${seed}, turn ${k}, run ${run}`;
          expect(got.events, where).toEqual(want.events);
          if (got.state) expect(JSON.stringify(got.state), where).toBe(JSON.stringify(want.state));
          seen.attacks += want.events.filter((e) => e.type === 'attacked').length;
        }
        seen.states++;
        seen.modules.add(state.ruleModule);
        seen.playedBack += ahead.replay.playedBack;
        seen.played += ahead.replay.played;
        seen.strayed += ahead.replay.strayed;
        seen.whole += ahead.replay.runsPlayedWhole;
        if (state.units.some((u) => u.side === 'heroes' && u.wounds > 0)) seen.wounded++;
        if (state.units.some((u) => u.position && (u.conditions?.length ?? 0) > 0))
          seen.conditions++;
        if (state.units.some((u) => u.position && u.carrying)) seen.carrying++;
      }
    }
    // The games went where the key leaves things out: wounded heroes, blows struck, both modules.
    expect(seen.modules.size).toBeGreaterThanOrEqual(2);
    expect(seen.wounded).toBeGreaterThan(10);
    expect(seen.attacks).toBeGreaterThan(100);
    // The activations played back from earlier runs (ActivationReplay) were among them,
    // and no run did other than an earlier one from the same place.
    expect(seen.playedBack).toBeGreaterThan(0);
    expect(seen.strayed).toBe(0);
    console.log(
      `look-ahead memo soak: ${seen.states} states, ${seen.wounded} with a wounded hero, ${seen.conditions} with a figure under a condition, ${seen.carrying} with a load carried, modules ${[...seen.modules].join(', ')}, ${seen.attacks} attacks in the runs, ${seen.playedBack} activations played back and ${seen.played} played, ${seen.whole} whole runs read off the replay`,
    );
  }, 300_000);
});
