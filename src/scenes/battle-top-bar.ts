/**
 * The Battle scene's top-bar settings: the animation speed, the sound, and the Settings
 * screen opened over the battle. They change the app's settings, which the battle reads
 * back; the rest of the top bar (help, threats, intent, auto, Oracle) is the battle's own.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { ANIMATION_SPEEDS, speedFactor, type AnimationSpeed } from '../app/settings';
import type { BattleHud } from '../view/battle-hud';
import { setReadingFloor, setReadingZoom } from '../view/theme';

const SPEED_LABEL: Record<AnimationSpeed, string> = {
  slow: 'Slow',
  normal: 'Normal',
  fast: 'Fast',
  instant: 'Instant',
};

/** What the top bar needs of the battle screen. */
export interface TopBarScreen {
  scene: Phaser.Scene;
  hud(): BattleHud | undefined;
  /** Sets the animation's time factor (0: instant) at once, even mid-animation. */
  setAnimationFactor(factor: number): void;
  /** Whether an animation plays (the screen is not laid out again until it ends). */
  animating(): boolean;
  /** The battle HUD's text size (the camera's zoom), restored after Settings. */
  readingZoom(): number;
}

export class BattleTopBar {
  private mutedVolume: number | null = null;

  constructor(private readonly screen: TopBarScreen) {}

  /** The speed button, the animation's factor and the log's visibility as the settings say. */
  showSpeed(): void {
    this.screen.hud()?.setButton('speed', { label: `Speed: ${SPEED_LABEL[app.settings.speed]}` });
    this.screen.setAnimationFactor(speedFactor(app.settings.speed));
    this.screen.hud()?.log.setVisible(app.settings.showLog);
  }

  cycleSpeed(): void {
    const i = ANIMATION_SPEEDS.indexOf(app.settings.speed);
    app.setSpeed(ANIMATION_SPEEDS[(i + 1) % ANIMATION_SPEEDS.length]);
    this.showSpeed();
  }

  showSound(): void {
    const on = app.settings.master > 0;
    this.screen.hud()?.setButton('sound', {
      label: on ? 'Sound' : 'Muted',
      icon: on ? 'speaker-on' : 'speaker-off',
      selected: !on,
    });
  }

  toggleSound(): void {
    if (app.settings.master > 0) {
      this.mutedVolume = app.settings.master;
      app.updateSettings({ master: 0 });
    } else {
      app.updateSettings({ master: this.mutedVolume ?? 0.8 });
    }
    this.showSound();
  }

  /** Opens Settings over the paused battle; a changed side panel or size lays it out again. */
  openSettings(): void {
    const scene = this.screen.scene;
    const showLog = app.settings.showLog;
    // The Settings screen's texts take the whole text size (the HUD's zoom is the battle's).
    setReadingZoom(1);
    scene.scene.launch('Settings', { overlay: true, returnTo: 'Battle' });
    scene.scene.bringToTop('Settings');
    scene.scene.pause();
    scene.events.once(Phaser.Scenes.Events.RESUME, () => {
      setReadingFloor(1);
      setReadingZoom(this.screen.readingZoom());
      const settings = scene.sys.settings;
      const resized = (settings.data as { relayoutOnResume?: boolean })?.relayoutOnResume;
      if (resized) settings.data = { ...(settings.data as object), relayoutOnResume: false };
      if ((app.settings.showLog !== showLog || resized) && !this.screen.animating()) {
        // The side panel changes shape: rebuild the scene from the (unchanged) state.
        scene.scene.restart({ animateOpening: false, relayout: true });
        return;
      }
      this.showSpeed();
      this.showSound();
    });
  }
}
