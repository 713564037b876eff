/**
 * The muster, a page of the Setup screen: both armies picked from the rule module's
 * roster by points. Each side has a points budget and a row per figure type (its picture,
 * name, points, how many are in the army, and buttons to add and remove one); hovering or
 * tapping a figure shows its stat line and abilities, and the enemy's Arch Foe is marked.
 * Everything it shows or checks comes from the module's muster (`RuleModule.muster`); the
 * armies are written into the options the module reads. A phone held upright gets the two
 * armies one above the other.
 *
 * Keys: Up and Down choose a figure, Left and Right (or Tab) a side, + adds, - removes,
 * Enter or Esc goes back to the Setup screen.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { resolveScenario } from '../app/maps';
import { sounds } from '../audio/sound-bank';
import {
  ruleModuleFor,
  type MusterFigure,
  type MusterRules,
  type ScenarioOptions,
  type Side,
} from '../engine';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import {
  COLORS,
  CSS,
  currentReadingScale,
  readingStyle,
  textStyle,
  titleStyle,
} from '../view/theme';
import { artTexture, fallbackTexture, frameExists } from '../view/unit-view';
import { Button, drawPanel, Toast } from '../view/ui';

const SIDES: readonly Side[] = ['heroes', 'enemies'];
const SIDE_TITLES: Record<Side, string> = { heroes: 'Your army', enemies: 'The enemy' };

/** Which figure the keys are on (kept across the page's redraws). */
let cursor: { side: Side; row: number } = { side: 'heroes', row: 0 };

export class MusterScene extends Phaser.Scene {
  private muster: MusterRules | null = null;
  private options!: ScenarioOptions;
  private roster: MusterFigure[] = [];
  private root!: Phaser.GameObjects.Container;
  private card!: Phaser.GameObjects.Text;
  /** The frame around the figure the keys are on, and where each row is. */
  private cursorBox!: Phaser.GameObjects.Graphics;
  private rowRects = new Map<string, { x: number; y: number; w: number; h: number }>();
  private toast!: Toast;
  private upright = false;
  private W = 1280;
  private H = 720;

  constructor() {
    super('Muster');
  }

  create(): void {
    const { W, H } = frameMenuScene(this, { portrait: true });
    this.W = W;
    this.H = H;
    this.upright = H > W;
    drawBackdrop(this, 0.72);
    const resolved = resolveScenario(app.setup.scenario, app.customMap);
    const rules = resolved.ok ? ruleModuleFor(resolved.scenario.map.battleMap) : null;
    this.muster = rules?.muster ?? null;
    this.add
      .text(W / 2, this.upright ? 52 : 36, 'Muster the armies', titleStyle(this.upright ? 40 : 34))
      .setOrigin(0.5);
    this.root = this.add.container(0, 0);
    this.toast = new Toast(this, W / 2, H - (this.upright ? 170 : 100));
    const bh = this.upright ? 64 : 46;
    new Button(this, this.upright ? W / 2 : W - 150, H - (this.upright ? 60 : 38), {
      name: 'muster-done',
      width: this.upright ? W - 72 : 240,
      height: bh,
      label: 'Done',
      fontSize: this.upright ? 26 : 22,
      primary: true,
      onClick: () => this.back(),
    });
    if (!rules || !this.muster || !resolved.ok) {
      this.add
        .text(
          W / 2,
          H / 2,
          resolved.ok ? 'These rules have no muster.' : resolved.error,
          textStyle(20, '#ffb4a8', { wordWrap: { width: W - 100 } }),
        )
        .setOrigin(0.5);
      return;
    }
    this.options = rules.normaliseOptions(app.setup.options ?? resolved.scenario.defaults);
    new Button(this, this.upright ? W / 2 : 150, H - (this.upright ? 136 : 38), {
      name: 'muster-defaults',
      width: this.upright ? W - 72 : 240,
      height: bh,
      label: 'The scenario\u2019s armies',
      fontSize: this.upright ? 22 : 18,
      onClick: () => {
        const scenario = this.options.scenario;
        if (this.muster && typeof scenario === 'string')
          this.setArmies(this.muster.forScenario(this.options, scenario));
      },
    });
    const cardY = this.upright ? 170 + 132 + 14 * 54 + 24 : 580;
    const cardW = W - 72;
    this.card = this.add
      .text(
        W / 2,
        cardY,
        '',
        readingStyle(this.upright ? 19 : 14, CSS.parchment, {
          wordWrap: { width: cardW, useAdvancedWrap: true },
          lineSpacing: 2,
          align: 'center',
        }),
      )
      .setOrigin(0.5, 0)
      .setName('muster-card');
    this.draw();
    onKeyDown(this, (e) => this.onKey(e));
  }

  /** The two armies: side by side, or one above the other on a phone held upright. */
  private draw(): void {
    const muster = this.muster;
    if (!muster) return;
    this.root.removeAll(true);
    this.rowRects.clear();
    this.cursorBox = this.add.graphics();
    this.roster = muster.roster(this.options);
    const { W } = this;
    const rows = this.roster.length;
    if (this.upright) {
      // One army at a time, chosen by its tab.
      SIDES.forEach((side, i) => {
        const tab = new Button(this, 36 + (i + 0.5) * ((W - 72) / 2), 124, {
          name: `muster-side-${side}`,
          width: (W - 72) / 2 - 8,
          height: 56,
          label: SIDE_TITLES[side],
          fontSize: 24,
          onClick: () => {
            cursor = { side, row: cursor.row };
            this.draw();
          },
        });
        tab.setSelected(cursor.side === side);
        this.root.add(tab);
      });
      this.drawSide(cursor.side, 36, 170, W - 72, Math.min(54, Math.floor(760 / rows)));
    } else {
      const rowH = Math.min(32, Math.floor((720 - 76 - 100 - 148) / rows));
      const w = (W - 72 - 24) / 2;
      SIDES.forEach((side, i) => this.drawSide(side, 36 + i * (w + 24), 66, w, rowH));
    }
    this.root.add(this.cursorBox);
    this.showCursor();
  }

  private drawSide(side: Side, x: number, y: number, w: number, rowH: number): void {
    const muster = this.muster!;
    const army = muster.army(this.options, side);
    const up = this.upright;
    const g = this.add.graphics();
    const h = (up ? 132 : 114) + this.roster.length * rowH;
    drawPanel(g, x, y, w, h);
    this.root.add(g);
    const over = army.points > army.budget;
    this.root.add([
      this.add.text(
        x + 18,
        y + 12,
        SIDE_TITLES[side],
        titleStyle(up ? 26 : 21, CSS.gold, { strokeThickness: 0 }),
      ),
      this.add
        .text(
          x + w - 18,
          y + 14,
          `${army.kinds.length} figures \u00b7 ${army.points} of ${army.budget} points`,
          readingStyle(up ? 20 : 16, over ? '#ffb4a8' : CSS.green),
        )
        .setOrigin(1, 0)
        .setName(`muster-${side}-points`),
    ]);
    // The budget.
    const by = y + (up ? 74 : 62);
    this.root.add(
      this.add.text(x + 18, by, 'Budget', readingStyle(up ? 19 : 15, CSS.muted)).setOrigin(0, 0.5),
    );
    const bw = up ? 78 : 58;
    // The texts grow with the text size: the budget's buttons start after its grown label.
    const k = currentReadingScale();
    const bx = x + Math.round((up ? 128 : 96) + (k - 1) * (up ? 40 : 60));
    muster.budgets.forEach((points, i) => {
      const b = new Button(this, bx + i * (bw + 6) + bw / 2, by, {
        name: `muster-${side}-budget-${points}`,
        width: bw,
        height: up ? 40 : 30,
        label: String(points),
        fontSize: up ? 19 : 14,
        onClick: () => {
          cursor = { ...cursor, side };
          this.setArmies(muster.setBudget(this.options, side, points));
        },
      });
      b.setSelected(points === army.budget);
      this.root.add(b);
    });
    // A row per figure type.
    const count = new Map<string, number>();
    for (const k of army.kinds) count.set(k, (count.get(k) ?? 0) + 1);
    const archKind = army.archFoe >= 0 ? army.kinds[army.archFoe] : null;
    let ry = y + (up ? 118 : 96) + rowH / 2;
    this.roster.forEach((f, row) => {
      const n = count.get(f.kind) ?? 0;
      this.rowRects.set(`${side}:${row}`, {
        x: x + 8,
        y: ry - rowH / 2 + 1,
        w: w - 16,
        h: rowH - 2,
      });
      const rg = this.add.graphics();
      if (n > 0) {
        rg.fillStyle(side === 'heroes' ? COLORS.hero : COLORS.enemy, 0.16);
        rg.fillRoundedRect(x + 8, ry - rowH / 2 + 1, w - 16, rowH - 2, 5);
      }
      this.root.add(rg);
      this.root.add(this.figureIcon(f, x + 30, ry, rowH - 6));
      const fs = up ? 20 : 15;
      const name = this.add
        .text(x + 54, ry, f.name, readingStyle(fs, n > 0 ? CSS.parchment : CSS.muted))
        .setOrigin(0, 0.5)
        .setName(`muster-${side}-name-${f.kind}`);
      name.setInteractive({ useHandCursor: true });
      name.on('pointerover', () => this.pointAt(side, row));
      name.on('pointerdown', () => this.pointAt(side, row));
      this.root.add(name);
      if (f.kind === archKind) {
        this.root.add(
          this.add
            .text(
              x + 54 + name.width + 10,
              ry,
              '\u2605 Arch Foe',
              readingStyle(up ? 17 : 13, CSS.gold),
            )
            .setOrigin(0, 0.5)
            .setName('muster-arch-foe'),
        );
      }
      // The - and + buttons: square, and on a wide screen as wide as the grown sign needs.
      const bs = up ? Math.min(48, rowH - 6) : Math.min(28, rowH - 4);
      const bsw = up ? bs : Math.round(bs * k);
      const right = x + w - 18;
      this.root.add(
        this.add
          .text(
            right - 2 * bsw - 118 * (up ? 1.25 : 1) * k,
            ry,
            `${f.points} pts`,
            readingStyle(fs - 1, CSS.muted),
          )
          .setOrigin(0, 0.5),
      );
      this.root.add(
        this.add
          .text(
            right - 2 * bsw - 22,
            ry,
            n > 0 ? `\u00d7${n}` : '\u2013',
            readingStyle(fs, n > 0 ? CSS.gold : CSS.dim),
          )
          .setOrigin(1, 0.5)
          .setName(`muster-${side}-count-${f.kind}`),
      );
      const remove = new Button(this, right - bsw * 1.5 - 6, ry, {
        name: `muster-${side}-remove-${f.kind}`,
        width: bsw,
        height: bs,
        label: '\u2212',
        fontSize: up ? 24 : 18,
        onClick: () => this.change(side, f.kind, -1),
      });
      remove.setEnabled(n > 0 && army.kinds.length > 1);
      const add = new Button(this, right - bsw / 2, ry, {
        name: `muster-${side}-add-${f.kind}`,
        width: bsw,
        height: bs,
        label: '+',
        fontSize: up ? 24 : 18,
        onClick: () => this.change(side, f.kind, 1),
      });
      add.setEnabled(army.points + f.points <= army.budget);
      for (const button of [remove, add]) button.on('pointerover', () => this.pointAt(side, row));
      this.root.add([remove, add]);
      ry += rowH;
    });
  }

  /** A figure's picture, fitted in a square of `size`. */
  private figureIcon(
    f: MusterFigure,
    x: number,
    y: number,
    size: number,
  ): Phaser.GameObjects.Image {
    const frame = `${f.art.sprite}-idle-0`;
    const img = frameExists(this, 'units', frame)
      ? this.add.image(x, y, artTexture(this, f.art), frame)
      : this.add.image(x, y, fallbackTexture(this, f.art));
    img.setScale(size / Math.max(1, img.width, img.height));
    return img;
  }

  private pointAt(side: Side, row: number): void {
    cursor = { side, row };
    this.showCursor();
  }

  /** The frame on the figure the keys are on, and its stat line and abilities below. */
  private showCursor(): void {
    const r = this.rowRects.get(`${cursor.side}:${cursor.row}`);
    this.cursorBox.clear();
    if (r) {
      this.cursorBox.lineStyle(2, COLORS.gold, 0.9);
      this.cursorBox.strokeRoundedRect(r.x, r.y, r.w, r.h, 5);
    }
    const f = this.roster[Math.min(cursor.row, this.roster.length - 1)];
    if (!f || !this.card) return;
    // A warning of lopsided armies heads the card while it holds.
    const caution = this.muster?.caution?.(this.options);
    this.card.setText(
      `${caution ? `${caution}\n` : ''}${f.name} \u2014 ${f.stats}\n${f.abilities.join(' ')}`,
    );
  }

  private change(side: Side, kind: string, by: 1 | -1): void {
    const muster = this.muster;
    if (!muster) return;
    const row = this.roster.findIndex((f) => f.kind === kind);
    if (row >= 0) cursor = { side, row };
    if (by > 0) {
      const added = muster.add(this.options, side, kind);
      if (!added.ok) {
        this.toast.show(added.error);
        this.draw();
        return;
      }
      this.setArmies(added.options);
    } else {
      this.setArmies(muster.remove(this.options, side, kind));
    }
  }

  private setArmies(options: ScenarioOptions): void {
    this.options = options;
    app.setup.options = options;
    this.draw();
  }

  private back(): void {
    if (this.muster) app.setup.options = this.options;
    app.goto('Setup');
  }

  private onKey(e: KeyboardEvent): void {
    if (e.repeat && (e.key === 'Enter' || e.key === 'Escape')) return;
    const rows = this.roster.length;
    const other = (): Side => (cursor.side === 'heroes' ? 'enemies' : 'heroes');
    switch (e.key) {
      case 'Escape':
      case 'Enter':
        sounds.play('ui-click');
        this.back();
        return;
      case 'ArrowUp':
        cursor = { ...cursor, row: (cursor.row - 1 + rows) % rows };
        break;
      case 'ArrowDown':
        cursor = { ...cursor, row: (cursor.row + 1) % rows };
        break;
      case 'ArrowLeft':
      case 'ArrowRight':
      case 'Tab':
        e.preventDefault();
        cursor = { ...cursor, side: other() };
        // Upright, one army is shown: the other one comes up.
        if (this.upright) {
          this.draw();
          return;
        }
        break;
      case '+':
      case '=':
        this.change(cursor.side, this.roster[cursor.row].kind, 1);
        return;
      case '-':
      case '_':
      case 'Delete':
      case 'Backspace':
        this.change(cursor.side, this.roster[cursor.row].kind, -1);
        return;
      default:
        return;
    }
    this.showCursor();
  }
}
