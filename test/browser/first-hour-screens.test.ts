/**
 * Issue 29's screens in a real browser: the board camera held to the map (nothing beyond
 * the map inside the board's window on a large map, zoomed in and dragged to its corners;
 * a small map centred whole); the dice log scrolls back no further than its oldest line
 * and nothing overlaps its "newer" footer; on a phone held upright (390x844, touch) the
 * Setup's option toggles and arrows and the battle's buttons are at least 44 CSS pixels
 * high, the map's facts are whole above the options, the round banner fits the width,
 * the hints say a tap skips (and it does), the spotters' words stay on the board; and the
 * Dungeon Crawl's 8x10 board is drawn larger at 1920x1080 than the window under the old
 * action bar allowed. The phone battle's screenshot goes to test-artifacts/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ArchFoeApi } from '../../src/app/automation';
import {
  ARTIFACTS,
  dropFiles,
  fileOf,
  launchBrowser,
  openPhonePage,
  openGameOn,
  ROOT,
  useBrowser,
  waitForCustomMap,
  waitForScene,
} from './harness';

declare const window: { archfoe: ArchFoeApi };

const b = useBrowser();
/** A one-layer TMX dungeon whose walls carry no data: its load note runs long. */
const DUNGEON = join(ROOT, 'test', 'fixtures', 'maps', 'dungeon-one-layer');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function startBattle(page: Page, scenario: string): Promise<void> {
  expect(
    await page.evaluate((s) => window.archfoe.start({ scenario: s, seed: 7 }), scenario),
  ).toEqual({ ok: true });
  await waitForScene(page, 'Battle');
  await page.evaluate(() => window.archfoe.idle());
}

const look = (page: Page) =>
  page.evaluate(() => {
    const l = window.archfoe.debug.battle()!;
    return { viewport: l.viewport, board: l.board, log: l.log, hint: l.hint, spotters: l.spotters };
  });

/** On every axis the board is larger than its window, the board covers the window. */
function expectHeldToBoard(where: string, v: Box, board: Box): void {
  if (board.width >= v.width) {
    expect(board.x, `${where}: nothing left of the map`).toBeLessThanOrEqual(v.x + 0.5);
    expect(board.x + board.width, `${where}: nothing right of it`).toBeGreaterThanOrEqual(
      v.x + v.width - 0.5,
    );
  }
  if (board.height >= v.height) {
    expect(board.y, `${where}: nothing above the map`).toBeLessThanOrEqual(v.y + 0.5);
    expect(board.y + board.height, `${where}: no band below it`).toBeGreaterThanOrEqual(
      v.y + v.height - 0.5,
    );
  }
}

/** Every named text shown, as boxes (the nth of a name, until there is none). */
async function boxesOf(page: Page, name: string): Promise<(Box & { text: string })[]> {
  return page.evaluate((n) => {
    const out: (Box & { text: string })[] = [];
    const texts = window.archfoe.debug.textsShown(n);
    for (let i = 0; i < texts.length; i++) {
      const r = window.archfoe.debug.textBox(n, i);
      if (r) out.push({ x: r.x, y: r.y, width: r.width, height: r.height, text: texts[i] });
    }
    return out;
  }, name);
}

describe("a new player's screens (issue 29)", () => {
  it('the camera is held to a large map, dragged and zoomed to its corners', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1280, height: 720 });
    await openGameOn(page, `${b.session.baseUrl}?renderer=canvas`);
    await page.evaluate(() => window.archfoe.setSpeed('instant'));
    // The Dungeon Crawl's small board: shown whole, inside its window.
    await startBattle(page, 'dungeon-crawl');
    let l = await look(page);
    expect(l.board.x).toBeGreaterThanOrEqual(l.viewport.x - 0.5);
    expect(l.board.y).toBeGreaterThanOrEqual(l.viewport.y - 0.5);
    expect(l.board.x + l.board.width).toBeLessThanOrEqual(l.viewport.x + l.viewport.width + 0.5);
    expect(l.board.y + l.board.height).toBeLessThanOrEqual(l.viewport.y + l.viewport.height + 0.5);
    // The Goblin Warren (30 x 20), zoomed in: larger than its window both ways.
    await startBattle(page, 'map:goblin-warren');
    l = await look(page);
    const cx = l.viewport.x + l.viewport.width / 2;
    const cy = l.viewport.y + l.viewport.height / 2;
    await page.mouse.move(cx, cy);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -300);
    await page.waitForTimeout(100);
    l = await look(page);
    expect(l.board.width).toBeGreaterThan(l.viewport.width);
    expect(l.board.height).toBeGreaterThan(l.viewport.height);
    expectHeldToBoard('zoomed in', l.viewport, l.board);
    // Dragged far past each corner: the map's edge stops at the window's edge.
    for (const [dx, dy] of [
      [-1, -1],
      [1, 1],
      [-1, 1],
      [1, -1],
    ]) {
      const atEdge = async () => {
        const now = await look(page);
        const gap =
          dx > 0
            ? now.board.x - now.viewport.x
            : now.viewport.x + now.viewport.width - (now.board.x + now.board.width);
        return Math.abs(gap) < 1;
      };
      for (let i = 0; i < 10 && !(await atEdge()); i++) {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        await page.mouse.move(cx + dx * 250, cy + dy * 200, { steps: 6 });
        await page.mouse.up();
      }
      await page.waitForTimeout(50);
      l = await look(page);
      expectHeldToBoard(`dragged ${dx},${dy}`, l.viewport, l.board);
      // And it did reach the corner: the map's edge is at the window's edge.
      const edgeX =
        dx > 0
          ? l.board.x - l.viewport.x
          : l.viewport.x + l.viewport.width - (l.board.x + l.board.width);
      expect(Math.abs(edgeX), `dragged ${dx},${dy}: at the edge`).toBeLessThan(1);
    }
    // Keys pan too (WASD held), and stop at the edge.
    await page.keyboard.down('s');
    await page.keyboard.down('d');
    await page.waitForTimeout(900);
    await page.keyboard.up('s');
    await page.keyboard.up('d');
    l = await look(page);
    expectHeldToBoard('panned by keys', l.viewport, l.board);
    expect(b.errors).toEqual([]);
  }, 240_000);

  it('the dice log stops at its oldest line, and nothing overlaps its footer', async () => {
    const page = b.page;
    await startBattle(page, 'dungeon-crawl');
    for (let i = 0; i < 8; i++)
      await page.evaluate(async () => {
        const end = window.archfoe.legalCommands().find((c) => c.type === 'end-turn');
        if (end) await window.archfoe.dispatch(end);
        await window.archfoe.idle();
      });
    const all = (await look(page)).log;
    const newest = await boxesOf(page, 'log-line');
    expect(newest.length).toBeLessThan(all.length);
    const over = newest[Math.floor(newest.length / 2)];
    await page.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
    const shownNow = () => page.evaluate(() => window.archfoe.debug.textsShown('log-line'));
    let shown: string[] = [];
    // The wheel back until the oldest line is in view (a notch: three lines).
    for (let i = 0; i < 2 * all.length && shown[0] !== all[0].text; i++) {
      await page.mouse.wheel(0, -200);
      await page.waitForTimeout(40);
      shown = await shownNow();
    }
    // The oldest line in view at the top, the lines down to the footer: no blank space
    // scrolled into, and the footer counts exactly the lines below.
    expect(shown[0]).toBe(all[0].text);
    const more = await boxesOf(page, 'log-more');
    expect(more).toHaveLength(1);
    expect(more[0].text).toMatch(new RegExp(`^\\u2193 ${all.length - shown.length} newer`));
    // The oldest line at the log's top (no blank space above it), the lines reaching down
    // to the footer but for less than one more entry.
    const lines = await boxesOf(page, 'log-line');
    const tags = await boxesOf(page, 'log-tag');
    expect(lines[0].y).toBeLessThanOrEqual(newest[0].y + 0.5);
    const lowest = Math.max(...[...lines, ...tags].map((t) => t.y + t.height));
    const entry =
      Math.max(...lines.map((t) => t.height)) + Math.max(0, ...tags.map((t) => t.height));
    expect(more[0].y - lowest).toBeLessThan(entry + 6);
    // More wheel moves it no further.
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -200);
    await page.waitForTimeout(100);
    expect(await shownNow()).toEqual(shown);
    // No line nor rule tag reaches into the footer, at the top or scrolled part way back.
    for (const step of [0, 3]) {
      for (let i = 0; i < step; i++) await page.mouse.wheel(0, 100);
      await page.waitForTimeout(30);
      const foot = await boxesOf(page, 'log-more');
      if (foot.length === 0) continue;
      for (const t of [...(await boxesOf(page, 'log-line')), ...(await boxesOf(page, 'log-tag'))])
        expect(t.y + t.height, `"${t.text}" above the footer`).toBeLessThanOrEqual(foot[0].y + 0.5);
    }
    expect(b.errors).toEqual([]);
  }, 120_000);

  it('the 8x10 board takes the height of a 1920x1080 screen', async () => {
    const page = b.page;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await startBattle(page, 'dungeon-crawl');
    await page.waitForFunction(() => (window.archfoe.debug.battle()?.viewport.height ?? 0) > 900);
    const l = await look(page);
    // Under the old action bar the window was 940 high and the board 922 (92 px a square).
    expect(l.viewport.y + l.viewport.height).toBeGreaterThan(1080 - 16);
    expect(l.board.height).toBeGreaterThan(970);
    expect(l.board.height / 10).toBeGreaterThan(97);
    // Undo, End turn and the hint moved beside it, on the screen and off the board.
    for (const n of ['undo', 'end-turn']) {
      const r = (await page.evaluate((name) => window.archfoe.debug.buttonRect(name), n))!;
      expect(r.y + r.height).toBeLessThanOrEqual(1080);
      expect(r.x).toBeGreaterThanOrEqual(l.viewport.x + l.viewport.width);
    }
    const hint = (await boxesOf(page, 'battle-hint'))[0];
    expect(hint.x + hint.width).toBeLessThanOrEqual(l.viewport.x);
    await page.screenshot({ path: join(ARTIFACTS, 'crawl-1920x1080.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(b.errors).toEqual([]);
  }, 60_000);

  it('a phone held upright: thumb-sized controls, the facts, the banner and the hints fit', async () => {
    const browser = await launchBrowser();
    const errors: string[] = [];
    try {
      const page = await openPhonePage(browser, b.session.baseUrl, 390, 844, errors);
      const tap = async (name: string) => {
        await page.waitForFunction((n) => window.archfoe.debug.buttonRect(n)?.enabled, name);
        await page.waitForTimeout(250);
        const r = (await page.evaluate((n) => window.archfoe.debug.buttonRect(n), name))!;
        await page.touchscreen.tap(r.cx, r.cy);
      };
      const rects = () =>
        page.evaluate(() =>
          window.archfoe.debug
            .buttonNames()
            .map((n) => ({ n, r: window.archfoe.debug.buttonRect(n)! }))
            .filter((x) => x.r !== null),
        );
      await tap('new-game');
      await waitForScene(page, 'Setup');
      // The option toggles and arrows: a thumb's 44 CSS pixels high.
      const setupControls = /^(scenario-|load-map$|setup-back$|start$|tutorial$|mymap|my-map)/;
      for (const scenario of ['scenario-dungeon-crawl', 'scenario-skirmish-basic-battle']) {
        await tap(scenario);
        await page.waitForTimeout(400);
        const options = (await rects()).filter((x) => !setupControls.test(x.n));
        expect(options.length, `${scenario}: options`).toBeGreaterThan(4);
        // ... and as wide (issue 29: the arrows were 22 CSS pixels wide, the lair's 30).
        for (const { n, r } of options) {
          expect(r.height, `${scenario} ${n} is thumb-sized`).toBeGreaterThanOrEqual(44);
          expect(r.width, `${scenario} ${n} is a thumb wide`).toBeGreaterThanOrEqual(44);
        }
        expect(
          options.some((x) => /-(prev|next)$/.test(x.n)),
          'the arrows are there',
        ).toBe(true);
        // The map's facts are whole lines above the options, within the page.
        const facts = await page.evaluate(() => window.archfoe.debug.textBox('map-summary'));
        expect(facts).not.toBeNull();
        expect(facts!.x + facts!.width).toBeLessThanOrEqual(390);
        for (const { n, r } of options)
          expect(r.y, `${n} under the map's facts`).toBeGreaterThanOrEqual(
            facts!.y + facts!.height - 0.5,
          );
      }
      // The screen's own buttons and the scenario rows: a thumb's height too (issue 29:
      // Back, Tutorial and Start were 34 CSS pixels, the scenario rows 21).
      const screenButtons = (await rects()).filter((x) =>
        /^(scenario-(?!.*-(prev|next|roll)$)|setup-back$|start$|tutorial$|load-map$)/.test(x.n),
      );
      expect(screenButtons.map((x) => x.n)).toEqual(
        expect.arrayContaining(['setup-back', 'start', 'tutorial', 'scenario-dungeon-crawl']),
      );
      for (const { n, r } of screenButtons)
        expect(r.height, `${n} is thumb-sized`).toBeGreaterThanOrEqual(44);
      // The Skirmish's Roll d20 keeps a gap from the ▶ arrow beside it, both thumb-sized.
      const all = await rects();
      const roll = all.find((x) => /-roll$/.test(x.n));
      expect(roll, 'the Skirmish has a Roll button').toBeDefined();
      const arrow = all.find((x) => x.n === roll!.n.replace(/-roll$/, '-next'));
      expect(arrow, 'the arrow beside the roll').toBeDefined();
      for (const { n, r } of [roll!, arrow!]) {
        expect(r.height, `${n} is thumb-sized`).toBeGreaterThanOrEqual(44);
        expect(r.width, `${n} is a thumb wide`).toBeGreaterThanOrEqual(44);
      }
      expect(
        roll!.r.x - (arrow!.r.x + arrow!.r.width),
        'a gap between ▶ and Roll',
      ).toBeGreaterThanOrEqual(8);
      // Nothing of the screen's own buttons overlaps another, nor leaves the page.
      for (const { n, r } of all) {
        expect(r.x, `${n} within the left edge`).toBeGreaterThanOrEqual(-0.5);
        expect(r.x + r.width, `${n} within the right edge`).toBeLessThanOrEqual(390.5);
        expect(r.y + r.height, `${n} above the foot`).toBeLessThanOrEqual(844.5);
      }
      const overlap = (a: Box, c: Box) =>
        a.x < c.x + c.width - 0.5 &&
        c.x < a.x + a.width - 0.5 &&
        a.y < c.y + c.height - 0.5 &&
        c.y < a.y + a.height - 0.5;
      for (const a of screenButtons)
        for (const c of all)
          if (a.n !== c.n) expect(overlap(a.r, c.r), `${a.n} clear of ${c.n}`).toBe(false);
      await page.screenshot({ path: join(ARTIFACTS, 'phone-setup-skirmish-new.png') });
      // A player's map with a long note (no wall data): the note shows whole, or the button
      // that opens it whole is thumb-sized (issue 29: it was about 19 CSS pixels).
      await dropFiles(page, [
        fileOf('dungeon.tmx', readFileSync(join(DUNGEON, 'dungeon.tmx'))),
        fileOf('dungeon.png', readFileSync(join(DUNGEON, 'dungeon.png')), 'image/png'),
      ]);
      await waitForCustomMap(page, '^dungeon$');
      await waitForScene(page, 'Setup');
      await page.waitForFunction(() => window.archfoe.debug.setupNote() !== null);
      await page.waitForTimeout(400);
      const note = (await page.evaluate(() => window.archfoe.debug.setupNote()))!;
      expect(note.lines.length).toBeGreaterThan(1);
      const more = await page.evaluate(() => window.archfoe.debug.buttonRect('map-note-more'));
      if (note.shown < note.lines.length)
        expect(more?.height, 'the whole-note button is thumb-sized').toBeGreaterThanOrEqual(44);
      else expect(more, 'a note shown whole needs no button').toBeNull();
      for (const { n, r } of await rects())
        expect(r.height, `${n} is thumb-sized with a player's map`).toBeGreaterThanOrEqual(44);
      // The note's reader: its Close a thumb's size too (it was 24 CSS pixels high).
      if (more) {
        await tap('map-note-more');
        await page.waitForFunction(() => window.archfoe.debug.buttonRect('map-note-close'));
        const close = (await page.evaluate(() =>
          window.archfoe.debug.buttonRect('map-note-close'),
        ))!;
        expect(close.height, "the reader's Close is thumb-sized").toBeGreaterThanOrEqual(44);
        expect(close.width).toBeGreaterThanOrEqual(44);
        expect(close.y + close.height, 'Close on the page').toBeLessThanOrEqual(844);
        await page.screenshot({ path: join(ARTIFACTS, 'phone-setup-note-reader.png') });
        await tap('map-note-close');
        await page.waitForFunction(() => !window.archfoe.debug.buttonRect('map-note-close'));
      }
      await page.screenshot({ path: join(ARTIFACTS, 'phone-setup-own-map.png') });
      await tap('scenario-dungeon-crawl');
      await page.waitForTimeout(300);
      await tap('start');
      await waitForScene(page, 'Battle');
      // The opening: the monsters' round banner fits the width, the hint says tap.
      const banner = await page.waitForFunction(
        () => {
          const text = window.archfoe.debug.textsShown('battle-banner')[0] ?? '';
          const box = window.archfoe.debug.textBox('battle-banner');
          return /monsters act/.test(text) && box ? { text, box } : null;
        },
        null,
        { polling: 'raf', timeout: 20_000 },
      );
      const seen = (await banner.jsonValue()) as { text: string; box: Box };
      expect(seen.box.x, `"${seen.text}" within the left edge`).toBeGreaterThanOrEqual(0);
      expect(seen.box.x + seen.box.width, 'within the right edge').toBeLessThanOrEqual(390);
      const during = await page.evaluate(() => window.archfoe.debug.battle());
      if (during?.animating) {
        expect(during.hint).toBe('Tap the board to skip.');
        expect(during.info.body).not.toMatch(/Space|Enter/);
        const v = during.viewport;
        await page.touchscreen.tap(v.x + v.width / 2, v.y + v.height / 2);
        await page.waitForFunction(() => window.archfoe.debug.battle()?.animating === false, null, {
          timeout: 5_000,
        });
      }
      await page.evaluate(() => window.archfoe.idle());
      await page.waitForTimeout(300);
      // Every button of the battle's screen a thumb's size.
      const battleButtons = await rects();
      expect(battleButtons.map((x) => x.n)).toEqual(
        expect.arrayContaining(['end-turn', 'undo', 'heroes-panel', 'log-panel', 'recentre']),
      );
      for (const { n, r } of battleButtons) {
        expect(r.height, `${n} is thumb-sized`).toBeGreaterThanOrEqual(44);
        expect(r.width, `${n} is a thumb wide`).toBeGreaterThanOrEqual(44);
      }
      await page.screenshot({ path: join(ARTIFACTS, 'phone-battle-new.png') });
      // The move preview's "... would see you" stays on the board in view: a first tap on
      // each square the hero may move to shows it (a second would move).
      const moves = await page.evaluate(() =>
        window.archfoe
          .legalCommands()
          .flatMap((c) => (c.type === 'move' ? [c.to] : []))
          .sort((a, b) => b.x - a.x),
      );
      let spotted = 0;
      for (const to of moves.slice(0, 8)) {
        const at = await page.evaluate((p) => window.archfoe.debug.squareToScreen(p.x, p.y), to);
        if (!at) continue;
        await page.touchscreen.tap(at.x, at.y);
        await page.waitForTimeout(120);
        const l = await look(page);
        for (const label of l.spotters ? [l.spotters] : []) {
          spotted++;
          const r = label.rect;
          const v = l.viewport;
          expect(r.x, `"${label.text}" within the board's window`).toBeGreaterThanOrEqual(
            v.x - 0.5,
          );
          expect(r.x + r.width, `"${label.text}" at the right`).toBeLessThanOrEqual(
            v.x + v.width + 0.5,
          );
          expect(r.y + r.height).toBeLessThanOrEqual(v.y + v.height + 0.5);
        }
      }
      expect(spotted, 'some square shows who would see the hero').toBeGreaterThan(0);
      await page.context().close();
    } finally {
      await browser.close();
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
