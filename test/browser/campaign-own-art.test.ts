/**
 * A campaign's own map carries its images to another browser, through the real page
 * (docs/campaigns.md, "Your own maps in a campaign"): Marsh Keep (test/fixtures/maps/own-art)
 * dropped on the Setup screen with its tileset and PNGs is kept under My maps; a campaign
 * file naming it (`own:Marsh Keep`) is loaded in the picker and started; its slot is
 * exported; the My maps database is deleted and the page reloaded (nothing of the images left
 * in the browser); the exported file is imported into another slot, and its battle is drawn
 * in the map's own art (the pixels of a rune stone and of the backdrop are the PNGs' own).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { decodePng, pixelAt } from '../../src/devtools/png';
import { OWN_ART, OWN_ART_IMAGES } from '../maps/helpers';
import {
  ARTIFACTS,
  campaignNamingMap,
  clickButtonOn,
  downloadedText,
  dropFiles,
  fileOf,
  forgetMyMaps,
  openCampaigns,
  openSetup,
  useBrowser,
  waitForCustomMap,
  waitForScene,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
const own = (path: string): Buffer => readFileSync(join(OWN_ART, path));

const text = (name: string) => browser.page.evaluate((n) => window.archfoe.debug.textOf(n), name);

const toCampaigns = (): Promise<void> => openCampaigns(browser.page, browser.session.baseUrl);

/** Loads a file into the page's file input `selector` and waits for the slots' message to change. */
async function giveFile(selector: string, name: string, body: string): Promise<string> {
  const page = browser.page;
  const before = await text('campaigns-message');
  await page.setInputFiles(selector, {
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(body),
  });
  await page.waitForFunction(
    (b) => {
      const t = window.archfoe.debug.textOf('campaigns-message');
      return t !== null && t !== '' && t !== b;
    },
    before,
    { timeout: 20_000 },
  );
  return (await text('campaigns-message')) ?? '';
}

/** Where an art pixel (ax, ay) of a 16-pixel tile of a board square is on the page. */
async function pagePoint(square: { x: number; y: number }, ax: number, ay: number) {
  const page = browser.page;
  const centre = await page.evaluate((s) => window.archfoe.debug.squareToScreen(s.x, s.y), square);
  const zoom = (await page.evaluate(() => window.archfoe.debug.boardZoom())) ?? 1;
  expect(centre).not.toBeNull();
  return {
    x: Math.floor(centre!.x - 16 * zoom + (ax + 0.5) * 2 * zoom),
    y: Math.floor(centre!.y - 16 * zoom + (ay + 0.5) * 2 * zoom),
  };
}

const close = (a: readonly number[], b: readonly number[], tolerance: number): boolean =>
  a.slice(0, 3).every((v, i) => Math.abs(v - b[i]) <= tolerance);

describe("a campaign's own map carries its art to another browser", () => {
  it('is kept with its art, named by a campaign, exported, and after My maps is gone imported and drawn in its own art', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSetup(page, browser.session.baseUrl);
    await dropFiles(page, [
      fileOf('marsh-keep.tmx', own('marsh-keep.tmx')),
      fileOf('keep.tsx', own('tiles/keep.tsx')),
      ...OWN_ART_IMAGES.map((p) => fileOf(p.replace(/^.*\//, ''), own(p), 'image/png')),
    ]);
    await waitForCustomMap(page, 'Marsh Keep');
    await page.waitForFunction(
      () => window.archfoe.debug.myMaps().maps?.some((m) => m.name === 'Marsh Keep') === true,
    );

    await toCampaigns();
    await clickButtonOn(page, 'slot-1-new');
    await page.waitForFunction(() => window.archfoe.debug.buttonRect('picker-start') !== null);
    expect(
      await giveFile(
        '#campaign-file',
        'marsh-road.json',
        campaignNamingMap('Marsh Keep', 'marsh-road', 'The Marsh Road'),
      ),
    ).toMatch(/"The Marsh Road" is loaded from marsh-road\.json/);
    await page.evaluate(() => window.archfoe.debug.seedNextCampaign(5));
    await clickButtonOn(page, 'picker-start');
    await waitForScene(page, 'Campaign');
    await clickButtonOn(page, 'campaign-leave');
    await waitForScene(page, 'Menu');
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    const downloading = page.waitForEvent('download');
    await clickButtonOn(page, 'slot-1-export');
    const download = await downloading;
    const saved = await downloadedText(download);
    // The images ride in the file, each by the name it was kept under (dropped without its folder).
    const record = JSON.parse(saved) as { definition: Record<string, any> };
    const art = Object.keys(record.definition.maps['Marsh Keep'].art).sort();
    expect(art).toEqual(OWN_ART_IMAGES.map((p) => p.replace(/^.*\//, '')).sort());

    // Another browser, as far as the map goes: My maps deleted, the page reloaded.
    await forgetMyMaps(page);
    await toCampaigns();
    expect(await page.evaluate(() => window.archfoe.debug.myMaps().maps)).toEqual([]);
    expect(await giveFile('#save-file', download.suggestedFilename(), saved)).toMatch(
      /now in campaign slot 2/,
    );
    await clickButtonOn(page, 'slot-2-continue');
    await waitForScene(page, 'Campaign');
    await clickButtonOn(page, 'campaign-play');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    expect((await page.evaluate(() => window.archfoe.state()))!.map.name).toBe('Marsh Keep');
    expect(await page.evaluate(() => window.archfoe.debug.boardArt())).toMatchObject({
      artLayers: 7,
      fallbackSquares: 0,
    });
    await page.mouse.move(1270, 710);
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(ARTIFACTS, 'campaign-own-art-imported.png') });

    // The pixels are the PNGs' own: the rune stone at square 1,2 (tile 11 of the sheet, with
    // margin 1 and spacing 1: 4 x 4 blocks of colour) and the backdrop at square 0,0.
    const shot = decodePng(await page.screenshot());
    const sheet = decodePng(own('art/keep-tiles.png'));
    const mire = decodePng(own('art/mire.png'));
    const wrong: string[] = [];
    for (let by = 0; by < 4; by++)
      for (let bx = 0; bx < 4; bx++) {
        const at = await pagePoint({ x: 1, y: 2 }, bx * 4 + 1.5, by * 4 + 1.5);
        const want = pixelAt(sheet, 1 + 3 * 17 + bx * 4 + 1, 1 + 17 + by * 4 + 1);
        const got = pixelAt(shot, at.x, at.y);
        if (!close(got, want, 8)) wrong.push(`rune block ${bx},${by}: ${got} not ${want}`);
      }
    for (const [ax, ay] of [
      [3, 3],
      [8, 12],
    ]) {
      const at = await pagePoint({ x: 0, y: 0 }, ax, ay);
      const want = pixelAt(mire, ax, ay);
      const got = pixelAt(shot, at.x, at.y);
      if (!close(got, want, 12)) wrong.push(`backdrop ${ax},${ay}: ${got} not ${want}`);
    }
    expect(wrong).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
