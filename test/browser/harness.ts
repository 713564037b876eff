/**
 * Browser test harness: builds the game once with Vite into a temporary folder, serves it
 * with a tiny static HTTP server on 127.0.0.1 (a free port), and launches the system
 * Chromium (headless, fresh profile) through playwright-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS } from '../../src/devtools/chromium';
import { serveDir } from '../../src/devtools/static-server';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
