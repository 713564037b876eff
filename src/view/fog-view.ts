/**
 * Draws fog of war (fog-overlay.ts derives it): squares no hero sees are darkened, and a
 * hidden monster's last-seen square shows a faint ghost with a question mark.
 */
import Phaser from 'phaser';
import type { FogView } from './fog-overlay';
import { boardTextResolution, textStyle } from './theme';
import { TILE } from './unit-view';

export class FogLayer {
  private readonly dark: Phaser.GameObjects.Graphics;
  private readonly ghosts: Phaser.GameObjects.Container;
  private shownKey = '';

  /** `under`: the layer the darkness goes in, below `before` (the figures). */
  constructor(
    private readonly scene: Phaser.Scene,
    layer: Phaser.GameObjects.Layer,
    before: Phaser.GameObjects.GameObject,
  ) {
    this.dark = scene.add.graphics();
    this.ghosts = scene.add.container(0, 0);
    layer.addAt(this.dark, layer.getIndex(before));
    layer.addAt(this.ghosts, layer.getIndex(before));
  }

  show(fog: FogView | null): void {
    const key = fog ? `${fog.seen.join('')}|${JSON.stringify(fog.ghosts)}` : '';
    if (key === this.shownKey) return;
    this.shownKey = key;
    const g = this.dark;
    g.clear();
    this.ghosts.removeAll(true);
    if (!fog) return;
    g.fillStyle(0x000000, 0.62);
    const { seen, width } = fog;
    for (let i = 0; i < seen.length; i++) {
      if (seen[i]) continue;
      g.fillRect((i % width) * TILE, Math.floor(i / width) * TILE, TILE, TILE);
    }
    for (const ghost of fog.ghosts) {
      const x = ghost.at.x * TILE;
      const y = ghost.at.y * TILE;
      g.lineStyle(1.5, 0xd9c7a0, 0.55);
      g.strokeCircle(x + TILE / 2, y + TILE / 2, TILE * 0.34);
      this.ghosts.add(
        this.scene.add
          .text(
            x + TILE / 2,
            y + TILE / 2,
            '?',
            textStyle(14, '#d9c7a0', {
              fontStyle: 'bold',
              resolution: boardTextResolution(),
            }),
          )
          .setOrigin(0.5)
          .setAlpha(0.8),
      );
    }
  }
}
