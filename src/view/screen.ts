/**
 * The screen the game draws on: its real size in CSS pixels, the device pixel ratio, and
 * from them the canvas size (every device pixel drawn, so text and art are sharp) and the
 * size the HUD is laid out in. Numbers only, no Phaser: main.ts measures the window and
 * keeps the current metrics here; the scenes read them.
 */

/** The design size of the menus and the battle's HUD at scale 1. */
export const DESIGN_WIDTH = 1280;
export const DESIGN_HEIGHT = 720;

/** The least height (CSS pixels) of a control a thumb must hit on a phone. */
export const TOUCH_TARGET = 44;

/** Below this width (CSS pixels, held upright) the battle gets its narrow layout. */
const NARROW_WIDTH = 900;
/** The narrow layout is drawn for a screen this wide (a phone held upright). */
const NARROW_DESIGN = 390;
/** Below this height (CSS pixels, wide) the HUD is laid out for a lower screen ... */
const SHORT_SCREEN = 600;
/** ... no lower than this, and no narrower than this (layout pixels). */
export const SHORT_HEIGHT = 540;
const SHORT_WIDTH = 960;

export interface ScreenMetrics {
  /** The window in CSS pixels, and the device pixel ratio. */
  cssWidth: number;
  cssHeight: number;
  dpr: number;
  /** The canvas's backing size: the window times the device pixel ratio. */
  gameWidth: number;
  gameHeight: number;
  /** Canvas pixels per layout pixel (the device pixel ratio times the HUD's scale). */
  zoom: number;
  /** The size the battle's HUD is laid out in (layout pixels). */
  width: number;
  height: number;
  /** A narrow screen held upright (a phone): the battle's narrow layout. */
  narrow: boolean;
}

const clamp = (v: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, v));

/**
 * The metrics of a window `cssWidth` x `cssHeight` at `dpr`. On a desktop the HUD keeps
 * its design size from 1280x720 up to 1600x900 (a bigger window shows more board), then
 * grows with the window; a smaller window shrinks it, a short one (a phone on its side)
 * less. A narrow upright screen is laid out for a phone's width, growing on wider (tablet)
 * screens.
 */
export function screenMetrics(cssWidth: number, cssHeight: number, dpr = 1): ScreenMetrics {
  const w = Math.max(1, Math.round(cssWidth));
  const h = Math.max(1, Math.round(cssHeight));
  const ratio = clamp(Number.isFinite(dpr) && dpr > 0 ? dpr : 1, 1, 4);
  const narrow = w < NARROW_WIDTH && h > w;
  let scale: number;
  // Narrow: a phone's width, and tall enough for the board, the info and the bars.
  if (narrow) scale = Math.min(clamp(w / NARROW_DESIGN, 0.8, 1.6), Math.max(0.8, h / 800));
  else {
    const fit = Math.min(w / DESIGN_WIDTH, h / DESIGN_HEIGHT);
    scale = fit >= 1 ? Math.max(1, Math.min(w / 1600, h / 900)) : Math.max(0.5, fit);
    // A short screen (a phone on its side) is laid out for a lower one, down to SHORT_HEIGHT
    // layout pixels and SHORT_WIDTH across, so that its letters are not shrunk to nothing.
    if (h < SHORT_SCREEN) scale = Math.max(scale, Math.min(h / SHORT_HEIGHT, w / SHORT_WIDTH));
  }
  return {
    cssWidth: w,
    cssHeight: h,
    dpr: ratio,
    gameWidth: Math.round(w * ratio),
    gameHeight: Math.round(h * ratio),
    zoom: scale * ratio,
    width: w / scale,
    height: h / scale,
    narrow,
  };
}

let current: ScreenMetrics = screenMetrics(DESIGN_WIDTH, DESIGN_HEIGHT, 1);

/** The screen now. */
export function screenNow(): ScreenMetrics {
  return current;
}

/** Records the screen's metrics (main.ts, at start and on every resize). */
export function setScreen(metrics: ScreenMetrics): void {
  current = metrics;
}

/**
 * A fixed design box (the menus' 1280 x 720) fitted whole into the screen and centred:
 * its zoom (canvas pixels per box pixel) and the box's own coordinates of the screen's
 * edges (beyond the box on the longer side).
 */
export function fitBox(
  metrics: ScreenMetrics,
  width = DESIGN_WIDTH,
  height = DESIGN_HEIGHT,
): { zoom: number; left: number; top: number; right: number; bottom: number } {
  const zoom = Math.min(metrics.gameWidth / width, metrics.gameHeight / height);
  const visibleW = metrics.gameWidth / zoom;
  const visibleH = metrics.gameHeight / zoom;
  const left = -(visibleW - width) / 2;
  const top = -(visibleH - height) / 2;
  return { zoom, left, top, right: left + visibleW, bottom: top + visibleH };
}
