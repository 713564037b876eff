/**
 * The title screen: New game, Continue (greyed without a save), Campaign, Settings, Credits,
 * Tutorial (offered in gold on a first visit); the
 * title in pixel lettering over the title art, its torches flickering, embers rising from
 * the lava, and a party and its foes standing (and now and then swinging) below. A phone
 * held upright gets the same in a column.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { defaultRuleModule } from '../engine/rulesets/registry';
import { sounds } from '../audio/sound-bank';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import { cosmetic } from '../view/rng';
import {
  COLORS,
  CSS,
  currentReadingScale,
  fadeMs,
  isReducedMotion,
  readingSize,
  readingStyle,
  textStyle,
  TITLE_FONT,
} from '../view/theme';
import { artTexture, ensureUnitAnimations, frameExists } from '../view/unit-view';
import { Button, drawPanel, enableKeyboardFocus, fitText, Toast } from '../view/ui';
import { tutorialOffered } from '../app/tutorial-flag';

export class MenuScene extends Phaser.Scene {
  /** How many times the Menu was built (a relayout builds it again). */
  private builds = 0;

  constructor() {
    super('Menu');
  }

  create(): void {
    enableKeyboardFocus(this);
    const { W, H } = frameMenuScene(this, { portrait: true });
    const upright = H > W;
    drawBackdrop(this, 0.3);
    this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    // The text size grows the texts and, on a wide screen, the buttons, which then sit in
    // two rows of three under a smaller picture.
    const k = currentReadingScale();
    const twoRows = !upright && k > 1;
    // The title art (800 x 300, no lettering; its top band is dark for the title).
    const artY = upright ? Math.max(60, (H - 1150) / 2) : 14;
    let artBottom = artY + 316;
    let artScale = 1;
    if (this.textures.exists('title')) {
      const art = this.add.image(W / 2, artY, 'title').setOrigin(0.5, 0);
      artScale = Math.min(twoRows ? 0.8 : 1.25, (W - (upright ? 40 : 120)) / art.width);
      art.setScale(artScale);
      artBottom = artY + art.displayHeight;
      this.torchlight(W / 2, artY, art.displayWidth, art.displayHeight);
      const frame = this.add.graphics();
      frame.lineStyle(3, COLORS.panelBorder, 1);
      frame.strokeRect(
        W / 2 - art.displayWidth / 2 - 2,
        artY - 2,
        art.displayWidth + 4,
        art.displayHeight + 4,
      );
      frame.lineStyle(1, COLORS.gold, 0.5);
      frame.strokeRect(
        W / 2 - art.displayWidth / 2 - 6,
        artY - 6,
        art.displayWidth + 12,
        art.displayHeight + 12,
      );
    }
    pixelTitle(this, W / 2, artY + 62 * artScale, 'ARCH FOE', upright ? 3.2 : 4);
    const subtitle = this.add
      .text(
        W / 2,
        artBottom + 30,
        'A solitaire dungeon crawl: the dice run the monsters',
        readingStyle(upright ? 24 : 20, CSS.parchment, {
          stroke: '#000000',
          strokeThickness: 4,
          wordWrap: { width: W - 40 },
          align: 'center',
        }),
      )
      .setOrigin(0.5)
      .setName('menu-subtitle');
    // Larger, it may take two lines: it hangs under the picture, the buttons under it.
    if (k > 1) subtitle.setOrigin(0.5, 0).setY(artBottom + 14);

    // The quick battle's slot (read by the Boot scene; a damaged save is reported there).
    const quick = app.slots.get('quick');
    const canContinue = quick !== null;
    const saveInfo = quick ? `${quick.title}, ${quick.detail}` : '';

    // One row of six buttons (two rows of three with larger text); upright, rows of two.
    const bw = upright ? 300 : Math.round(180 * k);
    const bh = upright ? 72 : Math.round(54 * Math.min(k, 1.3));
    const rowY =
      k > 1
        ? subtitle.y + subtitle.height + (upright ? 40 : 28) + bh / 2
        : artBottom + (upright ? 120 : 100);
    const gap = 20;
    const perRow = upright ? 2 : twoRows ? 3 : 6;
    const underSize = readingSize(upright ? 17 : 13);
    const under = textStyle(underSize, CSS.gold, { align: 'center' });
    // From one row of buttons to the next (room for the line under a button).
    const rowStep = bh + Math.round(44 * Math.min(k, 1.2));
    let made = 0;
    const mk = (name: string, label: string, onClick: () => void, primary = false): Button => {
      const col = made % perRow;
      const row = Math.floor(made / perRow);
      const x = W / 2 - (perRow * bw + (perRow - 1) * gap) / 2 + bw / 2 + col * (bw + gap);
      made += 1;
      return new Button(this, x, rowY + row * rowStep, {
        name,
        width: bw,
        height: bh,
        label,
        fontSize: upright ? 28 : 22,
        primary,
        onClick,
      });
    };
    mk('new-game', 'New game', () => app.goto('Setup'), true);
    const cont = mk('continue', 'Continue', () => void app.resume());
    mk('campaign', 'Campaign', () => app.goto('Campaigns'), true);
    cont.setEnabled(canContinue);
    mk('settings', 'Settings', () => app.goto('Settings', { overlay: false }));
    mk('credits', 'Credits', () => app.goto('Credits'));
    // The guided first battle; on a first visit it is offered in gold under its button.
    const firstVisit = !tutorialOffered();
    const tutorial = mk('tutorial', 'Tutorial', () => void app.startTutorial(), firstVisit);
    // A line under a button keeps to the screen (and the save's line to its column).
    const onScreen = (x: number): number => 2 * Math.min(x, W - x) - 16;
    if (firstVisit)
      // The last row's: it may take two lines (nothing under it but the party).
      this.add
        .text(tutorial.x, tutorial.y + bh / 2 + 10, 'New here? A short guided battle', {
          ...under,
          wordWrap: { width: onScreen(tutorial.x) },
        })
        .setOrigin(0.5, 0)
        .setName('tutorial-offer');
    const save = this.add
      .text(cont.x, cont.y + bh / 2 + 10, '', {
        ...under,
        color: saveInfo ? CSS.muted : CSS.dim,
      })
      .setOrigin(0.5, 0)
      .setName('menu-save');
    // One line: the next row is close under it (smaller, then cut, when it must be).
    fitText(
      save,
      saveInfo ? cropLine(saveInfo, 30) : 'no saved battle',
      Math.min(bw + gap, onScreen(cont.x)),
      underSize,
    );
    const py = upright ? rowY + 3 * rowStep : rowY + (twoRows ? rowStep : 0);
    // The figures are the default rule module's, whose code loads after the first screen:
    // drawn at once when it is there, else when it comes (unless the Menu was built again).
    const built = ++this.builds;
    app.whenRulesLoaded(() => {
      if (built !== this.builds || !this.sys.isActive()) return;
      this.idleParty(
        W,
        upright ? Math.min(H - 160, rowY + 4 * rowStep + 300) : H - 52,
        upright ? 2.6 : 2,
      );
    });
    const panelH = 40;

    if (app.menuMessage) {
      const msg = app.menuMessage;
      app.menuMessage = null;
      const box = this.add.graphics();
      const t = this.add
        .text(
          W / 2,
          py + panelH + 48,
          msg,
          readingStyle(16, '#ffd2c8', {
            align: 'center',
            wordWrap: { width: Math.min(W - 80, 640 * k) },
            lineSpacing: 3,
          }),
        )
        .setOrigin(0.5, 0)
        .setName('menu-message');
      drawPanel(box, W / 2 - t.width / 2 - 18, t.y - 12, t.width + 36, t.height + 24, {
        fill: 0x3a1210,
        border: COLORS.danger,
      });
      t.setDepth(1);
    }

    if (!upright)
      this.add
        .text(W - 14, H - 10, 'Enter: new game \u00b7 C: continue', readingStyle(13, CSS.dim))
        .setOrigin(1, 1)
        .setName('menu-keys');
    new Toast(this, W / 2, H - 60);

    onKeyDown(this, (e) => {
      if (e.repeat) return;
      if (e.key === 'Enter') {
        sounds.play('ui-click');
        app.goto('Setup');
      } else if ((e.key === 'c' || e.key === 'C') && canContinue) {
        sounds.play('ui-click');
        void app.resume();
      }
    });
    app.markReady();
  }

  /** Torches flickering at the title art's corners, and embers rising from its lava. */
  private torchlight(cx: number, top: number, w: number, h: number): void {
    for (const [fx, fy] of [
      [0.07, 0.32],
      [0.93, 0.32],
    ]) {
      // A soft glow: rings fading outwards, and a warm core.
      const gx = cx - w / 2 + fx * w;
      const gy = top + fy * h;
      const glow = this.add.graphics().setPosition(gx, gy).setBlendMode(Phaser.BlendModes.ADD);
      for (let r = 56; r > 4; r -= 6) {
        glow.fillStyle(0xff8a2c, 0.045);
        glow.fillCircle(0, 0, r);
      }
      const core = this.add.graphics().setPosition(gx, gy).setBlendMode(Phaser.BlendModes.ADD);
      for (let r = 12; r > 2; r -= 3) {
        core.fillStyle(0xffd27a, 0.12);
        core.fillCircle(0, 0, r);
      }
      // Under reduced motion the torches burn steady and no embers rise.
      if (isReducedMotion()) continue;
      const flicker = (): void => {
        this.tweens.add({
          targets: [glow, core],
          alpha: { from: cosmetic.range(0.55, 1), to: cosmetic.range(0.7, 1) },
          scale: cosmetic.range(0.9, 1.12),
          duration: cosmetic.int(70, 160),
          onComplete: flicker,
        });
      };
      flicker();
    }
    if (isReducedMotion()) return;
    // Embers over the lava on the right of the art.
    this.time.addEvent({
      delay: 140,
      loop: true,
      callback: () => {
        const x = cx + cosmetic.range(0.15, 0.48) * w;
        const y = top + h * cosmetic.range(0.75, 0.95);
        const ember = this.add
          .circle(x, y, cosmetic.range(1, 2.4), cosmetic.next() < 0.5 ? 0xffb347 : 0xff6a2a, 0.9)
          .setBlendMode(Phaser.BlendModes.ADD);
        this.tweens.add({
          targets: ember,
          y: y - cosmetic.range(30, 80),
          x: x + cosmetic.range(-10, 10),
          alpha: 0,
          duration: cosmetic.int(900, 1600),
          onComplete: () => ember.destroy(),
        });
      },
    });
  }

  /**
   * The party and its foes below the buttons, breathing in their idle frames; now and then
   * one of them swings.
   */
  private idleParty(W: number, y: number, scale: number): void {
    if (!this.textures.exists('units')) return;
    // The default rule module's figures, heroes facing their foes.
    const cast = defaultRuleModule().kinds.filter((k) =>
      frameExists(this, 'units', `${k.art.sprite}-idle-0`),
    );
    const step = Math.min(96, (W - 80) / Math.max(1, cast.length));
    const figures: { sprite: Phaser.GameObjects.Sprite; frames: string; texture: string }[] = [];
    cast.forEach((kind, i) => {
      const art = kind.art;
      const texture = artTexture(this, art);
      const key = ensureUnitAnimations(this, art.sprite, texture);
      if (!key) return;
      const foe = kind.side !== 'heroes';
      const x = W / 2 + (i - (cast.length - 1) / 2) * step + (foe ? 24 : -24);
      this.add.ellipse(x, y + 2, 26 * scale * 0.8, 8 * scale * 0.8, 0x000000, 0.45);
      const sprite = this.add
        .sprite(x, y, texture, `${art.sprite}-idle-0`)
        .setOrigin(0.5, 1)
        .setScale((scale * art.height) / 32)
        .setFlipX(foe);
      // Under reduced motion they stand still.
      if (isReducedMotion()) return;
      sprite.play({ key, startFrame: cosmetic.int(0, 1), delay: cosmetic.int(0, 500) });
      figures.push({ sprite, frames: art.sprite, texture });
    });
    if (figures.length === 0) return;
    this.time.addEvent({
      delay: 1400,
      loop: true,
      callback: () => {
        const f = figures[cosmetic.int(0, figures.length - 1)];
        if (!f || !frameExists(this, f.texture, `${f.frames}-attack`)) return;
        f.sprite.stop().setFrame(`${f.frames}-attack`);
        this.time.delayedCall(380, () => {
          const key = ensureUnitAnimations(this, f.frames, f.texture);
          if (key && f.sprite.active) f.sprite.play(key);
        });
      },
    });
  }
}

function cropLine(text: string, most: number): string {
  return text.length <= most ? text : `${text.slice(0, most - 1)}\u2026`;
}

/**
 * The title in pixel lettering to match the art: drawn small, then scaled up with every
 * pixel kept square (a stone-gold face over a dark outline and a drop shadow).
 */
function pixelTitle(scene: Phaser.Scene, x: number, y: number, text: string, scale: number): void {
  const style = {
    fontFamily: TITLE_FONT,
    fontSize: '20px',
    fontStyle: 'bold',
    color: '#f2c35a',
    stroke: '#2a1608',
    strokeThickness: 3,
    resolution: 1,
  };
  const shadow = scene.add
    .text(x + scale, y + scale * 1.5, text, { ...style, color: '#000000', stroke: '#000000' })
    .setOrigin(0.5)
    .setScale(scale)
    .setAlpha(0.6);
  const face = scene.add.text(x, y, text, style).setOrigin(0.5).setScale(scale);
  for (const t of [shadow, face]) t.texture.setFilter(Phaser.Textures.FilterMode.NEAREST);
}
