/**
 * The Setup screen's options fit in their panel (issue 28): for every Skirmish scenario
 * (solitaire-gaming-rules VI, chosen with the arrows, and one rolled on the d20 table) and
 * for the Dungeon Crawl with its longest options (victory by holding a spot, which adds its
 * turns), every option's buttons and the Keys line lie inside the details panel, at
 * 1920x1080 and at the other usual sizes of a wide screen. (Before, the Fortress Assault's
 * Seed row crossed the panel's border and its Keys line fell below it.) Screenshots go to
 * test-artifacts/setup-fits-*.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { setupLayout } from '../../src/view/setup-layout';
import {
  ARTIFACTS,
  clickButtonOn,
  openSetup,
  useBrowser,
  waitForScene,
  waitForSteadyScreen,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 2560, height: 1080 },
] as const;

/** The buttons of the scenario list and the screen's foot: not options. */
const NOT_OPTIONS =
  /^(scenario-(?!prev$|next$|roll$)|load-map$|setup-back$|start$|tutorial$|mymap)/;

/**
 * Every option button shown and the Keys line lie inside the details panel (page pixels,
 * from the layout box the screen was framed in). Returns how many buttons were checked.
 */
async function checkInsidePanel(where: string, size: { width: number; height: number }) {
  const page = b.page;
  await waitForSteadyScreen(page, 4);
  const look = await page.evaluate(() => {
    const d = window.archfoe.debug;
    return {
      frame: d.menuFrame(),
      buttons: d.buttonNames().map((n) => ({ n, r: d.buttonRect(n) })),
      keys: d.textBox('setup-keys'),
      more: d.textOf('setup-options-more'),
    };
  });
  expect(look.frame, `${where}: the Setup is framed`).not.toBeNull();
  const f = look.frame!;
  const { details: d } = setupLayout(f.W, f.H, 34);
  const sx = size.width / (f.right - f.left);
  const sy = size.height / (f.bottom - f.top);
  const panel = {
    x: (d.x - f.left) * sx,
    y: (d.y - f.top) * sy,
    right: (d.x + d.w - f.left) * sx,
    bottom: (d.y + d.h - f.top) * sy,
  };
  const inside = (n: string, r: { x: number; y: number; width: number; height: number }) => {
    expect(r.x, `${where}: ${n} starts inside the panel`).toBeGreaterThanOrEqual(panel.x - 1);
    expect(r.y, `${where}: ${n} starts inside the panel`).toBeGreaterThanOrEqual(panel.y - 1);
    expect(r.x + r.width, `${where}: ${n} ends inside the panel`).toBeLessThanOrEqual(
      panel.right + 1,
    );
    expect(r.y + r.height, `${where}: ${n} ends above the panel's foot`).toBeLessThanOrEqual(
      panel.bottom + 1,
    );
  };
  const options = look.buttons.filter((x) => x.r && !NOT_OPTIONS.test(x.n));
  for (const { n, r } of options) inside(n, r!);
  expect(
    options.map((x) => x.n),
    `${where}: the seed row is shown`,
  ).toEqual(expect.arrayContaining(['seed-random', 'seed-typed']));
  expect(look.more, `${where}: nothing to scroll`).toBeNull();
  expect(look.keys, `${where}: the Keys line is shown`).not.toBeNull();
  inside('the Keys line', look.keys!);
  return options.length;
}

const scenarioNow = () =>
  b.page.evaluate(() => window.archfoe.debug.setup().options?.scenario as string | undefined);

describe('the Setup options fit their panel', () => {
  it('every Skirmish scenario, and the Dungeon Crawl holding a spot, at every wide size', async () => {
    const page = b.page;
    await page.setViewportSize(SIZES[0]);
    await openSetup(page, b.session.baseUrl);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await waitForSteadyScreen(page);
      await waitForScene(page, 'Setup');
      const at = `${size.width}x${size.height}`;
      await clickButtonOn(page, 'scenario-skirmish-basic-battle');
      const seen = new Set<string>();
      for (let i = 0; i < 7; i++) {
        const scenario = (await scenarioNow())!;
        seen.add(scenario);
        const checked = await checkInsidePanel(`${at} ${scenario}`, size);
        expect(checked).toBeGreaterThan(10);
        if (scenario === 'fortress-assault')
          await page.screenshot({ path: join(ARTIFACTS, `setup-fits-fortress-${at}.png`) });
        await clickButtonOn(page, 'scenario-next');
        await page.waitForFunction(
          (s) => window.archfoe.debug.setup().options?.scenario !== s,
          scenario,
        );
      }
      expect(seen.size).toBe(7);
      // A scenario rolled on the d20 table says its roll under the choice: still inside, for
      // the longest options too (the Fortress Assault, 13-14 on the d20: rolled again until
      // it comes up, or the last roll checked when it does not in 80).
      for (let i = 0; i < 80; i++) {
        await clickButtonOn(page, 'scenario-roll');
        if ((await scenarioNow()) === 'fortress-assault') break;
      }
      await waitForSteadyScreen(page, 4);
      expect(await page.evaluate(() => window.archfoe.debug.textOf('scenario-roll'))).toMatch(
        /^Rolled d20 = \d+/,
      );
      await checkInsidePanel(`${at} rolled ${await scenarioNow()}`, size);
      // The Dungeon Crawl's victory by holding a spot adds a row of its turns.
      await clickButtonOn(page, 'scenario-dungeon-crawl');
      for (let i = 0; i < 8; i++) {
        const victory = await page.evaluate(() => window.archfoe.debug.setup().options?.victory);
        if (victory === 'hold') break;
        await clickButtonOn(page, 'victory-next');
        await page.waitForFunction(
          (v) => window.archfoe.debug.setup().options?.victory !== v,
          victory,
        );
      }
      expect(await page.evaluate(() => window.archfoe.debug.setup().options?.victory)).toBe('hold');
      await checkInsidePanel(`${at} dungeon-crawl holding a spot`, size);
      await page.screenshot({ path: join(ARTIFACTS, `setup-fits-crawl-${at}.png`) });
    }
    expect(b.errors).toEqual([]);
  }, 240_000);
});
