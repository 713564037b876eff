/**
 * Browser test harness: builds the game once with Vite into a temporary folder, serves it
 * with a tiny static HTTP server on 127.0.0.1 (a free port), and launches the system
 * Chromium (headless, fresh profile) through playwright-core.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS } from '../../src/devtools/chromium';
import { serveDir } from '../../src/devtools/static-server';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = join(ROOT, 'test-artifacts');
export { CHROMIUM };

/** Builds the production bundle (same config as `npm run build`) into a temp folder. */
export async function buildGame(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'archfoe-dist-'));
  const { build } = await import('vite');
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

/** Serves a build folder on 127.0.0.1 (a free port). */
export const serveStatic = serveDir;

export async function launch(): Promise<{ context: BrowserContext; profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'archfoe-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 720 },
    args: [...CHROMIUM_ARGS, '--disable-quic'],
  });
  return { context, profile };
}

/** A browser (no profile kept) for pages of several sizes and pixel ratios. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-quic'],
  });
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
  temp.push(launched.profile);
  const page = await launched.context.newPage();
  watchErrors(page, errors);
  return { server: served.server, context: launched.context, page, baseUrl: served.url, temp };
}

export async function stopBrowser(session: BrowserSession | undefined): Promise<void> {
  await session?.context.close();
  session?.server.close();
  cleanup(session?.temp ?? []);
}

/** Waits until the game shows the scene `name` (window.archfoe.scene()). */
export async function waitForScene(page: Page, name: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction(
    (n) => (globalThis as unknown as { archfoe?: ArchFoeApi }).archfoe?.scene() === n,
    name,
    { timeout },
  );
}

/** Clicks a named button with the real mouse at its on-screen position, once it is enabled. */
export async function clickButtonOn(page: Page, name: string): Promise<void> {
  const handle = await page.waitForFunction(
    (n) => {
      const r = (globalThis as unknown as { archfoe: ArchFoeApi }).archfoe.debug.buttonRect(n);
      return r && r.enabled ? r : null;
    },
    name,
    { timeout: 10_000 },
  );
  const r = (await handle.jsonValue()) as { cx: number; cy: number };
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
