/**
 * The working context of one command: a draft state the systems may change, the dice,
 * the event list and the rule module that runs the game. Only applyCommand creates one,
 * on a private copy of the state.
 */
import type { DiceSource } from '../dice';
import type { RuleModule } from '../rulesets/module';
import type { GameEvent, GameState, RuleRef } from '../types';

export interface Context {
  state: GameState;
  dice: DiceSource;
  events: GameEvent[];
  rules: RuleModule;
  /**
   * Answers kept between the runs of a look-ahead (the intent's many runs of the enemies'
   * turn from one state, the same figures throughout): a system may keep what it worked
   * out for a board under a key naming everything the answer depends on. Absent in play.
   */
  memo?: LookAheadMemo;
}

/** See Context.memo. Forgets everything once it holds `LOOK_AHEAD_MEMO_SIZE` answers. */
export class LookAheadMemo {
  private readonly answers = new Map<string, unknown>();

  get<T>(key: string): T | undefined {
    return this.answers.get(key) as T | undefined;
  }

  set(key: string, value: unknown): void {
    if (this.answers.size >= LOOK_AHEAD_MEMO_SIZE) this.answers.clear();
    this.answers.set(key, value);
  }
}

const LOOK_AHEAD_MEMO_SIZE = 20_000;

export interface RollRequest {
  sides: number;
  purpose: string;
  unit: string | null;
  need: number | null;
  /** Builds the log line from the value rolled. */
  describe: (value: number) => string;
  /** The rule book and section the roll serves. */
  rule?: RuleRef;
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
    ...(request.rule ? { rule: request.rule } : {}),
  });
  return value;
}

export function emit(ctx: Context, event: GameEvent): void {
  ctx.events.push(event);
}

/**
 * Ends an action: runs the module's after-action checks (awareness, morale, victory).
 * The kernel settles after every command that is an action; a module's turn flow settles
 * where an action ends inside a command (the end of the heroes' phase), and
 * runActivation settles after each step of an enemy's activation.
 */
export function settle(ctx: Context): void {
  ctx.rules.afterAction(ctx);
}

/**
 * Runs one unit's activation given as a sequence of steps (a generator that yields after
 * each action: a move, an attack...). Each step is followed by the after-action checks,
 * and so is the end of the activation; an activation whose game has ended is not resumed.
 */
export function runActivation(ctx: Context, steps: Iterator<unknown>): void {
  for (;;) {
    const step = steps.next();
    settle(ctx);
    if (step.done || ctx.state.outcome) return;
  }
}
