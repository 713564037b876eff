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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { ArchFoeApi } from '../src/app/automation';
import { CHROMIUM, CHROMIUM_ARGS } from '../src/devtools/chromium';
import { serveDir } from '../src/devtools/static-server';
import { REPO_ROOT } from './lib/bench-boards';
import { viteBuild } from './lib/bench-bundle';

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
    const page = await open(browser, url, false);
    await press(page, 'new-game');
    await waitForScene(page, 'Setup');
    await press(page, 'scenario-skirmish-basic-battle');
    await page.waitForTimeout(400);
    await press(page, 'field-random');
    await page.waitForFunction(() => window.archfoe.debug.setup().scenario.startsWith('field:'));
    await save(page, 'skirmish-setup.png');
    await press(page, 'scenario-skirmish-basic-battle');
    await page.waitForTimeout(400);
    await press(page, 'muster-open');
    await waitForScene(page, 'Muster');
    await save(page, 'skirmish-muster.png');
    await page.context().close();
  },
  async phone(browser, url) {
    const page = await open(browser, url, true);
    await press(page, 'new-game', true);
    await waitForScene(page, 'Setup');
    await press(page, 'scenario-skirmish-basic-battle', true);
    await save(page, 'setup-phone.png');
    await press(page, 'muster-open', true);
    await waitForScene(page, 'Muster');
    await press(page, 'muster-side-heroes', true);
    await save(page, 'skirmish-muster-phone.png');
    await page.context().close();
  },
  async tutorial(browser, url) {
    const page = await open(browser, url, false);
    await press(page, 'new-game');
    await waitForScene(page, 'Setup');
    await press(page, 'scenario-dungeon-crawl');
    await press(page, 'tutorial');
    await waitForScene(page, 'Battle');
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
    await press(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    await press(page, 'slot-1-new');
    await press(page, 'pick-ember-crown');
    await press(page, 'difficulty-story');
    await page.evaluate((s) => window.archfoe.debug.seedNextCampaign(s), CAMPAIGN_SEED);
    await press(page, 'picker-start');
    await waitForScene(page, 'Campaign');
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
  const dist = mkdtempSync(join(tmpdir(), 'archfoe-shots-dist-'));
  try {
    const built = viteBuild(dist);
    if (built.error) throw new Error(built.error);
    const { server, url } = await serveDir(dist);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS],
    });
    try {
      for (const name of only) await SHOTS[name](browser, url);
    } finally {
      await browser.close();
      server.close();
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
