/**
 * One figure on the board: shadow, a base ring in its side's colour with a wedge showing
 * its facing, the sprite (idle animation, attack frame), an enemy status marker, wound pips,
 * the active-unit glow and a target badge. Everything it shows is set from engine data.
 */
import Phaser from 'phaser';
import type { EnemyStatus, Facing, Unit, UnitArt, UnitKind } from '../engine';
import { cosmetic } from './rng';
import { boardTextResolution, COLORS, CSS, textStyle } from './theme';

export const TILE = 32;

/**
 * Status marker icons, each named by the start of the status it marks (the icon atlas's
 * frames), with a letter to draw when the atlas is missing. Other statuses show none.
 */
const STATUS_MARKERS: readonly { icon: string; text: string; color: string }[] = [
  { icon: 'patrol', text: '?', color: CSS.blue },
  { icon: 'alerted', text: '!', color: CSS.red },
  { icon: 'retreating', text: '\u21a9', color: CSS.yellow },
];

/** The size of a figure drawn at the usual height (its marker and badge sit above it). */
const BASE_HEIGHT = 32;

/**
 * How a unit is drawn: its kind's art from the rule module, or a plain token named by its
 * first letter when the module does not know the kind.
 */
export function artFor(kinds: readonly UnitKind[], unit: Unit): UnitArt {
  const known = kinds.find((k) => k.kind === unit.kind);
  if (known) return known.art;
  return {
    sprite: unit.kind,
    height: BASE_HEIGHT,
    letter: unit.name.charAt(0).toUpperCase(),
    color: unit.side === 'heroes' ? '#2c5d94' : '#6b2a22',
  };
}

/** Facing 0..7 (north clockwise) as a rotation in radians for art pointing north. */
export function facingRotation(facing: number): number {
  return (facing * Math.PI) / 4;
}

/** Whether the art (drawn facing east) should be mirrored for this facing. */
export function facesWest(facing: number): boolean {
  return facing === 5 || facing === 6 || facing === 7;
}

export function frameExists(scene: Phaser.Scene, texture: string, frame: string): boolean {
  return scene.textures.exists(texture) && scene.textures.get(texture).has(frame);
}

/** Fallback texture for a kind when the sprite atlas is missing: a token with a letter. */
export function fallbackTexture(scene: Phaser.Scene, art: UnitArt): string {
  const key = `fallback-unit-${art.sprite}`;
  if (scene.textures.exists(key)) return key;
  const canvas = scene.textures.createCanvas(key, 32, 32);
  if (!canvas) return '__DEFAULT';
  const ctx = canvas.getContext();
  ctx.fillStyle = art.color;
  ctx.beginPath();
  ctx.arc(16, 16, 13, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#e8dcc0';
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 15px sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(art.letter, 16, 17);
  canvas.refresh();
  return key;
}

export function ensureUnitAnimations(scene: Phaser.Scene, sprite: string): string | null {
  const key = `${sprite}-idle`;
  if (scene.anims.exists(key)) return key;
  if (!frameExists(scene, 'units', `${sprite}-idle-0`)) return null;
  const frames = [`${sprite}-idle-0`, `${sprite}-idle-1`].filter((f) =>
    frameExists(scene, 'units', f),
  );
  scene.anims.create({
    key,
    frames: frames.map((frame) => ({ key: 'units', frame })),
    frameRate: 2.2,
    repeat: -1,
  });
  return key;
}

export class UnitView extends Phaser.GameObjects.Container {
  readonly unitId: string;
  /** Frame prefix in the units atlas (the kind's art). */
  readonly frames: string;
  /** How far above the base the figure's head is: its marker and badge sit there. */
  private readonly lift: number;
  readonly side: string;
  readonly archFoe: boolean;
  private shadow: Phaser.GameObjects.Ellipse;
  private ring: Phaser.GameObjects.Graphics;
  private wedge: Phaser.GameObjects.Graphics;
  private glow: Phaser.GameObjects.Graphics;
  readonly sprite: Phaser.GameObjects.Sprite;
  private marker: Phaser.GameObjects.Image | Phaser.GameObjects.Text | null = null;
  private markerStatus: string | null = null;
  private pips: Phaser.GameObjects.Graphics;
  private glowTween: Phaser.Tweens.Tween | null = null;
  private usesAtlas: boolean;
  private idleKey: string | null;
  private baseScale = 1;
  facing: Facing = 4;
  wounds = 0;
  maxWounds = 1;

  constructor(scene: Phaser.Scene, unit: Unit, art: UnitArt) {
    super(scene, 0, 0);
    this.unitId = unit.id;
    this.frames = art.sprite;
    this.lift = art.height - BASE_HEIGHT;
    this.side = unit.side;
    this.archFoe = unit.ai?.archFoe === true;
    this.maxWounds = unit.maxWounds;

    this.glow = scene.add.graphics();
    this.glow.fillStyle(COLORS.gold, 0.28);
    this.glow.fillCircle(0, 0, 17);
    this.glow.lineStyle(2, COLORS.gold, 0.95);
    this.glow.strokeCircle(0, 0, 15);
    this.glow.setVisible(false);

    this.shadow = scene.add.ellipse(0, 9, 24, 9, 0x000000, 0.45);

    const sideColor = this.archFoe
      ? COLORS.archFoe
      : unit.side === 'heroes'
        ? COLORS.hero
        : COLORS.enemy;
    this.ring = scene.add.graphics();
    this.ring.lineStyle(2, sideColor, 0.9);
    this.ring.strokeEllipse(0, 9, 26, 12);

    // A wedge on a circle around the figure, rotated to the facing.
    this.wedge = scene.add.graphics();
    this.wedge.fillStyle(sideColor, 1);
    this.wedge.lineStyle(1, 0x000000, 0.8);
    this.wedge.beginPath();
    this.wedge.moveTo(0, -16);
    this.wedge.lineTo(-4.5, -10.5);
    this.wedge.lineTo(4.5, -10.5);
    this.wedge.closePath();
    this.wedge.fillPath();
    this.wedge.strokePath();
    this.wedge.setScale(1, 0.62);
    this.wedge.y = 6;

    this.usesAtlas = frameExists(scene, 'units', `${art.sprite}-idle-0`);
    this.idleKey = this.usesAtlas ? ensureUnitAnimations(scene, art.sprite) : null;
    this.sprite = this.usesAtlas
      ? scene.add.sprite(0, 12, 'units', `${art.sprite}-idle-0`)
      : scene.add.sprite(0, 12, fallbackTexture(scene, art));
    this.sprite.setOrigin(0.5, 1);
    const biggest = Math.max(this.sprite.width, this.sprite.height);
    this.baseScale = biggest > 0 ? art.height / biggest : 1;
    this.sprite.setScale(this.baseScale);
    if (this.idleKey) {
      this.sprite.play({
        key: this.idleKey,
        startFrame: cosmetic.int(0, 1),
        delay: cosmetic.int(0, 400),
      });
    }

    this.pips = scene.add.graphics();

    this.add([this.glow, this.shadow, this.ring, this.wedge, this.sprite, this.pips]);
    this.setFacing(unit.facing);
    this.setWounds(unit.wounds, unit.maxWounds);
    if (unit.ai) this.setStatus(unit.ai.status);
    this.setSize(TILE, TILE);
    scene.add.existing(this);
  }

  get spriteScale(): number {
    return this.baseScale;
  }

  setFacing(facing: Facing): void {
    this.facing = facing;
    this.wedge.rotation = facingRotation(facing);
    if (this.usesAtlas) this.sprite.setFlipX(facesWest(facing));
  }

  setWounds(wounds: number, maxWounds: number): void {
    this.wounds = wounds;
    this.maxWounds = maxWounds;
    const g = this.pips;
    g.clear();
    const n = Math.max(1, maxWounds);
    const size = 4;
    const gap = 1.5;
    const total = n * size + (n - 1) * gap;
    let x = -total / 2;
    const y = 15;
    g.fillStyle(0x000000, 0.7);
    g.fillRoundedRect(x - 2, y - 1.5, total + 4, size + 3, 2);
    for (let i = 0; i < n; i++) {
      const lost = i >= n - wounds;
      g.fillStyle(lost ? 0x3b2b2b : this.side === 'heroes' ? 0x7fe08a : 0xff7a5c, 1);
      g.fillRect(x, y, size, size);
      x += size + gap;
    }
  }

  setStatus(status: EnemyStatus): void {
    if (status === this.markerStatus) return;
    this.markerStatus = status;
    this.marker?.destroy();
    this.marker = null;
    const mark = STATUS_MARKERS.find((m) => status.startsWith(m.icon));
    if (!mark) return;
    const scene = this.scene;
    if (frameExists(scene, 'icons', mark.icon)) {
      const img = scene.add.image(11, -20, 'icons', mark.icon);
      img.setScale(11 / Math.max(img.width, img.height));
      this.marker = img;
    } else {
      const fb = mark;
      this.marker = scene.add
        .text(
          11,
          -20,
          fb.text,
          textStyle(12, fb.color, {
            fontStyle: 'bold',
            stroke: '#000',
            strokeThickness: 3,
            resolution: boardTextResolution(),
          }),
        )
        .setOrigin(0.5);
    }
    this.marker.y -= this.lift;
    this.add(this.marker);
  }

  /** Pops the status marker (alerted!) for attention. */
  popMarker(): void {
    const m = this.marker;
    if (!m) return;
    const s = m.scale;
    this.scene.tweens.add({
      targets: m,
      scale: s * 1.8,
      duration: 140,
      yoyo: true,
      ease: 'Quad.Out',
    });
  }

  setHighlight(on: boolean): this {
    if (on === this.glow.visible) return this;
    this.glow.setVisible(on);
    this.glowTween?.stop();
    this.glowTween = null;
    this.glow.setAlpha(1);
    if (on) {
      this.glowTween = this.scene.tweens.add({
        targets: this.glow,
        alpha: 0.45,
        duration: 700,
        yoyo: true,
        repeat: -1,
        ease: 'Sine.InOut',
      });
    }
    return this;
  }

  /** Where a badge over the figure centres, relative to the figure's square centre. */
  get badgeY(): number {
    return -30 - this.lift;
  }

  showAttackFrame(on: boolean): void {
    if (!this.usesAtlas) return;
    if (on && frameExists(this.scene, 'units', `${this.frames}-attack`)) {
      this.sprite.stop();
      this.sprite.setFrame(`${this.frames}-attack`);
    } else if (!on && this.idleKey) {
      this.sprite.play({ key: this.idleKey, startFrame: 0 });
    }
  }

  private relic: Phaser.GameObjects.Image | Phaser.GameObjects.Star | null = null;

  /** A small crown while the figure carries the relic. */
  setCarrying(on: boolean): void {
    if (on === (this.relic !== null)) return;
    if (!on) {
      this.relic?.destroy();
      this.relic = null;
      return;
    }
    if (frameExists(this.scene, 'icons', 'crown')) {
      const img = this.scene.add.image(-11, -20, 'icons', 'crown');
      img.setScale(11 / Math.max(img.width, img.height));
      this.relic = img;
    } else {
      this.relic = this.scene.add.star(-11, -20, 5, 2.5, 6, COLORS.gold, 1);
    }
    this.add(this.relic);
  }

  /** Back to the resting pose after an animation was cut short. */
  resetPose(): void {
    this.sprite.setY(12).setAlpha(1).clearTint();
    this.setScale(1).setAlpha(1);
  }

  /** Tint flash for a hit (WebGL); the Canvas renderer gets the alpha blink only. */
  flash(color = 0xff3322): void {
    this.sprite.setTint(color);
    this.scene.time.delayedCall(140, () => {
      if (this.sprite.active) this.sprite.clearTint();
    });
  }
}
