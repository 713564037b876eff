/**
 * Where the Battle screen's pieces go, for the space there is. Wide: the top bar (title,
 * goal, round banner, buttons), the hero cards on the left, the dice log and info panel on
 * the right, the board between them and the action bar below. Narrow (a phone held
 * upright): the round banner and the buttons in two rows at the top, the board the full
 * width, the info panel and the hint under it, and an action bar whose Heroes and Log
 * buttons open the hero cards and the dice log as panels over the board. Numbers only,
 * no Phaser: battle-hud.ts builds from it.
 */

import { TOUCH_TARGET, type ScreenMetrics } from './screen';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The lowest screen (layout pixels) the wide layout is made for: 720 at the largest text
 * size (1.4 times), which the tests lay out; a lower one is drawn with less of the text size.
 */
export const LEAST_HUD_HEIGHT = 720 / 1.4;

export const TOP = 48;
export const SIDE = 252;
export const MARGIN = 8;
export const BAR_H = 52;
export const CARD_W = 244;
export const CARD_H = 156;
/** Room the scenario's name and goal take at the left of the top bar. */
const TITLE_ROOM = 270;
const BUTTON_GAP = 6;
const LOG_H = 400;
/** The least height the info panel keeps under the dice log. */
const MIN_INFO_H = 190;
/** The least room the turn banner keeps between the title and the top bar's buttons. */
const MIN_TURN_ROOM = 180;
/** The hint's row above the action bar when it has no room beside Undo and End turn. */
const HINT_ROW = 38;

/** The top bar's buttons, left to right, with their widths. */
export const TOP_BUTTONS = [
  { name: 'help', width: 44 },
  { name: 'threats', width: 78 },
  { name: 'intent', width: 70 },
  { name: 'auto', width: 60 },
  { name: 'oracle', width: 70 },
  { name: 'speed', width: 124 },
  { name: 'sound', width: 84 },
  { name: 'settings', width: 90 },
  { name: 'to-menu', width: 80 },
] as const;

export type TopButtonName = (typeof TOP_BUTTONS)[number]['name'];

/** The top bar's buttons on a narrow screen: icons or short labels. */
const NARROW_BUTTON_WIDTHS: Record<TopButtonName, number> = {
  help: 28,
  threats: 54,
  intent: 46,
  auto: 42,
  oracle: 32,
  speed: 58,
  sound: 34,
  settings: 34,
  'to-menu': 46,
};

export interface BattleLayout {
  width: number;
  height: number;
  /** The narrow (phone) layout: cards and log are panels opened from the action bar. */
  narrow: boolean;
  /**
   * The side panels folded away (a wide screen, the player's choice): the board takes the
   * whole width, the hero cards and the dice log open over it from the action bar.
   */
  folded: boolean;
  /**
   * Narrow or folded: where the hero cards open, over the board (narrow: the dice log too);
   * and the buttons that open them.
   */
  panel: Rect | null;
  /** Folded: where the dice log and the info panel open together, over the board's right. */
  sidePanel: Rect | null;
  /** Wide screens: the button in the board window's top-left corner that folds the panels. */
  foldToggle: { x: number; y: number; width: number } | null;
  panelButtons: {
    heroes: { x: number; y: number; width: number };
    log: { x: number; y: number; width: number };
  } | null;
  /** Height of the top bar. */
  topBar: number;
  /** The board's window on screen (its frame; the corner buttons sit inside it). */
  viewport: Rect;
  /**
   * Where the board is drawn within the window: the whole window when the board, fitted
   * there, lies clear of the corner buttons (Fit, Fold panels); else the window less the
   * buttons' strip along its top, so that no square lies under a button (issue 29: at
   * 1280x720 the top row's first squares lay under Fold panels, a click there folded).
   */
  boardArea: Rect;
  /** The scenario's name (at most `width` wide) and the goal line under it. */
  title: { x: number; y: number; width: number };
  goal: { x: number; y: number; width: number };
  /** The round/turn banner: centred at x, shrunk to fit `room`. */
  turn: { x: number; y: number; room: number };
  /** Centre of each top-bar button. */
  topButtons: { name: TopButtonName; x: number; y: number; width: number }[];
  /** The top bar's buttons and the action bar's take their short labels (little room). */
  compact: boolean;
  /** Undo shows its icon alone (a very narrow screen). */
  undoIconOnly: boolean;
  /**
   * The places for hero cards (top-left corners), and the cards' scale (narrow: to fit
   * their panel). When fewer places than `cardCount` fit (a large army, a short screen, a
   * large text size) the cards are shown a few at a time, turned by the pager's buttons.
   */
  cards: { x: number; y: number }[];
  cardScale: number;
  /** How many hero cards there are: one for every figure of the player's army. */
  cardCount: number;
  /** The pager's row under the cards (centre and width), when not all cards fit. */
  cardPager: { x: number; y: number; width: number } | null;
  /** The dice log (built even when the settings hide it) and the info panel below it. */
  log: Rect;
  logShown: boolean;
  info: Rect;
  /** The action bar: the hint at the left, Undo and End turn at the right. */
  hint: { x: number; y: number; wrap: number };
  undo: { x: number; y: number; width: number };
  endTurn: { x: number; y: number; width: number };
  banner: { x: number; y: number; width: number };
  toast: { x: number; y: number };
  /** The small Fit button in the board window's top-right corner. */
  recentre: { x: number; y: number; width: number };
  /**
   * The buttons' heights: the top bar's, the action bar's, the Fit button's and the card
   * pager's (on a phone or a touch screen at least a thumb's TOUCH_TARGET CSS pixels).
   */
  buttonHeights: { top: number; bar: number; fit: number; pager: number };
}

/**
 * The layout of a screen `width` x `height` (HUD pixels: the text size makes them larger
 * and the screen fewer of them) with `heroes` hero cards; on a narrow screen (a phone
 * upright) `cssPerPixel` CSS pixels make one HUD pixel, and its buttons are a thumb's size.
 */
export function battleLayout(
  width: number,
  height: number,
  heroes: number,
  showLog: boolean,
  narrow = false,
  cssPerPixel = 1,
  boardAspect = 0,
  folded = false,
  touch = false,
): BattleLayout {
  // A touch screen held wide (a phone on its side): the buttons a thumb's size too.
  const thumb = touch ? Math.ceil(TOUCH_TARGET / cssPerPixel) : 0;
  if (narrow)
    return withBoardArea(
      narrowLayout(width, height, heroes, Math.ceil(TOUCH_TARGET / cssPerPixel)),
      boardAspect,
    );
  if (folded)
    return withBoardArea(foldedLayout(width, height, heroes, showLog, thumb), boardAspect);
  const wide = wideLayout(width, height, heroes, showLog, SIDE, thumb);
  const chosen = boardAspect > 0 ? (tallBoardLayout(wide, heroes, boardAspect) ?? wide) : wide;
  return withBoardArea(chosen, boardAspect);
}

/** The share of its window's room a board fitted whole takes (a little margin round it). */
export const FIT_ROOM = 0.98;
/**
 * The least zoom (board pixels per layout pixel) at which a board is shown whole: a
 * larger one opens zoomed in.
 */
export const LEAST_FIT = 0.75;

/** The gap kept between the corner buttons and the board below them. */
const CORNER_GAP = 4;

/**
 * The layout with its board area: the window (always on a phone held upright), or the
 * window less its corner buttons' strip when the board fitted to the whole window (as BoardView fits it: FIT_ROOM of the
 * window's room, centred) would lie under one of them. A board whose shape is unknown
 * (`boardAspect` 0) gets the strip.
 */
function withBoardArea(layout: BattleLayout, boardAspect: number): BattleLayout {
  const v = layout.viewport;
  // A phone held upright keeps the board its whole width (issue 29): there is no height to
  // spare for the strip, so its Fit button still lies over the board's top right corner.
  if (layout.narrow) return { ...layout, boardArea: { ...v } };
  const h = layout.buttonHeights.fit;
  const corners = [layout.recentre, layout.foldToggle].flatMap((b) =>
    b ? [{ x: b.x - b.width / 2, y: b.y - h / 2, width: b.width, height: h }] : [],
  );
  const stripEnd = Math.max(v.y, ...corners.map((r) => r.y + r.height + CORNER_GAP));
  const underStrip: Rect = {
    x: v.x,
    y: stripEnd,
    width: v.width,
    height: v.y + v.height - stripEnd,
  };
  let clear = false;
  if (boardAspect > 0) {
    const boardW = FIT_ROOM * Math.min(v.width, v.height * boardAspect);
    const boardH = boardW / boardAspect;
    const board: Rect = {
      x: v.x + (v.width - boardW) / 2,
      y: v.y + (v.height - boardH) / 2,
      width: boardW,
      height: boardH,
    };
    clear = corners.every((r) => !rectsMeet(r, board));
  }
  return { ...layout, boardArea: clear ? { ...v } : underStrip };
}

/** Two rectangles share some area (touching edges do not count). */
function rectsMeet(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The hint's room at the foot of the left column (four lines). */
const SIDE_HINT_H = 80;

/**
 * A board taller than the window's shape (the Dungeon Crawl's 8 x 10 on a wide screen,
 * issue 29: it filled a third of a 1920 screen) takes the window's whole height: the
 * action bar under it goes, Undo and End turn to the foot of the right column, the hint
 * to the foot of the left one. Only where all of it fits (every hero card still shown,
 * the info panel its least height, the board still filling the height): else null.
 */
function tallBoardLayout(
  wide: BattleLayout,
  heroes: number,
  boardAspect: number,
): BattleLayout | null {
  if (wide.compact) return null;
  const { width, height, topBar } = wide;
  const v = wide.viewport;
  const barH = wide.buttonHeights.bar;
  // Undo and End turn stacked at the foot of the right column.
  const stackedActions = 2 * barH + 3 * MARGIN;
  const tallH = height - topBar - 2 * MARGIN;
  // The board, fitted to the taller window, must still be held by its height.
  if (boardAspect * tallH > v.width) return null;
  const cardRoom = tallH - SIDE_HINT_H - MARGIN;
  const column = cardColumn(MARGIN, topBar + MARGIN, cardRoom, heroes, 1);
  if (column.cardPager) return null;
  const logRoom = height - topBar - 4 * MARGIN - MIN_INFO_H - stackedActions;
  const logH = wide.logShown ? Math.min(LOG_H, logRoom) : wide.log.height;
  if (logH < 120) return null;
  const rx = width - SIDE;
  const colW = SIDE - MARGIN;
  const endY = height - MARGIN - barH / 2;
  const undoY = endY - barH - MARGIN;
  const infoY = topBar + MARGIN + logH + MARGIN;
  const viewport: Rect = { x: v.x, y: v.y, width: v.width, height: tallH };
  return {
    ...wide,
    ...column,
    viewport,
    log: { ...wide.log, height: logH },
    info: { x: rx, y: infoY, width: colW, height: undoY - barH / 2 - MARGIN - infoY },
    hint: { x: MARGIN + 4, y: height - MARGIN - SIDE_HINT_H / 2, wrap: CARD_W - 8 },
    undo: { x: rx + colW / 2, y: undoY, width: colW },
    endTurn: { x: rx + colW / 2, y: endY, width: colW },
    banner: { x: v.x + v.width / 2, y: v.y + tallH / 2, width: v.width },
    toast: { x: v.x + v.width / 2, y: v.y + tallH - 40 },
  };
}

/** The Heroes and Log buttons' widths at the left of a folded layout's action bar. */
const FOLDED_PANEL_BUTTONS = { heroes: 92, log: 64 };

/**
 * The side panels folded (issue 29: the board takes the room it can): the board window the
 * screen's whole width, the action bar under it as wide; the hero cards open over the
 * board's left from the bar's Heroes button, the dice log with the info panel over its
 * right from Log (as a phone's panels do). No tall-board variant: the bar holds the buttons.
 */
function foldedLayout(
  width: number,
  height: number,
  heroes: number,
  showLog: boolean,
  thumb: number,
): BattleLayout {
  const base = wideLayout(width, height, heroes, showLog, 0, thumb);
  const v = base.viewport;
  const panel: Rect = { x: v.x, y: v.y, width: CARD_W + 16, height: v.height };
  const column = cardColumn(
    panel.x + 8,
    panel.y + 8,
    panel.height - 16,
    heroes,
    1,
    base.buttonHeights.pager,
  );
  const sidePanel: Rect = { x: v.x + v.width - SIDE, y: v.y, width: SIDE, height: v.height };
  const logH = Math.min(LOG_H, sidePanel.height - MIN_INFO_H - 12);
  const log: Rect = { x: sidePanel.x + 4, y: sidePanel.y + 4, width: SIDE - 8, height: logH };
  const infoY = log.y + logH + 4;
  const barY = base.undo.y;
  // (A thumb wide at least on a touch screen.)
  const heroesW = Math.max(FOLDED_PANEL_BUTTONS.heroes, thumb);
  const logW = Math.max(FOLDED_PANEL_BUTTONS.log, thumb);
  const heroesAt = { x: v.x + heroesW / 2, y: barY, width: heroesW };
  const logAt = { x: v.x + heroesW + BUTTON_GAP + logW / 2, y: barY, width: logW };
  const taken = heroesW + logW + 2 * BUTTON_GAP;
  // The hint after the two buttons, unless it has a row of its own (a large text size).
  const hint = base.compact
    ? base.hint
    : { x: v.x + taken + 4, y: base.hint.y, wrap: base.hint.wrap - taken };
  return {
    ...base,
    ...column,
    folded: true,
    panel,
    sidePanel,
    panelButtons: { heroes: heroesAt, log: logAt },
    log,
    logShown: showLog,
    info: {
      x: log.x,
      y: infoY,
      width: log.width,
      height: sidePanel.y + sidePanel.height - 4 - infoY,
    },
    hint,
  };
}

/**
 * The wide layout: the action bar under the board, the side columns `side` wide; on a
 * touch screen (`thumb` HUD pixels, else 0) the buttons and the bars that hold them a
 * thumb's size (issue 29: a phone on its side had 21 CSS pixel buttons).
 */
function wideLayout(
  width: number,
  height: number,
  heroes: number,
  showLog: boolean,
  side = SIDE,
  thumb = 0,
): BattleLayout {
  const buttonHeights = {
    top: Math.max(32, thumb),
    bar: Math.max(38, thumb),
    fit: Math.max(28, thumb),
    pager: Math.max(28, thumb),
  };
  const top = Math.max(TOP, buttonHeights.top + 12);
  const barH = Math.max(BAR_H, buttonHeights.bar + 14);
  const extra = top - TOP;
  const endW = 204;
  const undoW = 136;
  const viewport: Rect = {
    x: side + MARGIN,
    y: top + MARGIN,
    width: width - 2 * (side + MARGIN),
    height: height - top - MARGIN - barH - MARGIN,
  };
  const gaps = BUTTON_GAP * (TOP_BUTTONS.length - 1);
  const thumbWide = (w: number) => Math.max(w, thumb);
  const full = TOP_BUTTONS.reduce((sum, b) => sum + thumbWide(b.width), 0) + gaps;
  // Too little room beside the title and the turn banner (a large text size): the short
  // buttons of a phone, and the hint in a row of its own above Undo and End turn.
  const compact = width - MARGIN - full < TITLE_ROOM + 16 + MIN_TURN_ROOM;
  // (The oracle's "d20" a little wider than on a phone: there is the room.)
  const widths = TOP_BUTTONS.map((b) =>
    thumbWide(!compact ? b.width : b.name === 'oracle' ? 40 : NARROW_BUTTON_WIDTHS[b.name]),
  );
  let bx = width - MARGIN - widths.reduce((a, b) => a + b, 0) - gaps;
  const firstButton = bx;
  const topButtons = TOP_BUTTONS.map((b, i) => {
    const placed = { name: b.name, x: bx + widths[i] / 2, y: top / 2, width: widths[i] };
    bx += widths[i] + BUTTON_GAP;
    return placed;
  });
  if (compact) viewport.height -= HINT_ROW;
  const column = cardColumn(
    MARGIN,
    top + MARGIN,
    height - top - MARGIN * 2,
    heroes,
    1,
    buttonHeights.pager,
  );
  const rx = width - SIDE;
  // A short screen (a large text size): the log shorter, the info panel keeping its room.
  const logH = Math.min(LOG_H, height - top - 3 * MARGIN - MIN_INFO_H);
  const log = { x: rx, y: top + MARGIN, width: SIDE - MARGIN, height: showLog ? logH : 60 };
  const infoY = top + MARGIN + (showLog ? logH + MARGIN : 0);
  const barY = height - barH / 2 - MARGIN / 2;
  const fitW = Math.max(40, buttonHeights.fit);
  const layout: BattleLayout = {
    width,
    height,
    topBar: top,
    viewport,
    // (battleLayout's withBoardArea sets it for the board's shape.)
    boardArea: viewport,
    // A taller bar (thumb-sized buttons) spreads them: the goal line clear of the turn's.
    title: { x: 16, y: 16 + extra / 3, width: TITLE_ROOM - 20 },
    goal: { x: 16, y: 36 + (extra * 2) / 3, width: firstButton - 16 - 10 },
    turn: {
      x: (TITLE_ROOM + firstButton) / 2,
      y: TOP / 2 + extra / 3,
      room: firstButton - TITLE_ROOM - 16,
    },
    topButtons,
    ...column,
    log,
    logShown: showLog,
    info: { x: rx, y: infoY, width: SIDE - MARGIN, height: height - infoY - MARGIN },
    hint: compact
      ? {
          x: viewport.x + 4,
          y: viewport.y + viewport.height + HINT_ROW / 2 + 2,
          wrap: viewport.width - 8,
        }
      : { x: viewport.x + 4, y: barY, wrap: viewport.width - (endW + undoW + 26) },
    undo: { x: viewport.x + viewport.width - endW - 10 - undoW / 2, y: barY, width: undoW },
    endTurn: { x: viewport.x + viewport.width - endW / 2 - 2, y: barY, width: endW },
    banner: {
      x: viewport.x + viewport.width / 2,
      y: viewport.y + viewport.height / 2,
      width: viewport.width,
    },
    toast: { x: viewport.x + viewport.width / 2, y: viewport.y + viewport.height - 40 },
    recentre: {
      x: viewport.x + viewport.width - 6 - fitW / 2,
      y: viewport.y + 6 + buttonHeights.fit / 2,
      width: fitW,
    },
    foldToggle: {
      x: viewport.x + 6 + FOLD_TOGGLE_W / 2,
      y: viewport.y + 6 + buttonHeights.fit / 2,
      width: FOLD_TOGGLE_W,
    },
    narrow: false,
    folded: false,
    compact,
    undoIconOnly: false,
    panel: null,
    sidePanel: null,
    panelButtons: null,
    buttonHeights,
  };
  return layout;
}

/** The fold button's width ("Fold panels" / "Unfold panels"). */
const FOLD_TOGGLE_W = 112;

/** The pager's row under the cards when they are shown a few at a time. */
export const PAGER_H = 34;

/**
 * The first of `count` cards shown in `places` places when the pager asks for `first`:
 * within the ends, so that the last page ends at the last card (and a page is full).
 */
export function firstCardShown(first: number, count: number, places: number): number {
  return Math.max(0, Math.min(first, count - places));
}

/** The first card shown after the pager turns `by` pages (+1: the next, -1: the one before). */
export function turnCardPage(first: number, by: number, count: number, places: number): number {
  return firstCardShown(first + by * places, count, places);
}

/** The first card shown to bring card `index` into view, when it is not in view from `first`. */
export function pageShowingCard(
  index: number,
  first: number,
  count: number,
  places: number,
): number {
  if (index >= first && index < first + places) return first;
  return firstCardShown(Math.floor(index / places) * places, count, places);
}

/**
 * The hero cards in a column from (x, y), `room` tall, at `scale`: all of them when they
 * fit (the gap between them shrinking to 2), else as many as fit above the pager's row.
 */
function cardColumn(
  x: number,
  y: number,
  room: number,
  heroes: number,
  scale: number,
  pagerButton = 28,
): Pick<BattleLayout, 'cards' | 'cardScale' | 'cardCount' | 'cardPager'> {
  // The pager's row holds its buttons (a thumb's on a touch screen).
  const pagerH = Math.max(PAGER_H, pagerButton + 6);
  const count = heroes;
  const h = CARD_H * scale;
  const gap = Math.min(8, (room - count * h) / Math.max(1, count - 1));
  const place = (n: number, g: number) =>
    Array.from({ length: n }, (_, i) => ({ x, y: Math.round(y + i * (h + g)) }));
  if (gap >= 2 || count <= 1)
    return { cards: place(count, gap), cardScale: scale, cardCount: count, cardPager: null };
  const shown = Math.max(1, Math.floor((room - pagerH + 8) / (h + 8)));
  const cards = place(shown, 8);
  const w = CARD_W * scale;
  return {
    cards,
    cardScale: scale,
    cardCount: count,
    cardPager: { x: x + w / 2, y: y + shown * (h + 8) + pagerH / 2 - 4, width: w },
  };
}

/** Narrow screens: rows from top to bottom, the board the full width. */
const N_TURN = 34;
const N_INFO = 112;
const N_HINT = 40;

/** A phone upright: its buttons `touch` HUD pixels high at least (a thumb's size). */
function narrowLayout(width: number, height: number, heroes: number, touch: number): BattleLayout {
  const m = 4;
  const buttonHeights = {
    top: Math.max(32, touch),
    bar: Math.max(38, touch),
    fit: Math.max(28, touch),
    pager: Math.max(28, touch),
  };
  const N_BAR = buttonHeights.bar + 16;
  // Each a thumb wide as well as high (issue 29: "?" was 28 CSS pixels): on a phone's
  // width that makes two rows.
  const widths = TOP_BUTTONS.map((b) => Math.max(NARROW_BUTTON_WIDTHS[b.name], touch));
  const raw = (ws: number[]) => ws.reduce((a, b) => a + b, 0);
  // The buttons in one row, or two when one is too narrow for them (a large text size).
  const half = Math.ceil(widths.length / 2);
  const oneRow = raw(widths) + widths.length - 1 <= width - 2 * m;
  const rows = oneRow ? [widths] : [widths.slice(0, half), widths.slice(half)];
  // Two rows of thumb-sized buttons sit closer, the board keeping its room.
  const N_BUTTONS = buttonHeights.top + (rows.length > 1 ? 4 : 8);
  const top = N_TURN + rows.length * N_BUTTONS;
  const barY = height - N_BAR / 2 - m;
  const hintY = height - N_BAR - m - N_HINT / 2;
  const infoY = height - N_BAR - m - N_HINT - N_INFO;
  const viewport: Rect = { x: m, y: top + m, width: width - 2 * m, height: infoY - top - 2 * m };
  const topButtons: BattleLayout['topButtons'] = [];
  rows.forEach((row, r) => {
    const gap = Math.min(BUTTON_GAP, (width - 2 * m - raw(row)) / (row.length - 1));
    // Two rows: each row's buttons share its whole width.
    const grow = rows.length > 1 ? (width - 2 * m - gap * (row.length - 1)) / raw(row) : 1;
    const fitted = row.map((w) => Math.floor(w * grow));
    const total = fitted.reduce((a, b) => a + b, 0) + gap * (row.length - 1);
    let bx = (width - total) / 2;
    for (const w of fitted) {
      const name = TOP_BUTTONS[topButtons.length].name;
      topButtons.push({
        name,
        x: bx + w / 2,
        y: N_TURN + r * N_BUTTONS + N_BUTTONS / 2 - 2,
        width: w,
      });
      bx += w + gap;
    }
  });
  // The panel opens over the board and the info panel, above the hint.
  const panel: Rect = {
    x: m,
    y: top + m,
    width: width - 2 * m,
    height: hintY - N_HINT / 2 - top - 2 * m,
  };
  // The cards in a column, shrunk a little to fit the panel when it is short (more: paged).
  const shown = Math.max(1, heroes);
  const fit = (panel.height - 16 - (shown - 1) * 6) / (shown * CARD_H);
  const cardScale = Math.min(1, (panel.width - 8) / CARD_W, Math.max(fit, 0.85));
  const column = cardColumn(
    Math.round(panel.x + (panel.width - CARD_W * cardScale) / 2),
    panel.y + 8,
    panel.height - 16,
    heroes,
    cardScale,
    buttonHeights.pager,
  );
  // Action bar, left to right: Heroes, Log, Undo, End turn.
  const room = width - 2 * m - 3 * BUTTON_GAP;
  // Very narrow (a large text size): Undo an icon alone, the rest wider for their words.
  const undoIconOnly = width < 330;
  const w = (undoIconOnly ? [0.25, 0.16, 0.17, 0.42] : [0.2, 0.16, 0.26, 0.38]).map((f) =>
    Math.floor(room * f),
  );
  let ax = m;
  const at = w.map((bw) => {
    const placed = { x: ax + bw / 2, y: barY, width: bw };
    ax += bw + BUTTON_GAP;
    return placed;
  });
  return {
    width,
    height,
    topBar: top,
    viewport,
    // (battleLayout's withBoardArea sets it for the board's shape.)
    boardArea: viewport,
    title: { x: m, y: 0, width: 0 },
    goal: { x: m, y: 0, width: 0 },
    turn: { x: width / 2, y: N_TURN / 2 + 2, room: width - 16 },
    topButtons,
    ...column,
    log: panel,
    logShown: true,
    info: { x: m, y: infoY, width: width - 2 * m, height: N_INFO },
    hint: { x: m + 6, y: hintY, wrap: width - 2 * m - 12 },
    undo: at[2],
    endTurn: at[3],
    banner: {
      x: viewport.x + viewport.width / 2,
      y: viewport.y + viewport.height / 2,
      width: viewport.width,
    },
    toast: { x: width / 2, y: viewport.y + viewport.height - 40 },
    recentre: {
      x: viewport.x + viewport.width - 4 - buttonHeights.fit / 2,
      y: viewport.y + 4 + buttonHeights.fit / 2,
      width: Math.max(40, buttonHeights.fit),
    },
    buttonHeights,
    narrow: true,
    folded: false,
    compact: true,
    undoIconOnly,
    panel,
    sidePanel: null,
    foldToggle: null,
    panelButtons: { heroes: at[0], log: at[1] },
  };
}

/** The battle screen's layout and how much the text size grows the HUD. */
export interface SizedBattle {
  layout: BattleLayout;
  /** How many layout pixels make one of the screen's (the HUD camera's zoom is zoom times it). */
  grow: number;
}

/**
 * Lays the battle out for the screen. The text size (`reading`) grows the whole HUD (texts,
 * buttons, cards, log, panels) alike: it is laid out for a screen that much smaller and
 * drawn by a camera that much closer, no lower than the layout holds (a phone on its side
 * is laid out low already, and grows by less). The texts are drawn at their own size: the
 * camera shows the text size. (The menus' least text size on a short screen is not the
 * battle's: see screenMetrics.)
 */
export function sizeBattle(
  screen: ScreenMetrics,
  reading: number,
  heroes: number,
  showLog: boolean,
  board: { width: number; height: number },
  folded = false,
  touch = false,
): SizedBattle {
  const grow = Math.min(reading, Math.max(1, screen.height / LEAST_HUD_HEIGHT));
  const layout = battleLayout(
    screen.width / grow,
    screen.height / grow,
    heroes,
    showLog,
    screen.narrow,
    (screen.zoom / screen.dpr) * grow,
    board.width / Math.max(1, board.height),
    folded,
    touch,
  );
  // A board too large to be shown whole at a readable size opens zoomed in, filling its
  // area: the corner buttons then need their strip whatever the board's shape.
  const v = layout.viewport;
  const fit = FIT_ROOM * Math.min(v.width / board.width, v.height / board.height) * grow;
  return { layout: fit >= LEAST_FIT ? layout : withBoardArea(layout, 0), grow };
}
