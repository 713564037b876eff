/** Engine states for the view's tests, on ASCII boards. */
import type { GameState } from '../../src/engine';
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
