/**
 * A drawn battle on screen (issue 28, point 8): a Skirmish Basic Battle whose armies never
 * meet ends tied at 0 points after 5 rounds (solitaire-gaming-rules VI: "the army that
 * defeated the most number of points of opponents' figures wins"; neither did), and the
 * Results screen calls it a draw: its title "Draw", the reason under it, the state's
 * outcome with no winner, and the dice log's last line "Draw. ...".
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import { endTurnsToResults, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = browser.page;
});

/** The armies cannot see each other (a long way round): `#` blocks sight and movement. */
const BOARD = [
  '##########',
  '#e......e#',
  '########.#',
  '#......#.#',
  '#.h..h.#.#',
  '#......#.#',
  '####.###.#',
  '#........#',
  '##########',
];

/**
 * The board as a Tiled JSON map of the Skirmish (tile 1 floor, tile 2 wall); its hero and
 * enemy points mark where each army sets up (the muster is the options').
 */
function tiledMap(): string {
  const width = BOARD[0].length;
  const height = BOARD.length;
  const objects: unknown[] = [];
  const data: number[] = [];
  BOARD.forEach((row, y) =>
    [...row].forEach((c, x) => {
      data.push(c === '#' ? 2 : 1);
      if (c === 'h' || c === 'e')
        objects.push({
          id: objects.length + 1,
          name: c === 'h' ? 'Archer' : 'Slinger',
          type: c === 'h' ? 'hero' : 'enemy',
          point: true,
          x: x * 32 + 16,
          y: y * 32 + 16,
          width: 0,
          height: 0,
          rotation: 0,
          visible: true,
        });
    }),
  );
  return JSON.stringify({
    type: 'map',
    version: '1.10',
    orientation: 'orthogonal',
    renderorder: 'right-down',
    infinite: false,
    width,
    height,
    tilewidth: 32,
    tileheight: 32,
    nextlayerid: 3,
    nextobjectid: objects.length + 1,
    properties: [
      { name: 'name', type: 'string', value: 'The Stand-off' },
      { name: 'ruleModule', type: 'string', value: 'skirmish' },
    ],
    tilesets: [
      {
        firstgid: 1,
        name: 'plain',
        tilewidth: 32,
        tileheight: 32,
        tilecount: 2,
        columns: 2,
        margin: 0,
        spacing: 0,
        tiles: [
          { id: 0, properties: [{ name: 'terrain', type: 'string', value: 'floor' }] },
          {
            id: 1,
            properties: [
              { name: 'terrain', type: 'string', value: 'wall' },
              { name: 'blocksSight', type: 'bool', value: true },
            ],
          },
        ],
      },
    ],
    layers: [
      {
        id: 1,
        name: 'Ground',
        type: 'tilelayer',
        width,
        height,
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        data,
      },
      {
        id: 2,
        name: 'Units',
        type: 'objectgroup',
        draworder: 'topdown',
        x: 0,
        y: 0,
        opacity: 1,
        visible: true,
        objects,
      },
    ],
  });
}

describe('a drawn battle', () => {
  it('ends on the Results screen titled "Draw", with no winner', async () => {
    await page.goto(browser.session.baseUrl + '?renderer=canvas');
    await page.waitForFunction(() => window.archfoe?.isReady === true, null, { timeout: 30_000 });
    await waitForScene(page, 'Menu');
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    const loaded = await page.evaluate(
      (t) => window.archfoe.loadMap(t, {}, 'stand-off.tmj'),
      tiledMap(),
    );
    expect(loaded.ok, JSON.stringify(loaded)).toBe(true);
    const started = await page.evaluate(() =>
      window.archfoe.start({
        scenario: 'custom',
        seed: 5,
        options: {
          scenario: 'basic-battle',
          heroes: 'archer,archer',
          enemies: 'slinger,slinger',
          objectives: false,
          morale: false,
          randomEnemyAction: false,
          patrol: false,
        },
      }),
    );
    expect(started).toEqual({ ok: true });
    await endTurnsToResults(page);
    await waitForScene(page, 'Results');
    const outcome = await page.evaluate(() => window.archfoe.state()?.outcome);
    expect(outcome).toEqual({
      winner: null,
      reason: 'After 5 rounds neither army prevailed (0 points each).',
    });
    await page.waitForTimeout(600);
    expect(await page.evaluate(() => window.archfoe.debug.textOf('results-title'))).toBe('Draw');
    expect(await page.evaluate(() => window.archfoe.debug.textOf('results-reason'))).toBe(
      outcome!.reason,
    );
    const last = await page.evaluate(() => window.archfoe.events().at(-1));
    expect(last).toMatchObject({ type: 'game-over', winner: null });
    expect(last?.text).toMatch(/^Draw\. /);
    expect(browser.errors).toEqual([]);
  });
});
