/**
 * Boots Arch Foe: the Phaser game with its scenes (WebGL by default, Canvas as fallback or
 * with ?renderer=canvas), howler for sound (Phaser's own audio is off so there is one audio
 * context), the player's map files, and the window.archfoe automation API.
 */
import Phaser from 'phaser';
import { app } from './app/app';
import { assetUrl } from './app/assets';
import { installAutomation } from './app/automation';
import { installFileHandlers } from './app/files';
import { installSaveFileInput } from './app/save-files';
import { sounds } from './audio/sound-bank';
import { BootScene } from './scenes/Boot';
import { CreditsScene } from './scenes/Credits';
import { MenuScene } from './scenes/Menu';
import { SettingsScene } from './scenes/Settings';
import { KeysScene } from './scenes/Keys';
import { screenMetrics, screenNow, setScreen, type ScreenMetrics } from './view/screen';
import { textScaleOf } from './app/settings';
import { COLORS, setColourBlind, setReadingScale, setReducedMotion } from './view/theme';

function rendererType(): number {
  const wanted = new URLSearchParams(window.location.search).get('renderer');
  if (wanted === 'canvas') return Phaser.CANVAS;
  if (wanted === 'webgl') return Phaser.WEBGL;
  return Phaser.AUTO;
}

installAutomation();
// The sound bank follows the settings' volumes and finds its files through the app.
sounds.useAssets(assetUrl);
app.watchSettings((settings) => sounds.setVolumes(settings));
// The rule modules' figure sounds, once their code has loaded after the first screen.
app.whenRulesLoaded(() => sounds.addModuleSounds());
// Comfort settings: the palette, the read texts' size and motion follow them.
app.watchSettings((settings) => {
  setColourBlind(settings.colourBlind);
  setReadingScale(textScaleOf(settings.textSize));
  setReducedMotion(settings.reducedMotion);
});

/** The window's size and pixel ratio now. */
function measure(): ScreenMetrics {
  return screenMetrics(window.innerWidth, window.innerHeight, window.devicePixelRatio || 1);
}

// The canvas has a pixel for every device pixel of the window (its CSS size is the
// window's): the scenes lay themselves out for the space there is (view/screen.ts).
setScreen(measure());
const first = screenNow();
const game = new Phaser.Game({
  type: rendererType(),
  parent: 'game',
  backgroundColor: COLORS.backgroundCss,
  scale: {
    mode: Phaser.Scale.NONE,
    width: first.gameWidth,
    height: first.gameHeight,
    zoom: 1 / first.dpr,
  },
  audio: { noAudio: true },
  disableContextMenu: true,
  banner: false,
  // Two touch pointers, for pinch zoom on the board.
  input: { keyboard: true, mouse: true, touch: true, gamepad: false, activePointers: 2 },
  render: { antialias: true, roundPixels: false },
  // The clocks (timers, camera fades and pans) advance by the time that really passed, so an
  // animation keeps its length at any frame rate: at 5 fps it shows fewer frames, not slower
  // ones. Phaser's smoothing would cap each frame's step at 1/60 s for the first 120 frames
  // after boot or focus and at 1/5 s after, stretching every wait up to 12 times on a slow
  // device. Tweens keep their own clock (see keepTweenTime).
  fps: { smoothStep: false },
  scene: [BootScene, MenuScene, SettingsScene, KeysScene, CreditsScene],
});
app.game = game;

/**
 * The scenes past the Menu load when first shown (app.goto), each in a chunk of its own with
 * the rules, maps and view it needs, so the first screen loads Phaser and the Menu only
 * (issue 31). The service worker still precaches every chunk, so all play offline.
 */
const LATER_SCENES: Record<string, () => Promise<typeof Phaser.Scene>> = {
  Setup: () => import('./scenes/Setup').then((m) => m.SetupScene),
  Muster: () => import('./scenes/Muster').then((m) => m.MusterScene),
  Battle: () => import('./scenes/Battle').then((m) => m.BattleScene),
  Results: () => import('./scenes/Results').then((m) => m.ResultsScene),
  Campaigns: () => import('./scenes/Campaigns').then((m) => m.CampaignsScene),
  Campaign: () => import('./scenes/Campaign').then((m) => m.CampaignScene),
  Aftermath: () => import('./scenes/Aftermath').then((m) => m.AftermathScene),
  Replay: () => import('./scenes/Replay').then((m) => m.ReplayScene),
};
for (const [key, load] of Object.entries(LATER_SCENES)) {
  app.registerLazyScene(key, async () => {
    const scene = game.scene.add(key, await load(), false) as Phaser.Scene | null;
    if (scene) keepTweenTimeOf(scene);
  });
}

/**
 * Each scene's tweens skip ahead by the time that passed up to a second between frames
 * (Phaser's default: half a second, beyond which a frame counts as 1/30 s), so a slow frame
 * costs frames, not time; a longer gap (the tab hidden, a stall) is still skipped over.
 */
function keepTweenTimeOf(scene: Phaser.Scene): void {
  (scene.tweens as Phaser.Tweens.TweenManager | undefined)?.setLagSmooth(1000, 33);
}
function keepTweenTime(): void {
  for (const scene of game.scene.scenes as Phaser.Scene[]) keepTweenTimeOf(scene);
}
// After the scene manager has made the scenes (it listens for READY first).
game.events.once(Phaser.Core.Events.READY, keepTweenTime);

// A new window size or pixel ratio: the canvas follows and the scenes lay themselves out again.
let resizeTimer: ReturnType<typeof setTimeout> | null = null;
function followWindow(): void {
  const now = measure();
  const was = screenNow();
  if (
    now.gameWidth === was.gameWidth &&
    now.gameHeight === was.gameHeight &&
    now.dpr === was.dpr &&
    now.cssWidth === was.cssWidth
  )
    return;
  setScreen(now);
  game.scale.zoom = 1 / now.dpr;
  game.scale.resize(now.gameWidth, now.gameHeight);
  // The canvas's CSS size is the window's (resize() skips it when it equals the backing size).
  game.canvas.style.width = `${now.cssWidth}px`;
  game.canvas.style.height = `${now.cssHeight}px`;
  game.scale.refresh();
  app.relayout();
}
window.addEventListener('resize', () => {
  if (resizeTimer) clearTimeout(resizeTimer);
  resizeTimer = setTimeout(followWindow, 120);
});

installFileHandlers();
installSaveFileInput();
// "My maps": list the player's kept maps for the Setup screen.
void app.refreshMyMaps();

// Browsers allow audio only after a user gesture: the first click or key unlocks it.
const unlock = (): void => {
  sounds.unlock();
  window.removeEventListener('pointerdown', unlock, true);
  window.removeEventListener('keydown', unlock, true);
};
window.addEventListener('pointerdown', unlock, true);
window.addEventListener('keydown', unlock, true);
