/**
 * A target badge means its own monster (issue 29, bug 1), in a real browser with the real
 * mouse. The badge ("1 · 50%") is drawn above its figure, over the square above it: a click
 * there used to go to that square ("Magic User cannot reach (6, 1) this turn" for the
 * Dragon's badge), and with two goblins stacked the lower one's badge lies on the upper
 * goblin, so hovering it showed the other goblin. A small cellar is set up for both cases:
 * the Magic User (Fireball: any range in line of sight) with the Dragon under an empty
 * square and two goblins stacked, every monster facing a wall so none sees the hero or
 * walks in the monsters' first phase.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BattleLook, LookRect } from '../../src/app/app';
import type { ArchFoeApi } from '../../src/app/automation';
import type { GameEvent, GameState } from '../../src/engine';
import { openSetup, ROOT, useBrowser, waitForScene } from './harness';

declare const window: { archfoe: ArchFoeApi };

const browser = useBrowser();
let page: Page;
beforeAll(() => {
  page = browser.page;
});

const state = (): Promise<GameState> => page.evaluate(() => window.archfoe.state()!);
const look = async (): Promise<BattleLook> =>
  (await page.evaluate(() => window.archfoe.debug.battle()))!;

/** A figure on square (x, y) as a Tiled point object of the test cellar. */
function figure(
  id: number,
  name: string,
  type: string,
  unit: string,
  at: [number, number],
  facing: string,
) {
  return {
    height: 0,
    id,
    name,
    point: true,
    properties: [
      { name: 'unit', type: 'string', value: unit },
      { name: 'facing', type: 'string', value: facing },
      ...(unit === 'dragon' ? [{ name: 'archFoe', type: 'bool', value: true }] : []),
    ],
    rotation: 0,
    type,
    visible: true,
    width: 0,
    x: (at[0] + 0.5) * 32,
    y: (at[1] + 0.5) * 32,
  };
}

/**
 * The 8 x 8 test cellar (test/fixtures/maps/small-csv.tmj) with its figures set anew:
 *   ########
 *   #.....d#   d: (6, 1), empty floor over the Dragon
 *   #.##..D#   D: the Dragon on (6, 2), facing the east wall
 *   #......#
 *   #g..#..#   g: Goblin 1 on (1, 4), Goblin 2 on (1, 5), both facing the west wall
 *   #g.....#
 *   #.....P#   P: the Priest on (6, 5)
 *   #...MTF#   M: the Magic User on (4, 6), T the Thief, F the Fighting Man
 *   ########
 */
function cellarText(): string {
  const map = JSON.parse(
    readFileSync(join(ROOT, 'test', 'fixtures', 'maps', 'small-csv.tmj'), 'utf8'),
  ) as { layers: { type: string; objects?: unknown[] }[]; properties: unknown[] };
  const units = map.layers.find((l) => l.type === 'objectgroup')!;
  units.objects = [
    figure(1, 'Magic User', 'hero', 'magic-user', [4, 6], 'north'),
    figure(5, 'Fighting Man', 'hero', 'fighting-man', [6, 6], 'north'),
    figure(6, 'Thief', 'hero', 'thief', [5, 6], 'north'),
    figure(7, 'Priest', 'hero', 'priest', [6, 5], 'north'),
    figure(2, 'Dragon', 'enemy', 'dragon', [6, 2], 'east'),
    figure(3, 'Goblin 1', 'enemy', 'goblin', [1, 4], 'west'),
    figure(4, 'Goblin 2', 'enemy', 'goblin', [1, 5], 'west'),
  ];
  map.properties = [{ name: 'name', type: 'string', value: 'Badge Cellar' }];
  return JSON.stringify(map);
}

function centreOf(r: LookRect): { x: number; y: number } {
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/** The square (x, y) on the page: its centre and half its side. */
async function squareOnPage(x: number, y: number): Promise<{ x: number; y: number; half: number }> {
  const c = (await page.evaluate(([sx, sy]) => window.archfoe.debug.squareToScreen(sx, sy), [
    x,
    y,
  ] as const))!;
  const side = (await look()).board.width / 8;
  return { ...c, half: side / 2 };
}

function inSquare(
  p: { x: number; y: number },
  sq: { x: number; y: number; half: number },
): boolean {
  return Math.abs(p.x - sq.x) < sq.half && Math.abs(p.y - sq.y) < sq.half;
}

/** Opens the cellar from the Setup screen and waits for the Magic User's turn. */
async function startCellar(): Promise<GameState> {
  await openSetup(page, browser.session.baseUrl);
  const loaded = await page.evaluate(
    (t) => window.archfoe.loadMap(t, {}, 'badge-cellar.tmj'),
    cellarText(),
  );
  expect(loaded).toMatchObject({ ok: true });
  await page.evaluate(() => window.archfoe.setSpeed('instant'));
  // A seed of its own: the monsters' first phase rolls the same each run.
  expect(await page.evaluate(() => window.archfoe.start({ scenario: 'custom', seed: 1 }))).toEqual({
    ok: true,
  });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
  // The Fighting Man acts first and has no reach: his turn ends.
  expect(
    await page.evaluate(() =>
      window.archfoe.dispatch({ type: 'end-turn', unit: 'fighting-man-1' }),
    ),
  ).toEqual({ ok: true });
  await page.evaluate(() => window.archfoe.idle());
  const s = await state();
  expect(s.phase).toBe('heroes');
  expect(s.turn?.unitId).toBe('magic-user-1');
  // The monsters' first phase left them where the cellar put them (they face walls).
  const at = (id: string) => s.units.find((u) => u.id === id)?.position;
  expect([at('dragon-1'), at('goblin-1'), at('goblin-2')]).toEqual([
    { x: 6, y: 2 },
    { x: 1, y: 4 },
    { x: 1, y: 5 },
  ]);
  return s;
}

/** Hovers, then clicks, the centre of `unit`'s badge; returns the badge's centre. */
async function badgeOf(unit: string): Promise<{ x: number; y: number; text: string }> {
  const badge = (await look()).badges.find((b) => b.unit === unit);
  expect(badge, `${unit} has a badge`).toBeDefined();
  return { ...centreOf(badge!.rect), text: badge!.text };
}

async function attacksAfterClick(at: { x: number; y: number }): Promise<GameEvent[]> {
  const before = (await page.evaluate(() => window.archfoe.events())).length;
  await page.mouse.click(at.x, at.y);
  await page.evaluate(() => window.archfoe.idle());
  const events = await page.evaluate(() => window.archfoe.events());
  return events.slice(before).filter((e) => e.type === 'attacked');
}

describe('a target badge is its own monster\u2019s', () => {
  it('the Dragon\u2019s badge, drawn over the empty square above it: hover shows the Dragon, a click attacks it', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await startCellar();
    const badge = await badgeOf('dragon-1');
    // The case of the bug: the badge's centre lies on the empty square above the Dragon.
    expect(inSquare(badge, await squareOnPage(6, 1)), 'badge over (6, 1)').toBe(true);
    await page.mouse.move(badge.x, badge.y);
    await page.waitForTimeout(150);
    expect((await look()).info.title).toBe('Dragon');
    const toasts = await page.evaluate(() => window.archfoe.debug.toastCount());
    const attacks = await attacksAfterClick(badge);
    expect(attacks.map((e) => e.type === 'attacked' && e.target)).toEqual(['dragon-1']);
    expect(attacks[0]).toMatchObject({ unit: 'magic-user-1' });
    // No "cannot reach" message came of it.
    expect(await page.evaluate(() => window.archfoe.debug.toastCount())).toBe(toasts);
    expect(browser.errors).toEqual([]);
  }, 240_000);

  it('two goblins stacked: the lower one\u2019s badge lies on the upper goblin, yet means the lower one', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await startCellar();
    const lower = await badgeOf('goblin-2');
    expect(inSquare(lower, await squareOnPage(1, 4)), 'badge over the upper goblin').toBe(true);
    await page.mouse.move(lower.x, lower.y);
    await page.waitForTimeout(150);
    expect((await look()).info.title).toBe('Goblin 2');
    await page.screenshot({ path: 'test-artifacts/badge-stacked-goblins.png' });
    // The upper goblin's own badge, likewise.
    const upper = await badgeOf('goblin-1');
    await page.mouse.move(upper.x, upper.y);
    await page.waitForTimeout(150);
    expect((await look()).info.title).toBe('Goblin 1');
    const attacks = await attacksAfterClick(lower);
    expect(attacks.map((e) => e.type === 'attacked' && e.target)).toEqual(['goblin-2']);
    expect(browser.errors).toEqual([]);
  }, 240_000);
});
