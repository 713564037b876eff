/**
 * The first-battle tutorial in a real browser (issue 14): the first New game offers it on
 * the Setup screen; it is played to the end by real clicks and key presses (move to the
 * marked square, click the marked monster, click the dice log, T, the Intent button,
 * Space, then the next hero to the marked square and Z), each step moving on only after
 * its own action, Undo enabled on its step (issue 29); then it is left early with Esc and
 * with the Skip button. No console errors.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BattleLook } from '../../src/app/app';
import type { ArchFoeApi } from '../../src/app/automation';
import { ARTIFACTS, clickButtonOn, useBrowser, waitForScene } from './harness';
import { join } from 'node:path';

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

type Shown = NonNullable<BattleLook['tutorial']>;
const idle = (): Promise<void> => page.evaluate(() => window.archfoe.idle());
const progress = () => page.evaluate(() => window.archfoe.tutorial());
const bubble = async (): Promise<Shown | null> =>
  (await page.evaluate(() => window.archfoe.debug.battle()))?.tutorial ?? null;

/** Waits until the bubble shows `step` (after the animation of the last action). */
async function expectStep(step: string): Promise<Shown> {
  await idle();
  await page.waitForFunction((s) => window.archfoe.debug.battle()?.tutorial?.step === s, step, {
    timeout: 10_000,
  });
  return (await bubble())!;
}

async function clickSquare(sq: { x: number; y: number }): Promise<void> {
  const p = await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
    sq.x,
    sq.y,
  ] as const);
  expect(p, `square ${sq.x},${sq.y} on screen`).not.toBeNull();
  await page.mouse.click(p!.x, p!.y);
}

async function openTutorialFromSetup(): Promise<void> {
  await clickButtonOn(page, 'new-game');
  await waitForScene(page, 'Setup');
  await clickButtonOn(page, 'tutorial');
  await waitForScene(page, 'Battle');
  await expectStep('move');
}

describe('the first-battle tutorial', () => {
  it('is offered on the first New game and completes by real clicks and keys', async () => {
    await page.goto(baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('fast'));
    // A first visit: the Menu offers it too, under its own Tutorial button.
    expect(await page.evaluate(() => window.archfoe.debug.textOf('tutorial-offer'))).toMatch(
      /guided battle/,
    );
    await clickButtonOn(page, 'new-game');
    await waitForScene(page, 'Setup');
    expect(await page.evaluate(() => window.archfoe.debug.textOf('tutorial-offer'))).toMatch(
      /tutorial/,
    );
    await page.screenshot({ path: join(ARTIFACTS, 'tutorial-offer.png') });
    await clickButtonOn(page, 'tutorial');
    await waitForScene(page, 'Battle');

    // 1. Move: the bubble marks a square; a click elsewhere that does nothing keeps the step.
    let shown = await expectStep('move');
    expect(shown.frame).not.toBeNull();
    expect(await progress()).toEqual({ step: 0, finished: false, skipped: false });
    const hero = (await page.evaluate(() => window.archfoe.state()!.turn!.unitId))!;
    await page.keyboard.press('t');
    await page.keyboard.press('t');
    expect((await progress())!.step).toBe(0);
    await page.screenshot({ path: join(ARTIFACTS, 'tutorial-move.png') });
    await clickSquare(shown.square!);
    shown = await expectStep('attack');
    const moved = await page.evaluate(() => window.archfoe.state()!);
    expect(moved.units.find((u) => u.id === hero)!.position).toEqual(
      (await page.evaluate(() => window.archfoe.events())).filter((e) => e.type === 'moved').at(-1)!
        .to,
    );

    // 2. Attack: click the marked monster.
    const target = shown.square!;
    const victim = moved.units.find(
      (u) => u.side === 'enemies' && u.position?.x === target.x && u.position?.y === target.y,
    );
    expect(victim).toBeDefined();
    const logBefore = (await page.evaluate(() => window.archfoe.debug.battle()))!.log.length;
    await clickSquare(target);
    shown = await expectStep('log');
    const attacks = (await page.evaluate(() => window.archfoe.events())).filter(
      (e) => e.type === 'attacked',
    );
    expect(attacks.at(-1)).toMatchObject({ unit: hero, target: victim!.id });
    const log = (await page.evaluate(() => window.archfoe.debug.battle()))!.log;
    expect(log.length).toBeGreaterThan(logBefore);

    // 3. The dice log: click on it.
    await page.screenshot({ path: join(ARTIFACTS, 'tutorial-log.png') });
    expect(shown.frame).not.toBeNull();
    await page.mouse.click(
      shown.frame!.x + shown.frame!.width / 2,
      shown.frame!.y + shown.frame!.height / 2,
    );
    shown = await expectStep('threats');

    // 4. Threats: the T key. 5. Intent: the top bar's button.
    await page.keyboard.press('t');
    shown = await expectStep('intent');
    expect(shown.frame).not.toBeNull();
    await clickButtonOn(page, 'intent');
    shown = await expectStep('end-turn');
    expect(await progress()).toEqual({ step: 5, finished: false, skipped: false });

    // 6. End turn: Space passes to the next hero.
    await page.keyboard.press('Space');
    shown = await expectStep('undo');
    const next = (await page.evaluate(() => window.archfoe.state()!.turn!.unitId))!;
    expect(next).not.toBe(hero);
    expect(shown.square).not.toBeNull();

    // 7. Undo: the next hero walks to the marked square; no monster newly noticed that
    // move, so Undo is enabled (not the greyed button of before), and Z takes it back.
    const from = (await page.evaluate(() => window.archfoe.state()!))!.units.find(
      (u) => u.id === next,
    )!.position;
    await clickSquare(shown.square!);
    await idle();
    await page.waitForFunction(
      () => window.archfoe.debug.buttonRect('undo')?.enabled === true,
      null,
      {
        timeout: 10_000,
      },
    );
    shown = (await bubble())!;
    expect(shown.step).toBe('undo');
    expect(shown.text).toMatch(/Try it/);
    expect(shown.frame).not.toBeNull();
    await page.screenshot({ path: join(ARTIFACTS, 'tutorial-undo.png') });
    await page.keyboard.press('z');
    shown = await expectStep('finished');
    expect((await progress())!.finished).toBe(true);
    const s = await page.evaluate(() => window.archfoe.state()!);
    expect(s.units.find((u) => u.id === next)!.position).toEqual(from);
    expect(s.turn?.unitId).toBe(next);
    // Close: the bubble goes.
    await clickButtonOn(page, 'tutorial-skip');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.tutorial === null);
    expect(await progress()).toBeNull();
  }, 120_000);

  it('can be left with Esc or with the Skip button; the offer is not made again', async () => {
    await clickButtonOn(page, 'to-menu');
    await waitForScene(page, 'Menu');
    await clickButtonOn(page, 'new-game');
    await waitForScene(page, 'Setup');
    expect(await page.evaluate(() => window.archfoe.debug.textOf('tutorial-offer'))).toBeNull();
    await clickButtonOn(page, 'tutorial');
    await waitForScene(page, 'Battle');
    await expectStep('move');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.tutorial === null);
    expect((await progress())!.skipped).toBe(true);
    // Nothing comes back after a move.
    const move = (await page.evaluate(() => window.archfoe.legalCommands())).find(
      (c) => c.type === 'move',
    )!;
    await page.evaluate((c) => window.archfoe.dispatch(c), move);
    await idle();
    expect(await bubble()).toBeNull();

    await clickButtonOn(page, 'to-menu');
    await waitForScene(page, 'Menu');
    // Offered once: the Menu's button stays, without the offer.
    expect(await page.evaluate(() => window.archfoe.debug.textOf('tutorial-offer'))).toBeNull();
    await clickButtonOn(page, 'tutorial');
    await waitForScene(page, 'Battle');
    await expectStep('move');
    await clickButtonOn(page, 'tutorial-skip');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.tutorial === null);
    expect((await progress())!.skipped).toBe(true);
    expect(errors).toEqual([]);
  }, 120_000);

  it('on a phone-sized page the bubble fits and the log step takes the Log panel', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The battle lays itself out again for the narrow page before its Menu button is used.
    await page.waitForFunction(() => (window.archfoe.debug.battle()?.viewport.width ?? 999) < 400);
    await page.waitForTimeout(300);
    await clickButtonOn(page, 'to-menu');
    await waitForScene(page, 'Menu');
    await openTutorialFromSetup();
    let shown = await expectStep('move');
    const view = (await page.evaluate(() => window.archfoe.debug.battle()))!.viewport;
    expect(shown.frame).not.toBeNull();
    expect(shown.frame!.x).toBeGreaterThanOrEqual(view.x - 8);
    expect(shown.frame!.x + shown.frame!.width).toBeLessThanOrEqual(view.x + view.width + 8);
    await page.screenshot({ path: join(ARTIFACTS, 'tutorial-phone.png') });
    await clickSquare(shown.square!);
    shown = await expectStep('attack');
    await clickSquare(shown.square!);
    shown = await expectStep('log');
    expect(shown.frame).not.toBeNull();
    await clickButtonOn(page, 'log-panel');
    await expectStep('threats');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.archfoe.debug.battle()?.tutorial === null);
    expect(errors).toEqual([]);
  }, 120_000);
});
