/**
 * Between missions: what the campaign's dice did after the last battle, shown roll by
 * roll: each die with its value (green where it succeeded, red where it failed) and what
 * it meant in words, with the rule book it served; then deaths, recruits, improvements and
 * where the story goes. "Show all" skips the wait; "On to the campaign" goes back.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { sounds } from '../audio/sound-bank';
import type { CampaignEvent } from '../engine/campaign';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import { COLORS, CSS, textStyle, titleStyle } from '../view/theme';
import { Button, drawPanel } from '../view/ui';

/** Milliseconds between two lines at normal speed. */
const STEP_MS = 420;

function lineColor(e: CampaignEvent): string {
  switch (e.type) {
    case 'died':
    case 'grievously-wounded':
      return CSS.red;
    case 'improved':
    case 'recruited':
      return CSS.green;
    case 'mission-ended':
    case 'next-mission':
    case 'choice-offered':
    case 'mission-chosen':
    case 'campaign-over':
      return CSS.gold;
    default:
      return CSS.parchment;
  }
}

export class AftermathScene extends Phaser.Scene {
  private shown = 0;
  private rows: Phaser.GameObjects.GameObject[][] = [];
  private timer: Phaser.Time.TimerEvent | null = null;

  constructor() {
    super('Aftermath');
  }

  create(): void {
    const { W, H } = frameMenuScene(this, { portrait: true });
    // A phone held upright: one column of lines, as tall as the screen.
    const upright = H > W;
    drawBackdrop(this, 0.75);
    this.cameras.main.fadeIn(200, 6, 5, 8);
    const log = app.aftermath ?? [];
    app.aftermathShown = [];
    this.add.text(W / 2, 36, 'After the battle', titleStyle(38)).setOrigin(0.5);
    this.add
      .text(
        W / 2,
        70,
        'Wounds, skills and what comes next, rolled with the campaign\u2019s own dice.',
        textStyle(16, CSS.muted, { align: 'center', wordWrap: { width: W - 40 } }),
      )
      .setOrigin(0.5, 0);
    const px = 40;
    const py = 100;
    const pw = W - 80;
    const ph = H - py - 80;
    const g = this.add.graphics();
    drawPanel(g, px, py, pw, ph, { alpha: 0.95 });
    const columns = !upright && log.length > 18 ? 2 : 1;
    const perColumn = Math.ceil(log.length / columns);
    const rowH = Math.max(
      18,
      Math.min(upright ? 42 : 30, Math.floor((ph - 24) / Math.max(1, perColumn))),
    );
    const colW = (pw - 24) / columns;
    const fontSize = rowH >= 38 ? 19 : rowH >= 26 ? 15 : rowH >= 21 ? 13 : 12;
    this.rows = log.map((e, i) => {
      const col = Math.floor(i / perColumn);
      const x = px + 12 + col * colW;
      const y = py + 12 + (i % perColumn) * rowH + rowH / 2;
      const objects: Phaser.GameObjects.GameObject[] = [];
      let tx = x + 8;
      if (e.type === 'roll') {
        const size = Math.min(rowH >= 38 ? 30 : 24, rowH - 2);
        const die = this.add.graphics();
        const fill = e.success === null ? COLORS.panelLight : e.success ? 0x1f5a2a : 0x5a1f1a;
        die.fillStyle(fill, 1);
        die.fillRoundedRect(x + 8, y - size / 2, size, size, 4);
        die.lineStyle(1.5, e.success === false ? COLORS.danger : COLORS.gold, 1);
        die.strokeRoundedRect(x + 8, y - size / 2, size, size, 4);
        const v = this.add
          .text(
            x + 8 + size / 2,
            y,
            String(e.value),
            textStyle(fontSize, CSS.parchment, { fontStyle: 'bold' }),
          )
          .setOrigin(0.5);
        const d = this.add
          .text(x + 8 + size + 4, y, `d${e.die}`, textStyle(11, CSS.dim))
          .setOrigin(0, 0.5);
        objects.push(die, v, d);
        tx = x + 8 + size + 30;
      } else tx = x + 8;
      const text = this.add
        .text(
          tx,
          y,
          e.text,
          textStyle(fontSize, lineColor(e), {
            fontStyle: e.type === 'mission-ended' ? 'bold' : 'normal',
          }),
        )
        .setOrigin(0, 0.5);
      const room = x + colW - tx - 8;
      if (text.width > room) text.setScale(Math.max(0.7, room / text.width));
      objects.push(text);
      if (e.rule && e.type === 'roll') {
        const tag = this.add
          .text(x + colW - 8, y, `${e.rule.book}`, textStyle(10, CSS.dim))
          .setOrigin(1, 0.5);
        if (tag.x - tag.width < text.x + text.displayWidth + 8) tag.setVisible(false);
        objects.push(tag);
      }
      for (const o of objects) (o as unknown as Phaser.GameObjects.Components.Alpha).setAlpha(0);
      return objects;
    });
    this.shown = 0;
    const instant = app.settings.speed === 'instant';
    if (instant) this.showAll();
    else
      this.timer = this.time.addEvent({
        delay: STEP_MS * (app.settings.speed === 'fast' ? 0.5 : 1),
        loop: true,
        callback: () => this.showNext(),
      });
    new Button(this, W / 2 - 130, H - 40, {
      name: 'aftermath-all',
      width: 220,
      height: 46,
      label: 'Show all',
      fontSize: 18,
      onClick: () => this.showAll(),
    });
    new Button(this, W / 2 + 130, H - 40, {
      name: 'aftermath-continue',
      width: 240,
      height: 50,
      label: 'On to the campaign',
      fontSize: 20,
      primary: true,
      onClick: () => app.goto('Campaign'),
    });
    onKeyDown(this, (e) => {
      if (e.repeat) return;
      if (e.key === 'Enter') {
        sounds.play('ui-click');
        if (this.shown < this.rows.length) this.showAll();
        else app.goto('Campaign');
      }
    });
  }

  private showNext(): void {
    const row = this.rows[this.shown];
    if (!row) {
      this.timer?.remove();
      this.timer = null;
      return;
    }
    const event = (app.aftermath ?? [])[this.shown];
    this.shown += 1;
    this.tweens.add({ targets: row, alpha: 1, duration: 200 });
    if (event) app.aftermathShown.push(event.text);
    if (event?.type === 'roll') sounds.play('ui-click');
  }

  private showAll(): void {
    while (this.shown < this.rows.length) {
      const row = this.rows[this.shown];
      for (const o of row) (o as unknown as Phaser.GameObjects.Components.Alpha).setAlpha(1);
      const event = (app.aftermath ?? [])[this.shown];
      if (event) app.aftermathShown.push(event.text);
      this.shown += 1;
    }
    this.timer?.remove();
    this.timer = null;
  }
}
