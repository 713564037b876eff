/**
 * Where the Battle screen's pieces go: the top bar (title, goal, round banner, buttons),
 * the hero cards on the left, the dice log and info panel on the right, the board between
 * them and the action bar below. Numbers only, no Phaser: battle-hud.ts builds from it.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const TOP = 48;
export const SIDE = 252;
export const MARGIN = 8;
export const BAR_H = 52;
export const CARD_W = 244;
export const CARD_H = 156;
/** Room the scenario's name and goal take at the left of the top bar. */
const TITLE_ROOM = 270;
const BUTTON_GAP = 6;
/** The most hero cards the left column shows. */
const MAX_CARDS = 4;
const LOG_H = 400;

/** The top bar's buttons, left to right, with their widths. */
export const TOP_BUTTONS = [
  { name: 'help', width: 44 },
  { name: 'threats', width: 78 },
  { name: 'auto', width: 60 },
  { name: 'speed', width: 124 },
  { name: 'sound', width: 84 },
  { name: 'settings', width: 90 },
  { name: 'to-menu', width: 80 },
] as const;

export type TopButtonName = (typeof TOP_BUTTONS)[number]['name'];

export interface BattleLayout {
  width: number;
  height: number;
  /** Height of the top bar. */
  topBar: number;
  /** The board's window on screen. */
  viewport: Rect;
  /** The scenario's name (at most `width` wide) and the goal line under it. */
  title: { x: number; y: number; width: number };
  goal: { x: number; y: number };
  /** The round/turn banner: centred at x, shrunk to fit `room`. */
  turn: { x: number; y: number; room: number };
  /** Centre of each top-bar button. */
  topButtons: { name: TopButtonName; x: number; y: number; width: number }[];
  /** Top-left corner of each hero card. */
  cards: { x: number; y: number }[];
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
}

/** The layout of a screen `width` x `height` with `heroes` hero cards. */
export function battleLayout(
  width: number,
  height: number,
  heroes: number,
  showLog: boolean,
): BattleLayout {
  const viewport: Rect = {
    x: SIDE + MARGIN,
    y: TOP + MARGIN,
    width: width - 2 * (SIDE + MARGIN),
    height: height - TOP - MARGIN - BAR_H - MARGIN,
  };
  const buttonsWidth =
    TOP_BUTTONS.reduce((sum, b) => sum + b.width, 0) + BUTTON_GAP * (TOP_BUTTONS.length - 1);
  let bx = width - MARGIN - buttonsWidth;
  const firstButton = bx;
  const topButtons = TOP_BUTTONS.map((b) => {
    const placed = { name: b.name, x: bx + b.width / 2, y: TOP / 2, width: b.width };
    bx += b.width + BUTTON_GAP;
    return placed;
  });
  const shown = Math.min(heroes, MAX_CARDS);
  const gap = Math.min(8, (height - TOP - MARGIN * 2 - shown * CARD_H) / Math.max(1, shown - 1));
  const cards = Array.from({ length: shown }, (_, i) => ({
    x: MARGIN,
    y: TOP + MARGIN + i * (CARD_H + gap),
  }));
  const rx = width - SIDE;
  const log = { x: rx, y: TOP + MARGIN, width: SIDE - MARGIN, height: showLog ? LOG_H : 60 };
  const infoY = TOP + MARGIN + (showLog ? LOG_H + MARGIN : 0);
  const barY = height - BAR_H / 2 - MARGIN / 2;
  const layout: BattleLayout = {
    width,
    height,
    topBar: TOP,
    viewport,
    title: { x: 16, y: 16, width: TITLE_ROOM - 20 },
    goal: { x: 16, y: 36 },
    turn: { x: (TITLE_ROOM + firstButton) / 2, y: TOP / 2, room: firstButton - TITLE_ROOM - 16 },
    topButtons,
    cards,
    log,
    logShown: showLog,
    info: { x: rx, y: infoY, width: SIDE - MARGIN, height: height - infoY - MARGIN },
    hint: { x: viewport.x + 4, y: barY, wrap: viewport.width - 366 },
    undo: { x: viewport.x + viewport.width - 282, y: barY, width: 136 },
    endTurn: { x: viewport.x + viewport.width - 104, y: barY, width: 204 },
    banner: {
      x: viewport.x + viewport.width / 2,
      y: viewport.y + viewport.height / 2,
      width: viewport.width,
    },
    toast: { x: viewport.x + viewport.width / 2, y: viewport.y + viewport.height - 40 },
    recentre: { x: viewport.x + viewport.width - 26, y: viewport.y + 19, width: 40 },
  };
  return layout;
}
