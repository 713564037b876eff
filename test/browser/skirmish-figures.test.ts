/**
 * The Skirmish's figures in the browser: a Fortress Assault (solitaire-gaming-rules VI)
 * with the roster's own art, the large figures (V "Large Figures") drawn over their 2x2
 * squares and the fortress over its 4x4. Same harness as game.test.ts; the screenshot goes
 * to test-artifacts/skirmish-figures.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameState } from '../../src/engine';
import { ARTIFACTS, openSetup, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

describe('Skirmish figures in the browser', () => {
  it('a Fortress Assault with every new figure draws and plays a turn', async () => {
    const page = b.page;
    await openSetup(page, b.session.baseUrl);
    const started = await page.evaluate(() =>
      window.archfoe.start({
        scenario: 'skirmish-basic-battle',
        seed: 5,
        options: {
          scenario: 'fortress-assault',
          // The large scale's building, 4 squares a side (the hall plays small by default).
          scale: 'large',
          heroes: 'captain,knight,lancer,spearman,repeater,swordsman',
          enemies: 'warlord,ogre,wyrm,slinger,wolf,archer',
        },
      }),
    );
    expect(started).toMatchObject({ ok: true });
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const s: GameState = await page.evaluate(() => window.archfoe.state()!);
    expect(s.options.scenario).toBe('fortress-assault');
    const fort = s.units.find((u) => u.structure);
    expect(fort?.size).toBe(4);
    expect(s.units.find((u) => u.kind === 'ogre')?.size).toBe(2);
    // The large figures' squares are a figure's: the page finds the Ogre on its far corner.
    const ogre = s.units.find((u) => u.kind === 'ogre')!;
    const corner = await page.evaluate(
      ([x, y]) => window.archfoe.debug.squareToScreen(x, y),
      [ogre.position!.x + 1, ogre.position!.y + 1],
    );
    expect(corner).not.toBeNull();
    await page.screenshot({ path: join(ARTIFACTS, 'skirmish-figures.png') });
    // One move of the autopilot's, then the enemies answer.
    const suggestion = await page.evaluate(() => window.archfoe.suggest());
    expect(suggestion).not.toBeNull();
    const moved = await page.evaluate((c) => window.archfoe.dispatch(c!), suggestion);
    expect(moved).toMatchObject({ ok: true });
    await page.evaluate(() => window.archfoe.idle());
    expect(b.errors).toEqual([]);
  }, 120_000);
});
