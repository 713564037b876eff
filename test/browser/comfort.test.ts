/**
 * Comfort settings in a real browser (issue 14): the Settings sliders take the keyboard
 * focus and move with the arrow keys; the largest text size (1.4 times) grows the battle's
 * texts, labels, buttons, cards, hint, info panel and dice log by at least 1.3 times, and
 * the battle still fits a 1280x720 screen and a 390x844 phone: every button's label inside
 * its button, on the page, no two buttons or cards overlapping (the cards that no longer
 * fit their column are turned a page at a time).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { compareShots } from './compare-shots';
import { clickButtonOn, useBrowser, waitForScene, waitForSteadyScreen } from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = browser.page;
});

const settings = (): Promise<{ master: number; textSize: string }> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('archfoe.settings.v1') ?? '{}'));
const box = (name: string) => page.evaluate((n) => window.archfoe.debug.textBox(n), name);

async function openMenu(): Promise<void> {
  await page.goto(browser.session.baseUrl + '?renderer=canvas');
  await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
  await waitForScene(page, 'Menu');
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
}

async function startBattle(): Promise<void> {
  expect(
    await page.evaluate(() => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 7 })),
  ).toEqual({ ok: true });
  await page.evaluate(() => window.archfoe.idle());
  await page.waitForTimeout(300);
}

/** The sizes the text size should grow: letters of texts and labels, and boxes. */
interface Sizes {
  status: number;
  endTurn: number;
  weapon: number;
  hint: number;
  info: number;
  log: number;
  endTurnBox: number;
  card: number;
  cardWidth: number;
}

/**
 * The letters' heights of a card's status, the End turn button's label, a weapon's, the
 * hint, the info panel and a dice-log line; the End turn button's and a card's heights.
 */
async function sizes(): Promise<Sizes> {
  const letters = async (name: string): Promise<number> => {
    const b = await box(name);
    expect(b, name).toBeTruthy();
    return b!.letters;
  };
  const rect = async (name: string) => {
    const r = await page.evaluate((n) => window.archfoe.debug.buttonRect(n), name);
    expect(r, name).toBeTruthy();
    return r!;
  };
  const card = await rect('card-fighting-man-1');
  return {
    status: await letters('card-fighting-man-1-status'),
    endTurn: await letters('end-turn'),
    weapon: await letters('card-fighting-man-1-sword'),
    hint: await letters('battle-hint'),
    info: await letters('info-body'),
    log: await letters('log-line'),
    endTurnBox: (await rect('end-turn')).height,
    card: card.height,
    cardWidth: card.width,
  };
}

/** No two buttons (or cards) on the screen overlap (but those under an open panel). */
async function checkNoOverlap(what: string, under: string[] = []): Promise<number> {
  const rects = (
    await page.evaluate(() =>
      window.archfoe.debug
        .buttonNames()
        .map((n) => ({ n, r: window.archfoe.debug.buttonRect(n) }))
        .filter((x) => x.r !== null),
    )
  ).filter((x) => !under.includes(x.n));
  for (const [i, a] of rects.entries())
    for (const b of rects.slice(i + 1)) {
      const overlap =
        Math.min(a.r!.x + a.r!.width, b.r!.x + b.r!.width) - Math.max(a.r!.x, b.r!.x) > 1 &&
        Math.min(a.r!.y + a.r!.height, b.r!.y + b.r!.height) - Math.max(a.r!.y, b.r!.y) > 1;
      expect(overlap, `${what}: ${a.n} and ${b.n} overlap`).toBe(false);
    }
  return rects.length;
}

/** Every visible button's label lies inside its button, and every button on the page. */
async function checkFits(width: number, height: number, what: string): Promise<number> {
  const names = await page.evaluate(() => window.archfoe.debug.buttonNames());
  let checked = 0;
  for (const n of names) {
    const b = await page.evaluate((x) => window.archfoe.debug.buttonRect(x), n);
    const t = await box(n);
    if (!b || !t || t.width === 0) continue;
    checked++;
    expect(b.x, `${what}: ${n} on the page`).toBeGreaterThanOrEqual(-1);
    expect(b.x + b.width, `${what}: ${n} on the page`).toBeLessThanOrEqual(width + 1);
    expect(b.y + b.height, `${what}: ${n} on the page`).toBeLessThanOrEqual(height + 1);
    expect(t.x, `${what}: ${n}'s label inside`).toBeGreaterThanOrEqual(b.x - 1);
    expect(t.x + t.width, `${what}: ${n}'s label inside`).toBeLessThanOrEqual(b.x + b.width + 1);
    expect(t.y, `${what}: ${n}'s label inside`).toBeGreaterThanOrEqual(b.y - 1);
    expect(t.y + t.height, `${what}: ${n}'s label inside`).toBeLessThanOrEqual(b.y + b.height + 1);
  }
  return checked;
}

describe('comfort settings', () => {
  it('sliders by keyboard; the larger text grows the HUD and still fits', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openMenu();
    await startBattle();
    const normal = await sizes();
    await clickButtonOn(page, 'to-menu');
    await waitForScene(page, 'Menu');

    // Settings: Tab reaches the volume slider; the arrows move it by 5%.
    await clickButtonOn(page, 'settings');
    await waitForScene(page, 'Settings');
    for (let i = 0; i < 30; i++) {
      if ((await page.evaluate(() => window.archfoe.debug.focusedButton())) === 'master') break;
      await page.keyboard.press('Tab');
    }
    expect(await page.evaluate(() => window.archfoe.debug.focusedButton())).toBe('master');
    const before = (await settings()).master ?? 0.8;
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect((await settings()).master).toBeCloseTo(Math.max(0, before - 0.1), 5);
    await page.keyboard.press('ArrowRight');
    expect((await settings()).master).toBeCloseTo(Math.max(0, before - 0.05), 5);
    await page.screenshot({ path: 'test-artifacts/comfort-slider-focus.png' });

    // The largest text size: the battle's labels, cards and buttons grow with it.
    await clickButtonOn(page, 'text-larger');
    expect((await settings()).textSize).toBe('larger');
    // The screens are built again for the new size: Escape once the new one is up.
    await waitForSteadyScreen(page);
    await page.keyboard.press('Escape');
    await waitForScene(page, 'Menu');
    await startBattle();
    const larger = await sizes();
    // Everything read grows by close to the setting's 1.4: texts, labels, buttons, cards.
    for (const k of Object.keys(normal) as (keyof Sizes)[])
      expect(larger[k] / normal[k], `${k}: ${normal[k]} -> ${larger[k]}`).toBeGreaterThanOrEqual(
        1.3,
      );
    expect(await checkFits(1280, 720, '1280x720')).toBeGreaterThan(5);
    expect(await checkNoOverlap('1280x720')).toBeGreaterThan(5);
    // Four cards no longer fit the column: they are turned a page at a time.
    const cards = async () =>
      (await page.evaluate(() => window.archfoe.debug.buttonNames())).filter((n) =>
        /^card-[a-z-]+-\d+$/.test(n),
      );
    const first = await cards();
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThan(4);
    await clickButtonOn(page, 'cards-down');
    const second = await cards();
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((n) => first.includes(n))).toBe(false);
    await clickButtonOn(page, 'cards-up');
    expect(await cards()).toEqual(first);
    await page.screenshot({ path: 'test-artifacts/comfort-larger-1280.png' });

    // A phone held upright.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForFunction(() => (window.archfoe.debug.battle()?.viewport.width ?? 999) < 400);
    await page.waitForTimeout(400);
    expect(await checkFits(390, 844, 'phone')).toBeGreaterThan(3);
    expect(await checkNoOverlap('phone')).toBeGreaterThan(3);
    await page.screenshot({ path: 'test-artifacts/comfort-larger-phone.png' });
    // The hero cards' panel: the cards at (nearly) full size, a page at a time.
    await clickButtonOn(page, 'heroes-panel');
    await page.waitForTimeout(300);
    expect(await checkFits(390, 844, 'phone, cards')).toBeGreaterThan(3);
    expect(await checkNoOverlap('phone, cards', ['recentre'])).toBeGreaterThan(3);
    const card = await page.evaluate(() => window.archfoe.debug.buttonRect('card-fighting-man-1'));
    expect(card!.height / normal.card).toBeGreaterThanOrEqual(1.15);
    await page.screenshot({ path: 'test-artifacts/comfort-larger-phone-cards.png' });
    await clickButtonOn(page, 'heroes-panel');

    // A Skirmish battle at 1280x720: its cards, buttons and labels fit and stay apart.
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'skirmish-basic-battle', seed: 3 }),
      ),
    ).toEqual({ ok: true });
    await page.evaluate(() => window.archfoe.idle());
    await page.waitForTimeout(400);
    expect(await checkFits(1280, 720, 'Skirmish 1280x720')).toBeGreaterThan(5);
    expect(await checkNoOverlap('Skirmish 1280x720')).toBeGreaterThan(5);
    await page.screenshot({ path: 'test-artifacts/comfort-larger-skirmish.png' });
    // A phone on its side.
    await page.setViewportSize({ width: 844, height: 390 });
    await page.waitForFunction(() => (window.archfoe.debug.battle()?.viewport.width ?? 999) < 700);
    await page.waitForTimeout(400);
    expect(await checkFits(844, 390, 'sideways')).toBeGreaterThan(5);
    expect(await checkNoOverlap('sideways')).toBeGreaterThan(5);
    await page.screenshot({ path: 'test-artifacts/comfort-larger-sideways.png' });
    expect(browser.errors).toEqual([]);
  }, 240_000);

  it("reduced motion: the figures stand still (no idle animation, the acting hero's glow steady; on the menu no flicker or embers)", async () => {
    // Blocks of the battle that change over 1.2 s with nothing given, looked at every 0.3 s
    // (idle frames turn at 2.2 a second; the acting hero's glow pulses over 1.4 s).
    const changing = async (reduced: boolean, where: 'battle' | 'menu'): Promise<number> => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(browser.session.baseUrl + '?renderer=canvas');
      await page.evaluate(
        (r) => localStorage.setItem('archfoe.settings.v1', JSON.stringify({ reducedMotion: r })),
        reduced,
      );
      await openMenu();
      expect((await page.evaluate(() => window.archfoe.debug.comfort())).reducedMotion).toBe(
        reduced,
      );
      if (where === 'battle') await startBattle();
      await page.mouse.move(2, 2);
      await waitForSteadyScreen(page);
      await page.waitForTimeout(300);
      const first = await page.screenshot();
      const changed = new Set<string>();
      for (let i = 0; i < 4; i++) {
        await page.waitForTimeout(300);
        const later = await page.screenshot();
        // Finer than the default: a glow's thin ring fading is a change too.
        const diff = await compareShots(page, first, later, { channel: 40, share: 0.04 });
        for (const at of diff.differing) changed.add(at);
      }
      return changed.size;
    };
    expect(await changing(false, 'battle')).toBeGreaterThan(0);
    expect(await changing(true, 'battle')).toBe(0);
    // The menu too: its party's idle frames, the torches' flicker and the rising embers.
    expect(await changing(false, 'menu')).toBeGreaterThan(0);
    expect(await changing(true, 'menu')).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it("the battle's help fits the screen at the larger text size: it scrolls to every line", async () => {
    const keysShown = (): Promise<string[]> =>
      page.evaluate(() => window.archfoe.debug.textsShown('help-key'));
    const more = (): Promise<string | null> =>
      page.evaluate(() => window.archfoe.debug.textOf('help-more'));
    const helpAt = async (textSize: string, width: number, height: number) => {
      await page.setViewportSize({ width, height });
      await page.goto(browser.session.baseUrl + '?renderer=canvas');
      await page.evaluate(
        (t) => localStorage.setItem('archfoe.settings.v1', JSON.stringify({ textSize: t })),
        textSize,
      );
      await openMenu();
      await startBattle();
      await page.keyboard.press('?');
      await page.waitForTimeout(200);
    };
    // At the normal size on a wide screen every line is in view at once.
    await helpAt('normal', 1280, 720);
    const all = await keysShown();
    expect(all.length).toBeGreaterThan(10);
    expect(await more()).toBeNull();
    for (const [width, height] of [
      [1280, 720],
      [390, 844],
    ]) {
      await helpAt('larger', width, height);
      const first = await keysShown();
      expect(first.length, `${width}x${height}`).toBeLessThan(all.length);
      expect(await more()).toBe('more: scroll \u2193');
      const foot = await page.evaluate(() => window.archfoe.debug.textBox('help-more'));
      expect(foot!.y + foot!.height).toBeLessThanOrEqual(height);
      const seen = new Set(first);
      for (let i = 0; i < 20 && (await more()) !== 'scroll \u2191'; i++) {
        await page.keyboard.press('PageDown');
        for (const k of await keysShown()) seen.add(k);
      }
      expect([...seen].sort(), `${width}x${height}`).toEqual([...all].sort());
      // The wheel over it scrolls it back, and does not zoom the board; the pointer over it
      // is on no square of the board under it.
      const zoom = await page.evaluate(() => window.archfoe.debug.boardZoom());
      const info = await page.evaluate(() => window.archfoe.debug.info()?.title);
      await page.mouse.move(width / 2 - 40, height / 2 - 40);
      await page.mouse.move(width / 2, height / 2, { steps: 4 });
      expect(await page.evaluate(() => window.archfoe.debug.info()?.title)).toBe(info);
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(200);
      expect(await more()).not.toBe('scroll \u2191');
      expect(await page.evaluate(() => window.archfoe.debug.boardZoom())).toBe(zoom);
      await page.screenshot({ path: `test-artifacts/comfort-help-larger-${width}x${height}.png` });
    }
    expect(browser.errors).toEqual([]);
  });

  it('the info panel scrolls a text longer than it holds at the larger text size', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(browser.session.baseUrl + '?renderer=canvas');
    await page.evaluate(() =>
      localStorage.setItem('archfoe.settings.v1', JSON.stringify({ textSize: 'larger' })),
    );
    await openMenu();
    expect(
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'skirmish-basic-battle', seed: 4 }),
      ),
    ).toEqual({ ok: true });
    await page.evaluate(() => window.archfoe.idle());
    await page.mouse.move(2, 2);
    await waitForSteadyScreen(page);
    const more = (): Promise<string | null> =>
      page.evaluate(() => window.archfoe.debug.textOf('info-more'));
    // The acting hero's text (its weapons, its abilities) runs past the panel's foot.
    expect(await more()).toBe('more: scroll \u2193');
    expect(await page.evaluate(() => window.archfoe.debug.textOf('info-body'))).toContain(
      'Wounds left',
    );
    await page.screenshot({ path: 'test-artifacts/comfort-info-top.png' });
    const body = await page.evaluate(() => window.archfoe.debug.textBox('info-body'));
    const zoom = await page.evaluate(() => window.archfoe.debug.boardZoom());
    await page.mouse.move(body!.x + 20, body!.y + 20);
    for (let i = 0; i < 10 && (await more()) !== 'scroll \u2191'; i++) {
      await page.mouse.wheel(0, 100);
      await page.waitForTimeout(60);
    }
    expect(await more()).toBe('scroll \u2191');
    expect(await page.evaluate(() => window.archfoe.debug.boardZoom())).toBe(zoom);
    // The lines in view are the text's last ones, above the foot line, inside the panel.
    const lines = (): Promise<string> =>
      page.evaluate(() => window.archfoe.debug.textOf('info-body') ?? '');
    const whole = (await page.evaluate(() => window.archfoe.debug.info()))!.body;
    expect(await lines()).not.toContain('Wounds left');
    expect(whole.replace(/\s+/g, ' ')).toContain((await lines()).split('\n').slice(-1)[0].trim());
    expect(whole.trimEnd().endsWith((await lines()).trimEnd().split(/\s+/).slice(-1)[0])).toBe(
      true,
    );
    const shownBox = await page.evaluate(() => window.archfoe.debug.textBox('info-body'));
    const foot = await page.evaluate(() => window.archfoe.debug.textBox('info-more'));
    expect(shownBox!.y).toBeCloseTo(body!.y, 0);
    expect(shownBox!.y + shownBox!.height).toBeLessThanOrEqual(foot!.y + 1);
    expect(foot!.y + foot!.height).toBeLessThanOrEqual(720);
    await page.screenshot({ path: 'test-artifacts/comfort-info-scrolled.png' });
    for (let i = 0; i < 10 && (await more()) !== 'more: scroll \u2193'; i++) {
      await page.mouse.wheel(0, -100);
      await page.waitForTimeout(60);
    }
    expect(await more()).toBe('more: scroll \u2193');
    // Page Down reads on a page at a time (keeping a line of the last), Page Up goes back.
    const top = await lines();
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(60);
    const paged = await lines();
    expect(paged).not.toBe(top);
    expect(paged.split('\n')[0]).toBe(top.split('\n').slice(-1)[0]);
    expect(await more()).not.toBe('more: scroll \u2193');
    for (let i = 0; i < 10 && (await more()) !== 'more: scroll \u2193'; i++)
      await page.keyboard.press('PageUp');
    expect(await lines()).toBe(top);
    expect(browser.errors).toEqual([]);
  });

  it('Shift+Page Up / Down go back through the dice log and forward again, keys alone', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(browser.session.baseUrl + '?renderer=canvas');
    await openMenu();
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await startBattle();
    // A few turns, so the log holds more than its panel shows.
    for (let i = 0; i < 6; i++) {
      await page.evaluate(async () => {
        const a = window.archfoe;
        const end = a.legalCommands().find((c) => c.type === 'end-turn');
        if (end) await a.dispatch(end);
      });
    }
    await page.evaluate(() => window.archfoe.idle());
    const shown = (): Promise<string[]> =>
      page.evaluate(() => window.archfoe.debug.textsShown('log-line'));
    const newest = await shown();
    expect(newest.length).toBeGreaterThan(3);
    await page.keyboard.press('Shift+PageUp');
    await page.waitForTimeout(60);
    const back = await shown();
    // Older lines come in at the top; the newest line is out of view.
    expect(back).not.toEqual(newest);
    expect(back).not.toContain(newest[newest.length - 1]);
    const more = (): Promise<string[]> =>
      page.evaluate(() => window.archfoe.debug.textsShown('log-more'));
    expect((await more())[0]).toMatch(/^\u2193 5 newer \(wheel, Shift\+Page Down\)$/);
    await page.keyboard.press('Shift+PageDown');
    await page.waitForTimeout(60);
    expect(await shown()).toEqual(newest);
    expect(await more()).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
