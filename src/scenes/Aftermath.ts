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
import { COLORS, CSS, readingSize, readingStyle, textStyle, titleStyle } from '../view/theme';
import { Button, drawPanel, enableKeyboardFocus } from '../view/ui';

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
    enableKeyboardFocus(this);
    const { W, H } = frameMenuScene(this, { portrait: true });
    // A phone held upright: one column of lines, as tall as the screen.
    const upright = H > W;
    drawBackdrop(this, 0.75);
    this.cameras.main.fadeIn(200, 6, 5, 8);
    const log = app.aftermath ?? [];
    app.aftermathShown = [];
    this.add.text(W / 2, 36, 'After the battle', titleStyle(38)).setOrigin(0.5);
    const subtitle = this.add
      .text(
        W / 2,
        70,
        'Wounds, skills and what comes next, rolled with the campaign\u2019s own dice.',
        readingStyle(upright ? 18 : 16, CSS.muted, {
          align: 'center',
          wordWrap: { width: W - 40 },
        }),
      )
      .setOrigin(0.5, 0);
    const px = 40;
    // Under the subtitle, however many lines the text size gives it.
    const py = Math.max(100, Math.ceil(subtitle.y + subtitle.height + 10));
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
    // The lines are read texts: they grow with the text size (and on a short screen, see
    // frameMenuScene), and wrap to their column (the mission's long first line ran into the
    // second column). Where they would not fit the panel they are drawn smaller, a pixel
    // at a time, 10 pixels at the least.
    // Upright the 720-wide box is drawn at about half size: the lines start larger there.
    const base = upright ? 24 : rowH >= 38 ? 19 : rowH >= 26 ? 15 : rowH >= 21 ? 13 : 12;
    const area = { px, py, pw, ph, columns, perColumn, rowH };
    // The largest size from 10 up to the wanted one that fits, found by halving.
    const clear = (rows: Phaser.GameObjects.GameObject[][]): void => {
      for (const row of rows) for (const o of row) o.destroy();
    };
    let hi = Math.max(10, readingSize(base));
    let laid = this.layRows(log, area, hi);
    if (!laid.fits && hi > 10) {
      // The best fitting rows laid so far are kept (10 pixels, laid at the end, if none).
      let lo = 10;
      let best: typeof laid | null = null;
      clear(laid.rows);
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        const trial = this.layRows(log, area, mid);
        if (trial.fits) {
          if (best) clear(best.rows);
          best = trial;
          lo = mid;
        } else {
          clear(trial.rows);
          hi = mid;
        }
      }
      laid = best ?? this.layRows(log, area, lo);
    }
    this.rows = laid.rows;
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

  /**
   * The log's rows in the panel (`area`: its box, columns, rows a column and the least
   * row height) at `size`, hidden (shown one by one later), and whether they fit it.
   */
  private layRows(
    log: readonly CampaignEvent[],
    area: {
      px: number;
      py: number;
      pw: number;
      ph: number;
      columns: number;
      perColumn: number;
      rowH: number;
    },
    size: number,
  ): { rows: Phaser.GameObjects.GameObject[][]; fits: boolean } {
    const { px, py, pw, ph, columns, perColumn } = area;
    const colW = (pw - 24) / columns;
    const dieSize = Math.min(30, Math.max(18, Math.round(size * 1.5)));
    // A row's least height: the panel's share where the lines are few (as spread as they
    // were), no less than a die and its margin, no more than the letters need where they
    // are many (a wrapped line adds its own height).
    const least = Math.max(dieSize + 6, Math.min(area.rowH, Math.round(size * 2)));
    const bottom = py + ph - 8;
    let fits = true;
    let y = py + 12;
    const rows = log.map((e, i) => {
      const col = Math.floor(i / perColumn);
      if (i % perColumn === 0) y = py + 12;
      const x = px + 12 + col * colW;
      const objects: Phaser.GameObjects.GameObject[] = [];
      // The die's kind beside it ("d20"), then the line: after the kind, however wide the
      // text size draws it.
      const kind =
        e.type === 'roll'
          ? this.add
              .text(x + 8 + dieSize + 4, y + least / 2, `d${e.die}`, readingStyle(11, CSS.dim))
              .setOrigin(0, 0.5)
          : null;
      const tx = kind ? Math.max(x + 8 + dieSize + 30, kind.x + kind.width + 6) : x + 8;
      const room = x + colW - tx - 8;
      const text = this.add
        .text(
          tx,
          y,
          e.text,
          textStyle(size, lineColor(e), {
            fontStyle: e.type === 'mission-ended' ? 'bold' : 'normal',
            wordWrap: { width: room },
          }),
        )
        .setName('aftermath-line');
      // (A word longer than the column is not broken: the line is drawn narrower.)
      if (text.width > room) text.setScale(room / text.width);
      const lines = Math.max(1, text.getWrappedText().length);
      const lineH = text.displayHeight / lines;
      const h = Math.max(least, text.displayHeight + (least - lineH));
      // One line sits in the middle of its row; a wrapped one starts at the die's middle.
      const mid = y + least / 2;
      text.setY(mid - lineH / 2);
      if (e.type === 'roll') {
        const die = this.add.graphics();
        const fill = e.success === null ? COLORS.panelLight : e.success ? 0x1f5a2a : 0x5a1f1a;
        die.fillStyle(fill, 1);
        die.fillRoundedRect(x + 8, mid - dieSize / 2, dieSize, dieSize, 4);
        die.lineStyle(1.5, e.success === false ? COLORS.danger : COLORS.gold, 1);
        die.strokeRoundedRect(x + 8, mid - dieSize / 2, dieSize, dieSize, 4);
        const v = this.add
          .text(
            x + 8 + dieSize / 2,
            mid,
            String(e.value),
            textStyle(size, CSS.parchment, { fontStyle: 'bold' }),
          )
          .setOrigin(0.5);
        objects.push(die, v);
      }
      if (kind) objects.push(kind);
      objects.push(text);
      if (e.rule && e.type === 'roll') {
        const tag = this.add
          .text(x + colW - 8, mid, `${e.rule.book}`, readingStyle(10, CSS.dim))
          .setOrigin(1, 0.5);
        if (tag.x - tag.width < text.x + text.displayWidth + 8) tag.setVisible(false);
        objects.push(tag);
      }
      for (const o of objects) (o as unknown as Phaser.GameObjects.Components.Alpha).setAlpha(0);
      y += h;
      if (y > bottom) fits = false;
      return objects;
    });
    return { rows, fits };
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
