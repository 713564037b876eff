/**
 * The dice log: every event with words, newest at the bottom, coloured by side, each roll
 * and decision tagged with the rule book and section it served (a short tag; the whole
 * reference on hover). The wheel (or a drag on a touch screen) scrolls back through the
 * battle's earlier lines.
 */
import Phaser from 'phaser';
import type { GameEvent, GameState, RuleRef } from '../engine';
import { COLORS, CSS, readingSize, readingStyle, textStyle, titleStyle } from './theme';
import { screenToHud } from './frame';
import { drawPanel, fitText, type Tooltip } from './ui';
import { isLogged } from './log-lines';
import { showsOf } from './event-show';

/** The lines kept for scrolling back. */
const KEEP = 200;
const TOP = 34;
const BOTTOM_PAD = 10;
const GAP = 3;

/** A rule reference in a few words: the book and the section's heading. */
export function ruleTag(rule: RuleRef | undefined): string {
  if (!rule) return '';
  const heading = rule.section.split(':')[0].trim();
  return `${rule.book} \u00b7 ${heading}`;
}

/** The whole reference, for the tag's tooltip. */
export function ruleTip(rule: RuleRef): string {
  return `Rule: ${rule.book}, ${rule.section}.`;
}

interface Entry {
  text: Phaser.GameObjects.Text;
  tag: Phaser.GameObjects.Text | null;
  /** The tag sits on a line of its own below the text. */
  tagBelow: boolean;
  height: number;
  words: string;
  tagWords: string;
  /** Where the line goes among the others (the events' order). */
  order: number;
}

export class DiceLog extends Phaser.GameObjects.Container {
  private readonly bg: Phaser.GameObjects.Graphics;
  private entries: Entry[] = [];
  private readonly panelW: number;
  private readonly panelH: number;
  /** Lines scrolled back from the newest (0: the newest line is at the bottom). */
  private scrolledBack = 0;
  private readonly measure: Phaser.GameObjects.Text;
  private readonly content: Phaser.GameObjects.Container;
  private readonly more: Phaser.GameObjects.Text;

  constructor(
    scene: Phaser.Scene,
    x: number,
    y: number,
    w: number,
    h: number,
    private readonly tooltip: Tooltip | null = null,
  ) {
    super(scene, x, y);
    this.panelW = w;
    this.panelH = h;
    this.bg = scene.add.graphics();
    drawPanel(this.bg, 0, 0, w, h);
    this.bg.lineStyle(1, COLORS.panelBorder, 0.6);
    this.bg.lineBetween(10, 30, w - 10, 30);
    const title = scene.add.text(
      12,
      7,
      'Dice log',
      titleStyle(16, CSS.gold, { strokeThickness: 0 }),
    );
    const hint = scene.add
      .text(w - 12, 10, 'every roll, in words', textStyle(11, CSS.dim))
      .setOrigin(1, 0);
    this.more = scene.add
      // (A character in it from the start: its height is the footer's room.)
      .text(w - 12, h - 4, '\u2193', readingStyle(11, CSS.dim))
      .setOrigin(1, 1)
      .setVisible(false);
    this.measure = scene.add.text(0, 0, '', this.entryStyle(CSS.parchment)).setVisible(false);
    this.content = scene.add.container(0, 0);
    this.add([this.bg, title, hint, this.content, this.more, this.measure]);
    // Scroll back with the wheel over the log; the rule tag under the pointer, in full.
    const zone = scene.add.zone(w / 2, h / 2, w, h).setInteractive();
    zone.on('pointermove', (p: Phaser.Input.Pointer) => this.tipAt(p));
    zone.on('pointerdown', () => this.onPress?.());
    zone.on('pointerout', () => {
      this.tipped = null;
      this.tooltip?.hideNow();
    });
    zone.on(
      'wheel',
      (_p: unknown, _dx: number, dy: number, _dz: number, e?: { stopPropagation?: () => void }) => {
        e?.stopPropagation?.();
        this.scroll(dy > 0 ? -3 : 3);
      },
    );
    this.addAt(zone, 1);
    scene.add.existing(this);
  }

  private entryStyle(color: string): Phaser.Types.GameObjects.Text.TextStyle {
    return readingStyle(13, color, {
      wordWrap: { width: this.panelW - 24, useAdvancedWrap: true },
      lineSpacing: 1,
    });
  }

  /** Called when the log is pressed (the tutorial's dice log step waits for it). */
  onPress: (() => void) | null = null;

  /** The tag whose whole reference the tooltip shows. */
  private tipped: Phaser.GameObjects.Text | null = null;

  /** Shows the whole rule reference of the tag under the pointer (one zone for all tags). */
  private tipAt(p: Phaser.Input.Pointer): void {
    const local = screenToHud(this.scene, p.x, p.y);
    const x = local.x - this.x;
    const y = local.y - this.y;
    const tag =
      this.entries.find(
        (e) =>
          e.tag?.visible &&
          y >= e.tag.y &&
          y <= e.tag.y + e.tag.height &&
          x >= e.tag.x - e.tag.width &&
          x <= e.tag.x,
      )?.tag ?? null;
    if (tag === this.tipped) return;
    this.tipped = tag;
    if (tag) this.tooltip?.showAt(String(tag.getData('tip')), p.x, p.y, 200);
    else this.tooltip?.hideNow();
  }

  clear(): void {
    for (const e of this.entries) {
      e.text.destroy();
      e.tag?.destroy();
    }
    this.entries = [];
    this.scrolledBack = 0;
  }

  /** The lines of the log, oldest first, with their rule tags. */
  lines(): { text: string; tag: string }[] {
    return this.entries.map((e) => ({ text: e.words, tag: e.tagWords }));
  }

  /** Lines without an order of their own (a resumed battle's past) come in as they arrive. */
  private arrivals = 0;

  /**
   * Adds an event's words (events with empty text are not logged, nor is a figure's turn as
   * it walks: the move's own line says where it went), at its place by `order` (the
   * animation may show the monsters' turns side by side, but the log keeps the events' order).
   */
  append(event: GameEvent, state: GameState | null, order = -1): void {
    if (!isLogged(event, state ? showsOf(state) : {})) return;
    let color: string = CSS.parchment;
    let text = event.text;
    if (event.type === 'roll') {
      color = event.success === false ? '#d9a07a' : CSS.gold;
      text = `\u2022 ${text}`;
    } else if (event.type === 'round-started' || event.type === 'phase-started') {
      color = CSS.muted;
      text = `\u2014 ${text} \u2014`;
    } else if (event.type === 'game-over') {
      color =
        event.winner === 'heroes' ? CSS.green : event.winner === 'enemies' ? CSS.red : CSS.gold;
    } else if (event.type === 'decision') {
      color = '#d8c3a0';
    } else if ('unit' in event && typeof event.unit === 'string' && state) {
      const u = state.units.find((x) => x.id === event.unit);
      if (u) color = u.side === 'heroes' ? CSS.blue : '#f0a08f';
    }
    const t = this.scene.add.text(12, 0, text, this.entryStyle(color)).setName('log-line');
    const tagWords = ruleTag(event.rule);
    let tag: Phaser.GameObjects.Text | null = null;
    let tagBelow = false;
    if (event.rule) {
      const rule = event.rule;
      tag = this.scene.add
        .text(this.panelW - 12, 0, tagWords, readingStyle(10, CSS.dim, { fontStyle: 'italic' }))
        .setOrigin(1, 0)
        .setName('log-tag');
      // On the text's last line when there is room, else on a line of its own.
      const lines = t.getWrappedText();
      const last = this.measure.setText(lines[lines.length - 1] ?? '').width;
      tagBelow = last + tag.width + 10 > this.panelW - 24;
      tag.setData('tip', ruleTip(rule));
      this.content.add(tag);
    }
    this.content.add(t);
    const height = t.height + (tagBelow && tag ? tag.height : 0);
    const key = order >= 0 ? order : ++this.arrivals - 1e15;
    const entry = { text: t, tag, tagBelow, height, words: event.text, tagWords, order: key };
    let at = this.entries.length;
    while (at > 0 && this.entries[at - 1].order > key) at--;
    this.entries.splice(at, 0, entry);
    if (this.entries.length > KEEP) {
      const gone = this.entries.shift()!;
      gone.text.destroy();
      gone.tag?.destroy();
    }
    // A new line brings the log back to the newest, unless the player is reading back.
    if (this.scrolledBack > 0) this.scrolledBack += 1;
    this.layout();
  }

  /** Scrolls by `lines` (positive: back to older lines), within the log's ends. */
  scroll(lines: number): void {
    this.scrolledBack = Math.max(0, Math.min(this.mostBack(), this.scrolledBack + lines));
    this.layout();
  }

  /** How many lines the log has been scrolled back (0: the newest line is in view). */
  get back(): number {
    return this.scrolledBack;
  }

  /**
   * The most lines the log scrolls back: until the oldest line is in view at the top, and
   * no further (issue 29: it scrolled on into blank space). Scrolled back, the lines end
   * above the "newer" footer.
   */
  mostBack(): number {
    const room = this.roomFor(true);
    let used = 0;
    for (let i = 0; i < this.entries.length; i++) {
      used += this.entries[i].height + (i > 0 ? GAP : 0);
      if (used > room) return Math.max(0, this.entries.length - i);
    }
    return 0;
  }

  /** The height the lines have: less the footer's line while scrolled back. */
  private roomFor(scrolledBack: boolean): number {
    const footer = scrolledBack ? this.more.height + 2 : 0;
    return this.panelH - BOTTOM_PAD - TOP - footer;
  }

  private layout(): void {
    this.scrolledBack = Math.min(this.scrolledBack, this.mostBack());
    const back = this.scrolledBack > 0;
    const room = this.roomFor(back);
    const bottom = TOP + room;
    let total = 0;
    for (const e of this.entries) total += e.height + GAP;
    const newest = this.entries.length - 1 - this.scrolledBack;
    const place = (e: Entry, top: number, shown: boolean, index: number): void => {
      e.text.setVisible(shown).setY(top);
      e.text.setAlpha(index === this.entries.length - 1 ? 1 : 0.88);
      if (e.tag) {
        e.tag.setVisible(shown);
        e.tag.setY(e.tagBelow ? top + e.text.height : top + e.text.height - e.tag.height - 1);
      }
    };
    // From the top while everything up to the newest shown line fits (the whole log, or
    // scrolled back to its oldest line); else the newest shown line sits at the bottom.
    let upTo = 0;
    for (let i = 0; i <= newest; i++) upTo += this.entries[i].height + GAP;
    if (upTo - GAP <= room) {
      let y = TOP + (total <= room ? 4 : 0);
      this.entries.forEach((e, i) => {
        place(e, y, i <= newest, i);
        y += e.height + GAP;
      });
    } else {
      let y = bottom;
      for (let i = this.entries.length - 1; i >= 0; i--) {
        const e = this.entries[i];
        if (i > newest) {
          place(e, 0, false, i);
          continue;
        }
        y -= e.height;
        place(e, y, y >= TOP, i);
        y -= GAP;
      }
    }
    const more = `\u2193 ${this.scrolledBack} newer (wheel, Shift+Page Down)`;
    this.more.setVisible(back).setName('log-more');
    if (back) fitText(this.more, more, this.panelW - 24, readingSize(11));
  }
}
