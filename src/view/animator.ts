/**
 * Plays engine events on the board, in order, at the chosen speed: walking along paths,
 * turning, lunges, projectiles, hit flashes, floating numbers, deaths, banners. It only
 * moves pictures; when it is done (or skipped) the scene re-syncs every figure from the
 * engine state, so a skipped or instant animation ends in exactly the same picture.
 */
import Phaser from 'phaser';
import type { EnemyStatus, EventPicture, GameEvent, GameState, Point } from '../engine';
import { facingToward, outcomeTitle } from '../engine';
import { sounds, soundsForEvent } from '../audio/sound-bank';
import { BoardFx, type DieRoll } from './board-fx';
import type { BoardView } from './board-view';
import { planEvents, startsBlow, type MonsterTurn } from './event-plan';
import { pictureOf, toneColour } from './event-show';
import { veiled, type FogScript } from './fog-events';
import { Lane } from './lane';
import { cosmetic } from './rng';
import { boardTextResolution, CSS, fadeMs, isReducedMotion, textStyle } from './theme';
import { addTweenOnTime } from './tween-start';
import { frameExists, TILE, type UnitView } from './unit-view';

/** The banners the battle shows: a round, a side's phase, a turn, and the game's ending. */
export type BannerKind = 'round' | 'phase' | 'turn' | 'victory' | 'defeat' | 'draw';

export interface AnimatorHost {
  board: BoardView;
  units: Map<string, UnitView>;
  /** Dice, popups, flashes and remains on the board. */
  fx: BoardFx;
  /** Puts an event's words in the dice log, at its place in `order` among the lines. */
  log(event: GameEvent, order: number): void;
  /** Shows a banner; resolves when it may be followed by the next event. */
  banner(text: string, kind: BannerKind, hold: number): void;
  /** HUD reaction to an event (cards, turn marker). */
  onEvent(event: GameEvent): void;
}

type TweenProps = Record<string, number>;

/** The beat the quiet monsters' dice and turns are shown for (ms at Normal speed). */
const QUIET_BEAT = 420;

/** How long after one monster starts its turn the next one starts (ms at Normal speed). */
const STAGGER = 80;

/** Rolls the animation waits for (a blow, a prayer): the rest land while things move on. */
const DIE_WAITS = new Set(['attack', 'heal']);

const EFFECT_FRAMES: Record<string, string[]> = {
  fireball: ['fireball'],
  spear: ['spear'],
  dagger: ['dagger'],
  fire: ['fire-breath', 'fire-breath-1'],
  heal: ['heal-sparkle', 'heal'],
  hit: ['hit-slash', 'hit-flash', 'hit'],
  blast: ['hit-flash', 'hit-slash', 'hit'],
};

/** A roll event's die. */
function dieOf(event: Extract<GameEvent, { type: 'roll' }>): DieRoll {
  return { sides: event.die, value: event.value, need: event.need, success: event.success };
}

export class Animator {
  private readonly scene: Phaser.Scene;
  private readonly host: AnimatorHost;
  factor = 1;
  private skipping = false;
  private tweens = new Map<Phaser.Tweens.Tween, () => void>();
  private aborted = false;
  private timers = new Set<{ timer: Phaser.Time.TimerEvent; resolve: () => void }>();
  busy = false;
  /** Fog of war for the events being played (null: everything is seen). */
  private fog: FogScript | null = null;

  constructor(scene: Phaser.Scene, host: AnimatorHost) {
    this.scene = scene;
    this.host = host;
  }

  get instant(): boolean {
    return this.factor <= 0 || this.skipping;
  }

  /** Resolves when the current animation is skipped (waits on the board's own effects end). */
  private skipped: Promise<void> = new Promise(() => {});
  private onSkip: () => void = () => {};

  /** Finishes the current animation at once. */
  skip(): void {
    if (!this.busy) return;
    this.skipping = true;
    this.onSkip();
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

  /**
   * The clock the lanes are planned on, and the timers and tweens count from: the time of
   * the last frame (a timer set now counts the whole of the next frame's step).
   */
  private now(): number {
    return this.scene.game.loop.now;
  }

  /**
   * Resolves after the first frame that begins after this moment (or on a skip): the
   * frame that takes up a long task before an animation (the engine playing the monsters'
   * phase, the battle's board being built), so that the task delays the animation's start
   * instead of eating into its time.
   */
  private afterNextFrame(): Promise<void> {
    const asked = performance.now();
    const events = this.scene.events;
    const frame = new Promise<void>((resolve) => {
      const check = (): void => {
        if (this.now() < asked) return;
        events.off(Phaser.Scenes.Events.POST_UPDATE, check);
        resolve();
      };
      events.on(Phaser.Scenes.Events.POST_UPDATE, check);
      void this.skipped.then(() => events.off(Phaser.Scenes.Events.POST_UPDATE, check));
    });
    return Promise.race([frame, this.skipped]);
  }

  /** Waits `ms` (at Normal speed) on `lane`: less when the lane runs late (see lane.ts). */
  wait(ms: number, lane: Lane): Promise<void> {
    if (this.instant || ms <= 0) return Promise.resolve();
    const { endIn } = lane.step(ms * this.factor, this.now());
    if (endIn <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const entry = {
        timer: this.scene.time.delayedCall(endIn, () => {
          this.timers.delete(entry);
          resolve();
        }),
        resolve,
      };
      this.timers.add(entry);
    });
  }

  /**
   * Tweens `targets` to `props` over `duration` ms (at Normal speed) on `lane`: a lane
   * running late starts it that far into its run (see lane.ts). `extra.delay` (ms, already
   * at the speed) and `extra.yoyo` count in its time on the lane.
   */
  tween(
    targets: object,
    props: TweenProps,
    duration: number,
    lane: Lane,
    extra: Partial<Phaser.Types.Tweens.TweenBuilderConfig> = {},
  ): Promise<void> {
    if (this.instant) {
      if (!extra.yoyo) Object.assign(targets, props);
      return Promise.resolve();
    }
    const ms = duration * this.factor;
    const delay = typeof extra.delay === 'number' ? extra.delay : 0;
    const { startIn } = lane.step(delay + ms * (extra.yoyo ? 2 : 1), this.now());
    // A late start eats into the delay first, then into the run.
    const late = Math.max(0, -startIn);
    return new Promise((resolve) => {
      // A tween that is all in the past ends inside addTweenOnTime, before it is kept.
      let over = false;
      let tween: Phaser.Tweens.Tween | null = null;
      const done = (): void => {
        over = true;
        if (tween) this.tweens.delete(tween);
        resolve();
      };
      tween = addTweenOnTime(
        this.scene,
        {
          targets,
          ...props,
          duration: ms,
          ease: 'Sine.easeInOut',
          ...extra,
          delay: Math.max(0, delay - late),
          onComplete: done,
          onStop: done,
        },
        Math.max(0, late - delay),
      );
      if (!over) this.tweens.set(tween, resolve);
    });
  }

  /** Plays the events of one command (see view/event-plan.ts for the order). */
  /** Whether the heroes see event `index` happen (fog of war; always without it). */
  private seen(index: number): boolean {
    return this.fog?.seen[index] ?? true;
  }

  /**
   * Plays `events`; under fog of war (`fog`, see fog-events.ts) a monster is drawn only
   * where the heroes see it, and nothing of what they do not see is shown or heard.
   */
  async play(
    events: GameEvent[],
    stateAfter: GameState,
    fog: FogScript | null = null,
  ): Promise<void> {
    this.busy = true;
    this.skipping = false;
    this.batch += 1;
    this.fog = fog;
    this.skipped = new Promise((resolve) => (this.onSkip = resolve));
    try {
      if (!this.instant) await this.afterNextFrame();
      // One lane for the command's events; the monsters' turns fork from it side by side.
      const lane = new Lane(this.now());
      for (const step of planEvents(events, stateAfter, fog?.seen ?? null)) {
        if (this.aborted) break;
        try {
          if (step.kind === 'monsters')
            await this.playMonsters(events, step.turns, stateAfter, lane);
          else if (step.kind === 'round-and-monsters') {
            const round = events[step.index];
            this.announce(round, step.index, stateAfter);
            this.announce(events[step.index + 1], step.index + 1, stateAfter);
            if (round.type === 'round-started')
              await this.showBanner(
                `Round ${round.round} \u00b7 the monsters act`,
                'round',
                560,
                lane,
                380,
              );
          } else {
            this.announce(events[step.index], step.index, stateAfter);
            await this.playOne(events[step.index], stateAfter, step.index, lane);
          }
        } catch {
          // A broken animation must never stall the game: the final sync fixes the picture.
        }
      }
    } finally {
      this.busy = false;
      this.skipping = false;
    }
  }

  /** The command being played: log lines keep the events' order (batch, then index). */
  private batch = 0;

  /** The log line, the HUD's reaction and the sounds of an event as it is shown. */
  private announce(event: GameEvent, index: number, stateAfter: GameState): void {
    this.host.log(veiled(event, this.fog, index), this.batch * 1_000_000 + index);
    if (!this.seen(index)) return;
    this.host.onEvent(event);
    if (!this.instant) for (const s of soundsForEvent(event, stateAfter)) this.soundFor(event, s);
  }

  /**
   * The monsters' turns side by side: each starts a beat after the one before (the quiet
   * ones together), and each one's blows wait for the blows of those before it, so the
   * strikes come one at a time in the engine's order while the others walk.
   */
  private async playMonsters(
    events: GameEvent[],
    turns: readonly MonsterTurn[],
    state: GameState,
    lane: Lane,
  ): Promise<void> {
    // Each one's blows wait for the last blow before to land: when it was due to, on its lane.
    let blows: Promise<number> = Promise.resolve(-Infinity);
    const running: Promise<void>[] = [];
    const lanes: Lane[] = [];
    for (const [n, turn] of turns.entries()) {
      if (this.aborted) break;
      if (n > 0 && !turn.quiet && !turn.unseen) await this.wait(STAGGER, lane);
      const own = lane.fork();
      lanes.push(own);
      const before = blows;
      let struck: (due: number) => void = () => {};
      if (turn.strikes) {
        const mine = new Promise<number>((resolve) => (struck = resolve));
        blows = before.then(() => mine);
      }
      // The next one's blow may begin once this one's last blow has landed.
      const blowsLeft = events
        .slice(turn.from, turn.to + 1)
        .filter((e) => e.type === 'attacked').length;
      if (turn.strikes && blowsLeft > 0)
        this.landing.set(turn.unit, { left: blowsLeft, done: struck });
      running.push(
        this.playMonsterTurn(events, turn, state, turn.strikes ? before : null, own).finally(() =>
          struck(own.due),
        ),
      );
    }
    await Promise.all(running);
    lane.join(lanes);
  }

  private async playMonsterTurn(
    events: GameEvent[],
    turn: MonsterTurn,
    state: GameState,
    blowsBefore: Promise<number> | null,
    lane: Lane,
  ): Promise<void> {
    let waited = false;
    for (let k = turn.from; k <= turn.to && !this.aborted; k++) {
      const e = events[k];
      if (blowsBefore && !waited && startsBlow(e)) {
        waited = true;
        lane.catchUp(await blowsBefore);
        // The camera follows the one who strikes on a map larger than the screen.
        const v = this.view(turn.unit);
        if (v) this.host.board.ensureVisible(this.squareOf(v), this.instant ? 0 : 160);
      }
      if (e.type === 'status-changed') {
        // An alarm spreading: every marker at once, one beat.
        let last = k;
        while (events[last + 1]?.type === 'status-changed' && last + 1 <= turn.to) last++;
        for (let m = k; m <= last; m++) {
          const sc = events[m];
          this.announce(sc, m, state);
          const v = sc.type === 'status-changed' ? this.view(sc.unit) : undefined;
          if (v && sc.type === 'status-changed' && this.seen(m)) this.showStatus(v, sc.to);
          else if (v && sc.type === 'status-changed') v.setStatus(sc.to);
        }
        await this.wait(last > k ? 320 : 200, lane);
        k = last;
        continue;
      }
      this.announce(e, k, state);
      if (e.type === 'turn-started') {
        const v = this.view(e.unit);
        if (v && !turn.quiet && this.seen(k))
          this.host.board.ensureVisible(this.squareOf(v), this.instant ? 0 : 160);
        continue;
      }
      await this.playOne(e, state, k, lane);
    }
    if (turn.quiet && !turn.unseen) await this.wait(QUIET_BEAT, lane);
  }

  private soundFor(event: GameEvent, name: ReturnType<typeof soundsForEvent>[number]): void {
    // Hit/miss sounds wait for the projectile; the rest play at once.
    if (event.type === 'attacked' && (name === 'melee-hit' || name === 'miss')) return;
    sounds.play(name);
  }

  private view(id: string | null): UnitView | undefined {
    return id ? this.host.units.get(id) : undefined;
  }

  private async playOne(
    event: GameEvent,
    state: GameState,
    index: number,
    lane: Lane,
  ): Promise<void> {
    if (!this.seen(index)) return this.playUnseen(event, state, index, lane);
    switch (event.type) {
      case 'round-started':
        return this.showBanner(`Round ${event.round}`, 'round', 480, lane);
      case 'phase-started':
        return this.showBanner(
          event.side === 'enemies' ? 'The monsters act' : 'The heroes act',
          'phase',
          event.side === 'enemies' ? 380 : 240,
          lane,
        );
      case 'turn-started': {
        // The camera follows whoever acts on a map larger than the screen.
        const v = this.view(event.unit);
        if (v) this.host.board.ensureVisible(this.squareOf(v), this.instant ? 0 : 200);
        return this.wait(v?.side === 'heroes' ? 80 : 0, lane);
      }
      case 'placed': {
        const v = this.view(event.unit);
        if (!v) return;
        const c = this.host.board.squareCenter(event.at);
        await this.tween(v, { alpha: 0 }, 200, lane);
        v.setPosition(c.x, c.y);
        // It fades in where it stands while what follows (the round's banner) goes on.
        void this.tween(v, { alpha: 1 }, 350, lane.fork());
        return;
      }
      case 'moved':
        return this.walk(event.unit, event.from, event.path, lane, this.fog?.steps.get(index));
      case 'faced': {
        const v = this.view(event.unit);
        if (!v) return;
        v.setFacing(event.to);
        return this.wait(event.reason === 'walking' ? 0 : 60, lane);
      }
      case 'status-changed': {
        const v = this.view(event.unit);
        if (!v) return;
        this.showStatus(v, event.to);
        return this.wait(event.to === 'alerted' ? 200 : 100, lane);
      }
      case 'roll': {
        // The die lands beside whoever rolled, with the number it needed. A blow or a
        // prayer waits for it; a monster's patrol roll lands while it sets off.
        const v = this.view(event.unit);
        if (!v || this.instant) return;
        const blow = event.purpose === 'attack';
        const factor = this.factor * (DIE_WAITS.has(event.purpose) ? 0.5 : 1);
        const landed = this.host.fx.die(v, dieOf(event), factor);
        const due = lane.due + BoardFx.DIE_FLIGHT_MS * factor;
        // A blow's die lands as the attacker winds up (see attack()).
        if (blow) this.dice.set(v.unitId, { landed, due });
        if (DIE_WAITS.has(event.purpose) && !blow) {
          await landed;
          lane.catchUp(due);
          return;
        }
        return this.wait(blow ? 0 : 60, lane);
      }
      case 'attacked':
        return this.attack(event, lane);
      case 'wounded': {
        const v = this.view(event.unit);
        if (!v) return;
        v.setWounds(event.wounds, event.maxWounds);
        if (!this.instant) this.host.fx.popup(v, 'WOUND', '#ff6a55', this.factor, 12, 12);
        return this.wait(70, lane);
      }
      case 'defeated':
        return this.fall(event.unit, state, lane);
      case 'move-undone': {
        const v = this.view(event.unit);
        if (!v) return;
        const c = this.host.board.squareCenter(event.to);
        v.setFacing(event.facing);
        return this.tween(v, { x: c.x, y: c.y }, 220, lane);
      }
      case 'door-opened': {
        this.host.board.showDoorOpened(event.at);
        return this.wait(300, lane);
      }
      case 'objective': {
        const v = this.view(event.unit);
        if (v) this.floatText(v, event.what.replace('-', ' '), CSS.gold, 10, 900);
        return this.wait(400, lane);
      }
      case 'game-over': {
        const title = outcomeTitle(event.winner);
        return this.showBanner(
          title === 'Victory' ? 'Victory!' : title,
          title === 'Victory' ? 'victory' : title === 'Defeat' ? 'defeat' : 'draw',
          1500,
          lane,
        );
      }
      default:
        return this.playPicture(pictureOf(state, event), lane);
    }
  }

  /**
   * A module's own event, drawn as its module declares (event-show.ts): a figure turning
   * to another, an effect and a word over a figure, the time it holds the screen. Its
   * wounds are shown by the battle as the event is announced (host.onEvent).
   */
  private playPicture(picture: EventPicture | null, lane: Lane): Promise<void> | undefined {
    if (!picture) return;
    const facer = picture.face && this.view(picture.face.unit);
    if (facer && picture.face) {
      const toward = this.view(picture.face.toward);
      const to = toward ? this.squareOf(toward) : this.squareOf(facer);
      facer.setFacing(facingToward(this.squareOf(facer), to, facer.facing));
    }
    const burst = picture.effect && this.view(picture.effect.unit);
    if (burst && picture.effect) this.effectAt(burst.x, burst.y - 10, picture.effect.kind, 1);
    const word = picture.word;
    const over = word && this.view(word.unit);
    if (over && word) this.floatText(over, word.text, toneColour(word.tone), word.size);
    // Nothing of it on the board (its figures gone): no time held, as before for a heal.
    if (!burst && !over) return;
    return this.wait(picture.holdMs, lane);
  }

  /**
   * An event the heroes do not see (fog of war): the figure keeps hidden and nothing is
   * drawn where it is; a blow from the dark still lands on the hero it strikes.
   */
  private async playUnseen(
    event: GameEvent,
    state: GameState,
    index: number,
    lane: Lane,
  ): Promise<void> {
    const v = 'unit' in event && typeof event.unit === 'string' ? this.view(event.unit) : undefined;
    switch (event.type) {
      case 'moved':
        return this.walk(event.unit, event.from, event.path, lane, this.fog?.steps.get(index));
      case 'faced':
        v?.setFacing(event.to);
        return;
      case 'status-changed':
        v?.setStatus(event.to);
        return;
      case 'roll':
        return;
      case 'attacked': {
        const t = this.view(event.target);
        if (t && t.visible) this.impact(event.hit, t);
        this.dice.delete(event.unit);
        this.blowLanded(event.unit, lane.due);
        return this.wait(200, lane);
      }
      case 'defeated':
        v?.setVisible(false);
        return;
      default:
        return this.playOne(event, state, -1, lane);
    }
  }

  /** A status marker changing (an alerted monster's marker pops, with a "!"). */
  private showStatus(v: UnitView, to: EnemyStatus): void {
    v.setStatus(to);
    if (this.instant) return;
    v.popMarker();
    if (to === 'alerted') this.floatText(v, '!', CSS.red, 16);
  }

  /**
   * A figure falls: a flash, its body topples and stays with a stain on the floor. The Arch
   * Foe's fall, and the last hero's, get a moment of their own: the board shakes and a
   * banner holds before the battle's end is shown.
   */
  private async fall(unitId: string, state: GameState, lane: Lane): Promise<void> {
    const v = this.view(unitId);
    if (!v) return;
    v.setHighlight(false);
    const unit = state.units.find((u) => u.id === unitId);
    const lastHero =
      unit?.side === 'heroes' &&
      state.phase === 'over' &&
      state.units.every((u) => u.side !== 'heroes' || !u.position);
    const momentous = v.archFoe || lastHero;
    if (this.instant) {
      this.host.fx.leaveRemains(v, 0);
      v.setVisible(false);
      return;
    }
    this.host.fx.flash(v, this.factor);
    this.effectAt(v.x, v.y - 8, 'hit', momentous ? 1.6 : 0.9);
    if (momentous) {
      const cam = this.host.board.camera;
      // Reduced motion: no shake, and a soft short flash instead of a bright one.
      if (isReducedMotion()) cam.flash(fadeMs(260 * this.factor), 120, 110, 95);
      else {
        cam.shake(420 * this.factor, 0.012);
        cam.flash(260 * this.factor, 255, 236, 200);
      }
    }
    this.host.fx.leaveRemains(v, this.factor);
    v.setVisible(false);
    if (momentous && unit)
      await this.showBanner(
        v.archFoe ? `${unit.name} is slain!` : `${unit.name}, the last hero, falls`,
        v.archFoe ? 'victory' : 'defeat',
        1400,
        lane,
      );
    else await this.wait(220, lane);
  }

  /** A banner held `hold` ms; the animation goes on after `wait` ms (by default, the hold). */
  private showBanner(
    text: string,
    kind: BannerKind,
    hold: number,
    lane: Lane,
    wait = hold,
  ): Promise<void> {
    if (this.instant) return Promise.resolve();
    this.host.banner(text, kind, hold * this.factor);
    return this.wait(wait, lane);
  }

  private squareOf(v: UnitView): Point {
    return { x: Math.floor(v.x / TILE), y: Math.floor(v.y / TILE) };
  }

  /**
   * A figure walks its path. `shown` (fog of war): whether it is seen on each square of
   * it; it is drawn, heard and followed by the camera only there.
   */
  private async walk(
    unitId: string,
    from: Point,
    path: Point[],
    lane: Lane,
    shown?: readonly boolean[],
  ): Promise<void> {
    const v = this.view(unitId);
    if (!v) return;
    const board = this.host.board;
    const start = board.squareCenter(from);
    if (this.instant) {
      const end = board.squareCenter(path[path.length - 1] ?? from);
      v.setPosition(end.x, end.y);
      if (shown) v.setVisible(shown[shown.length - 1] ?? false);
      return;
    }
    v.setPosition(start.x, start.y);
    if (shown) v.setVisible(shown[0] ?? false);
    let prev = from;
    for (const [k, step] of path.entries()) {
      v.setFacing(facingToward(prev, step, v.facing));
      const c = board.squareCenter(step);
      const step_ms = v.side === 'heroes' ? 150 : 120;
      // Under fog (shown[0] is its first square): a step is drawn only from a seen square
      // to a seen square; it appears or vanishes on the square where sight begins or ends.
      if (shown && !(shown[k] && shown[k + 1])) {
        v.setPosition(c.x, c.y);
        v.setVisible(shown[k + 1] ?? false);
        prev = step;
        continue;
      }
      if (shown) v.setVisible(true);
      sounds.play('step', { volume: 0.7, rate: 0.9 + cosmetic.next() * 0.2 });
      board.ensureVisible(step, 120);
      const hop = lane.fork();
      await Promise.all([
        this.tween(v, { x: c.x, y: c.y }, step_ms, lane, { ease: 'Linear' }),
        this.tween(v.sprite, { y: v.sprite.y - 3 }, step_ms / 2, hop, {
          yoyo: true,
          ease: 'Quad.easeOut',
        }),
      ]);
      lane.join([hop]);
      prev = step;
      if (this.instant) break;
    }
    const end = board.squareCenter(path[path.length - 1] ?? from);
    v.setPosition(end.x, end.y);
    if (shown) v.setVisible(shown[shown.length - 1] ?? false);
  }

  private async attack(event: Extract<GameEvent, { type: 'attacked' }>, lane: Lane): Promise<void> {
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
    // The blow's die was thrown as the attacker wound up: the blow lands once it has.
    const thrown = this.dice.get(event.unit);
    this.dice.delete(event.unit);
    const landed =
      thrown && !this.instant ? Promise.race([thrown.landed, this.skipped]) : undefined;
    if (!ranged) {
      const dx = (t.x - a.x) * 0.35;
      const dy = (t.y - a.y) * 0.35;
      const ox = a.x;
      const oy = a.y;
      await Promise.all([
        this.tween(a, { x: ox + dx, y: oy + dy }, 100, lane, { ease: 'Quad.easeOut' }),
        landed,
      ]);
      // Its die may land after the lunge's time: the blow goes on from then.
      if (thrown) lane.catchUp(thrown.due);
      this.impact(event.hit, t);
      this.blowLanded(event.unit, lane.due);
      await this.tween(a, { x: ox, y: oy }, 110, lane, { ease: 'Quad.easeIn' });
    } else {
      await Promise.all([this.tween(a, { y: a.y - 3 }, 60, lane, { yoyo: true }), landed]);
      if (thrown) lane.catchUp(thrown.due);
      await this.projectile(event.effect, a, t, lane);
      this.impact(event.hit, t);
      this.blowLanded(event.unit, lane.due);
    }
    a.showAttackFrame(false);
    return this.wait(40, lane);
  }

  /** Monsters whose blows others wait for: how many blows are left, and what to call then. */
  private readonly landing = new Map<string, { left: number; done: (due: number) => void }>();

  /**
   * A blow of `unit` has landed (`due`: when it was due to, on its lane): the last one lets
   * the next monster's blow begin, planned from then.
   */
  private blowLanded(unit: string, due: number): void {
    const l = this.landing.get(unit);
    if (!l) return;
    l.left -= 1;
    if (l.left <= 0) {
      this.landing.delete(unit);
      l.done(due);
    }
  }

  /** Dice thrown for a blow that has not landed yet, by who threw them, and when they land. */
  private readonly dice = new Map<string, { landed: Promise<void>; due: number }>();

  private impact(hit: boolean, t: UnitView): void {
    if (this.instant) return;
    sounds.play(hit ? 'melee-hit' : 'miss');
    this.host.fx.popup(
      t,
      hit ? 'HIT' : 'MISS',
      hit ? '#ffd66b' : '#c9c0b4',
      this.factor,
      hit ? 14 : 12,
    );
    if (hit) {
      t.flash();
      this.host.fx.flash(t, this.factor);
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
    }
  }

  private effectFrame(kind: string): string | null {
    for (const name of EFFECT_FRAMES[kind] ?? [kind])
      if (frameExists(this.scene, 'effects', name)) return name;
    return null;
  }

  private async projectile(effect: string, a: UnitView, t: UnitView, lane: Lane): Promise<void> {
    if (this.instant) return;
    const fx = this.host.board.fxLayer;
    const sx = a.x;
    const sy = a.y - 10;
    const ex = t.x;
    const ey = t.y - 10;
    const angle = Math.atan2(ey - sy, ex - sx);
    const dist = Math.hypot(ex - sx, ey - sy);
    const duration = Math.min(280, 90 + dist * 1.6);
    if (effect === 'fire') {
      const frame = this.effectFrame('fire');
      const alt = frameExists(this.scene, 'effects', 'fire-breath-1') ? 'fire-breath-1' : frame;
      const puffs: Phaser.GameObjects.GameObject[] = [];
      const parts: Promise<void>[] = [];
      // The puffs fly side by side, each a little after the one before.
      const lanes: Lane[] = [];
      for (let i = 0; i < 7; i++) {
        const own = lane.fork();
        lanes.push(own);
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
            own,
            {
              delay: i * 22 * this.factor,
              ease: 'Quad.easeOut',
            },
          ),
        );
      }
      await Promise.all(parts);
      lane.join(lanes);
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
    await this.tween(obj, { x: ex, y: ey }, duration, lane, {
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
