/**
 * Two small charts drawn with Phaser graphics in the game's palette: grouped bars (wounds
 * dealt and taken per unit; heroes who went in and stood per battle) and lines over time
 * (each side's luck over a battle). They draw what they are given and compute nothing of
 * the game.
 */
import type Phaser from 'phaser';
import { COLORS, CSS, readingSize, readingStyle, textStyle } from './theme';
import { fitText } from './ui';

export interface ChartSeries {
  name: string;
  color: number;
  values: readonly number[];
}

export interface ChartBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

function niceMax(value: number): number {
  // Small counts: an even top, so that the middle line is a whole number too.
  if (value <= 6) return Math.max(2, Math.ceil(value / 2) * 2);
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

function legend(scene: Phaser.Scene, series: readonly ChartSeries[], x: number, y: number): void {
  let lx = x;
  for (const s of series) {
    const g = scene.add.graphics();
    g.fillStyle(s.color, 1);
    g.fillRect(lx, y + 3, 12, 10);
    const t = scene.add.text(lx + 16, y, s.name, textStyle(12, CSS.muted));
    lx += 16 + t.width + 16;
  }
}

/** Grouped bars, one group per label; the legend in the top right. */
export function drawBarChart(
  scene: Phaser.Scene,
  box: ChartBox & {
    labels: readonly string[];
    series: readonly ChartSeries[];
    /**
     * Labels in two staggered rows, each as wide as two groups, when one is wider than its
     * group (many labels side by side).
     * Not turned at an angle: Phaser 4's WebGL renderer drew turned labels with pieces
     * missing where Canvas drew them whole.
     */
    staggerLabels?: boolean;
  },
): Phaser.GameObjects.Graphics {
  const { x, y, width, height, labels, series } = box;
  const g = scene.add.graphics();
  // Some room above the tallest bar for the legend.
  const top = Math.max(1, ...series.flatMap((s) => s.values));
  const max = niceMax(top * 1.2);
  g.lineStyle(1, COLORS.panelBorder, 0.8);
  g.lineBetween(x, y + height, x + width, y + height);
  g.lineBetween(x, y, x, y + height);
  for (const v of [0, max / 2, max]) {
    const ly = y + height - (v / max) * height;
    g.lineStyle(1, COLORS.panelBorder, 0.25);
    g.lineBetween(x, ly, x + width, ly);
    scene.add
      .text(x - 6, ly, String(Math.round(v * 10) / 10), textStyle(11, CSS.dim))
      .setOrigin(1, 0.5);
  }
  const groups = Math.max(1, labels.length);
  const groupW = width / groups;
  const barW = Math.max(2, Math.min(22, (groupW - 6) / Math.max(1, series.length)));
  const texts: Phaser.GameObjects.Text[] = [];
  labels.forEach((label, i) => {
    const gx = x + i * groupW + (groupW - barW * series.length) / 2;
    series.forEach((s, j) => {
      const v = s.values[i] ?? 0;
      const bh = (v / max) * height;
      g.fillStyle(s.color, 0.9);
      g.fillRect(gx + j * barW, y + height - bh, barW - 1, bh);
    });
    texts.push(
      scene.add
        .text(x + i * groupW + groupW / 2, y + height + 4, label, readingStyle(11, CSS.muted))
        .setOrigin(0.5, 0)
        .setName('chart-label'),
    );
  });
  // Staggered only where a label is wider than its group.
  const stagger = box.staggerLabels && texts.some((t) => t.width > groupW - 4);
  // One size for every label: the largest at which they all fit (down to 9; a label still
  // too wide at 9 is cut short).
  const room = (stagger ? 2 : 1) * groupW - 4;
  let size = readingSize(11);
  while (size > 9 && texts.some((t) => t.setFontSize(size).width > room)) size--;
  texts.forEach((t, i) => {
    fitText(t, labels[i], room, size, size);
    if (stagger && i % 2 === 1) t.setY(t.y + t.height);
  });
  legend(
    scene,
    series,
    x + width - 16 * 2 - series.reduce((n, s) => n + s.name.length * 7 + 16, 0),
    y - 18,
  );
  return g;
}

/** Lines over a shared x axis (0 .. points - 1), with a zero line when the values cross it. */
export function drawLineChart(
  scene: Phaser.Scene,
  box: ChartBox & { series: readonly ChartSeries[]; xLabel?: string },
): Phaser.GameObjects.Graphics {
  const { x, y, width, height, series } = box;
  const g = scene.add.graphics();
  const all = series.flatMap((s) => s.values);
  const hi = niceMax(Math.max(1, ...all.map((v) => Math.abs(v))));
  const lo = Math.min(0, ...all) < 0 ? -hi : 0;
  const span = hi - lo;
  const toY = (v: number): number => y + height - ((v - lo) / span) * height;
  const points = Math.max(2, ...series.map((s) => s.values.length));
  const toX = (i: number): number => x + (i / (points - 1)) * width;
  g.lineStyle(1, COLORS.panelBorder, 0.8);
  g.lineBetween(x, y, x, y + height);
  g.lineBetween(x, y + height, x + width, y + height);
  for (const v of lo < 0 ? [lo, 0, hi] : [0, hi / 2, hi]) {
    g.lineStyle(1, COLORS.parchment, v === 0 ? 0.35 : 0.12);
    g.lineBetween(x, toY(v), x + width, toY(v));
    const label = v > 0 ? `+${Math.round(v * 10) / 10}` : String(Math.round(v * 10) / 10);
    scene.add.text(x - 6, toY(v), label, textStyle(11, CSS.dim)).setOrigin(1, 0.5);
  }
  for (const s of series) {
    if (s.values.length === 0) continue;
    g.lineStyle(2, s.color, 1);
    g.beginPath();
    g.moveTo(toX(0), toY(s.values[0]));
    s.values.forEach((v, i) => g.lineTo(toX(i), toY(v)));
    g.strokePath();
  }
  if (box.xLabel)
    scene.add.text(x + width, y + height + 4, box.xLabel, textStyle(11, CSS.dim)).setOrigin(1, 0);
  legend(scene, series, x + 8, y - 18);
  return g;
}
