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
import { CSS, fadeMs, textStyle, titleStyle } from '../view/theme';
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
    const { W, H, left, top, right, bottom } = frameMenuScene(this);
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
    const pw = 620;
    const ph = 620;
    const px = W / 2 - pw / 2;
    const py = H / 2 - ph / 2;
    const g = this.add.graphics();
    drawPanel(g, px, py, pw, ph, { alpha: 0.97 });
    this.add.text(W / 2, py + 36, 'Settings', titleStyle(34)).setOrigin(0.5);

    const labelX = px + 40;
    const sliderX = px + 340;
    let y = py + 92;
    const row = (label: string): void => {
      this.add.text(labelX, y, label, textStyle(19, CSS.parchment)).setOrigin(0, 0.5);
    };
    const s = app.settings;
    row('Master volume');
    new Slider(this, sliderX, y, 220, s.master, (v) => app.updateSettings({ master: v }), 'master');
    y += 50;
    row('Music volume');
    new Slider(this, sliderX, y, 220, s.music, (v) => app.updateSettings({ music: v }), 'music');
    y += 50;
    row('Effects volume');
    new Slider(
      this,
      sliderX,
      y,
      220,
      s.effects,
      (v) => {
        app.updateSettings({ effects: v });
      },
      'effects',
    );
    y += 64;

    row('Animation speed');
    const speedButtons: Button[] = [];
    ANIMATION_SPEEDS.forEach((speed, i) => {
      const b = new Button(this, px + 270 + i * 86, y, {
        name: `speed-${speed}`,
        width: 80,
        height: 34,
        label: SPEED_NAMES[speed],
        fontSize: 15,
        onClick: () => {
          app.setSpeed(speed);
          speedButtons.forEach((x, j) => x.setSelected(ANIMATION_SPEEDS[j] === speed));
        },
      });
      b.setSelected(s.speed === speed);
      speedButtons.push(b);
    });
    y += 60;

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
          new Button(this, px + 270 + i * 86, y, {
            name: `${name}-${o.value === true ? 'on' : o.value === false ? 'off' : o.value}`,
            width: 80,
            height: 34,
            label: o.label,
            fontSize: 15,
            onClick: () => {
              buttons.forEach((b, j) => b.setSelected(options[j].value === o.value));
              choose(o.value);
            },
          }),
      );
      buttons.forEach((b, j) => b.setSelected(options[j].value === selected));
      y += 52;
    };
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

    this.add
      .text(
        W / 2,
        py + ph - 80,
        'Settings are kept in this browser. Sound starts after your first click or key.',
        textStyle(13, CSS.muted),
      )
      .setOrigin(0.5);
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
