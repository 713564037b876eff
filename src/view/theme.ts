/** The look of the game: one dark fantasy palette and a few text styles. */
import type Phaser from 'phaser';
import { noteAppliedComfort } from '../app/controls';

export const GAME_WIDTH = 1280;
export const GAME_HEIGHT = 720;

const STANDARD_COLORS = {
  background: 0x0d0a10,
  backgroundCss: '#0d0a10',
  panel: 0x17121c,
  panelLight: 0x221a29,
  panelBorder: 0x6b5233,
  gold: 0xd9a441,
  goldDim: 0x8a6a2e,
  parchment: 0xe8dcc0,
  muted: 0x8f8374,
  hero: 0x5aa9ff,
  enemy: 0xe0533d,
  archFoe: 0xffb13b,
  losOpenLine: 0x8fe388,
  door: 0xc08a4a,
  losBlockedLine: 0xff5a4a,
  reach: 0x4fb0ff,
  vision: 0xffb13b,
  path: 0xbfe3ff,
  target: 0xff5a47,
  heal: 0x6ee07a,
  clear: 0x6ee07a,
  partial: 0xf2d14b,
  full: 0xf08a3c,
  blocked: 0xe0453d,
  danger: 0xc0392b,
  buttonFace: 0x2a2030,
  buttonHover: 0x3a2c40,
  buttonDown: 0x1c1520,
  buttonSelected: 0x4a3618,
};

/**
 * The colours that tell game things apart (sides, reach, sight, threat, cover), swapped for
 * the Okabe-Ito colour-blind-safe set (Okabe & Ito 2008) in colour-blind mode: blue against
 * vermillion instead of green against red, and purple for full cover.
 */
const COLOUR_BLIND_COLORS: Partial<typeof STANDARD_COLORS> = {
  hero: 0x56b4e9,
  enemy: 0xd55e00,
  reach: 0x56b4e9,
  vision: 0xf0e442,
  target: 0xe8711a,
  heal: 0x2fc59a,
  clear: 0x2fc59a,
  partial: 0xf0e442,
  full: 0xcc79a7,
  blocked: 0xd55e00,
  danger: 0xd55e00,
  losOpenLine: 0x56b4e9,
  losBlockedLine: 0xe69f00,
};

/** The palette now (read at draw time; setColourBlind swaps it). */
export const COLORS = { ...STANDARD_COLORS };

let colourBlind = false;

/** Swaps the palette for colour-blind-safe colours (or back); drawn things change on redraw. */
export function setColourBlind(on: boolean): void {
  colourBlind = on;
  Object.assign(COLORS, STANDARD_COLORS, on ? COLOUR_BLIND_COLORS : {});
  noteAppliedComfort({ colourBlind: on, heroColor: COLORS.hero });
}

/** Whether areas also carry patterns (colour-blind mode), not colour alone. */
export function isColourBlindMode(): boolean {
  return colourBlind;
}

/** The text size setting, and the screen's least text size (setReadingFloor). */
let chosenReading = 1;
let readingFloor = 1;
let reducedMotion = false;

/** Sets how much larger read texts are drawn (the text size setting). */
export function setReadingScale(scale: number): void {
  chosenReading = Math.max(1, Math.min(2, scale));
  noteAppliedComfort({ readingScale: chosenReading });
}

/**
 * Sets the least text size the screen now draws at, whatever the setting (1: none): the
 * menus on a short screen, whose design box is shrunk so far that their letters would be
 * too small to read (frameMenuScene).
 */
export function setReadingFloor(floor: number): void {
  readingFloor = Math.max(1, Math.min(2, floor));
}

/** Sets reduced motion: no screen shake, short fades, no ambient animation. */
export function setReducedMotion(on: boolean): void {
  reducedMotion = on;
  noteAppliedComfort({ reducedMotion: on });
}

export function isReducedMotion(): boolean {
  return reducedMotion;
}

/** A fade's duration: short under reduced motion. */
export function fadeMs(ms: number): number {
  return reducedMotion ? Math.min(ms, 60) : ms;
}

export const CSS = {
  parchment: '#e8dcc0',
  gold: '#e8b44c',
  muted: '#9c8f7e',
  dim: '#6f6559',
  red: '#ff6b5a',
  green: '#7fe08a',
  blue: '#8cc4ff',
  yellow: '#f2d14b',
  dark: '#0d0a10',
} as const;

export const TITLE_FONT = 'Georgia, "URW Bookman", "Bookman Old Style", "DejaVu Serif", serif';
export const BODY_FONT = '"Trebuchet MS", "DejaVu Sans", "Liberation Sans", Verdana, sans-serif';

type Style = Phaser.Types.GameObjects.Text.TextStyle;

/**
 * Canvas pixels per layout pixel for text drawn now: texts are rasterised at the screen's
 * real resolution (the scene sets it as it builds itself; see view/frame.ts).
 */
let textResolution = 1;

export function setTextResolution(resolution: number): void {
  textResolution = Math.max(1, resolution);
}

/** The resolution for text on the board, which the board camera zooms further. */
export function boardTextResolution(): number {
  return Math.max(3, Math.ceil(textResolution * 2));
}

export function textStyle(size: number, color: string = CSS.parchment, extra: Style = {}): Style {
  return {
    fontFamily: BODY_FONT,
    fontSize: `${size}px`,
    color,
    resolution: textResolution,
    ...extra,
  };
}

/**
 * How much larger read texts are drawn now: the text size setting (1 = normal), or the
 * screen's least text size where that is larger.
 */
export function currentReadingScale(): number {
  return Math.max(chosenReading, readingFloor);
}

/**
 * The part of the text size a screen's camera shows instead (the Battle's HUD is zoomed by
 * the text size as a whole, so its texts are not made larger a second time).
 */
let zoomedReading = 1;

/** Says how much of the text size the screen's camera zoom shows now (1: none). */
export function setReadingZoom(zoom: number): void {
  zoomedReading = Math.max(1, zoom);
}

/** The text size still to apply to a font size (the setting less a camera's zoom). */
function fontScale(): number {
  return currentReadingScale() / zoomedReading;
}

/** A font size grown by the text size setting. */
export function readingSize(size: number): number {
  return Math.round(size * fontScale());
}

/**
 * A text that is read (dice log, panels, hints, help, tooltips) or labels a control (HUD
 * labels, cards, buttons): grows with the text size.
 */
export function readingStyle(
  size: number,
  color: string = CSS.parchment,
  extra: Style = {},
): Style {
  return textStyle(readingSize(size), color, extra);
}

export function titleStyle(size: number, color: string = CSS.gold, extra: Style = {}): Style {
  return {
    fontFamily: TITLE_FONT,
    fontSize: `${size}px`,
    color,
    fontStyle: 'bold',
    stroke: '#000000',
    strokeThickness: Math.max(2, Math.round(size / 10)),
    resolution: textResolution,
    ...extra,
  };
}

export function coverColor(cover: string): number {
  switch (cover) {
    case 'clear':
      return COLORS.clear;
    case 'partial':
      return COLORS.partial;
    case 'full':
      return COLORS.full;
    default:
      return COLORS.blocked;
  }
}
