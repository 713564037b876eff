/**
 * A battle in progress: the scenario, the seed and options, the commands given so far and
 * the engine state they lead to. The state only ever changes through `applyCommand`; a
 * save is the seed, the options, the scenario (and the player's map text) and the command
 * list, and resuming replays the commands and checks the result matches.
 */
import {
  applyCommand,
  commandKey,
  createGame,
  diceVersionOf,
  findRuleModule,
  normaliseOptions,
  olderRulesMessage,
  oldestRulesVersion,
  rulesVersionOf,
  validateCommandShape,
  whyDiceVersionFails,
} from '../engine';
import type {
  Command,
  CommandResult,
  GameConfig,
  GameEvent,
  GameState,
  RuleModule,
  ScenarioOptions,
} from '../engine';
import { fingerprint } from './hash';
import { resolveScenario, type CustomMapSource, type ResolvedScenario } from './maps';
import { SLOT_FORMAT, SLOT_VERSION, type SlotRecord, type SlotStore } from './save-slots';
import { readItem, removeItem, STORAGE_KEYS, writeItem } from './storage';

export interface BattleConfig {
  scenario: string;
  seed: number;
  options: ScenarioOptions;
  /** The player's own map, when scenario is 'custom'. */
  custom: CustomMapSource | null;
  /** True when the player typed the seed (Play again keeps it); false = a random seed. */
  seedTyped: boolean;
  /** The rules version to play under: a save's own; the module's current one for new battles. */
  rulesVersion?: number;
  /** How the seed becomes the dice: a save's own; the current dice version for new battles. */
  diceVersion?: number;
}

export interface SaveCheck {
  commandCount: number;
  diceCount: number;
  round: number;
  phase: string;
  fingerprint: string;
}

export interface SavedBattle {
  format: 'archfoe-save';
  version: 1;
  scenario: string;
  mapId: string;
  custom: CustomMapSource | null;
  seed: number;
  seedTyped: boolean;
  options: ScenarioOptions;
  commands: Command[];
  check: SaveCheck;
  savedAt: string;
  /** The rule module and the version of its rules the battle is played under (absent in saves
   * made before versions were kept: version 1 of the map's module). */
  rules?: { module: string; version: number };
  /** How the seed became the dice (src/engine/dice.ts); absent in saves made before dice
   * versions were kept: version 1. */
  diceVersion?: number;
}

export { fingerprint };

export function stateFingerprint(state: GameState): string {
  const { map: _map, ...rest } = state;
  return fingerprint(JSON.stringify(rest));
}

export function randomSeed(): number {
  const buf = new Uint32Array(1);
  if (typeof crypto !== 'undefined' && crypto.getRandomValues) crypto.getRandomValues(buf);
  else buf[0] = Math.floor(Math.random() * 0xffffffff);
  return buf[0] % 1_000_000_000;
}

export type SessionResult = { ok: true; session: BattleSession } | { ok: false; error: string };

/**
 * Commands foreseen from one state that are kept (BattleSession.foresee): the click the
 * pointer rests on, the end of the turn and the commands pondered (intent-ahead.ts PONDER_MAX).
 */
export const FORESEEN_KEPT = 32;

export class BattleSession {
  readonly config: BattleConfig;
  readonly scenario: ResolvedScenario;
  state: GameState;
  readonly commands: Command[] = [];
  readonly events: GameEvent[] = [];
  /** The state before the last command and that command's events (the Battle scene animates them). */
  previousState: GameState;
  lastEvents: GameEvent[] = [];
  /** Results worked out ahead from the state now (foresee), by the command's JSON. */
  private foreseen: { from: GameState; key: string; result: CommandResult }[] = [];

  /** The engine's config the battle was created from (for its replay). */
  readonly game: GameConfig;

  private constructor(
    config: BattleConfig,
    scenario: ResolvedScenario,
    state: GameState,
    game: GameConfig,
  ) {
    this.config = config;
    this.game = game;
    this.scenario = scenario;
    this.state = state;
    this.previousState = state;
  }

  /**
   * A campaign mission's battle, built from the engine's exact game config (the party
   * seated, the difficulty's strength) and given the commands played so far (none: its
   * first command, 'start').
   */
  static fromGameConfig(
    config: BattleConfig,
    game: GameConfig,
    scenario: ResolvedScenario,
    commands: readonly Command[],
  ): SessionResult {
    let created;
    try {
      created = createGame(game);
    } catch (e) {
      return { ok: false, error: `The battle could not be set up: ${String(e)}` };
    }
    if (!created.ok) return { ok: false, error: created.error };
    const session = new BattleSession(config, scenario, created.state, game);
    const given = commands.length > 0 ? commands : [{ type: 'start' } as Command];
    for (const [i, command] of given.entries()) {
      const result = session.apply(command);
      if (!result.ok)
        return { ok: false, error: `Command ${i + 1} of the battle fails: ${result.error}` };
    }
    return { ok: true, session };
  }

  /** Builds the game and gives it its first command ('start'). */
  static create(config: BattleConfig): SessionResult {
    const built = BattleSession.build(config);
    if (!built.ok) return built;
    const result = built.session.apply({ type: 'start' });
    if (!result.ok) return { ok: false, error: result.error };
    return built;
  }

  private static build(config: BattleConfig): SessionResult {
    const resolved = resolveScenario(config.scenario, config.custom);
    if (!resolved.ok) return resolved;
    const map = resolved.scenario.map.battleMap;
    const options = normaliseOptions(config.options, resolved.scenario.ruleModule);
    const game: GameConfig = {
      scenarioId: config.scenario,
      map,
      seed: config.seed,
      options,
      ruleModule: resolved.scenario.ruleModule,
      rulesVersion: config.rulesVersion,
      diceVersion: config.diceVersion,
    };
    const created = createGame(game);
    if (!created.ok) return { ok: false, error: created.error };
    return {
      ok: true,
      session: new BattleSession({ ...config, options }, resolved.scenario, created.state, game),
    };
  }

  /**
   * What `command` would give now, without playing it. The engine is a pure function of the
   * state (its dice included) and the command, so apply() of the same command from the same
   * state gives this very result: the same state object, with whatever the screen has
   * already worked out for it (the intent overlay of the square the pointer rests on). The
   * last few commands foreseen from the state now are kept.
   */
  foresee(command: Command): CommandResult {
    const key = commandKey(command);
    const kept = this.foreseen.find((f) => f.from === this.state && f.key === key);
    if (kept) return kept.result;
    const result = this.run(command);
    const others = this.foreseen.filter((f) => f.from === this.state);
    this.foreseen = [{ from: this.state, key, result }, ...others].slice(0, FORESEEN_KEPT);
    return result;
  }

  /** The engine's answer to `command` from the state now (the state itself is never changed). */
  private run(command: Command): CommandResult {
    const shape = validateCommandShape(command);
    if (shape) return { ok: false, error: shape };
    try {
      return applyCommand(this.state, command);
    } catch (err) {
      return {
        ok: false,
        error: `The rules engine failed: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
  }

  /**
   * Applies one command through the engine (or takes the result foreseen for it from this
   * state, the same); on success records it and its events.
   */
  apply(command: Command): CommandResult {
    const key = commandKey(command);
    const result =
      this.foreseen.find((f) => f.from === this.state && f.key === key)?.result ??
      this.run(command);
    if (!result.ok) return result;
    this.foreseen = [];
    this.previousState = this.state;
    this.lastEvents = result.events;
    this.state = result.state;
    this.commands.push(structuredClone(command));
    for (const e of result.events) this.events.push(e);
    return result;
  }

  get over(): boolean {
    return this.state.phase === 'over';
  }

  toSave(): SavedBattle {
    return {
      format: 'archfoe-save',
      version: 1,
      scenario: this.config.scenario,
      mapId: this.scenario.map.battleMap.id,
      custom: this.config.custom,
      seed: this.config.seed,
      seedTyped: this.config.seedTyped,
      options: this.config.options,
      commands: this.commands,
      rules: { module: this.state.ruleModule, version: rulesVersionOf(this.state) },
      diceVersion: diceVersionOf(this.state.dice),
      check: {
        commandCount: this.state.commandCount,
        diceCount: this.state.dice.count,
        round: this.state.round,
        phase: this.state.phase,
        fingerprint: stateFingerprint(this.state),
      },
      savedAt: new Date().toISOString(),
    };
  }

  /** Rebuilds a battle from a save by replaying its commands; checks the result. */
  static fromSave(raw: unknown): SessionResult {
    const why = checkSaveShape(raw);
    if (why) return { ok: false, error: why };
    const save = raw as SavedBattle;
    const version = save.rules?.version ?? 1;
    if (save.rules) {
      const rules = findRuleModule(save.rules.module);
      if (!rules)
        return {
          ok: false,
          error: `The saved battle is played under the "${save.rules.module}" rules, which this copy of the game does not have.`,
        };
      if (version > rules.rulesVersion)
        return {
          ok: false,
          error: `The saved battle was made by a newer version of the game (the ${rules.name} rules, version ${version}; this one has up to ${rules.rulesVersion}).`,
        };
    }
    // Rules older than the module still plays: replayed under the oldest ones it plays (the
    // nearest to how it was played), and let through only if the battle comes out the very
    // same (the change did not touch it).
    const older = olderRulesOf(save, version);
    const built = BattleSession.build({
      scenario: save.scenario,
      seed: save.seed,
      options: save.options,
      custom: save.custom ?? null,
      seedTyped: save.seedTyped === true,
      rulesVersion: older ? oldestRulesVersion(older) : version,
      diceVersion: save.diceVersion ?? 1,
    });
    if (!built.ok)
      return { ok: false, error: `The saved battle's map could not be rebuilt: ${built.error}` };
    const session = built.session;
    for (let i = 0; i < save.commands.length; i++) {
      const result = session.apply(save.commands[i]);
      if (!result.ok)
        return {
          ok: false,
          error: older
            ? `${olderRulesMessage(older, version)} ${NOT_THE_SAME}`
            : `Command ${i + 1} of the saved battle no longer applies: ${result.error}`,
        };
    }
    const c = save.check;
    const s = session.state;
    if (
      s.commandCount !== c.commandCount ||
      s.dice.count !== c.diceCount ||
      s.round !== c.round ||
      s.phase !== c.phase ||
      stateFingerprint(older ? withRulesVersion(s, version) : s) !== c.fingerprint
    ) {
      return {
        ok: false,
        error: older
          ? `${olderRulesMessage(older, version)} ${NOT_THE_SAME}`
          : 'Replaying the saved battle did not give the same game (the rules may have changed).',
      };
    }
    return { ok: true, session };
  }
}

const NOT_THE_SAME = 'This battle does not come out the same under the current rules.';

/** The save's rule module when its rules version is older than the module still plays. */
function olderRulesOf(save: SavedBattle, version: number): RuleModule | null {
  let moduleId = save.rules?.module;
  if (moduleId === undefined) {
    const resolved = resolveScenario(save.scenario, save.custom ?? null);
    if (!resolved.ok) return null;
    moduleId = resolved.scenario.ruleModule;
  }
  const rules = findRuleModule(moduleId);
  return rules && version < oldestRulesVersion(rules) ? rules : null;
}

/** The state as a game of rules version `version` would have it (for an older save's check). */
function withRulesVersion(state: GameState, version: number): GameState {
  const copy: GameState = { ...state, rulesVersion: version };
  if (version === 1) delete copy.rulesVersion;
  return copy;
}

function checkSaveShape(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return 'The save is not a battle record.';
  const r = raw as Record<string, unknown>;
  if (r.format !== 'archfoe-save' || r.version !== 1)
    return 'The save is not an Arch Foe battle record of a known version.';
  if (typeof r.scenario !== 'string') return 'The save names no scenario.';
  if (typeof r.seed !== 'number' || !Number.isFinite(r.seed)) return 'The save has no valid seed.';
  if (typeof r.options !== 'object' || r.options === null) return 'The save has no options.';
  if (!Array.isArray(r.commands)) return 'The save has no command list.';
  for (const c of r.commands) {
    const bad = validateCommandShape(c);
    if (bad) return `The save holds a broken command: ${bad}`;
  }
  if (r.custom !== null && r.custom !== undefined) {
    const c = r.custom as Record<string, unknown>;
    if (
      typeof c.text !== 'string' ||
      typeof c.fileName !== 'string' ||
      typeof c.files !== 'object' ||
      c.files === null
    ) {
      return 'The save\u2019s own map is damaged.';
    }
    if (c.images !== undefined && (typeof c.images !== 'object' || c.images === null))
      return 'The save\u2019s own map is damaged.';
  }
  if (r.rules !== undefined) {
    const rules = r.rules as Record<string, unknown> | null;
    if (
      typeof rules !== 'object' ||
      rules === null ||
      typeof rules.module !== 'string' ||
      !Number.isSafeInteger(rules.version)
    )
      return 'The save names its rules in a form this game cannot read.';
  }
  if (r.diceVersion !== undefined) {
    const bad = whyDiceVersionFails(r.diceVersion);
    if (bad) return `The save's dice cannot be rebuilt: ${bad}`;
  }
  const check = r.check as Record<string, unknown> | undefined;
  if (!check || typeof check.fingerprint !== 'string' || typeof check.commandCount !== 'number') {
    return 'The save has no check record.';
  }
  return null;
}

// ------------------------------------------------------------------ the save slot

export type LoadSaveResult =
  { kind: 'none' } | { kind: 'ok'; session: BattleSession } | { kind: 'corrupt'; error: string };

export function hasSave(): boolean {
  return readItem(STORAGE_KEYS.save) !== null;
}

/** Stores the battle; a finished battle clears the slot. Returns false if storage failed. */
export function storeSession(session: BattleSession): boolean {
  if (session.over) {
    removeItem(STORAGE_KEYS.save);
    return true;
  }
  return writeItem(STORAGE_KEYS.save, JSON.stringify(session.toSave()));
}

export function clearSave(): void {
  removeItem(STORAGE_KEYS.save);
}

/** Moves a bad save out of the way (kept under another key for a bug report). */
export function setAsideSave(reason: string, saved?: string): void {
  const text = saved ?? readItem(STORAGE_KEYS.save);
  if (text !== null) {
    writeItem(
      STORAGE_KEYS.corruptSave,
      JSON.stringify({ reason, at: new Date().toISOString(), text }),
    );
  }
  removeItem(STORAGE_KEYS.save);
}

/** Reads the save slot. A corrupt save is set aside and reported, never thrown. */
export function loadSavedSession(): LoadSaveResult {
  const text = readItem(STORAGE_KEYS.save);
  if (text === null) return { kind: 'none' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const error = 'The saved battle is damaged (it is not readable) and was set aside.';
    setAsideSave(error);
    return { kind: 'corrupt', error };
  }
  let result: SessionResult;
  try {
    result = BattleSession.fromSave(raw);
  } catch (err) {
    result = {
      ok: false,
      error: `Replaying it failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
  if (!result.ok) {
    const error = `The saved battle could not be resumed and was set aside. ${result.error}`;
    setAsideSave(error);
    return { kind: 'corrupt', error };
  }
  return { kind: 'ok', session: result.session };
}

// ------------------------------------------------------------------ the quick battle slot

/** The quick battle's slot record. */
export function battleRecord(session: BattleSession): SlotRecord {
  const save = session.toSave();
  return {
    format: SLOT_FORMAT,
    version: SLOT_VERSION,
    slot: 'quick',
    kind: 'battle',
    savedAt: save.savedAt,
    title: session.scenario.name,
    detail: `round ${session.state.round}`,
    data: save,
  };
}

/** The quick battle from its slot record, replayed and checked. */
export function loadBattleRecord(record: SlotRecord): SessionResult {
  try {
    const loaded = BattleSession.fromSave(record.data);
    if (!loaded.ok)
      return { ok: false, error: `The saved battle cannot be resumed. ${loaded.error}` };
    return loaded;
  } catch (e) {
    return { ok: false, error: `The saved battle cannot be resumed: ${String(e)}` };
  }
}

/**
 * The single-battle save of older versions (localStorage) moved into the quick battle
 * slot; a damaged one is set aside as before. Returns the message to show, or null.
 */
export async function migrateLegacySave(store: SlotStore): Promise<string | null> {
  if (!hasSave()) return null;
  const loaded = loadSavedSession();
  if (loaded.kind === 'corrupt') return loaded.error;
  if (loaded.kind !== 'ok') return null;
  if (store.has('quick')) {
    removeItem(STORAGE_KEYS.save);
    return null;
  }
  const stored = await store.put(battleRecord(loaded.session));
  if (stored.ok) removeItem(STORAGE_KEYS.save);
  return null;
}
