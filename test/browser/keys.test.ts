/**
 * Rebindable battle keys in a real browser (issue 14): Settings, Keys… rebinds End turn
 * with real clicks and key presses (a clash gets a plain message), the battle then ends a
 * turn on the new key and no longer on Space, the binding survives a reload, and Defaults
 * from the Settings opened over a battle gives Space back. The page fits a phone too.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { ARTIFACTS, clickButtonOn, useBrowser, waitForScene, openGameOn } from './harness';

declare const window: { archfoe: ArchFoeApi };

// Chromium required; the game built, served and opened before the tests, closed after.
const browser = useBrowser();
const errors = browser.errors;
let page: Page;
let baseUrl = '';
beforeAll(() => {
  page = browser.page;
  baseUrl = browser.session.baseUrl;
});

const message = (): Promise<string | null> =>
  page.evaluate(() => window.archfoe.debug.textOf('keys-message'));
const acting = (): Promise<string | undefined> =>
  page.evaluate(() => window.archfoe.state()?.turn?.unitId);

const openGame = (): Promise<void> => openGameOn(page, baseUrl + '?renderer=canvas');

/** Starts a battle (instant animations) and waits until a hero acts. */
async function startBattle(): Promise<string> {
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
  expect(
    await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 7 })),
  ).toEqual({ ok: true });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
  const id = await acting();
  expect(id).toBeDefined();
  return id!;
}

/** Presses `key` in battle: whether the acting hero's turn ended within a short while. */
async function endsTurn(key: string): Promise<boolean> {
  const before = await acting();
  await page.keyboard.press(key);
  try {
    await page.waitForFunction((id) => window.archfoe.state()?.turn?.unitId !== id, before, {
      timeout: 1500,
    });
    return true;
  } catch {
    return false;
  }
}

describe('rebinding the battle keys', () => {
  it('End turn on E through the Keys page: E ends the turn, Space no longer; kept after a reload', async () => {
    await openGame();
    await clickButtonOn(page, 'settings');
    await waitForScene(page, 'Settings');
    await page.screenshot({ path: join(ARTIFACTS, 'keys-settings.png') });
    await clickButtonOn(page, 'settings-keys');
    await waitForScene(page, 'Keys');
    await page.screenshot({ path: join(ARTIFACTS, 'keys-page.png') });

    await clickButtonOn(page, 'key-end-turn');
    expect(await message()).toMatch(/new key for End turn/);
    // A key another action has, then a fixed one: refused, in words, still waiting.
    await page.keyboard.press('t');
    expect(await message()).toMatch(/T is already Threats/);
    await page.keyboard.press('Enter');
    expect(await message()).toMatch(/Enter .*cannot be rebound/);
    await page.keyboard.press('e');
    expect(await message()).toBe('End turn: E.');
    await page.screenshot({ path: join(ARTIFACTS, 'keys-rebound.png') });
    // The keyboard alone: Tab to Undo's row, Enter, then the new key.
    for (let i = 0; i < 12; i++) {
      if ((await page.evaluate(() => window.archfoe.debug.focusedButton())) === 'key-undo') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => window.archfoe.debug.focusedButton())).toBe('key-undo');
    await page.keyboard.press('Enter');
    expect(await message()).toMatch(/new key for Undo/);
    await page.keyboard.press('u');
    expect(await message()).toBe('Undo: U.');
    await clickButtonOn(page, 'keys-back');
    await waitForScene(page, 'Settings');
    await clickButtonOn(page, 'settings-back');
    await waitForScene(page, 'Menu');

    await startBattle();
    expect(await endsTurn('Space')).toBe(false);
    expect(await endsTurn('e')).toBe(true);

    await openGame();
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await startBattle();
    expect(await endsTurn(' ')).toBe(false);
    expect(await endsTurn('E')).toBe(true);
    // The help names the keys chosen (picture for the eye), and the new help key opens it.
    await page.evaluate(() => window.archfoe.idle());
    await page.keyboard.press('h');
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(ARTIFACTS, 'keys-help.png') });
    await page.keyboard.press('Escape');

    // Over the battle: Settings, Keys…, Defaults; back in the battle Space ends turns again.
    await page.evaluate(() => window.archfoe.idle());
    await clickButtonOn(page, 'settings');
    await waitForScene(page, 'Settings');
    await clickButtonOn(page, 'settings-keys');
    await waitForScene(page, 'Keys');
    await page.screenshot({ path: join(ARTIFACTS, 'keys-over-battle.png') });
    await clickButtonOn(page, 'keys-defaults');
    expect(await message()).toMatch(/defaults/);
    await page.keyboard.press('Escape');
    await waitForScene(page, 'Settings');
    await page.keyboard.press('Escape');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.idle());
    expect(await endsTurn('e')).toBe(false);
    expect(await endsTurn('Space')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('fits a phone (390x844): every row and button of the Keys page is on the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openGame();
    await clickButtonOn(page, 'settings');
    await waitForScene(page, 'Settings');
    await clickButtonOn(page, 'settings-keys');
    await waitForScene(page, 'Keys');
    await page.screenshot({ path: join(ARTIFACTS, 'keys-phone.png') });
    const names = [
      'key-end-turn',
      'key-undo',
      'key-auto',
      'key-threats',
      'key-intent',
      'key-recentre',
      'key-help',
      'keys-defaults',
      'keys-back',
    ];
    for (const n of names) {
      const r = await page.evaluate((b) => window.archfoe.debug.buttonRect(b), n);
      expect(r, n).not.toBeNull();
      expect(r!.x, n).toBeGreaterThanOrEqual(0);
      expect(r!.y, n).toBeGreaterThanOrEqual(0);
      expect(r!.x + r!.width, n).toBeLessThanOrEqual(390);
      expect(r!.y + r!.height, n).toBeLessThanOrEqual(844);
      expect(r!.height, `${n} big enough to tap`).toBeGreaterThanOrEqual(18);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(errors).toEqual([]);
  });
});
