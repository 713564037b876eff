/**
 * The Oracle panel through the real page (issue 11 "The oracle (II)", issue 12 "Campaign
 * screen"): in a Dungeon Crawl battle the panel opens by a click on its button and each of
 * the three questions (solitaire-gaming-rules II What Happens Next, II yes or no 11+, I
 * Secrets 16+ with the last possible place) is asked with typed words; the answer shows in
 * the panel with its die and in the dice log with its rule tag, and the questions come back
 * after a reload (they are commands of the saved battle). In a Skirmish battle the same by
 * keys alone. On a phone-sized page the panel is used by clicks. On the Campaign screen one
 * question goes into the chronicle and stays there after a reload.
 * Screenshots go to test-artifacts/ (and docs/ with DOCS_SHOTS=1).
 */
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { Page } from 'playwright-core';
import {
  ARTIFACTS,
  clickButtonOn,
  launchBrowser,
  ROOT,
  useBrowser,
  waitForScene,
  openGameOn,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();

type Kind = 'next' | 'yes-no' | 'secret';

/** The dice log's tag for each kind of question (the rule's book and section heading). */
const TAG: Record<Kind, string> = {
  next: 'Solitaire rules \u00b7 II What Happens Next',
  'yes-no': 'Solitaire rules \u00b7 II yes or no',
  secret: 'Solitaire rules \u00b7 I Secrets',
};

const WORDS: Record<Kind, string> = {
  next: 'what happens next',
  'yes-no': 'yes or no',
  secret: 'a secret',
};

async function shot(name: string, docs?: string): Promise<void> {
  const path = join(ARTIFACTS, `oracle-${name}.png`);
  await browser.page.screenshot({ path });
  if (docs && process.env.DOCS_SHOTS === '1') copyFileSync(path, join(ROOT, 'docs', docs));
}

const openGame = (): Promise<void> => openGameOn(browser.page);

async function startBattle(scenario: string, seed: number): Promise<void> {
  const page = browser.page;
  const r = await page.evaluate(({ scenario, seed }) => window.archfoe.start({ scenario, seed }), {
    scenario,
    seed,
  });
  expect(r).toEqual({ ok: true });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
  await page.evaluate(() => window.archfoe.idle());
}

/** The engine's oracle events so far. */
async function answers(
  page: Page = browser.page,
): Promise<{ question: Kind; about: string; roll: number; answer: string }[]> {
  return page.evaluate(() =>
    window.archfoe
      .events()
      .filter((e) => e.type === 'oracle')
      .map((e) => {
        const o = e as unknown as { question: Kind; about: string; roll: number; answer: string };
        return { question: o.question, about: o.about, roll: o.roll, answer: o.answer };
      }),
  );
}

async function pastCount(): Promise<number> {
  return browser.page.locator('#oracle-history li').count();
}

/** Waits for the n-th answer, then checks the panel, the engine's event and the dice log. */
async function expectAnswer(
  n: number,
  kind: Kind,
  about: string,
  page: Page = browser.page,
): Promise<void> {
  await page.waitForFunction(
    (n) => document.querySelectorAll('#oracle-history li').length === n,
    n,
  );
  await page.evaluate(() => window.archfoe.idle());
  const all = await answers(page);
  expect(all).toHaveLength(n);
  const last = all[n - 1];
  expect(last).toMatchObject({ question: kind, about });
  if (kind === 'yes-no') expect(last.answer).toBe(last.roll >= 11 ? 'yes' : 'no');
  if (kind === 'secret' && about.includes('last')) expect(last.answer).toBe('it is there');
  // The panel: the answer in large words, the die, what was asked, the rule.
  const words = (await page.textContent('#oracle-words')) ?? '';
  expect(words.toLowerCase()).toBe(last.answer.toLowerCase());
  expect(await page.textContent('#oracle-die')).toBe(`d20${last.roll}`);
  expect(await page.textContent('#oracle-asked')).toContain(about);
  expect(await page.textContent('#oracle-rule')).toContain(TAG[kind].split(' \u00b7 ')[1]);
  expect(await page.textContent('#oracle-history li:first-child')).toContain(about);
  // The dice log: the roll's line with its rule tag.
  const log = (await page.evaluate(() => window.archfoe.debug.battle()?.log)) ?? [];
  const line = log.find((l) =>
    l.text.startsWith(`Oracle, ${WORDS[kind]} (${about}): d20 = ${last.roll}`),
  );
  expect(line, JSON.stringify(log.slice(-4))).toBeTruthy();
  expect(line!.tag).toBe(TAG[kind]);
}

/**
 * Resizes the page with the Oracle panel open and waits for the scene to lay itself out
 * again (the panel made anew); the kind chosen, the words typed, the last-place toggle and
 * the answer shown are all kept.
 */
async function resizeKeepsPanel(
  page: Page,
  width: number,
  height: number,
  kind: Kind,
  about: string,
): Promise<void> {
  const words = await page.textContent('#oracle-words');
  const last = await page.isChecked('#oracle-last');
  await page.evaluate(() => document.getElementById('oracle-panel')!.setAttribute('data-old', '1'));
  await page.setViewportSize({ width, height });
  await page.waitForFunction(
    () => {
      const p = document.getElementById('oracle-panel');
      return p === null || !p.hasAttribute('data-old');
    },
    null,
    { timeout: 10_000 },
  );
  expect(
    await page.$('#oracle-panel'),
    `open after the resize to ${width}x${height}`,
  ).not.toBeNull();
  expect(await page.isChecked(`#oracle-kind-${kind}`)).toBe(true);
  expect(await page.inputValue('#oracle-about')).toBe(about);
  expect(await page.isChecked('#oracle-last')).toBe(last);
  expect(await page.isVisible('#oracle-last')).toBe(kind === 'secret');
  expect(await page.textContent('#oracle-words')).toBe(words);
  const box = await page.locator('#oracle-panel').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

describe('the Oracle panel in the browser', () => {
  it('in a Dungeon Crawl battle: opened by a click, each question asked with typed words', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    await openGame();
    await startBattle('dungeon-crawl', 7);
    const commandsBefore = (await page.evaluate(() => window.archfoe.events())).length;
    expect(commandsBefore).toBeGreaterThan(0);
    await clickButtonOn(page, 'oracle');
    await page.waitForSelector('#oracle-panel');
    expect(await pastCount()).toBe(0);
    // The last-place toggle belongs to the secret alone.
    expect(await page.isVisible('#oracle-last')).toBe(false);

    await page.click('#oracle-kind-next');
    await page.fill('#oracle-about', 'the rope bridge holds');
    await page.click('#oracle-ask');
    await expectAnswer(1, 'next', 'the rope bridge holds');

    await page.click('#oracle-kind-yes-no');
    await page.fill('#oracle-about', 'the door is locked');
    await page.click('#oracle-ask');
    await expectAnswer(2, 'yes-no', 'the door is locked');

    await page.click('#oracle-kind-secret');
    expect(await page.isVisible('#oracle-last')).toBe(true);
    await page.fill('#oracle-about', 'the key in the last chest');
    await page.click('#oracle-last');
    await page.click('#oracle-ask');
    await expectAnswer(3, 'secret', 'the key in the last chest');
    await page.waitForTimeout(300);
    await shot('battle', 'oracle-panel.png');

    // A new window size lays the battle out again; the open panel stays open as it was.
    await page.click('#oracle-kind-secret');
    await page.fill('#oracle-about', 'a lever behind the throne');
    await page.focus('#oracle-about');
    await resizeKeepsPanel(page, 844, 390, 'secret', 'a lever behind the throne');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('oracle-about');
    await page.waitForTimeout(300);
    await shot('battle-sideways');
    await page.click('#oracle-kind-next');
    await resizeKeepsPanel(page, 1280, 720, 'next', 'a lever behind the throne');

    // Nothing on the board moved: the turn is the same hero's.
    const look = await page.evaluate(() => window.archfoe.state()?.turn?.unitId ?? null);
    await page.click('#oracle-close');
    expect(await page.$('#oracle-panel')).toBeNull();
    expect(await page.evaluate(() => window.archfoe.state()?.turn?.unitId ?? null)).toBe(look);

    // The questions are commands of the saved battle: a reload replays them.
    const before = await answers();
    await page.evaluate(() => window.archfoe.saved());
    await page.reload();
    await openGame();
    expect(await page.evaluate(() => window.archfoe.resume())).toEqual({ ok: true });
    await waitForScene(page, 'Battle');
    expect(await answers()).toEqual(before);
    await clickButtonOn(page, 'oracle');
    await page.waitForSelector('#oracle-panel');
    expect(await pastCount()).toBe(3);
    expect(await page.textContent('#oracle-history li:first-child')).toContain(
      'the key in the last chest',
    );
    await page.click('#oracle-close');
  });

  it('in a Skirmish battle: the same with keys only', async () => {
    const page = browser.page;
    await startBattle('skirmish-basic-battle', 3);
    const turn = await page.evaluate(() => JSON.stringify(window.archfoe.state()?.turn ?? null));
    await page.mouse.move(5, 5);
    await page.keyboard.press('o');
    await page.waitForSelector('#oracle-panel');
    // The focus is on the first kind, What happens next.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('oracle-kind-next');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('oracle-about');
    // Letters and Space bound to battle keys go into the field, not to the battle.
    await page.keyboard.type('the storm breaks at dusk');
    await page.keyboard.press('Enter');
    await expectAnswer(1, 'next', 'the storm breaks at dusk');

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('oracle-kind-yes-no');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('the captain trusts us');
    await page.keyboard.press('Enter');
    await expectAnswer(2, 'yes-no', 'the captain trusts us');

    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('oracle-kind-secret');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('a spy in the last tent');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('oracle-last');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#oracle-last')).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expectAnswer(3, 'secret', 'a spy in the last tent');

    // Esc closes it; the battle's turn is untouched by the keys typed; O opens it again.
    await page.keyboard.press('Escape');
    expect(await page.$('#oracle-panel')).toBeNull();
    expect(await page.evaluate(() => JSON.stringify(window.archfoe.state()?.turn ?? null))).toBe(
      turn,
    );
    await page.keyboard.press('o');
    await page.waitForSelector('#oracle-panel');
    expect(await pastCount()).toBe(3);
    await page.keyboard.press('Escape');
    expect(await page.$('#oracle-panel')).toBeNull();
    // The help names the oracle's key.
    await page.keyboard.press('h');
    await page.waitForTimeout(300);
    await shot('help');
    await page.keyboard.press('h');
  });

  it('on a phone (390x844, touch): the button and the panel work by taps', async () => {
    const phone = await launchBrowser();
    try {
      const context = await phone.newContext({
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
      const page = await context.newPage();
      await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
      await page.waitForFunction(() => window.archfoe?.isReady === true, null, {
        timeout: 30_000,
      });
      await waitForScene(page, 'Menu');
      const r = await page.evaluate(() =>
        window.archfoe.start({ scenario: 'dungeon-crawl', seed: 11 }),
      );
      expect(r).toEqual({ ok: true });
      await waitForScene(page, 'Battle');
      await page.evaluate(() => window.archfoe.setSpeed('instant'));
      await page.evaluate(() => window.archfoe.idle());
      const button = await page.evaluate(() => window.archfoe.debug.buttonRect('oracle'));
      expect(button?.enabled).toBe(true);
      expect(button!.x + button!.width).toBeLessThanOrEqual(390);
      await page.touchscreen.tap(button!.cx, button!.cy);
      await page.waitForSelector('#oracle-panel');
      const box = await page.locator('#oracle-panel').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
      await page.tap('#oracle-kind-yes-no');
      await page.tap('#oracle-about');
      await page.keyboard.type('reinforcements come');
      await page.tap('#oracle-ask');
      await expectAnswer(1, 'yes-no', 'reinforcements come', page);
      await page.waitForTimeout(300);
      const path = join(ARTIFACTS, 'oracle-phone.png');
      await page.screenshot({ path });
      await page.tap('#oracle-close');
      expect(await page.$('#oracle-panel')).toBeNull();
      await context.close();
    } finally {
      await phone.close();
    }
  });

  it('on the Campaign screen: a question goes into the chronicle and stays after a reload', async () => {
    const page = browser.page;
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    await page.evaluate(() => window.archfoe.debug.seedNextCampaign(12));
    await clickButtonOn(page, 'slot-1-new');
    await clickButtonOn(page, 'pick-ember-crown');
    await clickButtonOn(page, 'difficulty-story');
    await clickButtonOn(page, 'picker-start');
    await waitForScene(page, 'Campaign');
    const chronicle = () => page.evaluate(() => window.archfoe.debug.textOf('campaign-chronicle'));
    expect(await chronicle()).not.toMatch(/Oracle/);
    await clickButtonOn(page, 'campaign-oracle');
    await page.waitForSelector('#oracle-panel');
    await page.click('#oracle-kind-yes-no');
    await page.fill('#oracle-about', 'the ferry still runs');
    await page.click('#oracle-ask');
    await page.waitForFunction(() => document.querySelectorAll('#oracle-history li').length === 1);
    const words = ((await page.textContent('#oracle-words')) ?? '').toLowerCase();
    expect(['yes', 'no']).toContain(words);
    const roll = Number(((await page.textContent('#oracle-die')) ?? '').replace('d20', ''));
    expect(words).toBe(roll >= 11 ? 'yes' : 'no');
    const line = `Oracle, yes or no (the ferry still runs): d20 = ${roll}: ${words}`;
    expect(await chronicle()).toContain(line);
    await page.waitForTimeout(300);
    await shot('campaign');
    await page.keyboard.press('Escape');
    expect(await page.$('#oracle-panel')).toBeNull();
    await page.waitForTimeout(200);
    await shot('campaign-chronicle');

    await page.evaluate(() => window.archfoe.saved());
    await page.reload();
    await openGame();
    await clickButtonOn(page, 'campaign');
    await waitForScene(page, 'Campaigns');
    await clickButtonOn(page, 'slot-1-continue');
    await waitForScene(page, 'Campaign');
    expect(await chronicle()).toContain(line);
    // Asked again after the reload, the panel lists the earlier question.
    await page.keyboard.press('o');
    await page.waitForSelector('#oracle-panel');
    expect(await page.textContent('#oracle-history li:first-child')).toContain(
      'the ferry still runs',
    );
    // A new window size lays the screen out again; the panel stays open as it was.
    await page.click('#oracle-kind-secret');
    await page.fill('#oracle-about', 'the map under the floor');
    await resizeKeepsPanel(page, 390, 844, 'secret', 'the map under the floor');
    await page.waitForTimeout(300);
    await shot('campaign-phone');
    await page.keyboard.press('Escape');
    expect(browser.errors).toEqual([]);
  });

  it('the Keys page lists the oracle among the rebindable keys', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    await openGame();
    await clickButtonOn(page, 'settings');
    await waitForScene(page, 'Settings');
    await clickButtonOn(page, 'settings-keys');
    await waitForScene(page, 'Keys');
    await clickButtonOn(page, 'key-oracle');
    await page.keyboard.press('k');
    await page.waitForFunction(() =>
      /The oracle: K/.test(window.archfoe.debug.textOf('keys-message') ?? ''),
    );
    await shot('keys');
    await clickButtonOn(page, 'keys-defaults');
  });
});
