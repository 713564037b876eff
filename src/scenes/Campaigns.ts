/**
 * The campaign slots: three places for a campaign each, with what is in them (the
 * campaign, its difficulty, where it stands, when it was saved). Continue one, start a new
 * one in an empty slot (the picker: every bundled campaign and any the player loads from a
 * file, each with its story, missions and rule sets, and the difficulty), export a slot's
 * save as a file, delete one (a second click confirms), or import a save file (the picker,
 * or dropped on the page). A damaged or foreign file gets a plain message and no slot changes.
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { chooseCampaignFile, installCampaignFileInput, picker } from '../app/campaign-picker';
import {
  bundledCampaigns,
  campaignRuleSets,
  missingBoards,
  pickableCampaigns,
} from '../app/campaign-play';
import { chooseSaveFile, downloadSlot, installSaveFileInput } from '../app/save-files';
import { CAMPAIGN_SLOTS, type CampaignSlotId } from '../app/save-slots';
import { sounds } from '../audio/sound-bank';
import {
  DIFFICULTIES,
  DIFFICULTY_NAMES,
  type CampaignDefinition,
  type Difficulty,
} from '../engine/campaign';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene } from '../view/frame';
import { onKeyDown } from '../view/keys';
import {
  COLORS,
  CSS,
  currentReadingScale,
  readingSize,
  readingStyle,
  textStyle,
  titleStyle,
} from '../view/theme';
import { Button, clampLines, drawPanel, enableKeyboardFocus, fitText, Toast } from '../view/ui';

const DIFFICULTY_WORDS: Readonly<Record<Difficulty, string>> = {
  story:
    'Fewer foes and a weaker Arch Foe; the wounded are well cared for, and a hero who falls may live.',
  normal: 'The missions as written, and wounds heal by the book.',
  hard: 'More foes, a tougher Arch Foe, and a hard road for the wounded.',
  ironman: 'Hard, with one save written after every move: nothing can be taken back.',
};

/** The picker's first page of campaigns shown (more: previous and next). */
let pickerPage = 0;

export class CampaignsScene extends Phaser.Scene {
  private confirmDelete: CampaignSlotId | null = null;

  constructor() {
    super('Campaigns');
  }

  init(): void {
    this.confirmDelete = null;
  }

  create(): void {
    enableKeyboardFocus(this);
    // A phone held upright: the slots (or the picker's campaigns) one under another; on a
    // screen wider than 16:9 (a phone on its side) they share its whole width.
    const { W, H } = frameMenuScene(this, { portrait: true, wide: true });
    const upright = H > W;
    drawBackdrop(this, 0.7);
    installSaveFileInput();
    installCampaignFileInput();
    const toast = new Toast(this, W / 2, H - 110);
    // A slot filled meanwhile (an import) closes its picker.
    if (picker.slot && app.slots.has(picker.slot)) picker.slot = null;
    if (picker.slot) this.drawPicker(picker.slot, W, H, upright, toast);
    else this.drawSlots(W, H, upright, toast);
    onKeyDown(this, (e) => {
      if (e.key !== 'Escape') return;
      sounds.play('ui-click');
      if (picker.slot) this.closePicker();
      else app.goto('Menu');
    });
  }

  private drawSlots(W: number, H: number, upright: boolean, toast: Toast): void {
    const { campaigns } = bundledCampaigns();
    this.add.text(W / 2, 44, 'Campaign', titleStyle(46)).setOrigin(0.5);
    const count = pickableCampaigns().length;
    const subtitle = this.add
      .text(
        W / 2,
        84,
        count > 0
          ? `${campaigns.length === 1 ? `${campaigns[0].name} and campaigns` : 'Campaigns'} of your own: one party from the first mission to the last.`
          : 'No campaign could be read: load one of your own from a file.',
        readingStyle(upright ? 21 : 18, CSS.muted, {
          align: 'center',
          wordWrap: { width: W - 60 },
        }),
      )
      .setOrigin(0.5, 0)
      .setName('campaigns-subtitle');

    // The three slots: upright, one under another, as tall as the screen lets them be.
    const u = uprightSize(upright);
    const gap = upright ? 24 : 30;
    const sw = upright ? W - 80 : Math.max(360, Math.floor((W - 160 - 2 * gap) / 3));
    // Below the subtitle, however many lines it takes.
    const top = Math.max(upright ? 170 : 150, subtitle.y + subtitle.height + 16);
    // Upright: Import and Back share the foot's row, the drop line and any message above it.
    const foot = 170;
    const sh = upright ? Math.max(270, Math.min(340, Math.floor((H - top - foot) / 3) - gap)) : 340;
    CAMPAIGN_SLOTS.forEach((slot, i) => {
      const x = upright ? 40 : W / 2 - (3 * sw + 2 * gap) / 2 + i * (sw + gap);
      const y = upright ? top + i * (sh + gap) : top;
      this.slotPanel(slot, i + 1, x, y, sw, sh, toast, u);
    });

    // Import, the message, and back.
    const by = upright ? H - 50 : top + sh + 40;
    const backW = 200;
    // Wider at a larger text size, so its label keeps its size.
    const importW = upright ? W - 80 - backW - 16 : Math.round(230 * currentReadingScale());
    new Button(this, upright ? 40 + importW / 2 : W / 2 - 15 - importW / 2, by, {
      name: 'import-save',
      width: importW,
      height: u(46, 58),
      label: 'Import a save file',
      fontSize: u(18, 23),
      tooltip:
        'Load a campaign save (.json) into the first empty slot. You can also drop it on the page.',
      onClick: () => chooseSaveFile(),
    });
    this.add
      .text(
        upright ? W / 2 : W / 2 + 10,
        upright ? by - 56 : by,
        'or drop a save file here',
        readingStyle(u(15, 19), CSS.dim),
      )
      .setOrigin(upright ? 0.5 : 0, 0.5)
      .setName('campaigns-drop');
    this.messageLine(W, upright ? top + 3 * (sh + gap) : by + 40);
    new Button(this, upright ? W - 40 - backW / 2 : W / 2, upright ? by : H - 40, {
      name: 'campaigns-back',
      width: backW,
      height: u(46, 58),
      label: 'Back',
      fontSize: u(20, 25),
      onClick: () => app.goto('Menu'),
    });
  }

  /** The message of the last import or file (or the bundled campaigns' problems), once. */
  private messageLine(W: number, y: number): void {
    const { problems } = bundledCampaigns();
    const message =
      app.campaignsMessage ??
      (problems.length ? { kind: 'error' as const, text: problems.join(' ') } : null);
    app.campaignsMessage = null;
    const line = this.add
      .text(
        W / 2,
        y,
        message?.text ?? '',
        textStyle(16, message?.kind === 'error' ? '#ffb4a8' : CSS.green, {
          align: 'center',
          wordWrap: { width: W - 80 },
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
  }

  private closePicker(): void {
    picker.slot = null;
    app.goto('Campaigns');
  }

  /**
   * The campaign picker for an empty slot: each campaign with its title, a few lines of its
   * story, its missions and rule sets (and any board this game lacks); the difficulty; a
   * campaign of the player's own from a file (or dropped); start and cancel.
   */
  private drawPicker(
    slot: CampaignSlotId,
    W: number,
    H: number,
    upright: boolean,
    toast: Toast,
  ): void {
    const list = pickableCampaigns();
    const chosen = list.find((c) => c.id === picker.chosen) ?? list[0] ?? null;
    this.add
      .text(W / 2, 40, `A new campaign in slot ${slot.slice(-1)}`, titleStyle(upright ? 40 : 38))
      .setOrigin(0.5);

    // The campaigns, a page at a time.
    const cx = 40;
    // Beside the difficulty's column (430 wide), as wide as the screen leaves.
    const cw = upright ? W - 80 : W - 540;
    const ch = upright ? 196 : 150;
    const gap = 14;
    const top = 86;
    const perPage = upright ? 4 : 3;
    const pages = Math.max(1, Math.ceil(list.length / perPage));
    if (chosen) pickerPage = Math.floor(list.indexOf(chosen) / perPage);
    pickerPage = Math.min(pickerPage, pages - 1);
    list.slice(pickerPage * perPage, (pickerPage + 1) * perPage).forEach((def, i) => {
      this.campaignCard(def, cx, top + i * (ch + gap), cw, ch, def === chosen, upright);
    });
    if (list.length === 0)
      this.add
        .text(
          cx + cw / 2,
          top + 60,
          'No campaign yet: load one from a file.',
          textStyle(20, CSS.muted),
        )
        .setOrigin(0.5);
    // Upright, the room of the cards there are; beside the rest, the room of a full page.
    let y = top + (upright ? Math.max(1, Math.min(perPage, list.length)) : perPage) * (ch + gap);
    if (pages > 1) {
      const turn = (by: number) => () => {
        const next = list[((pickerPage + by + pages) % pages) * perPage];
        picker.chosen = next?.id ?? null;
        app.goto('Campaigns');
      };
      new Button(this, cx + 40, y + 10, {
        name: 'picker-prev',
        width: 64,
        height: 40,
        label: '\u25c0',
        onClick: turn(-1),
      });
      this.add
        .text(cx + cw / 2, y + 10, `${pickerPage + 1} of ${pages}`, textStyle(16, CSS.muted))
        .setOrigin(0.5);
      new Button(this, cx + cw - 40, y + 10, {
        name: 'picker-next',
        width: 64,
        height: 40,
        label: '\u25b6',
        onClick: turn(1),
      });
      y += 56;
    }

    // The difficulty, the file, start and cancel: beside the campaigns, or under them upright.
    const px = upright ? 40 : cx + cw + 30;
    const pw = upright ? W - 80 : W - px - 40;
    let py = upright ? y + 10 : top;
    const u = uprightSize(upright);
    this.add
      .text(
        px,
        py,
        'Difficulty',
        // A heading grows with the text size, as Setup's do.
        titleStyle(Math.round(u(20, 26) * currentReadingScale()), CSS.gold, { strokeThickness: 0 }),
      )
      .setOrigin(0, 0);
    py += Math.round(u(34, 40) * currentReadingScale());
    const bw = (pw - 12) / 2;
    const buttons: Button[] = [];
    DIFFICULTIES.forEach((d, i) => {
      const b = new Button(
        this,
        px + bw / 2 + (i % 2) * (bw + 12),
        py + u(24, 30) + Math.floor(i / 2) * u(58, 70),
        {
          name: `difficulty-${d}`,
          width: bw,
          height: u(48, 60),
          label: DIFFICULTY_NAMES[d],
          fontSize: u(18, 23),
          onClick: () => {
            picker.difficulty = d;
            for (const x of buttons) x.setSelected(x.buttonName === `difficulty-${d}`);
            words.setText(DIFFICULTY_WORDS[d]);
          },
        },
      );
      b.setSelected(d === picker.difficulty);
      buttons.push(b);
    });
    py += u(130, 150);
    const words = this.add
      .text(
        px,
        py,
        DIFFICULTY_WORDS[picker.difficulty],
        readingStyle(u(16, 21), CSS.parchment, {
          wordWrap: { width: pw },
        }),
      )
      .setName('difficulty-words');
    py += u(72, 84);
    new Button(this, px + pw / 2, py + u(24, 30), {
      name: 'load-campaign',
      width: pw,
      height: u(48, 60),
      label: 'Load a campaign file\u2026',
      fontSize: u(18, 23),
      tooltip:
        'A campaign of your own (.json, see docs/campaigns.md). You can also drop it on the page.',
      onClick: () => chooseCampaignFile(),
    });
    this.add
      .text(
        px + pw / 2,
        py + u(62, 74),
        'or drop a campaign file here',
        readingStyle(u(15, 19), CSS.dim),
      )
      .setOrigin(0.5, 0);
    py += u(100, 120);
    const start = new Button(this, px + pw / 2, py + u(28, 34), {
      name: 'picker-start',
      width: pw,
      height: u(56, 68),
      label: 'Start the campaign',
      fontSize: u(21, 26),
      primary: true,
      onClick: () => {
        if (!chosen) return toast.show('Choose a campaign first.');
        picker.slot = null;
        void app.newCampaign(slot, chosen.id, picker.difficulty).then((r) => {
          if (!r.ok) toast.show(r.error ?? 'The campaign could not be saved.');
        });
      },
    });
    start.setEnabled(chosen !== null);
    const missing = chosen ? missingBoards(chosen) : [];
    if (missing.length > 0)
      this.add
        .text(
          px,
          py + u(66, 80),
          `Not in this game: ${missing.join(', ')}. Those missions cannot be fought: the campaign stops there, with a message naming the map, until the map is added to the game.`,
          textStyle(u(14, 19), '#ffb4a8', { wordWrap: { width: pw } }),
        )
        .setName('picker-missing');
    this.messageLine(W, upright ? H - 260 : Math.max(py + 76, y + 6));
    new Button(this, W / 2, H - u(40, 56), {
      name: 'picker-cancel',
      width: u(200, 320),
      height: u(46, 64),
      label: 'Cancel',
      fontSize: u(20, 24),
      onClick: () => this.closePicker(),
    });
  }

  /** One campaign in the picker: a card to click, with its story and its facts. */
  private campaignCard(
    def: CampaignDefinition,
    x: number,
    y: number,
    w: number,
    h: number,
    selected: boolean,
    upright: boolean,
  ): void {
    const big = (n: number): number => (upright ? Math.round(n * 1.25) : n);
    new Button(this, x + w / 2, y + h / 2, {
      name: `pick-${def.id}`,
      width: w,
      height: h,
      label: '',
      onClick: () => {
        picker.chosen = def.id;
        app.goto('Campaigns');
      },
    }).setSelected(selected);
    this.add
      .text(x + 18, y + 12, def.name, titleStyle(big(22), CSS.gold, { strokeThickness: 0 }))
      .setName(`pick-${def.id}-title`);
    const blurb = this.add
      .text(
        x + 18,
        y + big(44),
        '',
        readingStyle(big(15), CSS.parchment, { wordWrap: { width: w - 36 }, lineSpacing: 2 }),
      )
      .setName(`pick-${def.id}-blurb`);
    // Three lines of the story (two in the larger letters); a longer one ends in an ellipsis.
    const most = currentReadingScale() > 1 ? 2 : 3;
    const story = def.story.join(' ');
    clampLines(blurb, story, most);
    const missing = missingBoards(def);
    const facts = `${def.missions.length} mission${def.missions.length === 1 ? '' : 's'} \u00b7 ${campaignRuleSets(def).join(', ') || 'no rule set found'} \u00b7 ${def.party.length} heroes`;
    // The card is taller upright: the facts may take two lines at its foot; on a wide
    // screen one line, fitted.
    const line = this.add
      .text(
        x + 18,
        upright ? y + h - 12 : y + h - big(40),
        facts,
        readingStyle(big(15), CSS.muted, upright ? { wordWrap: { width: w - 36 } } : {}),
      )
      .setOrigin(0, upright ? 1 : 0)
      .setName(`pick-${def.id}-facts`);
    if (upright) clampLines(line, facts, 2);
    else fitText(line, facts, w - 36, readingSize(big(15)));
    if (missing.length > 0)
      this.add
        .text(
          x + w - 18,
          y + 12,
          `${missing.length} map${missing.length === 1 ? '' : 's'} missing`,
          textStyle(15, '#ffb4a8'),
        )
        .setOrigin(1, 0)
        .setName(`pick-${def.id}-missing`);
  }

  private slotPanel(
    slot: CampaignSlotId,
    n: number,
    x: number,
    y: number,
    w: number,
    h: number,
    toast: Toast,
    u: (wide: number, tall: number) => number,
  ): void {
    const g = this.add.graphics();
    const record = app.slots.get(slot);
    drawPanel(g, x, y, w, h, { alpha: 0.94 });
    this.add
      .text(x + 18, y + 14, `Slot ${n}`, readingStyle(u(15, 19), CSS.dim))
      .setName(`slot-${n}-label`);
    const cx = x + w / 2;
    if (!record) {
      this.add
        .text(cx, y + u(90, 100), 'Empty', readingStyle(u(22, 28), CSS.muted))
        .setOrigin(0.5)
        .setName(`slot-${n}-title`);
      new Button(this, cx, y + h - u(60, 64), {
        name: `slot-${n}-new`,
        width: w - 60,
        height: u(50, 60),
        label: 'New campaign',
        fontSize: u(20, 25),
        primary: true,
        onClick: () => {
          picker.slot = slot;
          app.goto('Campaigns');
        },
      });
      return;
    }
    this.add
      .text(
        cx,
        y + u(56, 50),
        record.title,
        titleStyle(u(22, 28), CSS.gold, { align: 'center', wordWrap: { width: w - 30 } }),
      )
      .setOrigin(0.5, 0)
      .setName(`slot-${n}-title`);
    const detail = this.add
      .text(
        cx,
        y + u(96, 90),
        record.detail,
        readingStyle(u(15, 19), CSS.parchment, { align: 'center', wordWrap: { width: w - 40 } }),
      )
      .setOrigin(0.5, 0)
      .setName(`slot-${n}-detail`);
    // A short slot (a small phone at a larger text size) has room for one line of it.
    if (h < 300) clampLines(detail, record.detail, 1);
    const when = new Date(record.savedAt);
    this.add
      .text(
        x + w - 18,
        y + 14,
        Number.isNaN(when.getTime()) ? '' : `saved ${when.toLocaleString()}`,
        textStyle(u(13, 16), CSS.dim),
      )
      .setOrigin(1, 0);
    new Button(this, cx, y + h - u(104, 108), {
      name: `slot-${n}-continue`,
      width: w - 60,
      height: u(48, 52),
      label: 'Continue',
      fontSize: u(20, 25),
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
      height: u(40, 46),
      label: 'Export',
      fontSize: u(16, 21),
      tooltip: 'Download this campaign as a file, to move it to another browser or share it.',
      onClick: () =>
        void downloadSlot(slot).then((r) => toast.show(r.message, r.ok ? 'info' : 'error')),
    });
    const del = new Button(this, x + w - 30 - half / 2, y + h - 44, {
      name: `slot-${n}-delete`,
      width: half,
      height: u(40, 46),
      label: 'Delete',
      fontSize: u(16, 21),
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

/**
 * Upright the screen shows everything smaller: a size for each, `wide` on a wide screen and
 * `tall` (larger type, taller buttons) on a phone held upright.
 */
function uprightSize(upright: boolean): (wide: number, tall: number) => number {
  return (wide, tall) => (upright ? tall : wide);
}
