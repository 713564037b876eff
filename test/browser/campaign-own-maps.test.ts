/**
 * A campaign of the player's own on a map of the player's own, through the real page
 * (docs/campaigns.md, "Your own maps in a campaign"): a Tiled map dropped on the Setup
 * screen is kept under My maps; a campaign file naming that map (`own:Test Cellar`) is
 * loaded in the campaign picker, which copies the map into the campaign; its first mission
 * is fought on that map; and after the map is gone from the browser's My maps and the page
 * is reloaded, the campaign continues from its slot on the same map, its moves kept; and
 * the same file, loaded where My maps lacks the map, is refused with a message naming the
 * mission and the map, every slot untouched.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import {
  ARTIFACTS,
  campaignNamingMap,
  clickButtonOn,
  dropFiles,
  fileOf,
  forgetMyMaps,
  moveAndEndTurn,
  openCampaigns,
  openSetup,
  ROOT,
  useBrowser,
  waitForCustomMap,
  waitForScene,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
const CELLAR = readFileSync(join(ROOT, 'test', 'fixtures', 'maps', 'small-csv.tmj'));

const campaignFile = (): string =>
  campaignNamingMap('Test Cellar', 'mill-cellar', 'The Mill Cellar');

const text = (name: string) => browser.page.evaluate((n) => window.archfoe.debug.textOf(n), name);
const shot = (name: string) =>
  browser.page.screenshot({ path: join(ARTIFACTS, `campaign-own-maps-${name}.png`) });

const toCampaigns = (): Promise<void> => openCampaigns(browser.page, browser.session.baseUrl);

describe('a campaign file on a map of My maps', () => {
  it('loads the own map, then a campaign naming it, and fights its mission on that map', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSetup(page, browser.session.baseUrl);
    await dropFiles(page, [fileOf('small-csv.tmj', CELLAR, 'application/json')]);
    await waitForCustomMap(page, 'Test Cellar');
    await page.waitForFunction(
      () => window.archfoe.debug.myMaps().maps?.some((m) => m.name === 'Test Cellar') === true,
    );

    await toCampaigns();
    await clickButtonOn(page, 'slot-1-new');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('picker-start') !== null);
    const before = await text('campaigns-message');
    await page.setInputFiles('#campaign-file', {
      name: 'mill-cellar.json',
      mimeType: 'application/json',
      buffer: Buffer.from(campaignFile()),
    });
    await page.waitForFunction(
      (b) => window.archfoe.debug.textOf('campaigns-message') !== b,
      before,
      { timeout: 20_000 },
    );
    expect(await text('campaigns-message')).toMatch(
      /"The Mill Cellar" is loaded from mill-cellar\.json/,
    );
    expect(await text('pick-mill-cellar-facts')).toMatch(/^2 missions · /);
    // Its map is found: nothing is listed as missing.
    expect(await text('picker-missing')).toBeNull();
    await shot('picker');

    await clickButtonOn(page, 'difficulty-story');
    await page.evaluate(() => window.archfoe.debug.seedNextCampaign(31));
    await clickButtonOn(page, 'picker-start');
    await waitForScene(page, 'Campaign');
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const s = (await page.evaluate(() => window.archfoe.state()))!;
    expect(s.map.name).toBe('Test Cellar');
    expect([s.map.width, s.map.height]).toEqual([8, 8]);
    expect(s.map.terrain.filter((t) => t === 'wall')).toHaveLength(31);
    await moveAndEndTurn(page);
    await page.evaluate(() => window.archfoe.idle());
    await page.evaluate(() => window.archfoe.saved());
    await shot('battle');
  });

  it('continues on that map after a reload, with the map gone from My maps', async () => {
    const page = browser.page;
    const was = (await page.evaluate(() => window.archfoe.state()))!;
    // The map is forgotten by this browser: the campaign carries its own copy.
    await forgetMyMaps(page);
    await toCampaigns();
    expect(await text('slot-1-title')).toBe('The Mill Cellar');
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign');
    expect(await page.evaluate(() => window.archfoe.debug.myMaps().maps)).toEqual([]);
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.idle());
    const s = (await page.evaluate(() => window.archfoe.state()))!;
    expect(s.map.name).toBe('Test Cellar');
    expect(s.units.map((u) => [u.id, u.position])).toEqual(
      was.units.map((u) => [u.id, u.position]),
    );
    expect(s.turn).toEqual(was.turn);
    await shot('after-reload');
  });

  it('refuses the file, naming the mission and the map, where My maps lacks it', async () => {
    const page = browser.page;
    await toCampaigns();
    const before = await page.evaluate(() => window.archfoe.slots());
    await clickButtonOn(page, 'slot-2-new');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('picker-start') !== null);
    const was = await text('campaigns-message');
    await page.setInputFiles('#campaign-file', {
      name: 'mill-cellar.json',
      mimeType: 'application/json',
      buffer: Buffer.from(campaignFile()),
    });
    await page.waitForFunction((b) => window.archfoe.debug.textOf('campaigns-message') !== b, was, {
      timeout: 20_000,
    });
    expect(await text('campaigns-message')).toMatch(
      /mill-cellar\.json cannot be loaded as a campaign\. Mission "The Mill Cellar" plays your map "Test Cellar", which is not under My maps\./,
    );
    expect(await page.evaluate(() => window.archfoe.slots())).toEqual(before);
    await shot('refused');
    expect(browser.errors).toEqual([]);
  });
});
