/**
 * Credits, for players: who made the game, its pictures and its sounds, under which licence
 * (assets/PLAYER-CREDITS.md), scrollable. The file-by-file sources and changes are for
 * maintainers, in assets/CREDITS.md.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { assetText } from '../app/assets';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import { CSS, fadeMs, readingStyle, titleStyle } from '../view/theme';
import { makeScrollArea } from '../view/scroll-area';
import { addBackButton, cropText, drawPanel, enableKeyboardFocus } from '../view/ui';

/** Markdown to plain lines: headings, emphasis and links made readable, paragraphs unwrapped. */
export function markdownToPlain(md: string): string {
  const lines: string[] = [];
  for (const line of md.replace(/\r/g, '').split('\n')) {
    const prev = lines[lines.length - 1];
    // A hard-wrapped paragraph or list item goes on as one line (the panel wraps it).
    const continues =
      prev !== undefined &&
      prev.trim() !== '' &&
      !/^\s*#/.test(prev) &&
      /^\s+\S|^[^\s#|*+-]/.test(line);
    if (continues && line.trim() !== '' && !/^\s*[-+*|]\s/.test(line))
      lines[lines.length - 1] = `${prev} ${line.trim()}`;
    else lines.push(line);
  }
  return lines
    .map((line) =>
      line
        .replace(/^#{1,6}\s*/, '')
        .replace(/!\[([^\]]*)\]\(([^)]*)\)/g, '$1')
        .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
        .replace(/\*\*([^*]+)\*\*/g, '$1')
        .replace(/[*_`]/g, '')
        .replace(/^\s*[-+]\s+/, '\u2022 ')
        .replace(/^\|/, '')
        .replace(/\|\s*$/, '')
        .replace(/\s*\|\s*/g, '  \u00b7  ')
        .replace(/^[-:\s\u00b7]+$/, ''),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export class CreditsScene extends Phaser.Scene {
  constructor() {
    super('Credits');
  }

  create(): void {
    enableKeyboardFocus(this);
    const { W, H } = frameMenuScene(this, { portrait: true });
    // On an upright phone the panel takes the screen's width and height.
    const upright = H > W;
    drawBackdrop(this, 0.6);
    this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    const pw = upright ? W - 40 : 900;
    const ph = upright ? H - 140 : 580;
    const px = W / 2 - pw / 2;
    const py = 40;
    const g = this.add.graphics();
    drawPanel(g, px, py, pw, ph, { alpha: 0.96 });
    this.add.text(W / 2, py + 34, 'Credits', titleStyle(34)).setOrigin(0.5);
    const credits = assetText('assets/PLAYER-CREDITS.md');
    const body = credits
      ? markdownToPlain(credits).replace(/^Who made Arch Foe\n+/, '')
      : 'Arch Foe. Credits: see assets/CREDITS.md.';
    const viewTop = py + 70;
    const viewH = ph - 80;
    // Grows with the text size; the panel scrolls the longer text (scroll-area.ts).
    const text = this.add
      .text(
        px + 36,
        viewTop,
        body,
        readingStyle(15, CSS.parchment, {
          wordWrap: { width: pw - 72, useAdvancedWrap: true },
          lineSpacing: 4,
        }),
      )
      .setName('credits-body');
    const lineH = text.height / Math.max(1, text.getWrappedText().length);
    const scroll = makeScrollArea(
      this,
      { x: px, y: viewTop, width: pw, height: viewH },
      text.height,
      'credits',
      (by, shown) => {
        text.y = viewTop - by;
        cropText(text, 0, by, pw - 60, Math.floor(shown / lineH) * lineH);
      },
      lineH,
    );
    if (scroll)
      onKeyDown(this, (e) => {
        if (e.key === 'ArrowDown') scroll.scrollBy(lineH);
        else if (e.key === 'ArrowUp') scroll.scrollBy(-lineH);
      });
    addBackButton(this, W / 2, H - 44, 'credits-back', () => app.goto('Menu'));
  }
}
