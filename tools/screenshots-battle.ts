/**
 * The README's battle screenshots (issue 10: sneaking and dice you can see, any screen):
 *   npx tsx tools/screenshots-battle.ts [--burst DIR]
 * Builds the game, serves it, opens it in headless Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH) at 1920x1080 and as a phone held upright (390x844, pixel ratio 2), starts
 * the Dungeon Crawl on seed 839067893, plays the heroes' opening at instant speed, then ends
 * the heroes' turn at Normal speed and photographs the monsters' phase while the dice land:
 *   docs/screenshot-1920x1080.png   facing cones, the eye over a spotted hero, dice on the board
 *   docs/screenshot-phone.png       the same moment on a phone
 * With --burst DIR it writes a picture every 150 ms of the phase into DIR instead (to choose
 * the moment shown).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ArchFoeApi } from '../src/app/automation';
import { REPO_ROOT } from './lib/bench-boards';
import { runShots, withGameBrowser } from './lib/shots';

declare const window: { archfoe: ArchFoeApi };

const SEED = 839067893;
/** How far into the monsters' phase the picture is taken (the die has landed; at Slow it shows for about 2 s). */
const MOMENT_MS = 50;

async function openBattle(browser: Browser, url: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1920, height: 1080 },
    deviceScaleFactor: phone ? 2 : 1,
    hasTouch: phone,
    isMobile: phone,
  });
  await context.addInitScript('window.__name = (f) => f;');
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 60_000 });
  // The monsters' opening patrol, then the Fighting Man steps to (7,6) and ends his turn,
  // at instant speed; then the Magic User's first attack plays at Slow.
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
  const started = await page.evaluate(
    (seed) => window.archfoe.start({ scenario: 'dungeon-crawl', seed }),
    SEED,
  );
  if (!started.ok) throw new Error(`could not start: ${JSON.stringify(started)}`);
  const opened = await page.evaluate(async () => {
    const a = window.archfoe;
    const fighter = a.state()!.turn!.unitId;
    const moved = await a.dispatch({ type: 'move', unit: fighter, to: { x: 7, y: 6 } });
    const ended = await a.dispatch({ type: 'end-turn', unit: fighter });
    return moved.ok && ended.ok;
  });
  if (!opened) throw new Error('the opening moves were refused');
  await page.evaluate(() => window.archfoe.setSpeed('slow'));
  await page.evaluate(() => {
    const a = window.archfoe;
    const attack = a.legalCommands().find((c) => c.type === 'attack');
    if (!attack) throw new Error('the Magic User has no attack');
    void a.dispatch(attack);
  });
  return page;
}

async function main(): Promise<void> {
  const burstAt = process.argv.indexOf('--burst');
  const burst = burstAt >= 0 ? process.argv[burstAt + 1] : null;
  await withGameBrowser(async (browser, url) => {
    for (const phone of [false, true]) {
      const page = await openBattle(browser, `${url}?renderer=canvas`, phone);
      if (phone) {
        // A phone shows the board; the dice log and cards are panels behind buttons.
        await page.waitForTimeout(200);
      }
      const name = phone ? 'screenshot-phone.png' : 'screenshot-1920x1080.png';
      if (burst) {
        mkdirSync(burst, { recursive: true });
        for (let t = 0; t <= 4000; t += 150) {
          await page.screenshot({ path: join(burst, `${phone ? 'phone' : 'wide'}-${t}.png`) });
          await page.waitForTimeout(150);
        }
      } else {
        await page.waitForTimeout(MOMENT_MS);
        await page.screenshot({ path: join(REPO_ROOT, 'docs', name) });
        console.log(`docs/${name}`);
      }
      await page.context().close();
    }
  });
}

runShots(main);
