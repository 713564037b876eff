/**
 * The intent overlay's words in a real browser (issue 14): with Intent on for every monster
 * and the pointer on a foe (its line-of-sight label drawn), no two labels on the board
 * cover each other, nor a target badge, and each is readable (at least 10 page pixels high)
 * at the zoom the map opens at on a 1280x720 screen, on the small Dungeon Crawl (crowded)
 * and on the 30x20 Goblin Warren (zoomed out). Issue 29: the board shows a mark per monster
 * and the numbers of the monster in focus only; no label or badge is drawn past the board's
 * edge; every chance is written in whole per cent.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BattleLook, LookRect } from '../../src/app/app';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameState } from '../../src/engine';
import { useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = browser.page;
});

const state = (): Promise<GameState> => page.evaluate(() => window.archfoe.state()!);
const look = async (): Promise<BattleLook> =>
  (await page.evaluate(() => window.archfoe.debug.battle()))!;
const idle = (): Promise<void> => page.evaluate(() => window.archfoe.idle());

function overlaps(a: LookRect, b: LookRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Plays with the autopilot until at least `alerted` monsters are alerted on the heroes' turn. */
async function playUntilAlerted(alerted: number): Promise<GameState> {
  let s = await state();
  for (let i = 0; i < 200; i++) {
    const n = s.units.filter(
      (u) => u.side === 'enemies' && u.position && u.ai?.status === 'alerted',
    ).length;
    if (n >= alerted && s.phase === 'heroes' && !s.outcome) return s;
    const c = await page.evaluate(() => window.archfoe.suggest());
    if (!c) break;
    await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
    await idle();
    s = await state();
  }
  return s;
}

/** Points at `at` and returns what the board shows. */
async function pointAt(at: { x: number; y: number }): Promise<BattleLook> {
  const p = await page.evaluate(([x, y]) => window.archfoe.debug.squareToScreen(x, y), [
    at.x,
    at.y,
  ] as const);
  if (p) await page.mouse.move(p.x, p.y);
  await page.waitForTimeout(150);
  return look();
}

/** Whether `inner` lies within `outer` (half a pixel of rounding allowed). */
function within(inner: LookRect, outer: LookRect): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** No label or badge past the board's edge; every per cent on the board and panel whole. */
function checkOnBoard(seen: BattleLook, what: string): void {
  for (const l of seen.labels ?? [])
    expect(within(l.rect, seen.board), `${what}: "${l.text}" on the board`).toBe(true);
  for (const b of seen.badges)
    expect(within(b.rect, seen.board), `${what}: badge ${b.text} on the board`).toBe(true);
  const words = [
    ...(seen.labels ?? []).map((l) => l.text),
    ...seen.badges.map((b) => b.text),
    ...(seen.intent?.odds ?? []).map((o) => `${o.text} ${o.tip}`),
    seen.info.body,
  ];
  for (const w of words) expect(w, `${what}: one precision`).not.toMatch(/\d\.\d+\s*%/);
}

function checkApart(seen: BattleLook, what: string): void {
  checkOnBoard(seen, what);
  const labels = seen.labels ?? [];
  for (let i = 0; i < labels.length; i++) {
    expect(labels[i].rect.height, `${what}: "${labels[i].text}" readable`).toBeGreaterThanOrEqual(
      10,
    );
    for (let j = i + 1; j < labels.length; j++)
      expect(
        overlaps(labels[i].rect, labels[j].rect),
        `${what}: "${labels[i].text}" and "${labels[j].text}"`,
      ).toBe(false);
    for (const b of seen.badges)
      expect(
        overlaps(labels[i].rect, b.rect),
        `${what}: "${labels[i].text}" and badge ${b.text}`,
      ).toBe(false);
  }
}

describe('fog of war while the monsters move', () => {
  it('plays at Fast speed without errors; what the heroes do not see is told as done in the dark', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(browser.session.baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('fast'));
    expect(
      await page.evaluate(() =>
        window.archfoe.start({ scenario: 'dungeon-crawl', seed: 1, options: { fog: true } }),
      ),
    ).toEqual({ ok: true });
    await idle();
    let dark = 0;
    for (let i = 0; i < 12 && dark === 0; i++) {
      const c = await page.evaluate(() => window.archfoe.suggest());
      if (!c) break;
      await page.evaluate((cmd) => window.archfoe.dispatch(cmd), c);
      await idle();
      const log = (await look()).log;
      dark = log.filter((l) => /in the dark/.test(l.text)).length;
    }
    expect(dark, 'a line told as done in the dark').toBeGreaterThan(0);
    await page.screenshot({ path: 'test-artifacts/fog-dark-log.png' });
    expect(browser.errors).toEqual([]);
  }, 240_000);
});

describe('the intent overlay\u2019s labels', () => {
  for (const [scenario, seed, alerted] of [
    ['dungeon-crawl', 7, 2],
    ['map:goblin-warren', 3, 1],
  ] as const) {
    it(`lie apart and readable on ${scenario} at 1280x720`, async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(browser.session.baseUrl + '?renderer=canvas');
      await page.waitForFunction(() => window.archfoe?.isReady === true, null, {
        timeout: 30_000,
      });
      await waitForScene(page, 'Menu');
      await page.evaluate(() => window.archfoe.setSpeed('instant'));
      expect(
        await page.evaluate(([sc, sd]) => window.archfoe.start({ scenario: sc, seed: sd }), [
          scenario,
          seed,
        ] as const),
      ).toEqual({ ok: true });
      await idle();
      const s = await playUntilAlerted(alerted);
      await page.keyboard.press('i');
      await page.waitForTimeout(200);
      // Every monster's mark at once, no numbers, then with the pointer on each foe in turn.
      const all = await pointAt({ x: -5, y: -5 });
      const shownMarks = (all.intent?.marks ?? []).length;
      expect(shownMarks).toBeGreaterThanOrEqual(alerted);
      const marks = (all.labels ?? []).filter((l) => l.kind === 'intent-mark');
      expect(marks.length).toBe(shownMarks);
      expect((all.labels ?? []).filter((l) => l.kind === 'intent')).toEqual([]);
      checkApart(all, 'Intent on');
      const foes = s.units.filter((u) => u.side === 'enemies' && u.position).slice(0, 6);
      let sightLabels = 0;
      let numbers = 0;
      for (const foe of foes) {
        const seen = await pointAt(foe.position!);
        sightLabels += (seen.labels ?? []).filter((l) => l.kind === 'sight').length;
        numbers += (seen.labels ?? []).filter((l) => l.kind === 'intent').length;
        checkApart(seen, `pointing at ${foe.id}`);
      }
      expect(sightLabels, 'a line-of-sight label met').toBeGreaterThan(0);
      expect(numbers, 'the numbers of a monster in focus').toBeGreaterThan(0);
      await page.screenshot({
        path: `test-artifacts/intent-labels-${scenario.replace(':', '-')}.png`,
      });
      expect(browser.errors).toEqual([]);
    }, 240_000);
  }
});
