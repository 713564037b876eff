/**
 * One figure on the board: shadow, a base ring in its side's colour with a wedge showing
 * its facing, the sprite (idle animation, attack frame), an enemy status marker, wound pips,
 * the active-unit glow and a target badge. Everything it shows is set from engine data.
 */
import Phaser from 'phaser';
import type { EnemyStatus, Facing, Unit, UnitArt, UnitKind } from '../engine';
import { sizeOf } from '../engine/footprint';
import { cosmetic } from './rng';
import { boardTextResolution, COLORS, CSS, isReducedMotion, textStyle } from './theme';
import type { EyeMark } from './battle-view';

export const TILE = 32;

/**
 * Status marker icons, each named by the start of the status it marks (the icon atlas's
 * frames), with a letter to draw when the atlas is missing. Other statuses show none.
 */
const STATUS_MARKERS: readonly { icon: string; text: string; color: string; ring: number }[] = [
  { icon: 'patrol', text: '?', color: CSS.blue, ring: COLORS.vision },
  { icon: 'alerted', text: '!', color: CSS.red, ring: COLORS.enemy },
  { icon: 'retreating', text: '\u21a9', color: CSS.yellow, ring: COLORS.partial },
];

/** The size of a figure drawn at the usual height (its marker and badge sit above it). */
const BASE_HEIGHT = 32;

/** The colour an enemy's shade multiplies its art by, once half its own colour is out. */
const ENEMY_SHADE = '#ff6f5c';
/** The letter token's colour of a figure in the enemy's shade. */
const ENEMY_TOKEN = '#7a2418';

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

/**
 * Fallback texture for a kind when the sprite atlas is missing: a token with a letter (in
 * the enemy's colour for a figure in the enemy's shade).
 */
export function fallbackTexture(scene: Phaser.Scene, art: UnitArt, enemy = false): string {
  const key = `fallback-unit-${art.sprite}${enemy ? ':enemy' : ''}`;
  if (scene.textures.exists(key)) return key;
  const canvas = scene.textures.createCanvas(key, 32, 32);
  if (!canvas) return '__DEFAULT';
  const ctx = canvas.getContext();
  ctx.fillStyle = enemy ? ENEMY_TOKEN : art.color;
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

const FRAME_SUFFIXES = ['-idle-0', '-idle-1', '-attack'] as const;

/**
 * The texture a figure's frames are taken from: the units atlas, or for art with a tint a
 * copy of its frames greyed and tinted, and for a figure in the enemy's shade
 * (side-shade.ts) a copy half greyed and multiplied by a warm red. Each copy is drawn once on a canvas, so
 * both renderers show it: Phaser's tint (setTint, its TintModes) is WebGL's alone, and
 * the hit flash's setTint / clearTint would undo it. The frames keep their atlas names.
 */
export function artTexture(scene: Phaser.Scene, art: UnitArt, enemy = false): string {
  if ((!art.tint && !enemy) || !frameExists(scene, 'units', `${art.sprite}-idle-0`)) return 'units';
  const key = `units:${art.sprite}:${art.tint ?? ''}${enemy ? ':enemy' : ''}`;
  if (scene.textures.exists(key)) return key;
  const atlas = scene.textures.get('units');
  const source = atlas.getSourceImage() as CanvasImageSource;
  const frames = FRAME_SUFFIXES.map((f) => `${art.sprite}${f}`).filter((f) => atlas.has(f));
  const cuts = frames.map((f) => atlas.get(f));
  const w = cuts.reduce((sum, c) => sum + c.cutWidth + 2, 0);
  const h = Math.max(...cuts.map((c) => c.cutHeight));
  const canvas = scene.textures.createCanvas(key, w, h);
  if (!canvas) return 'units';
  const ctx = canvas.getContext();
  const draw = (into: CanvasRenderingContext2D): void => {
    let x = 0;
    for (const c of cuts) {
      into.drawImage(
        source,
        c.cutX,
        c.cutY,
        c.cutWidth,
        c.cutHeight,
        x,
        0,
        c.cutWidth,
        c.cutHeight,
      );
      x += c.cutWidth + 2;
    }
  };
  draw(ctx);
  // The frames' outline, to cut the tinted colour back to (one mask: a destination-in
  // draw clears everything outside what it draws).
  const mask = document.createElement('canvas');
  mask.width = w;
  mask.height = h;
  draw(mask.getContext('2d')!);
  // Grey, then tinted; then the enemy's shade; the art's own outline (its alpha) is kept.
  if (art.tint) {
    ctx.globalCompositeOperation = 'saturation';
    ctx.fillStyle = '#808080';
    ctx.fillRect(0, 0, w, h);
    ctx.globalCompositeOperation = 'multiply';
    ctx.fillStyle = art.tint;
    ctx.fillRect(0, 0, w, h);
  }
  if (enemy) {
    // Half the colour out (a blue cloak would else turn purple), then the red in.
    ctx.globalCompositeOperation = 'saturation';
    ctx.globalAlpha = 0.5;
    ctx.fillStyle = '#808080';
    ctx.fillRect(0, 0, w, h);
    ctx.globalAlpha = 1;
    ctx.globalCompositeOperation = 'multiply';
    ctx.fillStyle = ENEMY_SHADE;
    ctx.fillRect(0, 0, w, h);
  }
  ctx.globalCompositeOperation = 'destination-in';
  ctx.drawImage(mask, 0, 0);
  ctx.globalCompositeOperation = 'source-over';
  let x = 0;
  cuts.forEach((c, i) => {
    canvas.add(frames[i], 0, x, 0, c.cutWidth, c.cutHeight);
    x += c.cutWidth + 2;
  });
  canvas.refresh();
  canvas.setFilter(Phaser.Textures.FilterMode.NEAREST);
  return key;
}

export function ensureUnitAnimations(
  scene: Phaser.Scene,
  sprite: string,
  texture = 'units',
): string | null {
  const key = texture === 'units' ? `${sprite}-idle` : `${texture}-idle`;
  if (scene.anims.exists(key)) return key;
  if (!frameExists(scene, texture, `${sprite}-idle-0`)) return null;
  const frames = [`${sprite}-idle-0`, `${sprite}-idle-1`].filter((f) =>
    frameExists(scene, texture, f),
  );
  scene.anims.create({
    key,
    frames: frames.map((frame) => ({ key: texture, frame })),
    frameRate: 2.2,
    repeat: -1,
  });
  return key;
}

/** The dark disc a marker's icon sits on over a figure (its status, a carried object). */
function markerDisc(
  scene: Phaser.Scene,
  radius: number,
  ring: number,
): Phaser.GameObjects.Graphics {
  const back = scene.add.graphics();
  back.fillStyle(0x000000, 0.7);
  back.fillCircle(0, 0, radius);
  back.lineStyle(1, ring, 0.9);
  back.strokeCircle(0, 0, radius);
  return back;
}

/** How far the view cone of a patrolling monster reaches from its centre (world pixels). */
const CONE_REACH = 22;
/** The cone's half-width: the front of the monster's 180-degree view, leaning forward. */
const CONE_HALF = (55 * Math.PI) / 180;
/** Ground squash: the base ring is an ellipse this much flatter than a circle. */
const GROUND = 0.55;

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
  /** The facing cone of a patrolling monster (where it looks), and the eye over a seen hero. */
  private cone: Phaser.GameObjects.Graphics;
  /** The cone's arrowhead, over the figure (a monster facing away still shows it). */
  private coneTip: Phaser.GameObjects.Graphics;
  private eye: Phaser.GameObjects.Graphics;
  private eyeMark: EyeMark = 'none';
  private patrolling = false;
  private glow: Phaser.GameObjects.Graphics;
  /** The texture of the figure's frames (the atlas, or its tinted copy). */
  private readonly texture: string;
  readonly sprite: Phaser.GameObjects.Sprite;
  private marker: Phaser.GameObjects.Container | null = null;
  private markerScale = 1;
  private markerStatus: string | null = null;
  private pips: Phaser.GameObjects.Graphics;
  private glowTween: Phaser.Tweens.Tween | null = null;
  private usesAtlas: boolean;
  private idleKey: string | null;
  private baseScale = 1;
  /**
   * Everything drawn, centred on the figure's base: for a large figure (`Unit.size` 2) the
   * middle of its 2x2 squares, while the container itself stays on its main (top-left)
   * square like every other figure's, so walks and the board place it the same way.
   */
  private readonly figure: Phaser.GameObjects.Container;
  /** Squares per side of the base, and the offset of its middle from the main square's. */
  private readonly baseSize: number;
  private readonly baseOffset: number;
  /** The sprite's resting y (its feet) within the body. */
  private readonly footY: number;
  facing: Facing = 4;
  wounds = 0;
  maxWounds = 1;

  /** `enemy`: the figure is drawn in the enemy's shade (side-shade.ts). */
  constructor(scene: Phaser.Scene, unit: Unit, art: UnitArt, enemy = false) {
    super(scene, 0, 0);
    this.unitId = unit.id;
    this.frames = art.sprite;
    this.lift = art.height - BASE_HEIGHT;
    this.side = unit.side;
    this.archFoe = unit.ai?.archFoe === true;
    this.maxWounds = unit.maxWounds;
    this.baseSize = sizeOf(unit);
    this.baseOffset = ((this.baseSize - 1) * TILE) / 2;
    this.footY = 12 * this.baseSize;

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

    this.cone = scene.add.graphics().setVisible(false);
    this.coneTip = scene.add.graphics().setVisible(false);
    this.eye = scene.add.graphics().setVisible(false);

    this.usesAtlas = frameExists(scene, 'units', `${art.sprite}-idle-0`);
    this.texture = this.usesAtlas ? artTexture(scene, art, enemy) : 'units';
    this.idleKey = this.usesAtlas ? ensureUnitAnimations(scene, art.sprite, this.texture) : null;
    this.sprite = this.usesAtlas
      ? scene.add.sprite(0, this.footY, this.texture, `${art.sprite}-idle-0`)
      : scene.add.sprite(0, this.footY, fallbackTexture(scene, art, enemy));
    this.sprite.setOrigin(0.5, 1).setName('figure-sprite');
    const biggest = Math.max(this.sprite.width, this.sprite.height);
    this.baseScale = biggest > 0 ? art.height / biggest : 1;
    this.sprite.setScale(this.baseScale);
    // Under reduced motion the figures stand still (their first idle frame).
    if (this.idleKey && !isReducedMotion()) {
      this.sprite.play({
        key: this.idleKey,
        startFrame: cosmetic.int(0, 1),
        delay: cosmetic.int(0, 400),
      });
    }

    this.pips = scene.add.graphics();

    // A large figure's ground marks (glow, shadow, ring, facing wedge, view cone) span
    // its whole base.
    const k = this.baseSize;
    for (const g of [this.glow, this.cone, this.shadow, this.ring, this.coneTip]) g.setScale(k);
    this.wedge.setScale(k, 0.62 * k);
    this.wedge.y = 6 * k;
    this.figure = scene.add.container(this.baseOffset, this.baseOffset, [
      this.glow,
      this.cone,
      this.shadow,
      this.ring,
      this.wedge,
      this.sprite,
      this.coneTip,
      this.pips,
      this.eye,
    ]);
    this.add(this.figure);
    // A building (a scenario's structure) has no facing to show.
    if (unit.structure) this.wedge.setVisible(false);
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
    this.drawCone();
  }

  /**
   * The facing cone on the ground in front of a patrolling monster: a translucent amber
   * sector with an arrowhead, so where it looks reads at a glance (it notices heroes in
   * front and beside it).
   */
  private drawCone(): void {
    const g = this.cone;
    g.clear();
    g.setVisible(this.patrolling);
    this.coneTip.clear().setVisible(this.patrolling);
    if (!this.patrolling) return;
    const a = facingRotation(this.facing);
    const at = (angle: number, r: number) =>
      new Phaser.Math.Vector2(Math.sin(angle) * r, 9 - Math.cos(angle) * r * GROUND);
    const points = [new Phaser.Math.Vector2(0, 9)];
    for (let i = 0; i <= 10; i++)
      points.push(at(a - CONE_HALF + (2 * CONE_HALF * i) / 10, CONE_REACH));
    g.fillStyle(COLORS.vision, 0.3);
    g.fillPoints(points, true);
    g.lineStyle(1.5, COLORS.vision, 0.85);
    g.strokePoints(points.slice(1), false);
    const tip = at(a, CONE_REACH + 6);
    const left = at(a - 0.32, CONE_REACH - 1);
    const right = at(a + 0.32, CONE_REACH - 1);
    const t = this.coneTip;
    t.fillStyle(COLORS.vision, 1);
    t.lineStyle(1.2, 0x000000, 0.9);
    t.fillTriangle(tip.x, tip.y, left.x, left.y, right.x, right.y);
    t.strokeTriangle(tip.x, tip.y, left.x, left.y, right.x, right.y);
  }

  /**
   * The eye over a hero in a monster's view (drawn about its own centre): wide open with a
   * red iris and a red ring when an aware monster has noticed it; pale and half shut, its
   * ring faint, when only unaware monsters see it (they take no notice until the heroes
   * first move), so the two never read alike.
   */
  private drawEye(mark: Exclude<EyeMark, 'none'>): void {
    const g = this.eye;
    g.clear();
    g.setPosition(-11, -22 - this.lift);
    const noticed = mark === 'noticed';
    const open = noticed ? 3.2 : 1.4;
    g.fillStyle(0x000000, noticed ? 0.75 : 0.55);
    g.fillCircle(0, 0, 7.5);
    g.fillStyle(noticed ? 0xfff3d6 : 0xb9b4a8, 1);
    g.beginPath();
    g.moveTo(-6, 0);
    g.lineTo(-2, -open);
    g.lineTo(2, -open);
    g.lineTo(6, 0);
    g.lineTo(2, open);
    g.lineTo(-2, open);
    g.closePath();
    g.fillPath();
    if (noticed) {
      g.fillStyle(0xc0392b, 1);
      g.fillCircle(0, 0, 2.4);
      g.fillStyle(0x000000, 1);
      g.fillCircle(0, 0, 1.1);
      g.lineStyle(1.5, 0xc0392b, 1);
    } else {
      // The lid: a line over the half-shut eye.
      g.lineStyle(1, 0x000000, 0.9);
      g.lineBetween(-6, -0.2, 6, -0.2);
      g.lineStyle(1, COLORS.vision, 0.6);
    }
    g.strokeCircle(0, 0, 7.5);
  }

  /** The eye marker: none, seen but not yet noticed, or noticed (view/battle-view.ts eyeMarkOf). */
  setEye(mark: EyeMark): void {
    if (mark !== this.eyeMark && mark !== 'none') this.drawEye(mark);
    this.eyeMark = mark;
    this.eye.setVisible(mark !== 'none');
  }

  /** Whether a monster can see this hero now (either eye). */
  get spotted(): boolean {
    return this.eye.visible;
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
    const y = 15 * this.baseSize;
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
    this.patrolling = status === 'patrolling';
    this.drawCone();
    this.marker?.destroy();
    this.marker = null;
    const mark = STATUS_MARKERS.find((m) => status.startsWith(m.icon));
    if (!mark) return;
    const scene = this.scene;
    // The icon on a dark disc, so it reads over any floor; one container to scale.
    const back = markerDisc(scene, 8.5, mark.ring);
    let icon: Phaser.GameObjects.Image | Phaser.GameObjects.Text;
    if (frameExists(scene, 'icons', mark.icon)) {
      icon = scene.add.image(0, 0, 'icons', mark.icon);
      icon.setScale(14 / Math.max(icon.width, icon.height));
    } else {
      icon = scene.add
        .text(
          0,
          0,
          mark.text,
          textStyle(12, mark.color, {
            fontStyle: 'bold',
            stroke: '#000',
            strokeThickness: 3,
            resolution: boardTextResolution(),
          }),
        )
        .setOrigin(0.5);
    }
    this.marker = scene.add.container(12, -22 - this.lift, [back, icon]);
    this.marker.setScale(this.markerScale);
    this.figure.add(this.marker);
  }

  /**
   * The size of the markers over the figure (status, eye): full size when the board is
   * shown small (a big map), smaller when it is zoomed in, so they read at every zoom.
   */
  setMarkerScale(scale: number): void {
    this.markerScale = scale;
    this.marker?.setScale(scale);
    this.eye.setScale(scale);
    this.relic?.setScale(scale);
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
    // Under reduced motion the acting figure's glow stays lit instead of pulsing.
    if (on && !isReducedMotion()) {
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
    return -30 - this.lift + this.baseOffset;
  }

  showAttackFrame(on: boolean): void {
    if (!this.usesAtlas) return;
    if (on && frameExists(this.scene, this.texture, `${this.frames}-attack`)) {
      this.sprite.stop();
      this.sprite.setFrame(`${this.frames}-attack`);
    } else if (!on && this.idleKey) {
      if (isReducedMotion()) this.sprite.setFrame(`${this.frames}-idle-0`);
      else this.sprite.play({ key: this.idleKey, startFrame: 0 });
    }
  }

  private relic: Phaser.GameObjects.Container | null = null;

  /**
   * A small badge while the figure carries the scenario's object (Unit.carrying): the
   * object's crown on a dark disc at its left side (the eye over a seen hero is above it),
   * sized with the other markers.
   */
  setCarrying(on: boolean): void {
    if (on === (this.relic !== null)) return;
    if (!on) {
      this.relic?.destroy();
      this.relic = null;
      return;
    }
    const scene = this.scene;
    const back = markerDisc(scene, 7.5, COLORS.gold);
    const icon = frameExists(scene, 'icons', 'crown')
      ? scene.add.image(0, 0, 'icons', 'crown')
      : scene.add.star(0, 0, 5, 2.5, 6, COLORS.gold, 1);
    if (icon instanceof Phaser.GameObjects.Image)
      icon.setScale(11 / Math.max(icon.width, icon.height));
    this.relic = scene.add.container(-14, -2, [back, icon]).setName('carried-object');
    this.relic.setScale(this.markerScale);
    this.figure.add(this.relic);
  }

  /** Back to the resting pose after an animation was cut short. */
  resetPose(): void {
    this.sprite.setY(this.footY).setAlpha(1).clearTint();
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
