/**
 * The working context of one command: a draft state the systems may change, the dice,
 * the event list and the rule module that runs the game. Only applyCommand creates one,
 * on a private copy of the state.
 */
import type { DiceSource } from '../dice';
import type { RuleModule } from '../rulesets/module';
import type { BattleMap } from '../map';
import type { EnemyStatus, GameEvent, GameState, RuleRef } from '../types';
import type { ActivationReplay } from './activation-replay';

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
  /** The activations a look-ahead plays back (see ActivationReplay). Absent in play. */
  replay?: ActivationReplay;
}

/** The answers kept for the board `ctx.state` shows in a look-ahead (see Context.memo); none in play. */
export function boardMemo(ctx: Context): Map<string, unknown> | undefined {
  return ctx.memo?.forBoard(ctx.state);
}

/**
 * See Context.memo. Answers are kept per map (an opened door gives a new map, and the
 * answers about the old one do not hold on it) and per board (boardSignature: what the
 * figures show); everything is forgotten once `LOOK_AHEAD_MEMO_SIZE` boards are kept.
 */
export class LookAheadMemo {
  /** Per map, the boards kept by a hash of their values (boardValues). */
  private boards = new WeakMap<BattleMap, Map<number, KeptBoard[]>>();
  /** Per map, the answers kept for lists of values (forValues), by a hash of the list. */
  private lists = new WeakMap<BattleMap, Map<number, KeptBoard[]>>();
  private size = 0;
  /** The board last asked about (the same board is often asked about several times in a row). */
  private last: { map: BattleMap; board: KeptBoard } | null = null;

  /**
   * The answers kept for the board `state` shows; `values`, its boardValues when the
   * caller has just read them (boardValuesNow), saves reading them again.
   */
  forBoard(state: GameState, values?: Int32Array): Map<string, unknown> {
    const n = boardValueCount(state);
    const scratch = values ?? boardValuesNow(state);
    const last = this.last;
    if (
      last &&
      last.map === state.map &&
      last.board.values.length === n &&
      isSameValues(last.board.values, scratch, n)
    )
      return last.board.answers;
    const board = this.keptFor('boards', state.map, scratch, n);
    this.last = { map: state.map, board };
    return board.answers;
  }

  /**
   * The answers kept for the first `n` of `values` on `map`: for an answer that reads
   * nothing but the map and what the caller put in `values` (say, the figures near a
   * square), so that boards alike there share it.
   */
  forValues(map: BattleMap, values: Int32Array, n: number): Map<string, unknown> {
    return this.keptFor('lists', map, values, n).answers;
  }

  private keptFor(
    kind: 'boards' | 'lists',
    map: BattleMap,
    values: Int32Array,
    n: number,
  ): KeptBoard {
    const table = this[kind];
    const hash = hashBoardValues(values, n);
    let boards = table.get(map);
    if (!boards) {
      boards = new Map();
      table.set(map, boards);
    }
    let bucket = boards.get(hash);
    if (!bucket) {
      bucket = [];
      boards.set(hash, bucket);
    }
    for (const kept of bucket)
      if (kept.values.length === n && isSameValues(kept.values, values, n)) return kept;
    if (this.size >= LOOK_AHEAD_MEMO_SIZE) {
      this.boards = new WeakMap();
      this.lists = new WeakMap();
      this.size = 0;
      this.last = null;
      return this.keptFor(kind, map, values, n);
    }
    const board: KeptBoard = { values: values.slice(0, n), answers: new Map<string, unknown>() };
    bucket.push(board);
    this.size++;
    return board;
  }
}

interface KeptBoard {
  values: Int32Array;
  answers: Map<string, unknown>;
}

let scratch = new Int32Array(64);

/**
 * boardValues of `state` in a buffer shared by every caller (its first boardValueCount
 * values): read it before the next call, and keep a copy to keep it.
 */
export function boardValuesNow(state: GameState): Int32Array {
  const n = boardValueCount(state);
  if (scratch.length < n) scratch = new Int32Array(n * 2);
  boardValues(state, scratch);
  return scratch;
}

const STATUS_CODES: Readonly<Record<EnemyStatus, number>> = {
  prepared: 1,
  patrolling: 2,
  alerted: 3,
  retreating: 4,
  defeated: 5,
};

/** Whether the first `n` values of `a` and `b` are the same. */
export function isSameValues(a: Int32Array, b: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A hash (FNV-1a over the numbers) of the first `n` boardValues in `values`. */
export function hashBoardValues(values: Int32Array, n: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < n; i++) hash = Math.imul(hash ^ values[i], 0x01000193);
  return hash;
}

/** How many values boardValues gives for `state`. */
export function boardValueCount(state: GameState): number {
  return state.units.length * 3 + 1;
}

/**
 * What the figures show, 3 values a figure (in the state's order) and the flags: its
 * square, and its side, structure, size, facing, status and whether it is the Arch Foe.
 * Other things about a figure (its name, weapons, move) are the same throughout a
 * look-ahead and are not in it.
 */
export function boardValues(state: GameState, out: Int32Array): void {
  const units = state.units;
  for (let i = 0, k = 0; i < units.length; i++, k += 3) {
    const u = units[i];
    const p = u.position;
    out[k] = p ? p.x : -1;
    out[k + 1] = p ? p.y : -1;
    const ai = u.ai;
    out[k + 2] =
      (u.side === 'heroes' ? 1 : 0) +
      (u.structure ? 2 : 0) +
      (ai?.archFoe === true ? 4 : 0) +
      (ai ? STATUS_CODES[ai.status] : 0) * 8 +
      u.facing * 64 +
      (u.size ?? 1) * 512;
  }
  out[units.length * 3] = state.heroesHaveMoved ? 1 : 0;
}

const LOOK_AHEAD_MEMO_SIZE = 5_000;

export interface RollRequest {
  sides: number;
  purpose: string;
  unit: string | null;
  need: number | null;
  /** Builds the log line from the value rolled. */
  describe: (value: number) => string;
  /** The rule book and section the roll serves. */
  rule?: RuleRef;
  /** For a roll that picks one figure: the figures it picks among, face 1 first. */
  picks?: readonly string[];
  /** The caller rolls again while the face is below this (see DiceSource.roll). */
  rerolledBelow?: number;
}

/** Rolls one die, records a roll event that says what it was for, and returns the value. */
export function rollDie(ctx: Context, request: RollRequest): number {
  const value = ctx.dice.roll(request.sides, request.rerolledBelow);
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
    ...(request.picks ? { picks: [...request.picks] } : {}),
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
 * `steps` must not have begun (a generator not yet run): a look-ahead may play the
 * activation back from an earlier run instead (Context.replay), and never run it.
 */
export function runActivation(ctx: Context, steps: Iterator<unknown>): void {
  if (ctx.replay) ctx.replay.runActivation(ctx, steps, playActivation);
  else playActivation(ctx, steps);
}

function playActivation(ctx: Context, steps: Iterator<unknown>): void {
  for (;;) {
    const step = steps.next();
    settle(ctx);
    if (step.done || ctx.state.outcome) return;
  }
}
