/**
 * Plays engine events on the board, in order, at the chosen speed: walking along paths,
 * turning, lunges, projectiles, hit flashes, floating numbers, deaths, banners. It only
 * moves pictures; when it is done (or skipped) the scene re-syncs every figure from the
 * engine state, so a skipped or instant animation ends in exactly the same picture.
 */
import Phaser from 'phaser';
import type { GameEvent, GameState, Point } from '../engine';
import { facingToward } from '../engine';
import { sounds, soundsForEvent } from '../audio/sound-bank';
import type { BoardView } from './board-view';
import { cosmetic } from './rng';
import { boardTextResolution, CSS, textStyle } from './theme';
import { frameExists, TILE, type UnitView } from './unit-view';

export interface AnimatorHost {
  board: BoardView;
  units: Map<string, UnitView>;
  /** Appends an event's words to the dice log. */
  log(event: GameEvent): void;
  /** Shows a banner; resolves when it may be followed by the next event. */
  banner(text: string, kind: 'round' | 'phase' | 'turn' | 'victory' | 'defeat', hold: number): void;
  /** HUD reaction to an event (cards, turn marker). */
  onEvent(event: GameEvent): void;
}

type TweenProps = Record<string, number>;

const EFFECT_FRAMES: Record<string, string[]> = {
  fireball: ['fireball'],
  spear: ['spear'],
  dagger: ['dagger'],
  fire: ['fire-breath', 'fire-breath-1'],
  heal: ['heal-sparkle', 'heal'],
  hit: ['hit-slash', 'hit-flash', 'hit'],
  blast: ['hit-flash', 'hit-slash', 'hit'],
};

export class Animator {
  private readonly scene: Phaser.Scene;
  private readonly host: AnimatorHost;
  factor = 1;
  private skipping = false;
  private tweens = new Map<Phaser.Tweens.Tween, () => void>();
  private aborted = false;
  private timers = new Set<{ timer: Phaser.Time.TimerEvent; resolve: () => void }>();
  busy = false;

  constructor(scene: Phaser.Scene, host: AnimatorHost) {
    this.scene = scene;
    this.host = host;
  }

  get instant(): boolean {
    return this.factor <= 0 || this.skipping;
  }

  /** Finishes the current animation at once. */
  skip(): void {
    if (!this.busy) return;
    this.skipping = true;
    for (const [t, resolve] of [...this.tweens]) {
      this.tweens.delete(t);
      try {
        t.complete();
      } catch {
        // already gone with its scene
      }
      resolve();
    }
    for (const t of [...this.timers]) {
      t.timer.remove(false);
      this.timers.delete(t);
      t.resolve();
    }
  }

  /** Stops for good (the scene is closing): pending waits resolve, nothing more is drawn. */
  abort(): void {
    this.aborted = true;
    this.skip();
  }

  wait(ms: number): Promise<void> {
    if (this.instant || ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: this.scene.time.delayedCall(ms * this.factor, () => {
          this.timers.delete(entry);
          resolve();
        }),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  tween(
    targets: object,
    props: TweenProps,
    duration: number,
    extra: Partial<Phaser.Types.Tweens.TweenBuilderConfig> = {},
  ): Promise<void> {
    if (this.instant) {
      if (!extra.yoyo) Object.assign(targets, props);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        this.tweens.delete(tween);
        resolve();
      };
      const tween = this.scene.tweens.add({
        targets,
        ...props,
        duration: duration * this.factor,
        ease: 'Sine.easeInOut',
        ...extra,
        onComplete: done,
        onStop: done,
      });
      this.tweens.set(tween, resolve);
    });
  }

  /** Plays the events of one command. */
  async play(events: GameEvent[], stateAfter: GameState): Promise<void> {
    this.busy = true;
    this.skipping = false;
    try {
      for (const event of events) {
        if (this.aborted) break;
        this.host.log(event);
        this.host.onEvent(event);
        if (!this.instant)
          for (const s of soundsForEvent(event, stateAfter)) this.soundFor(event, s);
        try {
          await this.playOne(event, stateAfter);
        } catch {
          // A broken animation must never stall the game: the final sync fixes the picture.
        }
      }
    } finally {
      this.busy = false;
      this.skipping = false;
    }
  }

  private soundFor(event: GameEvent, name: ReturnType<typeof soundsForEvent>[number]): void {
    // Hit/miss sounds wait for the projectile; the rest play at once.
    if (event.type === 'attacked' && (name === 'melee-hit' || name === 'miss')) return;
    sounds.play(name);
  }

  private view(id: string | null): UnitView | undefined {
    return id ? this.host.units.get(id) : undefined;
  }

  private async playOne(event: GameEvent, state: GameState): Promise<void> {
    switch (event.type) {
      case 'round-started':
        return this.showBanner(`Round ${event.round}`, 'round', 650);
      case 'phase-started':
        return this.showBanner(
          event.side === 'enemies' ? 'The monsters act' : 'The heroes act',
          'phase',
          450,
        );
      case 'turn-started': {
        const v = this.view(event.unit);
        if (v) this.host.board.ensureVisible(this.squareOf(v), this.instant ? 0 : 250);
        return this.wait(120);
      }
      case 'placed': {
        const v = this.view(event.unit);
        if (!v) return;
        const c = this.host.board.squareCenter(event.at);
        await this.tween(v, { alpha: 0 }, 200);
        v.setPosition(c.x, c.y);
        await this.tween(v, { alpha: 1 }, 350);
        return;
      }
      case 'moved':
        return this.walk(event.unit, event.from, event.path);
      case 'faced': {
        const v = this.view(event.unit);
        if (!v) return;
        v.setFacing(event.to);
        return this.wait(event.reason === 'walking' ? 0 : 90);
      }
      case 'status-changed': {
        const v = this.view(event.unit);
        if (!v) return;
        v.setStatus(event.to);
        if (!this.instant) v.popMarker();
        if (event.to === 'alerted' && !this.instant) this.floatText(v, '!', CSS.red, 16);
        return this.wait(event.to === 'alerted' ? 260 : 160);
      }
      case 'roll': {
        const v = this.view(event.unit);
        if (!v || event.purpose === 'attack' || event.purpose === 'heal') return this.wait(60);
        const ok = event.success === null ? '' : event.success ? ' \u2713' : ' \u2717';
        this.floatText(v, `d${event.die}: ${event.value}${ok}`, CSS.gold, 9, 600);
        return this.wait(300);
      }
      case 'attacked':
        return this.attack(event, state);
      case 'wounded': {
        const v = this.view(event.unit);
        if (!v) return;
        v.setWounds(event.wounds, event.maxWounds);
        this.floatText(v, '-1', '#ff5a47', 14);
        return this.wait(250);
      }
      case 'defeated': {
        const v = this.view(event.unit);
        if (!v) return;
        v.setHighlight(false);
        this.effectAt(v.x, v.y - 8, 'hit', 0.9);
        await this.tween(v, { alpha: 0, scaleX: 0.6, scaleY: 0.6, y: v.y + 4 }, 480, {
          ease: 'Quad.easeIn',
        });
        v.setVisible(false);
        return;
      }
      case 'healed': {
        const target = this.view(event.target);
        const healer = this.view(event.unit);
        if (healer)
          healer.setFacing(
            facingToward(
              this.squareOf(healer),
              target ? this.squareOf(target) : this.squareOf(healer),
              healer.facing,
            ),
          );
        if (!target) return;
        if (event.success) {
          this.effectAt(target.x, target.y - 10, 'heal', 1);
          this.floatText(target, '+1', CSS.green, 14);
        } else {
          this.floatText(target, 'no effect', CSS.muted, 9);
        }
        return this.wait(550);
      }
      case 'move-undone': {
        const v = this.view(event.unit);
        if (!v) return;
        const c = this.host.board.squareCenter(event.to);
        v.setFacing(event.facing);
        return this.tween(v, { x: c.x, y: c.y }, 220);
      }
      case 'door-opened': {
        this.host.board.showDoorOpened(event.at);
        return this.wait(300);
      }
      case 'objective': {
        const v = this.view(event.unit);
        if (v) this.floatText(v, event.what.replace('-', ' '), CSS.gold, 10, 900);
        return this.wait(400);
      }
      case 'game-over':
        return this.showBanner(
          event.winner === 'heroes' ? 'Victory!' : 'Defeat',
          event.winner === 'heroes' ? 'victory' : 'defeat',
          1300,
        );
      default:
        return this.wait(0);
    }
  }

  private showBanner(
    text: string,
    kind: 'round' | 'phase' | 'turn' | 'victory' | 'defeat',
    hold: number,
  ): Promise<void> {
    if (this.instant) return Promise.resolve();
    this.host.banner(text, kind, hold * this.factor);
    return this.wait(hold);
  }

  private squareOf(v: UnitView): Point {
    return { x: Math.floor(v.x / TILE), y: Math.floor(v.y / TILE) };
  }

  private async walk(unitId: string, from: Point, path: Point[]): Promise<void> {
    const v = this.view(unitId);
    if (!v) return;
    const board = this.host.board;
    const start = board.squareCenter(from);
    if (this.instant) {
      const end = board.squareCenter(path[path.length - 1] ?? from);
      v.setPosition(end.x, end.y);
      return;
    }
    v.setPosition(start.x, start.y);
    let prev = from;
    for (const step of path) {
      v.setFacing(facingToward(prev, step, v.facing));
      const c = board.squareCenter(step);
      sounds.play('step', { volume: 0.7, rate: 0.9 + cosmetic.next() * 0.2 });
      await Promise.all([
        this.tween(v, { x: c.x, y: c.y }, 170, { ease: 'Linear' }),
        this.tween(v.sprite, { y: v.sprite.y - 3 }, 85, { yoyo: true, ease: 'Quad.easeOut' }),
      ]);
      prev = step;
      if (this.instant) break;
    }
    const end = board.squareCenter(path[path.length - 1] ?? from);
    v.setPosition(end.x, end.y);
  }

  private async attack(
    event: Extract<GameEvent, { type: 'attacked' }>,
    _state: GameState,
  ): Promise<void> {
    const a = this.view(event.unit);
    const t = this.view(event.target);
    if (!a || !t) return;
    a.setFacing(facingToward(this.squareOf(a), this.squareOf(t), a.facing));
    const ranged =
      event.effect === 'fireball' ||
      event.effect === 'spear' ||
      event.effect === 'dagger' ||
      event.effect === 'fire';
    a.showAttackFrame(true);
    if (!ranged) {
      const dx = (t.x - a.x) * 0.35;
      const dy = (t.y - a.y) * 0.35;
      const ox = a.x;
      const oy = a.y;
      await this.tween(a, { x: ox + dx, y: oy + dy }, 110, { ease: 'Quad.easeOut' });
      this.impact(event.hit, t);
      await this.tween(a, { x: ox, y: oy }, 150, { ease: 'Quad.easeIn' });
    } else {
      await this.tween(a, { y: a.y - 3 }, 80, { yoyo: true });
      await this.projectile(event.effect, a, t);
      this.impact(event.hit, t);
    }
    a.showAttackFrame(false);
    return this.wait(event.hit ? 180 : 260);
  }

  private impact(hit: boolean, t: UnitView): void {
    if (this.instant) return;
    sounds.play(hit ? 'melee-hit' : 'miss');
    if (hit) {
      t.flash();
      this.effectAt(t.x, t.y - 8, 'hit', 1);
      const ox = t.x;
      this.scene.tweens.add({
        targets: t,
        x: ox + 2.5,
        duration: 40,
        yoyo: true,
        repeat: 2,
        onComplete: () => (t.x = ox),
      });
      this.scene.tweens.add({
        targets: t.sprite,
        alpha: 0.35,
        duration: 70,
        yoyo: true,
        repeat: 1,
      });
    } else {
      this.floatText(t, 'miss', CSS.muted, 10);
    }
  }

  private effectFrame(kind: string): string | null {
    for (const name of EFFECT_FRAMES[kind] ?? [kind])
      if (frameExists(this.scene, 'effects', name)) return name;
    return null;
  }

  private async projectile(effect: string, a: UnitView, t: UnitView): Promise<void> {
    if (this.instant) return;
    const fx = this.host.board.fxLayer;
    const sx = a.x;
    const sy = a.y - 10;
    const ex = t.x;
    const ey = t.y - 10;
    const angle = Math.atan2(ey - sy, ex - sx);
    const dist = Math.hypot(ex - sx, ey - sy);
    const duration = Math.min(420, 120 + dist * 2.2);
    if (effect === 'fire') {
      const frame = this.effectFrame('fire');
      const alt = frameExists(this.scene, 'effects', 'fire-breath-1') ? 'fire-breath-1' : frame;
      const puffs: Phaser.GameObjects.GameObject[] = [];
      const parts: Promise<void>[] = [];
      for (let i = 0; i < 7; i++) {
        const obj = frame
          ? this.scene.add.image(sx, sy, 'effects', i % 2 && alt ? alt : frame).setScale(0.45)
          : this.scene.add.circle(sx, sy, 4, i % 2 ? 0xffa53a : 0xff5a1f, 0.9);
        obj.setRotation(angle);
        fx.add(obj);
        puffs.push(obj);
        parts.push(
          this.tween(
            obj,
            {
              x: ex + cosmetic.range(-5, 5),
              y: ey + cosmetic.range(-5, 5),
              scaleX: 0.9,
              scaleY: 0.9,
              alpha: 0.25,
            },
            duration,
            {
              delay: i * 35 * this.factor,
              ease: 'Quad.easeOut',
            },
          ),
        );
      }
      await Promise.all(parts);
      for (const p of puffs) p.destroy();
      return;
    }
    const frame = this.effectFrame(effect);
    let obj: Phaser.GameObjects.Image | Phaser.GameObjects.Shape;
    if (frame) {
      obj = this.scene.add.image(sx, sy, 'effects', frame);
      const size = Math.max(obj.width, obj.height);
      obj.setScale((effect === 'fireball' ? 14 : 16) / Math.max(1, size));
    } else if (effect === 'fireball') {
      obj = this.scene.add.circle(sx, sy, 4.5, 0xff7b1f, 1).setStrokeStyle(1.5, 0xffe08a);
    } else {
      obj = this.scene.add.rectangle(sx, sy, 12, 2, effect === 'spear' ? 0xc8a46a : 0xdddddd);
    }
    obj.setRotation(angle);
    fx.add(obj);
    await this.tween(obj, { x: ex, y: ey }, duration, {
      ease: effect === 'fireball' ? 'Sine.easeIn' : 'Linear',
    });
    if (effect === 'fireball') this.effectAt(ex, ey, 'blast', 1.3);
    obj.destroy();
  }

  /** A short-lived effect sprite (hit spark, heal sparkle) or a drawn stand-in. */
  effectAt(x: number, y: number, kind: string, scale: number): void {
    if (this.instant) return;
    const frame = this.effectFrame(kind);
    let obj: Phaser.GameObjects.Image | Phaser.GameObjects.Shape;
    if (frame) {
      obj = this.scene.add.image(x, y, 'effects', frame);
      obj.setScale((20 * scale) / Math.max(1, obj.width, obj.height));
    } else {
      obj = this.scene.add.star(x, y, 6, 3, 8 * scale, kind === 'heal' ? 0x8cff9a : 0xffe27a, 0.95);
    }
    this.host.board.fxLayer.add(obj);
    const s = obj.scale;
    obj.setScale(s * 0.5);
    this.scene.tweens.add({
      targets: obj,
      scale: s * 1.3,
      alpha: 0,
      y: y - (kind === 'heal' ? 8 : 0),
      duration: 420 * Math.max(0.4, this.factor),
      ease: 'Quad.easeOut',
      onComplete: () => obj.destroy(),
    });
  }

  floatText(v: UnitView, text: string, color: string, size: number, life = 700): void {
    if (this.instant) return;
    const t = this.scene.add
      .text(
        v.x,
        v.y - 20,
        text,
        textStyle(size, color, {
          fontStyle: 'bold',
          stroke: '#000000',
          strokeThickness: 3,
          resolution: boardTextResolution(),
        }),
      )
      .setOrigin(0.5, 1);
    this.host.board.fxLayer.add(t);
    this.scene.tweens.add({
      targets: t,
      y: t.y - 14,
      alpha: { from: 1, to: 0 },
      duration: life * Math.max(0.5, this.factor),
      ease: 'Quad.easeIn',
      onComplete: () => t.destroy(),
    });
  }
}
