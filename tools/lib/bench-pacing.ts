/**
 * Pacing in the browser: whether the battle keeps its time when the page draws few frames.
 * On one page of the production build (headless Chromium, Canvas renderer), free and with
 * the CPU throttled (the DevTools protocol's Emulation.setCPUThrottlingRate, as a slow
 * phone or a busy machine), page clock:
 *   - navigation to a usable Menu: the first frame at which the Menu is on top and its
 *     buttons take clicks (its art may still be fading in), and the same from the page's
 *     load event;
 *   - Start to the first hero's turn: a click on the Setup screen's "Start battle" to the
 *     end of the battle's opening (the first hero may act), at Normal speed;
 *   - a monster phase at Normal speed with every monster alerted (the Dungeon Crawl with
 *     "every monster alerted" at the start): seeded games whose heroes play the autopilot's
 *     moves at instant speed; the command that ends the heroes' round is played at Normal,
 *     and the phase lasts until its animation is over. The frames drawn meanwhile give the
 *     frame rate the phase was played at.
 * The free and throttled runs play the same seeds, so their phases are the same ones.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../src/devtools/chromium';
import { median, percentile } from './bench-stats';

export interface PacingRun {
  /** The CPU throttling rate (1: free). */
  rate: number;
  /** Navigation start to a usable Menu (ms), one per page load. */
  menuMs: number[];
  /** The page's load event to a usable Menu (ms). */
  menuAfterLoadMs: number[];
  /** A click on "Start battle" to the first hero's turn (ms). */
  startMs: number[];
  /** Of which: the click to the Battle scene running (its board built). */
  startSceneMs: number[];
  /** Monster phases with every monster alerted (ms each), and the frames drawn in them. */
  phaseMs: number[];
  phaseFrames: number[];
  /** How many monsters were alerted in the phases measured (the fewest). */
  alertedLeast: number;
  error?: string;
}

/** Installed before the page's own scripts: when the Menu first takes clicks. */
function usableMenuWatcher(): void {
  const w = window as unknown as {
    archfoe?: { isReady: boolean; scene(): string; debug: { buttonNames(): string[] } };
    __pacingMenuAt?: number;
    __pacingLoadAt?: number;
  };
  window.addEventListener('load', () => (w.__pacingLoadAt = performance.now()));
  const check = (): void => {
    try {
      const api = w.archfoe;
      if (api?.isReady && api.scene() === 'Menu' && api.debug.buttonNames().includes('new-game')) {
        w.__pacingMenuAt = performance.now();
        return;
      }
    } catch {
      // not ready yet
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/** Loads the page and waits for a usable Menu; returns [from navigation, from load] in ms. */
async function loadToMenu(page: Page, url: string): Promise<[number, number]> {
  await page.goto(`${url}?renderer=canvas`, { waitUntil: 'load' });
  await page.waitForFunction(
    () => (window as unknown as { __pacingMenuAt?: number }).__pacingMenuAt !== undefined,
    null,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { __pacingMenuAt: number; __pacingLoadAt?: number };
    return [w.__pacingMenuAt, w.__pacingMenuAt - (w.__pacingLoadAt ?? NaN)] as [number, number];
  });
}

type Api = {
  ready: Promise<void>;
  scene(): string;
  setSpeed(s: string): boolean;
  idle(): Promise<void>;
  state(): { phase: string; turn: { unitId: string } | null } | null;
  debug: { buttonRect(name: string): { cx: number; cy: number; enabled: boolean } | null };
};

/** From a loaded Menu: opens Setup, clicks "Start battle" and times it to the first hero's turn. */
async function startToFirstTurn(page: Page): Promise<[number, number]> {
  const rectOf = (name: string): Promise<{ cx: number; cy: number } | null> =>
    page.evaluate((n) => (window as unknown as { archfoe: Api }).archfoe.debug.buttonRect(n), name);
  await page.evaluate(() => (window as unknown as { archfoe: Api }).archfoe.setSpeed('normal'));
  const newGame = await rectOf('new-game');
  if (!newGame) throw new Error('the Menu shows no New game button');
  await page.mouse.click(newGame.cx, newGame.cy);
  await page.waitForFunction(
    () => {
      const api = (window as unknown as { archfoe: Api }).archfoe;
      return api.scene() === 'Setup' && api.debug.buttonRect('start') !== null;
    },
    null,
    { timeout: 60_000 },
  );
  const start = await rectOf('start');
  if (!start) throw new Error('the Setup screen shows no Start battle button');
  await page.evaluate(() => {
    const w = window as unknown as {
      archfoe: Api;
      __pacingClickAt?: number;
      __pacingTurn?: number;
      __pacingScene?: number;
    };
    w.__pacingClickAt = undefined;
    w.__pacingTurn = undefined;
    window.addEventListener('pointerdown', () => (w.__pacingClickAt = performance.now()), {
      capture: true,
      once: true,
    });
    // The battle is on once its scene runs; its opening is over when its queue is idle.
    const watch = (): void => {
      if (w.archfoe.scene() !== 'Battle') {
        requestAnimationFrame(watch);
        return;
      }
      w.__pacingScene = performance.now() - (w.__pacingClickAt ?? NaN);
      void w.archfoe.idle().then(() => {
        const st = w.archfoe.state();
        w.__pacingTurn =
          st?.phase === 'heroes' && st.turn ? performance.now() - (w.__pacingClickAt ?? NaN) : NaN;
      });
    };
    requestAnimationFrame(watch);
  });
  await page.mouse.click(start.cx, start.cy);
  await page.waitForFunction(
    () => (window as unknown as { __pacingTurn?: number }).__pacingTurn !== undefined,
    null,
    { timeout: 120_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { __pacingTurn: number; __pacingScene: number };
    return [w.__pacingTurn, w.__pacingScene] as [number, number];
  });
}

/** Runs in the page: monster phases at Normal with every monster alerted, and their frames. */
async function alertedPhasesInPage(input: { seeds: number[]; rounds: number }): Promise<{
  ms: number[];
  frames: number[];
  alertedLeast: number;
}> {
  type Cmd = { type: string; unit?: string };
  type Snap = {
    phase: string;
    round: number;
    turn: { unitId: string } | null;
    units: { side: string; position: unknown; ai?: { status: string } }[];
  };
  const api = (
    window as unknown as {
      archfoe: {
        ready: Promise<void>;
        start(o: {
          scenario: string;
          seed: number;
          options: Record<string, unknown>;
        }): Promise<{ ok: boolean; error?: string }>;
        dispatch(c: Cmd): Promise<{ ok: boolean }>;
        suggest(): Cmd | null;
        setSpeed(s: string): boolean;
        idle(): Promise<void>;
        state(): Snap | null;
      };
    }
  ).archfoe;
  await api.ready;
  const out = { ms: [] as number[], frames: [] as number[], alertedLeast: Infinity };
  let frames = 0;
  let counting = true;
  const onFrame = (): void => {
    frames++;
    if (counting) requestAnimationFrame(onFrame);
  };
  requestAnimationFrame(onFrame);
  for (const seed of input.seeds) {
    api.setSpeed('instant');
    const started = await api.start({
      scenario: 'dungeon-crawl',
      seed,
      options: { startAlerted: 'all' },
    });
    if (!started.ok) throw new Error(`start: ${started.error}`);
    await api.idle();
    let phases = 0;
    for (let i = 0; i < 400 && phases < input.rounds; i++) {
      const st = api.state();
      if (!st || st.phase !== 'heroes' || !st.turn) break;
      const command = api.suggest();
      if (!command) break;
      // Only the end of a turn can start the monsters' phase: it plays at Normal.
      const ends = command.type === 'end-turn';
      api.setSpeed(ends ? 'normal' : 'instant');
      const from = performance.now();
      const framesBefore = frames;
      const r = await api.dispatch(command);
      if (!r.ok) break;
      const after = api.state();
      if (ends && after && (after.round > st.round || after.phase === 'over')) {
        out.ms.push(performance.now() - from);
        out.frames.push(frames - framesBefore);
        const monsters = st.units.filter((u) => u.side === 'enemies' && u.position);
        out.alertedLeast = Math.min(
          out.alertedLeast,
          monsters.filter((u) => u.ai?.status === 'alerted').length,
        );
        phases++;
      }
    }
  }
  counting = false;
  return out;
}

/** Measures pacing at each CPU throttling rate in `rates` (1: free), each in a fresh browser. */
export async function measurePacing(
  url: string,
  rates: readonly number[],
  opts: { loads: number; seeds: number[]; rounds: number; log: (m: string) => void },
): Promise<PacingRun[]> {
  const runs: PacingRun[] = [];
  for (const rate of rates) {
    const run: PacingRun = {
      rate,
      menuMs: [],
      menuAfterLoadMs: [],
      startMs: [],
      startSceneMs: [],
      phaseMs: [],
      phaseFrames: [],
      alertedLeast: NaN,
    };
    runs.push(run);
    opts.log(`pacing: CPU throttled ${rate}x...`);
    const profile = mkdtempSync(join(tmpdir(), 'archfoe-bench-pacing-'));
    const context = await launchChromium(profile, ['--autoplay-policy=no-user-gesture-required']);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.addInitScript('window.__name = (f) => f;');
      await page.addInitScript(usableMenuWatcher);
      // The rate holds for the page's target across its navigations.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      for (let i = 0; i < opts.loads; i++) {
        const [menu, afterLoad] = await loadToMenu(page, url);
        run.menuMs.push(menu);
        run.menuAfterLoadMs.push(afterLoad);
        const [turn, scene] = await startToFirstTurn(page);
        run.startMs.push(turn);
        run.startSceneMs.push(scene);
      }
      await loadToMenu(page, url);
      const phases = await page.evaluate(alertedPhasesInPage, {
        seeds: opts.seeds,
        rounds: opts.rounds,
      });
      run.phaseMs = phases.ms;
      run.phaseFrames = phases.frames;
      run.alertedLeast = phases.alertedLeast;
    } catch (e) {
      run.error = e instanceof Error ? e.message.split('\n')[0] : String(e);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return runs;
}

/** A run's figures: medians, the phases' total and their frame rate. */
export function pacingFigures(run: PacingRun): {
  menuMs: number;
  menuAfterLoadMs: number;
  startMs: number;
  startSceneMs: number;
  phaseMedianMs: number;
  phaseP95Ms: number;
  phaseTotalMs: number;
  phaseFps: number;
} {
  const total = run.phaseMs.reduce((a, b) => a + b, 0);
  const frames = run.phaseFrames.reduce((a, b) => a + b, 0);
  return {
    menuMs: median(run.menuMs),
    menuAfterLoadMs: median(run.menuAfterLoadMs),
    startMs: median(run.startMs),
    startSceneMs: median(run.startSceneMs),
    phaseMedianMs: median(run.phaseMs),
    phaseP95Ms: percentile(run.phaseMs, 95),
    phaseTotalMs: total,
    phaseFps: total > 0 ? (frames * 1000) / total : NaN,
  };
}
