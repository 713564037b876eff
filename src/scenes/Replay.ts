/**
 * A finished battle played again, command by command: the board as it stood after each
 * command, the dice log of everything up to it beside it, and buttons (or the arrow keys,
 * Home and End) to step forward and back. Built from the battle's seed and commands by
 * buildReplay (src/view/replay.ts); the scene only draws the steps.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { requireRules, type GameState } from '../engine';
import { BattleBoard } from '../view/battle-board';
import { DiceLog } from '../view/dice-log';
import { isLogged } from '../view/log-lines';
import { showsOf } from '../view/event-show';
import { onKeyDown } from '../view/keys';
import { buildReplay, type ReplayStep } from '../view/replay';
import { screenNow } from '../view/screen';
import { CSS, setReadingFloor, setTextResolution, textStyle, titleStyle } from '../view/theme';
import { shareButtonRow } from '../view/button-row';
import { Button, enableKeyboardFocus, fitText, Toast } from '../view/ui';

export class ReplayScene extends Phaser.Scene {
  private steps: ReplayStep[] = [];
  private at = 0;
  private board!: BattleBoard;
  private log!: DiceLog;
  private label!: Phaser.GameObjects.Text;

  constructor() {
    super('Replay');
  }

  create(): void {
    enableKeyboardFocus(this);
    const replay = app.replay;
    if (!replay) {
      app.goto('Menu');
      return;
    }
    const built = buildReplay(replay.config, replay.commands);
    const screen = screenNow();
    setTextResolution(screen.zoom);
    // Laid out like the battle (a short screen is laid out low): no menu's least text size.
    setReadingFloor(1);
    const W = screen.width;
    const H = screen.height;
    const z = screen.zoom;
    this.cameras.main.setBackgroundColor(0x060508);
    const uiCam = this.cameras.add(0, 0, screen.gameWidth, screen.gameHeight, false, 'ui');
    uiCam.setOrigin(0, 0).setZoom(z);
    const root = this.add.container(0, 0);
    const back = (): void => app.goto(replay.back);
    // A phone held upright: the board the full width, the log under it, the buttons in two rows.
    const upright = screen.narrow;
    const title = this.add.text(16, 12, `Replay: ${replay.title}`, titleStyle(upright ? 20 : 24));
    if (upright) fitText(title, title.text, W - 32, 20, 14);
    root.add(title);
    if (!built.ok) {
      root.add(
        this.add.text(16, 60, built.error, textStyle(18, CSS.red, { wordWrap: { width: W - 40 } })),
      );
      root.add(this.backButton(W, H, back, upright));
      this.cameras.main.ignore(root);
      return;
    }
    this.steps = built.steps;
    const final = this.steps[this.steps.length - 1].state;
    const logW = upright ? W - 20 : Math.min(420, Math.floor(W * 0.34));
    // Upright: the step's line under the title, the board, the log, two rows of buttons.
    const foot = upright ? 132 : 76;
    const top = upright ? 84 : 56;
    const boardH = upright ? Math.round((H - top - foot) * 0.58) : H - top - foot;
    const v = { x: 10, y: top, width: upright ? W - 20 : W - logW - 30, height: boardH };
    const map = app.replay!.map;
    this.board = new BattleBoard(
      this,
      map,
      this.cameras.main,
      { x: v.x * z, y: v.y * z, width: v.width * z, height: v.height * z },
      final,
      requireRules(final),
      z,
    );
    uiCam.ignore(this.board.board.layer);
    this.log = upright
      ? new DiceLog(this, 10, top + boardH + 8, logW, H - top - boardH - foot - 8)
      : new DiceLog(this, W - logW - 10, top, logW, H - top - foot);
    root.add(this.log);
    this.label = (
      upright
        ? this.add.text(16, 44, '', textStyle(14, CSS.parchment, { wordWrap: { width: W - 32 } }))
        : this.add.text(v.x + v.width, 20, '', textStyle(16, CSS.parchment)).setOrigin(1, 0)
    ).setName('replay-step');
    root.add(this.label);
    const controls: [string, string, () => void][] = [
      ['replay-first', '|\u25c0', () => this.show(0)],
      ['replay-back', '\u25c0 Back', () => this.show(this.at - 1)],
      ['replay-forward', 'Forward \u25b6', () => this.show(this.at + 1)],
      ['replay-last', '\u25b6|', () => this.show(this.steps.length - 1)],
    ];
    const gap = upright ? 8 : 12;
    // Upright, the four steps share the width by their labels' lengths (the arrows alone
    // narrower; "Forward", in bold, the widest).
    const widths = upright
      ? shareButtonRow(
          controls.map(([, label], i) => Button.widthToShow(this, label, 18, 52, false, i === 2)),
          W - 20,
          gap,
        )
      : [90, 150, 150, 90];
    // Across a wide screen the steps start at the left edge, under the board, and Done
    // sits at the right, under the log: the row spans the screen with no empty band.
    let cx = 10;
    controls.forEach(([name, label, onClick], i) => {
      const width = widths[i];
      root.add(
        new Button(this, cx + width / 2, upright ? H - 96 : H - 34, {
          name,
          width,
          height: upright ? 52 : 44,
          label,
          fontSize: 18,
          primary: i === 2,
          onClick,
        }),
      );
      cx += width + gap;
    });
    root.add(this.backButton(W, H, back, upright));
    root.add(new Toast(this, W / 2, H - (upright ? 180 : 120), Math.min(560, W - 40)));
    this.cameras.main.ignore(root);
    onKeyDown(this, (e) => {
      if (e.key === 'ArrowRight') this.show(this.at + 1);
      else if (e.key === 'ArrowLeft') this.show(this.at - 1);
      else if (e.key === 'Home') this.show(0);
      else if (e.key === 'End') this.show(this.steps.length - 1);
      else if (e.key === 'Escape') back();
    });
    this.show(0);
  }

  private backButton(W: number, H: number, back: () => void, upright: boolean): Button {
    return new Button(this, upright ? W / 2 : W - 100, H - (upright ? 34 : 34), {
      name: 'replay-leave',
      width: upright ? W - 20 : 170,
      height: upright ? 48 : 44,
      label: 'Done',
      fontSize: 18,
      onClick: back,
    });
  }

  /** Shows step `i`: the board after its command and the log of everything up to it. */
  private show(i: number): void {
    const at = Math.max(0, Math.min(this.steps.length - 1, i));
    this.at = at;
    app.replayAt = at;
    const step = this.steps[at];
    const state: GameState = step.state;
    this.board.sync(state);
    const present = new Set(state.units.map((u) => u.id));
    for (const [id, view] of this.board.units) if (!present.has(id)) view.setVisible(false);
    this.log.clear();
    const recent: { e: ReplayStep['events'][number]; s: GameState }[] = [];
    for (let k = at; k >= 1 && recent.length < 60; k--)
      for (const e of [...this.steps[k].events].reverse())
        if (isLogged(e, showsOf(state)) && recent.length < 60)
          recent.unshift({ e, s: this.steps[k].state });
    for (const { e, s } of recent) this.log.append(e, s);
    this.label.setText(
      `Command ${at} of ${this.steps.length - 1}: ${step.label}  \u00b7  round ${state.round}`,
    );
  }
}
