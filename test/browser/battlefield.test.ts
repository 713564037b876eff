/**
 * A generated battlefield in a real browser: the Tiled map written for a random battlefield
 * (solitaire-gaming-rules VII) loads in the game through the automation API, is drawn with
 * the outdoor tiles and plays a turn. Same harness as game.test.ts (production build,
 * headless Chromium, Canvas renderer); the screenshot goes to test-artifacts/.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameState } from '../../src/engine';
import { boardToTiledText, generateBoard } from '../../src/maps';
import {
  ARTIFACTS,
  clickButtonOn,
  moveAndEndTurn,
  openSetup,
  useBrowser,
  waitForScene,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();

describe('a generated battlefield in the browser', () => {
  it('loads as a map, draws and plays a turn', async () => {
    const page = b.page;
    const board = generateBoard({ kind: 'skirmish', seed: 3, scale: 'large', shape: '3x3ft' });
    await openSetup(page, b.session.baseUrl);
    const loaded = await page.evaluate(
      (text) => window.archfoe.loadMap(text, {}, 'battlefield-3.tmj'),
      boardToTiledText(board),
    );
    expect(loaded).toMatchObject({ ok: true, name: 'Battlefield 3' });
    await clickButtonOn(page, 'start');
    await waitForScene(page, 'Battle');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    await page.evaluate(() => window.archfoe.idle());
    const s: GameState = await page.evaluate(() => window.archfoe.state()!);
    expect(s.map.terrain).toEqual(board.map.terrain);
    expect(s.map.blocksSight).toEqual(board.map.blocksSight);
    expect(s.map.cover).toEqual(board.map.cover);
    expect(s.units.filter((u) => u.side === 'heroes').length).toBeGreaterThan(0);
    await page.screenshot({ path: join(ARTIFACTS, 'battlefield-1-battle.png') });
    await moveAndEndTurn(page);
    expect(b.errors).toEqual([]);
  });
});
