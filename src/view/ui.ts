/**
 * Small UI kit drawn with Phaser: buttons (with hover, press, disabled and selected looks,
 * tooltips and a click sound), panels, a tooltip, toasts and a volume slider. Buttons are
 * registered by name with the app's controls so tests can find where to click.
 */
import Phaser from 'phaser';
import {
  noteFocusedControl,
  noteToast,
  registerControl,
  setTextMeasurer,
  type ControlRect,
} from '../app/controls';
import { sounds } from '../audio/sound-bank';
import { hudCamera, hudToScreen, screenToHud } from './frame';
import { consumeKey, onKeyDown } from './keys';
import { COLORS, CSS, readingSize, readingStyle, textStyle } from './theme';

// ------------------------------------------------------------------ named buttons

/** Bounds in game pixels of a visible button (for the automation API), or null. */
function buttonBounds(b: Button): ControlRect | null {
  if (!b.scene || !b.active || !isShown(b)) return null;
  const m = b.getWorldTransformMatrix();
  const a = hudToScreen(b.scene, m.tx - (b.width / 2) * m.scaleX, m.ty - (b.height / 2) * m.scaleY);
  const z = hudCamera(b.scene).zoom;
  return {
    x: a.x,
    y: a.y,
    width: b.width * m.scaleX * z,
    height: b.height * m.scaleY * z,
    enabled: b.enabled,
    label: b.label.text,
    labelWidth: b.label.width * b.label.scaleX * m.scaleX * z,
    labelRoom: b.labelRoom() * m.scaleX * z,
  };
}

/** A text's rectangle in game pixels (through the HUD camera), and its letters' height there. */
export function textBounds(t: Phaser.GameObjects.Text): (ControlRect & { letters: number }) | null {
  if (!t.scene || !t.active) return null;
  const b = t.getBounds();
  const a = hudToScreen(t.scene, b.x, b.y);
  const z = hudCamera(t.scene).zoom;
  const scale = t.getWorldTransformMatrix().scaleY;
  return {
    x: a.x,
    y: a.y,
    width: b.width * z,
    height: b.height * z,
    enabled: true,
    letters: parseFloat(String(t.style.fontSize)) * scale * z,
  };
}

function isShown(obj: Phaser.GameObjects.Container): boolean {
  let o: Phaser.GameObjects.Container | null = obj;
  while (o) {
    if (!o.visible || o.alpha <= 0.01) return false;
    o = o.parentContainer;
  }
  return true;
}

// ------------------------------------------------------------------ text

/**
 * Crops a text to a rectangle given in its own layout pixels (a text's frame is drawn at
 * its resolution, and Phaser crops in the frame's pixels).
 */
export function cropText(
  text: Phaser.GameObjects.Text,
  x: number,
  y: number,
  width: number,
  height: number,
): void {
  const r = text.style.resolution || 1;
  text.setCrop(x * r, y * r, width * r, height * r);
}

/** The ellipsis a text cut short ends with. */
const ELLIPSIS = '\u2026';

/**
 * Shows at most `most` wrapped lines of `full` in `text` (a word-wrapped text): a longer
 * one is cut at a word and ends in an ellipsis. Returns whether it was cut (the caller
 * shows the whole in a tooltip).
 */
export function clampLines(text: Phaser.GameObjects.Text, full: string, most: number): boolean {
  const lines = text.getWrappedText(full);
  if (lines.length <= most) {
    text.setText(full);
    return false;
  }
  let kept = lines.slice(0, most).join(' ');
  // Words come off the end until the ellipsis fits on the last line.
  do {
    const shorter = kept.replace(/\s*\S*$/, '');
    kept = shorter.length < kept.length ? shorter : kept.slice(0, -1);
    text.setText(`${kept}${ELLIPSIS}`);
  } while (kept.length > 0 && text.getWrappedText(text.text).length > most);
  return true;
}

/**
 * Fits a one-line text into `width` (its own layout pixels): first a smaller font, down to
 * `least` (default: 72% of its size, never under 10), then cut short with an ellipsis (a
 * number at its end, like a weapon's "11+", kept); a single sign is made smaller still.
 * Returns whether it was cut (the caller shows the full text in a tooltip).
 */
export function fitText(
  text: Phaser.GameObjects.Text,
  full: string,
  width: number,
  size: number,
  least = Math.max(10, Math.round(size * 0.72)),
): boolean {
  if (text.style.fontSize !== `${size}px`) text.setFontSize(size);
  if (text.text !== full) text.setText(full);
  if (width <= 0 || text.width <= width) return false;
  let s = size;
  while (text.width > width && s > least) {
    s = Math.max(least, s - Math.max(1, Math.round(s * 0.08)));
    text.setFontSize(s);
  }
  if (text.width <= width) return false;
  // A single sign (a button's "+") cannot be cut: it is drawn as small as it must be.
  if (Array.from(full).length <= 1) {
    while (text.width > width && s > 6) text.setFontSize(--s);
    return false;
  }
  // A number at the end (a weapon's "11+") is kept: the words before it are cut.
  const tail = /\s\S*\d\S*$/.exec(full)?.[0] ?? '';
  const head = full.slice(0, full.length - tail.length);
  const cut = (n: number): string => head.slice(0, n).trimEnd() + ELLIPSIS + tail;
  let lo = 0;
  let hi = head.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    text.setText(cut(mid));
    if (text.width <= width) lo = mid;
    else hi = mid - 1;
  }
  text.setText(cut(lo));
  return true;
}

// ------------------------------------------------------------------ panel drawing

export function drawPanel(
  g: Phaser.GameObjects.Graphics,
  x: number,
  y: number,
  w: number,
  h: number,
  options: {
    fill?: number;
    alpha?: number;
    border?: number;
    radius?: number;
    borderAlpha?: number;
    lineWidth?: number;
  } = {},
): void {
  const r = options.radius ?? 8;
  g.fillStyle(options.fill ?? COLORS.panel, options.alpha ?? 0.94);
  g.fillRoundedRect(x, y, w, h, r);
  g.lineStyle(
    options.lineWidth ?? 2,
    options.border ?? COLORS.panelBorder,
    options.borderAlpha ?? 1,
  );
  g.strokeRoundedRect(x + 1, y + 1, w - 2, h - 2, r);
}

// ------------------------------------------------------------------ tooltip

export class Tooltip extends Phaser.GameObjects.Container {
  private bg: Phaser.GameObjects.Graphics;
  private label: Phaser.GameObjects.Text;
  private timer: Phaser.Time.TimerEvent | null = null;

  constructor(scene: Phaser.Scene) {
    super(scene, 0, 0);
    this.bg = scene.add.graphics();
    this.label = scene.add.text(
      10,
      7,
      '',
      readingStyle(14, CSS.parchment, { wordWrap: { width: 300 }, lineSpacing: 3 }),
    );
    // Named for the tests (window.archfoe.debug.textOf('tooltip')).
    this.label.setName('tooltip');
    this.add([this.bg, this.label]);
    this.setDepth(10_000).setVisible(false);
    scene.add.existing(this);
  }

  /** Shows `text` near the screen point (x, y) (a pointer's) after a short delay. */
  showAt(text: string, sx: number, sy: number, delay = 350): void {
    this.timer?.remove();
    if (!text) return this.hideNow();
    const { x, y } = screenToHud(this.scene, sx, sy);
    this.timer = this.scene.time.delayedCall(delay, () => {
      this.label.setText(text);
      const w = this.label.width + 20;
      const h = this.label.height + 14;
      this.bg.clear();
      drawPanel(this.bg, 0, 0, w, h, {
        fill: 0x0b0810,
        alpha: 0.96,
        border: COLORS.gold,
        radius: 6,
        lineWidth: 1,
      });
      const cam = hudCamera(this.scene);
      const tl = screenToHud(this.scene, cam.x, cam.y);
      const br = screenToHud(this.scene, cam.x + cam.width, cam.y + cam.height);
      const px = Math.min(Math.max(tl.x + 4, x + 14), br.x - w - 4);
      const py = y + 22 + h > br.y ? y - h - 10 : y + 22;
      this.setPosition(Math.round(px), Math.round(Math.max(tl.y + 4, py)));
      this.setVisible(true);
    });
  }

  hideNow(): void {
    this.timer?.remove();
    this.timer = null;
    this.setVisible(false);
  }
}

// ------------------------------------------------------------------ button

export interface ButtonOptions {
  name?: string;
  width: number;
  height: number;
  label: string;
  fontSize?: number;
  icon?: { texture: string; frame?: string } | null;
  tooltip?: string | (() => string);
  tooltipHost?: Tooltip | null;
  onClick?: () => void;
  /** Plays the UI click (default true). */
  clickSound?: boolean;
  primary?: boolean;
  align?: 'center' | 'left';
  hotkey?: string;
}

/** The side of a button's icon, for a button `height` high. */
function iconSide(height: number): number {
  return Math.min(height - 14, 20);
}

export class Button extends Phaser.GameObjects.Container {
  private bg: Phaser.GameObjects.Graphics;
  readonly label: Phaser.GameObjects.Text;
  private hotkeyText: Phaser.GameObjects.Text | null = null;
  private icon: Phaser.GameObjects.Image | null = null;
  private hovered = false;
  private pressed = false;
  private _enabled = true;
  private _selected = false;
  private _focused = false;
  private options: ButtonOptions;
  readonly buttonName: string | undefined;
  /** The label's whole text (shown in the tooltip when the button cuts it short). */
  private fullLabel = '';
  private labelCut = false;

  constructor(scene: Phaser.Scene, x: number, y: number, options: ButtonOptions) {
    super(scene, x, y);
    this.options = options;
    this.buttonName = options.name;
    const { width: w, height: h } = options;
    this.bg = scene.add.graphics();
    this.add(this.bg);
    const left = options.align === 'left';
    let textX = left ? -w / 2 + 12 : 0;
    if (options.icon && scene.textures.exists(options.icon.texture)) {
      const tex = scene.textures.get(options.icon.texture);
      if (!options.icon.frame || tex.has(options.icon.frame)) {
        this.icon = scene.add.image(
          left ? -w / 2 + 20 : 0,
          0,
          options.icon.texture,
          options.icon.frame,
        );
        const s = iconSide(h) / Math.max(this.icon.height, this.icon.width);
        this.icon.setScale(s);
        this.add(this.icon);
        textX = left ? -w / 2 + 38 : 0;
      }
    }
    this.label = scene.add.text(
      textX,
      0,
      options.label,
      // Grows with the text size setting (and shrinks back to fit its button).
      readingStyle(options.fontSize ?? 18, CSS.parchment, {
        fontStyle: options.primary ? 'bold' : 'normal',
      }),
    );
    this.label.setOrigin(left ? 0 : 0.5, 0.5);
    this.add(this.label);
    this.fitLabel(options.label);
    this.layoutContent();
    if (options.hotkey) {
      this.hotkeyText = scene.add
        .text(w / 2 - 7, h / 2 - 4, options.hotkey, textStyle(11, CSS.dim))
        .setOrigin(1, 1);
      this.add(this.hotkeyText);
    }
    this.setSize(w, h);
    this.setInteractive({ useHandCursor: true });
    this.on('pointerover', (p: Phaser.Input.Pointer) => {
      this.hovered = true;
      this.redraw();
      const tip = this.tooltipText();
      if (tip && options.tooltipHost) options.tooltipHost.showAt(tip, p.x, p.y);
    });
    this.on('pointerout', () => {
      this.hovered = false;
      this.pressed = false;
      this.redraw();
      options.tooltipHost?.hideNow();
    });
    this.on('pointerdown', () => {
      if (!this._enabled) return;
      this.pressed = true;
      this.redraw();
    });
    this.on('pointerup', () => {
      const wasPressed = this.pressed;
      this.pressed = false;
      this.redraw();
      if (!this._enabled || !wasPressed) return;
      options.tooltipHost?.hideNow();
      if (options.clickSound !== false) sounds.play('ui-click');
      options.onClick?.();
    });
    if (options.name) {
      const unregister = registerControl(options.name, () => buttonBounds(this));
      this.once(Phaser.GameObjects.Events.DESTROY, unregister);
    }
    this.redraw();
    scene.add.existing(this);
  }

  /**
   * The width a centred button of `height` needs to show `label` whole at the reading
   * size of `fontSize` (the text size setting's), with an icon when `withIcon`, in bold when
   * `bold` (a primary button's): the label's room (labelRoom) and the label itself.
   */
  static widthToShow(
    scene: Phaser.Scene,
    label: string,
    fontSize: number,
    height: number,
    withIcon: boolean,
    bold = false,
  ): number {
    const style = readingStyle(fontSize, CSS.parchment, { fontStyle: bold ? 'bold' : 'normal' });
    const probe = scene.make.text({ text: label, style }, false);
    const width = probe.width;
    probe.destroy();
    return Math.ceil(width) + 16 + (withIcon ? iconSide(height) + 6 : 0);
  }

  /** Icon to the left of a centred label (or alone when there is no label). */
  private layoutContent(): void {
    const gap = 6;
    // A label larger than its button (a large text size) is drawn smaller to fit.
    const left = this.options.align === 'left';
    // An icon that gave way to a long label (fitLabel) takes no room.
    const icon = this.icon?.visible ? this.icon : null;
    const room =
      this.options.width -
      (left ? (this.icon ? 38 : 12) + 6 : (icon ? icon.displayWidth + gap : 0) + 12);
    this.label.setScale(1);
    if (this.label.width > room && room > 0) this.label.setScale(room / this.label.width);
    const roomY = this.options.height - 4;
    if (this.label.displayHeight > roomY)
      this.label.setScale(this.label.scale * (roomY / this.label.displayHeight));
    if (left) return;
    if (!icon) {
      this.label.x = 0;
      return;
    }
    if (!this.label.text) {
      icon.x = 0;
      return;
    }
    const total = icon.displayWidth + gap + this.label.displayWidth;
    icon.x = -total / 2 + icon.displayWidth / 2;
    this.label.x = icon.x + icon.displayWidth / 2 + gap + this.label.displayWidth / 2;
  }

  /** The width the label may take: the button less its padding, icon and hotkey. */
  labelRoom(): number {
    const w = this.options.width;
    const left = this.options.align === 'left';
    const icon = this.icon?.visible && !left ? this.icon.displayWidth + 6 : 0;
    const hotkey = this.options.hotkey ? 14 : 0;
    return left ? w / 2 - this.label.x - 8 - hotkey : w - 16 - icon - 2 * hotkey;
  }

  /** Sets the label's text, made to fit the button (smaller, then cut with an ellipsis). */
  private fitLabel(text: string): void {
    this.fullLabel = text;
    // The size the text size setting makes it (readingStyle drew it so), then fitted.
    const size = readingSize(this.options.fontSize ?? 18);
    // The icon beside a centred label (a left-aligned one keeps its icon's room).
    const beside = this.options.align === 'left' ? null : this.icon;
    beside?.setVisible(true);
    this.labelCut = fitText(this.label, text, this.labelRoom(), size);
    // A label that would be cut short takes the icon's room instead: the words say more
    // ("Hand crossbow 11+" whole rather than "Hand cr... 11+" beside a picture).
    if (this.labelCut && beside && text) {
      beside.setVisible(false);
      this.labelCut = fitText(this.label, text, this.labelRoom(), size);
    }
  }

  private tooltipText(): string {
    const t = this.options.tooltip;
    const tip = typeof t === 'function' ? t() : (t ?? '');
    // A label cut short is read whole in the tooltip.
    if (!this.labelCut) return tip;
    return tip && tip !== this.fullLabel ? `${this.fullLabel}: ${tip}` : this.fullLabel;
  }

  get enabled(): boolean {
    return this._enabled;
  }

  setEnabled(enabled: boolean): this {
    if (this._enabled === enabled) return this;
    this._enabled = enabled;
    this.redraw();
    return this;
  }

  /** Shows the keyboard focus ring (see enableKeyboardFocus). */
  setFocused(focused: boolean): this {
    if (this._focused === focused || !this.scene) return this;
    this._focused = focused;
    this.redraw();
    return this;
  }

  /** Presses the button as a click would (the keyboard's Enter or Space on the focus). */
  activate(): void {
    if (!this._enabled) return;
    if (this.options.clickSound !== false) sounds.play('ui-click');
    this.options.onClick?.();
  }

  setSelected(selected: boolean): this {
    if (this._selected === selected) return this;
    this._selected = selected;
    this.redraw();
    return this;
  }

  /** Swaps the icon's frame (same atlas), e.g. speaker on/off. */
  setIconFrame(frame: string): this {
    if (
      this.icon &&
      this.icon.frame.name !== frame &&
      this.scene.textures.get(this.icon.texture.key).has(frame)
    )
      this.icon.setFrame(frame);
    return this;
  }

  /** Whether the label is shown whole at its size (not shrunk or cut to fit). */
  get labelFits(): boolean {
    const size = readingSize(this.options.fontSize ?? 18);
    return !this.labelCut && this.label.style.fontSize === `${size}px`;
  }

  setLabel(text: string): this {
    if (this.fullLabel !== text) {
      this.fitLabel(text);
      this.layoutContent();
    }
    return this;
  }

  private redraw(): void {
    const { width: w, height: h } = this.options;
    const g = this.bg;
    g.clear();
    const enabled = this._enabled;
    let fill: number = this.options.primary ? 0x3b2a14 : COLORS.buttonFace;
    if (this._selected) fill = COLORS.buttonSelected;
    if (enabled && this.hovered) fill = this.options.primary ? 0x5a4020 : COLORS.buttonHover;
    if (enabled && this.pressed) fill = COLORS.buttonDown;
    g.fillStyle(0x000000, 0.45);
    g.fillRoundedRect(-w / 2 + 2, -h / 2 + 3, w, h, 7);
    g.fillStyle(fill, 1);
    g.fillRoundedRect(-w / 2, -h / 2, w, h, 7);
    // A faint top highlight for a carved look.
    g.fillStyle(0xffffff, enabled ? 0.05 : 0.02);
    g.fillRoundedRect(-w / 2 + 2, -h / 2 + 2, w - 4, h / 2 - 2, { tl: 6, tr: 6, bl: 0, br: 0 });
    const border =
      this._selected || (enabled && this.hovered)
        ? COLORS.gold
        : this.options.primary
          ? COLORS.goldDim
          : COLORS.panelBorder;
    g.lineStyle(this._selected ? 2 : 1.5, border, 1);
    g.strokeRoundedRect(-w / 2 + 0.75, -h / 2 + 0.75, w - 1.5, h - 1.5, 7);
    if (this._focused) {
      // The keyboard focus: a bright ring outside the button, plain to see on any fill.
      g.lineStyle(2.5, 0xfff3c4, 1);
      g.strokeRoundedRect(-w / 2 - 4, -h / 2 - 4, w + 8, h + 8, 10);
    }
    this.label.setColor(
      enabled ? (this._selected || this.options.primary ? CSS.gold : CSS.parchment) : CSS.dim,
    );
    this.icon?.setAlpha(enabled ? 1 : 0.4);
    this.label.y = this.pressed ? 1 : 0;
  }
}

// ------------------------------------------------------------------ slider

export class Slider extends Phaser.GameObjects.Container {
  private track: Phaser.GameObjects.Graphics;
  private valueText: Phaser.GameObjects.Text;
  private value: number;
  private readonly trackW: number;
  private dragging = false;
  private focused = false;
  private readonly onChange: (v: number) => void;
  /** The name the keyboard focus reports (like a button's). */
  readonly buttonName: string | undefined;
  readonly enabled = true;

  constructor(
    scene: Phaser.Scene,
    x: number,
    y: number,
    width: number,
    value: number,
    onChange: (v: number) => void,
    name?: string,
  ) {
    super(scene, x, y);
    this.trackW = width;
    this.value = value;
    this.onChange = onChange;
    this.buttonName = name;
    this.track = scene.add.graphics();
    this.valueText = scene.add
      .text(width / 2 + 16, 0, '', readingStyle(16, CSS.parchment))
      .setOrigin(0, 0.5);
    this.add([this.track, this.valueText]);
    this.setSize(width + 20, 30);
    this.setInteractive({ useHandCursor: true, draggable: false });
    const setFromPointer = (p: Phaser.Input.Pointer): void => {
      const local =
        screenToHud(scene, p.x, p.y).x - (this.getWorldTransformMatrix().tx - width / 2);
      const v = Math.max(0, Math.min(1, local / width));
      this.value = Math.round(v * 20) / 20;
      this.redraw();
      onChange(this.value);
    };
    this.on('pointerdown', (p: Phaser.Input.Pointer) => {
      this.dragging = true;
      setFromPointer(p);
    });
    scene.input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (this.dragging && p.isDown) setFromPointer(p);
    });
    scene.input.on('pointerup', () => {
      if (this.dragging) sounds.play('ui-click');
      this.dragging = false;
    });
    if (name) {
      // Sliders are found by tests through a stand-in registry entry.
      this.setName(name);
    }
    this.redraw();
    scene.add.existing(this);
  }

  private redraw(): void {
    const g = this.track;
    const w = this.trackW;
    g.clear();
    g.fillStyle(0x000000, 0.6);
    g.fillRoundedRect(-w / 2, -5, w, 10, 5);
    g.fillStyle(COLORS.gold, 1);
    g.fillRoundedRect(-w / 2, -5, Math.max(10, w * this.value), 10, 5);
    g.lineStyle(1, COLORS.panelBorder, 1);
    g.strokeRoundedRect(-w / 2, -5, w, 10, 5);
    const kx = -w / 2 + w * this.value;
    g.fillStyle(0x2a2030, 1);
    g.fillCircle(kx, 0, 11);
    g.lineStyle(2, COLORS.gold, 1);
    g.strokeCircle(kx, 0, 11);
    this.valueText.setText(`${Math.round(this.value * 100)}%`);
    if (this.focused) {
      // The keyboard focus: the same bright ring as a button's.
      g.lineStyle(2.5, 0xfff3c4, 1);
      g.strokeRoundedRect(-w / 2 - 16, -17, w + 32, 34, 10);
    }
  }

  setFocused(focused: boolean): this {
    this.focused = focused;
    this.redraw();
    return this;
  }

  /** Enter or Space on a focused slider: nothing (the arrows move it). */
  activate(): void {}

  /** An arrow key: a step of 5% up or down; Home and End: none or all. */
  adjust(step: number): void {
    const v = Math.max(0, Math.min(1, Math.round((this.value + step * 0.05) * 20) / 20));
    if (v === this.value) return;
    this.value = v;
    this.redraw();
    sounds.play('ui-click');
    this.onChange(v);
  }
}

/** What the keyboard focus can rest on: a button, or a slider the arrows move. */
type Focusable = Button | Slider;

/** A control's data key: a way to scroll it into view (a control of a scrolling area hidden now). */
export const SCROLL_INTO_VIEW = 'scrollIntoView';

/** The way to scroll `o` into view, when it is a hidden control of a scrolling area. */
function scrollIntoViewOf(o: Phaser.GameObjects.GameObject): (() => void) | undefined {
  return o.getData(SCROLL_INTO_VIEW) as (() => void) | undefined;
}

// ------------------------------------------------------------------ toast

/** A short message that fades: illegal clicks, saves that failed, errors. */
export class Toast extends Phaser.GameObjects.Container {
  private bg: Phaser.GameObjects.Graphics;
  private label: Phaser.GameObjects.Text;
  private tween: Phaser.Tweens.Tween | null = null;

  constructor(scene: Phaser.Scene, x: number, y: number, maxWidth = 560) {
    super(scene, x, y);
    this.bg = scene.add.graphics();
    this.label = scene.add
      .text(
        0,
        0,
        '',
        textStyle(17, CSS.parchment, {
          align: 'center',
          wordWrap: { width: maxWidth },
          lineSpacing: 3,
        }),
      )
      .setOrigin(0.5);
    this.add([this.bg, this.label]);
    this.setDepth(9_000).setAlpha(0).setVisible(false);
    scene.add.existing(this);
  }

  show(text: string, kind: 'error' | 'info' = 'error', ms = 2600): void {
    noteToast(text);
    this.label.setText(text);
    this.label.setColor(kind === 'error' ? '#ffd2c8' : CSS.parchment);
    const w = this.label.width + 36;
    const h = this.label.height + 20;
    this.bg.clear();
    drawPanel(this.bg, -w / 2, -h / 2, w, h, {
      fill: kind === 'error' ? 0x3a1210 : 0x1b1420,
      alpha: 0.96,
      border: kind === 'error' ? COLORS.danger : COLORS.gold,
      radius: 8,
    });
    this.tween?.stop();
    this.setVisible(true).setAlpha(1);
    this.tween = this.scene.tweens.add({
      targets: this,
      alpha: 0,
      delay: ms,
      duration: 500,
      onComplete: () => this.setVisible(false),
    });
  }
}

/** Every enabled button and slider on screen in a scene, in reading order (rows top to bottom). */
function focusableButtons(scene: Phaser.Scene): Focusable[] {
  const found: Focusable[] = [];
  const visit = (list: Phaser.GameObjects.GameObject[], shown: boolean): void => {
    for (const o of list) {
      const visible = shown && (o as unknown as { visible?: boolean }).visible !== false;
      if (o instanceof Button || o instanceof Slider) {
        // A control scrolled out of view is still in the Tab order: focused, it scrolls in.
        const reachable = visible || (shown && scrollIntoViewOf(o) !== undefined);
        if (reachable && o.enabled && o.input?.enabled) found.push(o);
      } else if (o instanceof Phaser.GameObjects.Container) visit(o.list, visible);
      else if (o instanceof Phaser.GameObjects.Layer) visit(o.list, visible);
    }
  };
  visit(scene.children.list, true);
  const where = (b: Focusable) => b.getBounds();
  return found.sort((a, b) => {
    const ra = where(a);
    const rb = where(b);
    return Math.abs(ra.centerY - rb.centerY) > 8
      ? ra.centerY - rb.centerY
      : ra.centerX - rb.centerX;
  });
}

/**
 * A menu screen's Back button (named `name`, the primary button at x, y) and the Escape key
 * doing the same with the click sound: both call `back`.
 */
export function addBackButton(
  scene: Phaser.Scene,
  x: number,
  y: number,
  name: string,
  back: () => void,
): Button {
  const button = new Button(scene, x, y, {
    name,
    width: 200,
    height: 44,
    label: 'Back',
    fontSize: 20,
    primary: true,
    onClick: back,
  });
  onKeyDown(scene, (e) => {
    if (e.key !== 'Escape') return;
    sounds.play('ui-click');
    back();
  });
  return button;
}

/**
 * Keyboard focus for a menu scene: Tab and Shift+Tab move a visible focus ring through the
 * scene's buttons and sliders in reading order, Enter or Space presses the focused button,
 * the arrow keys (Home, End) move the focused slider, Escape drops the
 * focus (and still goes back). Until Tab is pressed nothing is focused and the scene's own keys work as before.
 * Call it at the start of `create`, before the scene's own onKeyDown.
 */
export function enableKeyboardFocus(scene: Phaser.Scene): void {
  let focused: Focusable | null = null;
  const setFocus = (b: Focusable | null): void => {
    focused?.setFocused(false);
    if (b && !b.visible) scrollIntoViewOf(b)?.();
    focused = b;
    focused?.setFocused(true);
    noteFocusedControl(b?.buttonName ?? null);
  };
  // The buttons go with the scene: forget the focus without drawing on them.
  scene.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
    focused = null;
    noteFocusedControl(null);
  });
  onKeyDown(scene, (e) => {
    if (e.key === 'Tab') {
      const buttons = focusableButtons(scene);
      if (buttons.length === 0) return;
      const at = focused ? buttons.indexOf(focused) : -1;
      const step = e.shiftKey ? -1 : 1;
      const next =
        at < 0
          ? step > 0
            ? 0
            : buttons.length - 1
          : (at + step + buttons.length) % buttons.length;
      setFocus(buttons[next]);
      consumeKey(e);
      return;
    }
    if (!focused) return;
    if (!focused.active || !focusableButtons(scene).includes(focused)) {
      setFocus(null);
      return;
    }
    const arrows: Record<string, number> = {
      ArrowLeft: -1,
      ArrowDown: -1,
      ArrowRight: 1,
      ArrowUp: 1,
      Home: -20,
      End: 20,
    };
    if (focused instanceof Slider && e.key in arrows) {
      consumeKey(e);
      focused.adjust(arrows[e.key]);
    } else if (e.key === 'Enter' || e.key === ' ') {
      consumeKey(e);
      if (!e.repeat) focused.activate();
    } else if (e.key === 'Escape') {
      setFocus(null); // and the scene's own Escape (back) still happens
    }
  });
}

/** A named text, or the label of a named button, in `scenes` (for the automation API). */
function findNamedText(
  name: string,
  scenes: readonly Phaser.Scene[],
  nth = 0,
): Phaser.GameObjects.Text | null {
  // Of texts sharing a name (the dice log's lines, the campaign's hero cards), the nth shown.
  let skip = nth;
  const find = (list: Phaser.GameObjects.GameObject[]): Phaser.GameObjects.Text | null => {
    for (const o of list) {
      const text =
        o instanceof Phaser.GameObjects.Text && o.name === name && o.visible
          ? o
          : o instanceof Button && o.buttonName === name
            ? o.label
            : null;
      if (text && skip-- === 0) return text;
      if (o instanceof Phaser.GameObjects.Container || o instanceof Phaser.GameObjects.Layer) {
        const inner = find(o.list);
        if (inner) return inner;
      }
    }
    return null;
  };
  for (const s of scenes) {
    const found = find(s.children.list);
    if (found) return found;
  }
  return null;
}

setTextMeasurer((name, scenes, nth) => {
  const t = findNamedText(name, scenes as readonly Phaser.Scene[], nth);
  return t?.visible ? textBounds(t) : null;
});
