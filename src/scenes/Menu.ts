/** The title screen: New game, Continue (greyed without a save), Settings, Credits. */
import Phaser from 'phaser';
import { app } from '../app/app';
import { loadSavedSession } from '../app/session';
import { sounds } from '../audio/sound-bank';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import { COLORS, CSS, textStyle, titleStyle } from '../view/theme';
import { Button, drawPanel, Toast } from '../view/ui';

export class MenuScene extends Phaser.Scene {
  constructor() {
    super('Menu');
  }

  create(): void {
    const { W, H } = frameMenuScene(this);
    drawBackdrop(this, 0.3);
    this.cameras.main.fadeIn(200, 6, 5, 8);
    // The title art (800 x 300, no lettering; its top band is dark for the title).
    const artY = 14;
    let artBottom = 330;
    if (this.textures.exists('title')) {
      const art = this.add.image(W / 2, artY, 'title').setOrigin(0.5, 0);
      art.setScale(Math.min(1.25, (W - 120) / art.width));
      artBottom = artY + art.displayHeight;
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
    const title = this.add
      .text(W / 2, artY + 62, 'ARCH FOE', titleStyle(80, CSS.gold, { strokeThickness: 8 }))
      .setOrigin(0.5);
    title.setShadow(0, 4, '#000000', 12, true, true);
    this.add
      .text(
        W / 2,
        artBottom + 30,
        'A solitaire dungeon crawl: the dice run the monsters',
        textStyle(20, CSS.parchment, { stroke: '#000000', strokeThickness: 4 }),
      )
      .setOrigin(0.5);

    // Check the save slot: a corrupt save is set aside with a message, never a crash.
    let canContinue = false;
    let saveInfo = '';
    const loaded = loadSavedSession();
    if (loaded.kind === 'ok') {
      canContinue = true;
      const s = loaded.session.state;
      saveInfo = `${loaded.session.scenario.name}, round ${s.round}`;
    } else if (loaded.kind === 'corrupt') {
      app.menuMessage = loaded.error;
    }

    const rowY = artBottom + 100;
    const bw = 230;
    const gap = 20;
    let bx = W / 2 - (4 * bw + 3 * gap) / 2 + bw / 2;
    const mk = (name: string, label: string, onClick: () => void, primary = false): Button => {
      const b = new Button(this, bx, rowY, {
        name,
        width: bw,
        height: 54,
        label,
        fontSize: 22,
        primary,
        onClick,
      });
      bx += bw + gap;
      return b;
    };
    mk('new-game', 'New game', () => app.goto('Setup'), true);
    const cont = mk('continue', 'Continue', () => void app.resume());
    cont.setEnabled(canContinue);
    mk('settings', 'Settings', () => app.goto('Settings', { overlay: false }));
    mk('credits', 'Credits', () => app.goto('Credits'));
    this.add
      .text(
        cont.x,
        rowY + 38,
        saveInfo || 'no saved battle',
        textStyle(13, saveInfo ? CSS.muted : CSS.dim),
      )
      .setOrigin(0.5, 0);
    const py = rowY;
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
          textStyle(16, '#ffd2c8', { align: 'center', wordWrap: { width: 640 }, lineSpacing: 3 }),
        )
        .setOrigin(0.5, 0)
        .setName('menu-message');
      drawPanel(box, W / 2 - t.width / 2 - 18, t.y - 12, t.width + 36, t.height + 24, {
        fill: 0x3a1210,
        border: COLORS.danger,
      });
      t.setDepth(1);
    }

    this.add
      .text(W - 14, H - 10, 'Enter: new game \u00b7 C: continue', textStyle(13, CSS.dim))
      .setOrigin(1, 1);
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
}
