/**
 * A finished battle stepped through command by command: the engine plays its seed and
 * commands again (nothing is stored but those), and each step keeps the state after the
 * command, the events it made and a line saying what the command was. Plain data, tested
 * without a screen; the Replay scene draws it.
 */
import {
  applyCommand,
  createGame,
  type Command,
  type GameConfig,
  type GameEvent,
  type GameState,
} from '../engine';

export interface ReplayStep {
  /** The command given (null for step 0: the board before the first command). */
  command: Command | null;
  /** "Brand attacks Foe 2". */
  label: string;
  state: GameState;
  events: GameEvent[];
}

export type ReplayResult = { ok: true; steps: ReplayStep[] } | { ok: false; error: string };

function nameOf(state: GameState, id: string): string {
  return state.units.find((u) => u.id === id)?.name ?? id;
}

/** What a command did, in a few words (named in the state it was given in). */
export function commandLabel(command: Command, state: GameState): string {
  const c = command as Command & { unit?: string; target?: string; to?: { x: number; y: number } };
  const who = c.unit ? nameOf(state, c.unit) : '';
  switch (c.type) {
    case 'start':
      return 'The battle begins';
    case 'move':
      return `${who} moves to ${c.to ? `(${c.to.x}, ${c.to.y})` : 'a new square'}`;
    case 'attack':
      return `${who} attacks ${c.target ? nameOf(state, c.target) : ''}`.trim();
    case 'end-turn':
      return `${who} ends the turn`;
    case 'undo-move':
      return `${who} takes the move back`;
    case 'open-door':
      return `${who} opens a door`;
    case 'face':
      return `${who} turns`;
    default:
      return who ? `${who}: ${c.type}` : c.type;
  }
}

/** Plays the battle again from its config and commands, keeping every step. */
export function buildReplay(config: GameConfig, commands: readonly Command[]): ReplayResult {
  let created;
  try {
    created = createGame(config);
  } catch (e) {
    return { ok: false, error: `The battle could not be set up again: ${String(e)}` };
  }
  if (!created.ok) return created;
  let state = created.state;
  const steps: ReplayStep[] = [
    { command: null, label: 'Before the first command', state, events: [] },
  ];
  for (const [i, command] of commands.entries()) {
    const result = applyCommand(state, command);
    if (!result.ok)
      return {
        ok: false,
        error: `Command ${i + 1} of the battle no longer applies: ${result.error}`,
      };
    steps.push({
      command,
      label: commandLabel(command, state),
      state: result.state,
      events: result.events,
    });
    state = result.state;
  }
  return { ok: true, steps };
}
