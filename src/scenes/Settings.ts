/**
 * Settings: master/music/effects volume, animation speed, dice log, and comfort (reduced
 * motion, colour-blind colours, text size); Keys… opens the battle keys' page (Keys.ts).
 * Opens over the battle too.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import {
  ANIMATION_SPEEDS,
  TEXT_SIZES,
  type AnimationSpeed,
  type Settings,
  type TextSize,
} from '../app/settings';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { CSS, currentReadingScale, fadeMs, readingStyle, titleStyle } from '../view/theme';
import { addBackButton, Button, drawPanel, enableKeyboardFocus, Slider } from '../view/ui';

const TEXT_SIZE_NAMES: Record<TextSize, string> = {
  normal: 'Normal',
  large: 'Large',
  larger: 'Larger',
};

const SPEED_NAMES: Record<AnimationSpeed, string> = {
  slow: 'Slow',
  normal: 'Normal',
  fast: 'Fast',
  instant: 'Instant',
};

export class SettingsScene extends Phaser.Scene {
  private overlay = false;
  private returnTo = 'Menu';

  constructor() {
    super('Settings');
  }

  init(data: { overlay?: boolean; returnTo?: string }): void {
    this.overlay = data?.overlay === true;
    this.returnTo = data?.returnTo ?? 'Menu';
  }

  create(): void {
    enableKeyboardFocus(this);
    const { W, H, left, top, right, bottom } = frameMenuScene(this, { portrait: true });
    // On an upright phone each label goes above its control, which takes the panel's width.
    const upright = H > W;
    if (this.overlay) {
      const shade = this.add.rectangle(
        (left + right) / 2,
        (top + bottom) / 2,
        right - left,
        bottom - top,
        0x000000,
        0.6,
      );
      shade.setInteractive(); // swallow clicks meant for the paused battle
    } else {
      drawBackdrop(this, 0.55);
      this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    }
    // The text size grows the labels, the choice buttons and the rows, and the panel with them.
    const k = currentReadingScale();
    const labelStyle = readingStyle(19, CSS.parchment);
    const labels = [
      'Master volume',
      'Music volume',
      'Effects volume',
      'Animation speed',
      'Dice log',
      'Reduced motion',
      'Colour-blind',
      'Text size',
    ];
    const probe = this.add.text(0, 0, '', labelStyle);
    const labelW = Math.max(...labels.map((l) => probe.setText(l).width));
    const labelH = probe.setText(labels[0]).height;
    probe.destroy();
    const uprightW = W - 40;
    const choiceW = upright ? Math.floor((uprightW - 80 - 18) / 4) : Math.round(80 * k);
    const choiceH = Math.round((upright ? 46 : 34) * Math.min(k, 1.3));
    const step = choiceW + 6;
    const choicesAt = upright ? 40 : Math.max(230, 40 + labelW + 24);
    const pw = upright ? uprightW : Math.max(620, choicesAt + 4 * step + 34);
    // Upright, a control sits `drop` under its label; each row is `uprightRow` high.
    const drop = Math.round(labelH / 2 + 8 + choiceH / 2);
    const uprightRow = drop + Math.round(choiceH / 2) + 22;
    const grow = (n: number): number => (upright ? uprightRow : Math.round(n + (k - 1) * 10));
    const ph = upright
      ? 92 + 8 * uprightRow + 130
      : 620 + 3 * (grow(50) - 50) + (grow(64) - 64) + 5 * (grow(52) - 52);
    const px = W / 2 - pw / 2;
    const py = H / 2 - ph / 2;
    const g = this.add.graphics();
    drawPanel(g, px, py, pw, ph, { alpha: 0.97 });
    this.add.text(W / 2, py + 36, 'Settings', titleStyle(34)).setOrigin(0.5);

    const labelX = px + 40;
    // Upright, the slider's value is written at its right end, inside the panel.
    const sliderW = upright ? pw - 80 - 90 : 220;
    const sliderX = upright ? px + 40 + sliderW / 2 : px + choicesAt + 110;
    let y = py + 92;
    /** Where the control of the row at `y` goes (under its label on an upright phone). */
    const at = (): number => (upright ? y + drop : y);
    const row = (label: string): void => {
      this.add.text(labelX, y, label, labelStyle).setOrigin(0, 0.5).setName(`settings-label`);
    };
    const s = app.settings;
    row('Master volume');
    new Slider(
      this,
      sliderX,
      at(),
      sliderW,
      s.master,
      (v) => app.updateSettings({ master: v }),
      'master',
    );
    y += grow(50);
    row('Music volume');
    new Slider(
      this,
      sliderX,
      at(),
      sliderW,
      s.music,
      (v) => app.updateSettings({ music: v }),
      'music',
    );
    y += grow(50);
    row('Effects volume');
    new Slider(
      this,
      sliderX,
      at(),
      sliderW,
      s.effects,
      (v) => {
        app.updateSettings({ effects: v });
      },
      'effects',
    );
    y += grow(64);

    /** A row of choices, one selected; `choose` applies one. */
    const choices = <T extends string | boolean>(
      label: string,
      name: string,
      options: readonly { value: T; label: string }[],
      selected: T,
      choose: (value: T) => void,
    ): void => {
      row(label);
      const buttons = options.map(
        (o, i) =>
          new Button(this, px + choicesAt + choiceW / 2 + i * step, at(), {
            name: `${name}-${o.value === true ? 'on' : o.value === false ? 'off' : o.value}`,
            width: choiceW,
            height: choiceH,
            label: o.label,
            fontSize: upright ? 18 : 15,
            onClick: () => {
              buttons.forEach((b, j) => b.setSelected(options[j].value === o.value));
              choose(o.value);
            },
          }),
      );
      buttons.forEach((b, j) => b.setSelected(options[j].value === selected));
      y += grow(52);
    };
    choices(
      'Animation speed',
      'speed',
      ANIMATION_SPEEDS.map((speed) => ({ value: speed, label: SPEED_NAMES[speed] })),
      s.speed,
      (speed) => app.setSpeed(speed),
    );
    if (!upright) y += 8;
    const onOff = (
      label: string,
      name: string,
      key: 'showLog' | 'reducedMotion' | 'colourBlind',
      redraw: boolean,
      words = ['On', 'Off'],
    ) =>
      choices(
        label,
        name,
        [
          { value: true, label: words[0] },
          { value: false, label: words[1] },
        ],
        s[key],
        (on) => {
          const patch: Partial<Settings> = { [key]: on };
          app.updateSettings(patch);
          // Colours drawn already change when the screens are built again.
          if (redraw) app.relayout();
        },
      );
    onOff('Dice log', 'log', 'showLog', false, ['Show', 'Hide']);
    onOff('Reduced motion', 'motion', 'reducedMotion', false);
    onOff('Colour-blind', 'colour-blind', 'colourBlind', true);
    choices(
      'Text size',
      'text',
      TEXT_SIZES.map((t) => ({ value: t, label: TEXT_SIZE_NAMES[t] })),
      s.textSize,
      (size) => {
        app.updateSettings({ textSize: size });
        app.relayout();
      },
    );

    const note = this.add
      .text(
        W / 2,
        py + ph - 80,
        'Settings are kept in this browser. Sound starts after your first click or key.',
        readingStyle(upright ? 15 : 13, CSS.muted, {
          align: 'center',
          wordWrap: { width: pw - 60 },
        }),
      )
      .setOrigin(0.5)
      .setName('settings-note');
    // Above the buttons however many lines it takes.
    if (k > 1) note.setY(Math.min(py + ph - 80, py + ph - 72 - note.height / 2));
    new Button(this, W / 2 - 110, py + ph - 42, {
      name: 'settings-keys',
      width: 200,
      height: 44,
      label: 'Keys\u2026',
      fontSize: 20,
      onClick: () => {
        this.scene.start('Keys', { overlay: this.overlay, returnTo: this.returnTo });
        this.scene.bringToTop('Keys');
      },
    });
    addBackButton(this, W / 2 + 110, py + ph - 42, 'settings-back', () => this.back());
  }

  private back(): void {
    if (this.overlay) {
      this.scene.stop();
      this.scene.resume(this.returnTo);
    } else {
      app.goto(this.returnTo);
    }
  }
}
