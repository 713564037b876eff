/**
 * The tutorial's bubble over the battle: the step's title and text, a Skip button (Close
 * once finished), and a pulsing frame around the square or control the step points at.
 * It draws a TutorialPrompt (view/tutorial.ts) and decides nothing.
 */
import Phaser from 'phaser';
import { controlRect } from '../app/controls';
import type { Point } from '../engine';
import type { BattleLayout } from './battle-layout';
import { hudToScreen, screenToHud } from './frame';
import { COLORS, CSS, isReducedMotion, readingStyle, titleStyle } from './theme';
import type { TutorialPrompt } from './tutorial';
import { Button, drawPanel } from './ui';

export interface TutorialPanelHooks {
  /** Skip (while a step is shown) or Close (once finished). */
  dismiss: () => void;
  /** The bubble's go-on button ("Got it"), on a step with nothing to try. */
  next: () => void;
  /** A square's centre on the screen (game pixels), or null when out of sight. */
  squareToGame: (p: Point) => { x: number; y: number } | null;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The bubble as shown, for the automation API. */
export interface TutorialShown {
  step: string;
  title: string;
  text: string;
  square: Point | null;
  /** The frame around what the step points at, in game pixels, or null. */
  frame: Box | null;
}

const BUBBLE_W = 340;

export class TutorialPanel {
  readonly root: Phaser.GameObjects.Container;
  private readonly bg: Phaser.GameObjects.Graphics;
  private readonly pointer: Phaser.GameObjects.Graphics;
  private readonly counter: Phaser.GameObjects.Text;
  private readonly title: Phaser.GameObjects.Text;
  private readonly body: Phaser.GameObjects.Text;
  private readonly button: Button;
  private readonly nextButton: Button;
  private prompt: TutorialPrompt | null = null;
  private pulse = 0;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly layout: BattleLayout,
    private readonly hooks: TutorialPanelHooks,
  ) {
    this.root = scene.add.container(0, 0).setDepth(1100).setName('tutorial');
    this.pointer = scene.add.graphics();
    this.bg = scene.add.graphics();
    this.counter = scene.add.text(0, 0, '', readingStyle(12, CSS.muted));
    this.title = scene.add.text(0, 0, '', titleStyle(18));
    this.body = scene.add.text(
      0,
      0,
      '',
      readingStyle(14, CSS.parchment, { wordWrap: { width: BUBBLE_W - 28 }, lineSpacing: 2 }),
    );
    this.button = new Button(scene, 0, 0, {
      name: 'tutorial-skip',
      width: 124,
      height: 30,
      label: 'Skip tutorial',
      fontSize: 14,
      onClick: () => this.hooks.dismiss(),
    });
    this.nextButton = new Button(scene, 0, 0, {
      name: 'tutorial-next',
      width: 100,
      height: 30,
      label: 'Got it',
      fontSize: 14,
      primary: true,
      onClick: () => this.hooks.next(),
    });
    this.root.add([
      this.pointer,
      this.bg,
      this.counter,
      this.title,
      this.body,
      this.button,
      this.nextButton,
    ]);
    this.root.setVisible(false);
  }

  /**
   * What the bubble shows now (for the automation API), or null while hidden: the step,
   * its words, the square it marks and the frame it draws (game pixels).
   */
  shown(): TutorialShown | null {
    const p = this.prompt;
    if (!p || !this.root.visible) return null;
    const t = this.target();
    let frame: Box | null = null;
    if (t) {
      const a = hudToScreen(this.scene, t.x, t.y);
      const b = hudToScreen(this.scene, t.x + t.width, t.y + t.height);
      frame = { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
    }
    return { step: p.step, title: p.title, text: p.text, square: p.square, frame };
  }

  /** Shows a prompt, or hides the whole panel for null. */
  render(prompt: TutorialPrompt | null): void {
    this.prompt = prompt;
    this.root.setVisible(prompt !== null);
    this.button.setVisible(prompt !== null);
    this.nextButton.setVisible(prompt?.acknowledge != null);
    if (!prompt) return;
    if (prompt.acknowledge) this.nextButton.setLabel(prompt.acknowledge);
    const finished = prompt.step === 'finished';
    this.button.setLabel(finished ? 'Close' : 'Skip tutorial');
    this.counter.setText(finished ? 'Tutorial' : `Tutorial \u00b7 ${prompt.counter}`);
    this.title.setText(prompt.title);
    this.body.setText(prompt.text);
    this.place();
  }

  /** Where the step points now, in HUD coordinates (the board may have moved). */
  private target(): Box | null {
    const p = this.prompt;
    if (!p) return null;
    if (p.square) {
      const c = this.hooks.squareToGame(p.square);
      const right = this.hooks.squareToGame({ x: p.square.x + 1, y: p.square.y });
      const left = this.hooks.squareToGame({ x: p.square.x - 1, y: p.square.y });
      if (!c) return null;
      const a = screenToHud(this.scene, c.x, c.y);
      const n = right ?? left;
      const b = n ? screenToHud(this.scene, n.x, n.y) : { x: a.x + 40, y: a.y };
      const size = Math.max(16, Math.abs(b.x - a.x));
      return { x: a.x - size / 2, y: a.y - size / 2, width: size, height: size };
    }
    if (p.control === 'log' && this.layout.logShown && !this.layout.narrow && !this.layout.folded)
      return this.layout.log;
    const name = p.control === 'log' ? 'log-panel' : p.control;
    const r = name ? controlRect(name) : null;
    if (!r) return null;
    const a = screenToHud(this.scene, r.x, r.y);
    const b = screenToHud(this.scene, r.x + r.width, r.y + r.height);
    return { x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y };
  }

  /** Lays the bubble out away from what it points at, and draws the frame around that. */
  private place(): void {
    if (!this.prompt) return;
    const v = this.layout.viewport;
    const pad = 14;
    const w = Math.min(BUBBLE_W, v.width - 16);
    this.body.setWordWrapWidth(w - 2 * pad);
    const h = pad + 16 + 24 + this.body.height + 12 + 30 + pad;
    const target = this.target();
    // Over the board: away from a marked square; at the top when it points at a control
    // (the controls are around the board, and the heroes and messages are at the bottom).
    const low =
      this.prompt.square !== null &&
      target !== null &&
      target.y + target.height / 2 < v.y + v.height / 2;
    const x = v.x + (v.width - w) / 2;
    const y = low ? v.y + v.height - h - 10 : v.y + 10;
    this.bg.clear();
    drawPanel(this.bg, x, y, w, h, { fill: 0x1a1420, alpha: 0.96, border: COLORS.gold });
    this.bg.strokeRoundedRect(x, y, w, h, 8);
    this.counter.setPosition(x + pad, y + pad - 2);
    this.title.setPosition(x + pad, y + pad + 14);
    this.body.setPosition(x + pad, y + pad + 42);
    this.button.setPosition(x + w - pad - 62, y + h - pad - 15);
    this.nextButton.setPosition(x + w - pad - 124 - 8 - 50, y + h - pad - 15);
    this.drawPointer(target);
  }

  private drawPointer(target: Box | null): void {
    this.pointer.clear();
    if (!target) return;
    const glow = isReducedMotion() ? 1 : 0.6 + 0.4 * Math.abs(Math.sin(this.pulse / 300));
    const m = 4;
    this.pointer.lineStyle(4, COLORS.gold, glow);
    this.pointer.strokeRoundedRect(
      target.x - m,
      target.y - m,
      target.width + 2 * m,
      target.height + 2 * m,
      6,
    );
  }

  /** Each frame: the frame pulses and follows the board. */
  update(delta: number): void {
    if (!this.prompt) return;
    this.pulse += delta;
    this.place();
  }
}
