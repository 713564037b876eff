/**
 * The battle's side panels fold (issue 29: "let the board take the room it can ... panels
 * that fold"), in a real browser with the real mouse and keys. In a window half a 1920
 * screen wide (960x1040) the Dungeon Crawl's board is held by the width between the hero
 * cards and the dice log; folded, the board window takes the whole width and the board
 * zooms into it. A hero is still clicked on the board, the cards and the log open from
 * the action bar, the choice is kept over a reload, and F unfolds them again.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BattleLook } from '../../src/app/app';
import type { ArchFoeApi } from '../../src/app/automation';
import { ARTIFACTS, clickButtonOn, openGameOn, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();
let page: Page;
beforeAll(() => {
  page = b.page;
});

const look = async (): Promise<BattleLook> =>
  (await page.evaluate(() => window.archfoe.debug.battle()))!;

async function startCrawl(): Promise<void> {
  expect(
    await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 7 })),
  ).toEqual({ ok: true });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
}

/** Waits for the battle laid out again with its panels folded (or not). */
async function waitForFolded(folded: boolean): Promise<BattleLook> {
  await page.waitForFunction((f) => window.archfoe.debug.battle()?.panels?.folded === f, folded, {
    timeout: 20_000,
  });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
  return look();
}

describe('the side panels fold', () => {
  it('the board grows into the room; heroes, cards and log still reached; kept; F unfolds', async () => {
    await page.setViewportSize({ width: 960, height: 1040 });
    await openGameOn(page, `${b.session.baseUrl}?renderer=canvas`);
    await startCrawl();
    const open = await look();
    expect(open.panels).toEqual({ folded: false, cards: true, log: true });

    await clickButtonOn(page, 'fold-panels');
    const folded = await waitForFolded(true);
    // The board window spans the screen; the board, held by the width before, grows.
    expect(folded.viewport.width).toBeGreaterThan(open.viewport.width * 1.5);
    expect(folded.board.width).toBeGreaterThan(open.board.width * 1.2);
    expect(folded.panels).toEqual({ folded: true, cards: false, log: false });
    await page.screenshot({ path: join(ARTIFACTS, 'panels-folded-960x1040.png') });

    // A click on a hero's figure on the board shows that hero.
    const state = (await page.evaluate(() => window.archfoe.state()))!;
    const acting = state.turn!.unitId;
    const other = state.units.find((u) => u.side === 'heroes' && u.id !== acting && u.position)!;
    const at = (await page.evaluate(
      (p) => window.archfoe.debug.squareToScreen(p.x, p.y),
      other.position!,
    ))!;
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction((id) => window.archfoe.debug.inspection()?.unit === id, other.id);
    expect((await look()).info.title).toContain(other.name);

    // The action bar's Heroes opens the cards over the board; Log the dice log instead.
    await clickButtonOn(page, 'heroes-panel');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.panels?.cards === true);
    expect((await look()).panels!.log).toBe(false);
    await clickButtonOn(page, 'log-panel');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.panels?.log === true);
    const withLog = await look();
    expect(withLog.panels!.cards).toBe(false);
    expect(withLog.log.length).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'panels-folded-log-open.png') });
    await clickButtonOn(page, 'log-panel');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.panels?.log === false);

    // Kept in the settings: a new page and a new battle start folded.
    await openGameOn(page, `${b.session.baseUrl}?renderer=canvas`);
    await startCrawl();
    expect((await look()).panels!.folded).toBe(true);

    // F (the default key) unfolds them: the board as before, the cards and the log back.
    await page.mouse.move(at.x, at.y);
    await page.keyboard.press('f');
    const back = await waitForFolded(false);
    expect(back.panels).toEqual({ folded: false, cards: true, log: true });
    expect(Math.abs(back.board.width - open.board.width)).toBeLessThan(2);
    expect(back.log.length).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(b.errors).toEqual([]);
  }, 120_000);
});
