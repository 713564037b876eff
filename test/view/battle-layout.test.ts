/** The Battle HUD's layout: every piece on screen, nothing on top of another. */
import { describe, expect, it } from 'vitest';
import {
  battleLayout,
  firstCardShown,
  pageShowingCard,
  sizeBattle,
  turnCardPage,
  CARD_H,
  CARD_W,
  LEAST_HUD_HEIGHT,
  type BattleLayout,
  type Rect,
} from '../../src/view/battle-layout';
import { fitBox, screenMetrics, SHORT_HEIGHT } from '../../src/view/screen';

const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A button's rectangle from its centre and width, `bh` high. */
const button = (b: { x: number; y: number; width: number }, bh: number): Rect => ({
  x: b.x - b.width / 2,
  y: b.y - bh / 2,
  width: b.width,
  height: bh,
});

const inside = (r: Rect, w: number, h: number): boolean =>
  r.x >= 0 && r.y >= 0 && r.x + r.width <= w && r.y + r.height <= h;

describe('the battle layout', () => {
  for (const [heroes, showLog] of [
    [4, true],
    [4, false],
    [2, true],
    [6, true],
  ] as const) {
    it(`${heroes} heroes, log ${showLog ? 'shown' : 'hidden'}: pieces on screen, apart`, () => {
      const l = battleLayout(1280, 720, heroes, showLog);
      const cards = l.cards.map((c) => ({ ...c, width: CARD_W, height: CARD_H }));
      const buttons = l.topButtons.map((b) => ({
        x: b.x - b.width / 2,
        y: 8,
        width: b.width,
        height: 32,
      }));
      const panels = [l.viewport, l.info, ...(showLog ? [l.log] : []), ...cards];
      for (const r of [...panels, ...buttons])
        expect(inside(r, 1280, 720), JSON.stringify(r)).toBe(true);
      panels.forEach((a, i) =>
        panels.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
      );
      buttons.forEach((a, i) =>
        buttons.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
      );
      // Every hero has a card: all in their places, or a page at a time above the pager.
      expect(l.cardCount).toBe(heroes);
      if (l.cardPager) expect(cards.length).toBeLessThan(heroes);
      else expect(cards.length).toBe(heroes);
      expect(l.turn.room).toBeGreaterThan(200);
      expect(l.turn.x - l.turn.room / 2).toBeGreaterThanOrEqual(l.title.x + l.title.width);
      expect(l.turn.x + l.turn.room / 2).toBeLessThanOrEqual(buttons[0].x);
      expect(l.undo.x + l.undo.width / 2).toBeLessThan(l.endTurn.x - l.endTurn.width / 2);
    });
  }
});

describe('the screen and the narrow layout', () => {
  it('draws every device pixel, and lays the HUD out for the space there is', () => {
    const big = screenMetrics(1920, 1080, 1);
    expect([big.gameWidth, big.gameHeight, big.narrow]).toEqual([1920, 1080, false]);
    expect(big.width * (big.zoom / big.dpr)).toBeCloseTo(1920);
    expect(big.width).toBeGreaterThan(1280);
    const retina = screenMetrics(1440, 900, 2);
    expect([retina.gameWidth, retina.gameHeight]).toEqual([2880, 1800]);
    expect(retina.zoom).toBeCloseTo(2);
    const phone = screenMetrics(390, 844, 3);
    expect([phone.gameWidth, phone.gameHeight, phone.narrow]).toEqual([1170, 2532, true]);
    expect(phone.width).toBeCloseTo(390);
    const small = screenMetrics(1024, 600, 1);
    expect(small.width).toBeCloseTo(1280);
    // The menus' box fits whole and centred.
    const box = fitBox(phone);
    expect(box.left).toBeCloseTo(0);
    expect(box.top).toBeLessThan(0);
    expect(box.bottom - box.top).toBeGreaterThan(720);
  });

  for (const [cssW, cssH] of [
    [390, 844],
    [360, 740],
    [480, 1040],
    [768, 1024],
  ] as const) {
    it(`${cssW}x${cssH}: the board the full width, bars and panels on screen and apart`, () => {
      const m = screenMetrics(cssW, cssH, 2);
      const [w, h] = [m.width, m.height];
      expect(m.narrow).toBe(true);
      const l = battleLayout(w, h, 4, true, true);
      expect(l.narrow).toBe(true);
      expect(l.viewport.width).toBeGreaterThanOrEqual(w - 10);
      expect(l.viewport.height).toBeGreaterThan(0.55 * h);
      const top = l.topButtons.map((b) => button(b, 32));
      const bar = [l.undo, l.endTurn, l.panelButtons!.heroes, l.panelButtons!.log].map((b) =>
        button(b, 38),
      );
      for (const r of [l.viewport, l.info, l.panel!, ...top, ...bar])
        expect(inside(r, w, h), JSON.stringify(r)).toBe(true);
      const apart = [l.viewport, l.info, ...top, ...bar];
      apart.forEach((a, i) =>
        apart.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
      );
      // The cards fit in their panel.
      for (const c of l.cards)
        expect(
          inside(
            { ...c, width: CARD_W * l.cardScale, height: CARD_H * l.cardScale },
            w,
            l.panel!.y + l.panel!.height,
          ),
        ).toBe(true);
      expect(l.cardScale).toBeGreaterThan(0.75);
    });
  }
});

describe('the layout at the largest text size (1.4: the HUD laid out for a screen 1.4 times smaller)', () => {
  it('1280x720, four heroes: the cards at full size, a page at a time, above the pager', () => {
    const [w, h] = [1280 / 1.4, 720 / 1.4];
    const l = battleLayout(w, h, 4, true);
    expect(l.cardCount).toBe(4);
    expect(l.cardScale).toBe(1);
    expect(l.cards.length).toBeGreaterThan(0);
    expect(l.cards.length).toBeLessThan(4);
    const cards = l.cards.map((c) => ({ ...c, width: CARD_W, height: CARD_H }));
    const pager = button(l.cardPager!, 28);
    for (const r of [...cards, pager, l.viewport, l.info, l.log])
      expect(inside(r, w, h), JSON.stringify(r)).toBe(true);
    const apart = [...cards, pager, l.viewport, l.info, l.log];
    apart.forEach((a, i) => apart.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
    // The info panel keeps room to read under the (shorter) dice log.
    expect(l.info.height).toBeGreaterThanOrEqual(150);
    // At the normal size every card has its place and there is no pager.
    const normal = battleLayout(1280, 720, 4, true);
    expect([normal.cards.length, normal.cardPager]).toEqual([4, null]);
  });

  it('a phone (390x844): the top buttons in two rows, on screen and apart; the cards paged', () => {
    const [w, h] = [390 / 1.4, 844 / 1.4];
    const l = battleLayout(w, h, 4, true, true);
    // At the normal size too, every button a thumb's 44 pixels wide (they do not fit one row).
    const normal = battleLayout(390, 844, 4, true, true);
    expect(new Set(normal.topButtons.map((b) => b.y)).size).toBe(2);
    for (const b of normal.topButtons) expect(b.width, b.name).toBeGreaterThanOrEqual(44);
    const top = l.topButtons.map((b) => button(b, 32));
    expect(new Set(l.topButtons.map((b) => b.y)).size).toBe(2);
    const bar = [l.undo, l.endTurn, l.panelButtons!.heroes, l.panelButtons!.log].map((b) =>
      button(b, 38),
    );
    const apart = [l.viewport, l.info, ...top, ...bar];
    for (const r of apart) expect(inside(r, w, h), JSON.stringify(r)).toBe(true);
    apart.forEach((a, i) => apart.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
    expect(l.cardScale).toBeGreaterThanOrEqual(0.85);
    const bottom = l.panel!.y + l.panel!.height;
    for (const c of l.cards)
      expect(
        inside({ ...c, width: CARD_W * l.cardScale, height: CARD_H * l.cardScale }, w, bottom),
      ).toBe(true);
    if (l.cardPager) expect(inside(button(l.cardPager, 28), w, bottom)).toBe(true);
  });

  for (const [cssW, cssH] of [
    [844, 390],
    [740, 360],
    [667, 375],
  ] as const) {
    it(`a phone on its side (${cssW}x${cssH}): laid out low, not shrunk to half; every piece on screen and apart`, () => {
      const m = screenMetrics(cssW, cssH, 3);
      expect(m.narrow).toBe(false);
      // Laid out 540 high (it was 720: letters drawn at 0.54 of their size on a 390 px screen).
      expect(m.height).toBeCloseTo(SHORT_HEIGHT);
      expect(m.width).toBeGreaterThanOrEqual(960 - 1e-6);
      // The text size grows it no lower than the layout holds (Battle's grow).
      const grow = Math.min(1.4, Math.max(1, m.height / LEAST_HUD_HEIGHT));
      for (const [w, h] of [
        [m.width, m.height],
        [m.width / grow, m.height / grow],
      ]) {
        expect(h).toBeGreaterThanOrEqual(LEAST_HUD_HEIGHT - 1e-6);
        const l = battleLayout(w, h, 4, true);
        const cards = l.cards.map((c) => ({ ...c, width: CARD_W, height: CARD_H }));
        const pager = l.cardPager ? [button(l.cardPager, 28)] : [];
        const top = l.topButtons.map((b) => button(b, 32));
        const pieces = [...cards, ...pager, ...top, l.viewport, l.info, l.log];
        for (const r of pieces) expect(inside(r, w, h), JSON.stringify(r)).toBe(true);
        pieces.forEach((a, i) =>
          pieces.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
        );
      }
    });

    it(`a phone on its side (${cssW}x${cssH}), touch: every button a thumb's 44 CSS pixels, on screen and apart`, () => {
      const m = screenMetrics(cssW, cssH, 3);
      const css = m.cssWidth / m.width;
      for (const heroes of [3, 4, 6])
        for (const folded of [false, true]) {
          const where = `${heroes} heroes${folded ? ', folded' : ''}`;
          const l = battleLayout(m.width, m.height, heroes, true, false, css, 1, folded, true);
          const hs = l.buttonHeights;
          for (const h of [hs.top, hs.bar, hs.fit, hs.pager])
            expect(h * css, where).toBeGreaterThanOrEqual(44);
          const top = l.topButtons.map((b) => button(b, hs.top));
          const bar = [l.undo, l.endTurn, ...(l.panelButtons ? Object.values(l.panelButtons) : [])];
          const corner = [l.recentre, ...(l.foldToggle ? [l.foldToggle] : [])];
          const buttons = [
            ...top,
            ...bar.map((b) => button(b, hs.bar)),
            ...corner.map((b) => button(b, hs.fit)),
            ...(l.cardPager ? [button(l.cardPager, hs.pager)] : []),
          ];
          for (const r of buttons) {
            expect(r.width * css, `${where}: a thumb wide`).toBeGreaterThanOrEqual(44);
            expect(inside(r, m.width, m.height), `${where} ${JSON.stringify(r)}`).toBe(true);
          }
          buttons.forEach((a, i) =>
            buttons.slice(i + 1).forEach((b) => expect(overlaps(a, b), where).toBe(false)),
          );
          // The bars hold their buttons; the board keeps most of the height.
          for (const r of top) expect(r.y + r.height, where).toBeLessThanOrEqual(l.topBar);
          expect(l.viewport.y, where).toBeGreaterThanOrEqual(l.topBar);
          expect(l.viewport.height, where).toBeGreaterThan(m.height * 0.55);
          if (!folded) {
            const cards = l.cards.map((c) => ({ ...c, width: CARD_W, height: CARD_H }));
            for (const r of [...cards, l.viewport, l.info, l.log])
              expect(inside(r, m.width, m.height), where).toBe(true);
          }
        }
    });
  }
});

/** The cards each page shows, turning the pager from the first page to the last. */
function pagesOf(count: number, places: number): number[][] {
  const pages: number[][] = [];
  let first = firstCardShown(0, count, places);
  for (let turns = 0; turns <= count; turns++) {
    pages.push(Array.from({ length: Math.min(places, count) }, (_, i) => first + i));
    const next = turnCardPage(first, 1, count, places);
    if (next === first) break;
    first = next;
  }
  return pages;
}

describe("every figure of the player's army reaches a card (issue 28: an army of 8 had 4 cards)", () => {
  for (const heroes of [5, 7, 8, 12]) {
    for (const [w, h] of [
      [1920, 1080],
      [1280, 720],
      [1280 / 1.4, 720 / 1.4],
    ] as const) {
      it(`${heroes} figures at ${Math.round(w)}x${Math.round(h)}: a card each, paged clear of the board and the log`, () => {
        const l = battleLayout(w, h, heroes, true);
        expect(l.cardCount).toBe(heroes);
        const cards = l.cards.map((c) => ({ ...c, width: CARD_W, height: CARD_H }));
        const pager = l.cardPager ? [button(l.cardPager, 28)] : [];
        const pieces = [...cards, ...pager, l.viewport, l.info, l.log];
        for (const r of pieces) expect(inside(r, w, h), JSON.stringify(r)).toBe(true);
        pieces.forEach((a, i) =>
          pieces.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
        );
        // Either every card has its place, or the pager turns through them all.
        if (!l.cardPager) expect(cards.length).toBe(heroes);
        else {
          const reached = new Set(pagesOf(heroes, cards.length).flat());
          expect(reached.size).toBe(heroes);
        }
      });
    }
    for (const [cssW, cssH] of [
      [390, 844],
      [360, 740],
    ] as const) {
      it(`${heroes} figures on a phone held upright (${cssW}x${cssH}): the cards paged in their panel`, () => {
        const m = screenMetrics(cssW, cssH, 2);
        const l = battleLayout(m.width, m.height, heroes, true, true);
        expect(l.cardCount).toBe(heroes);
        const bottom = l.panel!.y + l.panel!.height;
        const cards = l.cards.map((c) => ({
          ...c,
          width: CARD_W * l.cardScale,
          height: CARD_H * l.cardScale,
        }));
        const pager = l.cardPager ? [button(l.cardPager, 28)] : [];
        for (const r of [...cards, ...pager])
          expect(inside(r, m.width, bottom), JSON.stringify(r)).toBe(true);
        [...cards, ...pager].forEach((a, i, all) =>
          all.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)),
        );
        expect(l.cardScale).toBeGreaterThanOrEqual(0.85);
        expect(l.cardPager).not.toBeNull();
        expect(new Set(pagesOf(heroes, cards.length).flat()).size).toBe(heroes);
      });
    }
  }

  it('the pager: its pages end at the last card; a card out of view brings its page', () => {
    // Eight cards in six places (1920x1080): the second page shows the last six.
    expect(pagesOf(8, 6)).toEqual([
      [0, 1, 2, 3, 4, 5],
      [2, 3, 4, 5, 6, 7],
    ]);
    expect(turnCardPage(2, -1, 8, 6)).toBe(0);
    expect(pageShowingCard(7, 0, 8, 6)).toBe(2);
    expect(pageShowingCard(3, 2, 8, 6)).toBe(2);
    expect(pageShowingCard(0, 2, 8, 6)).toBe(0);
    // Four places on a phone: two pages of four.
    expect(pagesOf(8, 4)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
    ]);
  });

  it('four heroes (the Dungeon Crawl) keep their four cards at full size, no pager', () => {
    const l = battleLayout(1920, 1080, 4, true);
    expect([l.cardCount, l.cards.length, l.cardPager, l.cardScale]).toEqual([4, 4, null, 1]);
    const phone = screenMetrics(390, 844, 2);
    const p = battleLayout(phone.width, phone.height, 4, true, true);
    expect([p.cards.length, p.cardPager]).toEqual([4, null]);
  });

  it("a tall board (8 x 10) on a 1920 screen takes the window's height, the bar's pieces at the sides", () => {
    const m = screenMetrics(1920, 1080);
    const plain = battleLayout(m.width, m.height, 4, true);
    const tall = battleLayout(m.width, m.height, 4, true, false, 1, 8 / 10);
    // The window reaches the foot of the screen (less its margin): the board gains height.
    expect(tall.viewport.y + tall.viewport.height).toBe(m.height - 8);
    expect(tall.viewport.height).toBeGreaterThan(plain.viewport.height + 40);
    // Every card still shown; Undo, End turn, the hint, the log and the info on screen, apart.
    expect([tall.cards.length, tall.cardPager]).toEqual([4, null]);
    const undo = button(tall.undo, tall.buttonHeights.bar);
    const end = button(tall.endTurn, tall.buttonHeights.bar);
    const hint: Rect = { x: tall.hint.x, y: tall.hint.y - 40, width: tall.hint.wrap, height: 80 };
    const lastCard = { ...tall.cards[3], width: CARD_W, height: CARD_H };
    const pieces = [undo, end, hint, lastCard, tall.log, tall.info, tall.viewport];
    for (const r of pieces) expect(inside(r, m.width, m.height)).toBe(true);
    for (let i = 0; i < pieces.length; i++)
      for (let j = i + 1; j < pieces.length; j++)
        expect(overlaps(pieces[i], pieces[j]), `pieces ${i} and ${j}`).toBe(false);
    expect(tall.info.height).toBeGreaterThanOrEqual(190);
    // A wide board, or a screen too low for the cards with the hint under them: as before.
    // (The board's area within the window follows the board's shape: set aside here.)
    const withoutArea = (l: BattleLayout) => ({ ...l, boardArea: null });
    expect(withoutArea(battleLayout(m.width, m.height, 4, true, false, 1, 30 / 20))).toEqual(
      withoutArea(plain),
    );
    expect(withoutArea(battleLayout(1280, 720, 4, true, false, 1, 8 / 10))).toEqual(
      withoutArea(battleLayout(1280, 720, 4, true)),
    );
  });

  it("the board fitted to its area lies under none of the window's corner buttons", () => {
    // Issue 29: at 1280x720 the Escape field's top row lay under Fold panels.
    const screens = [
      [1280, 720, 1],
      [1920, 1080, 1],
      [844, 390, 3],
      [1366, 768, 1],
    ] as const;
    for (const [cw, ch, dpr] of screens)
      for (const aspect of [8 / 10, 1, 12 / 16, 16 / 12, 30 / 20, 3, 1 / 3])
        for (const folded of [false, true]) {
          const m = screenMetrics(cw, ch, dpr);
          const css = m.cssWidth / m.width;
          const l = battleLayout(m.width, m.height, 4, true, m.narrow, css, aspect, folded);
          const a = l.boardArea;
          const where = `${cw}x${ch} ${aspect.toFixed(2)}${folded ? ' folded' : ''}`;
          // Within the window, as wide, less at most the buttons' strip.
          expect(a.x, where).toBe(l.viewport.x);
          expect(a.width, where).toBe(l.viewport.width);
          expect(a.y + a.height, where).toBe(l.viewport.y + l.viewport.height);
          expect(a.height, where).toBeGreaterThan(l.viewport.height - l.buttonHeights.fit - 16);
          // The board as BoardView fits it: 0.98 of the area's room, centred.
          const bw = 0.98 * Math.min(a.width, a.height * aspect);
          const board: Rect = {
            x: a.x + (a.width - bw) / 2,
            y: a.y + (a.height - bw / aspect) / 2,
            width: bw,
            height: bw / aspect,
          };
          for (const b of [l.recentre, l.foldToggle])
            if (b) expect(overlaps(button(b, l.buttonHeights.fit), board), where).toBe(false);
        }
    // A phone held upright keeps the whole window: the board its whole width, the Fit
    // button over its corner (no height to spare for the strip).
    for (const aspect of [8 / 10, 1, 30 / 20]) {
      const m = screenMetrics(390, 844, 3);
      const l = battleLayout(m.width, m.height, 4, true, m.narrow, m.cssWidth / m.width, aspect);
      expect(l.boardArea).toEqual(l.viewport);
    }
    // A board that leaves the corners free keeps the whole window (the 8 x 10 at 1920).
    const big = screenMetrics(1920, 1080);
    const tall = battleLayout(big.width, big.height, 4, true, false, 1, 8 / 10);
    expect(tall.boardArea).toEqual(tall.viewport);
    // ... unless it is too large to be shown whole: it opens zoomed in, filling its area.
    const square = 32;
    const shown = (w: number, h: number) =>
      sizeBattle(big, 1, 4, true, { width: w * square, height: h * square }).layout;
    expect(shown(8, 10).boardArea).toEqual(tall.viewport);
    const huge = shown(8 * 5, 10 * 5);
    expect(huge.boardArea.y).toBeGreaterThan(huge.recentre.y + huge.buttonHeights.fit / 2);
  });

  it('the side panels folded: the board window the width less its margins, the panels over it', () => {
    for (const [w, h] of [
      [1920, 1080],
      [1280, 720],
      [1366 / 1.4, 768 / 1.4],
    ] as const) {
      const open = battleLayout(w, h, 4, true);
      const l = battleLayout(w, h, 4, true, false, 1, 30 / 20, true);
      expect(l.folded).toBe(true);
      // The board gains both side columns.
      expect(l.viewport.x).toBe(8);
      expect(l.viewport.width).toBe(w - 16);
      expect(l.viewport.width).toBeGreaterThan(open.viewport.width + 400);
      // Heroes and Log sit in the action bar beside Undo and End turn, apart, on screen.
      const bar = [l.panelButtons!.heroes, l.panelButtons!.log, l.undo, l.endTurn].map((b) =>
        button(b, l.buttonHeights.bar),
      );
      for (const r of bar) expect(inside(r, w, h)).toBe(true);
      for (let i = 0; i < bar.length; i++)
        for (let j = i + 1; j < bar.length; j++) expect(overlaps(bar[i], bar[j])).toBe(false);
      // The hint starts after the two buttons unless it has a row of its own.
      if (!l.compact) expect(l.hint.x).toBeGreaterThan(bar[1].x + bar[1].width);
      // The cards' panel over the board's left, the log and the info over its right, apart.
      const panel = l.panel!;
      const side = l.sidePanel!;
      for (const r of [panel, side, l.log, l.info]) {
        expect(inside(r, w, h)).toBe(true);
        expect(r.x).toBeGreaterThanOrEqual(l.viewport.x);
        expect(r.x + r.width).toBeLessThanOrEqual(l.viewport.x + l.viewport.width);
      }
      expect(overlaps(panel, side)).toBe(false);
      expect(overlaps(l.log, l.info)).toBe(false);
      expect(l.info.height).toBeGreaterThanOrEqual(180);
      expect(l.cards.every((c) => c.x >= panel.x && c.y >= panel.y)).toBe(true);
      // The fold button in the board window, clear of Fit.
      const fold = button(l.foldToggle!, l.buttonHeights.fit);
      expect(overlaps(fold, button(l.recentre, l.buttonHeights.fit))).toBe(false);
      expect(inside(fold, w, h)).toBe(true);
    }
    // A phone keeps its own panels: folding means nothing there.
    const phone = screenMetrics(390, 844, 2);
    expect(battleLayout(phone.width, phone.height, 4, true, true, 1, 0, true)).toEqual(
      battleLayout(phone.width, phone.height, 4, true, true),
    );
  });

  it("a phone upright: the battle's buttons a thumb's 44 CSS pixels high, the rows apart", () => {
    for (const [w, h, dpr] of [
      [390, 844, 3],
      [360, 640, 2],
    ] as const) {
      const m = screenMetrics(w, h, dpr);
      const css = m.cssWidth / m.width;
      const l = battleLayout(m.width, m.height, 4, true, true, css);
      expect(l.buttonHeights.top * css).toBeGreaterThanOrEqual(44);
      expect(l.buttonHeights.bar * css).toBeGreaterThanOrEqual(44);
      expect(l.buttonHeights.fit * css).toBeGreaterThanOrEqual(44);
      const top = l.topButtons.map((b) => button(b, l.buttonHeights.top));
      const bar = [l.undo, l.endTurn, l.panelButtons!.heroes, l.panelButtons!.log].map((b) =>
        button(b, l.buttonHeights.bar),
      );
      for (const r of [...top, ...bar]) expect(inside(r, m.width, m.height)).toBe(true);
      for (const r of top) expect(r.y + r.height).toBeLessThanOrEqual(l.viewport.y);
      for (const r of bar) expect(r.y).toBeGreaterThanOrEqual(l.hint.y + 10);
    }
  });
});
