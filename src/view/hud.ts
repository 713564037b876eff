/**
 * The Battle HUD pieces: hero cards (portrait, wound pips, weapon buttons with hit chances,
 * the rule module's abilities), the dice log, the info panel, and the round/turn banner.
 */
import Phaser from 'phaser';
import type { RuleModule, Unit } from '../engine';
import { CARD_H, CARD_W } from './battle-layout';
import { shareButtonRow } from './button-row';
import { Button, drawPanel, type Tooltip } from './ui';
import { moreWords, scrollZoneByRows } from './scroll-area';
import { COLORS, CSS, readingSize, readingStyle, textStyle, TITLE_FONT, titleStyle } from './theme';
import { artFor, artTexture, fallbackTexture, frameExists } from './unit-view';
import { registerControl } from '../app/controls';
import { hudCamera, hudToScreen } from './frame';

/** The room between the buttons on a hero card, and their height. */
const BUTTON_GAP = 8;
const BUTTON_H = 32;

// ------------------------------------------------------------------ hero card

/** The wounds a figure has left, as every part of the screen counts them: "2 of 3 left". */
export function woundsLeftLabel(wounds: number, maxWounds: number): string {
  return `${Math.max(0, maxWounds - wounds)} of ${maxWounds} left`;
}

/**
 * Names the top of a hero card (above its weapon buttons) among the controls, so tests find
 * where to click the card as they find a named button; gone with the card.
 */
function registerCardArea(card: Phaser.GameObjects.Container, name: string): void {
  const height = CARD_H - 50;
  const unregister = registerControl(name, () => {
    for (let o: Phaser.GameObjects.Container | null = card; o; o = o.parentContainer)
      if (!o.visible || o.alpha <= 0.01) return null;
    if (!card.scene || !card.active) return null;
    const m = card.getWorldTransformMatrix();
    const a = hudToScreen(card.scene, m.tx, m.ty);
    const z = hudCamera(card.scene).zoom;
    return { ...a, width: CARD_W * m.scaleX * z, height: height * m.scaleY * z, enabled: true };
  });
  card.once(Phaser.GameObjects.Events.DESTROY, unregister);
}

export interface HeroCardCallbacks {
  onInspect(unitId: string): void;
  /** A weapon (its id) or an ability (`#` and its id) was chosen on the card. */
  onChoose(unitId: string, choice: string): void;
}

/** The card's choice id of an ability: `#` and the ability's id (weapon ids stay bare). */
export function abilityChoice(abilityId: string): string {
  return `#${abilityId}`;
}

export class HeroCard extends Phaser.GameObjects.Container {
  readonly unitId: string;
  private bg: Phaser.GameObjects.Graphics;
  private nameText: Phaser.GameObjects.Text;
  private statusText: Phaser.GameObjects.Text;
  private pips: Phaser.GameObjects.Container;
  private portrait: Phaser.GameObjects.Image;
  private buttons: Button[] = [];
  /** The choice each button stands for: a weapon id, or `#` and an ability id. */
  private choices: string[] = [];
  private lastKey = '';
  private pipKey = '';
  private woundsLabel = '';
  /** Whether the card shows its hero acting. */
  acting = false;

  constructor(
    scene: Phaser.Scene,
    x: number,
    y: number,
    unit: Unit,
    tooltip: Tooltip,
    cb: HeroCardCallbacks,
    private readonly rules: RuleModule,
  ) {
    super(scene, x, y);
    this.unitId = unit.id;
    const hit = scene.add
      .zone(CARD_W / 2, CARD_H / 2, CARD_W, CARD_H)
      .setInteractive({ useHandCursor: true });
    hit.on('pointerup', () => cb.onInspect(unit.id));
    registerCardArea(this, `card-${unit.id}`);
    hit.on('pointerover', (p: Phaser.Input.Pointer) => {
      const def = rules.kinds.find((k) => k.kind === unit.kind);
      tooltip.showAt(def ? def.blurb : unit.name, p.x, p.y, 600);
    });
    hit.on('pointerout', () => tooltip.hideNow());
    this.bg = scene.add.graphics();
    const art = artFor(rules.kinds, unit);
    const frameKey = `${art.sprite}-idle-0`;
    const portraitBg = scene.add.graphics();
    portraitBg.fillStyle(0x0b0810, 1);
    portraitBg.fillRoundedRect(10, 10, 60, 60, 6);
    portraitBg.lineStyle(1, COLORS.panelBorder, 1);
    portraitBg.strokeRoundedRect(10, 10, 60, 60, 6);
    if (frameExists(scene, 'units', frameKey)) {
      this.portrait = scene.add.image(40, 40, artTexture(scene, art), frameKey);
    } else {
      this.portrait = scene.add.image(40, 40, fallbackTexture(scene, art));
    }
    const s = 52 / Math.max(1, this.portrait.width, this.portrait.height);
    this.portrait.setScale(s);
    this.nameText = scene.add.text(80, 9, unit.name, {
      ...titleStyle(readingSize(18), CSS.parchment, { strokeThickness: 0 }),
      fontFamily: TITLE_FONT,
    });
    this.statusText = scene.add
      .text(80, 33, '', readingStyle(13, CSS.muted))
      .setName(`card-${unit.id}-status`);
    this.pips = scene.add.container(80, 60);
    fitWidth(this.nameText, CARD_W - 88);
    this.add([hit, this.bg, portraitBg, this.portrait, this.nameText, this.statusText, this.pips]);

    const entries: { choice: string; name: string; label: string; tip: string; icon: string }[] =
      unit.weapons.map((w) => ({
        choice: w.id,
        name: w.id,
        label: rules.weaponLabel(w),
        tip: rules.describeWeapon(w),
        icon: w.effect,
      }));
    for (const ability of rules.abilities(unit)) {
      entries.push({
        choice: abilityChoice(ability.id),
        name: ability.id,
        label: ability.label,
        tip: ability.tip,
        icon: ability.id,
      });
    }
    const fontSize = entries.length > 1 ? 12 : 14;
    const widths = shareButtonRow(
      entries.map((e) => Button.widthToShow(scene, e.label, fontSize, BUTTON_H, true)),
      224,
      BUTTON_GAP,
    );
    let left = 10;
    entries.forEach((e, i) => {
      const bw = widths[i];
      const b = new Button(scene, left + bw / 2, 122, {
        name: `card-${unit.id}-${e.name}`,
        width: bw,
        height: BUTTON_H,
        label: e.label,
        fontSize,
        tooltip: e.tip,
        tooltipHost: tooltip,
        icon: this.icon(e.icon),
        onClick: () => cb.onChoose(unit.id, e.choice),
      });
      this.buttons.push(b);
      this.choices.push(e.choice);
      this.add(b);
      left += bw + BUTTON_GAP;
    });
    this.setSize(CARD_W, CARD_H);
    scene.add.existing(this);
  }

  /** The icon named like the weapon's effect or the ability, else the sword. */
  private icon(name: string): { texture: string; frame: string } | null {
    const frame = frameExists(this.scene, 'icons', name) ? name : 'sword';
    return frameExists(this.scene, 'icons', frame) ? { texture: 'icons', frame } : null;
  }

  /** What the card shows now (for tests): its status line and its wounds label. */
  get shown(): { status: string; wounds: string } {
    return { status: this.statusText.text, wounds: this.woundsLabel };
  }

  refreshCard(
    unit: Unit,
    view: {
      acting: boolean;
      inspected: boolean;
      selectedWeapon: string | null;
      usable: Record<string, boolean>;
      status: string;
      wounds: number;
      fallen: boolean;
    },
  ): void {
    const fallen = view.fallen;
    const abilities = this.rules.abilities(unit);
    const key = JSON.stringify([view, abilities]);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.acting = view.acting;
    const g = this.bg;
    g.clear();
    drawPanel(g, 0, 0, CARD_W, CARD_H, {
      fill: view.acting ? 0x241a12 : COLORS.panel,
      border: view.acting ? COLORS.gold : view.inspected ? COLORS.hero : COLORS.panelBorder,
      lineWidth: view.acting || view.inspected ? 2.5 : 1.5,
    });
    this.statusText.setText(view.status);
    fitWidth(this.statusText, CARD_W - 88);
    this.statusText.setColor(view.acting ? CSS.gold : fallen ? CSS.red : CSS.muted);
    this.setAlpha(fallen ? 0.55 : 1);
    this.portrait.setAlpha(fallen ? 0.4 : 1);
    this.drawPipsFor(view.wounds, unit.maxWounds);
    this.choices.forEach((id, i) => {
      const b = this.buttons[i];
      const ability = abilities.find((a) => abilityChoice(a.id) === id);
      if (ability) b.setLabel(ability.label);
      b.setEnabled(!fallen && view.usable[id] === true);
      b.setSelected(view.acting && view.selectedWeapon === id);
    });
  }

  private drawPipsFor(wounds: number, maxWounds: number): void {
    const unit = { wounds, maxWounds };
    const key = `${unit.wounds}/${unit.maxWounds}`;
    if (key === this.pipKey) return;
    this.pipKey = key;
    this.pips.removeAll(true);
    const left = unit.maxWounds - unit.wounds;
    const useIcons =
      frameExists(this.scene, 'icons', 'heart') && frameExists(this.scene, 'icons', 'heart-empty');
    for (let i = 0; i < unit.maxWounds; i++) {
      const full = i < left;
      if (useIcons) {
        const img = this.scene.add.image(10 + i * 24, 12, 'icons', full ? 'heart' : 'heart-empty');
        img.setScale(20 / Math.max(img.width, img.height));
        this.pips.add(img);
      } else {
        const c = this.scene.add
          .circle(10 + i * 24, 12, 8, full ? 0xd83a3a : 0x2a1d1d)
          .setStrokeStyle(2, full ? 0xff8a7a : 0x5a4a4a);
        this.pips.add(c);
      }
    }
    // Wounds left, as the hearts and the dice log count them.
    this.woundsLabel = woundsLeftLabel(unit.wounds, unit.maxWounds);
    const label = this.scene.add
      .text(10 + unit.maxWounds * 24 - 4, 12, this.woundsLabel, readingStyle(12, CSS.muted))
      .setOrigin(0, 0.5);
    fitWidth(label, CARD_W - 80 - label.x - 6);
    this.pips.add(label);
  }
}

// ------------------------------------------------------------------ info panel

export class InfoPanel extends Phaser.GameObjects.Container {
  private bg: Phaser.GameObjects.Graphics;
  private title: Phaser.GameObjects.Text;
  private bodyText: Phaser.GameObjects.Text;
  /** The line at the foot saying there is more (a long text at a larger text size). */
  private more: Phaser.GameObjects.Text;
  private lastKey = '';
  private readonly panelW: number;
  private readonly panelH: number;
  /** The first line of the body in view (a body longer than the panel scrolls by lines). */
  private firstLine = 0;
  /** The whole body, of which the text shows the lines in view. */
  private fullBody = '';
  /** The body's lines in view when it is longer than the panel (0: it fits). */
  private linesInView = 0;

  constructor(scene: Phaser.Scene, x: number, y: number, w: number, h: number) {
    super(scene, x, y);
    this.panelW = w;
    this.panelH = h;
    this.bg = scene.add.graphics();
    drawPanel(this.bg, 0, 0, w, h);
    this.title = scene.add.text(12, 8, '', titleStyle(16, CSS.gold, { strokeThickness: 0 }));
    this.bodyText = scene.add
      .text(
        12,
        34,
        '',
        readingStyle(13, CSS.parchment, {
          wordWrap: { width: w - 24, useAdvancedWrap: true },
          lineSpacing: 2,
        }),
      )
      .setName('info-body');
    this.more = scene.add
      .text(w - 10, h - 4, '', readingStyle(11, CSS.gold))
      .setOrigin(1, 1)
      .setName('info-more');
    // The wheel or a drag over the panel scrolls a body too long for it.
    const zone = scene.add.zone(w / 2, h / 2, w, h).setInteractive();
    scrollZoneByRows(zone, 16, 2, (lines) => {
      this.scrollLines(lines);
      return true;
    });
    this.add([this.bg, zone, this.title, this.bodyText, this.more]);
    scene.add.existing(this);
  }

  /** What the panel shows now (the whole body, also where it scrolls). */
  get shown(): { title: string; body: string } {
    return { title: this.title.text, body: this.fullBody };
  }

  show(title: string, body: string): void {
    const key = `${title}\n${body}`;
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.firstLine = 0;
    this.fullBody = body;
    this.title.setText(title);
    this.placeBody();
  }

  /** Scrolls a body longer than the panel by `by` lines (within its ends). */
  scrollLines(by: number): void {
    this.firstLine += by;
    this.placeBody();
  }

  /**
   * Scrolls a body longer than the panel a page on (`dir` 1) or back (-1), keeping one line
   * of the last page in view; false when the body fits (nothing to scroll).
   */
  scrollPage(dir: 1 | -1): boolean {
    if (this.linesInView === 0) return false;
    this.scrollLines(dir * Math.max(1, this.linesInView - 1));
    return true;
  }

  /**
   * Shows the body's lines from the first in view, whole lines only, and a foot line saying
   * which way there is more. The text holds just the lines in view rather than a crop of
   * the whole (a crop of this high-resolution text drew lower than its place on Canvas).
   */
  private placeBody(): void {
    const body = this.bodyText;
    body.setText(this.fullBody);
    const room = this.panelH - 34 - 8;
    if (body.height <= room) {
      this.firstLine = 0;
      this.linesInView = 0;
      this.more.setText('');
      return;
    }
    const wrapped = body.getWrappedText();
    const lineH = body.height / Math.max(1, wrapped.length);
    // The foot line takes the last line's room.
    const fits = Math.max(1, Math.floor((room - this.more.height) / lineH));
    this.linesInView = fits;
    this.firstLine = Math.max(0, Math.min(wrapped.length - fits, this.firstLine));
    body.setText(wrapped.slice(this.firstLine, this.firstLine + fits).join('\n'));
    this.more.setText(moreWords(this.firstLine > 0, this.firstLine >= wrapped.length - fits));
  }
}

// ------------------------------------------------------------------ banner

export class Banner extends Phaser.GameObjects.Container {
  private strip: Phaser.GameObjects.Graphics;
  private label: Phaser.GameObjects.Text;

  constructor(
    scene: Phaser.Scene,
    x: number,
    y: number,
    private readonly stripWidth: number,
  ) {
    super(scene, x, y);
    this.strip = scene.add.graphics();
    this.strip.fillStyle(0x000000, 0.72);
    this.strip.fillRect(-stripWidth / 2, -34, stripWidth, 68);
    this.strip.lineStyle(2, COLORS.gold, 0.8);
    this.strip.lineBetween(-stripWidth / 2, -34, stripWidth / 2, -34);
    this.strip.lineBetween(-stripWidth / 2, 34, stripWidth / 2, 34);
    this.label = scene.add
      .text(0, 0, '', titleStyle(40, CSS.gold))
      .setOrigin(0.5)
      .setName('battle-banner');
    this.add([this.strip, this.label]);
    this.setVisible(false).setDepth(5000);
    scene.add.existing(this);
  }

  /** Shows text for `hold` ms, then fades out on its own. */
  play(text: string, color: string, size: number, hold: number): void {
    this.label.setText(text).setColor(color).setFontSize(size).setScale(1);
    // Within the strip, whatever its width (issue 29: cut at both sides on a phone upright).
    const room = this.stripWidth - 24;
    if (this.label.width > room) this.label.setScale(room / this.label.width);
    this.scene.tweens.killTweensOf(this);
    this.setVisible(true).setAlpha(0).setScale(1, 0.6);
    this.scene.tweens.chain({
      targets: this,
      tweens: [
        { alpha: 1, scaleY: 1, duration: 160, ease: 'Back.easeOut' },
        { alpha: 0, duration: 260, delay: Math.max(0, hold - 160) },
      ],
      onComplete: () => this.setVisible(false),
    });
  }

  hide(): void {
    this.scene.tweens.killTweensOf(this);
    this.setVisible(false);
  }
}

/** Draws a text smaller when it is wider than `room` (a large text size in a fixed card). */
function fitWidth(t: Phaser.GameObjects.Text, room: number): void {
  t.setScale(1);
  if (t.width > room && room > 0) t.setScale(room / t.width);
}
