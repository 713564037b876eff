/**
 * Pacing on a slow device (issue 29): with the CPU throttled 6 times (the DevTools
 * protocol), the Menu takes a click at once, while its art is still fading in, and the
 * battle's opening and a monster phase play to their end at Normal speed. How long they
 * take is measured by `npm run bench:browser`, not asserted here.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(async () => {
  page = browser.page;
  const cdp = await browser.session.context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
});
afterAll(() => {
  expect(browser.errors).toEqual([]);
});

describe('a slow device', () => {
  it('the Menu takes a click as soon as it is up, while its art fades in', async () => {
    await page.goto(`${browser.session.baseUrl}?renderer=canvas`);
    // The first frame the Menu is up, then the two frames a scene takes no pointer in.
    const rect = await page.waitForFunction(
      () => {
        const api = window.archfoe;
        if (!api?.isReady || api.scene() !== 'Menu') return null;
        const r = api.debug.buttonRect('new-game');
        return r && r.enabled ? r : null;
      },
      null,
      { polling: 'raf', timeout: 60_000 },
    );
    const { cx, cy } = (await rect.jsonValue()) as { cx: number; cy: number };
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.mouse.click(cx, cy);
    await waitForScene(page, 'Setup', 30_000);
  }, 90_000);

  it('plays the opening and a monster phase with every monster alerted to their end', async () => {
    const phase = await page.evaluate(async () => {
      const api = window.archfoe;
      api.setSpeed('normal');
      const started = await api.start({
        scenario: 'dungeon-crawl',
        seed: 2,
        options: { startAlerted: 'all' },
      });
      if (!started.ok) return { error: started.error ?? 'no start' };
      const opened = api.state();
      // The heroes' moves at instant speed; the end of the round (the monsters' phase) at Normal.
      for (let i = 0; i < 50; i++) {
        const before = api.state();
        const command = api.suggest();
        if (!before || !command) return { error: 'no command' };
        const ends = command.type === 'end-turn';
        api.setSpeed(ends ? 'normal' : 'instant');
        const r = await api.dispatch(command);
        if (!r.ok) return { error: r.error ?? 'refused' };
        const after = api.state();
        if (ends && after && after.round > before.round)
          return {
            openedOn: opened?.phase,
            everyMonsterAlerted: before.units
              .filter((u) => u.side === 'enemies' && u.position)
              .every((u) => u.ai?.status === 'alerted'),
            after: after.phase,
            animating: api.debug.battle()?.animating,
          };
      }
      return { error: 'no round ended' };
    });
    expect(phase).toEqual({
      openedOn: 'heroes',
      everyMonsterAlerted: true,
      after: 'heroes',
      animating: false,
    });
  }, 120_000);
});
