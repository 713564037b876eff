/**
 * The system Chromium the browser tests and the browser benchmark drive (never a
 * downloaded browser), and the flags it is launched with.
 */
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox or GPU, and nothing reaching for the network on its own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The system Chromium, headless, with its own profile folder `profile` (fresh: make it with
 * mkdtemp and remove it after), a 1280 x 720 page, and CHROMIUM_ARGS plus `extraArgs`.
 */
export function launchChromium(
  profile: string,
  extraArgs: readonly string[] = [],
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 720 },
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
