/**
 * The reducer: `applyCommand(state, command)` checks a command against the rules of the
 * game's module and returns the new state with the events that explain it, or an error
 * with the state untouched. `legalCommands(state)` lists every command the acting side
 * may give. The kernel's part of every command: the shape check, the private draft, the
 * dice, the after-action checks once per action, and whether a move may be taken back.
 */
import { openDice, type DiceSource } from './dice';
import { isFacing, type Point } from './grid';
import type { ActionPreview, CommandKind, ModuleCommand, RuleModule } from './rulesets/module';
import { listRuleModules, requireRules, rulesOf } from './rulesets/registry';
import { settle, type Context, type LookAheadMemo } from './systems/context';
import { askOracle } from './systems/oracle';
import type { ActivationReplay } from './systems/activation-replay';
import type { Command, CommandResult, GameEvent, GameState, Unit } from './types';
import type { CoverLevel } from './los';
import { findUnit } from './world';

export interface ApplyOptions {
  /** Replaces the state's own dice (rigged dice in tests). The state's dice are then left as they were. */
  dice?: DiceSource;
  /** Answers kept between the runs of a look-ahead (see Context.memo). */
  memo?: LookAheadMemo;
  /** The activations a look-ahead plays back (see Context.replay). */
  replay?: ActivationReplay;
}

/** How the kernel treats its own command types (see CommandKind). */
const KERNEL_COMMANDS: Readonly<Record<string, CommandKind>> = {
  start: 'action',
  move: 'reversible',
  face: 'free',
  attack: 'action',
  'open-door': 'action',
  'undo-move': 'take-back',
  'end-turn': 'action',
  // Asking the oracle changes nothing on the board: no after-action checks (its roll still
  // closes undo, as every roll does).
  oracle: 'free',
};

/** A deep copy of plain data (objects, arrays, values). */
export function copyPlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}

/** A copy of an object's own keys, in their order (see cloneUnit). */
function shallowCopy<T extends object>(value: T): T {
  const from = value as Record<string, unknown>;
  const to: Record<string, unknown> = {};
  for (const key in from) to[key] = from[key];
  return to as T;
}

function cloneUnit(u: Unit, components: readonly string[]): Unit {
  // Key by key rather than by spreading: a spread is fast for a few shapes of unit but
  // several times slower once a game has shown it many (campaigns, modules, conditions).
  // The keys keep their order.
  const copy = shallowCopy(u);
  copy.position = u.position ? { x: u.position.x, y: u.position.y } : null;
  // Weapon profiles are never changed during a game, so the list is shared (copied above).
  copy.stats = { ...u.stats };
  if (u.ai) {
    copy.ai = shallowCopy(u.ai);
    copy.ai.home = { ...u.ai.home };
  }
  if (u.conditions) copy.conditions = u.conditions.map((c) => ({ ...c }));
  // The components the game's module added (a healer's tries...) are copied whole.
  const record = copy as unknown as Record<string, unknown>;
  for (const key of components) {
    if (record[key] !== undefined) record[key] = copyPlain(record[key]);
  }
  return copy;
}

/**
 * Deep copy of everything a command may change. Weapon profiles never change and the
 * map is only ever replaced (when a door opens), never changed in place, so both are
 * shared; so is the module's `flow`, which modules replace rather than change.
 * (A hand copy: structuredClone was the largest cost of a simulated game.)
 */
export function cloneState(state: GameState): GameState {
  const components = rulesOf(state)?.components ?? [];
  return copyStateWith(state, (u) => cloneUnit(u, components));
}

/** cloneState with each figure copied by `copyUnit`. */
function copyStateWith(state: GameState, copyUnit: (unit: Unit, index: number) => Unit): GameState {
  const o = state.objective;
  return {
    ...state,
    options: { ...state.options },
    units: state.units.map(copyUnit),
    turn: state.turn
      ? {
          ...state.turn,
          before: state.turn.before
            ? { ...state.turn.before, position: { ...state.turn.before.position } }
            : null,
        }
      : null,
    objective: {
      ...o,
      goal: o.goal.map((p) => ({ ...p })),
      home: o.home.map((p) => ({ ...p })),
      object: o.object
        ? { at: o.object.at ? { ...o.object.at } : null, carrier: o.object.carrier }
        : null,
    },
    doors: state.doors.map((d) => ({ ...d })),
    dice: { ...state.dice, state: [...state.dice.state] },
    outcome: state.outcome ? { ...state.outcome } : null,
  };
}

/**
 * cloneState of `state`, taking over the figures of `spare` (an earlier copy of `state`
 * that a look-ahead run has since changed and drops now: nothing may read it after) that
 * the run left just as `state` has them, instead of copying them again: a run of the
 * enemies' turn moves some figures and leaves the rest. A figure is taken over when every
 * key cloneState copies is equal in value and every key it shares is the very same value.
 */
export function cloneStateOnto(state: GameState, spare: GameState): GameState {
  const components = rulesOf(state)?.components ?? [];
  // The values cloneState copies are compared by value; the rest must be the very same.
  // (A square and the counters, flat, by hand: every figure is asked every run.)
  const isSameCopied = (key: string, x: unknown, y: unknown): boolean => {
    switch (key) {
      case 'position':
        return isSamePoint(x as Point | null, y as Point | null);
      case 'stats':
        return isSameFlat(x as Record<string, unknown>, y as Record<string, unknown>);
      case 'ai':
      case 'conditions':
        return isSamePlain(x, y);
      default:
        return components.includes(key) && isSamePlain(x, y);
    }
  };
  return copyStateWith(state, (u, i) => {
    const kept = spare.units[i];
    return kept && isSameKeyByKey(u, kept, isSameCopied) ? kept : cloneUnit(u, components);
  });
}

function isSamePoint(a: Point | null, b: Point | null): boolean {
  return a === null || b === null ? a === b : a.x === b.x && a.y === b.y;
}

/** Whether two objects of plain values (no objects in them) have the same keys and values. */
function isSameFlat(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let keys = 0;
  for (const key in a) {
    keys++;
    if (a[key] !== b[key] || (a[key] === undefined && !(key in b))) return false;
  }
  for (const _ in b) keys--;
  return keys === 0;
}

/** Whether two plain values (objects, arrays, values) are equal, key by key. */
export function isSamePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  return isSameKeyByKey(a, b, isSamePlainAt);
}

function isSamePlainAt(_key: string, x: unknown, y: unknown): boolean {
  return isSamePlain(x, y);
}

/**
 * Whether `a` and `b` have the same keys, each value the very same or, where not,
 * `isSame` for it.
 */
function isSameKeyByKey(
  a: object,
  b: object,
  isSame: (key: string, x: unknown, y: unknown) => boolean,
): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    keys++;
    const v = x[key];
    const w = y[key];
    if (v === w) {
      if (v === undefined && !(key in y)) return false;
    } else if (!isSame(key, v, w)) return false;
  }
  for (const _ in y) keys--;
  return keys === 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPoint(value: unknown): value is Point {
  return isRecord(value) && Number.isSafeInteger(value.x) && Number.isSafeInteger(value.y);
}

/** The kernel's check of its own command types' fields. */
function validateKernelFields(type: string, command: Record<string, unknown>): string | null {
  if (type === 'move' && !isPoint(command.to))
    return 'The "move" command needs a "to" square with whole x and y.';
  if (type === 'open-door' && !isPoint(command.at))
    return 'The "open-door" command needs an "at" square with whole x and y.';
  if (type === 'face' && !isFacing(command.facing))
    return 'The "face" command needs a facing from 0 to 7.';
  if (type === 'attack' && typeof command.target !== 'string')
    return 'The "attack" command needs a "target" id.';
  if (type === 'attack' && typeof command.weapon !== 'string')
    return 'The "attack" command needs a "weapon" id.';
  return null;
}

/**
 * Checks the shape of an untrusted command; returns an error sentence or null. With a
 * module, its own command types are known too; without, those of every registered module.
 */
export function validateCommandShape(command: unknown, rules?: RuleModule): string | null {
  if (!isRecord(command)) return 'A command must be an object with a "type".';
  const type = command.type;
  const modules = rules ? [rules] : listRuleModules();
  const spec =
    typeof type === 'string'
      ? modules.find((m) => Object.hasOwn(m.commands, type))?.commands[type]
      : undefined;
  if (typeof type !== 'string' || (!Object.hasOwn(KERNEL_COMMANDS, type) && !spec))
    return `Unknown command type ${JSON.stringify(type)}.`;
  if (type === 'start') return null;
  if (type === 'oracle') {
    if (
      command.question !== 'next' &&
      command.question !== 'yes-no' &&
      command.question !== 'secret'
    )
      return 'The "oracle" command needs a question: next, yes-no or secret.';
    if (typeof command.about !== 'string' || command.about.length > 200)
      return 'The "oracle" command needs an "about" text of at most 200 characters.';
    return null;
  }
  if (typeof command.unit !== 'string') return `The "${type}" command needs a "unit" id.`;
  return spec ? spec.validate(command) : validateKernelFields(type, command);
}

/** How the kernel treats a command of `type` in `rules` (undo and after-action checks). */
function commandKind(rules: RuleModule, type: string): CommandKind {
  if (Object.hasOwn(rules.commands, type)) return rules.commands[type].kind;
  return Object.hasOwn(KERNEL_COMMANDS, type) ? KERNEL_COMMANDS[type] : 'action';
}

/** Irreversible events: a die was rolled or a figure's status changed. */
function isIrreversible(event: GameEvent): boolean {
  return event.type === 'roll' || event.type === 'status-changed';
}

/**
 * Applies one command. Never mutates `state`. Returns `{ ok: false, error }` for any
 * illegal or malformed command; otherwise the new state and the events, in order.
 */
export function applyCommand(
  state: GameState,
  command: Command,
  options: ApplyOptions = {},
): CommandResult {
  return reduce(state, command, options, true);
}

/**
 * applyCommand on a state the caller owns and lets go of: `state` itself is changed (no
 * copy), for look-aheads that run many commands on one private copy (the enemy intent's
 * simulated turns). After an error `state` may be half changed: drop it.
 */
export function applyCommandInPlace(
  state: GameState,
  command: Command,
  options: ApplyOptions = {},
): CommandResult {
  return reduce(state, command, options, false);
}

/** The reducer, on a copy of `state` (`copy`) or on `state` itself. */
function reduce(
  state: GameState,
  command: Command,
  options: ApplyOptions,
  copy: boolean,
): CommandResult {
  const rules = rulesOf(state);
  if (!rules)
    return { ok: false, error: `The rule module "${state.ruleModule}" is not installed.` };
  const shapeError = validateCommandShape(command, rules);
  if (shapeError) return { ok: false, error: shapeError };
  if (state.phase === 'over') return { ok: false, error: 'The game is over.' };
  const draft = copy ? cloneState(state) : state;
  const setup = state.phase === 'setup';
  const live = options.dice ? null : openDice(draft.dice);
  const ctx: Context = {
    state: draft,
    dice: options.dice ?? live!,
    events: [],
    rules,
    memo: options.memo,
    replay: options.replay,
  };
  const couldUndo = draft.turn?.canUndo ?? false;
  // The oracle is the kernel's own: any rule set, any moment of a game in progress.
  const error =
    command.type === 'oracle'
      ? setup
        ? 'The oracle answers once the game has begun.'
        : (askOracle(ctx, command.question, command.about, command.lastPlace === true), null)
      : rules.apply(ctx, command as ModuleCommand);
  if (error) return { ok: false, error };
  const kind = commandKind(rules, command.type);
  // A change of facing or a take-back changes nothing anyone could notice.
  if (kind === 'reversible' || kind === 'action') settle(ctx);
  if (draft.turn) {
    const clean = !ctx.events.some(isIrreversible);
    draft.turn.canUndo = clean && (kind === 'reversible' || (kind === 'free' && couldUndo));
  }
  if (live) draft.dice = live.snapshot();
  draft.commandCount += 1;
  return { ok: true, state: draft, events: ctx.events };
}

/**
 * A command's key: its JSON with every object's fields in a fixed order, so that the same
 * command is the same key however it was built (the list of legal commands, a click).
 */
export function commandKey(command: Command): string {
  return JSON.stringify(command, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : value,
  );
}

/** Every legal command for whoever acts now (the heroes' active unit, or 'start'). */
export function legalCommands(state: GameState): Command[] {
  const rules = rulesOf(state);
  if (!rules || state.phase === 'over') return [];
  return rules.legalCommands(state);
}

/** The hero autopilot's next command (the game's module decides), or null. */
export function chooseHeroCommand(state: GameState): Command | null {
  const rules = rulesOf(state);
  if (!rules || state.phase === 'over') return null;
  return rules.chooseHeroCommand(state);
}

/** Heroes in the order they act this round, by the game's module. */
export function heroesInOrder(state: GameState): Unit[] {
  return requireRules(state).heroOrder(state);
}

/** What a command would do (chance, cover, modifiers, why not), from the game's module. */
export function previewAction(state: GameState, command: Command): ActionPreview | null {
  return rulesOf(state)?.previewAction(state, command) ?? null;
}

export interface AttackPreview {
  weapon: string;
  weaponName: string;
  chance: number;
  cover: CoverLevel;
  allowed: boolean;
  reason: string | null;
  /** The module's preview, with the modifiers and the summary line. */
  preview: ActionPreview;
}

/** What each of `attackerId`'s weapons would do against `targetId`: chance, cover, and why not. */
export function previewAttacks(
  state: GameState,
  attackerId: string,
  targetId: string,
): AttackPreview[] {
  const attacker = findUnit(state, attackerId);
  const target = findUnit(state, targetId);
  if (!attacker || !target) return [];
  const out: AttackPreview[] = [];
  for (const w of attacker.weapons) {
    const preview = previewAction(state, {
      type: 'attack',
      unit: attacker.id,
      target: target.id,
      weapon: w.id,
    });
    if (!preview) continue;
    out.push({
      weapon: w.id,
      weaponName: w.name,
      chance: preview.chance,
      cover: preview.cover,
      allowed: preview.allowed,
      reason: preview.reason,
      preview,
    });
  }
  return out;
}
