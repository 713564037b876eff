/**
 * The screenshot tools' common part: build the game, serve it, open it in headless
 * Chromium (/usr/bin/chromium or CHROMIUM_PATH), run `shoot` on the page, clean up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../src/devtools/chromium';
import { serveDir } from '../../src/devtools/static-server';
import { viteBuild } from './bench-bundle';

export async function withGamePage(
  shoot: (page: Page, url: string) => Promise<void>,
): Promise<void> {
  const dist = mkdtempSync(join(tmpdir(), 'archfoe-shots-dist-'));
  const profile = mkdtempSync(join(tmpdir(), 'archfoe-shots-chromium-'));
  try {
    const built = viteBuild(dist);
    if (built.error) throw new Error(built.error);
    const { server, url } = await serveDir(dist);
    const context = await launchChromium(profile);
    try {
      await context.addInitScript('window.__name = (f) => f;');
      const page = context.pages()[0] ?? (await context.newPage());
      await shoot(page, url);
    } finally {
      await context.close();
      server.close();
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Runs a screenshot tool's main, printing a failure in plain words. */
export function runShots(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
