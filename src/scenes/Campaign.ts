/**
 * The Campaign screen: the party (each hero's portrait, name to rename, skills, wounds
 * carried, permanent wounds, kills and missions), the fallen, every mission with where it
 * stands, the story to read now, the choice of roads when there is one, and the buttons:
 * start (or resume) the next mission, see the last aftermath, export, leave. At the end:
 * the ending, the party's story battle by battle and a chart of who went in and who stood.
 * Everything shown comes from campaignModel (src/view/campaign-model.ts).
 */
import Phaser from 'phaser';
import { app } from '../app/app';
import { downloadSlot } from '../app/save-files';
import { sounds } from '../audio/sound-bank';
import { drawBackdrop } from '../view/backdrop';
import {
  campaignModel,
  type CampaignModel,
  type HeroCard,
  type MissionStatus,
} from '../view/campaign-model';
import { shareButtonRow } from '../view/button-row';
import { drawBarChart } from '../view/charts';
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
import { makeScrollArea } from '../view/scroll-area';
import { showTextField } from '../view/text-field';
import { HERO_NAME_MOST } from '../engine/campaign';
import { Button, cropText, drawPanel, enableKeyboardFocus, fitText, Toast } from '../view/ui';
import { artTexture, frameExists } from '../view/unit-view';
import { OraclePanel, type OracleDraft } from '../view/oracle-panel';
import { keyLabel, normaliseKey } from '../app/key-bindings';

const STATUS_LOOK: Readonly<Record<MissionStatus, { mark: string; color: string }>> = {
  won: { mark: '\u2714', color: CSS.green },
  lost: { mark: '\u2716', color: CSS.red },
  drawn: { mark: '=', color: CSS.parchment },
  next: { mark: '\u25b6', color: CSS.gold },
  choice: { mark: '?', color: CSS.yellow },
  ahead: { mark: '\u00b7', color: CSS.dim },
  'not taken': { mark: '\u2013', color: CSS.dim },
};

/**
 * How many of the chronicle's latest lines the story panel shows while the campaign goes on:
 * three on a phone held upright, one (cut to its width) beside the word on a wide screen.
 */
const CHRONICLE_SHOWN = { upright: 3, wide: 1 };
/** How much larger the campaign's ending draws its texts on an upright phone. */
const UPRIGHT_ENDING = 1.3;
/** The room the party panel's heading takes above its cards (upright). */
const PARTY_HEAD = 60;

export class CampaignScene extends Phaser.Scene {
  private toast!: Toast;
  /** The layout box (the rename field is centred in it). */
  private frame = { W: 1280, H: 720 };
  /** The Oracle panel (the battle's, asked here between missions), built on first use. */
  private oracle: OraclePanel | null = null;
  /** The open Oracle panel's contents, kept while the screen is laid out again. */
  private oracleDraft: OracleDraft | null = null;
  private chronicle: Phaser.GameObjects.Text | null = null;
  private chronicleWidth = 0;
  private upright = false;

  /**
   * How much larger the party, the missions and the story are drawn: up to a quarter on a
   * phone held upright (where the screen shows everything small), as far as the story keeps
   * room for a few lines under them; 1 on a wide screen.
   */
  private grow = 1;
  /** The mission list's rows upright on a small phone (null: every mission). */
  private missionRows: number | null = null;

  /** A size as the screen draws it (see `grow`). */
  private up(n: number): number {
    return Math.round(n * this.grow);
  }

  constructor() {
    super('Campaign');
  }

  create(): void {
    enableKeyboardFocus(this);
    this.oracle = null;
    this.chronicle = null;
    const draft = this.oracleDraft;
    this.oracleDraft = null;
    this.events.once(Phaser.Scenes.Events.SHUTDOWN, () => {
      this.oracleDraft = this.oracle?.draft() ?? null;
      this.oracle?.destroy();
    });
    const play = app.campaign;
    const { W, H } = frameMenuScene(this, { portrait: true });
    this.frame = { W, H };
    // A phone held upright: the panels in one column, the buttons in rows below.
    const upright = H > W;
    this.upright = upright;
    if (!play) {
      app.goto('Campaigns');
      return;
    }
    drawBackdrop(this, 0.72);
    this.cameras.main.fadeIn(200, 6, 5, 8);
    const model = campaignModel(play.def, play.state);
    const perRow = upright ? 3 : 6;
    const footRow = this.footButtons(model);
    // Above the rows of buttons (62 apart, the last one's middle 40 above the foot).
    const foot = upright ? 76 + (Math.ceil(footRow.length / perRow) - 1) * 62 : 80;
    this.grow = 1;
    this.missionRows = null;
    // What the story needs under the party and the missions: its heading, a few lines, the
    // chronicle.
    const storyLeast = 120 + 4 * readingSize(15) * 1.3;
    if (upright) {
      // The heights that grow (the party's cards and the fallen, the missions' list) at
      // scale 1.
      const growing = this.partyHeight(model) - PARTY_HEAD + this.missionsHeight(model);
      const room = H - foot - 66 - PARTY_HEAD - 24 - storyLeast;
      this.grow = Math.max(1, Math.min(1.25, room / growing));
      // On a small phone the whole list left the story one line: it shows the missions
      // around the next one and counts the rest.
      if (!model.over) {
        // The story's heading, four of its lines and the chronicle's at its foot.
        const storyNeed =
          this.up(42) +
          4 * Math.ceil(readingSize(this.up(15)) * 1.2 + 2) +
          this.up(30) +
          CHRONICLE_SHOWN.upright * this.up(17) +
          12;
        const listRoom = H - foot - (66 + this.partyHeight(model) + 12) - 12 - storyNeed;
        const fit = Math.floor((listRoom - this.up(44)) / this.missionRow());
        if (fit < model.missions.length) this.missionRows = Math.max(4, fit);
      }
    }
    this.add.text(24, 16, model.title, titleStyle(30)).setName('campaign-title');
    this.add
      .text(
        W - 24,
        24,
        `${model.difficulty}${model.ironman ? ' \u00b7 one save, no reloading' : ''} \u00b7 slot ${play.slot.slice(-1)}`,
        readingStyle(this.up(16), model.ironman ? CSS.red : CSS.muted),
      )
      .setOrigin(1, 0);
    this.toast = new Toast(this, W / 2, H - (upright ? 230 : 100));

    if (upright) {
      const partyH = this.partyHeight(model);
      this.party(model, 20, 66, W - 40, partyH);
      const y = 66 + partyH + 12;
      if (model.over) this.ending(model, 20, y, W - 40, H - foot);
      else {
        const listH = this.missionList(model, 20, y, W - 40);
        this.storyPanel(model, 20, y + listH + 12, W - 40, H - foot - (y + listH + 12));
      }
    } else {
      this.party(model, 20, 66, 600, H - 66 - foot);
      if (model.over) this.ending(model, 640, 66, W - 660, H - foot);
      else {
        const listH = this.missionList(model, 640, 66, W - 660);
        this.storyPanel(model, 640, 66 + listH + 12, W - 660, H - foot - (66 + listH + 12));
      }
    }
    this.buttons(footRow, W, H, perRow);
    onKeyDown(this, (e) => {
      if (e.repeat) return;
      if (this.oracle?.isOpen) {
        if (e.key === 'Escape') this.oracle.close();
        return;
      }
      if (
        !model.over &&
        !model.battleUnderWay &&
        normaliseKey(e.key) === app.settings.keys.oracle
      ) {
        sounds.play('ui-click');
        this.toggleOracle();
      } else if (e.key === 'Escape') {
        sounds.play('ui-click');
        app.goto('Menu');
      } else if (e.key === 'Enter' && !model.over && !model.choice) {
        sounds.play('ui-click');
        void this.play();
      }
    });
    // A new window size: the Oracle panel that was open opens again as it was.
    const relayout = (this.sys.settings.data as { relayout?: boolean } | undefined)?.relayout;
    if (draft && relayout && !model.over && !model.battleUnderWay) this.toggleOracle(draft);
  }

  /**
   * Opens or closes the Oracle panel (or opens it filled from a draft): each question is a
   * campaign step, saved with it.
   */
  private toggleOracle(draft?: OracleDraft): void {
    this.oracle ??= new OraclePanel({
      where: 'Between missions',
      ask: async (question, about, lastPlace) => {
        const r = app.askOracle(question, about, lastPlace);
        const asked = app.campaign?.state.oracle.at(-1);
        if (!r.ok || !asked)
          return { ok: false, error: r.error ?? 'The oracle cannot be asked now.' };
        this.showChronicle();
        return { ok: true, shown: asked };
      },
      history: () => app.campaign?.state.oracle ?? [],
    });
    if (draft) this.oracle.open(draft);
    else this.oracle.toggle();
  }

  /** The chronicle's latest lines under the story (the oracle's answers among them). */
  private showChronicle(): void {
    const play = app.campaign;
    if (!play || !this.chronicle) return;
    const shown = this.upright ? CHRONICLE_SHOWN.upright : CHRONICLE_SHOWN.wide;
    const lines = campaignModel(play.def, play.state).chronicle.slice(-shown);
    const full = lines.length ? lines.join('\n') : 'Nothing in the chronicle yet.';
    const text = this.chronicle.setText(full);
    // One line on a wide screen: cut to the panel's width.
    if (!this.upright)
      for (let n = full.length - 2; text.width > this.chronicleWidth && n > 8; n -= 3)
        text.setText(`${full.slice(0, n)}\u2026`);
  }

  private async play(): Promise<void> {
    const r = await app.playMission();
    if (!r.ok && this.sys.isActive()) this.toast.show(r.error ?? 'The mission could not start.');
  }

  private party(model: CampaignModel, x: number, y: number, w: number, h: number): void {
    const g = this.add.graphics();
    drawPanel(g, x, y, w, h, { alpha: 0.94 });
    this.add.text(x + 16, y + 10, 'The party', titleStyle(this.up(20)));
    const cards = model.heroes;
    // The fallen's lines grow with the text size, the cards give them the room.
    const fallenLine = Math.round(this.up(18) * currentReadingScale());
    const fallenH = model.fallen.length
      ? fallenLine + 8 + fallenLine * Math.min(4, model.fallen.length)
      : 0;
    const top = this.up(42);
    const cardH = Math.min(
      this.up(104),
      Math.floor((h - top - 6 - fallenH) / Math.max(1, cards.length)),
    );
    cards.forEach((c, i) => this.heroCard(c, x + 10, y + top + i * cardH, w - 20, cardH - 6));
    // The campaign so far, in one line beside the heading.
    const won = model.chart.filter((c) => c.won).length;
    const battles = model.chart.length;
    this.add
      .text(
        x + w - 16,
        y + 14,
        battles === 0
          ? 'no battle fought yet'
          : `${battles} battle${battles === 1 ? '' : 's'}, ${won} won \u00b7 ${model.fallen.length} fallen`,
        readingStyle(this.up(14), CSS.muted),
      )
      .setOrigin(1, 0)
      .setName('campaign-tally');
    if (model.fallen.length) {
      const fy = y + h - fallenH - 4;
      this.add
        .text(x + 16, fy, 'Fallen', readingStyle(this.up(15), CSS.red, { fontStyle: 'bold' }))
        .setName('campaign-fallen-title');
      model.fallen.slice(0, 4).forEach((f, i) => {
        const line = this.add
          .text(x + 24, fy + fallenLine + i * fallenLine, '', readingStyle(this.up(14), CSS.muted))
          .setName('campaign-fallen');
        // A long line is fitted short, whole in its tooltip.
        fitText(line, `${f.name}, ${f.where}`, w - 40, readingSize(this.up(14)), 10);
      });
    }
  }

  private heroCard(c: HeroCard, x: number, y: number, w: number, h: number): void {
    const g = this.add.graphics();
    g.fillStyle(COLORS.panelLight, 0.9);
    g.fillRoundedRect(x, y, w, h, 6);
    g.lineStyle(1, c.status === 'grievously-wounded' ? COLORS.danger : COLORS.panelBorder, 0.9);
    g.strokeRoundedRect(x, y, w, h, 6);
    // The portrait: the hero's figure in the next battle's rules.
    const px = x + 12;
    const size = Math.min(this.up(72), h - 12);
    g.fillStyle(0x000000, 0.45);
    g.fillRoundedRect(px, y + (h - size) / 2, size, size, 4);
    if (c.art && frameExists(this, 'units', `${c.art.sprite}-idle-0`)) {
      const tex = artTexture(this, c.art);
      const img = this.add.image(px + size / 2, y + h / 2, tex, `${c.art.sprite}-idle-0`);
      img.setScale((size - 8) / Math.max(img.width, img.height));
      img.texture.setFilter(Phaser.Textures.FilterMode.NEAREST);
    }
    const tx = px + size + 14;
    const name = this.add
      .text(tx, y + 8, c.name, titleStyle(this.up(20), CSS.parchment, { strokeThickness: 3 }))
      .setName(`hero-${c.id}-name`);
    name.setInteractive({ useHandCursor: true }).on('pointerup', () => this.rename(c));
    const figure = this.add
      .text(
        name.x + name.width + 10,
        y + this.up(13),
        `${c.figure}${c.joined ? ` \u00b7 ${c.joined}` : ''}`,
        readingStyle(this.up(14), CSS.muted),
      )
      .setOrigin(0, 0);
    const k = currentReadingScale();
    // The skills fill the card's width at most (the Skirmish's three skills and their
    // numbers are long: upright at the larger size they ran past the card's edge).
    const skills = this.add
      .text(tx, y + this.up(36), '', readingStyle(this.up(14), CSS.blue))
      .setName('campaign-skills');
    fitText(
      skills,
      c.skills || 'no skills to improve',
      x + w - 12 - tx,
      readingSize(this.up(14)),
      10,
    );
    if (c.status === 'grievously-wounded') {
      const status = this.add
        .text(x + w - 12, y + this.up(42), 'grievously wounded', readingStyle(this.up(13), CSS.red))
        .setOrigin(1, 0)
        .setName('campaign-status');
      // Where its letters would run over the skills (larger, or long skills), it goes after
      // the figure's kind, short of the Rename button.
      if (k > 1 || skills.x + skills.width + 12 > status.x - status.width) {
        const from = figure.x + figure.width + 12;
        const room = x + w - this.up(Math.round(92 * Math.min(k, 1.3))) - from;
        status.setOrigin(0, 0).setPosition(from, y + this.up(14));
        fitText(status, 'grievously wounded', room, readingSize(this.up(13)), 10);
      }
    }
    // The figures in a row: at the text size's letters, each after the one before.
    let sx = tx;
    const stats: Phaser.GameObjects.Text[] = [];
    const stat = (label: string, value: number, color: string, at: number): void => {
      const t = this.add
        .text(
          k > 1 ? sx : tx + this.up(at),
          y + h - Math.round(this.up(24) * k),
          `${label} ${value}`,
          readingStyle(this.up(14), value > 0 ? color : CSS.dim),
        )
        .setName('campaign-stat');
      sx = t.x + t.width + Math.round(14 * k);
      stats.push(t);
    };
    // Larger, the first figure's name is cut short so that the row fits the card.
    stat(k > 1 ? 'Wounds' : 'Wounds carried', c.wounds, CSS.red, 0);
    stat('Permanent', c.permanentWounds, CSS.red, 132);
    stat('Kills', c.kills, CSS.gold, 242);
    stat('Missions', c.missions, CSS.parchment, 306);
    this.fitStatRow(stats, x + w - 10 - tx);
    const b = new Button(
      this,
      x + w - this.up(Math.round(46 * Math.min(k, 1.3))),
      y + this.up(20),
      {
        name: `rename-${c.id}`,
        width: this.up(Math.round(76 * Math.min(k, 1.3))),
        height: this.up(26),
        label: 'Rename',
        fontSize: this.up(13),
        onClick: () => this.rename(c),
      },
    );
    b.setDepth(1);
  }

  /**
   * A card's row of figures kept within `room` from the first one's left: where it runs
   * past (upright at the larger size, the last one reached the card's edge), every figure
   * is drawn smaller alike, 10 pixels at least, and set one after another again.
   */
  private fitStatRow(stats: Phaser.GameObjects.Text[], room: number): void {
    if (stats.length === 0) return;
    const left = stats[0].x;
    const last = stats[stats.length - 1];
    const used = last.x + last.width - left;
    if (used <= room) return;
    const size = parseFloat(String(stats[0].style.fontSize));
    const gap = stats.length > 1 ? stats[1].x - (stats[0].x + stats[0].width) : 0;
    const fitted = Math.max(10, Math.floor(size * (room / used)));
    let sx = left;
    for (const t of stats) {
      t.setFontSize(fitted).setX(sx);
      sx = t.x + t.width + gap * (fitted / size);
    }
  }

  /** The game's own text field asks for the new name (not the browser's prompt). */
  private rename(c: HeroCard): void {
    const { W, H } = this.frame;
    showTextField(this, {
      name: 'rename-field',
      x: W / 2,
      y: H / 2,
      width: Math.min(W - 40, 520),
      title: `A new name for ${c.name}:`,
      value: c.name,
      maxLength: HERO_NAME_MOST,
      submit: (name) => {
        const r = app.renameHero(c.id, name);
        if (!r.ok) return r.error ?? 'The name was not taken.';
        app.goto('Campaign');
        return null;
      },
    });
  }

  /** The party's panel upright: its heading, a card a hero, the fallen's lines. */
  private partyHeight(model: CampaignModel): number {
    return (
      PARTY_HEAD + model.heroes.length * this.up(104) + (model.fallen.length ? this.up(100) : 0)
    );
  }

  /** The mission list's row: grown with the text size, a little. */
  private missionRow(): number {
    return Math.round(this.up(22) * Math.min(currentReadingScale(), 1.2));
  }

  /** The mission list's height: its heading and a row a mission. */
  private missionsHeight(model: CampaignModel): number {
    return this.up(44) + (this.missionRows ?? model.missions.length) * this.missionRow();
  }

  /**
   * The missions the list shows when it has room for `rows` of them only (one row kept
   * for the count of the rest): from the one before the next (or the way to choose) on.
   */
  private missionWindow(model: CampaignModel, rows: number): { from: number; to: number } {
    const n = model.missions.length;
    const shown = Math.max(1, rows - 1);
    const next = model.missions.findIndex((m) => m.status === 'next' || m.status === 'choice');
    const from = Math.max(0, Math.min((next < 0 ? n : next) - 1, n - shown));
    return { from, to: Math.min(n, from + shown) };
  }

  private missionList(model: CampaignModel, x: number, y: number, w: number): number {
    const rowH = this.missionRow();
    const h = this.missionsHeight(model);
    const g = this.add.graphics();
    drawPanel(g, x, y, w, h, { alpha: 0.94 });
    this.add.text(x + 16, y + 10, 'Missions', titleStyle(this.up(20)));
    const rows = this.missionRows;
    const { from, to } = rows
      ? this.missionWindow(model, rows)
      : { from: 0, to: model.missions.length };
    if (rows) {
      const before = from;
      const after = model.missions.length - to;
      const words = [
        before > 0 ? `${before} before` : '',
        after > 0 ? `${after} more ahead` : '',
      ].filter(Boolean);
      this.add
        .text(
          x + this.up(44),
          y + this.up(40) + (to - from) * rowH,
          `\u2026 ${words.join(' \u00b7 ')}`,
          readingStyle(this.up(13), CSS.dim),
        )
        .setName('campaign-missions-more');
    }
    model.missions.slice(from, to).forEach((m, i) => {
      const ry = y + this.up(40) + i * rowH;
      const look = STATUS_LOOK[m.status];
      if (m.status === 'next' || m.status === 'choice') {
        g.fillStyle(COLORS.gold, 0.12);
        g.fillRect(x + 8, ry - 1, w - 16, rowH);
      }
      this.add.text(x + 20, ry, look.mark, readingStyle(this.up(15), look.color));
      this.add
        .text(
          x + this.up(44),
          ry,
          m.name,
          readingStyle(
            this.up(15),
            m.status === 'ahead' || m.status === 'not taken' ? CSS.dim : CSS.parchment,
          ),
        )
        .setName(`mission-${m.id}`);
      const note =
        m.status === 'next'
          ? model.battleUnderWay
            ? 'battle under way'
            : 'next'
          : m.status === 'choice'
            ? 'a way you may take'
            : m.note || m.status;
      this.add
        .text(x + w - 16, ry, note, readingStyle(this.up(13), look.color))
        .setOrigin(1, 0)
        .setName('campaign-mission-note');
    });
    return h;
  }

  private storyPanel(model: CampaignModel, x: number, y: number, w: number, h: number): void {
    const g = this.add.graphics();
    drawPanel(g, x, y, w, h, { alpha: 0.94 });
    this.add
      .text(x + 16, y + 10, model.storyTitle, titleStyle(this.up(20)))
      .setName('campaign-story-title');
    const text = this.add
      .text(
        x + 16,
        y + this.up(42),
        model.story.join('\n'),
        readingStyle(this.up(15), CSS.parchment, { wordWrap: { width: w - 32 }, lineSpacing: 2 }),
      )
      .setName('campaign-story');
    // The chronicle's latest lines at the foot of the panel, with the oracle's button.
    const upright = this.upright;
    const foot = upright ? this.up(30) + CHRONICLE_SHOWN.upright * this.up(17) : 26;
    if (!model.battleUnderWay) {
      new Button(this, x + w - 10 - this.up(64), y + this.up(22), {
        name: 'campaign-oracle',
        width: this.up(128),
        height: this.up(28),
        label: `Oracle (${keyLabel(app.settings.keys.oracle)})`,
        fontSize: this.up(14),
        onClick: () => this.toggleOracle(),
      });
    }
    g.lineStyle(1, COLORS.panelBorder, 0.6);
    g.lineBetween(x + 12, y + h - foot, x + w - 12, y + h - foot);
    const heading = this.add.text(
      x + 16,
      y + h - foot + 5,
      'Chronicle',
      readingStyle(this.up(13), CSS.gold),
    );
    const cx = upright ? x + 16 : heading.x + heading.width + 10;
    this.chronicleWidth = x + w - 16 - cx;
    this.chronicle = this.add
      .text(
        cx,
        upright ? y + h - foot + this.up(22) : y + h - foot + 6,
        '',
        readingStyle(
          this.up(12),
          CSS.muted,
          upright ? { wordWrap: { width: w - 32 }, lineSpacing: 1 } : {},
        ),
      )
      .setName('campaign-chronicle');
    this.showChronicle();
    // A long story is made to fit its panel: it scrolls where it is read larger (upright,
    // or at a larger text size; shrunk to 0.7 on a small phone it still ran over the
    // chronicle, in 7-pixel letters).
    const room = h - this.up(52) - foot;
    if (text.height > room && (currentReadingScale() > 1 || upright) && !model.choice)
      this.scrollStory(text, x, y + this.up(40), w, room + 6);
    else if (text.height > room) text.setScale(Math.max(0.7, room / text.height));
    if (model.choice) {
      model.choice.forEach((c, i) => {
        new Button(this, x + w / 2, text.y + text.height + 36 + i * 54, {
          name: `choose-${c.mission}`,
          width: w - 40,
          height: 46,
          label: c.label,
          fontSize: 16,
          primary: i === 0,
          onClick: () => {
            const r = app.chooseMission(c.mission);
            if (!r.ok) this.toast.show(r.error ?? 'That way is closed.');
            else app.goto('Campaign');
          },
        });
      });
    }
  }

  /**
   * A story too long for its panel at the larger text size keeps its letters and scrolls
   * instead (scroll-area.ts): the text is cropped to the lines in view.
   */
  private scrollStory(
    text: Phaser.GameObjects.Text,
    x: number,
    top: number,
    w: number,
    height: number,
  ): void {
    const first = text.y;
    // It scrolls a line at a time, and shows whole lines only.
    const lineH = text.height / Math.max(1, text.getWrappedText().length);
    makeScrollArea(
      this,
      { x, y: top, width: w, height },
      text.height + (first - top),
      'campaign-story',
      (by, shown) => {
        text.y = first - by;
        // The lines inside the area, in the text's own pixels.
        const from = Math.max(0, top - text.y);
        const room = Math.floor((top + shown - text.y - from) / lineH) * lineH;
        cropText(text, 0, from, text.width, Math.max(0, room));
      },
      lineH,
    );
  }

  /**
   * The campaign's end: the story's last words, the party's story (the chronicle, as many
   * lines as fit: its opening and its latest battles) and the chart. The texts grow with
   * the text size; the chart keeps at least `CHART_MIN` of the height.
   */
  private ending(model: CampaignModel, x: number, y: number, w: number, bottom: number): void {
    const CHART_MIN = 170;
    // Upright, the 720-wide box is drawn at about half size: the ending's texts are drawn
    // larger there (they were 8 and 7 pixels high on a 390-wide phone).
    const big = (n: number): number => (this.upright ? Math.round(n * UPRIGHT_ENDING) : n);
    const g = this.add.graphics();
    const title = this.add
      .text(
        x + 16,
        y + 10,
        model.storyTitle,
        titleStyle(big(22), model.over === 'victory' ? '#9ff0a0' : '#ff8a7a'),
      )
      .setName('campaign-story-title');
    const story = this.add
      .text(
        x + 16,
        y + 44,
        model.story.join('\n'),
        readingStyle(big(15), CSS.parchment, { wordWrap: { width: w - 32 }, lineSpacing: 3 }),
      )
      .setName('campaign-ending-story');
    story.setY(title.y + title.height + 8);
    const h1 = Math.max(150, story.y + story.height + 12 - y);
    drawPanel(g, x, y, w, h1, { alpha: 0.94 });
    const y2 = y + h1 + 10;
    const heading = this.add.text(x + 16, y2 + 10, "The party's story", titleStyle(big(18)));
    const top = y2 + 10 + heading.height + 6;
    const chronicle = this.add
      .text(
        x + 16,
        top,
        '',
        readingStyle(big(13), CSS.parchment, { wordWrap: { width: w - 32 }, lineSpacing: 2 }),
      )
      .setName('campaign-chronicle');
    // As many lines as the room above the chart takes, nine at most: a long story keeps its
    // opening and its latest battles.
    const c = model.chronicle;
    const room = bottom - 10 - CHART_MIN - 10 - top;
    const fits = (lines: string[]): boolean =>
      chronicle.setText(lines.join('\n')).height <= room || lines.length <= 1;
    let lines = c.length <= 9 ? [...c] : [...c.slice(0, 2), '\u2026', ...c.slice(-6)];
    while (!fits(lines))
      lines =
        lines.length > 4
          ? [...lines.slice(0, 2), '\u2026', ...lines.slice(-(lines.length - 4))]
          : lines.slice(1);
    const h2 = Math.max(60, chronicle.y + chronicle.height + 12 - y2);
    drawPanel(g, x, y2, w, h2, { alpha: 0.94 });
    const y3 = y2 + h2 + 10;
    const h3 = bottom - y3;
    drawPanel(g, x, y3, w, h3, { alpha: 0.94 });
    const chartTitle = this.add
      .text(
        x + 16,
        y3 + 8,
        'Heroes who went in, and who stood, battle by battle',
        readingStyle(big(14), CSS.gold),
      )
      .setName('campaign-chart-title');
    // Short of the chart's legend at its top right: a shorter title where the long one does not fit.
    const titleRoom = w - 32 - 170;
    if (chartTitle.width > titleRoom) chartTitle.setText('Went in and stood, by battle');
    fitText(chartTitle, chartTitle.text, titleRoom, readingSize(big(14)), 10);
    drawBarChart(this, {
      x: x + 40,
      y: chartTitle.y + chartTitle.height + 6,
      width: w - 60,
      height: h3 - (chartTitle.height + 6 + 8) - 24,
      labels: model.chart.map((c) => c.label),
      series: [
        { name: 'went in', color: COLORS.hero, values: model.chart.map((c) => c.went) },
        { name: 'stood', color: COLORS.heal, values: model.chart.map((c) => c.stood) },
      ],
    });
  }

  /** The buttons at the screen's foot, in order. */
  private footButtons(model: CampaignModel): FootButton[] {
    const play = app.campaign!;
    const row: FootButton[] = [];
    if (!model.over)
      row.push({
        name: 'campaign-play',
        label: model.battleUnderWay ? 'Resume the battle' : 'Start the mission',
        primary: true,
        enabled: !model.choice,
        onClick: () => void this.play(),
      });
    if (model.battleUnderWay && !model.ironman)
      row.push({
        name: 'campaign-restart',
        label: 'Fight it again',
        onClick: () => {
          const r = app.restartMission();
          if (!r.ok) this.toast.show(r.error ?? '');
          else this.toast.show('The battle starts again from its first move.', 'info');
        },
      });
    if (play.state.history.length > 0)
      row.push({
        name: 'campaign-aftermath',
        label: 'Last aftermath',
        onClick: () => {
          app.aftermath = play.state.history[play.state.history.length - 1].log;
          app.goto('Aftermath');
        },
      });
    if (play.state.history.length > 0)
      row.push({
        name: 'campaign-replay',
        label: 'Replay last battle',
        onClick: () => {
          const r = app.replayCampaignBattle();
          if (!r.ok) this.toast.show(r.error ?? '');
        },
      });
    row.push({
      name: 'campaign-export',
      label: 'Export',
      enabled: !model.ironman,
      onClick: () =>
        void downloadSlot(play.slot).then((r) =>
          this.toast.show(r.message, r.ok ? 'info' : 'error'),
        ),
    });
    row.push({ name: 'campaign-leave', label: 'Menu', onClick: () => app.goto('Menu') });
    return row;
  }

  /** Draws the foot's buttons in rows of `perRow`, the last row at the screen's foot. */
  private buttons(row: FootButton[], W: number, H: number, perRow: number): void {
    const wide = row.length > 5 && perRow >= row.length;
    const gap = wide ? 10 : 16;
    // The text size widens them as far as a row of them fits.
    const inRowMost = Math.min(perRow, row.length);
    const bw = Math.min(
      Math.round((wide ? 184 : 200) * Math.min(currentReadingScale(), 1.25)),
      Math.max(wide ? 184 : 200, Math.floor((W - 40 - (inRowMost - 1) * gap) / inRowMost)),
    );
    const rows = Math.ceil(row.length / perRow);
    for (let r = 0; r < rows; r++) {
      const inRow = row.slice(r * perRow, (r + 1) * perRow);
      // The row's span shared by the labels' lengths ("Start the mission" beside "Menu").
      const span = inRow.length * bw + (inRow.length - 1) * gap;
      const widths = shareButtonRow(
        inRow.map((b) => Button.widthToShow(this, b.label, 18, 48, false, b.primary)),
        span,
        gap,
      );
      let left = W / 2 - span / 2;
      inRow.forEach((b, i) => {
        new Button(this, left + widths[i] / 2, H - 40 - (rows - 1 - r) * 62, {
          name: b.name,
          width: widths[i],
          height: 48,
          label: b.label,
          fontSize: 18,
          primary: b.primary,
          onClick: b.onClick,
        }).setEnabled(b.enabled ?? true);
        left += widths[i] + gap;
      });
    }
  }
}

/** One of the buttons at the campaign screen's foot. */
interface FootButton {
  name: string;
  label: string;
  primary?: boolean;
  onClick: () => void;
  enabled?: boolean;
}
