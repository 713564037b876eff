/**
 * A player's map in its own art, in a real browser (production build, headless Chromium,
 * Canvas renderer): Marsh Keep (test/fixtures/maps/own-art, a third-party-style map made by
 * tools/mapgen/own-art.ts) dropped as a .tmx with its .tsx tileset and PNGs is drawn with
 * them: the pixels of the board at its rune stones (as drawn, flipped and turned) and its
 * backdrop are the PNGs' own colours; its water moves; a turn plays. A .zip pack of it is
 * drawn the same. After a reload both are listed under My maps, open with their art (and a
 * saved battle continues with it), and can be removed. Hostile files (a map of 100000 x
 * 100000 squares, a zip bomb, a PNG whose header claims 100000 x 100000 pixels) get a plain
 * message and the page keeps answering. Without IndexedDB, or with the storage full, maps
 * still play, with a plain message, and nothing kept before is lost.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { decodePng, pixelAt, type Rgba } from '../../src/devtools/png';
import {
  FIXTURES,
  lieAboutSizes,
  OWN_ART,
  OWN_ART_IMAGES,
  packZip,
  pngHeader,
} from '../maps/helpers';
import {
  ARTIFACTS,
  clickButtonOn,
  dropFiles,
  fileOf,
  moveAndEndTurn,
  waitForCustomMap,
  startFromSetup,
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

const api = <T>(f: () => T): Promise<T> => page.evaluate(f);
const waitScene = (name: string, p: Page = page): Promise<void> => waitForScene(p, name);
const clickButton = (name: string, p: Page = page): Promise<void> => clickButtonOn(p, name);

const own = (path: string): Buffer => readFileSync(join(OWN_ART, path));
const png = (name: string, data: Uint8Array): DroppedFile => fileOf(name, data, 'image/png');

/** Marsh Keep as a player drops it: the map, its tileset and its images, all in one folder. */
function marshKeepFiles(images: readonly string[] = OWN_ART_IMAGES): DroppedFile[] {
  return [
    fileOf('marsh-keep.tmx', own('marsh-keep.tmx')),
    fileOf('keep.tsx', own('tiles/keep.tsx')),
    ...images.map((p) => png(p.replace(/^.*\//, ''), own(p))),
  ];
}

/** Marsh Keep as a .zip pack, in its folders. */
function marshKeepZip(): Uint8Array {
  const entries: Zippable = {
    'marsh/marsh-keep.tmx': own('marsh-keep.tmx'),
    'marsh/tiles/keep.tsx': own('tiles/keep.tsx'),
    'marsh/readme.txt': strToU8('Marsh Keep, made for the tests.'),
  };
  for (const p of OWN_ART_IMAGES) entries[`marsh/${p}`] = own(p);
  return zipSync(entries, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') });
}

/** Waits for the game to be ready on its Menu (after loading or reloading the page). */
async function readyOnMenu(p: Page = page): Promise<void> {
  await p.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
  await waitScene('Menu', p);
}

async function reload(): Promise<void> {
  await page.reload();
  await readyOnMenu();
}

async function toSetup(p: Page = page): Promise<void> {
  await p.goto(`${browser.session.baseUrl}?renderer=canvas`);
  await readyOnMenu(p);
  await clickButton('new-game', p);
  await waitScene('Setup', p);
}

async function startBattle(p: Page = page): Promise<void> {
  await startFromSetup(p);
  await p.evaluate(() => window.archfoe.setSpeed('instant'));
  await p.evaluate(() => window.archfoe.idle());
}

/**
 * Marsh Keep is the player's map, pictured in its own art on the Setup screen; its battle's
 * board draws every layer in its own art; back to the Menu.
 */
async function playsInOwnArt(): Promise<void> {
  await waitForCustomMap(page, 'Marsh Keep');
  await page.waitForFunction(() => window.archfoe.debug.setupPreview()?.ownArt === true);
  await startBattle();
  expect(await api(() => window.archfoe.debug.boardArt())).toMatchObject({
    artLayers: 7,
    fallbackSquares: 0,
  });
  await clickButton('to-menu');
  await waitScene('Menu');
}

/** The page as a decoded screenshot (the canvas fills the 1280 x 720 viewport). */
async function screen(): Promise<Rgba> {
  return decodePng(await page.screenshot());
}

/** Where an art pixel of a board square is on the page: (ax, ay) in a 16-pixel tile. */
async function pagePoint(square: { x: number; y: number }, ax: number, ay: number) {
  const centre = await page.evaluate((s) => window.archfoe.debug.squareToScreen(s.x, s.y), square);
  const zoom = (await api(() => window.archfoe.debug.boardZoom())) ?? 1;
  const perArtPixel = 2 * zoom; // 16 art pixels make a 32-pixel square
  expect(centre).not.toBeNull();
  return {
    x: Math.floor(centre!.x - 16 * zoom + (ax + 0.5) * perArtPixel),
    y: Math.floor(centre!.y - 16 * zoom + (ay + 0.5) * perArtPixel),
  };
}

const close = (a: readonly number[], b: readonly number[], tolerance: number): boolean =>
  Math.abs(a[0] - b[0]) <= tolerance &&
  Math.abs(a[1] - b[1]) <= tolerance &&
  Math.abs(a[2] - b[2]) <= tolerance;

/** The rune stone (tile 11: 4 x 4 blocks of colour) in the sheet, with margin 1 and spacing 1. */
const RUNE_AT = { x: 1 + 3 * 17, y: 1 + 1 * 17 };

/**
 * Which block of the rune each drawn block shows, for the five runes of row 2: as drawn,
 * flipped horizontally, vertically, turned 90 degrees clockwise (H + D) and counter-clockwise
 * (V + D), Tiled's flags (the diagonal flip first).
 */
const RUNES: { x: number; source: (bx: number, by: number) => [number, number] }[] = [
  { x: 1, source: (bx, by) => [bx, by] },
  { x: 2, source: (bx, by) => [3 - bx, by] },
  { x: 3, source: (bx, by) => [bx, 3 - by] },
  { x: 4, source: (bx, by) => [by, 3 - bx] },
  { x: 5, source: (bx, by) => [3 - by, bx] },
];

describe("a player's map in its own art", () => {
  it('a dropped .tmx with its .tsx and PNGs is drawn with them (pixel check), animates and plays a turn', async () => {
    await toSetup();
    await dropFiles(page, marshKeepFiles());
    await waitForCustomMap(page, 'Marsh Keep');
    await waitScene('Setup');
    await page.waitForFunction(() => window.archfoe.debug.setupPreview()?.ownArt === true);
    expect(await api(() => window.archfoe.debug.mapMessage()?.kind)).toBe('info');
    await page.screenshot({ path: join(ARTIFACTS, 'own-art-1-setup.png') });
    await startBattle();
    expect(await api(() => window.archfoe.debug.boardArt())).toEqual({
      artLayers: 7,
      fallbackSquares: 0,
      animatedTiles: 11,
      scale: 2,
    });
    await page.mouse.move(1270, 710); // no hover mark on the board
    await page.waitForTimeout(100);

    const sheet = decodePng(own('art/keep-tiles.png'));
    const mire = decodePng(own('art/mire.png'));
    const shot = await screen();
    const wrong: string[] = [];
    for (const rune of RUNES) {
      for (let by = 0; by < 4; by++) {
        for (let bx = 0; bx < 4; bx++) {
          const at = await pagePoint({ x: rune.x, y: 2 }, bx * 4 + 1.5, by * 4 + 1.5);
          const [sx, sy] = rune.source(bx, by);
          const want = pixelAt(sheet, RUNE_AT.x + sx * 4 + 1, RUNE_AT.y + sy * 4 + 1);
          const got = pixelAt(shot, at.x, at.y);
          if (!close(got, want, 8))
            wrong.push(`rune ${rune.x} block ${bx},${by}: ${got} not ${want}`);
        }
      }
    }
    // The backdrop (an image layer) shows where the map paints nothing: square 0,0.
    for (const [ax, ay] of [
      [3, 3],
      [8, 12],
      [12, 6],
    ]) {
      const at = await pagePoint({ x: 0, y: 0 }, ax, ay);
      const want = pixelAt(mire, ax, ay);
      const got = pixelAt(shot, at.x, at.y);
      if (!close(got, want, 12)) wrong.push(`backdrop ${ax},${ay}: ${got} not ${want}`);
    }
    expect(wrong).toEqual([]);

    // Tiled's tile animation: the water at 6,2 changes colour as its frames go by.
    const waterAt = await pagePoint({ x: 6, y: 2 }, 5, 5);
    const colours = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const s = await screen();
      colours.add(pixelAt(s, waterAt.x, waterAt.y).join(','));
      await page.waitForTimeout(180);
    }
    expect(colours.size).toBeGreaterThan(1);

    await moveAndEndTurn(page);
    await page.screenshot({ path: join(ARTIFACTS, 'own-art-2-battle.png') });
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('a dropped .zip pack is drawn in its own art', async () => {
    await clickButton('new-game');
    await waitScene('Setup');
    await dropFiles(page, [fileOf('marsh-pack.zip', marshKeepZip(), 'application/zip')]);
    await page.waitForFunction(
      () =>
        window.archfoe.debug.mapMessage()?.text.startsWith('Loaded marsh/marsh-keep.tmx') === true,
    );
    await playsInOwnArt();
  });

  it('after a reload both are under My maps, open with their art, continue a battle with it, and can be removed', async () => {
    // The battle in progress (the pack's) continues after the reload, in its own art.
    await reload();
    await clickButton('continue');
    await waitScene('Battle');
    await api(() => window.archfoe.idle());
    expect(await api(() => window.archfoe.debug.boardArt())).toMatchObject({ fallbackSquares: 0 });
    await clickButton('to-menu');
    await waitScene('Menu');

    await reload();
    await clickButton('new-game');
    await waitScene('Setup');
    await page.waitForFunction(() => (window.archfoe.debug.myMaps().maps?.length ?? 0) >= 2);
    const kept = (await api(() => window.archfoe.debug.myMaps())).maps!;
    expect(kept.map((m) => m.name)).toEqual(['Marsh Keep', 'Marsh Keep']);
    expect(await api(() => window.archfoe.scenarios().some((s) => s.id === 'custom'))).toBe(false);
    await page.screenshot({ path: join(ARTIFACTS, 'own-art-3-my-maps.png') });
    await clickButton(`mymap-${kept[1].id}`);
    await playsInOwnArt();
    await clickButton('new-game');
    await waitScene('Setup');
    for (const m of kept) {
      await clickButton(`mymap-remove-${m.id}`);
      await page.waitForFunction(
        (id) => !(window.archfoe.debug.myMaps().maps ?? []).some((x) => x.id === id),
        m.id,
      );
    }
    await reload();
    await page.waitForFunction(() => window.archfoe.debug.myMaps().maps !== null);
    expect((await api(() => window.archfoe.debug.myMaps())).maps).toEqual([]);
  });

  it('hostile files get a plain message and the page keeps answering', async () => {
    await toSetup();
    const refused = async (files: DroppedFile[], pattern: RegExp): Promise<number> => {
      const before = await api(() => performance.now());
      await api(() => {
        (window.archfoe as unknown as { __seen?: string }).__seen =
          window.archfoe.debug.mapMessage()?.text;
      });
      await dropFiles(page, files);
      await page.waitForFunction(
        () =>
          window.archfoe.debug.mapMessage()?.text !==
          (window.archfoe as unknown as { __seen?: string }).__seen,
        null,
        { timeout: 10_000 },
      );
      await waitScene('Setup');
      const text = (await api(() => window.archfoe.debug.mapMessage()?.text)) ?? '';
      expect(text).toMatch(pattern);
      expect(text).not.toMatch(/\n\s+at |undefined|NaN|\[object/);
      // The page still answers at once: a frame is drawn and a button works.
      const frame = await page.evaluate(
        () => new Promise<number>((r) => requestAnimationFrame((t) => r(t))),
      );
      return frame - before;
    };
    const hugeMap = own('marsh-keep.tmx')
      .toString('utf8')
      .replace('width="14" height="10"', 'width="100000" height="100000"');
    const spent = [
      await refused(
        [fileOf('huge.tmx', hugeMap), fileOf('keep.tsx', own('tiles/keep.tsx'))],
        /^huge\.tmx: The map is 100000 x 100000 squares; maps may be at most 256 x 256\./,
      ),
      await refused(
        [fileOf('bomb.zip', lieAboutSizes(packZip(), 0x7ffffff0), 'application/zip')],
        /would unpack to \d+ MB, more than the 64 MB a map pack may hold\. It was not unpacked\.$/,
      ),
      await refused(
        [
          fileOf('marsh-keep.tmx', own('marsh-keep.tmx')),
          fileOf('keep.tsx', own('tiles/keep.tsx')),
          png('keep-tiles.png', pngHeader(100000, 100000)),
        ],
        /The image "keep-tiles\.png" is 100000 x 100000 pixels; images may be at most 4096 x 4096, so it was not loaded\./,
      ),
    ];
    for (const ms of spent) expect(ms).toBeLessThan(5000);
    // The map with the refused image still plays, drawn with the built-in tiles.
    expect(await api(() => window.archfoe.debug.mapMessage()?.kind)).toBe('info');
    await startBattle();
    expect(await api(() => window.archfoe.debug.boardArt())).toBeNull();
    await clickButton('to-menu');
    await waitScene('Menu');
  });

  it('maps play without IndexedDB or with the storage full, with a plain message, and nothing kept is lost', async () => {
    // Keep one map first.
    await toSetup();
    await page.waitForFunction(() => window.archfoe.debug.myMaps().maps !== null);
    const count = (await api(() => window.archfoe.debug.myMaps())).maps!.length;
    await dropFiles(page, marshKeepFiles());
    await waitForCustomMap(page, 'Marsh Keep');
    await page.waitForFunction((n) => window.archfoe.debug.myMaps().maps?.length === n + 1, count);
    const keptBefore = (await api(() => window.archfoe.debug.myMaps())).maps!;
    expect(keptBefore.length).toBeGreaterThan(0);

    const full = await browser.session.context.newPage();
    await full.addInitScript(() => {
      const put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function (value: unknown, key?: IDBValidKey) {
        if (this.name === 'maps')
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return put.call(this, value, key);
      };
    });
    await toSetup(full);
    const cave = join(FIXTURES, 'elsewhere');
    await dropFiles(full, [
      fileOf('phaser-cave.tmx', readFileSync(join(cave, 'phaser-cave.tmx'))),
      fileOf('cave.tsx', readFileSync(join(cave, 'tiles', 'cave.tsx'))),
    ]);
    await waitForCustomMap(full, 'Phaser Cave');
    await full.waitForFunction(() =>
      window.archfoe.debug.mapMessage()?.text.startsWith('The browser has no room'),
    );
    const fullText = await full.evaluate(() => window.archfoe.debug.mapMessage()?.text ?? '');
    expect(fullText).toMatch(/^The browser has no room left to keep this map for next time/);
    expect(fullText).toContain('Loaded phaser-cave.tmx.');
    // Every map kept before is still there, and only those.
    expect((await full.evaluate(() => window.archfoe.debug.myMaps())).maps).toEqual(keptBefore);
    await startBattle(full);
    await full.close();

    const none = await browser.session.context.newPage();
    await none.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { get: () => undefined });
    });
    await toSetup(none);
    expect((await none.evaluate(() => window.archfoe.debug.myMaps())).problem).toMatch(
      /^This browser does not let the game keep maps/,
    );
    await dropFiles(none, marshKeepFiles());
    await waitForCustomMap(none, 'Marsh Keep');
    await none.waitForFunction(() =>
      window.archfoe.debug.mapMessage()?.text.startsWith('This browser does not let'),
    );
    expect(await none.evaluate(() => window.archfoe.debug.mapMessage()?.text ?? '')).toMatch(
      /^This browser does not let the game keep maps.*Loaded marsh-keep\.tmx\./,
    );
    await startBattle(none);
    expect(await none.evaluate(() => window.archfoe.debug.boardArt())).toMatchObject({
      fallbackSquares: 0,
    });
    await none.close();
  });

  // Software WebGL in headless Chromium is slow (the built-in Dungeon Crawl takes ~17 s to its
  // battle too), hence the longer timeout.
  it('is drawn in its own art by the WebGL renderer too (tint, animations)', async () => {
    const gl = await browser.session.context.newPage();
    gl.on('pageerror', (e) => errors.push(`webgl pageerror: ${e.message}`));
    await gl.goto(`${browser.session.baseUrl}?renderer=webgl`);
    await readyOnMenu(gl);
    await clickButton('new-game', gl);
    await waitScene('Setup', gl);
    await dropFiles(gl, marshKeepFiles());
    await waitForCustomMap(gl, 'Marsh Keep');
    await gl.waitForFunction(() => window.archfoe.debug.setupPreview()?.ownArt === true);
    await startBattle(gl);
    // WebGL where the browser has it (headless Chromium does, in software); else Phaser's Canvas.
    expect(['webgl', 'canvas']).toContain(await gl.evaluate(() => window.archfoe.renderer()));
    expect(await gl.evaluate(() => window.archfoe.debug.boardArt())).toEqual({
      artLayers: 7,
      fallbackSquares: 0,
      animatedTiles: 11,
      scale: 2,
    });
    await gl.close();
  }, 240_000);

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
