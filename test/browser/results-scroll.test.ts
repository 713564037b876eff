/**
 * The Results table with more figures than its panel holds (the 64x64 bench map's 30) at
 * the larger text size: the rows keep their letters and scroll a row at a time (the wheel
 * over the table, Page Down / Page Up), a line at the foot saying which way there is more.
 * Every figure can be reached, and no row is drawn twice or outside the table.
 */
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { endTurnsToResults, ROOT, useBrowser, waitForScene, waitForAnimations } from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = browser.page;
});

const shownNames = (): Promise<string[]> =>
  page.evaluate(() => window.archfoe.debug.textsShown('results-name'));
const moreLine = (): Promise<string | null> =>
  page.evaluate(() => window.archfoe.debug.textOf('results-rows-more'));

describe('the Results table scrolls', () => {
  it('a table longer than its panel scrolls a row at a time to every figure, at the larger text size', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(browser.session.baseUrl + '?renderer=canvas');
    await page.evaluate(() =>
      localStorage.setItem('archfoe.settings.v1', JSON.stringify({ textSize: 'larger' })),
    );
    await page.reload();
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    const text = readFileSync(join(ROOT, 'test/fixtures/bench/dungeon-64.tmj'), 'utf8');
    expect(await page.evaluate((t) => window.archfoe.loadMap(t, {}, 'bench-64.tmj').ok, text)).toBe(
      true,
    );
    expect(
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'custom', seed: 3, options: { maxRounds: 1 } }),
      ),
    ).toEqual({ ok: true });
    const names = (await page.evaluate(() => window.archfoe.state()!.units.map((u) => u.name)))
      .slice()
      .sort();
    await endTurnsToResults(page);
    await waitForScene(page, 'Results');
    await waitForAnimations(page);

    // Fewer rows than figures are shown, with a line saying there is more below.
    const first = await shownNames();
    expect(names.length).toBe(30);
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(names.length);
    expect(await moreLine()).toBe('more: scroll \u2193');

    // The wheel over the table: three rows on.
    const box = await page.evaluate(() => window.archfoe.debug.textBox('results-name'));
    await page.mouse.move(box!.x + 10, box!.y + box!.height / 2);
    await page.mouse.wheel(0, 100);
    await page.waitForTimeout(100);
    const wheeled = await shownNames();
    expect(wheeled.slice(0, first.length - 3)).toEqual(first.slice(3));
    expect(await moreLine()).toBe('more: scroll \u2191\u2193');

    // Page Down to the end: every figure was shown once the table has been gone through, and
    // no view shows a row twice.
    const seen = new Set([...first, ...wheeled]);
    for (let i = 0; i < 10 && (await moreLine()) !== 'scroll \u2191'; i++) {
      await page.keyboard.press('PageDown');
      await page.waitForTimeout(50);
      const view = await shownNames();
      expect(new Set(view).size).toBe(view.length);
      expect(view.length).toBe(first.length);
      for (const n of view) seen.add(n);
    }
    expect(await moreLine()).toBe('scroll \u2191');
    expect([...seen].sort()).toEqual(names);
    // And back up to the top.
    for (let i = 0; i < 10; i++) await page.keyboard.press('PageUp');
    await page.waitForTimeout(50);
    expect(await shownNames()).toEqual(first);
    expect(browser.errors).toEqual([]);
  }, 180_000);

  it("draws each figure as the board drew it (the Dungeon Crawl's trolls in their grey)", async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(browser.session.baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    expect(
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'dungeon-crawl', seed: 4, options: { maxRounds: 1 } }),
      ),
    ).toEqual({ ok: true });
    // The board's figures: each sprite's art (its frame less "-idle-N") and its texture.
    const spriteOf = (frame: string): string => frame.replace(/-(idle|attack)(-\d+)?$/, '');
    const board = new Map(
      (await page.evaluate(() => window.archfoe.debug.imagesNamed('figure-sprite'))).map((i) => [
        spriteOf(i.frame),
        i.texture,
      ]),
    );
    expect(board.get('troll')).toBeDefined();
    // A tinted copy, not the atlas itself.
    expect(board.get('troll')).not.toBe(board.get('goblin'));
    await endTurnsToResults(page);
    await waitForScene(page, 'Results');
    await waitForAnimations(page);
    const table = await page.evaluate(() => window.archfoe.debug.imagesNamed('results-figure'));
    expect(table.length).toBeGreaterThan(10);
    for (const i of table) expect(i.texture, i.frame).toBe(board.get(spriteOf(i.frame)));
    expect(browser.errors).toEqual([]);
  });
});
