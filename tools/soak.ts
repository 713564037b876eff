/**
 * Reliability soak: `npm run soak -- --games N [--seed S] [--from I] [--map ID] [--no-bench-maps] [--json]`.
 *
 * Plays N seeded games headless with the hero autopilot across every bundled map (maps/index.json;
 * the built-in Dungeon Crawl board when there are none), the generated 32x32 benchmark
 * dungeon and every registered rule module's scenarios that bring a board of their own
 * (`--module FILE` loads a module from a file first, e.g. the test module
 * test/modules/duel.ts). It cycles through each map's module's options as its Setup screen
 * offers them (for the Dungeon Crawl: morale on and off, the Arch Foe's lair rolled or fixed
 * to each band, every victory kind), the scenario's round limit and a short one (10 rounds).
 * After every command it checks the invariants (tools/lib/bench-invariants.ts), that the input
 * state was not changed (every checked state is deep-frozen, so a command that writes to its
 * input throws), and that the state saves and loads (JSON) unchanged and plays the next command
 * the same from the loaded copy (`--no-load-replay` skips that, about 40% faster); at the end of
 * each game, that it ended within its round limit and that replaying seed + commands
 * reproduces the final state.
 *
 * Game i (from --from, default 0) uses seed S + i (S default 1) and the i-th combination of map
 * and options, so `--from I --games 1` replays exactly game I. Prints games played, commands
 * checked and every violation with the command that reproduces it; exits 1 on any violation.
 * `--inject-fault` adds a deliberately broken check (a violation from round 2 on) to show
 * that violations are caught and reported (used by test/tools/soak.test.ts).
 *
 * `npm run soak -- --campaign ID --games N [--seed S] [--from I] [--json]` soaks whole
 * campaigns instead (tools/lib/campaign-soak.ts): the party carried into each mission is the
 * party that left the last one, and each campaign's save replays exactly.
 */
import { pathToFileURL } from 'node:url';
import {
  allScenarios,
  applyCommand,
  chooseHeroCommand,
  createGame,
  findScenario,
  normaliseOptions,
  requireRules,
  scenarioForMap,
  type BattleMap,
  type OptionSpec,
  type Command,
  type GameEvent,
  type GameState,
  type ScenarioOptions,
} from '../src/engine/index';
import { replayGame } from '../src/engine/simulate';
import { dungeonCrawlBoard, loadBenchBoard } from './lib/bench-boards';
import { jsonProblems, stateProblems, stepProblems } from './lib/bench-invariants';
import { loadModuleFiles } from './lib/modules';
import { formatCampaignSoak, runCampaignSoak } from './lib/campaign-soak';
import { loadCampaignFileOr } from '../src/devtools/campaigns';

export interface SoakMap {
  id: string;
  scenarioId: string;
  /** The rule module its games are played under. */
  ruleModule: string;
  map: BattleMap;
  defaults: ScenarioOptions;
  source: string;
}

/** Extra check called after every command (tests inject a broken one). */
export type ExtraCheck = (
  state: GameState,
  before: GameState,
  command: Command,
  events: readonly GameEvent[],
) => string[];

export interface SoakOptions {
  games: number;
  seed?: number;
  from?: number;
  maps: SoakMap[];
  extraCheck?: ExtraCheck;
  /** Also apply each command to the JSON-loaded copy and compare (doubles the engine work). */
  playOnLoaded?: boolean;
  progress?: (done: number, total: number) => void;
  /** How the printed reproduction command starts. */
  command?: string;
}

export interface SoakViolation {
  game: number;
  seed: number;
  map: string;
  options: Partial<ScenarioOptions>;
  /** 1-based command number after which it was seen (0 = before any command, or at the end). */
  afterCommand: number;
  command: Command | null;
  problems: string[];
  reproduce: string;
}

export interface SoakReport {
  games: number;
  commands: number;
  violations: SoakViolation[];
  seconds: number;
  firstSeed: number;
  lastSeed: number;
  maps: {
    id: string;
    games: number;
    heroWins: number;
    /** Games neither side won. */
    draws: number;
    enemyWins: number;
    rounds: number;
    commands: number;
  }[];
  combinations: number;
}

const SHORT_ROUNDS = 10;
const MAX_COMMANDS = 20_000;

/** The maps to soak: every bundled map (or the built-in Dungeon Crawl board) and the 32x32 fixture. */
export async function soakMaps(includeBench = true): Promise<SoakMap[]> {
  const maps: SoakMap[] = [];
  let bundled: {
    listBundledMaps: () => { id: string }[];
    loadBundledMap: (id: string) => BattleMap;
  } | null = null;
  let entries: { id: string }[] = [];
  try {
    bundled = await import('./lib/maps');
    entries = bundled.listBundledMaps();
  } catch {
    // No bundled maps yet (maps/index.json or src/maps missing): the built-in board below.
  }
  for (const entry of entries) {
    // A bundled map that does not load is a failure of its own, not something to skip.
    const map = bundled!.loadBundledMap(entry.id);
    const scenario = findScenario(entry.id) ?? scenarioForMap(map);
    maps.push({
      id: entry.id,
      scenarioId: scenario.id,
      ruleModule: scenario.ruleModule,
      map,
      defaults: scenario.defaults,
      source: 'maps/',
    });
  }
  if (maps.length === 0) {
    const map = dungeonCrawlBoard();
    const scenario = scenarioForMap(map);
    maps.push({
      id: map.id,
      scenarioId: scenario.id,
      ruleModule: scenario.ruleModule,
      map,
      defaults: scenario.defaults,
      source: 'built-in board',
    });
  }
  if (includeBench) {
    const map = loadBenchBoard(32);
    const scenario = scenarioForMap(map);
    maps.push({
      id: map.id,
      scenarioId: scenario.id,
      ruleModule: scenario.ruleModule,
      map,
      defaults: scenario.defaults,
      source: 'test/fixtures/bench',
    });
  }
  // Every module's scenarios: those on a board of their own, and those on a bundled map
  // under another module than the map's own.
  for (const scenario of allScenarios()) {
    if (maps.some((m) => m.id === scenario.id)) continue;
    const bundledMap = maps.find((m) => m.id === scenario.mapId)?.map;
    const map = scenario.map ?? bundledMap;
    if (
      !map ||
      (!scenario.map &&
        maps.some((m) => m.id === scenario.mapId && m.ruleModule === scenario.ruleModule))
    )
      continue;
    maps.push({
      id: scenario.id,
      scenarioId: scenario.id,
      ruleModule: scenario.ruleModule,
      map,
      defaults: scenario.defaults,
      source: scenario.map
        ? `${scenario.ruleModule} module`
        : `maps/, ${scenario.ruleModule} rules`,
    });
  }
  return maps;
}

/**
 * The values the soak cycles for one option: both of a toggle, every choice the map can host
 * (at the large scale: what it hosts there it hosts at the small one too); numbers follow
 * the seed.
 */
function cycledValues(spec: OptionSpec): readonly (string | boolean)[] | null {
  if (spec.kind === 'toggle') return [true, false];
  if (spec.kind === 'choice') return spec.choices.filter((c) => !c.unavailable).map((c) => c.value);
  return null;
}

/** How many option combinations the soak cycles on `soakMap` (its module's options x round limits). */
export function combinationsOf(soakMap: SoakMap): number {
  const specs = requireRules(soakMap).optionSpecs(soakMap.map);
  return specs.reduce((n, spec) => n * (cycledValues(spec)?.length ?? 1), 2);
}

/**
 * The map and options of game `i`: a mixed-radix count so that consecutive games change the
 * map first, then each option the map's module offers (toggles and choices, in the order of
 * its Setup screen), then the round limit; numbers (turns to hold, enemies to defeat) follow
 * the seed among the values the Setup screen offers.
 */
export function gameConfig(
  maps: readonly SoakMap[],
  i: number,
  seed: number,
): { soakMap: SoakMap; options: Partial<ScenarioOptions> } {
  let k = i;
  const digit = (n: number): number => {
    const d = k % n;
    k = Math.floor(k / n);
    return d;
  };
  const soakMap = maps[digit(maps.length)];
  const options: Record<string, string | number | boolean> = { ...soakMap.defaults };
  for (const spec of requireRules(soakMap).optionSpecs(soakMap.map)) {
    const values = cycledValues(spec);
    if (values) options[spec.id] = values[digit(values.length)];
    else if (spec.kind === 'number')
      options[spec.id] = spec.presets[Math.abs(seed) % spec.presets.length];
  }
  const short = digit(2) === 1;
  options.maxRounds = short ? SHORT_ROUNDS : soakMap.defaults.maxRounds;
  return { soakMap, options: options as Partial<ScenarioOptions> };
}

/**
 * The map is part of the state (opening a door gives the state a new map), but a map object
 * is never changed once made, so its JSON text, its check and its loaded copy are kept per
 * map object.
 */
const mapTexts = new WeakMap<BattleMap, string>();
const loadedMaps = new WeakMap<BattleMap, BattleMap>();
const checkedMaps = new WeakSet<BattleMap>();

function mapText(map: BattleMap): string {
  let text = mapTexts.get(map);
  if (text === undefined) {
    text = JSON.stringify(map);
    mapTexts.set(map, text);
  }
  return text;
}

/** The map as it comes back from JSON (one copy per map object). */
function loadedMap(map: BattleMap): BattleMap {
  let copy = loadedMaps.get(map);
  if (!copy) {
    copy = JSON.parse(mapText(map)) as BattleMap;
    loadedMaps.set(map, copy);
  }
  return copy;
}

/**
 * JSON-safety problems of a state (its map once per map object), then deep-freezes it: the
 * next command takes it as input, and any change to it then throws.
 */
function checkAndFreeze(state: GameState): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(state)) {
    if (key !== 'map' && value !== undefined)
      jsonProblems(value, `state.${key}`, problems, 5, true);
  }
  if (!checkedMaps.has(state.map)) {
    jsonProblems(state.map, 'state.map', problems, 5, true);
    checkedMaps.add(state.map);
  }
  Object.freeze(state);
  return problems;
}

/** The state's JSON text but for its map (compared separately, see mapText). */
function withoutMap(state: GameState): string {
  return JSON.stringify({ ...state, map: null });
}

/** The state as saved (JSON) and loaded back. */
function reload(text: string, map: BattleMap): GameState {
  return { ...(JSON.parse(text) as GameState), map: loadedMap(map) };
}

/** Plays and checks one game; returns its violation (if any) and figures. */
function soakGame(
  soakMap: SoakMap,
  options: Partial<ScenarioOptions>,
  seed: number,
  opts: SoakOptions,
): {
  problems: string[];
  afterCommand: number;
  command: Command | null;
  commands: number;
  state: GameState | null;
} {
  const config = {
    scenarioId: soakMap.scenarioId,
    map: soakMap.map,
    seed,
    options,
    ruleModule: soakMap.ruleModule,
  };
  const fail = (
    problems: string[],
    afterCommand: number,
    command: Command | null,
    commands: number,
  ) => ({
    problems,
    afterCommand,
    command,
    commands,
    state: null,
  });
  let created;
  try {
    created = createGame(config);
  } catch (e) {
    return fail([`createGame threw: ${(e as Error).message}`], 0, null, 0);
  }
  if (!created.ok) return fail([`createGame failed: ${created.error}`], 0, null, 0);
  let state = created.state;
  const limit = normaliseOptions(options, soakMap.ruleModule).maxRounds;
  // Every state is deep-frozen once checked, so a command that changes its input throws.
  const initial = [...stateProblems(state), ...checkAndFreeze(state)];
  if (initial.length > 0) return fail(initial, 0, null, 0);
  let stateText = withoutMap(state);
  let loaded = reload(stateText, state.map);
  const commands: Command[] = [];
  while (state.phase !== 'over') {
    const n = commands.length + 1;
    if (commands.length >= MAX_COMMANDS)
      return fail([`the game did not end within ${MAX_COMMANDS} commands`], n - 1, null, n - 1);
    let command: Command | null;
    let result;
    try {
      command = chooseHeroCommand(state);
      if (!command)
        return fail(
          [`no legal command in phase ${state.phase}, round ${state.round}`],
          n - 1,
          null,
          n - 1,
        );
      result = applyCommand(state, command);
    } catch (e) {
      const message = (e as Error).stack?.split('\n').slice(0, 3).join(' ') ?? String(e);
      const frozen = /read.only|not extensible|frozen/i.test(message)
        ? ' (it tried to change its frozen input state)'
        : '';
      return fail([`the engine threw${frozen}: ${message}`], n, null, n);
    }
    if (!result.ok)
      return fail([`the autopilot's command was rejected: ${result.error}`], n, command, n);
    commands.push(command);
    const after = result.state;
    const problems: string[] = [];
    problems.push(...stateProblems(after), ...stepProblems(state, after, result.events));
    if (after.round > limit) problems.push(`round ${after.round} passed the round limit ${limit}`);
    const afterText = withoutMap(after);
    problems.push(...checkAndFreeze(after));
    if (opts.playOnLoaded !== false) {
      // The copy loaded from JSON before this command must play it the same way.
      const fromLoaded = applyCommand(loaded, command);
      if (!fromLoaded.ok)
        problems.push(`the state loaded from JSON rejects the command: ${fromLoaded.error}`);
      else if (
        withoutMap(fromLoaded.state) !== afterText ||
        mapText(fromLoaded.state.map) !== mapText(after.map)
      )
        problems.push('the state loaded from JSON plays the command differently');
      else if (JSON.stringify(fromLoaded.events) !== JSON.stringify(result.events))
        problems.push('the state loaded from JSON gives different events');
    }
    if (opts.extraCheck) problems.push(...opts.extraCheck(after, state, command, result.events));
    if (problems.length > 0) return fail(problems, n, command, n);
    state = after;
    stateText = afterText;
    loaded = reload(afterText, after.map);
  }
  // End of game: ended within the limit, and seed + commands replay to the same state.
  const end: string[] = [];
  if (!state.outcome) end.push('the game ended without an outcome');
  if (state.round > limit)
    end.push(`the game ended in round ${state.round}, past the limit ${limit}`);
  try {
    const replayed = replayGame(config, commands);
    const last = replayed[replayed.length - 1];
    if (withoutMap(last) !== stateText || mapText(last.map) !== mapText(state.map))
      end.push('replaying seed + commands gives a different final state');
  } catch (e) {
    end.push(`replay failed: ${(e as Error).message}`);
  }
  if (end.length > 0) return fail(end, commands.length, null, commands.length);
  return {
    problems: [],
    afterCommand: commands.length,
    command: null,
    commands: commands.length,
    state,
  };
}

export function runSoak(opts: SoakOptions): SoakReport {
  const seedBase = opts.seed ?? 1;
  const from = opts.from ?? 0;
  const started = performance.now();
  const violations: SoakViolation[] = [];
  const perMap = new Map(
    opts.maps.map((m) => [
      m.id,
      { id: m.id, games: 0, heroWins: 0, draws: 0, enemyWins: 0, rounds: 0, commands: 0 },
    ]),
  );
  let commands = 0;
  for (let k = 0; k < opts.games; k++) {
    const i = from + k;
    const seed = seedBase + i;
    const { soakMap, options } = gameConfig(opts.maps, i, seed);
    const r = soakGame(soakMap, options, seed, opts);
    commands += r.commands;
    const stats = perMap.get(soakMap.id)!;
    stats.games++;
    stats.commands += r.commands;
    if (r.state) {
      stats.rounds += r.state.round;
      if (r.state.outcome?.winner === 'heroes') stats.heroWins++;
      else if (r.state.outcome?.winner === null) stats.draws++;
      else stats.enemyWins++;
    }
    if (r.problems.length > 0) {
      violations.push({
        game: i,
        seed,
        map: soakMap.id,
        options,
        afterCommand: r.afterCommand,
        command: r.command,
        problems: r.problems,
        reproduce: `${opts.command ?? 'npm run soak --'} --seed ${seedBase} --from ${i} --games 1`,
      });
    }
    opts.progress?.(k + 1, opts.games);
  }
  return {
    games: opts.games,
    commands,
    violations,
    seconds: (performance.now() - started) / 1000,
    firstSeed: seedBase + from,
    lastSeed: seedBase + from + opts.games - 1,
    maps: [...perMap.values()],
    combinations: opts.maps.reduce((n, m) => n + combinationsOf(m), 0),
  };
}

export function formatReport(report: SoakReport, maps: readonly SoakMap[]): string {
  const lines: string[] = [];
  lines.push(
    `Soak: ${report.games} games, seeds ${report.firstSeed}..${report.lastSeed}, on ${maps.length} maps: ${maps.map((m) => `${m.id} (${m.source})`).join(', ')}`,
  );
  const modules = [...new Set(maps.map((m) => m.ruleModule))];
  lines.push(
    `  rule modules: ${modules.join(', ')}; options cycled per map as its Setup screen offers them, x round limit default/${SHORT_ROUNDS}: ${report.combinations} combinations`,
  );
  for (const m of report.maps) {
    if (m.games === 0) continue;
    lines.push(
      `  ${m.id.padEnd(16)} ${String(m.games).padStart(6)} games  heroes won ${m.heroWins}, enemies ${m.enemyWins}, drawn ${m.draws}; mean ${(m.rounds / Math.max(1, m.heroWins + m.draws + m.enemyWins)).toFixed(1)} rounds, ${(m.commands / m.games).toFixed(1)} commands`,
    );
  }
  lines.push(`Games played      ${report.games}`);
  lines.push(`Commands checked  ${report.commands}`);
  lines.push(`Violations        ${report.violations.length}`);
  lines.push(
    `Time              ${report.seconds.toFixed(1)} s (${(report.games / report.seconds).toFixed(1)} games/s)`,
  );
  for (const v of report.violations.slice(0, 50)) {
    lines.push('');
    lines.push(
      `VIOLATION in game ${v.game} (seed ${v.seed}, map ${v.map}, options ${JSON.stringify(v.options)})`,
    );
    lines.push(
      `  after command ${v.afterCommand}${v.command ? ` ${JSON.stringify(v.command)}` : ''}:`,
    );
    for (const p of v.problems) lines.push(`  - ${p}`);
    lines.push(`  reproduce: ${v.reproduce}`);
  }
  if (report.violations.length > 50)
    lines.push(`... and ${report.violations.length - 50} more violations`);
  return lines.join('\n');
}

interface CliArgs {
  games: number;
  seed: number;
  from: number;
  map: string | null;
  benchMaps: boolean;
  json: boolean;
  injectFault: boolean;
  playOnLoaded: boolean;
  /** Rule-module files to load (and register) first. */
  modules: string[];
  /** Soak whole campaigns of campaigns/<id>.json instead of single games. */
  campaign: string | null;
}

function parseArgs(argv: string[]): CliArgs {
  const args: CliArgs = {
    games: 200,
    seed: 1,
    from: 0,
    map: null,
    benchMaps: true,
    json: false,
    injectFault: false,
    playOnLoaded: true,
    modules: [],
    campaign: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) usage(`${a} needs a value.`);
      return v;
    };
    if (a === '--games') args.games = Number(next());
    else if (a === '--seed') args.seed = Number(next());
    else if (a === '--from') args.from = Number(next());
    else if (a === '--map') args.map = next();
    else if (a === '--no-bench-maps') args.benchMaps = false;
    else if (a === '--json') args.json = true;
    else if (a === '--inject-fault') args.injectFault = true;
    else if (a === '--no-load-replay') args.playOnLoaded = false;
    else if (a === '--module') args.modules.push(next());
    else if (a === '--campaign') args.campaign = next();
    else usage(`Unknown option "${a}".`);
  }
  if (!Number.isSafeInteger(args.games) || args.games < 1)
    usage('--games must be a whole number of 1 or more.');
  if (!Number.isSafeInteger(args.seed)) usage('--seed must be a whole number.');
  if (!Number.isSafeInteger(args.from) || args.from < 0)
    usage('--from must be a whole number of 0 or more.');
  return args;
}

function usage(message: string): never {
  console.error(message);
  console.error(
    'Use: npm run soak -- [--games N] [--seed S] [--from I] [--map ID] [--module FILE] [--no-bench-maps] [--no-load-replay] [--json] [--inject-fault], or --campaign ID [--games N] [--seed S] [--from I] [--json]',
  );
  process.exit(2);
}

/** The deliberately broken check of --inject-fault: any state from round 2 on "violates" it. */
export const INJECTED_FAULT: ExtraCheck = (state) =>
  state.round >= 2
    ? [`injected fault: round ${state.round} reached (a deliberately broken check)`]
    : [];

function soakCampaigns(args: CliArgs, id: string): void {
  const def = loadCampaignFileOr(id, usage);
  const report = runCampaignSoak({
    def,
    campaign: id,
    games: args.games,
    seed: args.seed,
    from: args.from,
    command: `npm run soak --${args.injectFault ? ' --inject-fault' : ''}`,
    injectFault: args.injectFault,
    progress: (done, total) => {
      if (total >= 10) process.stderr.write(`  ${done}/${total} campaigns\n`);
    },
  });
  if (args.json) console.log(JSON.stringify(report));
  else console.log(formatCampaignSoak(report));
  process.exitCode = report.violations.length > 0 ? 1 : 0;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  try {
    await loadModuleFiles(args.modules);
  } catch (e) {
    usage((e as Error).message);
  }
  if (args.campaign !== null) return soakCampaigns(args, args.campaign);
  let maps = await soakMaps(args.benchMaps);
  if (args.map) {
    maps = maps.filter((m) => m.id === args.map);
    if (maps.length === 0)
      usage(`No map "${args.map}". Maps: ${(await soakMaps(true)).map((m) => m.id).join(', ')}.`);
  }
  let lastTenth = 0;
  const report = runSoak({
    games: args.games,
    seed: args.seed,
    from: args.from,
    maps,
    extraCheck: args.injectFault ? INJECTED_FAULT : undefined,
    playOnLoaded: args.playOnLoaded,
    command: `npm run soak --${args.modules.map((m) => ` --module ${m}`).join('')}${args.map ? ` --map ${args.map}` : ''}${args.benchMaps ? '' : ' --no-bench-maps'}${args.injectFault ? ' --inject-fault' : ''}`,
    progress: (done, total) => {
      const tenth = Math.floor((done * 10) / total);
      if (total >= 100 && tenth > lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`  ${done}/${total} games\n`);
      }
    },
  });
  if (args.json) console.log(JSON.stringify(report));
  else console.log(formatReport(report, maps));
  process.exitCode = report.violations.length > 0 ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : e);
    process.exit(1);
  });
}
