/**
 * The scenario's marks drawn on the page (issue 28): the Dungeon Crawl holding a spot and
 * carrying the relic home (solo rules §5) show their areas' labels on the board, and the
 * info panel names the mark on a hovered square. The board draws whatever the rule module
 * marks (view/scenario-marks.ts): the Skirmish's goal edges and objectives come the same
 * way once its module marks them. Screenshot: test-artifacts/scenario-marks-hold.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { VictoryKind } from '../../src/engine';
import { ARTIFACTS, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

async function startCrawl(victory: VictoryKind): Promise<void> {
  const page = b.page;
  const r = await page.evaluate(
    (v) => window.archfoe.start({ scenario: 'dungeon-crawl', seed: 3, options: { victory: v } }),
    victory,
  );
  expect(r).toEqual({ ok: true });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
}

describe('the scenario marks on the board', () => {
  it('holding a spot, then carrying the relic: labelled areas, and the hovered square says', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${b.session.baseUrl}?renderer=canvas`);
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await startCrawl('hold');
    const labels = () => page.evaluate(() => window.archfoe.debug.textsShown('scenario-label'));
    expect(await labels()).toEqual(['Hold this spot for 2 turns']);
    const goal = await page.evaluate(() => window.archfoe.state()!.objective.goal[0]);
    const at = await page.evaluate(
      ([x, y]) => window.archfoe.debug.squareToScreen(x, y),
      [goal.x, goal.y],
    );
    await page.mouse.move(at!.x, at!.y);
    // The spot is the Arch Foe's square (the map marks none): its figure's words name it.
    await page.waitForFunction(() =>
      /Hold this spot for 2 turns\./.test(window.archfoe.debug.info()?.body ?? ''),
    );
    await page.screenshot({ path: join(ARTIFACTS, 'scenario-marks-hold.png') });
    await page.mouse.move(2, 2);
    await startCrawl('carry-object');
    expect(await labels()).toEqual(['Bring the relic back here']);
    expect(b.errors).toEqual([]);
  }, 120_000);
});
