/**
 * Browser test harness: builds the game once with Vite into a temporary folder, serves it
 * with a tiny static HTTP server on 127.0.0.1 (a free port), and opens a fresh browser
 * context (its own storage) for each file in its worker's one Chromium (the system Chromium,
 * headless, through playwright-core).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from '../../src/devtools/chromium';
import { serveDir } from '../../src/devtools/static-server';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { TEST_CHROMIUM_ARGS } from '../global-setup';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Download,
  type Page,
} from 'playwright-core';
import type { ArchFoeApi } from '../../src/app/automation';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export { CHROMIUM };

/** Builds the production bundle (same config as `npm run build`) into `outDir`. */
async function buildInto(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
}

/**
 * The production bundle in a temp folder of the caller's own (to remove when done). Within
 * one `vitest run` (test/global-setup.ts names it) the game is built once: the first file to
 * ask builds it under a lock folder, the others wait for it and copy it.
 */
export async function buildGame(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'archfoe-dist-'));
  const run = process.env.ARCHFOE_TEST_RUN;
  if (!run) {
    await buildInto(outDir);
    return outDir;
  }
  const shared = join(tmpdir(), `archfoe-dist-run-${run}`);
  const done = join(shared, '.built');
  let builder = false;
  try {
    mkdirSync(`${shared}.lock`);
    builder = true;
  } catch {
    // Another test file is building it.
  }
  const failed = `${shared}.lock/failed`;
  if (builder) {
    try {
      await buildInto(shared);
    } catch (e) {
      writeFileSync(failed, e instanceof Error ? e.message : String(e));
      throw e;
    }
    writeFileSync(done, 'ok');
  } else {
    const deadline = Date.now() + 170_000;
    while (!existsSync(done)) {
      if (existsSync(failed))
        throw new Error(`the shared test build failed: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > deadline)
        throw new Error(`the shared test build never finished (${shared})`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  cpSync(shared, outDir, { recursive: true });
  rmSync(join(outDir, '.built'), { force: true });
  return outDir;
}

/** Serves a build folder on 127.0.0.1 (a free port). */
export const serveStatic = serveDir;

/**
 * The run's shared Chromium (test/global-setup.ts), connected anew: closing what this returns
 * closes only the contexts opened through it, never the shared browser. Undefined when the
 * run has none.
 */
async function connectShared(): Promise<Browser | undefined> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : undefined;
}

/** This worker's Chromium, launched by the first browser file it runs and kept for the rest. */
let workerChromium: Promise<Browser> | undefined;

/**
 * A fresh 1280 x 720 browser context (its own storage, downloads allowed) in this worker's
 * Chromium: the browser files share a worker (isolate: false in vitest.config.ts), so one
 * Chromium serves them all, launched once, driven straight through its pipe (not relayed
 * through the run's browser server, test/global-setup.ts, which launchBrowser() uses). A
 * context costs a fraction of a launch (0.9 s of CPU and 1.8 s of wall a file against 1.4 s
 * and 4.3 s at load 20, bench/test-time.md). Playwright closes the browser when the worker
 * ends. `browser` and `profile` stay undefined: nothing of the file's to close but the context.
 */
export async function launch(): Promise<{
  context: BrowserContext;
  browser?: Browser;
  profile?: string;
}> {
  workerChromium ??= chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...TEST_CHROMIUM_ARGS],
  });
  const context = await (
    await workerChromium
  ).newContext({
    viewport: { width: 1280, height: 720 },
    acceptDownloads: true,
  });
  return { context };
}

/**
 * A download's text, copied to this disk with `saveAs` (which works in any Chromium, also one
 * reached through a browser server, where `download.path()` throws) and read back.
 */
export async function downloadedText(download: Download): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'archfoe-download-'));
  try {
    const file = join(folder, download.suggestedFilename() || 'download');
    await download.saveAs(file);
    return readFileSync(file, 'utf8');
  } finally {
    cleanup([folder]);
  }
}

/**
 * A browser (no profile kept) for pages of several sizes and pixel ratios: the run's shared
 * Chromium when there is one (its `close` then closes only the contexts made through it).
 */
export async function launchBrowser(): Promise<Browser> {
  return (
    (await connectShared()) ??
    chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...TEST_CHROMIUM_ARGS],
    })
  );
}

export function cleanup(paths: string[]): void {
  for (const p of paths) {
    try {
      rmSync(p, { recursive: true, force: true });
    } catch {
      // ignore
    }
  }
}

/** Collects console errors and page errors of a page. */
export function watchErrors(page: Page, into: string[]): void {
  page.on('console', (msg) => {
    if (msg.type() === 'error') into.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => into.push(`pageerror: ${err.message}`));
}

/** npm test always includes the real browser: a missing Chromium is a failure, not a skip. */
export function requireChromium(): void {
  // (Install Debian's: apt-get install -y chromium, or set CHROMIUM_PATH.)
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
}

/** The built game served on 127.0.0.1 and one Chromium page on it. */
export interface BrowserSession {
  server: Server;
  context: BrowserContext;
  /** The connection to the run's shared Chromium, closed after `context`. */
  browser?: Browser;
  page: Page;
  baseUrl: string;
  /** Folders to remove at the end (the build, the browser profile). */
  temp: string[];
}

/** Builds the game, serves it, launches Chromium and opens a page whose errors go to `errors`. */
export async function startBrowser(errors: string[]): Promise<BrowserSession> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const temp: string[] = [];
  const dist = await buildGame();
  temp.push(dist);
  const served = await serveStatic(dist);
  const launched = await launch();
  if (launched.profile) temp.push(launched.profile);
  const page = await launched.context.newPage();
  watchErrors(page, errors);
  return {
    server: served.server,
    context: launched.context,
    browser: launched.browser,
    page,
    baseUrl: served.url,
    temp,
  };
}

/**
 * The suite's browser: requires Chromium, then builds, serves and launches before the tests
 * and closes after them. Read `page` and `session` inside the tests; `errors` collects the
 * page's console errors.
 */
export function useBrowser(): {
  readonly page: Page;
  readonly session: BrowserSession;
  errors: string[];
} {
  requireChromium();
  let session: BrowserSession | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    session = await startBrowser(errors);
  }, 180_000);
  afterAll(async () => {
    await stopBrowser(session);
  });
  return {
    get page() {
      return session!.page;
    },
    get session() {
      return session!;
    },
    errors,
  };
}

export async function stopBrowser(session: BrowserSession | undefined): Promise<void> {
  await session?.context.close();
  await session?.browser?.close();
  session?.server.close();
  cleanup(session?.temp ?? []);
}

/**
 * Waits until the game shows the scene `name` (window.archfoe.scene()); for the Battle, also
 * until the battle on it takes commands (a loaded machine can show the scene a moment first).
 */
export async function waitForScene(page: Page, name: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction(
      (n) => {
        const api = (globalThis as unknown as { archfoe?: ArchFoeApi }).archfoe;
        return api?.scene() === n && (n !== 'Battle' || api.debug.battle() !== null);
      },
      name,
      { timeout },
    );
  } catch (error) {
    // Say which scene was awaited and which one stood instead.
    const shown = await page
      .evaluate(() => (globalThis as unknown as { archfoe?: ArchFoeApi }).archfoe?.scene())
      .catch(() => 'unknown (the page did not answer)');
    throw new Error(
      `waited ${timeout} ms for the scene ${name}; the page shows ${shown}: ${String(error)}`,
    );
  }
}

/** Clicks Start on the Setup screen and waits for the battle to take commands. */
export async function startFromSetup(page: Page): Promise<void> {
  await clickButtonOn(page, 'start');
  await waitForScene(page, 'Battle');
}

/**
 * Plays the battle on screen to its end with the heroes' autopilot (its suggested command,
 * dispatched through the page), then waits for the Results screen. At most `maxCommands`.
 * The loop runs inside the page (one round trip in all, not two a command), a frame drawn
 * between commands as before.
 */
export async function playToResultsByAutopilot(page: Page, maxCommands = 2000): Promise<void> {
  await page.evaluate(async (most) => {
    const api = (globalThis as unknown as { archfoe: ArchFoeApi }).archfoe;
    for (let i = 0; i < most && api.scene() === 'Battle'; i++) {
      await api.idle();
      const s = api.state();
      if (!s || s.phase === 'over') break;
      const c = api.suggest();
      if (c) await api.dispatch(c);
      // A frame drawn (or 50 ms, should frames stall) before the next command.
      await new Promise<void>((next) => {
        requestAnimationFrame(() => next());
        setTimeout(next, 50);
      });
    }
  }, maxCommands);
  await waitForScene(page, 'Results', 30_000);
}

/**
 * Ends every hero's turn until the battle on `page` is over and the Results screen is up
 * (a battle with few rounds, at instant speed). The loop runs inside the page, a frame drawn
 * between commands.
 */
export async function endTurnsToResults(page: Page, maxCommands = 300): Promise<void> {
  await page.evaluate(async (most) => {
    const api = (globalThis as unknown as { archfoe: ArchFoeApi }).archfoe;
    for (let i = 0; i < most && api.scene() !== 'Results'; i++) {
      await api.idle();
      const turn = api.state()?.turn;
      if (turn) await api.dispatch({ type: 'end-turn', unit: turn.unitId });
      // A frame drawn (or 50 ms, should frames stall) before the next command.
      await new Promise<void>((next) => {
        requestAnimationFrame(() => next());
        setTimeout(next, 50);
      });
    }
  }, maxCommands);
  await waitForScene(page, 'Results', 30_000);
}

/** Waits until the game on `page` is ready and shows its Menu; with `url`, opens that first. */
export async function openGameOn(page: Page, url?: string): Promise<void> {
  if (url !== undefined) await page.goto(url);
  await page.waitForFunction(
    () => (globalThis as unknown as { archfoe?: ArchFoeApi }).archfoe?.isReady === true,
    null,
    { timeout: 30_000 },
  );
  await waitForScene(page, 'Menu');
}

/**
 * A phone's page (`width` x `height`, touch, a pixel ratio of 2) in `browser`, the game open
 * on its Menu (Canvas renderer); the page's errors go into `errors`.
 */
export async function openPhonePage(
  browser: Browser,
  baseUrl: string,
  width: number,
  height: number,
  errors: string[],
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await openGameOn(page, `${baseUrl}?renderer=canvas`);
  return page;
}

/** Opens the game (Canvas renderer) and goes from the menu to the Setup screen. */
export async function openSetup(page: Page, baseUrl: string): Promise<void> {
  await openGameOn(page, `${baseUrl}?renderer=canvas`);
  await clickButtonOn(page, 'new-game');
  await waitForScene(page, 'Setup');
}

/** Opens the game (Canvas renderer) and goes from the menu to the campaign slots. */
export async function openCampaigns(page: Page, baseUrl: string): Promise<void> {
  await openGameOn(page, `${baseUrl}?renderer=canvas`);
  await clickButtonOn(page, 'campaign');
  await waitForScene(page, 'Campaigns');
}

/** Deletes the page's My maps database: the browser no longer keeps any of the player's maps. */
export async function forgetMyMaps(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const r = indexedDB.deleteDatabase('archfoe-maps');
        r.onsuccess = () => resolve();
        r.onerror = () => reject(r.error);
      }),
  );
}

/**
 * The example campaign of test/fixtures/campaigns as a file's text, its first mission on the
 * player's kept map `map` (`own:<map>`, not carried in the file), under its own id and name.
 */
export function campaignNamingMap(map: string, id: string, name: string): string {
  const raw = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'campaigns', 'own-map-campaign.json'), 'utf8'),
  ) as { id: string; name: string; maps?: unknown; missions: { scenario: string }[] };
  delete raw.maps;
  raw.id = id;
  raw.name = name;
  raw.missions[0].scenario = `own:${map}`;
  return JSON.stringify(raw);
}

/** Clicks a named button with the real mouse at its on-screen position, once it is enabled. */
export async function clickButtonOn(page: Page, name: string): Promise<void> {
  const find = async (): Promise<{ cx: number; cy: number }> => {
    const handle = await page.waitForFunction(
      (n) => {
        const r = (globalThis as unknown as { archfoe: ArchFoeApi }).archfoe.debug.buttonRect(n);
        return r && r.enabled ? r : null;
      },
      name,
      { timeout: 30_000 },
    );
    return (await handle.jsonValue()) as { cx: number; cy: number };
  };
  await find();
  // A scene takes no pointer in the frame it starts in (a click there, a few milliseconds
  // after the one that opened it, faster than any hand, was lost now and then): two frames
  // pass first, and the button is looked up again.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const r = await find();
  await page.mouse.click(r.cx, r.cy);
}

/**
 * Plays one turn of the acting hero on the page: a legal move through the automation API
 * (checked to have moved the hero), then Space to end the turn; resolves when the next
 * unit is acting.
 */
export async function moveAndEndTurn(page: Page): Promise<void> {
  type Api = { archfoe: ArchFoeApi };
  const acting = await page.evaluate(
    () => (globalThis as unknown as Api).archfoe.state()!.turn!.unitId,
  );
  const move = (
    await page.evaluate(() => (globalThis as unknown as Api).archfoe.legalCommands())
  ).find((c) => c.type === 'move');
  expect(move).toBeDefined();
  expect(
    await page.evaluate((c) => (globalThis as unknown as Api).archfoe.dispatch(c), move!),
  ).toEqual({ ok: true });
  const after = await page.evaluate(() => (globalThis as unknown as Api).archfoe.state()!);
  expect(after.units.find((u) => u.id === acting)!.position).toEqual(
    move!.type === 'move' ? move!.to : null,
  );
  await page.keyboard.press('Space');
  await page.waitForFunction(
    (id) => (globalThis as unknown as Api).archfoe.state()?.turn?.unitId !== id,
    acting,
  );
}

/** A file to drop on the page: its name, its bytes in base64 and its type. */
export interface DroppedFile {
  name: string;
  base64: string;
  type: string;
}

/** A file for dropFiles from text or bytes. */
export function fileOf(
  name: string,
  data: string | Uint8Array,
  type = 'application/xml',
): DroppedFile {
  return { name, base64: Buffer.from(data).toString('base64'), type };
}

/** Drops files on the page the way the player's file manager does (drag, then drop). */
export async function dropFiles(page: Page, files: DroppedFile[]): Promise<void> {
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], f.name, { type: f.type }));
    }
    globalThis.dispatchEvent(
      new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
    globalThis.dispatchEvent(
      new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
  }, files);
}

/** Waits until the player's own map (the `custom` scenario) has a name matching `pattern`. */
export async function waitForCustomMap(page: Page, pattern: string): Promise<void> {
  await page.waitForFunction(
    (p) =>
      (globalThis as unknown as { archfoe: ArchFoeApi }).archfoe
        .scenarios()
        .some((s) => s.id === 'custom' && new RegExp(p).test(s.name)) &&
      !(globalThis as unknown as { archfoe: ArchFoeApi }).archfoe.filesLoading(),
    pattern,
    { timeout: 30_000 },
  );
}

/**
 * Waits until the screen has settled instead of sleeping a fixed time: the canvas has
 * followed the page's size (the game lays itself out again 120 ms after a resize) and every
 * button's place, size and label stayed the same for `frames` animation frames in a row
 * (hover fades and layout tweens done). At most `timeout` ms, then it fails.
 */
export async function waitForSteadyScreen(page: Page, frames = 8, timeout = 10_000): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { __steady?: { last: string; same: number } }).__steady = {
      last: '',
      same: 0,
    };
  });
  await page.waitForFunction(
    (need) => {
      const g = globalThis as unknown as {
        archfoe?: ArchFoeApi;
        __steady: { last: string; same: number };
        innerWidth: number;
        innerHeight: number;
        document: {
          querySelector(
            s: string,
          ): { getBoundingClientRect(): { width: number; height: number } } | null;
        };
      };
      const canvas = g.document.querySelector('canvas');
      const api = g.archfoe;
      if (!api || !canvas) return false;
      const box = canvas.getBoundingClientRect();
      const look = JSON.stringify([
        box.width,
        box.height,
        api.scene(),
        api.debug.buttonNames().map((n) => api.debug.buttonRect(n)),
      ]);
      const followed =
        Math.round(box.width) === g.innerWidth && Math.round(box.height) === g.innerHeight;
      const s = g.__steady;
      s.same = followed && look === s.last ? s.same + 1 : 0;
      s.last = look;
      return s.same >= need;
    },
    frames,
    { polling: 'raf', timeout },
  );
}

/**
 * Waits until the screen's animations are over (window.archfoe.debug.animating() is 0 for two
 * frames in a row: a screen's entrance, a table coming in row by row, a fade), instead of
 * sleeping a fixed time that a loaded machine may overrun. At most `timeout` ms, then it fails.
 */
export async function waitForAnimations(page: Page, timeout = 15_000): Promise<void> {
  await page.evaluate(() => {
    (globalThis as unknown as { __stillFrames?: number }).__stillFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const g = globalThis as unknown as { archfoe?: ArchFoeApi; __stillFrames: number };
      g.__stillFrames = g.archfoe?.debug.animating() === 0 ? g.__stillFrames + 1 : 0;
      return g.__stillFrames >= 2;
    },
    null,
    { polling: 'raf', timeout },
  );
}
