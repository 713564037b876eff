/**
 * How a hero's move squares are marked (issue 29: a blue wash alone vanished over blue
 * water): a faint wash of the reach colour and an outline of two bands, a dark casing
 * under a light line, so one band or the other stands apart from any art under it. The
 * bands' colours and the contrast they keep are numbers here, measured by the tests on
 * every tile of the built-in tilesets; board-view.ts draws them. No Phaser.
 */

export interface Band {
  width: number;
  color: number;
  alpha: number;
}

/** The move squares' look, plain and dim (another hero's reach, shown faded). */
export const REACH_STYLE = {
  fillAlpha: { plain: 0.2, dim: 0.1 },
  casing: {
    plain: { width: 3, color: 0x000000, alpha: 0.6 },
    dim: { width: 3, color: 0x000000, alpha: 0.25 },
  },
  line: {
    plain: { width: 1, color: 0xffffff, alpha: 0.9 },
    dim: { width: 1, color: 0xffffff, alpha: 0.35 },
  },
} as const;

/** The least contrast the outline keeps against what is under it (WCAG's 3:1 for non-text). */
export const LEAST_OUTLINE_CONTRAST = 3;

type Rgb = readonly [number, number, number];

export function rgbOf(color: number): Rgb {
  return [(color >> 16) & 255, (color >> 8) & 255, color & 255];
}

/** `over` drawn at `alpha` on `under`. */
export function blend(over: Rgb, alpha: number, under: Rgb): Rgb {
  return [0, 1, 2].map((i) => over[i] * alpha + under[i] * (1 - alpha)) as unknown as Rgb;
}

/** WCAG relative luminance of an sRGB colour (0-255 channels). */
export function luminance(c: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * How far the move outline stands apart from a pixel of art under a move square: the
 * square's wash laid on the pixel, then the better of the casing's contrast with it and
 * the light line's (drawn over the casing).
 */
export function outlineContrast(pixel: Rgb, reachColor: number, dim = false): number {
  const look = dim ? 'dim' : 'plain';
  const washed = blend(rgbOf(reachColor), REACH_STYLE.fillAlpha[look], pixel);
  const casing = REACH_STYLE.casing[look];
  const line = REACH_STYLE.line[look];
  const cased = blend(rgbOf(casing.color), casing.alpha, washed);
  const lined = blend(rgbOf(line.color), line.alpha, cased);
  return Math.max(contrastRatio(cased, washed), contrastRatio(lined, washed));
}

/** How far the wash alone (the look before the outline) stands apart from a pixel. */
export function washContrast(pixel: Rgb, reachColor: number): number {
  return contrastRatio(blend(rgbOf(reachColor), REACH_STYLE.fillAlpha.plain, pixel), pixel);
}
