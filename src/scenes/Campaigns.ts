/**
 * The campaign slots: three places for a campaign each, with what is in them (the
 * campaign, its difficulty, where it stands, when it was saved). Continue one, start a new
 * one at a chosen difficulty in an empty slot, export a slot's save as a file, delete one
 * (a second click confirms), or import a save file (the picker, or dropped on the page).
 * A damaged or foreign file gets a plain message and no slot changes.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { bundledCampaigns } from '../app/campaign-play';
import { chooseSaveFile, downloadSlot, installSaveFileInput } from '../app/save-files';
import { CAMPAIGN_SLOTS, type CampaignSlotId } from '../app/save-slots';
import { sounds } from '../audio/sound-bank';
import { DIFFICULTIES, DIFFICULTY_NAMES, type Difficulty } from '../engine/campaign';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import { COLORS, CSS, textStyle, titleStyle } from '../view/theme';
import { Button, drawPanel, Toast } from '../view/ui';

const DIFFICULTY_WORDS: Readonly<Record<Difficulty, string>> = {
  story:
    'Fewer foes and a weaker Arch Foe; the wounded are well cared for, and a hero who falls may live.',
  normal: 'The missions as written, and wounds heal by the book.',
  hard: 'More foes, a tougher Arch Foe, and a hard road for the wounded.',
  ironman: 'Hard, with one save written after every move: nothing can be taken back.',
};

/** The difficulty a new campaign starts at (kept while the screen is rebuilt). */
let chosen: Difficulty = 'normal';

export class CampaignsScene extends Phaser.Scene {
  private confirmDelete: CampaignSlotId | null = null;

  constructor() {
    super('Campaigns');
  }

  init(): void {
    this.confirmDelete = null;
  }

  create(): void {
    const { W, H } = frameMenuScene(this, { portrait: true });
    // A phone held upright: the difficulties in two rows, the slots one under another.
    const upright = H > W;
    drawBackdrop(this, 0.7);
    installSaveFileInput();
    const toast = new Toast(this, W / 2, H - 110);
    const { campaigns, problems } = bundledCampaigns();
    const def = campaigns[0];
    this.add.text(W / 2, 44, 'Campaign', titleStyle(46)).setOrigin(0.5);
    this.add
      .text(
        W / 2,
        84,
        def
          ? `${def.name}: ${def.missions.length} missions, one party from the first to the last.`
          : 'No campaign could be read.',
        textStyle(18, CSS.muted, { align: 'center', wordWrap: { width: W - 60 } }),
      )
      .setOrigin(0.5, 0);

    // The difficulty of a new campaign.
    const dy = upright ? 170 : 134;
    if (upright)
      this.add.text(W / 2, dy - 46, 'New campaigns at:', textStyle(20, CSS.gold)).setOrigin(0.5);
    else this.add.text(120, dy, 'New campaigns at:', textStyle(17, CSS.gold)).setOrigin(0, 0.5);
    const buttons: Button[] = [];
    DIFFICULTIES.forEach((d, i) => {
      const bx = upright ? W / 2 + (i % 2 === 0 ? -150 : 150) : 370 + i * 150;
      const by = upright ? dy + Math.floor(i / 2) * 62 : dy;
      const b = new Button(this, bx, by, {
        name: `difficulty-${d}`,
        width: upright ? 280 : 136,
        height: upright ? 52 : 38,
        label: DIFFICULTY_NAMES[d],
        fontSize: 17,
        onClick: () => {
          chosen = d;
          for (const x of buttons) x.setSelected(x.buttonName === `difficulty-${d}`);
          words.setText(DIFFICULTY_WORDS[d]);
        },
      });
      b.setSelected(d === chosen);
      buttons.push(b);
    });
    const words = this.add
      .text(
        W / 2,
        dy + (upright ? 100 : 30),
        DIFFICULTY_WORDS[chosen],
        textStyle(upright ? 18 : 15, CSS.parchment, {
          align: 'center',
          wordWrap: { width: W - 60 },
        }),
      )
      .setOrigin(0.5, 0)
      .setName('difficulty-words');

    // The three slots.
    const sw = upright ? W - 80 : 360;
    const gap = upright ? 20 : 30;
    const top = upright ? 350 : 208;
    const sh = upright ? 270 : 300;
    CAMPAIGN_SLOTS.forEach((slot, i) => {
      const x = upright ? 40 : W / 2 - (3 * sw + 2 * gap) / 2 + i * (sw + gap);
      const y = upright ? top + i * (sh + gap) : top;
      this.slotPanel(slot, i + 1, x, y, sw, sh, def?.id ?? null, toast);
    });

    // Import, the message, and back.
    const by = upright ? top + 3 * (sh + gap) + 30 : top + sh + 40;
    new Button(this, W / 2 - 130, by, {
      name: 'import-save',
      width: 230,
      height: 46,
      label: 'Import a save file',
      fontSize: 18,
      tooltip:
        'Load a campaign save (.json) into the first empty slot. You can also drop it on the page.',
      onClick: () => chooseSaveFile(),
    });
    this.add
      .text(W / 2 + 10, by, 'or drop a save file here', textStyle(15, CSS.dim))
      .setOrigin(0, 0.5);
    const message =
      app.campaignsMessage ??
      (problems.length ? { kind: 'error' as const, text: problems.join(' ') } : null);
    app.campaignsMessage = null;
    const line = this.add
      .text(
        W / 2,
        by + 40,
        message?.text ?? '',
        textStyle(16, message?.kind === 'error' ? '#ffb4a8' : CSS.green, {
          align: 'center',
          wordWrap: { width: W - 60 },
        }),
      )
      .setOrigin(0.5, 0)
      .setName('campaigns-message');
    if (message?.kind === 'error') {
      const box = this.add.graphics();
      drawPanel(box, W / 2 - line.width / 2 - 16, line.y - 8, line.width + 32, line.height + 16, {
        fill: 0x3a1210,
        border: COLORS.danger,
      });
      line.setDepth(1);
    }
    new Button(this, W / 2, H - 40, {
      name: 'campaigns-back',
      width: 200,
      height: 46,
      label: 'Back',
      fontSize: 20,
      onClick: () => app.goto('Menu'),
    });
    onKeyDown(this, (e) => {
      if (e.key === 'Escape') {
        sounds.play('ui-click');
        app.goto('Menu');
      }
    });
  }

  private slotPanel(
    slot: CampaignSlotId,
    n: number,
    x: number,
    y: number,
    w: number,
    h: number,
    campaignId: string | null,
    toast: Toast,
  ): void {
    const g = this.add.graphics();
    const record = app.slots.get(slot);
    drawPanel(g, x, y, w, h, { alpha: 0.94 });
    this.add.text(x + 18, y + 14, `Slot ${n}`, textStyle(15, CSS.dim));
    const cx = x + w / 2;
    if (!record) {
      this.add
        .text(cx, y + 90, 'Empty', textStyle(22, CSS.muted))
        .setOrigin(0.5)
        .setName(`slot-${n}-title`);
      new Button(this, cx, y + h - 60, {
        name: `slot-${n}-new`,
        width: w - 60,
        height: 50,
        label: 'New campaign',
        fontSize: 20,
        primary: true,
        onClick: () => {
          if (!campaignId) return toast.show('No campaign could be read.');
          void app.newCampaign(slot, campaignId, chosen).then((r) => {
            if (!r.ok) toast.show(r.error ?? 'The campaign could not be saved.');
          });
        },
      }).setEnabled(campaignId !== null);
      return;
    }
    this.add
      .text(
        cx,
        y + 56,
        record.title,
        titleStyle(22, CSS.gold, { align: 'center', wordWrap: { width: w - 30 } }),
      )
      .setOrigin(0.5, 0)
      .setName(`slot-${n}-title`);
    this.add
      .text(
        cx,
        y + 96,
        record.detail,
        textStyle(15, CSS.parchment, { align: 'center', wordWrap: { width: w - 40 } }),
      )
      .setOrigin(0.5, 0)
      .setName(`slot-${n}-detail`);
    const when = new Date(record.savedAt);
    this.add
      .text(
        x + w - 18,
        y + 14,
        Number.isNaN(when.getTime()) ? '' : `saved ${when.toLocaleString()}`,
        textStyle(13, CSS.dim),
      )
      .setOrigin(1, 0);
    new Button(this, cx, y + h - 104, {
      name: `slot-${n}-continue`,
      width: w - 60,
      height: 48,
      label: 'Continue',
      fontSize: 20,
      primary: true,
      onClick: () => {
        const r = app.openCampaign(slot);
        if (!r.ok) toast.show(r.error ?? 'The campaign could not be loaded.');
      },
    });
    const half = (w - 70) / 2;
    new Button(this, x + 30 + half / 2, y + h - 44, {
      name: `slot-${n}-export`,
      width: half,
      height: 40,
      label: 'Export',
      fontSize: 16,
      tooltip: 'Download this campaign as a file, to move it to another browser or share it.',
      onClick: () => {
        const r = downloadSlot(slot);
        toast.show(r.message, r.ok ? 'info' : 'error');
      },
    });
    const del = new Button(this, x + w - 30 - half / 2, y + h - 44, {
      name: `slot-${n}-delete`,
      width: half,
      height: 40,
      label: 'Delete',
      fontSize: 16,
      onClick: () => {
        if (this.confirmDelete !== slot) {
          this.confirmDelete = slot;
          del.setLabel('Sure? Delete');
          return;
        }
        void app.slots.remove(slot).then((r) => {
          if (!r.ok) app.campaignsMessage = { kind: 'error', text: r.error };
          app.goto('Campaigns');
        });
      },
    });
  }
}
