/**
 * Keys: the battle's rebindable keys (issue 14), opened from Settings. Each action shows
 * its key; a click on its row (or Enter on the keyboard focus) waits for the new key. A
 * fixed key or one another action has gets a plain message; Defaults puts all back.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import {
  DEFAULT_KEYS,
  KEY_COMMAND_NAMES,
  KEY_COMMANDS,
  keyLabel,
  rebind,
  type KeyBindings,
  type KeyCommand,
} from '../app/key-bindings';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { consumeKey, onKeyDown } from '../view/keys';
import { CSS, currentReadingScale, fadeMs, readingStyle, titleStyle } from '../view/theme';
import { addBackButton, Button, drawPanel, enableKeyboardFocus } from '../view/ui';

/** Keys that only modify others: the page keeps waiting for the real key. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock', 'OS']);

interface KeysData {
  overlay?: boolean;
  returnTo?: string;
}

export class KeysScene extends Phaser.Scene {
  private data_: KeysData = {};
  private waiting: KeyCommand | null = null;
  private readonly rows = new Map<KeyCommand, Button>();
  private message!: Phaser.GameObjects.Text;

  constructor() {
    super('Keys');
  }

  init(data: KeysData): void {
    this.data_ = { overlay: data?.overlay === true, returnTo: data?.returnTo ?? 'Menu' };
    this.waiting = null;
    this.rows.clear();
  }

  create(): void {
    // Before the keyboard focus: while a row waits, its key press is the new key, not a press.
    onKeyDown(this, (e) => {
      if (!this.waiting || e.repeat || MODIFIERS.has(e.key)) return;
      consumeKey(e);
      if (e.key === 'Escape') this.stopWaiting('Nothing changed.');
      else this.bind(this.waiting, e.key);
    });
    enableKeyboardFocus(this);
    const { W, H, left, top, right, bottom } = frameMenuScene(this, { portrait: true });
    if (this.data_.overlay) {
      this.add
        .rectangle(
          (left + right) / 2,
          (top + bottom) / 2,
          right - left,
          bottom - top,
          0x000000,
          0.6,
        )
        .setInteractive(); // swallow clicks meant for the paused battle
    } else {
      drawBackdrop(this, 0.55);
      this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    }
    // The text size grows the texts, and the rows and the panel with them.
    const k = currentReadingScale();
    const pw = 620;
    const panel = this.add.graphics();
    const intro = this.add
      .text(
        W / 2,
        0,
        'Click an action (or Enter on it), then press its new key.',
        readingStyle(15, CSS.muted, { wordWrap: { width: pw - 60 }, align: 'center' }),
      )
      .setOrigin(0.5)
      .setName('keys-intro');
    const step = Math.round(42 + (k - 1) * 15);
    const grown = k > 1 ? intro.height + 8 + KEY_COMMANDS.length * (step - 42) : 0;
    const ph = 600 + grown;
    const px = W / 2 - pw / 2;
    const py = H / 2 - ph / 2;
    drawPanel(panel, px, py, pw, ph, { alpha: 0.97 });
    this.add.text(W / 2, py + 36, 'Battle keys', titleStyle(34)).setOrigin(0.5);
    intro.setY(k > 1 ? py + 66 + intro.height / 2 : py + 76);
    let y = k > 1 ? py + 66 + intro.height + 38 : py + 122;
    for (const c of KEY_COMMANDS) {
      this.add
        .text(px + 60, y, KEY_COMMAND_NAMES[c], readingStyle(19, CSS.parchment))
        .setOrigin(0, 0.5)
        .setName('keys-label');
      const b = new Button(this, px + pw - 150, y, {
        name: `key-${c}`,
        width: 180,
        height: 36,
        label: keyLabel(app.settings.keys[c]),
        fontSize: 17,
        onClick: () => this.startWaiting(c),
      });
      this.rows.set(c, b);
      y += step;
    }
    this.message = this.add
      .text(
        W / 2,
        y + 14,
        'Enter, Esc, Tab, ?, the digits, the arrows, + / - and W A S D keep their meaning.',
        readingStyle(15, CSS.muted, { wordWrap: { width: pw - 60 }, align: 'center' }),
      )
      .setOrigin(0.5, 0)
      .setName('keys-message');
    new Button(this, W / 2 - 110, py + ph - 42, {
      name: 'keys-defaults',
      width: 200,
      height: 44,
      label: 'Defaults',
      fontSize: 20,
      onClick: () => {
        this.stopWaiting('All keys are back to their defaults.');
        this.save({ ...DEFAULT_KEYS });
      },
    });
    addBackButton(this, W / 2 + 110, py + ph - 42, 'keys-back', () => this.back());
  }

  private startWaiting(c: KeyCommand): void {
    this.stopWaiting(`Press the new key for ${KEY_COMMAND_NAMES[c]} (Esc: no change).`);
    this.waiting = c;
    this.rows.get(c)?.setSelected(true).setLabel('Press a key\u2026');
  }

  private stopWaiting(message: string): void {
    if (this.waiting) {
      const c = this.waiting;
      this.rows.get(c)?.setSelected(false).setLabel(keyLabel(app.settings.keys[c]));
    }
    this.waiting = null;
    this.message.setText(message).setColor(CSS.parchment);
  }

  /** A key pressed for `c`: bound, or a message saying why not (still waiting). */
  private bind(c: KeyCommand, key: string): void {
    const result = rebind(app.settings.keys, c, key);
    if ('error' in result) {
      this.message.setText(`${result.error} Press another key, or Esc.`).setColor(CSS.red);
      return;
    }
    this.save(result.keys);
    this.stopWaiting(`${KEY_COMMAND_NAMES[c]}: ${keyLabel(result.keys[c])}.`);
  }

  private save(keys: KeyBindings): void {
    app.updateSettings({ keys });
    for (const [c, b] of this.rows) if (c !== this.waiting) b.setLabel(keyLabel(keys[c]));
    // A battle paused under these screens draws its buttons and help again when it resumes.
    for (const s of this.scene.manager.getScenes(false) as Phaser.Scene[])
      if (s.sys.isPaused())
        s.sys.settings.data = { ...(s.sys.settings.data as object), relayoutOnResume: true };
  }

  private back(): void {
    this.scene.start('Settings', this.data_);
    this.scene.bringToTop('Settings');
  }
}
