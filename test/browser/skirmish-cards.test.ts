/**
 * A Skirmish army of eight (issue 28: only four of them had hero cards, and no pager):
 * every figure of the player's army reaches its card, on a wide screen (1920x1080, the
 * mouse) and on a phone held upright (390x844, touch, the cards' panel): the pager turns to
 * the eighth figure's card, which lies clear of the board and the dice log, and pressing it
 * takes that figure (the Skirmish lets the player pick who acts) or shows it. The enemy's
 * figures are drawn in the enemy's shade in both renderers. Screenshots go to
 * test-artifacts/skirmish-cards-*.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ArchFoeApi } from '../../src/app/automation';
import { ARTIFACTS, launchBrowser, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

const ARMY = {
  heroes: 'captain,knight,archer,swordsman,swordsman,spearman,healer,slinger',
  enemies: 'warlord,swordsman,swordsman,archer,wolf',
};

/** A Skirmish of eight heroes on `page` (renderer as the page was opened), idle. */
async function startEight(page: Page): Promise<string[]> {
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
  const started = await page.evaluate(
    (options) => window.archfoe.start({ scenario: 'skirmish-basic-battle', seed: 7, options }),
    ARMY,
  );
  expect(started).toEqual({ ok: true });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
  const heroes = await page.evaluate(() =>
    window.archfoe
      .state()!
      .units.filter((u) => u.side === 'heroes')
      .map((u) => u.id),
  );
  expect(heroes).toHaveLength(8);
  return heroes;
}

const rectOf = (page: Page, name: string) =>
  page.evaluate((n) => window.archfoe.debug.buttonRect(n), name);

/**
 * Turns the cards' pager until the card of `id` is shown (by `press`: a click or a tap);
 * returns its rectangle.
 */
async function pageTo(page: Page, id: string, press: (x: number, y: number) => Promise<void>) {
  for (let i = 0; i < 8 && !(await rectOf(page, `card-${id}`)); i++) {
    const down = await rectOf(page, 'cards-down');
    expect(down?.enabled, 'the pager turns on').toBe(true);
    await press(down!.cx, down!.cy);
    await page.waitForTimeout(60);
  }
  const card = await rectOf(page, `card-${id}`);
  expect(card, `the card of ${id} is shown`).not.toBeNull();
  return card!;
}

/** The eighth figure acts or is shown now. */
async function expectTaken(page: Page, id: string): Promise<void> {
  await page.evaluate(() => window.archfoe.idle());
  const now = await page.evaluate(() => ({
    acting: window.archfoe.state()?.turn?.unitId ?? null,
    shown: window.archfoe.debug.inspection()?.unit ?? null,
  }));
  expect([now.acting, now.shown]).toContain(id);
}

/** How many figure sprites are drawn from the enemy's shaded frames. */
const shadedSprites = (page: Page) =>
  page.evaluate(
    () =>
      window.archfoe.debug.imagesNamed('figure-sprite').filter((i) => i.texture.endsWith(':enemy'))
        .length,
  );

describe('eight heroes, eight cards', () => {
  it('on a wide screen the pager reaches the eighth card, clear of the board and the log', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${b.session.baseUrl}?renderer=canvas`);
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    const heroes = await startEight(page);
    const eighth = heroes[7];
    // The first page shows the first heroes, not the eighth.
    expect(await rectOf(page, `card-${heroes[0]}`)).not.toBeNull();
    expect(await rectOf(page, `card-${eighth}`)).toBeNull();
    const card = await pageTo(page, eighth, (x, y) => page.mouse.click(x, y));
    const look = (await page.evaluate(() => window.archfoe.debug.battle()))!;
    expect(card.x + card.width, 'left of the board').toBeLessThanOrEqual(look.viewport.x + 1);
    expect(card.y + card.height).toBeLessThanOrEqual(1080);
    expect(card.x).toBeGreaterThanOrEqual(0);
    // Every other shown card lies apart from it.
    for (const id of heroes.slice(0, 7)) {
      const other = await rectOf(page, `card-${id}`);
      if (other)
        expect(
          other.y + other.height <= card.y + 1 || card.y + card.height <= other.y + 1,
          `${id}'s card and the eighth apart`,
        ).toBe(true);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-cards-1920x1080.png') });
    await page.mouse.click(card.cx, card.y + 20);
    await expectTaken(page, eighth);
    // The enemy in its shade: all five enemy figures.
    expect(await shadedSprites(page)).toBe(5);
    expect(b.errors).toEqual([]);
  }, 120_000);

  it('WebGL draws the enemy in its shade as Canvas does', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${b.session.baseUrl}?renderer=webgl`);
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    expect(await page.evaluate(() => window.archfoe.renderer())).toBe('webgl');
    await startEight(page);
    expect(await shadedSprites(page)).toBe(5);
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-cards-webgl.png') });
    expect(b.errors).toEqual([]);
  }, 120_000);

  it('on a phone held upright the cards panel pages to the eighth card, tapped', async () => {
    const phone = await launchBrowser();
    try {
      const context = await phone.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${b.session.baseUrl}?renderer=canvas`);
      await page.waitForFunction(() => window.archfoe?.isReady === true, null, {
        timeout: 30_000,
      });
      const heroes = await startEight(page);
      const eighth = heroes[7];
      const open = await rectOf(page, 'heroes-panel');
      await page.touchscreen.tap(open!.cx, open!.cy);
      await page.waitForFunction(() => window.archfoe.debug.buttonRect('cards-down') !== null);
      const card = await pageTo(page, eighth, (x, y) => page.touchscreen.tap(x, y));
      expect(card.x).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width).toBeLessThanOrEqual(390);
      // Above the action bar (the Heroes button's row).
      expect(card.y + card.height).toBeLessThanOrEqual(open!.y);
      const pager = (await rectOf(page, 'cards-down'))!;
      expect(pager.y >= card.y + card.height - 1 || pager.y + pager.height <= card.y + 1).toBe(
        true,
      );
      await page.screenshot({ path: join(ARTIFACTS, 'skirmish-cards-phone.png') });
      await page.touchscreen.tap(card.cx, card.y + 16);
      await expectTaken(page, eighth);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await phone.close();
    }
  }, 120_000);
});
