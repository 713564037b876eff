/**
 * The README's pictures of the screens around the battle (issue 29: they showed the
 * screens before the phone's thumb-sized buttons and the scale following the map):
 *   npx tsx tools/screenshots-screens.ts [--only NAME,NAME]
 * Builds the game, serves it, opens it in headless Chromium (/usr/bin/chromium or
 * CHROMIUM_PATH), goes through the screens with the real mouse (or finger), and writes:
 *   docs/screenshot-menu.png          the Menu at 1280x720, its art faded in
 *   docs/skirmish-setup.png           the Skirmish's Setup, a random battlefield, at 1280x720
 *   docs/skirmish-muster.png          the muster of the Basic Battle at 1280x720
 *   docs/setup-phone.png              the Basic Battle's Setup on a phone held upright (390x844)
 *   docs/skirmish-muster-phone.png    its muster there, the heroes' side
 *   docs/tutorial.png                 the tutorial's first step at 1280x720
 *   docs/campaign-screen.png          a new campaign (The Ember Crown, story, seed 12) at 1280x720
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { ArchFoeApi } from '../src/app/automation';
import { REPO_ROOT } from './lib/bench-boards';
import { runShots, withGameBrowser } from './lib/shots';

declare const window: { archfoe: ArchFoeApi };

/** The campaign's seed (as test/browser/campaign.test.ts starts it). */
const CAMPAIGN_SEED = 12;

async function open(browser: Browser, url: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    hasTouch: phone,
    isMobile: phone,
  });
  await context.addInitScript('window.__name = (f) => f;');
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(`${url}?renderer=canvas`);
  await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 60_000 });
  await waitForScene(page, 'Menu');
  return page;
}

async function waitForScene(page: Page, name: string): Promise<void> {
  await page.waitForFunction((n) => window.archfoe.scene() === n, name, { timeout: 60_000 });
}

/** Presses a named button where it is drawn, with the mouse (or a finger on a phone). */
async function press(page: Page, name: string, phone = false): Promise<void> {
  await page.waitForFunction((n) => window.archfoe.debug.buttonRect(n)?.enabled, name, {
    timeout: 30_000,
  });
  // A scene takes no pointer in the frame it starts in: let it settle.
  await page.waitForTimeout(300);
  const r = (await page.evaluate((n) => window.archfoe.debug.buttonRect(n), name))!;
  if (phone) await page.touchscreen.tap(r.cx, r.cy);
  else await page.mouse.click(r.cx, r.cy);
}

/** Presses a button that leads to another screen, and waits for that screen. */
async function pressTo(page: Page, name: string, scene: string, phone = false): Promise<void> {
  await press(page, name, phone);
  await waitForScene(page, scene);
}

/** The game opened (wide, or as a phone) on the Setup screen with `scenario` chosen. */
async function openSetup(browser: Browser, url: string, phone: boolean, scenario: string) {
  const page = await open(browser, url, phone);
  await pressTo(page, 'new-game', 'Setup', phone);
  await press(page, scenario, phone);
  return page;
}

async function save(page: Page, file: string): Promise<void> {
  // Fades and the buttons' hover settle first.
  await page.mouse.move(2, 2);
  await page.waitForTimeout(900);
  await page.screenshot({ path: join(REPO_ROOT, 'docs', file) });
  console.log(`docs/${file}`);
}

const SHOTS: Record<string, (browser: Browser, url: string) => Promise<void>> = {
  async menu(browser, url) {
    const page = await open(browser, url, false);
    await page.waitForTimeout(1500);
    await save(page, 'screenshot-menu.png');
    await page.context().close();
  },
  async setup(browser, url) {
    const page = await openSetup(browser, url, false, 'scenario-skirmish-basic-battle');
    await page.waitForTimeout(400);
    await press(page, 'field-random');
    await page.waitForFunction(() => window.archfoe.debug.setup().scenario.startsWith('field:'));
    await save(page, 'skirmish-setup.png');
    await press(page, 'scenario-skirmish-basic-battle');
    await page.waitForTimeout(400);
    await pressTo(page, 'muster-open', 'Muster');
    await save(page, 'skirmish-muster.png');
    await page.context().close();
  },
  async phone(browser, url) {
    const page = await openSetup(browser, url, true, 'scenario-skirmish-basic-battle');
    await save(page, 'setup-phone.png');
    await pressTo(page, 'muster-open', 'Muster', true);
    await press(page, 'muster-side-heroes', true);
    await save(page, 'skirmish-muster-phone.png');
    await page.context().close();
  },
  async tutorial(browser, url) {
    const page = await openSetup(browser, url, false, 'scenario-dungeon-crawl');
    await pressTo(page, 'tutorial', 'Battle');
    // The opening over, the first step's bubble shown.
    await page.waitForFunction(() => window.archfoe.debug.battle()?.tutorial?.step, null, {
      timeout: 60_000,
    });
    await page.evaluate(() => window.archfoe.idle());
    await save(page, 'tutorial.png');
    await page.context().close();
  },
  async campaign(browser, url) {
    const page = await open(browser, url, false);
    await pressTo(page, 'campaign', 'Campaigns');
    await press(page, 'slot-1-new');
    await press(page, 'pick-ember-crown');
    await press(page, 'difficulty-story');
    await page.evaluate((s) => window.archfoe.debug.seedNextCampaign(s), CAMPAIGN_SEED);
    await pressTo(page, 'picker-start', 'Campaign');
    await save(page, 'campaign-screen.png');
    await page.context().close();
  },
};

async function main(): Promise<void> {
  const onlyAt = process.argv.indexOf('--only');
  const only = onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '').split(',') : Object.keys(SHOTS);
  const unknown = only.filter((n) => !(n in SHOTS));
  if (unknown.length > 0)
    throw new Error(`No picture set named ${unknown.join(', ')}: ${Object.keys(SHOTS).join(', ')}`);
  await withGameBrowser(async (browser, url) => {
    for (const name of only) await SHOTS[name](browser, url);
  });
}

runShots(main);
