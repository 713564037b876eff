/** The title screen: New game, Continue (greyed without a save), Settings, Credits. */
import Phaser from 'phaser';
import { app } from '../app/app';
import { loadSavedSession } from '../app/session';
import { sounds } from '../audio/sound-bank';
import { COLORS, CSS, GAME_HEIGHT, GAME_WIDTH, textStyle, titleStyle } from '../view/theme';
import { Button, drawPanel, Toast } from '../view/ui';
import { cosmetic } from '../view/rng';

/** A darkened backdrop: the title art, else a drawn vault of torchlight. */
export function drawBackdrop(scene: Phaser.Scene, dim = 0.35): void {
  const W = GAME_WIDTH;
  const H = GAME_HEIGHT;
  if (scene.textures.exists('title')) {
    const img = scene.add.image(W / 2, H / 2, 'title');
    img.setScale(Math.max(W / img.width, H / img.height));
  } else {
    const g = scene.add.graphics();
    for (let i = 0; i < 24; i++) {
      g.fillStyle(Phaser.Display.Color.GetColor(22 + i, 14 + i / 2, 24 + i / 3), 1);
      g.fillRect(0, (H / 24) * i, W, H / 24 + 1);
    }
    g.fillStyle(0x000000, 0.25);
    for (let i = 0; i < 60; i++) g.fillRect(cosmetic.int(0, W), cosmetic.int(0, H), cosmetic.int(40, 120), 2);
  }
  const shade = scene.add.graphics();
  shade.fillStyle(0x000000, dim);
  shade.fillRect(0, 0, W, H);
}

export class MenuScene extends Phaser.Scene {
  constructor() {
    super('Menu');
  }

  create(): void {
    const W = GAME_WIDTH;
    const H = GAME_HEIGHT;
    drawBackdrop(this, 0.3);
    const hasTitleArt = this.textures.exists('title');
    // Title (the art may carry its own lettering; the text stays for clarity either way).
    const title = this.add.text(W / 2, hasTitleArt ? 120 : 150, 'ARCH FOE', titleStyle(84, CSS.gold, { strokeThickness: 8 })).setOrigin(0.5);
    title.setShadow(0, 4, '#000000', 12, true, true);
    this.add
      .text(W / 2, title.y + 66, 'A solitaire dungeon crawl: the dice run the monsters', textStyle(20, CSS.parchment, { stroke: '#000000', strokeThickness: 4 }))
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

    const panelW = 360;
    const panelH = 300;
    const px = W / 2 - panelW / 2;
    const py = 300;
    const g = this.add.graphics();
    drawPanel(g, px, py, panelW, panelH, { alpha: 0.86 });

    const bx = W / 2;
    let by = py + 50;
    const mk = (name: string, label: string, onClick: () => void, primary = false): Button => {
      const b = new Button(this, bx, by, { name, width: 300, height: 48, label, fontSize: 22, primary, onClick });
      by += 64;
      return b;
    };
    mk('new-game', 'New game', () => app.goto('Setup'), true);
    const cont = mk('continue', 'Continue', () => void app.resume());
    cont.setEnabled(canContinue);
    mk('settings', 'Settings', () => app.goto('Settings', { overlay: false }));
    mk('credits', 'Credits', () => app.goto('Credits'));
    if (saveInfo) {
      this.add.text(bx, cont.y + 25, saveInfo, textStyle(12, CSS.muted)).setOrigin(0.5, 0).setDepth(5);
    }

    if (app.menuMessage) {
      const msg = app.menuMessage;
      app.menuMessage = null;
      const box = this.add.graphics();
      const t = this.add
        .text(W / 2, py + panelH + 40, msg, textStyle(16, '#ffd2c8', { align: 'center', wordWrap: { width: 640 }, lineSpacing: 3 }))
        .setOrigin(0.5, 0)
        .setName('menu-message');
      drawPanel(box, W / 2 - t.width / 2 - 18, t.y - 12, t.width + 36, t.height + 24, { fill: 0x3a1210, border: COLORS.danger });
      t.setDepth(1);
    }

    this.add
      .text(W - 14, H - 10, 'Enter: new game \u00b7 C: continue', textStyle(13, CSS.dim))
      .setOrigin(1, 1);
    new Toast(this, W / 2, H - 60);

    this.input.keyboard?.on('keydown', (e: KeyboardEvent) => {
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
