/**
 * Draws the intent overlay on the board (intent-overlay.ts derives it): for each monster,
 * a ghost on every square it may end its turn on, with the chance and a tick for the way it
 * would face; a dashed arrow from it to each ghost; for an alerted monster, a red line to
 * the hero it most likely strikes, with the chance of the strike and of a wound.
 */
import Phaser from 'phaser';
import { DIRECTION_STEPS, percent, type Point } from '../engine';
import type { IntentMark } from './intent-overlay';
import { boardTextResolution, COLORS, textStyle } from './theme';
import { TILE } from './unit-view';

const GHOST = COLORS.vision;

export class IntentLayer {
  private readonly g: Phaser.GameObjects.Graphics;
  private readonly labels: Phaser.GameObjects.Container;
  private shownKey = '';

  constructor(
    private readonly scene: Phaser.Scene,
    layer: Phaser.GameObjects.Layer,
  ) {
    this.g = scene.add.graphics();
    this.labels = scene.add.container(0, 0);
    layer.add([this.g, this.labels]);
  }

  /** Draws `marks` (nothing when empty); redraws only when they change. */
  show(marks: readonly IntentMark[]): void {
    const key = JSON.stringify(marks.map((m) => [m.unitId, m.ghosts, m.strike, m.note]));
    if (key === this.shownKey) return;
    this.shownKey = key;
    const g = this.g;
    g.clear();
    this.labels.removeAll(true);
    for (const m of marks) {
      const from = centre(m.from);
      for (const ghost of m.ghosts) {
        const moved = ghost.at.x !== m.from.x || ghost.at.y !== m.from.y;
        // A monster sure to stay where it is needs no ghost (its strike, if any, says it all).
        if (!moved && ghost.chance > 0.9995) continue;
        const c = centre(ghost.at);
        const alpha = 0.25 + 0.6 * ghost.chance;
        if (moved) {
          g.lineStyle(2, GHOST, alpha);
          dashed(g, from, c);
        }
        g.fillStyle(GHOST, 0.08 + 0.25 * ghost.chance);
        g.fillRect(ghost.at.x * TILE + 3, ghost.at.y * TILE + 3, TILE - 6, TILE - 6);
        g.lineStyle(1.5, GHOST, alpha);
        g.strokeRect(ghost.at.x * TILE + 3, ghost.at.y * TILE + 3, TILE - 6, TILE - 6);
        // The way it would face: a tick from the centre.
        const d = DIRECTION_STEPS[ghost.facing];
        g.lineStyle(2, GHOST, alpha);
        g.lineBetween(c.x, c.y, c.x + d.x * 10, c.y + d.y * 10);
        this.label(ghost.at, ghost.text, '#ffe2a8', moved ? 'bottom' : 'top');
      }
      if (m.strike) {
        const at = centre(m.ghosts[0]?.at ?? m.from);
        const to = centre(m.strike.at);
        g.lineStyle(2.5, COLORS.danger, 0.35 + 0.6 * m.strike.chance);
        g.lineBetween(at.x, at.y, to.x, to.y);
        g.fillStyle(COLORS.danger, 0.9);
        g.fillCircle(to.x, to.y, 4);
        this.label(
          m.strike.at,
          `\u2694 ${percent(m.strike.chance)} \u00b7 wound ${percent(m.strike.woundChance)}`,
          '#ffd2c8',
          'bottom',
        );
      }
      if (m.note) this.label(m.from, m.note, '#ffffff', 'top', true);
    }
  }

  private label(at: Point, text: string, color: string, where: 'top' | 'bottom', wide = false) {
    const t = this.scene.add
      .text(
        (at.x + 0.5) * TILE,
        where === 'top' ? at.y * TILE - (wide ? 12 : 1) : (at.y + 1) * TILE + 1,
        text,
        textStyle(wide ? 9 : 8, color, {
          fontStyle: 'bold',
          stroke: '#000000',
          strokeThickness: 3,
          resolution: boardTextResolution(),
        }),
      )
      .setOrigin(0.5, where === 'top' ? 1 : 0);
    this.labels.add(t);
  }
}

function centre(p: Point): { x: number; y: number } {
  return { x: (p.x + 0.5) * TILE, y: (p.y + 0.5) * TILE };
}

function dashed(
  g: Phaser.GameObjects.Graphics,
  a: { x: number; y: number },
  b: { x: number; y: number },
) {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const n = Math.max(1, Math.floor(len / 6));
  for (let i = 0; i < n; i += 2) {
    const t0 = i / n;
    const t1 = Math.min(1, (i + 1) / n);
    g.lineBetween(
      a.x + (b.x - a.x) * t0,
      a.y + (b.y - a.y) * t0,
      a.x + (b.x - a.x) * t1,
      a.y + (b.y - a.y) * t1,
    );
  }
}
