/**
 * The working context of one command: a draft state the systems may change, the dice
 * and the event list. Only applyCommand creates one, on a private copy of the state.
 */
import type { DiceSource } from '../dice';
import type { GameEvent, GameState } from '../types';

export interface Context {
  state: GameState;
  dice: DiceSource;
  events: GameEvent[];
}

export interface RollRequest {
  sides: number;
  purpose: string;
  unit: string | null;
  need: number | null;
  /** Builds the log line from the value rolled. */
  describe: (value: number) => string;
}

/** Rolls one die, records a roll event that says what it was for, and returns the value. */
export function rollDie(ctx: Context, request: RollRequest): number {
  const value = ctx.dice.roll(request.sides);
  ctx.events.push({
    type: 'roll',
    die: request.sides,
    value,
    purpose: request.purpose,
    unit: request.unit,
    need: request.need,
    success: request.need === null ? null : value >= request.need,
    text: request.describe(value),
  });
  return value;
}

export function emit(ctx: Context, event: GameEvent): void {
  ctx.events.push(event);
}
