/**
 * The game draws the same screens with WebGL as with Canvas. Every other browser test runs on
 * the Canvas renderer (the one a machine without a GPU falls back to); most players get
 * WebGL, which Phaser 4 draws differently in places (a geometry mask, for one, is drawn only
 * on Canvas: a briefing that relied on one ran past its panel under WebGL). Here a few
 * screens that crop, scroll and overlay are built once with each renderer, in the same
 * state and size, and the two screenshots are compared block by block: no block may differ
 * strongly. The screenshots (WebGL, with the differing blocks outlined) are kept in
 * test-artifacts/.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { compareShots } from './compare-shots';
import {
  ARTIFACTS,
  clickButtonOn,
  endTurnsToResults,
  openGameOn,
  useBrowser,
  waitForScene,
  waitForSteadyScreen,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = browser.page;
});

type Renderer = 'canvas' | 'webgl';

/** Opens the game with `renderer`, a fresh profile's storage and `settings`, at `size`. */
async function openWith(
  renderer: Renderer,
  size: { width: number; height: number },
  settings: Record<string, unknown> = {},
): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(`${browser.session.baseUrl}?renderer=${renderer}`);
  // A fresh start each time: the saved settings are these, and no campaign or map is kept.
  await page.evaluate(async (s) => {
    localStorage.clear();
    localStorage.setItem('archfoe.settings.v1', JSON.stringify(s));
    for (const db of await indexedDB.databases())
      if (db.name)
        await new Promise((resolve) => {
          const r = indexedDB.deleteDatabase(db.name!);
          r.onsuccess = r.onerror = r.onblocked = resolve;
        });
  }, settings);
  await openGameOn(page, `${browser.session.baseUrl}?renderer=${renderer}`);
  expect(await page.evaluate(() => window.archfoe.renderer())).toBe(renderer);
}

/**
 * Builds a screen with each renderer (`build` after opening) and compares the two
 * screenshots; returns the differing blocks.
 */
async function compareRenderers(
  name: string,
  size: { width: number; height: number },
  settings: Record<string, unknown>,
  build: () => Promise<void>,
): Promise<string[]> {
  const shots: Buffer[] = [];
  for (const renderer of ['canvas', 'webgl'] as const) {
    await openWith(renderer, size, settings);
    await build();
    await waitForSteadyScreen(page);
    shots.push(await page.screenshot());
  }
  const diff = await compareShots(page, shots[0], shots[1]);
  writeFileSync(join(ARTIFACTS, `renderers-${name}-canvas.png`), shots[0]);
  writeFileSync(join(ARTIFACTS, `renderers-${name}-webgl.png`), Buffer.from(diff.marked, 'base64'));
  expect(diff.blocks).toBeGreaterThan(100);
  return diff.differing;
}

const WIDE = { width: 1280, height: 720 };
const UPRIGHT = { width: 390, height: 844 };
/** Reduced motion: the figures stand still, so two shots of one screen can match. */
const STILL = { reducedMotion: true };

describe('WebGL draws what Canvas draws', () => {
  it('the battle with fog of war, the intent overlay and the threats in colour-blind colours', async () => {
    const settings = { ...STILL, colourBlind: true };
    const differing = await compareRenderers('battle', WIDE, settings, async () => {
      await page.evaluate(() => window.archfoe.setSpeed('instant'));
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'dungeon-crawl', seed: 5, options: { fogOfWar: true } }),
      );
      await waitForScene(page, 'Battle');
      await page.mouse.move(2, 2);
      // The threats (hatched where monsters could strike, dotted where they look) and the intent.
      await page.keyboard.press('t');
      await page.keyboard.press('i');
      await page.waitForFunction(() => {
        const intent = window.archfoe.debug.battle()?.intent;
        return intent !== undefined && intent.marks.length > 0 && intent.pending === false;
      });
    });
    expect(differing).toEqual([]);
  });

  it("a campaign's briefing at the larger text size, scrolled part way", async () => {
    const differing = await compareRenderers(
      'briefing',
      WIDE,
      { ...STILL, textSize: 'larger' },
      async () => {
        await clickButtonOn(page, 'campaign');
        await waitForScene(page, 'Campaigns');
        await clickButtonOn(page, 'slot-1-new');
        await clickButtonOn(page, 'pick-ember-crown');
        await clickButtonOn(page, 'difficulty-story');
        await page.evaluate(() => window.archfoe.debug.seedNextCampaign(7));
        await clickButtonOn(page, 'picker-start');
        await waitForScene(page, 'Campaign');
        const box = await page.evaluate(() => window.archfoe.debug.textBox('campaign-story'));
        expect(box).not.toBeNull();
        await page.mouse.move(box!.x + 20, box!.y + 20);
        await page.mouse.wheel(0, 100);
      },
    );
    expect(differing).toEqual([]);
  });

  it("Setup with the scenario's map drawn in its picture", async () => {
    const differing = await compareRenderers('setup', WIDE, STILL, async () => {
      await clickButtonOn(page, 'new-game');
      await waitForScene(page, 'Setup');
      await page.waitForFunction(() => window.archfoe.debug.setupPreview() !== null);
    });
    expect(differing).toEqual([]);
  });

  it("Results with its table and charts (the bar chart's labels)", async () => {
    const differing = await compareRenderers('results', WIDE, STILL, async () => {
      await page.evaluate(() => window.archfoe.setSpeed('instant'));
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'dungeon-crawl', seed: 3, options: { maxRounds: 10 } }),
      );
      await waitForScene(page, 'Battle');
      await endTurnsToResults(page);
      await waitForScene(page, 'Results');
      await page.mouse.move(2, 2);
      // The table and the charts come in a moment after the screen; the chart has its labels.
      await page.waitForFunction(() => window.archfoe.debug.textOf('luck-summary') !== null);
      expect(
        (await page.evaluate(() => window.archfoe.debug.textsShown('chart-label'))).length,
      ).toBeGreaterThan(4);
    });
    expect(differing).toEqual([]);
  });

  it('Settings on an upright phone at the larger text size', async () => {
    const differing = await compareRenderers(
      'settings-upright',
      UPRIGHT,
      { ...STILL, textSize: 'larger' },
      async () => {
        await clickButtonOn(page, 'settings');
        await waitForScene(page, 'Settings');
      },
    );
    expect(differing).toEqual([]);
  });
});
