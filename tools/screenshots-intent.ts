/**
 * The README's screenshots of the intent overlay and fog of war:
 *   npx tsx tools/screenshots-intent.ts [--renderer webgl|canvas]
 * Builds the game, serves it, opens it in headless Chromium, plays the Dungeon Crawl with
 * the autopilot until a monster is alerted on the heroes' turn, then saves
 *   docs/screenshot-intent.png   Intent on (I): every monster's next turn with its odds,
 *                                 the heroes' chance of being attacked on their cards
 *   docs/screenshot-fog.png      the same game with fog of war: what the heroes cannot see
 *                                 darkened, hidden monsters' last-seen squares ghosted
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './lib/bench-boards';
import { runShots, withGamePage } from './lib/shots';

interface Api {
  scene(): string;
  setSpeed(s: string): boolean;
  idle(): Promise<void>;
  start(o: {
    scenario: string;
    seed: number;
    options?: Record<string, unknown>;
  }): Promise<{ ok: boolean; error?: string }>;
  suggest(): unknown;
  dispatch(c: unknown): Promise<unknown>;
  state(): {
    phase: string;
    outcome: unknown;
    units: {
      id: string;
      side: string;
      position: { x: number; y: number } | null;
      ai?: { status: string };
    }[];
  };
  debug: { squareToScreen(x: number, y: number): { x: number; y: number } | null };
}
declare const window: { archfoe: Api };

/** Plays on until a monster is alerted on the heroes' turn; returns its square. */
async function playToAlert(page: Page, fog: boolean): Promise<{ x: number; y: number } | null> {
  await page.evaluate(
    (f) => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 7, options: { fog: f } }),
    fog,
  );
  await page.evaluate(() => window.archfoe.idle());
  for (let i = 0; i < 200; i++) {
    const s = await page.evaluate(() => window.archfoe.state());
    const alerted = s.units.find(
      (u) => u.side === 'enemies' && u.position && u.ai?.status === 'alerted',
    );
    if (alerted && s.phase === 'heroes' && !s.outcome) return alerted.position;
    const c = await page.evaluate(() => window.archfoe.suggest());
    if (!c) return null;
    await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
    await page.evaluate(() => window.archfoe.idle());
  }
  return null;
}

async function main(): Promise<void> {
  const renderer = process.argv.includes('canvas') ? 'canvas' : 'webgl';
  await withGamePage(async (page, url) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${url}?renderer=${renderer}`);
    await page.waitForFunction(() => window.archfoe?.scene?.() === 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    for (const fog of [false, true]) {
      const at = await playToAlert(page, fog);
      await page.keyboard.press('i');
      if (at) {
        const p = await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
          at.x,
          at.y,
        ] as const);
        if (p) await page.mouse.move(p.x, p.y);
      }
      await page.waitForTimeout(700);
      const file = fog ? 'docs/screenshot-fog.png' : 'docs/screenshot-intent.png';
      await page.screenshot({ path: join(REPO_ROOT, file) });
      await page.keyboard.press('i');
      process.stdout.write(`Saved ${file} (${renderer})\n`);
    }
  });
}

runShots(main);
