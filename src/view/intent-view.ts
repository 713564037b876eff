/**
 * Draws the intent overlay on the board (intent-overlay.ts derives it): for each monster,
 * a ghost on every square it may end its turn on, with a tick for the way it would face; a
 * dashed arrow from it to each ghost; for an alerted monster, a red line to the hero it most
 * likely strikes; and a compact mark in its square's corner saying what it does (strikes,
 * a die decides, moves, holds). The numbers (each ghost's chance, the strike's and its
 * wound's) are drawn for the monster in focus only (hovered or shown): with every monster's
 * numbers at once the board was a pile of labels; the hero cards and the hero's panel list
 * them per hero. Nothing is drawn past the board's edge.
 */
import Phaser from 'phaser';
import { DIRECTION_STEPS, percent, type Point } from '../engine';
import { badgeBox, layoutBadges, type Box } from './badge-layout';
import { intentSign, type IntentMark } from './intent-overlay';
import { boardTextResolution, COLORS, textStyle } from './theme';
import { TILE } from './unit-view';

const GHOST = COLORS.vision;

/**
 * A label to place: its words, colour, the square it names and where by it (a monster's
 * mark sits in its square's top left corner).
 */
interface LabelWish {
  at: Point;
  text: string;
  color: string;
  where: 'top' | 'bottom' | 'corner';
  wide: boolean;
}

/** A label as drawn, in board pixels (for the automation API's look): a mark or a number. */
export interface LabelShown {
  kind: 'mark' | 'number';
  text: string;
  box: Box;
}

export class IntentLayer {
  private readonly g: Phaser.GameObjects.Graphics;
  private readonly labels: Phaser.GameObjects.Container;
  private shownKey = '';
  private wishes: LabelWish[] = [];
  private markWishes: LabelWish[] = [];
  /** The labels as laid out now. */
  shown: LabelShown[] = [];
  /** The board's zoom (screen pixels per board pixel): labels keep a readable size on screen. */
  private zoom = 1;

  constructor(
    private readonly scene: Phaser.Scene,
    layer: Phaser.GameObjects.Layer,
  ) {
    this.g = scene.add.graphics();
    this.labels = scene.add.container(0, 0);
    layer.add([this.g, this.labels]);
  }

  /** The board's zoom now, for the labels' size. */
  setZoom(zoom: number): void {
    const before = labelSize(this.zoom);
    this.zoom = zoom;
    const { marks, keepClear, focus, bounds } = this.last;
    if (labelSize(zoom) !== before) this.show(marks, keepClear, focus, bounds);
  }

  private last: {
    marks: readonly IntentMark[];
    keepClear: readonly Box[];
    focus: string | null;
    bounds: Box | null;
  } = { marks: [], keepClear: [], focus: null, bounds: null };

  /**
   * Draws `marks` (nothing when empty); redraws only when they change. The numbers are
   * drawn for the monster `focus` only. The labels are laid out so that none covers
   * another, nor any of `keepClear` (badges and labels drawn already), and none leaves
   * `bounds` (the board).
   */
  show(
    marks: readonly IntentMark[],
    keepClear: readonly Box[] = [],
    focus: string | null = null,
    bounds: Box | null = null,
  ): void {
    this.last = { marks, keepClear, focus, bounds };
    const size = labelSize(this.zoom);
    const key = JSON.stringify([
      marks.map((m) => [m.unitId, m.kind, m.ghosts, m.strike, m.note]),
      keepClear,
      focus,
      bounds,
      size,
    ]);
    if (key === this.shownKey) return;
    this.shownKey = key;
    const g = this.g;
    g.clear();
    this.labels.removeAll(true);
    this.wishes = [];
    this.markWishes = [];
    for (const m of marks) {
      const from = centre(m.from);
      const numbers = m.unitId === focus;
      // With a monster in focus the others' lines step back, so that its own stand out.
      const fade = focus !== null && !numbers ? 0.4 : 1;
      const sign = intentSign(m);
      this.markWishes.push({
        at: m.from,
        text: sign.text,
        color: sign.color,
        where: 'corner',
        wide: false,
      });
      for (const ghost of m.ghosts) {
        const moved = ghost.at.x !== m.from.x || ghost.at.y !== m.from.y;
        // A monster sure to stay where it is needs no ghost (its strike, if any, says it all).
        if (!moved && ghost.chance > 0.9995) continue;
        const c = centre(ghost.at);
        const alpha = (0.25 + 0.6 * ghost.chance) * fade;
        if (moved) {
          g.lineStyle(2, GHOST, alpha);
          drawDashedLine(g, from, c);
        }
        g.fillStyle(GHOST, (0.08 + 0.25 * ghost.chance) * fade);
        g.fillRect(ghost.at.x * TILE + 3, ghost.at.y * TILE + 3, TILE - 6, TILE - 6);
        g.lineStyle(1.5, GHOST, alpha);
        g.strokeRect(ghost.at.x * TILE + 3, ghost.at.y * TILE + 3, TILE - 6, TILE - 6);
        // The way it would face: a tick from the centre.
        const d = DIRECTION_STEPS[ghost.facing];
        g.lineStyle(2, GHOST, alpha);
        g.lineBetween(c.x, c.y, c.x + d.x * 10, c.y + d.y * 10);
        if (numbers) this.label(ghost.at, ghost.text, '#ffe2a8', moved ? 'bottom' : 'top');
      }
      if (m.strike) {
        const at = centre(m.ghosts[0]?.at ?? m.from);
        const to = centre(m.strike.at);
        g.lineStyle(2.5, COLORS.danger, (0.35 + 0.6 * m.strike.chance) * fade);
        g.lineBetween(at.x, at.y, to.x, to.y);
        g.fillStyle(COLORS.danger, 0.9 * fade);
        g.fillCircle(to.x, to.y, 4);
        if (numbers)
          this.label(
            m.strike.at,
            `\u2694 ${percent(m.strike.chance)} \u00b7 wound ${percent(m.strike.woundChance)}`,
            '#ffd2c8',
            'bottom',
          );
      }
      if (m.note && numbers) this.label(m.from, m.note, '#ffffff', 'top', true);
    }
    this.shown = [];
    // The marks first, by their monsters; the numbers keep clear of them.
    const marksShown = this.layout(this.markWishes, 'mark', size, keepClear, bounds);
    this.layout(this.wishes, 'number', size, [...keepClear, ...marksShown], bounds);
  }

  private label(at: Point, text: string, color: string, where: 'top' | 'bottom', wide = false) {
    this.wishes.push({ at, text, color, where, wide });
  }

  /**
   * Makes the labels of `wishes` and places them apart and on the board (a moved one gets a
   * thin line to its square); returns their boxes.
   */
  private layout(
    wishes: readonly LabelWish[],
    kind: LabelShown['kind'],
    size: number,
    keepClear: readonly Box[],
    bounds: Box | null,
  ): Box[] {
    const texts = wishes.map((w) =>
      this.scene.add
        .text(
          0,
          0,
          w.text,
          textStyle(w.wide ? size + 1 : size, w.color, {
            fontStyle: 'bold',
            stroke: '#000000',
            strokeThickness: 3,
            resolution: boardTextResolution(),
            // A mark is a chip of its own, so that it reads over any figure or tile.
            ...(w.where === 'corner'
              ? { backgroundColor: '#140c10', padding: { x: 2, y: 0 } }
              : {}),
          }),
        )
        .setOrigin(0.5),
    );
    const pad = 1;
    const placed = layoutBadges(
      wishes.map((w, i) => {
        const width = texts[i].width + pad * 2;
        const height = texts[i].height;
        if (w.where === 'corner')
          return {
            id: String(i),
            x: w.at.x * TILE + width / 2,
            y: w.at.y * TILE + height / 2,
            width,
            height,
          };
        const edge = w.where === 'top' ? w.at.y * TILE - 1 : (w.at.y + 1) * TILE + 1;
        return {
          id: String(i),
          x: (w.at.x + 0.5) * TILE,
          y: w.where === 'top' ? edge - height / 2 : edge + height / 2,
          width,
          height,
        };
      }),
      1,
      keepClear,
      bounds,
    );
    const boxes: Box[] = [];
    for (const p of placed) {
      const i = Number(p.id);
      const w = wishes[i];
      texts[i].setPosition(p.x, p.y);
      this.labels.add(texts[i]);
      const box = badgeBox(p);
      boxes.push(box);
      this.shown.push({ kind, text: w.text, box });
      // A label pushed off its square (a corner mark that stays in it needs none) gets a line.
      const c = centre(w.at);
      const offSquare = Math.floor(p.x / TILE) !== w.at.x || Math.floor(p.y / TILE) !== w.at.y;
      if (p.moved && (w.where !== 'corner' || offSquare)) {
        this.g.lineStyle(1, 0xffffff, 0.45);
        this.g.lineBetween(p.x, p.y + (p.y < c.y ? p.height / 2 : -p.height / 2), c.x, c.y);
      }
    }
    return boxes;
  }
}

/** The labels' font size in board pixels: about 11 screen pixels, 8 to 16 on the board. */
export function labelSize(zoom: number): number {
  return Math.max(8, Math.min(16, Math.round(11 / Math.max(0.1, zoom))));
}

function centre(p: Point): { x: number; y: number } {
  return { x: (p.x + 0.5) * TILE, y: (p.y + 0.5) * TILE };
}

/** A dashed line from `a` to `b` in `g`'s current line style, dashes `dash` px long. */
export function drawDashedLine(
  g: Phaser.GameObjects.Graphics,
  a: { x: number; y: number },
  b: { x: number; y: number },
  dash = 6,
): void {
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  const n = Math.max(1, Math.floor(len / dash));
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
