/**
 * Headless play: a whole game driven by the hero autopilot, returning the final state
 * and the command list (seed + commands = the game). Used by the simulator, the soak
 * and the benchmarks, and by tests.
 */
import { applyCommand, chooseHeroCommand } from './game';
import { createGame, type GameConfig } from './setup';
import type { Command, GameEvent, GameState } from './types';

export interface PlayedGame {
  state: GameState;
  commands: Command[];
  eventCount: number;
}

/** Observer called after every applied command (for invariant checks). */
export type StepObserver = (state: GameState, command: Command, events: GameEvent[]) => void;

/** Hard stop for a runaway game: far beyond any round limit a scenario sets. */
const MAX_COMMANDS = 20_000;

/**
 * Plays one game to its end with the autopilot. Throws if the engine rejects a command
 * the autopilot chose from the legal list, or if the game does not end.
 */
export function playAutoGame(config: GameConfig, observe?: StepObserver): PlayedGame {
  const created = createGame(config);
  if (!created.ok) throw new Error(created.error);
  let state = created.state;
  const commands: Command[] = [];
  let eventCount = 0;
  while (state.phase !== 'over') {
    if (commands.length >= MAX_COMMANDS)
      throw new Error(`game with seed ${config.seed} did not end`);
    const command = chooseHeroCommand(state);
    if (!command) throw new Error(`no legal command in phase ${state.phase} (seed ${config.seed})`);
    const result = applyCommand(state, command);
    if (!result.ok)
      throw new Error(`autopilot command rejected (seed ${config.seed}): ${result.error}`);
    commands.push(command);
    eventCount += result.events.length;
    state = result.state;
    observe?.(state, command, result.events);
  }
  return { state, commands, eventCount };
}

/** Replays a game from its config and commands; returns every intermediate state. */
export function replayGame(config: GameConfig, commands: readonly Command[]): GameState[] {
  const created = createGame(config);
  if (!created.ok) throw new Error(created.error);
  const states = [created.state];
  let state = created.state;
  for (const [i, command] of commands.entries()) {
    const result = applyCommand(state, command);
    if (!result.ok) throw new Error(`replay failed at command ${i + 1}: ${result.error}`);
    state = result.state;
    states.push(state);
  }
  return states;
}
