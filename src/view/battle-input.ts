/**
 * The Battle screen's gestures: mouse hover and clicks, right click to face, touch taps,
 * a one-finger drag to pan, two fingers to pinch-zoom, the wheel, held keys to pan and key
 * presses (read from the DOM, once each). It reports squares and keys to the scene, which
 * asks battle-intents.ts what they mean.
 */
import Phaser from 'phaser';
import type { Point } from '../engine';
import { onKeyDown } from './keys';

export interface BattleInputHost {
  inViewport(x: number, y: number): boolean;
  squareAt(x: number, y: number): Point | null;
  /** The pointer moved onto another square (null: off the board). */
  hover(square: Point | null): void;
  /** A press released on a square without dragging: a click, a tap or a right click. */
  press(square: Point, how: 'click' | 'tap' | 'face'): void;
  /** The last press came from a finger (true) or the mouse (false). */
  touchChanged(usingTouch: boolean): void;
  zoomAt(factor: number, x: number, y: number): void;
  panBy(dx: number, dy: number): void;
  /** Whether the board fits the screen whole (no panning then). */
  fitsWhole(): boolean;
  /** Whether arrow keys pick targets now (then only WASD pans). */
  picking(): boolean;
  /** Any press (audio unlocks on the first one). */
  pressed(): void;
  key(e: KeyboardEvent): void;
}

const DRAG_START = 6;
const WHEEL_STEP = 1.15;
const PAN_SPEED = 0.6;

export class BattleInput {
  private drag: { x: number; y: number; moved: boolean; button: number; pointer: number } | null =
    null;
  /** Two fingers on the board: their last distance apart (pinch zoom). */
  private pinch: { distance: number } | null = null;
  private hovered: Point | null = null;
  private usingTouch = false;
  private panKeys: Record<string, Phaser.Input.Keyboard.Key> | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly host: BattleInputHost,
  ) {
    const input = scene.input;
    input.mouse?.disableContextMenu();
    input.on('pointermove', (p: Phaser.Input.Pointer, over: Phaser.GameObjects.GameObject[]) =>
      this.onMove(p, over),
    );
    input.on('pointerdown', (p: Phaser.Input.Pointer, over: Phaser.GameObjects.GameObject[]) =>
      this.onDown(p, over),
    );
    input.on('pointerup', (p: Phaser.Input.Pointer) => this.onUp(p));
    input.on('wheel', (p: Phaser.Input.Pointer, _over: unknown, _dx: number, dy: number) => {
      if (host.inViewport(p.x, p.y)) host.zoomAt(dy > 0 ? 1 / WHEEL_STEP : WHEEL_STEP, p.x, p.y);
    });
    const kb = input.keyboard;
    if (!kb) return;
    kb.addCapture('TAB,SPACE,UP,DOWN,LEFT,RIGHT');
    // Held keys (panning) from Phaser; presses from the DOM, exactly once each.
    this.panKeys = kb.addKeys('W,A,S,D,UP,DOWN,LEFT,RIGHT', false) as Record<
      string,
      Phaser.Input.Keyboard.Key
    >;
    onKeyDown(scene, (e) => {
      host.pressed();
      host.key(e);
    });
  }

  /** Touch pointers now down (the mouse is pointer 0). */
  private touchesDown(): Phaser.Input.Pointer[] {
    return this.scene.input.manager.pointers.filter((q) => q.id !== 0 && q.isDown);
  }

  private onMove(
    p: Phaser.Input.Pointer,
    over: readonly Phaser.GameObjects.GameObject[] = [],
  ): void {
    const touches = this.touchesDown();
    if (touches.length >= 2) {
      // Pinch: zoom about the point between the two fingers; no tap comes of it.
      const [a, b] = touches;
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const mx = (a.x + b.x) / 2;
      const my = (a.y + b.y) / 2;
      if (this.pinch && this.pinch.distance > 0 && distance > 0 && this.host.inViewport(mx, my))
        this.host.zoomAt(distance / this.pinch.distance, mx, my);
      this.pinch = { distance };
      if (this.drag) this.drag.moved = true;
      return;
    }
    const drag = this.drag;
    if (drag && p.isDown && p.id === drag.pointer) {
      const dx = p.x - drag.x;
      const dy = p.y - drag.y;
      if (drag.moved || Math.hypot(dx, dy) > DRAG_START) {
        drag.moved = true;
        this.host.panBy(-dx, -dy);
        drag.x = p.x;
        drag.y = p.y;
      }
      return;
    }
    // Over a HUD object (the help, a button on the board) the pointer is on no square.
    const sq = over.length > 0 ? null : this.host.squareAt(p.x, p.y);
    if ((sq?.x ?? -1) === (this.hovered?.x ?? -1) && (sq?.y ?? -1) === (this.hovered?.y ?? -1))
      return;
    this.hovered = sq;
    this.host.hover(sq);
  }

  private onDown(p: Phaser.Input.Pointer, over: Phaser.GameObjects.GameObject[]): void {
    this.host.pressed();
    if (p.wasTouch !== this.usingTouch) {
      this.usingTouch = p.wasTouch;
      this.host.touchChanged(p.wasTouch);
    }
    // A press on a HUD object (help panel, buttons) is not a board click.
    if (!this.host.inViewport(p.x, p.y) || over.length > 0) {
      this.drag = null;
      return;
    }
    // A second finger turns the gesture into a pinch: the first finger's press is no tap.
    if (this.drag && this.touchesDown().length >= 2) {
      this.drag.moved = true;
      return;
    }
    this.drag = { x: p.x, y: p.y, moved: false, button: p.button, pointer: p.id };
  }

  private onUp(p: Phaser.Input.Pointer): void {
    if (this.pinch) {
      if (this.touchesDown().length < 2) this.pinch = null;
      this.drag = null;
      return;
    }
    const drag = this.drag;
    if (drag && p.id !== drag.pointer) return;
    this.drag = null;
    if (!drag || drag.moved) return;
    const sq = this.host.squareAt(p.x, p.y);
    if (!sq) return;
    if (drag.button === 2 || p.rightButtonReleased()) this.host.press(sq, 'face');
    else this.host.press(sq, p.wasTouch ? 'tap' : 'click');
  }

  /** Pans while WASD (or the arrows, when they are not picking targets) are held. */
  update(delta: number): void {
    const k = this.panKeys;
    if (!k || this.host.fitsWhole()) return;
    const arrows = !this.host.picking();
    const speed = PAN_SPEED * delta;
    let dx = 0;
    let dy = 0;
    if (k.A.isDown || (arrows && k.LEFT.isDown)) dx -= speed;
    if (k.D.isDown || (arrows && k.RIGHT.isDown)) dx += speed;
    if (k.W.isDown || (arrows && k.UP.isDown)) dy -= speed;
    if (k.S.isDown || (arrows && k.DOWN.isDown)) dy += speed;
    if (dx !== 0 || dy !== 0) this.host.panBy(dx, dy);
  }
}
