/** The backdrop behind the menus: the same dim vault on every screen but the battle. */
import Phaser from 'phaser';
import { cosmetic } from './rng';
import { GAME_HEIGHT, GAME_WIDTH } from './theme';

/** A darkened backdrop: a vault of dim torchlight drawn in bands, with faint mortar lines. */
export function drawBackdrop(scene: Phaser.Scene, dim = 0.35): void {
  const W = GAME_WIDTH;
  const H = GAME_HEIGHT;
  const g = scene.add.graphics();
  for (let i = 0; i < 24; i++) {
    g.fillStyle(
      Phaser.Display.Color.GetColor(20 + i, 13 + Math.floor(i / 2), 22 + Math.floor(i / 3)),
      1,
    );
    g.fillRect(0, (H / 24) * i, W, H / 24 + 1);
  }
  g.fillStyle(0x000000, 0.25);
  for (let i = 0; i < 60; i++)
    g.fillRect(cosmetic.int(0, W), cosmetic.int(0, H), cosmetic.int(40, 120), 2);
  const shade = scene.add.graphics();
  shade.fillStyle(0x000000, dim);
  shade.fillRect(0, 0, W, H);
}
