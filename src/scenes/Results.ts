/**
 * Results: who won and why, after a moment; the most valuable hero; every figure's kills
 * and wounds; the seed to share (copied with a click) and to play again; play again or menu.
 */
import Phaser from 'phaser';
import { app, type UnitResult } from '../app/app';
import { sounds } from '../audio/sound-bank';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import { COLORS, CSS, fadeMs, textStyle, titleStyle } from '../view/theme';
import { Button, drawPanel, Toast } from '../view/ui';
import { frameExists } from '../view/unit-view';

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
    const { W, H } = frameMenuScene(this);
    drawBackdrop(this, 0.7);
    this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    const r = app.lastResult;
    if (!r) {
      app.goto('Menu');
      return;
    }
    const won = r.winner === 'heroes';
    const title = this.add
      .text(
        W / 2,
        58,
        won ? 'Victory!' : 'Defeat',
        titleStyle(64, won ? '#9ff0a0' : '#ff8a7a', { strokeThickness: 7 }),
      )
      .setOrigin(0.5);
    title.setScale(0.6);
    this.tweens.add({ targets: title, scale: 1, duration: 500, ease: 'Back.easeOut' });
    this.add
      .text(
        W / 2,
        112,
        r.reason,
        textStyle(19, CSS.parchment, { align: 'center', wordWrap: { width: 900 } }),
      )
      .setOrigin(0.5, 0);
    this.add
      .text(
        W / 2,
        146,
        `${r.scenarioName} \u00b7 ${r.rounds} round${r.rounds === 1 ? '' : 's'} \u00b7 seed ${r.seed}`,
        textStyle(16, CSS.muted),
      )
      .setOrigin(0.5, 0)
      .setName('results-summary');
    // Everything below comes in after a moment, the table row by row.
    const later: Phaser.GameObjects.GameObject[] = [];
    const mvp = mostValuable(r.units);
    if (mvp) {
      const line = this.add
        .text(W / 2, 174, mvp, textStyle(17, CSS.gold, { fontStyle: 'bold' }))
        .setOrigin(0.5, 0)
        .setName('results-mvp');
      later.push(line);
    }

    // Table of figures.
    const px = 150;
    const pw = W - 300;
    const py = 208;
    const rows = r.units;
    const room = H - py - 104;
    const rowH = Math.max(22, Math.min(30, Math.floor((room - 56) / Math.max(1, rows.length))));
    const ph = Math.min(room, 56 + rows.length * rowH);
    const g = this.add.graphics();
    drawPanel(g, px, py, pw, ph, { alpha: 0.95 });
    const before = this.children.list.length;
    const cols = [
      { x: px + 24, label: 'Figure', align: 0 },
      { x: px + 330, label: 'Side', align: 0.5 },
      { x: px + 450, label: 'Fate', align: 0.5 },
      { x: px + 570, label: 'Kills', align: 0.5 },
      { x: px + 680, label: 'Wounds taken', align: 0.5 },
      { x: px + 810, label: 'Hits / attacks', align: 0.5 },
    ];
    for (const c of cols)
      this.add
        .text(c.x, py + 14, c.label, textStyle(15, CSS.gold, { fontStyle: 'bold' }))
        .setOrigin(c.align, 0);
    g.lineStyle(1, COLORS.panelBorder, 0.8);
    g.lineBetween(px + 16, py + 40, px + pw - 16, py + 40);
    const maxRows = Math.floor((ph - 50) / rowH);
    rows.slice(0, maxRows).forEach((u, i) => {
      const y = py + 50 + i * rowH + rowH / 2;
      if (i % 2 === 1) {
        g.fillStyle(0xffffff, 0.03);
        g.fillRect(px + 10, y - rowH / 2, pw - 20, rowH);
      }
      const color = u.side === 'heroes' ? CSS.blue : '#f0a08f';
      let nameX = cols[0].x;
      if (frameExists(this, 'units', `${u.kind}-idle-0`)) {
        const img = this.add.image(nameX + 10, y, 'units', `${u.kind}-idle-0`);
        img.setScale(24 / Math.max(img.width, img.height)).setAlpha(u.alive ? 1 : 0.4);
        nameX += 28;
      }
      this.add.text(nameX, y, u.name, textStyle(15, color)).setOrigin(0, 0.5);
      this.add
        .text(cols[1].x, y, u.side === 'heroes' ? 'hero' : 'monster', textStyle(14, CSS.muted))
        .setOrigin(0.5);
      this.add
        .text(
          cols[2].x,
          y,
          u.alive ? `${u.maxWounds - u.wounds} of ${u.maxWounds} left` : 'fallen',
          textStyle(14, u.alive ? CSS.parchment : CSS.red),
        )
        .setOrigin(0.5);
      this.add
        .text(cols[3].x, y, String(u.stats.kills), textStyle(15, CSS.parchment))
        .setOrigin(0.5);
      this.add
        .text(cols[4].x, y, String(u.stats.woundsTaken), textStyle(15, CSS.parchment))
        .setOrigin(0.5);
      this.add
        .text(cols[5].x, y, `${u.stats.hits} / ${u.stats.attacks}`, textStyle(15, CSS.parchment))
        .setOrigin(0.5);
    });
    if (rows.length > maxRows) {
      this.add
        .text(
          px + pw - 20,
          py + ph - 8,
          `and ${rows.length - maxRows} more`,
          textStyle(12, CSS.dim),
        )
        .setOrigin(1, 1);
    }

    // The table, then its rows one by one, once the title has had its moment.
    const table = [g, ...this.children.list.slice(before)];
    table.forEach((o, i) => {
      const obj = o as unknown as Phaser.GameObjects.Components.Alpha;
      obj.setAlpha(0);
      this.tweens.add({ targets: obj, alpha: 1, delay: 650 + Math.min(i, 60) * 12, duration: 220 });
    });
    for (const o of later) {
      (o as unknown as Phaser.GameObjects.Components.Alpha).setAlpha(0);
      this.tweens.add({ targets: o, alpha: 1, delay: 450, duration: 300 });
    }

    const toast = new Toast(this, W / 2, H - 100);
    // The seed to share: copied as a line a friend can type on the Setup screen.
    const share = `Arch Foe \u00b7 ${r.scenarioName} \u00b7 seed ${r.seed}`;
    new Button(this, W - 140, H - 44, {
      name: 'copy-seed',
      width: 200,
      height: 44,
      label: `Copy seed ${r.seed}`,
      fontSize: 16,
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
    new Button(this, 140, H - 44, {
      name: 'same-seed',
      width: 200,
      height: 44,
      label: 'Same seed again',
      fontSize: 16,
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
      const res = await app.startBattle({ ...config, custom: cfg.custom });
      if (!res.ok && this.sys.isActive()) toast.show(res.error ?? 'The battle could not start.');
    };
    new Button(this, W / 2 - 140, H - 44, {
      name: 'play-again',
      width: 240,
      height: 50,
      label: 'Play again',
      fontSize: 22,
      primary: true,
      onClick: () => void again(),
    });
    new Button(this, W / 2 + 140, H - 44, {
      name: 'results-menu',
      width: 240,
      height: 50,
      label: 'Menu',
      fontSize: 22,
      onClick: () => app.goto('Menu'),
    });
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
}
