/**
 * Maps from elsewhere in a real browser: a Tiled XML map (.tmx) dropped on the page with its
 * XML tileset (.tsx) and its image plays a turn; a .zip map pack dropped the same way loads;
 * a hostile pack leaves the page working. Same harness as game.test.ts (production build,
 * headless Chromium, Canvas renderer).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameState } from '../../src/engine';
import { lieAboutSizes, packZip } from '../maps/helpers';
import {
  ARTIFACTS,
  clickButtonOn,
  dropFiles,
  fileOf,
  moveAndEndTurn,
  openSetup,
  ROOT,
  waitForCustomMap,
  waitForScene,
  type DroppedFile,
  useBrowser,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
const errors = browser.errors;
let page: Page;
beforeAll(() => {
  page = browser.page;
});
const ELSEWHERE = join(ROOT, 'test', 'fixtures', 'maps', 'elsewhere');

const state = (): Promise<GameState> => page.evaluate(() => window.archfoe.state()!);
const waitScene = (name: string): Promise<void> => waitForScene(page, name);
const clickButton = (name: string): Promise<void> => clickButtonOn(page, name);

const drop = (files: DroppedFile[]): Promise<void> => dropFiles(page, files);
const customMapNamed = (pattern: string): Promise<void> => waitForCustomMap(page, pattern);

describe("players' maps from elsewhere in the browser", () => {
  it('a dropped .tmx with its .tsx tileset (and its image) plays a turn', async () => {
    await openSetup(page, browser.session.baseUrl);
    await drop([
      fileOf('phaser-cave.tmx', readFileSync(join(ELSEWHERE, 'phaser-cave.tmx'))),
      fileOf('cave.tsx', readFileSync(join(ELSEWHERE, 'tiles', 'cave.tsx'))),
      fileOf('cave.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 'image/png'),
    ]);
    await customMapNamed('Phaser Cave');
    await waitScene('Setup');
    await page.screenshot({ path: join(ARTIFACTS, 'own-maps-1-setup-tmx.png') });
    await clickButton('start');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const s = await state();
    expect(s.map.id).toBe('phaser-cave');
    expect(s.map.name).toBe('Phaser Cave');
    // The walls came from the tiles' "collides" property.
    expect(s.map.terrain.filter((t) => t === 'wall')).toHaveLength(31);
    expect(s.units.filter((u) => u.side === 'heroes')).toHaveLength(4);
    expect(
      s.units
        .filter((u) => u.side === 'enemies')
        .map((u) => u.kind)
        .sort(),
    ).toEqual(['goblin', 'troll']);
    await moveAndEndTurn(page);
    await page.screenshot({ path: join(ARTIFACTS, 'own-maps-2-battle-tmx.png') });
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('a dropped .zip pack loads; a zip bomb leaves the page working', async () => {
    await clickButton('new-game');
    await waitScene('Setup');
    await drop([fileOf('cave-pack.zip', packZip(), 'application/zip')]);
    await customMapNamed('Phaser Cave');
    const before = await page.evaluate(() => window.archfoe.scenarios());
    const bomb = lieAboutSizes(packZip(), 0x7ffffff0);
    await drop([fileOf('bomb.zip', bomb, 'application/zip')]);
    await page.waitForTimeout(300);
    await waitScene('Setup');
    // Refused: the pack loaded before is still the player's map, and the page still answers.
    expect(await page.evaluate(() => window.archfoe.scenarios())).toEqual(before);
    await clickButton('start');
    await waitScene('Battle');
    expect((await state()).map.id).toBe('level');
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('a Start click while a dropped map is still being read and kept starts a battle that stays', async () => {
    await clickButton('new-game');
    await waitScene('Setup');
    // The click goes in at once, while the pack is read and stored (IndexedDB): the battle it
    // starts must not be swapped back for the Setup screen when the map is ready.
    // A slowed page (as on a slow machine) keeps the load going while the click goes in.
    const start = await page.evaluate(() => window.archfoe.debug.buttonRect('start'));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await drop([fileOf('cave-pack.zip', packZip(), 'application/zip')]);
    await page.mouse.click(start!.cx, start!.cy);
    const loadingAtClick = await page.evaluate(() => window.archfoe.filesLoading());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    await waitScene('Battle');
    await page.waitForFunction(() => !window.archfoe.filesLoading(), null, { timeout: 30_000 });
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.archfoe.scene())).toBe('Battle');
    // The click did land while the files were loading (else this test shows nothing).
    expect(loadingAtClick).toBe(true);
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
