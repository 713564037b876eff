/**
 * Results: who won and why, after a moment; the most valuable hero; every figure's kills
 * and wounds; the seed to share (copied with a click) and to play again; play again or menu.
 */
import Phaser from 'phaser';
import { app, type UnitResult } from '../app/app';
import { outcomeTitle, rulesOf } from '../engine';
import { sounds } from '../audio/sound-bank';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import {
  COLORS,
  CSS,
  currentReadingScale,
  fadeMs,
  isReducedMotion,
  readingStyle,
  titleStyle,
} from '../view/theme';
import { Button, drawPanel, enableKeyboardFocus, Toast, type ButtonOptions } from '../view/ui';
import { shadesEnemies } from '../view/side-shade';
import { artTexture, frameExists } from '../view/unit-view';
import { makeScrollArea } from '../view/scroll-area';
import { battleStats } from '../view/battle-stats';
import { drawBarChart, drawLineChart } from '../view/charts';

/** The title and its colour for each outcome: green victory, red defeat, pale gold draw. */
const RESULT_LOOKS = {
  Victory: { title: 'Victory!', color: '#9ff0a0' },
  Defeat: { title: 'Defeat', color: '#ff8a7a' },
  Draw: { title: 'Draw', color: '#e8d28a' },
} as const;

/**
 * The hero who did most (kills, then wounds dealt, then fewest wounds taken, standing
 * before fallen), in a line; null when no hero struck a blow.
 */
export function mostValuable(units: readonly UnitResult[]): string | null {
  const heroes = units.filter((u) => u.side === 'heroes');
  const best = [...heroes].sort(
    (a, b) =>
      b.stats.kills - a.stats.kills ||
      b.stats.woundsDealt - a.stats.woundsDealt ||
      a.stats.woundsTaken - b.stats.woundsTaken ||
      Number(b.alive) - Number(a.alive),
  )[0];
  if (!best || (best.stats.kills === 0 && best.stats.woundsDealt === 0)) return null;
  const kills = `${best.stats.kills} kill${best.stats.kills === 1 ? '' : 's'}`;
  const dealt = `${best.stats.woundsDealt} wound${best.stats.woundsDealt === 1 ? '' : 's'} dealt`;
  return `Most valuable: ${best.name} \u2014 ${kills}, ${dealt}${best.alive ? '' : ', fell in the fight'}`;
}

export class ResultsScene extends Phaser.Scene {
  constructor() {
    super('Results');
  }

  create(): void {
    enableKeyboardFocus(this);
    const { W, H } = frameMenuScene(this, { portrait: true, wide: true });
    // A phone held upright: the table, then the charts under it, the buttons in rows below.
    const upright = H > W;
    drawBackdrop(this, 0.7);
    this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    const r = app.lastResult;
    if (!r) {
      app.goto('Menu');
      return;
    }
    const look = RESULT_LOOKS[outcomeTitle(r.winner)];
    const title = this.add
      .text(W / 2, 58, look.title, titleStyle(64, look.color, { strokeThickness: 7 }))
      .setOrigin(0.5)
      .setName('results-title');
    if (!isReducedMotion()) {
      title.setScale(0.6);
      this.tweens.add({ targets: title, scale: 1, duration: 500, ease: 'Back.easeOut' });
    }
    const reason = this.add
      .text(
        W / 2,
        112,
        r.reason,
        readingStyle(19, CSS.parchment, {
          align: 'center',
          wordWrap: { width: Math.min(900, W - 60) },
        }),
      )
      .setOrigin(0.5, 0)
      .setName('results-reason');
    let ty = Math.max(146, 112 + reason.height + 8);
    const summary = this.add
      .text(
        W / 2,
        ty,
        `${r.scenarioName} \u00b7 ${r.rounds} round${r.rounds === 1 ? '' : 's'} \u00b7 seed ${r.seed}`,
        readingStyle(16, CSS.muted, { align: 'center', wordWrap: { width: W - 60 } }),
      )
      .setOrigin(0.5, 0)
      .setName('results-summary');
    ty += summary.height + 8;
    // Everything below comes in after a moment, the table row by row.
    const later: Phaser.GameObjects.GameObject[] = [];
    const mvp = mostValuable(r.units);
    if (mvp) {
      const line = this.add
        .text(
          W / 2,
          ty,
          mvp,
          readingStyle(17, CSS.gold, {
            fontStyle: 'bold',
            align: 'center',
            wordWrap: { width: W - 60 },
          }),
        )
        .setOrigin(0.5, 0)
        .setName('results-mvp');
      later.push(line);
      ty += line.height + 8;
    }

    // The table of figures on the left, the charts on the right. The text size grows the
    // table's letters, its columns (a fifth at most on a wide screen) and its rows as far as
    // its room allows (the rows that do not fit are counted under it).
    const k = currentReadingScale();
    const wide = Math.min(k, upright ? 1 : 1.2);
    const stats = battleStats(r.final, r.events);
    const px = 24;
    const pw = upright ? W - 48 : Math.round(650 * wide);
    const py = Math.max(208, ty + 8);
    const rows = [...stats.units].sort(
      (a, b) =>
        Number(b.side === 'heroes') - Number(a.side === 'heroes') ||
        b.kills - a.kills ||
        b.woundsDealt - a.woundsDealt,
    );
    // Upright, the table leaves room under it for the charts and three rows of buttons.
    const room = upright ? Math.min(660, H - py - 900) : H - py - 84;
    const head = Math.round(38 + (k - 1) * 14);
    const rowH = Math.max(
      Math.round(20 * k),
      Math.min(Math.round(28 * k), Math.floor((room - head - 12) / Math.max(1, rows.length))),
    );
    const ph = Math.min(room, head + 12 + rows.length * rowH);
    const g = this.add.graphics();
    drawPanel(g, px, py, pw, ph, { alpha: 0.95 });
    const before = this.children.list.length;
    // Upright the columns spread over the phone's width; wide, by the text size's share.
    const colAt = (x: number): number => px + Math.round(x * (upright ? pw / 650 : wide));
    // Larger on an upright phone, the figures' names give the other columns room.
    const [fate, kills, dealt, taken, hits] =
      upright && k > 1 ? [250, 345, 425, 505, 595] : [300, 385, 450, 515, 595];
    const cols = [
      { x: px + 16, label: 'Figure', align: 0 },
      { x: colAt(fate), label: 'Fate', align: 0.5 },
      { x: colAt(kills), label: 'Kills', align: 0.5 },
      { x: colAt(dealt), label: 'Dealt', align: 0.5 },
      { x: colAt(taken), label: 'Taken', align: 0.5 },
      { x: colAt(hits), label: 'Hit rate', align: 0.5 },
    ];
    for (const c of cols)
      this.add
        .text(c.x, py + 12, c.label, readingStyle(15, CSS.gold, { fontStyle: 'bold' }))
        .setOrigin(c.align, 0)
        .setName('results-column');
    g.lineStyle(1, COLORS.panelBorder, 0.8);
    g.lineBetween(px + 12, py + head, px + pw - 12, py + head);
    const byId = new Map(r.units.map((u) => [u.id, u]));
    const kinds = rulesOf(r.final)?.kinds;
    const shaded = kinds ? shadesEnemies(kinds, r.final.units) : false;
    // Each row's pieces, placed by `placeRows` (rows that do not fit scroll, a row at a time).
    type RowPart = Phaser.GameObjects.Components.Transform & Phaser.GameObjects.Components.Visible;
    const rowsDrawn: RowPart[][] = [];
    const stripes = this.add.graphics();
    rows.forEach((u) => {
      const parts: RowPart[] = [];
      const y = 0;
      const color = u.side === 'heroes' ? CSS.blue : '#f0a08f';
      let nameX = cols[0].x;
      // The figure as the board drew it: its module's art, with its kind's own tint and the enemy's shade.
      const art = kinds?.find((k) => k.kind === u.kind)?.art;
      const frame = `${art?.sprite ?? u.kind}-idle-0`;
      if (frameExists(this, 'units', frame)) {
        const img = this.add
          .image(
            nameX + 10,
            y,
            art ? artTexture(this, art, shaded && u.side === 'enemies') : 'units',
            frame,
          )
          .setName('results-figure');
        img.setScale((rowH - 4) / Math.max(img.width, img.height)).setAlpha(u.alive ? 1 : 0.4);
        parts.push(img);
        nameX += k > 1 ? rowH : 26;
      }
      parts.push(
        this.add
          .text(nameX, y, u.name, readingStyle(14, color))
          .setOrigin(0, 0.5)
          .setName('results-name'),
      );
      const left = byId.get(u.id);
      parts.push(
        this.add
          .text(
            cols[1].x,
            y,
            u.alive
              ? left
                ? `${left.maxWounds - left.wounds} of ${left.maxWounds} left`
                : 'standing'
              : 'fallen',
            readingStyle(13, u.alive ? CSS.parchment : CSS.red),
          )
          .setOrigin(0.5),
      );
      const cell = (c: number, v: string): void => {
        parts.push(this.add.text(cols[c].x, y, v, readingStyle(14, CSS.parchment)).setOrigin(0.5));
      };
      cell(2, String(u.kills));
      cell(3, String(u.woundsDealt));
      cell(4, String(u.woundsTaken));
      cell(5, u.hitRate === null ? '\u2013' : `${Math.round(u.hitRate * 100)}% of ${u.attacks}`);
      rowsDrawn.push(parts);
    });
    /** Shows the rows from `first` on, as many as `room` holds. */
    const placeRows = (first: number, room: number): void => {
      const fit = Math.max(1, Math.floor((room - 8) / rowH));
      stripes.clear();
      rowsDrawn.forEach((parts, i) => {
        const slot = i - first;
        const shown = slot >= 0 && slot < fit;
        const y = py + head + 8 + slot * rowH + rowH / 2;
        for (const part of parts) {
          part.setVisible(shown);
          part.y = y;
        }
        if (shown && i % 2 === 1) {
          stripes.fillStyle(0xffffff, 0.03);
          stripes.fillRect(px + 8, y - rowH / 2, pw - 16, rowH);
        }
      });
    };
    const area = { x: px, y: py + head, width: pw, height: ph - head - 2 };
    const scroll = makeScrollArea(
      this,
      area,
      8 + rows.length * rowH,
      'results-rows',
      (by, room) => placeRows(Math.round(by / rowH), room),
      rowH,
    );
    if (!scroll) placeRows(0, area.height);

    // The charts: wounds dealt and taken per figure, and each side's luck.
    const cx = upright ? px : px + pw + 16;
    const cw = upright ? pw : W - cx - 24;
    const ch = upright ? 300 : Math.floor((ph - 10) / 2);
    const cy = upright ? py + ph + 16 : py;
    drawPanel(g, cx, cy, cw, ch, { alpha: 0.95 });
    this.add.text(
      cx + 14,
      cy + 8,
      'Wounds dealt and taken',
      readingStyle(15, CSS.gold, { fontStyle: 'bold' }),
    );
    const fighters = rows.filter((u) => u.woundsDealt + u.woundsTaken > 0).slice(0, 12);
    drawBarChart(this, {
      x: cx + 40,
      y: cy + 50,
      width: cw - 60,
      height: ch - 110,
      labels: fighters.map((u) => u.name),
      staggerLabels: true,
      series: [
        { name: 'dealt', color: COLORS.gold, values: fighters.map((u) => u.woundsDealt) },
        { name: 'taken', color: COLORS.enemy, values: fighters.map((u) => u.woundsTaken) },
      ],
    }).setName('chart-wounds');
    const ly = cy + ch + 10;
    drawPanel(g, cx, ly, cw, ch, { alpha: 0.95 });
    const luckTitle = this.add.text(
      cx + 14,
      ly + 8,
      'Luck: successes above or below the odds',
      readingStyle(15, CSS.gold, { fontStyle: 'bold' }),
    );
    // Larger, on a narrower panel, the short title.
    if (luckTitle.width > cw - 28) luckTitle.setText('Luck against the odds');
    const luckLine = stats.luck
      .map(
        (l) =>
          `${l.side === 'heroes' ? 'Heroes' : 'Foes'} ${l.successes} of ${l.rolls} (odds said ${l.expected.toFixed(1)})`,
      )
      .join(' \u00b7 ');
    const luck = this.add
      .text(
        cx + 14,
        ly + ch - 20,
        luckLine,
        readingStyle(12, CSS.muted, { wordWrap: { width: cw - 28 } }),
      )
      .setName('luck-summary');
    // Larger, the line may take two: it sits on the panel's foot and the chart gives way.
    const luckRoom = k > 1 ? Math.max(0, luck.height - 12) : 0;
    if (k > 1) luck.setOrigin(0, 1).setY(ly + ch - 8);
    drawLineChart(this, {
      x: cx + 44,
      y: ly + 52,
      width: cw - 64,
      height: ch - 90 - luckRoom,
      xLabel: `${stats.rolls} rolls`,
      series: stats.luck.map((l) => ({
        name: l.side === 'heroes' ? 'heroes' : 'foes',
        color: l.side === 'heroes' ? COLORS.hero : COLORS.enemy,
        values: [0, ...l.curve],
      })),
    }).setName('chart-luck');

    // The table, then its rows one by one, once the title has had its moment.
    // Under reduced motion everything is there at once.
    const table = isReducedMotion() ? [] : [g, ...this.children.list.slice(before)];
    table.forEach((o, i) => {
      const obj = o as unknown as Phaser.GameObjects.Components.Alpha;
      obj.setAlpha(0);
      this.tweens.add({ targets: obj, alpha: 1, delay: 650 + Math.min(i, 60) * 6, duration: 220 });
    });
    for (const o of isReducedMotion() ? [] : later) {
      (o as unknown as Phaser.GameObjects.Components.Alpha).setAlpha(0);
      this.tweens.add({ targets: o, alpha: 1, delay: 450, duration: 300 });
    }

    const toast = new Toast(this, W / 2, H - (upright ? 300 : 100));
    // Where each button goes: along the foot (the replay at the top right), or upright in
    // rows of two, big enough for a thumb.
    const at = (row: number, col: -1 | 0 | 1, x: number, y: number, w: number, h: number) =>
      upright
        ? { x: W / 2 + col * 170, y: H - 60 - row * 84, width: col === 0 ? 660 : 320, height: 64 }
        : { x, y, width: w, height: h };
    this.placed(r.campaign ? at(1, 0, W - 120, 40, 200, 44) : at(2, 0, W - 120, 40, 200, 44), {
      name: 'results-replay',
      label: 'Replay the battle',
      fontSize: upright ? 22 : 17,
      tooltip: 'Step through the battle command by command, with the dice log.',
      onClick: () => {
        const res = app.replayLastResult();
        if (!res.ok) toast.show(res.error ?? '');
      },
    });
    if (r.campaign) {
      this.campaignButtons(W, H, upright);
      return;
    }
    // The seed to share: copied as a line a friend can type on the Setup screen.
    const share = `Arch Foe \u00b7 ${r.scenarioName} \u00b7 seed ${r.seed}`;
    this.placed(at(1, 1, W - 140, H - 44, 200, 44), {
      name: 'copy-seed',
      label: `Copy seed ${r.seed}`,
      fontSize: upright ? 21 : 16,
      tooltip: 'Copy the seed to share: the same seed and scenario play the same dice.',
      onClick: () => {
        const copied = navigator.clipboard?.writeText(share);
        if (!copied) return toast.show(`Seed ${r.seed}: write it down to share.`, 'info');
        copied.then(
          () => toast.show(`Copied: ${share}`, 'info'),
          () => toast.show(`Seed ${r.seed}: write it down to share.`, 'info'),
        );
      },
    });
    this.placed(at(1, -1, 140, H - 44, 200, 44), {
      name: 'same-seed',
      label: 'Same seed again',
      fontSize: upright ? 21 : 16,
      tooltip: 'Play this battle again with the same seed: the same dice from the start.',
      onClick: () => void again(true),
    });
    const again = async (sameSeed = false): Promise<void> => {
      const cfg = r.config;
      const config = app.configFromSetup(
        cfg.scenario,
        cfg.options,
        cfg.seedTyped || sameSeed ? 'typed' : 'random',
        String(cfg.seed),
      );
      // The same seed gives the same dice only under the same dice version (an old save's 1).
      const res = await app.startBattle({
        ...config,
        custom: cfg.custom,
        diceVersion: sameSeed ? cfg.diceVersion : undefined,
      });
      if (!res.ok && this.sys.isActive()) toast.show(res.error ?? 'The battle could not start.');
    };
    this.placed(at(0, -1, W / 2 - 140, H - 44, 240, 50), {
      name: 'play-again',
      label: 'Play again',
      fontSize: upright ? 24 : 22,
      primary: true,
      onClick: () => void again(),
    });
    this.menuButton(at(0, 1, W / 2 + 140, H - 44, 240, 50));
    onKeyDown(this, (e) => {
      if (e.repeat) return;
      if (e.key === 'Enter') {
        sounds.play('ui-click');
        void again();
      } else if (e.key === 'Escape') {
        sounds.play('ui-click');
        app.goto('Menu');
      }
    });
  }

  /** A button at a place (its centre and size). */
  private placed(
    p: { x: number; y: number; width: number; height: number },
    options: Omit<ButtonOptions, 'width' | 'height'>,
  ): Button {
    return new Button(this, p.x, p.y, { ...options, width: p.width, height: p.height });
  }

  private menuButton(p: { x: number; y: number; width: number; height: number }): void {
    new Button(this, p.x, p.y, {
      name: 'results-menu',
      width: p.width,
      height: p.height,
      label: 'Menu',
      fontSize: 22,
      onClick: () => app.goto('Menu'),
    });
  }

  /** After a campaign's battle: on to the rolls between missions, or the menu. */
  private campaignButtons(W: number, H: number, upright: boolean): void {
    const row = (col: -1 | 1, x: number, w: number) =>
      upright
        ? { x: W / 2 + col * 170, y: H - 60, width: 320, height: 64 }
        : { x, y: H - 40, width: w, height: 50 };
    this.placed(row(-1, W / 2 - 130, 260), {
      name: 'results-aftermath',
      label: 'After the battle',
      fontSize: 22,
      primary: true,
      onClick: () => app.goto(app.aftermath ? 'Aftermath' : 'Campaign'),
    });
    this.menuButton(row(1, W / 2 + 130, 220));
    onKeyDown(this, (e) => {
      if (!e.repeat && e.key === 'Enter') app.goto(app.aftermath ? 'Aftermath' : 'Campaign');
    });
  }
}
