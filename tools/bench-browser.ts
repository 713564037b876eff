/**
 * Browser benchmark: `npm run bench:browser [-- --json] [--write-baseline] [--seconds S] [--turns N] [--dist DIR] [--pacing-only]`.
 *
 * Builds the game for production (vite build, into a temporary folder; or serves --dist DIR),
 * serves it on 127.0.0.1 and opens it in headless Chromium (system /usr/bin/chromium, or
 * CHROMIUM_PATH) with the Canvas renderer (?renderer=canvas). Measures:
 * - the time from navigation to an interactive Menu: the first animation frame at which
 *   window.archfoe is ready, the Menu scene is on top and its buttons are registered (page
 *   clock, i.e. from the start of navigation);
 * - frame times while an enemy side's turn animates, on the 64x64 benchmark dungeon with 30 units
 *   (test/fixtures/bench/dungeon-64.tmj, loaded with window.archfoe.loadMap): the heroes play
 *   the autopilot's moves at 'instant' speed, and every command that ends a round (and so runs
 *   the enemy side) plays at 'normal' speed; frame times are the gaps between
 *   requestAnimationFrame timestamps inside those enemy turns, until they add up to at least
 *   S seconds (default 10) over at least N enemy turns (default 3). p50, p95 and worst are
 *   reported (Phaser's actualFps is a lagging average and is not used). The first frame of an
 *   enemy turn includes the engine's own work for it. This is done twice: for the first enemy
 *   turns (enemies patrolling), and again after playing on at instant speed until at least 5
 *   enemies are alerted (they then path toward the heroes and attack). Frames of the whole run
 *   are reported too.
 * - map loading: the 100x100 TMX map (compressed layers) with its TSX tileset and PNG dropped
 *   on a fresh page, to the Setup screen and then to the battle on screen in the map's own
 *   art (tools/lib/bench-map-browser.ts; `npm run bench` measures the same).
 * - how long a monster phase takes to play on screen at each animation speed (slow, normal,
 *   fast, instant), on the Dungeon Crawl board: seeded games whose heroes play the autopilot's
 *   moves at instant speed; the command that ends the heroes' round (and so runs the monsters'
 *   phase) is dispatched at the speed measured, and its duration is the time until its
 *   animation is over (the dispatch's promise), page clock.
 * - pacing (tools/lib/bench-pacing.ts; bench/browser.md): a usable Menu, Start battle to the
 *   first hero's turn and a monster phase with every monster alerted at Normal, free and with
 *   the CPU throttled 6x (DevTools protocol); the throttled phases must take at most 1.5x the
 *   free ones (the run fails otherwise). `--pacing-only` measures only these.
 * Figures are printed like the other benchmarks and kept in bench/baseline.json (part 'browser').
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { BENCH_FIXTURES } from './lib/bench-boards';
import { CHROMIUM, launchChromium } from '../src/devtools/chromium';
import { loadBaseline, saveBaseline } from './lib/bench-baseline';
import { mapLoadOnPage, mapLoadRows, type BrowserMapLoad } from './lib/bench-map-browser';
import { measurePacing, pacingFigures, type PacingRun } from './lib/bench-pacing';
import { viteBuild } from './lib/bench-bundle';
import { serveDir } from '../src/devtools/static-server';
import {
  changeText,
  describeMachine,
  machineLine,
  percentile,
  printTable,
  round,
  sig,
  type Row,
} from './lib/bench-stats';

const MAP_FILE = join(BENCH_FIXTURES, 'dungeon-64.tmj');

/** The CPU throttling of the slow run: a slow phone or a busy machine (issue 29). */
const THROTTLE_RATE = 6;

/** The most a throttled monster phase may take, against the same phase run free. */
const MOST_THROTTLED_RATIO = 1.5;

interface Args {
  json: boolean;
  writeBaseline: boolean;
  seconds: number;
  turns: number;
  dist: string | null;
  /** Only the pacing part (menu, Start to the first turn, alerted phases free and throttled). */
  pacingOnly: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    json: false,
    writeBaseline: false,
    seconds: 10,
    turns: 3,
    dist: null,
    pacingOnly: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--write-baseline') args.writeBaseline = true;
    else if (a === '--seconds') args.seconds = Number(argv[++i]);
    else if (a === '--turns') args.turns = Number(argv[++i]);
    else if (a === '--dist') args.dist = argv[++i] ?? null;
    else if (a === '--pacing-only') args.pacingOnly = true;
    else {
      console.error(
        `Unknown option "${a}". Use [--json] [--write-baseline] [--seconds S] [--turns N] [--dist DIR] [--pacing-only].`,
      );
      process.exit(2);
    }
  }
  if (!(args.seconds > 0)) {
    console.error('--seconds must be a positive number.');
    process.exit(2);
  }
  return args;
}

const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

interface FrameStats {
  frames: number;
  seconds: number;
  p50: number;
  p95: number;
  worst: number;
  over33: number;
}

function frameStats(deltas: number[]): FrameStats {
  return {
    frames: deltas.length,
    seconds: deltas.reduce((a, b) => a + b, 0) / 1000,
    p50: percentile(deltas, 50),
    p95: percentile(deltas, 95),
    worst: deltas.length ? Math.max(...deltas) : NaN,
    over33: deltas.filter((d) => d > 33.4).length,
  };
}

/** Installed before the page's own scripts: records when the Menu first becomes interactive. */
function menuWatcher(): void {
  const w = window as unknown as {
    archfoe?: { isReady: boolean; scene(): string; debug: { buttonNames(): string[] } };
    __benchMenuAt?: number;
  };
  const check = (): void => {
    try {
      const api = w.archfoe;
      if (api && api.isReady && api.scene() === 'Menu' && api.debug.buttonNames().length > 0) {
        w.__benchMenuAt = performance.now();
        return;
      }
    } catch {
      // not ready yet
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

interface BattleResult {
  error?: string;
  renderer: string;
  units: number;
  games: number;
  rounds: number;
  wallSeconds: number;
  /** Frame gaps (ms) of the whole run. */
  allDeltas: number[];
  /** Enemy turns measured while the enemies still patrol, and later with many alerted. */
  patrol: EnemyBucket;
  alerted: EnemyBucket;
  /** Rounds played at instant speed between the two, to get enemies alerted. */
  warmRounds: number;
}

interface EnemyBucket {
  turns: number;
  deltas: number[];
  /** Most enemies alerted after one of these turns. */
  alertedMax: number;
}

/**
 * Runs in the page: plays the battle and records frame times. Phase 1 measures the first
 * enemy turns (patrolling); phase 2 plays on at instant speed until at least `wantAlerted`
 * enemies are alerted, then measures more enemy turns.
 */
async function battleInPage(input: {
  mapText: string;
  seconds: number;
  minTurns: number;
  wantAlerted: number;
  maxWallSeconds: number;
}): Promise<BattleResult> {
  type Cmd = { type: string; unit?: string };
  type Snapshot = { round: number; phase: string; units: { ai?: { status: string } }[] };
  const api = (
    window as unknown as {
      archfoe: {
        ready: Promise<void>;
        loadMap(
          text: string,
          extra?: Record<string, string>,
          name?: string,
        ): { ok: boolean; error?: string };
        start(o: {
          scenario: string;
          seed: number;
          options?: Record<string, unknown>;
        }): Promise<{ ok: boolean; error?: string }>;
        dispatch(c: Cmd): Promise<{ ok: boolean; error?: string }>;
        suggest(): Cmd | null;
        setSpeed(s: string): boolean;
        idle(): Promise<void>;
        scene(): string;
        state(): Snapshot | null;
      };
    }
  ).archfoe;
  const result: BattleResult = {
    renderer: 'unknown',
    units: 0,
    games: 0,
    rounds: 0,
    wallSeconds: 0,
    allDeltas: [],
    patrol: { turns: 0, deltas: [], alertedMax: 0 },
    alerted: { turns: 0, deltas: [], alertedMax: 0 },
    warmRounds: 0,
  };
  await api.ready;
  const canvas = document.querySelector('canvas');
  if (canvas) {
    // getContext('2d') gives null on a canvas that already holds a WebGL context.
    result.renderer = canvas.getContext('2d') ? 'canvas' : 'webgl';
  }
  const loaded = api.loadMap(input.mapText, {}, 'bench-64.tmj');
  if (!loaded.ok) return { ...result, error: `loadMap: ${loaded.error}` };
  const alertedIn = (st: Snapshot | null): number =>
    st ? st.units.filter((u) => u.ai?.status === 'alerted').length : 0;

  // Frame recorder: every rAF timestamp, tagged with the bucket being measured (0 = none).
  const stamps: number[] = [];
  const tags: number[] = [];
  let tag = 0;
  let recording = true;
  const onFrame = (t: number): void => {
    stamps.push(t);
    tags.push(tag);
    if (recording) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  const t0 = performance.now();
  const timeLeft = (): boolean => performance.now() - t0 < input.maxWallSeconds * 1000;
  api.setSpeed('normal');
  const s = await api.start({ scenario: 'custom', seed: 1, options: { maxRounds: 200 } });
  result.games = 1;
  if (!s.ok) return { ...result, error: `start: ${s.error}` };
  await api.idle();
  result.units = api.state()?.units.length ?? 0;

  /** Plays commands until `enough()`; measures enemy turns into `bucket` (null: instant, unmeasured). */
  const play = async (bucketTag: 0 | 1 | 2, enough: () => boolean): Promise<string | null> => {
    const bucket = bucketTag === 1 ? result.patrol : bucketTag === 2 ? result.alerted : null;
    let enemyMs = 0;
    while (
      !enough() ||
      (bucket && (enemyMs < input.seconds * 1000 || bucket.turns < input.minTurns))
    ) {
      if (!timeLeft()) return null;
      const st = api.state();
      if (!st || st.phase === 'over' || api.scene() !== 'Battle') return 'the game ended';
      const command = api.suggest();
      if (!command) return `no command to play in phase ${st.phase}`;
      // Only the last hero's end-turn ends the round: every end-turn plays at normal speed and
      // counts as an enemy turn when the round went up.
      const isEnd = command.type === 'end-turn' && bucket !== null;
      api.setSpeed(isEnd ? 'normal' : 'instant');
      const from = performance.now();
      const startIndex = tags.length;
      if (isEnd) tag = bucketTag;
      const r = await api.dispatch(command);
      tag = 0;
      const to = performance.now();
      if (!r.ok) return `dispatch ${JSON.stringify(command)}: ${r.error}`;
      const after = api.state();
      const ranEnemies = after !== null && (after.round > st.round || after.phase === 'over');
      result.rounds = Math.max(result.rounds, after?.round ?? 0);
      if (ranEnemies && !bucket) result.warmRounds++;
      if (isEnd && ranEnemies && bucket) {
        bucket.turns++;
        enemyMs += to - from;
        bucket.alertedMax = Math.max(bucket.alertedMax, alertedIn(after));
      } else if (isEnd) {
        for (let i = startIndex; i < tags.length; i++) tags[i] = 0;
      }
    }
    return null;
  };
  let stop = await play(1, () => true);
  if (!stop) stop = await play(0, () => alertedIn(api.state()) >= input.wantAlerted);
  if (!stop && alertedIn(api.state()) >= input.wantAlerted) stop = await play(2, () => true);
  recording = false;
  await new Promise((r) => requestAnimationFrame(() => r(null)));
  result.wallSeconds = (performance.now() - t0) / 1000;
  for (let i = 1; i < stamps.length; i++) {
    const d = stamps[i] - stamps[i - 1];
    result.allDeltas.push(d);
    // A frame counts when it ends inside an enemy turn: the first one holds the engine's own
    // work for the enemy side (done at once when the command is dispatched).
    if (tags[i] === 1) result.patrol.deltas.push(d);
    if (tags[i] === 2) result.alerted.deltas.push(d);
  }
  if (stop && result.patrol.turns === 0) result.error = stop;
  else if (stop)
    result.error = `after ${result.patrol.turns} patrol and ${result.alerted.turns} alerted enemy turns: ${stop}`;
  return result;
}

const PHASE_SPEEDS = ['slow', 'normal', 'fast', 'instant'] as const;
type PhaseSpeed = (typeof PHASE_SPEEDS)[number];

/**
 * Runs in the page: the duration (ms) of monster phases at each speed, on the Dungeon Crawl,
 * `seeds` games of up to `rounds` phases each; the heroes play the autopilot at instant speed.
 */
async function phasesInPage(input: {
  speeds: readonly string[];
  seeds: number[];
  rounds: number;
}): Promise<Record<string, number[]>> {
  type Cmd = { type: string; unit?: string };
  type Snap = { phase: string; round: number; turn: { unitId: string } | null };
  const api = (
    window as unknown as {
      archfoe: {
        ready: Promise<void>;
        start(o: { scenario: string; seed: number }): Promise<{ ok: boolean }>;
        dispatch(c: Cmd): Promise<{ ok: boolean }>;
        suggest(): Cmd | null;
        setSpeed(s: string): boolean;
        idle(): Promise<void>;
        state(): Snap | null;
      };
    }
  ).archfoe;
  await api.ready;
  const out: Record<string, number[]> = {};
  for (const speed of input.speeds) {
    out[speed] = [];
    for (const seed of input.seeds) {
      api.setSpeed('instant');
      await api.start({ scenario: 'dungeon-crawl', seed });
      await api.idle();
      let phases = 0;
      for (let i = 0; i < 400 && phases < input.rounds; i++) {
        const st = api.state();
        if (!st || st.phase !== 'heroes' || !st.turn) break;
        const command = api.suggest();
        if (!command) break;
        // Only the end of a turn can start the monsters' phase: it plays at the speed measured.
        const ends = command.type === 'end-turn';
        api.setSpeed(ends ? speed : 'instant');
        const from = performance.now();
        const r = await api.dispatch(command);
        if (!r.ok) break;
        const after = api.state();
        if (ends && after && (after.round > st.round || after.phase === 'over')) {
          out[speed].push(performance.now() - from);
          phases++;
        }
      }
    }
  }
  return out;
}

async function measure(
  url: string,
  seconds: number,
  minTurns: number,
): Promise<{
  menuMs: number | null;
  battle: BattleResult;
  maps: BrowserMapLoad;
  phases: Record<string, number[]>;
  errors: string[];
}> {
  const profile = mkdtempSync(join(tmpdir(), 'archfoe-bench-chromium-'));
  const context = await launchChromium(profile, ['--autoplay-policy=no-user-gesture-required']);
  const errors: string[] = [];
  try {
    const page: Page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    // tsx (esbuild keepNames) wraps functions in __name(...); give the page a stand-in so the
    // functions below can run there.
    await page.addInitScript('window.__name = (f) => f;');
    await page.addInitScript(menuWatcher);
    await page.goto(`${url}?renderer=canvas`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (window as unknown as { __benchMenuAt?: number }).__benchMenuAt !== undefined,
      null,
      {
        timeout: 60_000,
      },
    );
    const menuMs = await page.evaluate(
      () => (window as unknown as { __benchMenuAt: number }).__benchMenuAt,
    );
    const mapText = readFileSync(MAP_FILE, 'utf8');
    const battle = await page.evaluate(battleInPage, {
      mapText,
      seconds,
      minTurns,
      wantAlerted: 5,
      maxWallSeconds: Math.max(300, seconds * 30),
    });
    const maps = await mapLoadOnPage(page, url, 3);
    log('timing monster phases at each speed (the Dungeon Crawl)...');
    await page.goto(`${url}?renderer=canvas`, { waitUntil: 'load' });
    const phases = await page.evaluate(phasesInPage, {
      speeds: PHASE_SPEEDS,
      seeds: [1, 2, 3],
      rounds: 4,
    });
    return { menuMs, battle, maps, phases, errors };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * The pacing rows: a usable Menu, Start to the first hero's turn and the alerted monster
 * phase, free and throttled; `ok` is false when a run failed or the throttled phases took
 * more than MOST_THROTTLED_RATIO times the free ones.
 */
function pacingRows(runs: PacingRun[]): { rows: Row[]; ok: boolean } {
  const section = `Browser: pacing, free and with the CPU throttled ${THROTTLE_RATE}x (DevTools protocol), speed normal`;
  const rows: Row[] = [];
  let ok = true;
  for (const run of runs) {
    const f = pacingFigures(run);
    const label = run.rate === 1 ? 'free' : `throttled ${run.rate}x`;
    const key = run.rate === 1 ? 'free' : `throttled${run.rate}`;
    if (run.error) {
      ok = false;
      rows.push({
        section,
        name: `${label}: not (fully) measured`,
        value: NaN,
        unit: '',
        note: run.error,
      });
    }
    rows.push(
      {
        section,
        name: `${label}: navigation to a usable Menu`,
        value: f.menuMs,
        unit: 'ms',
        note: `median of ${run.menuMs.length} loads; ${sig(f.menuAfterLoadMs)} ms after the load event; the Menu takes clicks while its art fades in`,
        key: `browser.pacing.${key}.menuMs`,
        better: 'lower',
      },
      {
        section,
        name: `${label}: Start battle to the first hero's turn`,
        value: f.startMs,
        unit: 'ms',
        note: `median of ${run.startMs.length}: a click on Setup's Start battle to the end of the opening; the battle's scene running after ${sig(f.startSceneMs)} ms`,
        key: `browser.pacing.${key}.startMs`,
        better: 'lower',
      },
      {
        section,
        name: `${label}: monster phase, every monster alerted: median`,
        value: f.phaseMedianMs / 1000,
        unit: 's',
        note: `${run.phaseMs.length} phases (Dungeon Crawl, seeds 1-3, rounds 1-3, at least ${run.alertedLeast} monsters alerted); drawn at ${sig(f.phaseFps)} fps`,
        key: `browser.pacing.${key}.phaseP50`,
        better: 'lower',
      },
      {
        section,
        name: `${label}: monster phase, every monster alerted: p95`,
        value: f.phaseP95Ms / 1000,
        unit: 's',
        note: `all ${run.phaseMs.length} together ${sig(f.phaseTotalMs / 1000)} s`,
        key: `browser.pacing.${key}.phaseP95`,
        better: 'lower',
      },
    );
  }
  const free = runs.find((r) => r.rate === 1);
  for (const slow of runs.filter((r) => r.rate !== 1)) {
    const a = free ? pacingFigures(free).phaseTotalMs : NaN;
    const b = pacingFigures(slow).phaseTotalMs;
    const same = free !== undefined && free.phaseMs.length === slow.phaseMs.length;
    const ratio = b / a;
    const within = same && ratio <= MOST_THROTTLED_RATIO;
    if (!within) ok = false;
    rows.push({
      section,
      name: `throttled ${slow.rate}x / free: the same phases' total`,
      value: ratio,
      unit: 'x',
      note: !same
        ? 'not the same phases (a run failed or ended early)'
        : `${within ? 'within' : 'OVER'} the ${MOST_THROTTLED_RATIO}x allowed`,
      key: `browser.pacing.throttled${slow.rate}.phaseRatio`,
      better: 'lower',
    });
  }
  return { rows, ok };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const machine = describeMachine();
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM} (set CHROMIUM_PATH).`);
    process.exit(1);
  }
  let dir = args.dist;
  let temp: string | null = null;
  if (!dir) {
    temp = mkdtempSync(join(tmpdir(), 'archfoe-bench-browser-dist-'));
    log('building the game (vite build)...');
    const built = viteBuild(temp);
    if (built.error) {
      rmSync(temp, { recursive: true, force: true });
      console.error(built.error);
      process.exit(1);
    }
    dir = temp;
  }
  const { server, url } = await serveDir(dir);
  let result;
  let pacing: PacingRun[];
  try {
    log(`measuring in headless Chromium (Canvas renderer) at ${url} ...`);
    if (!args.pacingOnly) result = await measure(url, args.seconds, args.turns);
    pacing = await measurePacing(url, [1, THROTTLE_RATE], {
      loads: 3,
      seeds: [1, 2, 3],
      rounds: 3,
      log,
    });
  } finally {
    server.close();
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
  const pacingTable = pacingRows(pacing);
  if (!result) {
    const header = [
      'Arch Foe browser benchmark: pacing only (nothing recorded in the baseline)',
      `Machine: ${machineLine(machine)}; Chromium ${CHROMIUM}`,
    ];
    if (args.json) console.log(JSON.stringify({ machine, pacing }));
    else console.log([...header, printTable(pacingTable.rows, null)].join('\n'));
    if (!pacingTable.ok) process.exitCode = 1;
    return;
  }
  const { menuMs, battle, maps, phases, errors } = result;
  const patrol = frameStats(battle.patrol.deltas);
  const alerted = frameStats(battle.alerted.deltas);
  const all = frameStats(battle.allDeltas);
  const rows: Row[] = [];
  const section1 = 'Browser: production build, headless Chromium, Canvas renderer';
  rows.push({
    section: section1,
    name: 'navigation to interactive Menu',
    value: menuMs ?? NaN,
    unit: 'ms',
    note: 'page clock: archfoe ready, Menu on top, buttons registered',
    key: 'browser.menuMs',
    better: 'lower',
  });
  const section2 = `Browser: frames while the enemy side's turn animates (64x64, ${battle.units} units, speed normal)`;
  if (battle.error)
    rows.push({
      section: section2,
      name: 'not (fully) measured',
      value: NaN,
      unit: '',
      note: battle.error,
    });
  const bucketRows = (
    label: string,
    key: string,
    f: FrameStats,
    b: EnemyBucket,
    extra: string,
  ): void => {
    rows.push(
      {
        section: section2,
        name: `${label}: frame time p50`,
        value: f.p50,
        unit: 'ms',
        note: `${f.frames} frames over ${sig(f.seconds)} s in ${b.turns} enemy turns (up to ${b.alertedMax} enemies alerted)${extra}`,
        key: `browser.${key}.p50`,
        better: 'lower',
      },
      {
        section: section2,
        name: `${label}: frame time p95`,
        value: f.p95,
        unit: 'ms',
        key: `browser.${key}.p95`,
        better: 'lower',
      },
      {
        section: section2,
        name: `${label}: frame time worst`,
        value: f.worst,
        unit: 'ms',
        note: `${f.over33} frames over 33.4 ms (2 frames)`,
        key: `browser.${key}.worst`,
        better: 'lower',
      },
    );
  };
  bucketRows('first turns, patrolling', 'enemyPatrol', patrol, battle.patrol, '');
  bucketRows(
    'later turns, alerted',
    'enemyAlerted',
    alerted,
    battle.alerted,
    `; after ${battle.warmRounds} rounds played at instant speed`,
  );
  rows.push(
    {
      section: section2,
      name: 'whole run: frame time p50',
      value: all.p50,
      unit: 'ms',
      note: `${all.frames} frames over ${sig(all.seconds)} s incl. hero turns (autopilot in the page) at instant speed; up to round ${battle.rounds}`,
    },
    { section: section2, name: 'whole run: frame time p95', value: all.p95, unit: 'ms' },
    {
      section: section2,
      name: 'whole run: frame time worst',
      value: all.worst,
      unit: 'ms',
      note: `${all.over33} frames over 33.4 ms`,
    },
  );
  rows.push(
    ...mapLoadRows(
      maps,
      'Browser: a 100x100 TMX map (3 compressed layers) with its TSX tileset and PNG',
      'browser.mapLoad',
    ),
  );
  const section3 =
    'Browser: a monster phase on screen, start to end (the Dungeon Crawl, seeds 1-3, up to 4 rounds each)';
  for (const speed of PHASE_SPEEDS as readonly PhaseSpeed[]) {
    const times = phases[speed] ?? [];
    const seconds = times.map((t) => t / 1000);
    rows.push(
      {
        section: section3,
        name: `${speed}: median`,
        value: percentile(seconds, 50),
        unit: 's',
        note: `${times.length} phases; the longest ${sig(seconds.length ? Math.max(...seconds) : NaN)} s`,
        key: `browser.phase.${speed}.p50`,
        better: 'lower',
      },
      {
        section: section3,
        name: `${speed}: p95`,
        value: percentile(seconds, 95),
        unit: 's',
        key: `browser.phase.${speed}.p95`,
        better: 'lower',
      },
    );
  }
  rows.push(...pacingTable.rows);
  const baseline = loadBaseline('browser');
  const figures: Record<string, number> = {};
  for (const r of rows) if (r.key && Number.isFinite(r.value)) figures[r.key] = r.value;
  const change: Record<string, string> = {};
  if (baseline)
    for (const r of rows)
      if (r.key) change[r.key] = changeText(r.value, baseline.figures[r.key], r.better);
  const header = [
    'Arch Foe browser benchmark',
    `Machine: ${machineLine(machine)}; Chromium ${CHROMIUM}; renderer in use: ${battle.renderer}`,
    baseline
      ? `Change against bench/baseline.json (browser), recorded ${baseline.recordedAt}`
      : 'No browser baseline yet: this run is recorded as the baseline.',
  ];
  if (errors.length) header.push(`Page errors: ${errors.slice(0, 5).join(' | ')}`);
  const table = [...header, printTable(rows, baseline ? baseline.figures : null)].join('\n');
  if (args.json) {
    console.log(
      JSON.stringify({
        machine,
        renderer: battle.renderer,
        menuMs: menuMs === null ? null : round(menuMs, 1),
        enemyTurn: {
          units: battle.units,
          patrolling: {
            ...patrol,
            turns: battle.patrol.turns,
            alertedMax: battle.patrol.alertedMax,
          },
          alerted: {
            ...alerted,
            turns: battle.alerted.turns,
            alertedMax: battle.alerted.alertedMax,
            afterInstantRounds: battle.warmRounds,
          },
        },
        wholeRun: {
          ...all,
          games: battle.games,
          rounds: battle.rounds,
          wallSeconds: round(battle.wallSeconds, 1),
        },
        mapLoad: maps,
        pacing,
        monsterPhaseSeconds: Object.fromEntries(
          PHASE_SPEEDS.map((sp) => [sp, (phases[sp] ?? []).map((t) => round(t / 1000, 2))]),
        ),
        error: battle.error ?? null,
        pageErrors: errors,
        baseline: baseline ? { recordedAt: baseline.recordedAt, change } : null,
        figures,
      }),
    );
  } else {
    console.log(table);
  }
  const ok =
    !battle.error && Number.isFinite(patrol.p50) && Number.isFinite(alerted.p50) && menuMs !== null;
  if (ok && (args.writeBaseline || !baseline)) {
    saveBaseline('browser', {
      recordedAt: new Date().toISOString(),
      machine,
      command: 'npm run bench:browser',
      figures,
      table: printTable(rows, null),
      notes: [
        `Renderer in use: ${battle.renderer}. Chromium: ${CHROMIUM}. Map: test/fixtures/bench/dungeon-64.tmj.`,
      ],
    });
    log('Recorded the browser part of bench/baseline.json and bench/BASELINE.md.');
  }
  if (battle.error || !Number.isFinite(patrol.p50) || !pacingTable.ok) process.exitCode = 1;
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
