/**
 * Any screen (issue 10): the game draws at the window's real resolution (the canvas has
 * a pixel for every device pixel), lays the battle out for the space it has, follows a
 * resized window, and on a phone held upright gives the board the full width and plays by
 * taps, with the hero cards and the dice log as panels. Screenshots go to test-artifacts/.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BattleLook } from '../../src/app/app';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameState } from '../../src/engine';
import {
  ARTIFACTS,
  buildGame,
  cleanup,
  launchBrowser,
  requireChromium,
  serveStatic,
  waitForScene,
  watchErrors,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

requireChromium();

let browser: Browser;
let baseUrl = '';
let close: () => void = () => {};
const temp: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  const dist = await buildGame();
  temp.push(dist);
  const served = await serveStatic(dist);
  baseUrl = served.url;
  close = () => served.server.close();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  close();
  cleanup(temp);
});

async function openPage(
  width: number,
  height: number,
  dpr: number,
  options: { touch?: boolean; renderer?: string } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: dpr,
    hasTouch: options.touch === true,
    isMobile: options.touch === true,
  });
  const page = await context.newPage();
  watchErrors(page, errors);
  await page.goto(baseUrl + (options.renderer ?? '?renderer=canvas'));
  await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
  await waitForScene(page, 'Menu');
  return page;
}

const canvasSize = (page: Page) =>
  page.evaluate(() => {
    const c = document.querySelector('canvas')!;
    const r = c.getBoundingClientRect();
    return { width: c.width, height: c.height, cssWidth: r.width, cssHeight: r.height };
  });

const look = async (page: Page): Promise<BattleLook> =>
  (await page.evaluate(() => window.archfoe.debug.battle()))!;

async function startBattle(page: Page, seed: number): Promise<void> {
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
  expect(
    await page.evaluate((s) => window.archfoe.start({ scenario: 'dungeon-crawl', seed: s }), seed),
  ).toEqual({ ok: true });
  await page.evaluate(() => window.archfoe.idle());
}

describe('any screen', () => {
  it('draws every device pixel at 1920x1080, and at 960x540 with a pixel ratio of 2 (WebGL)', async () => {
    const page = await openPage(1920, 1080, 1);
    expect(await canvasSize(page)).toEqual({
      width: 1920,
      height: 1080,
      cssWidth: 1920,
      cssHeight: 1080,
    });
    await startBattle(page, 839067893);
    await page.waitForTimeout(200);
    const l = await look(page);
    // The HUD is laid out for the big screen: the board's window is wider than 1280x720 gave it.
    expect(l.viewport.width).toBeGreaterThan(1000);
    expect(l.board.height).toBeGreaterThan(0.9 * l.viewport.height);
    await page.screenshot({ path: join(ARTIFACTS, 'screen-1920x1080.png') });
    await page.context().close();

    const hidpi = await openPage(960, 540, 2, { renderer: '' });
    expect(await hidpi.evaluate(() => window.archfoe.renderer())).toBe('webgl');
    expect(await canvasSize(hidpi)).toEqual({
      width: 1920,
      height: 1080,
      cssWidth: 960,
      cssHeight: 540,
    });
    await startBattle(hidpi, 4);
    // Clicks land where the picture is: a click on a blue square moves the hero.
    const move = (await hidpi.evaluate(() => window.archfoe.legalCommands())).find(
      (c) => c.type === 'move',
    );
    if (move?.type !== 'move') throw new Error('no move');
    const p = (await hidpi.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
      move.to.x,
      move.to.y,
    ] as const))!;
    await hidpi.mouse.click(p.x, p.y);
    await hidpi.evaluate(() => window.archfoe.idle());
    const s = (await hidpi.evaluate(() => window.archfoe.state()))!;
    expect(s.units.find((u) => u.id === move.unit)!.position).toEqual(move.to);
    await hidpi.screenshot({ path: join(ARTIFACTS, 'screen-960x540-dpr2.png') });
    await hidpi.context().close();
  });

  it('follows a resized window: the canvas and the battle lay themselves out again', async () => {
    const page = await openPage(1280, 720, 1);
    await startBattle(page, 7);
    const before = (await page.evaluate(() => window.archfoe.state()))!;
    await page.setViewportSize({ width: 1600, height: 1000 });
    await page.waitForFunction(() => document.querySelector('canvas')!.width === 1600);
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.idle());
    await page.waitForTimeout(200);
    expect(await canvasSize(page)).toEqual({
      width: 1600,
      height: 1000,
      cssWidth: 1600,
      cssHeight: 1000,
    });
    expect(await page.evaluate(() => window.archfoe.state())).toEqual(before);
    const l = await look(page);
    expect(l.viewport.y + l.viewport.height).toBeLessThanOrEqual(1000);
    expect(l.viewport.height).toBeGreaterThan(800);
    await page.context().close();
  });

  it('on a phone held upright (390x844): the board is the full width and a battle plays by taps', async () => {
    const page = await openPage(390, 844, 3, { touch: true });
    expect(await canvasSize(page)).toEqual({
      width: 1170,
      height: 2532,
      cssWidth: 390,
      cssHeight: 844,
    });
    await startBattle(page, 839067893);
    const l = await look(page);
    expect(l.board.width).toBeGreaterThanOrEqual(350);
    expect(l.board.x).toBeGreaterThanOrEqual(0);
    expect(l.board.x + l.board.width).toBeLessThanOrEqual(390);
    const state = async (): Promise<GameState> =>
      (await page.evaluate(() => window.archfoe.state()))!;
    const tapSquare = async (x: number, y: number): Promise<void> => {
      const p = (await page.evaluate(([sx, sy]) => window.archfoe.debug.squareToScreen(sx, sy), [
        x,
        y,
      ] as const))!;
      await page.touchscreen.tap(p.x, p.y);
      await page.waitForTimeout(80);
    };
    const tapButton = async (name: string): Promise<void> => {
      const r = (await page.evaluate((n) => window.archfoe.debug.buttonRect(n), name))!;
      expect(r, name).not.toBeNull();
      await page.touchscreen.tap(r.cx, r.cy);
      await page.waitForTimeout(80);
    };
    // The hero cards open as a panel; a card tapped there shows that hero and the panel closes.
    const sword = () =>
      page.evaluate(() => window.archfoe.debug.buttonRect('card-fighting-man-1-sword'));
    expect(await sword()).toBeNull();
    await tapButton('heroes-panel');
    expect(await sword()).not.toBeNull();
    const thief = (await page.evaluate(() =>
      window.archfoe.debug.buttonRect('card-thief-1-dagger'),
    ))!;
    await page.touchscreen.tap(thief.cx, thief.y - 40);
    await page.waitForTimeout(100);
    expect(await sword()).toBeNull();
    expect((await page.evaluate(() => window.archfoe.debug.inspection()))?.unit).toBe('thief-1');
    await page.screenshot({ path: join(ARTIFACTS, 'screen-390x844-start.png') });
    await tapButton('heroes-panel');
    await page.screenshot({ path: join(ARTIFACTS, 'screen-390x844-heroes.png') });
    await tapButton('heroes-panel');
    // A tap shows the way, a second tap moves; End turn passes to the next hero.
    let turns = 0;
    for (let step = 0; step < 30 && turns < 5; step++) {
      const s = await state();
      if (s.phase !== 'heroes') break;
      const hero = s.turn!.unitId;
      const legal = await page.evaluate(() => window.archfoe.legalCommands());
      const attack = legal.find((c) => c.type === 'attack');
      const move = legal.find((c) => c.type === 'move');
      if (attack?.type === 'attack') {
        const t = s.units.find((u) => u.id === attack.target)!;
        const before = (await page.evaluate(() => window.archfoe.events())).length;
        await tapSquare(t.position!.x, t.position!.y);
        await tapSquare(t.position!.x, t.position!.y);
        await page.evaluate(() => window.archfoe.idle());
        const events = (await page.evaluate(() => window.archfoe.events())).slice(before);
        expect(events.some((e) => e.type === 'attacked')).toBe(true);
      } else if (move?.type === 'move' && !s.turn!.moved) {
        await tapSquare(move.to.x, move.to.y);
        expect((await state()).units.find((u) => u.id === hero)!.position).not.toEqual(move.to);
        await tapSquare(move.to.x, move.to.y);
        await page.evaluate(() => window.archfoe.idle());
        expect((await state()).units.find((u) => u.id === hero)!.position).toEqual(move.to);
      }
      await tapButton('end-turn');
      await page.evaluate(() => window.archfoe.idle());
      turns += 1;
    }
    expect(turns).toBeGreaterThanOrEqual(4);
    // The dice log opens as a panel with every line.
    await tapButton('log-panel');
    expect((await look(page)).log.length).toBeGreaterThan(5);
    await page.screenshot({ path: join(ARTIFACTS, 'screen-390x844-log.png') });
    await tapButton('log-panel');
    await page.screenshot({ path: join(ARTIFACTS, 'screen-390x844.png') });
    await page.context().close();
  });

  it('logged no console errors', () => {
    expect(errors).toEqual([]);
  });
});
