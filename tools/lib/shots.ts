/**
 * The screenshot tools' common part: build the game, serve it, open it in headless
 * Chromium (/usr/bin/chromium or CHROMIUM_PATH), run `shoot` on the page (or on the
 * browser, for tools that open pages of their own sizes and touch), clean up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, launchChromium } from '../../src/devtools/chromium';
import { serveDir } from '../../src/devtools/static-server';
import { viteBuild } from './bench-bundle';

/** The game built into a temporary folder and served while `run` runs; removed after. */
async function withServedBuild(run: (url: string) => Promise<void>): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'archfoe-shots-dist-'));
  try {
    const built = viteBuild(dist);
    if (built.error) throw new Error(built.error);
    const { server, url } = await serveDir(dist);
    try {
      await run(url);
    } finally {
      server.close();
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

export async function withGamePage(
  shoot: (page: Page, url: string) => Promise<void>,
): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'archfoe-shots-chromium-'));
  try {
    await withServedBuild(async (url) => {
      const context = await launchChromium(profile);
      try {
        await context.addInitScript('window.__name = (f) => f;');
        const page = context.pages()[0] ?? (await context.newPage());
        await shoot(page, url);
      } finally {
        await context.close();
      }
    });
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** As withGamePage, with the browser itself: the tool opens its own contexts (a phone's). */
export async function withGameBrowser(
  shoot: (browser: Browser, url: string) => Promise<void>,
): Promise<void> {
  await withServedBuild(async (url) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    try {
      await shoot(browser, url);
    } finally {
      await browser.close();
    }
  });
}

/** Runs a screenshot tool's main, printing a failure in plain words. */
export function runShots(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
