/** Engine states for the view's tests, on ASCII boards. */
import {
  applyCommand,
  chooseHeroCommand,
  createGame,
  type GameEvent,
  type GameState,
} from '../../src/engine';
import { dungeonCrawlBoard } from '../engine/boards';
import { boardGame, play, startWith } from '../engine/helpers';

/** The heroes' first turn on `ascii`, every enemy standing still (patrol rolls of 4). */
export function heroesTurn(ascii: string, enemies: number): GameState {
  return startWith(boardGame(ascii), Array(enemies).fill(4)).state;
}

/** Ends turns until `heroId` acts. */
export function turnOf(state: GameState, heroId: string): GameState {
  let s = state;
  while (s.turn && s.turn.unitId !== heroId)
    s = play(s, { type: 'end-turn', unit: s.turn.unitId }).state;
  return s;
}

/** A copy of `state` to set up by hand (wounds...), sharing its map. */
export function edited(state: GameState, change: (s: GameState) => void): GameState {
  const copy = structuredClone({ ...state, map: undefined }) as unknown as GameState;
  copy.map = state.map;
  change(copy);
  return copy;
}

/**
 * Plays whole Dungeon Crawl games with fog of war by the autopilot (up to 120 commands per
 * seed), calling `step` after each command with the state before, the events and the state after.
 */
export function playFogGames(
  seeds: readonly number[],
  step: (before: GameState, events: GameEvent[], after: GameState, index: number) => void,
): void {
  for (const seed of seeds) {
    const made = createGame({
      scenarioId: 'fog',
      map: dungeonCrawlBoard(),
      seed,
      options: { fog: true },
    });
    if (!made.ok) throw new Error(made.error);
    let state = made.state;
    for (let i = 0; i < 120 && !state.outcome; i++) {
      const c = chooseHeroCommand(state);
      if (!c) break;
      const r = applyCommand(state, c);
      if (!r.ok) throw new Error(r.error);
      step(state, r.events, r.state, i);
      state = r.state;
    }
  }
}
