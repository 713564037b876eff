/**
 * Boot: loads every picture with a progress bar. A missing file is tolerated (the views
 * draw a stand-in), so a half-finished asset folder never stops the game.
 */
import Phaser from 'phaser';
import { assetJson, assetUrl } from '../app/assets';
import { app } from '../app/app';
import { BUILTIN_TILESET_IMAGES } from '../maps/constants';
import { tilesetTextureKey } from '../view/map-art-view';
import { frameMenuScene } from '../view/frame';
import { COLORS, CSS, textStyle, titleStyle } from '../view/theme';

const ATLASES: { key: string; image: string; data: string }[] = [
  { key: 'units', image: 'assets/sprites/units.png', data: 'assets/sprites/units.json' },
  { key: 'icons', image: 'assets/ui/icons.png', data: 'assets/ui/icons.json' },
  { key: 'effects', image: 'assets/sprites/effects.png', data: 'assets/sprites/effects.json' },
];

/** Textures drawn as pixel art (nearest-neighbour scaling). */
const PIXEL_TEXTURES = [
  'units',
  'effects',
  'title',
  ...BUILTIN_TILESET_IMAGES.map(tilesetTextureKey),
];

export class BootScene extends Phaser.Scene {
  constructor() {
    super('Boot');
  }

  preload(): void {
    const { W, H } = frameMenuScene(this);
    const cx = W / 2;
    const cy = H / 2;
    this.add.text(cx, cy - 70, 'Arch Foe', titleStyle(52)).setOrigin(0.5);
    const label = this.add
      .text(cx, cy + 44, 'Loading the dungeon\u2026', textStyle(16, CSS.muted))
      .setOrigin(0.5);
    const bar = this.add.graphics();
    const w = 420;
    const draw = (v: number): void => {
      bar.clear();
      bar.fillStyle(0x000000, 0.7);
      bar.fillRoundedRect(cx - w / 2, cy, w, 18, 9);
      bar.fillStyle(COLORS.gold, 1);
      bar.fillRoundedRect(cx - w / 2 + 3, cy + 3, Math.max(12, (w - 6) * v), 12, 6);
      bar.lineStyle(2, COLORS.panelBorder, 1);
      bar.strokeRoundedRect(cx - w / 2, cy, w, 18, 9);
    };
    draw(0);
    this.load.on('progress', (v: number) => draw(v));
    this.load.on('loaderror', (file: Phaser.Loader.File) => {
      label.setText(`Could not load ${file.key}; drawing a stand-in.`);
    });

    for (const path of BUILTIN_TILESET_IMAGES) {
      const url = assetUrl(path);
      if (url) this.load.image(tilesetTextureKey(path), url);
    }
    for (const a of ATLASES) {
      const url = assetUrl(a.image);
      const data = assetJson(a.data);
      if (url && data && typeof data === 'object') this.load.atlas(a.key, url, data as object);
      else if (url) this.load.image(a.key, url);
    }
    const title = assetUrl('assets/ui/title.png');
    if (title) this.load.image('title', title);
  }

  create(): void {
    for (const key of PIXEL_TEXTURES) {
      if (this.textures.exists(key))
        this.textures.get(key).setFilter(Phaser.Textures.FilterMode.NEAREST);
    }
    // The save slots are read before the Menu shows (its Continue depends on them).
    void app
      .openSaves()
      .catch((e) => {
        app.menuMessage = `The saves could not be read: ${String(e)}`;
      })
      .then(() => app.goto('Menu'));
  }
}
