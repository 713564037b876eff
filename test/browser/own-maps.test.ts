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
const DUNGEON = join(ROOT, 'test', 'fixtures', 'maps', 'dungeon-one-layer');

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

  it('a one-layer dungeon with no wall data: the whole note reads, a click marks the walls, My maps keeps it', async () => {
    // Two maps are kept already (the tests above): the note has less room under My maps.
    await clickButton('new-game');
    await waitScene('Setup');
    await page.waitForFunction(() => (window.archfoe.debug.myMaps().maps?.length ?? 0) >= 2);
    await drop([
      fileOf('dungeon.tmx', readFileSync(join(DUNGEON, 'dungeon.tmx'))),
      fileOf('dungeon.png', readFileSync(join(DUNGEON, 'dungeon.png')), 'image/png'),
    ]);
    await customMapNamed('^dungeon$');
    await waitScene('Setup');
    await page.waitForFunction(() => window.archfoe.debug.setupPreview()?.ownArt === true);
    await page.screenshot({ path: join(ARTIFACTS, 'own-maps-3-dungeon-note.png') });

    // The whole note is readable: whole lines only, inside its box; the walls warning first.
    const note = () => page.evaluate(() => window.archfoe.debug.setupNote());
    const inside = (r: { x: number; y: number; width: number; height: number }, box: typeof r) =>
      r.x >= box.x - 0.5 &&
      r.y >= box.y - 0.5 &&
      r.x + r.width <= box.x + box.width + 0.5 &&
      r.y + r.height <= box.y + box.height + 0.5;
    let n = (await note())!;
    expect(n.lines[0]).toBe('Loaded dungeon.tmx.');
    expect(n.lines[1]).toMatch(/^\u2022 Nothing in this map says which tiles are walls/);
    expect(n.shownText).toBe(n.lines.slice(0, n.shown).join('\n'));
    if (n.shown > 0) expect(inside(n.text, n.box)).toBe(true);
    if (n.shown < n.lines.length) {
      // Under three kept maps the note has no room: a button opens it whole.
      const more = (await page.evaluate(() => window.archfoe.debug.buttonRect('map-note-more')))!;
      expect(inside(more, n.box)).toBe(true);
      expect(more.label).toMatch(/^No walls read|^The whole note/);
      await clickButton('map-note-more');
      await page.waitForFunction(() => {
        const open = window.archfoe.debug.setupNote();
        return open !== null && open.box.width > 500;
      });
      n = (await note())!;
    }
    const seen: string[] = [];
    for (let turn = 0; turn < 40; turn++) {
      expect(n.shownText).toBe(n.lines.slice(n.first, n.first + n.shown).join('\n'));
      expect(inside(n.text, n.box)).toBe(true);
      n.lines.slice(n.first, n.first + n.shown).forEach((l, i) => (seen[n.first + i] = l));
      if (n.first + n.shown >= n.lines.length) break;
      // The wheel over the note scrolls it on by whole lines.
      await page.mouse.move(n.box.x + n.box.width / 2, n.box.y + n.box.height / 3);
      await page.mouse.wheel(0, 120);
      await page.waitForFunction((f) => window.archfoe.debug.setupNote()!.first !== f, n.first);
      n = (await note())!;
    }
    await page.screenshot({ path: join(ARTIFACTS, 'own-maps-4-dungeon-whole-note.png') });
    if (await page.evaluate(() => window.archfoe.debug.buttonRect('map-note-close') !== null))
      await clickButton('map-note-close');
    // Every line was shown, and together they are the whole note, every warning whole.
    expect(seen.filter((l) => l !== undefined)).toHaveLength(n.lines.length);
    const words = (t: string): string => t.replace(/\s+/g, ' ').trim();
    const message = (await page.evaluate(() => window.archfoe.debug.mapMessage()!.text)) ?? '';
    expect(words(seen.join(' '))).toBe(words(message));
    expect(message).toContain(
      "On the Setup screen, click a wall in the map's picture to make every tile of that kind a wall",
    );

    // A click on the top left wall in the picture: every tile of its kind becomes a wall.
    const corner = (await page.evaluate(() => window.archfoe.debug.setupPictureSquare(0, 0)))!;
    await page.mouse.click(corner.x, corner.y);
    await page.waitForFunction(() =>
      /tile 3 is now a wall \(48 squares\)/.test(window.archfoe.debug.mapMessage()?.text ?? ''),
    );
    await waitScene('Setup');
    // The Setup screen is rebuilt after the mark; its note follows a frame or two later.
    await page.waitForFunction(() => {
      const n = window.archfoe.debug.setupNote();
      return n !== null && !n.lines.join(' ').includes('says which tiles are walls');
    });
    expect((await note())!.lines.join(' ')).not.toContain('says which tiles are walls');
    await page.screenshot({ path: join(ARTIFACTS, 'own-maps-5-dungeon-marked.png') });
    const onWall = (s: GameState): string[] =>
      s.units
        .filter(
          (u) => u.position && s.map.terrain[u.position.y * s.map.width + u.position.x] !== 'floor',
        )
        .map((u) => `${u.name} at ${u.position!.x},${u.position!.y}`);
    await clickButton('start');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    let s = await state();
    expect(s.map.terrain.filter((t) => t === 'wall')).toHaveLength(48);
    expect(onWall(s)).toEqual([]);
    await clickButton('to-menu');
    await waitScene('Menu');

    // After a reload the mark is kept with the map in My maps.
    await page.reload();
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitScene('Menu');
    await clickButton('new-game');
    await waitScene('Setup');
    await page.waitForFunction(() =>
      (window.archfoe.debug.myMaps().maps ?? []).some((m) => m.name === 'dungeon'),
    );
    const kept = (await page.evaluate(() => window.archfoe.debug.myMaps())).maps!;
    const dungeon = kept.find((m) => m.name === 'dungeon')!;
    if (await page.evaluate(() => window.archfoe.scene() === 'Setup'))
      await clickButton(`mymap-${dungeon.id}`);
    await customMapNamed('^dungeon$');
    await waitScene('Setup');
    expect(await page.evaluate(() => window.archfoe.debug.mapMessage()?.text ?? '')).not.toContain(
      'says which tiles are walls',
    );
    await clickButton('start');
    await waitScene('Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    s = await state();
    expect(s.map.terrain.filter((t) => t === 'wall')).toHaveLength(48);
    expect(onWall(s)).toEqual([]);
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
