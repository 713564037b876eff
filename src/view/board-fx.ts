/**
 * The dice and blows made visible on the board: a die that tumbles in beside the figure
 * that rolled and lands on its face with the number it needed; bold HIT / MISS / WOUND
 * popups; a white flash over a figure that is hit (a silhouette drawn once per figure on a
 * canvas, so Canvas shows it as WebGL does); what a fallen figure leaves on the floor.
 * Each effect runs on its own (fire and forget) for `factor` times its normal length.
 */
import Phaser from 'phaser';
import { cosmetic } from './rng';
import { boardTextResolution, COLORS, textStyle } from './theme';
import type { UnitView } from './unit-view';
import { addTweenOnTime } from './tween-start';

/** The faces a die is drawn with: a d6 a rounded square, others a diamond or a hexagon. */
function dieOutline(g: Phaser.GameObjects.Graphics, sides: number, r: number): void {
  if (sides === 6) {
    g.fillRoundedRect(-r, -r, 2 * r, 2 * r, r * 0.35);
    g.strokeRoundedRect(-r, -r, 2 * r, 2 * r, r * 0.35);
    return;
  }
  const corners = sides === 8 || sides === 4 ? 4 : 6;
  const pts: Phaser.Math.Vector2[] = [];
  for (let i = 0; i < corners; i++) {
    const a = (i / corners) * Math.PI * 2 - Math.PI / 2;
    pts.push(new Phaser.Math.Vector2(Math.cos(a) * r * 1.2, Math.sin(a) * r * 1.2));
  }
  g.fillPoints(pts, true);
  g.strokePoints(pts, true);
}

export interface DieRoll {
  sides: number;
  value: number;
  /** The number needed (a success is that or more), when the roll has one. */
  need: number | null;
  success: boolean | null;
}

export class BoardFx {
  /** What fallen figures leave on the floor, under the living. */
  readonly remains: Phaser.GameObjects.Layer;
  private readonly fallen = new Set<string>();

  constructor(
    private readonly scene: Phaser.Scene,
    /** Where effects are drawn (over the figures). */
    private readonly layer: Phaser.GameObjects.Layer,
    remains: Phaser.GameObjects.Layer,
    /** The board's width in world pixels: a die never lands off the board's right edge. */
    private readonly boardWidth = Infinity,
  ) {
    this.remains = remains;
  }

  /** How long a die flies before it lands (ms, at Normal speed: times `factor`). */
  static readonly DIE_FLIGHT_MS = 280;

  /**
   * A die tumbling in beside `v` and landing on `roll.value`, with "needs N+" beside it:
   * gold and green when it succeeds, red when it fails. Resolves when it has landed.
   */
  die(v: UnitView, roll: DieRoll, factor: number, slot = 0): Promise<void> {
    const scene = this.scene;
    const r = 6.5;
    const color =
      roll.success === null ? COLORS.parchment : roll.success ? COLORS.clear : COLORS.blocked;
    const g = scene.add.graphics();
    g.fillStyle(0xf4ecd8, 1);
    g.lineStyle(1.5, color, 1);
    dieOutline(g, roll.sides, r);
    const face = scene.add
      .text(
        0,
        0.5,
        '?',
        textStyle(9, '#1a1016', { fontStyle: 'bold', resolution: boardTextResolution() }),
      )
      .setOrigin(0.5);
    const die = scene.add.container(0, 0, [g, face]);
    const needText = roll.need !== null ? `${roll.need}+` : `d${roll.sides}`;
    const need = scene.add
      .text(
        r + 3,
        0,
        needText,
        textStyle(7, roll.success === false ? '#ffb0a0' : '#e8f5d0', {
          fontStyle: 'bold',
          stroke: '#000000',
          strokeThickness: 2.5,
          resolution: boardTextResolution(),
        }),
      )
      .setOrigin(0, 0.5)
      .setAlpha(0);
    // Beside the figure, at its shoulder (its left one at the board's right edge, where the
    // die and its "needs" would be cut off); a second die (the same figure) a little lower.
    const atRightEdge = v.x + 15 + r + 3 + need.width > this.boardWidth;
    if (atRightEdge) need.setPosition(-r - 3, 0).setOrigin(1, 0.5);
    const x = atRightEdge ? v.x - 15 : v.x + 15;
    const y = v.y - 12 + slot * 15;
    const root = scene.add.container(atRightEdge ? x + 18 : x - 18, y - 16, [die, need]);
    this.layer.add(root);
    const t = (ms: number) => Math.max(1, ms * factor);
    return new Promise((resolve) => {
      // Tumble: faces flicker by while it flies in and spins; then it lands with a bounce.
      let ticks = 0;
      const flicker = scene.time.addEvent({
        delay: t(50),
        repeat: 4,
        callback: () => face.setText(String(1 + ((roll.value + ++ticks * 3) % roll.sides))),
      });
      // On time at any frame rate: a blow waits for this die to land (tween-start.ts).
      addTweenOnTime(scene, {
        targets: root,
        x,
        y,
        duration: t(BoardFx.DIE_FLIGHT_MS),
        ease: 'Quad.easeOut',
      });
      addTweenOnTime(scene, {
        targets: die,
        angle: { from: cosmetic.range(-260, -160), to: 0 },
        duration: t(BoardFx.DIE_FLIGHT_MS),
        ease: 'Quad.easeOut',
        onComplete: () => {
          flicker.remove(false);
          face.setText(String(roll.value));
          scene.tweens.add({
            targets: die,
            scale: { from: 1.35, to: 1 },
            duration: t(120),
            ease: 'Back.easeOut',
          });
          need.setAlpha(1);
          resolve();
          scene.tweens.add({
            targets: root,
            alpha: 0,
            delay: t(800),
            duration: t(260),
            onComplete: () => root.destroy(),
          });
        },
      });
    });
  }

  /** A bold word that pops over a figure and floats away: HIT, MISS, WOUND... */
  popup(v: UnitView, word: string, color: string, factor: number, size = 13, dy = 0): void {
    const scene = this.scene;
    const label = scene.add
      .text(
        v.x,
        v.y - 22 + dy,
        word,
        textStyle(size, color, {
          fontStyle: 'bold',
          stroke: '#000000',
          strokeThickness: 4,
          resolution: boardTextResolution(),
        }),
      )
      .setOrigin(0.5, 1)
      .setScale(0.4);
    this.layer.add(label);
    const t = (ms: number) => Math.max(1, ms * Math.max(0.5, factor));
    scene.tweens.chain({
      targets: label,
      tweens: [
        { scale: 1.15, duration: t(120), ease: 'Back.easeOut' },
        { scale: 1, duration: t(80) },
        { y: label.y - 14, alpha: 0, delay: t(450), duration: t(380), ease: 'Quad.easeIn' },
      ],
      onComplete: () => label.destroy(),
    });
  }

  /** A white flash over the figure's sprite (its silhouette), fading out. */
  flash(v: UnitView, factor: number): void {
    const scene = this.scene;
    const key = silhouette(scene, v.sprite);
    if (!key) return;
    const s = v.sprite;
    const img = scene.add
      .image(v.x + s.x, v.y + s.y, key)
      .setOrigin(s.originX, s.originY)
      .setScale(s.scaleX, s.scaleY)
      .setFlipX(s.flipX)
      .setAlpha(0.95);
    this.layer.add(img);
    scene.tweens.add({
      targets: img,
      alpha: 0,
      duration: Math.max(1, 260 * Math.max(0.5, factor)),
      ease: 'Quad.easeIn',
      onComplete: () => img.destroy(),
    });
  }

  /**
   * What a fallen figure leaves: a dark stain and its body, fallen over and dimmed, on the
   * floor under the living figures. Animated (`factor` > 0) or laid at once.
   */
  leaveRemains(v: UnitView, factor: number, at = { x: v.x, y: v.y }): void {
    if (this.fallen.has(v.unitId)) return;
    this.fallen.add(v.unitId);
    const scene = this.scene;
    const stain = scene.add.graphics();
    const red = v.side === 'heroes' ? 0x5a1010 : v.archFoe ? 0x4a1a05 : 0x3b1410;
    stain.fillStyle(red, 0.75);
    stain.fillEllipse(0, 0, 22, 10);
    for (let i = 0; i < 5; i++)
      stain.fillCircle(cosmetic.range(-13, 13), cosmetic.range(-5, 5), cosmetic.range(1.5, 3.5));
    stain.setPosition(at.x, at.y + 8);
    const s = v.sprite;
    const body = scene.add
      .sprite(at.x, at.y + 6, s.texture.key, s.frame.name)
      .setOrigin(0.5, 1)
      .setScale(s.scaleX * 0.95, s.scaleY * 0.95)
      .setFlipX(s.flipX)
      .setAlpha(0.75);
    this.remains.add([stain, body]);
    const lying = s.flipX ? -90 : 90;
    if (factor <= 0) {
      body.setAngle(lying).setAlpha(0.55);
      return;
    }
    stain.setScale(0.2);
    scene.tweens.add({ targets: stain, scale: 1, duration: 420 * factor, ease: 'Quad.easeOut' });
    scene.tweens.add({
      targets: body,
      angle: lying,
      alpha: 0.55,
      duration: 420 * factor,
      ease: 'Bounce.easeOut',
    });
  }

  /** Whether a figure has fallen on this board (its remains are drawn). */
  hasRemains(unitId: string): boolean {
    return this.fallen.has(unitId);
  }
}

/** A white silhouette of the sprite's frame (made once per frame), or null. */
function silhouette(scene: Phaser.Scene, sprite: Phaser.GameObjects.Sprite): string | null {
  const frame = sprite.frame;
  const key = `flash:${sprite.texture.key}:${frame.name}`;
  if (scene.textures.exists(key)) return key;
  const source = frame.source.image as CanvasImageSource | undefined;
  if (!source || frame.cutWidth <= 0) return null;
  const canvas = scene.textures.createCanvas(key, frame.cutWidth, frame.cutHeight);
  if (!canvas) return null;
  const ctx = canvas.getContext();
  ctx.drawImage(
    source,
    frame.cutX,
    frame.cutY,
    frame.cutWidth,
    frame.cutHeight,
    0,
    0,
    frame.cutWidth,
    frame.cutHeight,
  );
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, frame.cutWidth, frame.cutHeight);
  ctx.globalCompositeOperation = 'source-over';
  canvas.refresh();
  canvas.setFilter(Phaser.Textures.FilterMode.NEAREST);
  return key;
}
