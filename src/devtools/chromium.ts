/**
 * The system Chromium the browser tests and the browser benchmark drive (never a
 * downloaded browser), and the flags it is launched with.
 */
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
