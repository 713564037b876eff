/**
 * The Setup screen's geometry and the pure answers its options panel draws from: where the
 * scenario list, the details panel and the map's picture go for the space there is, how
 * wide an option's buttons are, and which value of an option is shown chosen. Numbers and
 * option specs only, no Phaser: scenes/Setup.ts builds from it, and the tests read it.
 */
import type { OptionSpec, OptionValue } from '../engine';

/** Choices beyond this many are offered one at a time, with previous and next buttons. */
export const MAX_CHOICE_BUTTONS = 5;

/**
 * An option button's width at the normal text size: its own, but at least `least` (a
 * thumb's width on a phone: issue 29, the arrows were 22 CSS pixels wide).
 */
export function optionButtonWidth(own: number, least = 0): number {
  return Math.max(own, least);
}

/** A choice's button width (its label's room), at least `least`. */
export function choiceWidth(label: string, least = 0): number {
  return optionButtonWidth(Math.max(56, Math.round(label.length * 8.5 + 26)), least);
}

/**
 * The width an option's buttons take at the normal text size (buildOption's places): On /
 * Off, the presets, a button per choice, or a choice between arrows (the row's width);
 * each button at least `least` wide.
 */
export function optionRowWidth(spec: OptionSpec, least = 0): number {
  const w = (own: number) => optionButtonWidth(own, least);
  if (spec.kind === 'toggle') return 2 * w(80) + 8;
  if (spec.kind === 'number') return spec.presets.length * (w(56) + 8) - 8;
  if (spec.choices.length <= MAX_CHOICE_BUTTONS)
    return spec.choices.reduce(
      (sum, c, i) => sum + choiceWidth(c.label, least) + (i > 0 ? 8 : 0),
      0,
    );
  return cyclerMiddle(w(40)) + 2 * w(40);
}

/**
 * The room for a cycled choice's name between its arrows `arrow` wide: 240 beside the
 * usual arrows, less beside a thumb's (the row no wider than a Roll button leaves room for).
 */
export function cyclerMiddle(arrow: number): number {
  return Math.max(200, 320 - 2 * arrow);
}

/**
 * The value an option's buttons show chosen: the options' own when it is one the spec
 * offers, else the spec's default. (A module may leave an option at its default out of
 * its options, as the Dungeon Crawl does "Enemies begin: Patrolling"; one of the buttons
 * must still read as chosen.)
 */
export function shownOptionValue(
  spec: OptionSpec,
  options: Readonly<Record<string, unknown>>,
): OptionValue {
  const value = options[spec.id];
  switch (spec.kind) {
    case 'toggle':
      return typeof value === 'boolean' ? value : spec.default;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : spec.default;
    case 'choice':
      return typeof value === 'string' && spec.choices.some((c) => c.value === value)
        ? value
        : spec.default;
  }
}

/** The right-hand column of the details panel: the map's picture and its summary. */
export const PREVIEW = { width: 176, height: 176 };

/**
 * Where the Setup screen's parts go: side by side on a wide screen, one under another on a
 * phone held upright; the options' buttons taller where the screen shows them small (a
 * phone either way), so a thumb finds them.
 */
export interface SetupLayout {
  upright: boolean;
  W: number;
  H: number;
  /** The scenario list's panel, and the details panel. */
  list: { x: number; y: number; w: number; h: number };
  details: { x: number; y: number; w: number; h: number };
  /** The map's picture (top left corner; its summary under it down to `bottom`). */
  preview: { x: number; y: number; bottom: number };
  /** An option button's height and font, a muster options row's height. */
  button: number;
  font: number;
  row: number;
}

/**
 * Upright, the height of the buttons at the screen's foot (Back, Tutorial, Start): at least
 * an option button's (a thumb's 44 CSS pixels on a phone; issue 29: they were 34).
 */
export function footButtonHeight(button: number): number {
  return Math.max(62, button);
}

/**
 * The layout of a Setup screen `W` x `H` (its layout box) with option buttons `button`
 * high; upright, the scenario list `listH` high.
 */
export function setupLayout(W: number, H: number, button: number, listH = 560): SetupLayout {
  const upright = H > W;
  // (A thumb-sized button on a phone, drawn small, takes larger letters.)
  const font = button > 60 ? 20 : button > 34 ? 17 : 15;
  const row = Math.max(40, button + 6);
  if (!upright) {
    const details = { x: 460, y: 84, w: W - 460 - 36, h: 560 };
    const px = details.x + details.w - 24 - PREVIEW.width;
    return {
      upright,
      W,
      H,
      list: { x: 36, y: 84, w: 400, h: 560 },
      details,
      preview: { x: px, y: 100, bottom: 632 },
      button,
      font,
      row,
    };
  }
  const list = { x: 24, y: 76, w: W - 48, h: listH };
  // The foot keeps one row of thumb-sized buttons (Back, Tutorial, Start).
  const foot = footButtonHeight(button) + 32;
  const details = { x: 24, y: list.y + list.h + 14, w: W - 48, h: H - list.y - list.h - 14 - foot };
  return {
    upright,
    W,
    H,
    list,
    details,
    preview: {
      x: details.x + details.w - 20 - PREVIEW.width,
      y: details.y + 16,
      bottom: details.y + 16 + PREVIEW.height + 90,
    },
    button,
    font,
    row,
  };
}
