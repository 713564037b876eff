/**
 * Where the Battle screen's pieces go, for the space there is. Wide: the top bar (title,
 * goal, round banner, buttons), the hero cards on the left, the dice log and info panel on
 * the right, the board between them and the action bar below. Narrow (a phone held
 * upright): the round banner and the buttons in two rows at the top, the board the full
 * width, the info panel and the hint under it, and an action bar whose Heroes and Log
 * buttons open the hero cards and the dice log as panels over the board. Numbers only,
 * no Phaser: battle-hud.ts builds from it.
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
  /** Narrow: where the hero cards or the dice log open, over the board; and their buttons. */
  panel: Rect | null;
  panelButtons: {
    heroes: { x: number; y: number; width: number };
    log: { x: number; y: number; width: number };
  } | null;
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
  /** Top-left corner of each hero card, and the cards' scale (narrow: to fit their panel). */
  cards: { x: number; y: number }[];
  cardScale: number;
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

/**
 * The layout of a screen `width` x `height` with `heroes` hero cards; `textScale`: the text
 * size setting (the bottom bar's buttons grow with their labels, up to 1.4 times).
 */
export function battleLayout(
  width: number,
  height: number,
  heroes: number,
  showLog: boolean,
  narrow = false,
  textScale = 1,
): BattleLayout {
  if (narrow) return narrowLayout(width, height, heroes);
  const grow = Math.max(1, Math.min(1.4, textScale));
  const endW = Math.round(204 * grow);
  const undoW = Math.round(136 * grow);
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
    cardScale: 1,
    log,
    logShown: showLog,
    info: { x: rx, y: infoY, width: SIDE - MARGIN, height: height - infoY - MARGIN },
    hint: { x: viewport.x + 4, y: barY, wrap: viewport.width - (endW + undoW + 26) },
    undo: { x: viewport.x + viewport.width - endW - 10 - undoW / 2, y: barY, width: undoW },
    endTurn: { x: viewport.x + viewport.width - endW / 2 - 2, y: barY, width: endW },
    banner: {
      x: viewport.x + viewport.width / 2,
      y: viewport.y + viewport.height / 2,
      width: viewport.width,
    },
    toast: { x: viewport.x + viewport.width / 2, y: viewport.y + viewport.height - 40 },
    recentre: { x: viewport.x + viewport.width - 26, y: viewport.y + 19, width: 40 },
    narrow: false,
    panel: null,
    panelButtons: null,
  };
  return layout;
}

/** Narrow screens: rows from top to bottom, the board the full width. */
const N_TURN = 34;
const N_BUTTONS = 40;
const N_INFO = 112;
const N_HINT = 40;
const N_BAR = 54;

function narrowLayout(width: number, height: number, heroes: number): BattleLayout {
  const m = 4;
  const top = N_TURN + N_BUTTONS;
  const barY = height - N_BAR / 2 - m;
  const hintY = height - N_BAR - m - N_HINT / 2;
  const infoY = height - N_BAR - m - N_HINT - N_INFO;
  const viewport: Rect = { x: m, y: top + m, width: width - 2 * m, height: infoY - top - 2 * m };
  const widths = TOP_BUTTONS.map((b) => NARROW_BUTTON_WIDTHS[b.name]);
  const gap = Math.min(
    BUTTON_GAP,
    (width - 2 * m - widths.reduce((a, b) => a + b, 0)) / (widths.length - 1),
  );
  let bx = (width - widths.reduce((a, b) => a + b, 0) - gap * (widths.length - 1)) / 2;
  const topButtons = TOP_BUTTONS.map((b, i) => {
    const placed = {
      name: b.name,
      x: bx + widths[i] / 2,
      y: N_TURN + N_BUTTONS / 2 - 2,
      width: widths[i],
    };
    bx += widths[i] + gap;
    return placed;
  });
  // The panel opens over the board and the info panel, above the hint.
  const panel: Rect = {
    x: m,
    y: top + m,
    width: width - 2 * m,
    height: hintY - N_HINT / 2 - top - 2 * m,
  };
  const shown = Math.min(heroes, MAX_CARDS);
  // The cards in a column, shrunk to fit the panel when it is short.
  const cardGap = 6;
  const cardScale = Math.min(1, (panel.height - 16 - (shown - 1) * cardGap) / (shown * CARD_H));
  const cards = Array.from({ length: shown }, (_, i) => ({
    x: Math.round(panel.x + (panel.width - CARD_W * cardScale) / 2),
    y: panel.y + 8 + i * (CARD_H * cardScale + cardGap),
  }));
  // Action bar, left to right: Heroes, Log, Undo, End turn.
  const room = width - 2 * m - 3 * BUTTON_GAP;
  const w = [0.2, 0.16, 0.26, 0.38].map((f) => Math.floor(room * f));
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
    title: { x: m, y: 0, width: 0 },
    goal: { x: m, y: 0 },
    turn: { x: width / 2, y: N_TURN / 2 + 2, room: width - 16 },
    topButtons,
    cards,
    cardScale,
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
    recentre: { x: viewport.x + viewport.width - 24, y: viewport.y + 17, width: 40 },
    narrow: true,
    panel,
    panelButtons: { heroes: at[0], log: at[1] },
  };
}
