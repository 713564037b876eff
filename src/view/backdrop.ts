/** The backdrop behind the menus: the same dim vault on every screen but the battle. */
import Phaser from 'phaser';
import { cosmetic } from './rng';
import { fitBox, screenNow } from './screen';

/**
 * A darkened backdrop over the whole screen (the menu's design box and whatever lies
 * beyond it on a wider or taller screen): a vault of dim torchlight drawn in bands, with
 * faint mortar lines.
 */
export function drawBackdrop(scene: Phaser.Scene, dim = 0.35): void {
  const box = fitBox(screenNow());
  const W = box.right - box.left;
  const H = box.bottom - box.top;
  const g = scene.add.graphics().setPosition(box.left, box.top);
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
  const shade = scene.add.graphics().setPosition(box.left, box.top);
  shade.fillStyle(0x000000, dim);
  shade.fillRect(0, 0, W, H);
}
