/**
 * A part of a menu screen too long for its panel that scrolls instead of shrinking (the
 * larger text size keeps its letters): the wheel or a drag over it, or Page Up / Page Down.
 * A line at its foot says there is more, and which way.
 */
import Phaser from 'phaser';
import { onKeyDown } from './keys';
import { CSS, readingStyle } from './theme';

/** The area shown: its rectangle on the screen (the content is masked to it). */
export interface ScrollRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A scrolling area: how far it is scrolled, and a way to scroll it (for tests and keys). */
export interface ScrollArea {
  /** Pixels scrolled down from the top (0 at the top). */
  readonly scrolled: number;
  /** The most it scrolls. */
  readonly most: number;
  /** Scrolls by `by` pixels (positive: down), within its ends. */
  scrollBy(by: number): void;
  /** Takes the area's foot line and its wheel, drag and keys away (the screen builds it again). */
  destroy(): void;
}

/**
 * Scrolls a panel by whole rows over its `zone`: the wheel (`wheelRows` a notch, the board
 * under it not zoomed) and a drag (`rowPx` screen pixels a row). `scroll` returns whether
 * the panel scrolls at all; a press let go without having scrolled is a tap (`onTap`).
 */
export function scrollZoneByRows(
  zone: Phaser.GameObjects.Zone,
  rowPx: number,
  wheelRows: number,
  scroll: (rows: number) => boolean,
  onTap?: () => void,
): void {
  zone.on(
    'wheel',
    (_p: unknown, _dx: number, dy: number, _dz: number, e?: { stopPropagation?: () => void }) => {
      e?.stopPropagation?.();
      scroll(dy > 0 ? wheelRows : -wheelRows);
    },
  );
  let drag: { y: number; moved: boolean } | null = null;
  zone.on('pointerdown', (p: Phaser.Input.Pointer) => (drag = { y: p.y, moved: false }));
  zone.on('pointermove', (p: Phaser.Input.Pointer) => {
    if (!drag || !p.isDown) return;
    const rows = Math.trunc((drag.y - p.y) / rowPx);
    if (rows === 0 || !scroll(rows)) return;
    drag.moved = true;
    drag.y -= rows * rowPx;
  });
  zone.on('pointerup', () => {
    const moved = drag?.moved === true;
    drag = null;
    if (!moved) onTap?.();
  });
}

/**
 * The foot line of a list longer than its room, saying which way there is more: down only
 * at the top, both ways between, up only at the end.
 */
export function moreWords(scrolled: boolean, atEnd: boolean): string {
  if (atEnd) return 'scroll \u2191';
  return scrolled ? 'more: scroll \u2191\u2193' : 'more: scroll \u2193';
}

/**
 * Makes a part of a screen `contentHeight` high scroll within `rect`: the wheel or a drag
 * over it, or Page Up / Page Down, move it by `step` pixels at least (whole rows: the
 * scroll stays a multiple of it), and `show(scrolled)` places the content for the pixels
 * scrolled from the top (cropping a text, or showing only the rows in view: no mask, which
 * Phaser 4 only draws on its Canvas renderer). The foot line, named `${name}-more`, takes
 * the area's last line; `show` is given the height left above it. Null when the content
 * fits (nothing is added).
 */
export function makeScrollArea(
  scene: Phaser.Scene,
  rect: ScrollRect,
  contentHeight: number,
  name: string,
  show: (scrolled: number, shown: number) => void,
  step = 1,
): ScrollArea | null {
  if (contentHeight <= rect.height) return null;
  const more = scene.add
    .text(rect.x + rect.width - 16, rect.y + rect.height, '', readingStyle(12, CSS.gold))
    .setOrigin(1, 1)
    .setName(`${name}-more`);
  // The content shows above the line that says there is more.
  const shown = rect.height - more.height - 2;
  const most = Math.ceil(Math.max(0, contentHeight - shown + (step > 1 ? 0 : 8)) / step) * step;
  let scrolled = 0;
  const words = (): string => moreWords(scrolled > 0, scrolled >= most);
  const scrollBy = (by: number): void => {
    const steps = by > 0 ? Math.max(1, Math.round(by / step)) : Math.min(-1, Math.round(by / step));
    const next = Math.min(most, Math.max(0, scrolled + steps * step));
    if (next === scrolled) return;
    scrolled = next;
    show(scrolled, shown);
    more.setText(words());
  };
  show(0, shown);
  more.setText(words());
  let destroyed = false;
  const over = (p: Phaser.Input.Pointer): boolean =>
    !destroyed &&
    p.worldX >= rect.x &&
    p.worldX <= rect.x + rect.width &&
    p.worldY >= rect.y &&
    p.worldY <= rect.y + shown;
  const onWheel = (p: Phaser.Input.Pointer, _o: unknown, _dx: number, dy: number): void => {
    // A notch of the wheel: three rows, or 40 pixels of text.
    const notch = step > 1 ? 3 * step : 40;
    if (over(p)) scrollBy(dy > 0 ? notch : -notch);
  };
  let dragFrom: number | null = null;
  const onDown = (p: Phaser.Input.Pointer): void => {
    dragFrom = over(p) ? p.worldY : null;
  };
  const onMove = (p: Phaser.Input.Pointer): void => {
    if (dragFrom === null || !p.isDown) return;
    // A drag moves once it has gone a step.
    const by = dragFrom - p.worldY;
    if (Math.abs(by) < step) return;
    scrollBy(by);
    dragFrom = p.worldY;
  };
  const onUp = (): void => {
    dragFrom = null;
  };
  scene.input.on('wheel', onWheel);
  scene.input.on('pointerdown', onDown);
  scene.input.on('pointermove', onMove);
  scene.input.on('pointerup', onUp);
  onKeyDown(scene, (e) => {
    if (destroyed) return;
    if (e.key === 'PageDown') scrollBy(Math.max(step, shown - 30));
    else if (e.key === 'PageUp') scrollBy(-Math.max(step, shown - 30));
  });
  return {
    get scrolled() {
      return scrolled;
    },
    most,
    scrollBy,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      scene.input.off('wheel', onWheel);
      scene.input.off('pointerdown', onDown);
      scene.input.off('pointermove', onMove);
      scene.input.off('pointerup', onUp);
      more.destroy();
    },
  };
}
