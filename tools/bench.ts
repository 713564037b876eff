/**
 * The performance suite: `npm run bench [-- --json] [--write-baseline] [--no-build] [--quick]`.
 * A benchmark, not a test: it prints figures and never fails on time (it does fail when a
 * correctness check inside it fails, e.g. a peer's path length differs from ours).
 *
 * Every figure is measured in this one process (memory: in a child process with --expose-gc),
 * warm, as the median of several runs, on fixed seeds and the committed boards in
 * test/fixtures/bench/ (the Dungeon Crawl board from maps/ when bundled, else the built-in
 * copy). Sections: pathing (ours vs easystar and peers), line of sight (vs rot.js), enemy
 * turn, whole games, map loading (a 100x100 TMX map and its TSX tileset, in the CLI and,
 * with its PNG, dropped on the game in headless Chromium), memory, bundle, and compare (issue
 * 31's engine figures per module beside commit 115ec06, or --base COMMIT, in the same run:
 * tools/lib/bench-compare.ts). Printed as a table with the change against
 * bench/baseline.json (written on the first run), or as one JSON object with --json.
 *
 * Other modes: --write-fixtures regenerates test/fixtures/bench/ (deterministic; only needed
 * if the generator changes), --memory-child is the memory child process.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SIZES, dungeonCrawlBoard, loadBenchBoard, REPO_ROOT } from './lib/bench-boards';
import { loadBaseline, saveBaseline, type BaselineRecord } from './lib/bench-baseline';
import { measureBundle, type BundleResult } from './lib/bench-bundle';
import {
  alertedEnemyTurn,
  benchRules,
  skirmishAlertedRound,
  enemyTurnsInGames,
  firstEnemyTurn,
  FRAME_MS,
  intentAhead,
  intentPondering,
  intentOverlay,
  WARM_OVERLAYS,
  INTENT_SLICE_MS,
  gamesPerSecond,
  type EnemyTurnResult,
  type GamesResult,
} from './lib/bench-engine';
import { compareEngineSection } from './lib/bench-compare';
import { writeFixtures } from './lib/bench-fixtures';
import { benchLineOfSight, unitSquares, type LosResult } from './lib/bench-los';
import { benchTmxLoad, TMX_100_FILE, TSX_100_FILE } from './lib/bench-tmx';
import { CHROMIUM, mapLoadRows, measureMapLoadInBrowser } from './lib/bench-map-browser';
import { measureMemory, memoryChild, type MemoryResult } from './lib/bench-memory';
import { benchBoardPathing, makePairs, type BoardPathingResult } from './lib/bench-pathing';
import {
  changeText,
  describeMachine,
  machineLine,
  printTable,
  round,
  sig,
  type Row,
} from './lib/bench-stats';
import { allScenarios, type BattleMap, type MapObject } from '../src/engine/index';
import { PONDER_MAX, REST_BEFORE_FORESEEING_MS } from '../src/view/intent-ahead';

interface Args {
  json: boolean;
  writeBaseline: boolean;
  build: boolean;
  quick: boolean;
  only: Set<string> | null;
  rulesVersion: number | undefined;
  /** The commit the compare section measures beside this tree (issue 31's start). */
  base: string | undefined;
}

const SECTIONS = [
  'pathing',
  'lineOfSight',
  'enemyTurn',
  'intent',
  'games',
  'mapLoad',
  'memory',
  'bundle',
  'compare',
] as const;

function parseArgs(argv: string[]): Args {
  const args: Args = {
    json: false,
    writeBaseline: false,
    build: true,
    quick: false,
    only: null,
    rulesVersion: undefined,
    base: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--json') args.json = true;
    else if (a === '--write-baseline') args.writeBaseline = true;
    else if (a === '--no-build') args.build = false;
    else if (a === '--quick') args.quick = true;
    else if (a === '--rules-version') {
      args.rulesVersion = Number(argv[++i]);
      if (!Number.isInteger(args.rulesVersion) || args.rulesVersion < 1)
        fail('--rules-version needs a whole number of 1 or more.');
    } else if (a === '--base') {
      args.base = argv[++i];
      if (!args.base) fail('--base needs a commit.');
    } else if (a === '--only') {
      const v = argv[++i] ?? '';
      args.only = new Set(v.split(',').filter(Boolean));
      for (const s of args.only) {
        if (!(SECTIONS as readonly string[]).includes(s))
          fail(`Unknown section "${s}". Sections: ${SECTIONS.join(', ')}.`);
      }
    } else {
      fail(
        `Unknown option "${a}". Use [--json] [--write-baseline] [--no-build] [--quick] [--rules-version N] [--base COMMIT] [--only ${SECTIONS.join(',')}].`,
      );
    }
  }
  return args;
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The Dungeon Crawl board: the bundled map when maps/ has it, else the built-in copy. */
async function dungeonCrawlMap(): Promise<{ map: BattleMap; source: string }> {
  try {
    const { loadBundledMap, listBundledMaps } = await import('./lib/maps');
    if (listBundledMaps().some((m) => m.id === 'dungeon-crawl')) {
      return { map: loadBundledMap('dungeon-crawl'), source: 'maps/ (bundled dungeon-crawl)' };
    }
  } catch {
    // maps/index.json or src/maps not there yet
  }
  return {
    map: dungeonCrawlBoard(),
    source: 'built-in copy of the 8x10 board (maps/ not bundled yet)',
  };
}

/** A bundled map by id (maps/index.json), or null when it is not there. */
async function bundledBoard(id: string): Promise<{ map: BattleMap; source: string } | null> {
  try {
    const { loadBundledMap } = await import('./lib/maps');
    return { map: loadBundledMap(id), source: `maps/ (bundled ${id})` };
  } catch {
    return null;
  }
}

/** "dungeon-crawl" -> "dungeonCrawl", for report keys. */
function camelCase(id: string): string {
  return id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** The Dungeon Crawl board with 4 more goblins on free floor squares: 15 enemies. */
function withFifteenEnemies(map: BattleMap): BattleMap {
  const taken = new Set(map.objects.map((o) => `${o.x},${o.y}`));
  const extra: MapObject[] = [];
  for (
    let i = 0;
    i < map.terrain.length &&
    extra.length < 15 - map.objects.filter((o) => o.kind === 'enemy').length;
    i++
  ) {
    const x = i % map.width;
    const y = Math.floor(i / map.width);
    if (map.terrain[i] !== 'floor' || taken.has(`${x},${y}`) || y > map.height / 2) continue;
    extra.push({
      kind: 'enemy',
      x,
      y,
      width: 1,
      height: 1,
      name: 'goblin',
      facing: 4,
      properties: { unit: 'goblin' },
    });
    taken.add(`${x},${y}`);
  }
  return { ...map, id: `${map.id}+4`, objects: [...map.objects, ...extra] };
}

const log = (msg: string): void => {
  process.stderr.write(`${msg}\n`);
};

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--write-fixtures')) {
    await writeFixtures();
    return;
  }
  if (argv.includes('--memory-child')) {
    const dc = await dungeonCrawlMap();
    console.log(JSON.stringify(memoryChild(dc.map, loadBenchBoard(64))));
    return;
  }
  const args = parseArgs(argv);
  benchRules.version = args.rulesVersion;
  const want = (s: (typeof SECTIONS)[number]): boolean => args.only === null || args.only.has(s);
  const machine = describeMachine();
  const started = performance.now();
  const rows: Row[] = [];
  const report: Record<string, unknown> = {
    machine,
    quick: args.quick,
    rulesVersion: args.rulesVersion ?? 'current',
  };
  const dc = await dungeonCrawlMap();
  log(`Arch Foe benchmark on ${machineLine(machine)}`);

  // ---------------------------------------------------------------- pathing
  if (want('pathing')) {
    const pairCount = args.quick ? 200 : 1000;
    const boards: Record<string, unknown> = {};
    for (const size of BENCH_SIZES) {
      const map = loadBenchBoard(size);
      log(`pathing ${size}x${size}...`);
      const results = benchBoardPathing(
        map,
        makePairs(map, pairCount, 1000 + size),
        args.quick ? 400 : 2000,
      );
      boards[`${size}x${size}`] = pathingJson(results);
      for (const r of results) {
        const layer = r.solvers.find((s) => s.id === 'ours-easystar');
        const raw = r.solvers.find((s) => s.id === 'easystar');
        for (const s of r.solvers) {
          const overhead =
            s.id === 'easystar' && layer && raw
              ? `; our layer over easystar / raw easystar ${ratioText(layer.timing.medianMs / raw.timing.medianMs)}`
              : '';
          const agree =
            s.id === 'ours'
              ? `mean path ${sig(r.meanLength)} steps, ${r.floorSquares} floor squares`
              : `ours/this ${ratioText(s.ratio!)}; ${s.exact ? 'lengths equal ours (asserted)' : `${s.longer} of ${r.pairs} longer by our count (max +${s.maxExtraSteps})`}`;
          rows.push({
            section: `Pathing ${size}x${size}, ${r.pairs} ${r.kind} pairs (per search)`,
            name: s.label,
            value: s.perSearchUs,
            unit: 'us',
            note: `${agree}${overhead}; ${s.timing.runs} runs`,
            key: `pathing.${size}.${r.kind}.${s.id}`,
            better: 'lower',
          });
        }
      }
    }
    report.pathing = {
      pairsPerBoard: pairCount,
      rules:
        '8 directions, diagonal = 1 move, no corner cutting; boards are floor/wall only so cost = steps',
      figures: 'per-search time = median over runs of (time for all pairs) / pairs',
      boards,
    };
  }

  // ---------------------------------------------------------------- line of sight
  if (want('lineOfSight')) {
    log('line of sight 64x64, 40 units...');
    const map = loadBenchBoard(64);
    const r = benchLineOfSight(map, unitSquares(map, 40, 4040), args.quick ? 300 : 1500);
    report.lineOfSight = losJson(r);
    const section = `Line of sight, ${r.board} with ${r.units} units (rot.js PreciseShadowcasting for peer)`;
    rows.push(
      {
        section,
        name: `ours: cover for all ${r.pairs} ordered pairs`,
        value: r.oursAllPairsMs,
        unit: 'ms',
        note: `four-corner; ${r.coverLevels.clear} clear / ${r.coverLevels.partial} partial / ${r.coverLevels.full} full / ${r.coverLevels.blocked} blocked; ours/rot ${ratioText(r.ratioAllPairsVsRot)}`,
        key: 'lineOfSight.allPairs',
        better: 'lower',
      },
      {
        section,
        name: `ours: field of view of each of ${r.units} (visibleSquares)`,
        value: r.oursFovMs,
        unit: 'ms',
        note: `ours/rot ${ratioText(r.ratioFovVsRot)}`,
        key: 'lineOfSight.fov',
        better: 'lower',
      },
      {
        section,
        name: `ours: fast field of view of each of ${r.units} (fieldOfView)`,
        value: r.fastFovMs,
        unit: 'ms',
        note: `the same squares as visibleSquares; ours/rot ${ratioText(r.ratioFastFovVsRot)}`,
        key: 'lineOfSight.fastFov',
        better: 'lower',
      },
      {
        section,
        name: `rot.js: field of view of each of ${r.units}`,
        value: r.rotFovMs,
        unit: 'ms',
        note: `radius 64, topology 8`,
        key: 'lineOfSight.rot',
        better: 'lower',
      },
      {
        section,
        name: 'models agree on unit pairs',
        value: (100 * r.pairAgreement.agree) / r.pairAgreement.total,
        unit: '%',
        note: `of ${r.pairAgreement.total}; only ours sees ${r.pairAgreement.oursOnly}, only rot.js ${r.pairAgreement.rotOnly}`,
      },
      {
        section,
        name: 'models agree on floor squares in view',
        value: (100 * r.squareAgreement.agree) / r.squareAgreement.total,
        unit: '%',
        note: `of ${r.squareAgreement.total}; only ours ${r.squareAgreement.oursOnly}, only rot.js ${r.squareAgreement.rotOnly}; Jaccard ${round(r.squareAgreement.jaccard, 3)}`,
      },
    );
  }

  // ---------------------------------------------------------------- enemy turn
  if (want('enemyTurn')) {
    log('enemy turns...');
    const seeds = args.quick ? [1, 2] : [1, 2, 3, 4, 5, 6];
    const rounds = args.quick ? 3 : 10;
    const big = loadBenchBoard(64);
    const results: EnemyTurnResult[] = [
      alertedEnemyTurn(big, seeds, rounds),
      alertedEnemyTurn(big, seeds, rounds, 'cold'),
      skirmishAlertedRound(big, seeds, Math.max(2, Math.round(rounds / 4))),
      enemyTurnsInGames(big, args.quick ? [1] : [1, 2, 3]),
      firstEnemyTurn(big, seeds, rounds),
      alertedEnemyTurn(dc.map, seeds, rounds * 4),
      alertedEnemyTurn(withFifteenEnemies(dc.map), seeds, rounds * 4),
      enemyTurnsInGames(dc.map, args.quick ? [1, 2, 3] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ];
    report.enemyTurn = { frameMs: FRAME_MS, results: results.map(enemyJson) };
    for (const r of results) {
      rows.push({
        section: 'Enemy turn: one whole enemy side (applyCommand), vs one 16.7 ms frame',
        name: `${r.board}, ${r.enemies} enemies / ${r.heroes} heroes: ${r.situation}`,
        value: r.medianMs,
        unit: 'ms',
        note: `${frameText(r.medianMs)}; p95 ${sig(r.p95Ms)} ms, worst ${sig(r.worstMs)} ms (${frameText(r.worstMs)}); ${r.samples} samples`,
        key: `enemyTurn.${r.board}.${r.situation.split(/[ ,]/)[0]}${r.situation.includes('alerted') ? '-alerted' : ''}${r.situation.includes('cold') ? '-cold' : ''}`,
        better: 'lower',
      });
    }
  }

  // ---------------------------------------------------------------- intent overlay
  if (want('intent')) {
    log('intent overlay...');
    const big = loadBenchBoard(64);
    const seeds = args.quick ? [1, 2] : [1, 2, 3];
    const results = [
      intentOverlay(big, seeds, args.quick ? 2 : 5, 'patrolling'),
      intentOverlay(big, seeds, args.quick ? 1 : 5, 'alerted'),
      intentOverlay(big, seeds, args.quick ? 1 : 3, 'games'),
    ];
    const aheads = [
      intentAhead(big, seeds, args.quick ? 2 : 5, 'patrolling'),
      intentAhead(big, seeds, args.quick ? 1 : 3, 'alerted'),
      intentAhead(big, seeds, args.quick ? 2 : 5, 'patrolling', 100, 'end-turn'),
      intentAhead(big, seeds, args.quick ? 1 : 3, 'alerted', 100, 'end-turn'),
    ];
    const ponders = [
      intentPondering(big, seeds, 'patrolling'),
      intentPondering(big, seeds, 'alerted'),
    ];
    report.intent = {
      frameMs: FRAME_MS,
      sliceMs: INTENT_SLICE_MS,
      pondered: ponders.map((p) => ({
        ...p,
        idleMs: round(p.idleMs, 1),
        eachMs: round(p.eachMs, 3),
        afterMs: round(p.afterMs, 4),
      })),
      ahead: aheads.map((a) => ({
        situation: a.situation,
        foreseeMs: round(a.foreseeMs, 3),
        aheadMs: round(a.aheadMs, 3),
        frames: a.frames,
        afterMs: round(a.afterMs, 4),
        samples: a.samples,
      })),
      results: results.map((r) => ({
        ...enemyJson(r),
        method: r.method,
        fullMedianMs: round(r.fullMedianMs, 3),
        coldMedianMs: round(r.coldMedianMs, 3),
        fullWorstMs: round(r.fullWorstMs, 3),
        fullBestMs: round(r.fullBestMs, 3),
        fullP90Ms: round(r.fullP90Ms, 3),
        fullOverFrame: r.fullOverFrame,
        frames: r.frames,
      })),
    };
    for (const r of results) {
      const key = `intent.${r.board}.${r.situation.includes('alerted') ? 'alerted' : r.situation.includes('real games') ? 'games' : 'first'}`;
      const section =
        'Intent overlay after a command, Intent on and a monster hovered (budget: one 16.7 ms frame)';
      rows.push(
        {
          section,
          name: `${r.board}, ${r.enemies} enemies / ${r.heroes} heroes: ${r.situation}: first frame`,
          value: r.medianMs,
          unit: 'ms',
          note: `${frameText(r.medianMs)}; round odds, the hovered monster's intent, the attack odds' first estimate; worst ${sig(r.worstMs)} ms; ${r.samples} samples`,
          key: `${key}.firstFrame`,
          better: 'lower',
        },
        {
          section,
          name: `${r.board}: ${r.situation}: the whole overlay`,
          value: r.fullMedianMs,
          unit: 'ms',
          note: `every monster's intent and the final attack odds (${r.method}), spread over ${r.frames} frames at ${INTENT_SLICE_MS} ms a frame; best ${sig(r.fullBestMs)} ms, p90 ${sig(r.fullP90Ms)} ms, worst ${sig(r.fullWorstMs)} ms, over a frame in ${r.fullOverFrame} of ${r.samples}; ${r.samples} samples after ${WARM_OVERLAYS} overlays a state, which took ${sig(r.coldMedianMs)} ms (median) while the JIT and the map's kept answers warmed up`,
          key: `${key}.full`,
          better: 'lower',
        },
      );
    }
    for (const a of aheads) {
      const endTurn = a.situation.startsWith('End turn');
      const key = `intent.ahead.${endTurn ? 'endTurn.' : ''}${a.situation.includes('alerted') ? 'alerted' : 'first'}`;
      const section =
        'Intent overlay worked ahead: the command foreseen, then given (budget: one 16.7 ms frame)';
      // A click is foreseen once the pointer has rested; End turn once the screen is idle.
      const restMs = (endTurn ? 0 : REST_BEFORE_FORESEEING_MS) + a.frames * FRAME_MS;
      const given = endTurn ? 'End turn' : 'the click';
      rows.push(
        {
          section,
          name: `bench-64: ${a.situation}: the overlay's work left after ${given}`,
          value: a.afterMs,
          unit: 'ms',
          note: `${frameText(a.afterMs)}; every monster's intent and the final odds, kept from the work ahead; ${a.samples} samples`,
          key: `${key}.after`,
          better: 'lower',
        },
        {
          section,
          name: `bench-64: ${a.situation}: the idle time it needs before ${given}`,
          value: restMs,
          unit: 'ms',
          note: endTurn
            ? `the monsters' phase foreseen at once (${sig(a.foreseeMs)} ms, in one frame), then the whole overlay (${sig(a.aheadMs)} ms) over ${a.frames} frames at ${INTENT_SLICE_MS} ms a frame; Instant speed only`
            : `${REST_BEFORE_FORESEEING_MS} ms still, then the move foreseen (${sig(a.foreseeMs)} ms) and the whole overlay (${sig(a.aheadMs)} ms) over ${a.frames} frames at ${INTENT_SLICE_MS} ms a frame; a quicker click is back to the rows above`,
          key: `${key}.rest`,
          better: 'lower',
        },
      );
    }
    for (const p of ponders) {
      const key = `intent.ponder.${p.situation.includes('alerted') ? 'alerted' : 'first'}`;
      const section =
        "Intent overlay pondered while idle: the hero's commands nearest first (budget: one 16.7 ms frame)";
      rows.push(
        {
          section,
          name: `bench-64: pondered, ${p.situation}: the overlay's work left after a quick click`,
          value: p.afterMs,
          unit: 'ms',
          note: `${frameText(p.afterMs)}; a pondered command given with no rest before it; ${p.samples} samples`,
          key: `${key}.after`,
          better: 'lower',
        },
        {
          section,
          name: `bench-64: pondered, ${p.situation}: the idle time it needs`,
          value: p.idleMs,
          unit: 'ms',
          note: `${p.pondered} of the hero's ${p.legal} commands (at most ${PONDER_MAX}, nearest first), each foreseen and its whole overlay worked (${sig(p.eachMs)} ms each) at ${INTENT_SLICE_MS} ms a frame; a command not pondered yet is back to the first rows`,
          key: `${key}.idle`,
          better: 'lower',
        },
      );
    }
  }

  // ---------------------------------------------------------------- games
  if (want('games')) {
    // Every registered rule module's scenarios, each on its own board.
    const games: Record<string, unknown> = {};
    for (const scenario of allScenarios()) {
      log(`whole games: ${scenario.id}...`);
      const board =
        scenario.id === 'dungeon-crawl'
          ? dc
          : scenario.map
            ? { map: scenario.map, source: `the ${scenario.ruleModule} module's own board` }
            : await bundledBoard(scenario.mapId);
      if (!board) continue;
      const g: GamesResult = gamesPerSecond(
        board.map,
        scenario.id,
        args.quick ? 20 : 60,
        args.quick ? 1 : 3,
        scenario.defaults,
        scenario.ruleModule,
      );
      games[scenario.id] = {
        ...g,
        rules: scenario.ruleModule,
        map: board.source,
        seeds: `1..${g.games}`,
        options: 'scenario defaults',
      };
      const section = `Whole games: ${scenario.name} (${scenario.ruleModule} rules), headless, autopilot heroes`;
      rows.push({
        section,
        name: 'games per second',
        value: g.gamesPerSecond,
        unit: 'games/s',
        note: `${g.games} games (seeds 1..${g.games}) per run, median of ${g.runs}; ${sig(g.meanCommands)} commands and ${sig(g.meanRounds)} rounds a game; map: ${board.source}`,
        key: `games.${camelCase(scenario.id)}.gamesPerSecond`,
        better: 'higher',
      });
      rows.push({
        section,
        name: 'time per game',
        value: 1000 / g.gamesPerSecond,
        unit: 'ms',
        note: `${sig(1000 / g.gamesPerSecond / g.meanCommands)} ms per command incl. the autopilot's choice`,
      });
    }
    report.games = games;
  }

  // ---------------------------------------------------------------- map loading
  if (want('mapLoad')) {
    log('map loading: 100x100 TMX with compressed layers and its TSX tileset...');
    const t = benchTmxLoad(args.quick ? 5 : 20);
    const mapLoad: Record<string, unknown> = {
      tmx100: { medianMs: round(t.tmx.medianMs, 3), runs: t.tmx.runs, bytes: t.bytes },
      json100: { medianMs: round(t.json.medianMs, 3), runs: t.json.runs },
    };
    report.mapLoad = mapLoad;
    const section =
      'Map loading (the CLI: text in, BattleMap out, as map:check runs the loader; the browser: files dropped on the production build)';
    rows.push(
      {
        section,
        name: '100x100 TMX, 3 compressed layers + TSX',
        value: t.tmx.medianMs,
        unit: 'ms',
        note: `${TMX_100_FILE} (${sig(t.bytes.tmx / 1024)} KiB, zlib + gzip + zlib) with ${TSX_100_FILE}; ${t.tmx.runs} runs`,
        key: 'mapLoad.tmx100',
        better: 'lower',
      },
      {
        section,
        name: 'the same map as JSON (CSV)',
        value: t.json.medianMs,
        unit: 'ms',
        note: `${sig(t.bytes.json / 1024)} KiB, embedded tileset; ${t.json.runs} runs`,
        key: 'mapLoad.json100',
        better: 'lower',
      },
    );
    if (existsSync(CHROMIUM)) {
      log('map loading in the browser: vite build, then the 100x100 TMX + TSX + PNG dropped...');
      const b = await measureMapLoadInBrowser(
        args.quick ? 3 : 5,
        args.build ? undefined : join(REPO_ROOT, 'dist'),
      );
      mapLoad.browser = b;
      rows.push(...mapLoadRows(b, section, 'mapLoad.browser'));
    } else {
      rows.push({
        section,
        name: 'in the browser: not measured',
        value: NaN,
        unit: '',
        note: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`,
      });
    }
  }

  // ---------------------------------------------------------------- memory
  if (want('memory')) {
    log('memory (child process with --expose-gc)...');
    const m: MemoryResult = measureMemory(fileURLToPath(import.meta.url));
    report.memory = m;
    if (m.error) {
      rows.push({ section: 'Memory', name: 'not measured', value: NaN, unit: '', note: m.error });
    }
    for (const f of m.figures) {
      rows.push({
        section: `Memory (heap per copy; ${m.method})`,
        name: f.name,
        value: f.bytes / 1024,
        unit: 'KiB',
        note: `JSON ${sig(f.jsonBytes / 1024)} KiB; ${f.detail}`,
        key: `memory.${f.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`,
        better: 'lower',
      });
    }
  }

  // ---------------------------------------------------------------- bundle
  if (want('bundle')) {
    log(args.build ? 'bundle: vite build...' : 'bundle: reading dist/...');
    const b: BundleResult = measureBundle(args.build);
    report.bundle = b;
    const section = `Bundle (${b.source}; gzip level 9)`;
    if (b.error) {
      rows.push({ section, name: 'not measured', value: NaN, unit: '', note: b.error });
    } else {
      rows.push(
        {
          section,
          name: 'production build, raw',
          value: b.totalRaw / 1024,
          unit: 'KiB',
          note: `${b.files.length} files`,
          key: 'bundle.totalRaw',
          better: 'lower',
        },
        {
          section,
          name: 'production build, gzipped',
          value: b.totalGzip / 1024,
          unit: 'KiB',
          key: 'bundle.totalGzip',
          better: 'lower',
        },
        {
          section,
          name: 'JavaScript, gzipped',
          value: b.jsGzip / 1024,
          unit: 'KiB',
          note: `raw ${sig(b.jsRaw / 1024)} KiB`,
          key: 'bundle.jsGzip',
          better: 'lower',
        },
        {
          section,
          name: "Phaser's chunk, raw",
          value: b.phaserRaw / 1024,
          unit: 'KiB',
          key: 'bundle.phaserRaw',
          better: 'lower',
        },
        {
          section,
          name: "Phaser's chunk, gzipped",
          value: b.phaserGzip / 1024,
          unit: 'KiB',
          note: `${round(100 * b.phaserShareOfJs, 1)}% of the gzipped JavaScript`,
          key: 'bundle.phaserGzip',
          better: 'lower',
        },
      );
      // Issue 31's target: at most 450 KB gzipped loaded to show the Menu.
      if (b.firstScreen)
        rows.push({
          section,
          name: "first screen's JavaScript, gzipped",
          value: b.firstScreen.firstScreenGzipKB,
          unit: 'KiB',
          note: `${b.firstScreen.chunks.filter((c) => c.firstScreen).length} files; target 450`,
          key: 'bundle.firstScreenGzip',
          better: 'lower',
        });
    }
  }

  // ---------------------------------------------------------------- the engine beside issue 31's start
  if (want('compare')) {
    const c = await compareEngineSection({ quick: args.quick, base: args.base }, log);
    report.compare = c.report;
    rows.push(...c.rows);
  }

  // ---------------------------------------------------------------- output
  const baseline = loadBaseline('node');
  const figures: Record<string, number> = {};
  for (const r of rows) if (r.key && Number.isFinite(r.value)) figures[r.key] = r.value;
  const change: Record<string, string> = {};
  if (baseline) {
    for (const r of rows)
      if (r.key && baseline.figures[r.key] !== undefined)
        change[r.key] = changeText(r.value, baseline.figures[r.key], r.better);
  }
  const seconds = (performance.now() - started) / 1000;
  const table = [
    `Arch Foe benchmark${args.quick ? ' (--quick: fewer pairs and runs, not comparable)' : ''}`,
    `Machine: ${machineLine(machine)}`,
    baseline
      ? `Change against bench/baseline.json, recorded ${baseline.recordedAt} on ${machineLine(baseline.machine)}`
      : 'No baseline yet: this run is recorded as the baseline.',
    printTable(rows, baseline ? baseline.figures : null),
    '',
    `Total time ${sig(seconds)} s.`,
  ].join('\n');
  report.baseline = baseline
    ? { recordedAt: baseline.recordedAt, machine: baseline.machine, change }
    : null;
  report.figures = figures;
  report.seconds = seconds;
  if (args.json) console.log(JSON.stringify(report));
  else console.log(table);

  const complete = args.only === null && !args.quick;
  if ((args.writeBaseline || !baseline) && complete) {
    const record: BaselineRecord = {
      recordedAt: new Date().toISOString(),
      machine,
      command: 'npm run bench',
      figures,
      table: printTable(rows, null),
      notes: [
        `Dungeon Crawl map: ${dc.source}.`,
        'Boards: test/fixtures/bench/dungeon-{32,64,128}.txt (generated once by tools/lib/bench-boards.ts, committed).',
      ],
    };
    saveBaseline('node', record);
    log('Recorded bench/baseline.json and bench/BASELINE.md.');
  } else if (args.writeBaseline) {
    log('Not recorded: a baseline needs a full run (no --quick, no --only).');
  }
}

function ratioText(r: number): string {
  if (!Number.isFinite(r)) return 'n/a';
  if (r < 0.01) return `${r.toExponential(1)}x`;
  return `${sig(r, 3)}x`;
}

function frameText(ms: number): string {
  const share = ms / FRAME_MS;
  return share <= 1
    ? `${sig(share * 100, 2)}% of a frame (${sig(FRAME_MS / ms, 3)}x below)`
    : `${sig(share, 3)}x a frame (OVER)`;
}

function pathingJson(results: BoardPathingResult[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of results) {
    const entry = (s: (typeof r.solvers)[number]) => ({
      label: s.label,
      perSearchUs: round(s.perSearchUs, 2),
      totalMs: round(s.timing.medianMs, 2),
      runs: s.timing.runs,
      oursOverThis: s.ratio === null ? null : round(s.ratio, 5),
      exactMetric: s.exact,
      sameLength: s.sameLength,
      longer: s.longer,
      maxExtraSteps: s.maxExtraSteps,
      note: s.note,
    });
    const ours = r.solvers.find((s) => s.id === 'ours')!;
    const easystar = r.solvers.find((s) => s.id === 'easystar')!;
    const layer = r.solvers.find((s) => s.id === 'ours-easystar');
    out[r.kind] = {
      pairs: r.pairs,
      layerOverEasystar: layer ? round(layer.timing.medianMs / easystar.timing.medianMs, 4) : null,
      meanPathSteps: round(r.meanLength, 2),
      floorSquares: r.floorSquares,
      ours: entry(ours),
      oursViaEasystar: layer ? entry(layer) : null,
      easystar: entry(easystar),
      peers: Object.fromEntries(
        r.solvers
          .filter((s) => s !== ours && s !== easystar && s !== layer)
          .map((s) => [s.id, entry(s)]),
      ),
      prepareMs: Object.fromEntries(Object.entries(r.prepareMs).map(([k, v]) => [k, round(v, 2)])),
    };
  }
  return out;
}

function losJson(r: LosResult): Record<string, unknown> {
  return {
    board: r.board,
    units: r.units,
    orderedPairs: r.pairs,
    coverLevels: r.coverLevels,
    ours: {
      allPairsCoverMs: round(r.oursAllPairsMs, 3),
      allPairsRuns: r.oursAllPairsRuns,
      fieldOfViewMs: round(r.oursFovMs, 3),
      fieldOfViewRuns: r.oursFovRuns,
      fastFieldOfViewMs: round(r.fastFovMs, 3),
      fastFieldOfViewRuns: r.fastFovRuns,
    },
    rot: {
      algorithm: 'PreciseShadowcasting, topology 8, radius 64',
      fieldOfViewMs: round(r.rotFovMs, 3),
      runs: r.rotFovRuns,
    },
    oursOverRot: {
      allPairsCover: round(r.ratioAllPairsVsRot, 4),
      fieldOfView: round(r.ratioFovVsRot, 4),
      fastFieldOfView: round(r.ratioFastFovVsRot, 4),
    },
    agreement: {
      unitPairs: r.pairAgreement,
      floorSquares: { ...r.squareAgreement, jaccard: round(r.squareAgreement.jaccard, 4) },
    },
  };
}

function enemyJson(r: EnemyTurnResult): Record<string, unknown> {
  return {
    board: r.board,
    enemies: r.enemies,
    heroes: r.heroes,
    situation: r.situation,
    how: r.how,
    samples: r.samples,
    medianMs: round(r.medianMs, 3),
    p95Ms: round(r.p95Ms, 3),
    worstMs: round(r.worstMs, 3),
    shareOfFrame: round(r.frameShare, 4),
    timesBelowFrame: round(FRAME_MS / r.medianMs, 2),
  };
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
