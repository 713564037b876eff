/**
 * The game as a web app that works offline (issue 14): after one visit the service worker
 * has every file of the build, so with the browser set offline and the page reloaded the
 * game still starts, a bundled map plays, a battle in progress continues, and the player's
 * kept map (IndexedDB) still opens in its own art. The page has a manifest with icons.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { OWN_ART, OWN_ART_IMAGES } from '../maps/helpers';
import {
  ARTIFACTS,
  clickButtonOn,
  dropFiles,
  fileOf,
  useBrowser,
  waitForCustomMap,
  waitForScene,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
const errors = browser.errors;
let page: Page;
beforeAll(() => {
  page = browser.page;
});

const own = (path: string): Buffer => readFileSync(join(OWN_ART, path));

async function readyOnMenu(): Promise<void> {
  await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
  await waitForScene(page, 'Menu');
}

describe('offline, as a web app', () => {
  it('has a manifest with icons, and a service worker controls the page after one visit', async () => {
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    await readyOnMenu();
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      return (await fetch(link.href)).json() as Promise<{
        name: string;
        icons: { src: string; sizes: string }[];
      }>;
    });
    expect(manifest?.name).toBe('Arch Foe');
    expect(manifest?.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    await page.waitForFunction(
      async () => {
        await navigator.serviceWorker.ready;
        return navigator.serviceWorker.controller !== null;
      },
      null,
      { timeout: 60_000 },
    );
  });

  it('keeps a map and a battle, then plays on with the browser offline after a reload', async () => {
    // A player's map kept in My maps, and a battle on it left in progress.
    await clickButtonOn(page, 'new-game');
    await waitForScene(page, 'Setup');
    await dropFiles(page, [
      fileOf('marsh-keep.tmx', own('marsh-keep.tmx')),
      fileOf('keep.tsx', own('tiles/keep.tsx')),
      ...OWN_ART_IMAGES.map((p) => fileOf(p.replace(/^.*\//, ''), own(p), 'image/png')),
    ]);
    await waitForCustomMap(page, 'Marsh Keep');
    await page.waitForFunction(() => (window.archfoe.debug.myMaps().maps?.length ?? 0) >= 1);
    await clickButtonOn(page, 'start');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const moved = await page.evaluate(async () => {
      const next = window.archfoe.suggest();
      return next ? (await window.archfoe.dispatch(next)).ok : false;
    });
    expect(moved).toBe(true);
    const round = await page.evaluate(() => window.archfoe.state()!.round);

    await page.context().setOffline(true);
    try {
      await page.reload();
      await readyOnMenu();
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      // The battle in progress continues, in the map's own art (its images come from IndexedDB).
      await clickButtonOn(page, 'continue');
      await waitForScene(page, 'Battle');
      await page.evaluate(() => window.archfoe.idle());
      expect(await page.evaluate(() => window.archfoe.state()!.round)).toBe(round);
      expect(await page.evaluate(() => window.archfoe.debug.boardArt())).toMatchObject({
        fallbackSquares: 0,
      });
      await page.screenshot({ path: join(ARTIFACTS, 'offline-1-continued.png') });
      // A bundled map plays offline too, with the game's own art and sounds.
      const started = await page.evaluate(() =>
        window.archfoe.start({ scenario: 'map:flooded-crypt', seed: 5 }),
      );
      expect(started).toEqual({ ok: true });
      const played = await page.evaluate(async () => {
        const next = window.archfoe.suggest();
        return next ? (await window.archfoe.dispatch(next)).ok : false;
      });
      expect(played).toBe(true);
      expect(await page.evaluate(() => window.archfoe.debug.myMaps().maps?.length)).toBe(1);
    } finally {
      await page.context().setOffline(false);
    }
  });

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
