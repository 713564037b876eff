/**
 * Setup: pick the scenario (the rule modules' scenarios, every bundled map, the player's own
 * map loaded from files or dropped on the page, or one of "my maps" kept from before), its
 * options (whatever the map's rule module offers, drawn from its option specs; then the
 * seed), see a picture of the map (in its own art when its images came, with the heroes'
 * start squares and the enemies) and the summary map:check prints, read how to win, and
 * start.
 */
import Phaser from 'phaser';
import {
  allScenarios,
  defaultRuleModule,
  describeVictory,
  ruleModuleFor,
  type MusterRules,
  type OptionChoice,
  type OptionRoll,
  type OptionSpec,
  type OptionValue,
  type RuleModule,
  type ScenarioOptions,
} from '../engine';
import { app } from '../app/app';
import { optionsForNextBattlefield } from '../engine/rulesets/skirmish/battlefield';
import { chooseMapFiles } from '../app/files';
import {
  battlefieldMaps,
  listScenarios,
  parseFieldId,
  parseUnderRulesId,
  randomFieldId,
  resolveScenario,
  underRulesId,
  type ResolvedScenario,
} from '../app/maps';
import { randomSeed } from '../app/session';
import { noteTutorialOffered, tutorialOffered } from '../app/tutorial-flag';
import { sounds } from '../audio/sound-bank';
import { drawBackdrop } from '../view/backdrop';
import { frameMenuScene, hudCamera, hudToScreen } from '../view/frame';
import { screenNow, TOUCH_TARGET } from '../view/screen';
import { drawMapThumbnail } from '../view/map-thumbnail';
import { onKeyDown } from '../view/keys';
import { makeScrollArea, type ScrollArea } from '../view/scroll-area';
import {
  footButtonHeight,
  MAX_CHOICE_BUTTONS,
  choiceWidth,
  cyclerMiddle,
  optionButtonWidth,
  optionRowWidth,
  PREVIEW,
  setupLayout,
  shownOptionValue,
  type SetupLayout,
} from '../view/setup-layout';
import {
  COLORS,
  CSS,
  currentReadingScale,
  fadeMs,
  readingSize,
  readingStyle,
  textStyle,
  titleStyle,
} from '../view/theme';
import {
  Button,
  SCROLL_INTO_VIEW,
  clampLines,
  drawPanel,
  enableKeyboardFocus,
  fitText,
  Toast,
  Tooltip,
} from '../view/ui';

/** Kept maps listed at once (more: previous and next buttons). */
const MY_MAPS_SHOWN = 3;
const PREVIEW_TEXTURE = 'setup-map-preview';
/** Upright, the map's facts under its picture take at most this many lines (the rest on a tap). */
const FACTS_LINES = 3;
let myMapsPage = 0;
/** The texture of the map picture drawn last ('' when it could not be drawn). */
let previewKey = '';
/** The last table roll of an option (the scenario's d20), shown until another choice. */
let tableRoll: OptionRoll | null = null;
/**
 * A choice the player asked for (by the arrows or a table roll) that the map cannot host
 * (OptionChoice.unavailable): shown greyed in its row with the reason; the option keeps
 * the value it had.
 */
let askedChoice: { option: string; value: string } | null = null;
/** A choice that fell back to another when the map (or the scale) changed, and why. */
let fallbackNote: { option: string; text: string } | null = null;
/**
 * Whether the player picked the scale (its option row) since choosing these rules: only
 * then does it go with the options to the next battlefield (optionsForNextBattlefield).
 */
let scaleChosen = false;

/** The choice of `spec` that is `value`, if any. */
function choiceOf(spec: OptionSpec, value: unknown): OptionChoice | undefined {
  return spec.kind === 'choice' ? spec.choices.find((c) => c.value === value) : undefined;
}

/**
 * What to put in place of a choice the map cannot host: the option's default where that
 * can be played, else the first choice that can; null when none can.
 */
export function fallbackChoice(spec: OptionSpec): OptionChoice | null {
  if (spec.kind !== 'choice') return null;
  const byDefault = choiceOf(spec, spec.default);
  if (byDefault && !byDefault.unavailable) return byDefault;
  return spec.choices.find((c) => !c.unavailable) ?? null;
}
/** How far the options were scrolled (kept while the options are drawn again, or the battlefield cycled). */
let optionsScrolled = 0;
/** A random battlefield's seed: five digits, easy to note and type again. */
const fieldSeed = (): number => 1 + (randomSeed() % 99_999);
/**
 * Whether a scenario id is one the list shows as `listed`: the same id, a random field of
 * the same kind (another seed or scale), or a map under the rules of a listed scenario.
 */
export function sameListing(listed: string, current: string): boolean {
  if (listed === current) return true;
  const a = parseFieldId(listed);
  const b = parseFieldId(current);
  if (a && b) return a.kind === b.kind;
  const under = parseUnderRulesId(current);
  if (!under) return false;
  const scenario = allScenarios().find((s) => s.id === listed);
  return scenario?.ruleModule === under.ruleModule && `map:${scenario.mapId}` === under.map;
}

/**
 * The name an option's buttons carry: its id up to the first capital (`holdTurns` gives
 * `hold-3`), or the whole id when another option shares that start.
 */
export function optionName(spec: OptionSpec, all: readonly OptionSpec[]): string {
  const short = (id: string): string => id.split(/(?=[A-Z])/)[0];
  const clash = all.some((o) => o.id !== spec.id && short(o.id) === short(spec.id));
  return clash ? spec.id : short(spec.id);
}

/**
 * Where the options drawn on a wide screen start (`top`) and end: their rows' foot, and the
 * foot of the Keys line under them (the rows' when it is left out).
 */
interface OptionsExtent {
  top: number;
  rowsFoot: number;
  keysFoot: number;
}

export class SetupScene extends Phaser.Scene {
  private resolved: ResolvedScenario | null = null;
  /** The rule module of the chosen scenario's map: it says which options there are. */
  private rules: RuleModule = defaultRuleModule();
  private options!: ScenarioOptions;
  private optionRoot!: Phaser.GameObjects.Container;
  /** How much closer than usual the options' rows stand, and how many steps they took (fitOptions). */
  private squeeze = 0;
  private steps = 0;
  /** The options' scrolling (upright at a larger text size under a muster), when they run long. */
  private optionsScroll: ScrollArea | null = null;
  private detailRoot!: Phaser.GameObjects.Container;
  private startButton!: Button;
  private seedField!: Phaser.GameObjects.Text;
  private seedBox!: Phaser.GameObjects.Graphics;
  /** The room for the seed's digits in their box. */
  private seedFieldW = 150;
  private tooltip!: Tooltip;
  private toast!: Toast;
  private caretOn = true;
  private lay!: SetupLayout;
  /** The text size (1 = normal): the options' texts, buttons and their offsets grow by it. */
  private k = 1;
  /** Where the options' buttons start in the row built now (their offsets grow from it). */
  private bx = 0;
  /** How much the options rows grow now: the text size, less where the row would not fit. */
  private rowK = 1;
  /** Where the options rows end (startRows). */
  private rowRight = 0;
  /** The whole note on the player's map, while it is open over the details panel. */
  private noteReader: {
    root: Phaser.GameObjects.Container;
    close: Button;
    scroll: ScrollArea | null;
    note: typeof app.setupNote;
  } | null = null;

  constructor() {
    super('Setup');
  }

  create(): void {
    enableKeyboardFocus(this);
    const { W, H } = frameMenuScene(this, { portrait: true, wide: true });
    this.k = currentReadingScale();
    const screen = screenNow();
    // Buttons at least 20 CSS pixels high on the screen; upright (a phone in the hand) the
    // options' toggles and arrows 44, a thumb's width (issue 29: they were about 20).
    const cssScale = Math.min(screen.cssWidth / W, screen.cssHeight / H);
    const least = (css: number) => Math.max(34, Math.ceil(css / cssScale));
    // Upright the scenario list may take up to a little over half the height (its rows a
    // thumb's height); its panel then shrinks to what it holds, the details taking the rest.
    this.lay =
      H > W
        ? setupLayout(W, H, least(TOUCH_TARGET), Math.max(560, Math.round(H * 0.55)))
        : setupLayout(W, H, least(21));
    const lay = this.lay;
    const upright = lay.upright;
    drawBackdrop(this, 0.72);
    this.cameras.main.fadeIn(fadeMs(200), 6, 5, 8);
    this.tooltip = new Tooltip(this);
    this.add.text(W / 2, 40, 'Choose your battle', titleStyle(36)).setOrigin(0.5);

    // ---------------------------------------------------------- scenarios (left)
    const { x: lx, y: ly, w: lw, h: lh } = lay.list;
    // The scenario rows: upright a thumb's height, as the options' (issue 29: they were 21
    // CSS pixels); on a wide screen long buttons, easy to hit with a mouse.
    const big = upright ? Math.max(38, lay.button) : Math.max(38, least(21));
    const lg = this.add.graphics();
    drawPanel(lg, lx, ly, lw, lh);
    // The first row leaves the heading its room above it (a thumb's row is taller).
    let y = ly + Math.max(64, Math.round(big / 2) + 36);
    // The list's heading as large as the other headings ("To win", "Options").
    // Set on the first button's top edge: a taller button leaves it less room above.
    this.add
      .text(
        lx + 20,
        y - big / 2 - 4,
        'Scenario',
        titleStyle(this.fs(18), CSS.gold, { strokeThickness: 0 }),
      )
      .setOrigin(0, 1)
      .setName('setup-scenario-heading');
    app.setupNote = null;
    this.noteReader = null;
    const kept = app.myMaps ?? [];
    const customKept =
      app.customMap?.id !== undefined && kept.some((m) => m.id === app.customMap?.id);
    // A kept map is listed under My maps; an unkept one (no storage) with the scenarios.
    const choices = listScenarios(app.customMap, app.customMapName).filter(
      (c) => !(c.kind === 'custom' && customKept),
    );
    if (
      !choices.some((c) => sameListing(c.id, app.setup.scenario)) &&
      !parseUnderRulesId(app.setup.scenario) &&
      !(customKept && app.setup.scenario === 'custom')
    )
      app.setup.scenario = choices[0]?.id ?? app.setup.scenario;
    const maxShown = 6;
    // Upright the rows go two a row: thumb-sized, and the list no taller than before.
    const cols = upright ? 2 : 1;
    const colW = (lw - 40 - (cols - 1) * 10) / cols;
    const shownChoices = choices.slice(0, maxShown);
    shownChoices.forEach((c, i) => {
      const col = i % cols;
      const b = new Button(this, lx + 20 + colW / 2 + col * (colW + 10), y, {
        name: `scenario-${c.id}`,
        width: colW,
        height: big,
        label: c.kind === 'custom' ? `Your map: ${c.name}` : c.name,
        fontSize: upright ? 18 : 17,
        align: 'left',
        tooltip: c.short ? `${c.name}: ${c.summary}` : c.summary,
        tooltipHost: this.tooltip,
        onClick: () => this.selectScenario(c.kind === 'field' ? this.reseeded(c.id) : c.id),
      });
      // A name that would shrink to fit (at a larger text size) gives way to its short form.
      if (c.short && !b.labelFits) b.setLabel(c.short);
      b.setSelected(sameListing(c.id, app.setup.scenario));
      b.setData('scenario', c.id);
      if (col === cols - 1 || i === shownChoices.length - 1) y += big + 6;
    });
    y = this.buildMyMaps(lx, y + 6, lw);
    new Button(this, lx + lw / 2, y + 4, {
      name: 'load-map',
      width: lw - 40,
      height: big,
      label: 'Load your own map\u2026',
      fontSize: upright ? 20 : 17,
      tooltip:
        'Choose a Tiled map (.tmx or .tmj) with its tilesets (.tsx / .tsj) and their images, or one .zip pack holding them. You can also drop the files anywhere on the page.',
      tooltipHost: this.tooltip,
      onClick: () => chooseMapFiles(),
    });
    y += big / 2 + 9;
    const drop = this.add
      .text(
        lx + 20,
        y,
        'or drop a .tmx / .tmj with its tilesets and images, or a .zip',
        readingStyle(
          upright ? 16 : 13,
          CSS.muted,
          this.k > 1 ? { wordWrap: { width: lw - 40 } } : {},
        ),
      )
      .setName('setup-drop');
    const dropStep = Math.max(24, drop.height + 8);
    y += dropStep;
    // The note on the player's map; where it does not fit whole, the drop hint (also in
    // the Load button's tip) gives it its room.
    const noteFoot = app.mapMessage
      ? this.buildMapMessage(lx, y, lw, ly + lh - y - 8, () => {
          drop.destroy();
          return dropStep;
        })
      : 0;
    if (upright) {
      // Upright, the list's panel is as tall as what it holds; the details take the rest.
      const end = Math.max(y + 8, noteFoot + 12);
      const h = Math.min(lh, end - ly);
      lg.clear();
      drawPanel(lg, lx, ly, lw, h);
      this.lay = setupLayout(W, H, this.lay.button, h);
    }
    if (app.myMaps === null) {
      // First visit: list the kept maps, then show them.
      void app.refreshMyMaps().then(() => {
        if (this.sys.isActive()) this.scene.restart();
      });
    }

    // ---------------------------------------------------------- details (right)
    const rg = this.add.graphics();
    const d = this.lay.details;
    drawPanel(rg, d.x, d.y, d.w, d.h);
    this.detailRoot = this.add.container(0, 0);
    this.optionRoot = this.add.container(0, 0);

    // Upright: Back, the tutorial and Start in one row at the foot, each a thumb's height
    // (the layout keeps their room under the details panel).
    const footH = footButtonHeight(lay.button);
    const foot = (x: number, w: number, h: number) =>
      upright ? { x: x + w / 2, y: H - 16 - footH / 2, w, h: footH } : { x, y: H - 38, w, h };
    // (Upright the x given is the left edge: Back 150 wide, Tutorial 170, Start the rest.)
    const backAt = foot(upright ? 24 : 140, upright ? 150 : 200, 46);
    new Button(this, backAt.x, backAt.y, {
      name: 'setup-back',
      width: backAt.w,
      height: backAt.h,
      label: 'Back',
      fontSize: upright ? 24 : 20,
      onClick: () => app.goto('Menu'),
    });
    const startAt = foot(
      upright ? 24 + 150 + 10 + 170 + 10 : W - 150,
      upright ? W - 48 - 340 : 240,
      50,
    );
    this.startButton = new Button(this, startAt.x, startAt.y, {
      name: 'start',
      width: startAt.w,
      height: startAt.h,
      label: 'Start battle',
      fontSize: upright ? 26 : 22,
      primary: true,
      onClick: () => void this.start(),
    });
    // The first New game offers the tutorial (it stays on this button afterwards).
    const offer = !tutorialOffered();
    noteTutorialOffered();
    const tutorialAt = foot(upright ? 24 + 150 + 10 : 360, upright ? 170 : 200, 46);
    new Button(this, tutorialAt.x, tutorialAt.y, {
      name: 'tutorial',
      width: tutorialAt.w,
      height: tutorialAt.h,
      label: 'Tutorial',
      fontSize: upright ? 24 : 20,
      primary: offer,
      tooltip: 'A short guided first battle',
      tooltipHost: this.tooltip,
      onClick: () => void app.startTutorial(),
    });
    if (offer) {
      // Upright, one line in letters as large as the panel's (two small lines would be
      // too small to read on a phone).
      const words = upright
        ? 'New here? The tutorial is a short guided battle.'
        : 'New here? The tutorial is a short guided battle\nthat shows the basics. Leave it at any time.';
      // Its letters grow with the text size, as far as the room beside the buttons allows.
      const size = this.fs(15);
      const offerText = this.add
        .text(
          upright ? W / 2 : 476,
          upright ? this.lay.details.y + this.lay.details.h - 28 : H - 38,
          words,
          textStyle(size, CSS.gold, { lineSpacing: 2, align: upright ? 'center' : 'left' }),
        )
        .setOrigin(upright ? 0.5 : 0, 0.5)
        .setName('tutorial-offer');
      const room = upright ? this.lay.details.w - 40 : startAt.x - startAt.w / 2 - 12 - offerText.x;
      fitText(offerText, words, room, size, upright ? undefined : 12);
    }
    this.toast = new Toast(this, W / 2, H - (upright ? 260 : 100), Math.min(560, W - 40));
    this.tooltip.setDepth(10_000);

    this.selectScenario(app.setup.scenario, true);

    onKeyDown(this, (e) => this.onKey(e));
    this.time.addEvent({
      delay: 500,
      loop: true,
      callback: () => {
        this.caretOn = !this.caretOn;
        this.updateSeedField();
      },
    });
  }

  /**
   * The note on the player's map (what loaded, and every warning whole, the one that matters
   * first) in a box under the Load button, `room` high at most. It shows whole lines only:
   * when the note does not fit, the lines that do (the first ones: the warning that matters)
   * stand above a button that opens the whole note in a reader over the details panel.
   * `moreRoom` gives up the drop hint above it for room, and says how much that gave.
   */
  private buildMapMessage(
    lx: number,
    y: number,
    lw: number,
    room: number,
    moreRoom: () => number,
  ): number {
    const m = app.mapMessage;
    if (!m) return y;
    const color = m.kind === 'error' ? '#ffc2b8' : CSS.green;
    const box = this.add.graphics();
    const msg = this.add
      .text(lx + 32, y + 10, m.text, this.noteStyle(color, lw - 64))
      .setName('map-message');
    const lines = msg.getWrappedText(m.text);
    const lineH = this.lineHeight(msg, lines.length);
    let rect = { x: lx + 18, y, width: lw - 36, height: msg.height + 20 };
    const note = {
      box: rect,
      lines,
      first: 0,
      shown: lines.length,
      text: msg,
      toScreen: this.toScreen,
    };
    if (msg.height + 20 > room) {
      const gained = moreRoom();
      y -= gained;
      room += gained;
      // Upright a thumb's height, as the options' (issue 29: it was about 19 CSS pixels).
      const button = this.lay.upright ? this.lay.button : Math.max(30, this.lay.button - 4);
      // Whole lines above the button; none where there is no room for one.
      const shown = Math.max(0, Math.floor((room - 16 - button + 2) / lineH));
      msg.setWordWrapWidth(null);
      msg.setText(lines.slice(0, shown).join('\n'));
      msg.setY(y + 10);
      msg.setVisible(shown > 0);
      const textH = shown > 0 ? msg.height + 6 : 0;
      rect = { x: lx + 18, y, width: lw - 36, height: textH + button + 10 };
      const label =
        m.kind === 'info' && /says which tiles are walls/.test(m.text) && shown < 2
          ? 'No walls read: the whole note\u2026'
          : `The whole note (${lines.length} lines)\u2026`;
      new Button(this, lx + lw / 2, y + 5 + textH + button / 2, {
        name: 'map-note-more',
        width: lw - 56,
        height: button,
        label,
        fontSize: 14,
        onClick: () => this.openNoteReader(),
      });
      Object.assign(note, { box: rect, shown });
    }
    drawPanel(box, rect.x, rect.y, rect.width, rect.height, {
      fill: m.kind === 'error' ? 0x3a1210 : 0x12301a,
      border: m.kind === 'error' ? COLORS.danger : 0x3f8f4f,
      radius: 6,
    });
    app.setupNote = note;
    return rect.y + rect.height;
  }

  /** A rectangle of this scene's world as game pixels on the screen (for the automation API). */
  private readonly toScreen = (r: { x: number; y: number; width: number; height: number }) => {
    const a = hudToScreen(this, r.x, r.y);
    const z = hudCamera(this).zoom;
    return { x: a.x, y: a.y, width: r.width * z, height: r.height * z };
  };

  /** The style of the note on the player's map, wrapped `width` wide. */
  private noteStyle(color: string, width: number): Phaser.Types.GameObjects.Text.TextStyle {
    // Upright the screen is drawn smaller on a phone: larger letters, as the drop hint's.
    const size = this.lay.upright ? 17 : 13;
    return textStyle(size, color, { wordWrap: { width, useAdvancedWrap: true }, lineSpacing: 2 });
  }

  /** One line's step in a text of `lines` lines (Phaser: lines x height, plus the spacing). */
  private lineHeight(text: Phaser.GameObjects.Text, lines: number): number {
    const spacing = text.lineSpacing ?? 0;
    return (text.height + spacing) / Math.max(1, lines);
  }

  /**
   * The whole note on the player's map in a reader over the details panel: every line
   * whole, scrolling by whole lines (the wheel, a drag, Page Up / Down) when it runs longer
   * than the panel; Close (or Escape) puts the panel back.
   */
  private openNoteReader(): void {
    const m = app.mapMessage;
    if (!m || this.noteReader) return;
    const d = this.lay.details;
    const root = this.add.container(0, 0).setDepth(5000);
    // It takes the clicks over the panel, so nothing under it is pressed by mistake.
    const shield = this.add.zone(d.x, d.y, d.w, d.h).setOrigin(0).setInteractive();
    const g = this.add.graphics();
    drawPanel(g, d.x, d.y, d.w, d.h, { fill: 0x101a12, border: 0x3f8f4f, radius: 8 });
    const title = this.add.text(
      d.x + 24,
      d.y + 16,
      'Note on your map',
      titleStyle(this.fs(18), CSS.gold, { strokeThickness: 0 }),
    );
    const color = m.kind === 'error' ? '#ffc2b8' : CSS.green;
    const top = d.y + 56;
    // Close a thumb's height on a phone held upright (issue 29), as the options' buttons.
    const closeH = this.lay.upright ? Math.max(44, this.lay.button) : 44;
    const rect = { x: d.x + 24, y: top, width: d.w - 48, height: d.h - 56 - closeH - 26 };
    const text = this.add
      .text(rect.x, top, m.text, this.noteStyle(color, rect.width))
      .setName('map-note-full');
    const lines = text.getWrappedText(m.text);
    const lineH = this.lineHeight(text, lines.length);
    const note = { box: rect, lines, first: 0, shown: lines.length, text, toScreen: this.toScreen };
    root.add([shield, g, title, text]);
    const close = new Button(this, d.x + d.w - 110, d.y + d.h - 12 - closeH / 2, {
      name: 'map-note-close',
      width: 180,
      height: closeH,
      label: 'Close',
      fontSize: 18,
      onClick: () => this.closeNoteReader(),
    });
    close.setDepth(5001);
    let scroll: ScrollArea | null = null;
    if (text.height > rect.height) {
      text.setWordWrapWidth(null);
      scroll = makeScrollArea(
        this,
        rect,
        lines.length * lineH,
        'map-note-reader',
        (scrolled, shownH) => {
          note.first = Math.round(scrolled / lineH);
          note.shown = Math.max(1, Math.floor((shownH + 2) / lineH));
          text.setText(lines.slice(note.first, note.first + note.shown).join('\n'));
        },
        lineH,
      );
      // Its foot line ("more: scroll") stands over the reader.
      const foot = this.children.getByName('map-note-reader-more');
      if (foot instanceof Phaser.GameObjects.Text) foot.setDepth(5001);
    }
    this.noteReader = { root, close, scroll, note: app.setupNote };
    app.setupNote = note;
  }

  private closeNoteReader(): void {
    const r = this.noteReader;
    if (!r) return;
    this.noteReader = null;
    r.scroll?.destroy();
    r.close.destroy();
    r.root.destroy(true);
    app.setupNote = r.note;
  }

  /** "My maps": the maps kept in this browser, a page at a time, each with a remove button. */
  private buildMyMaps(lx: number, y: number, lw: number): number {
    const kept = app.myMaps ?? [];
    if (kept.length === 0 && !app.myMapsProblem) return y;
    this.add.text(lx + 20, y, 'My maps', titleStyle(17, CSS.gold, { strokeThickness: 0 }));
    // The first row under the heading, clear of it (upright a thumb's row is taller).
    y += Math.max(40, Math.round(Math.max(36, this.lay.button) / 2) + 22);
    if (app.myMapsProblem && kept.length === 0) {
      const note = this.add
        .text(lx + 20, y - 4, 'Maps cannot be kept in this browser: they play until a reload.', {
          ...textStyle(13, CSS.muted, { wordWrap: { width: lw - 40 } }),
        })
        .setName('my-maps-problem')
        .setInteractive();
      const full = app.myMapsProblem;
      note.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(full, p.x, p.y));
      note.on('pointerout', () => this.tooltip.hideNow());
      return y - 14 + note.height + 8;
    }
    const pages = Math.max(1, Math.ceil(kept.length / MY_MAPS_SHOWN));
    myMapsPage = Math.min(myMapsPage, pages - 1);
    const shown = kept.slice(myMapsPage * MY_MAPS_SHOWN, (myMapsPage + 1) * MY_MAPS_SHOWN);
    const sameName = (name: string): boolean => kept.filter((k) => k.name === name).length > 1;
    for (const m of shown) {
      const selected = app.setup.scenario === 'custom' && app.customMap?.id === m.id;
      const label = sameName(m.name)
        ? `${m.name} \u00b7 ${m.fileName.replace(/^.*\//, '')}`
        : m.name;
      const b = new Button(this, lx + (lw - 44) / 2, y, {
        name: `mymap-${m.id}`,
        width: lw - 84,
        height: Math.max(36, this.lay.button),
        label,
        fontSize: 16,
        align: 'left',
        tooltip: `${m.fileName}${m.images ? `, ${m.images} image${m.images === 1 ? '' : 's'}` : ''}; kept ${m.savedAt.slice(0, 10)}`,
        tooltipHost: this.tooltip,
        onClick: () => void this.openMyMap(m.id),
      });
      b.setSelected(selected);
      new Button(this, lx + lw - 40, y, {
        name: `mymap-remove-${m.id}`,
        width: 36,
        height: Math.max(36, this.lay.button),
        label: '\u2715',
        fontSize: 15,
        tooltip: `Remove ${m.name} from My maps`,
        tooltipHost: this.tooltip,
        onClick: () => void this.removeMyMap(m.id),
      });
      y += Math.max(36, this.lay.button) + 6;
    }
    if (pages > 1) {
      const page = (by: number) => () => {
        myMapsPage = (myMapsPage + by + pages) % pages;
        this.scene.restart();
      };
      new Button(this, lx + 40, y, {
        name: 'mymaps-prev',
        width: 40,
        height: Math.max(30, this.lay.button),
        label: '\u25c0',
        fontSize: 14,
        onClick: page(-1),
      });
      this.add
        .text(lx + lw / 2, y, `${myMapsPage + 1} of ${pages}`, textStyle(13, CSS.muted))
        .setOrigin(0.5);
      new Button(this, lx + lw - 40, y, {
        name: 'mymaps-next',
        width: 40,
        height: Math.max(30, this.lay.button),
        label: '\u25b6',
        fontSize: 14,
        onClick: page(1),
      });
      y += 38;
    }
    return y + 2;
  }

  private async openMyMap(id: string): Promise<void> {
    if (app.customMap?.id === id) {
      this.selectScenario('custom');
      return;
    }
    await app.openMyMap(id);
    if (this.sys.isActive()) this.scene.restart();
  }

  private async removeMyMap(id: string): Promise<void> {
    await app.removeMyMap(id);
    if (this.sys.isActive()) this.scene.restart();
  }

  /** A generated board's id with a new seed (the scale of the options chosen now). */
  private reseeded(id: string): string {
    const field = parseFieldId(id);
    if (!field) return id;
    const scale = this.options?.scale === 'small' ? 'small' : field.scale;
    return randomFieldId(field.kind, fieldSeed(), scale) ?? id;
  }

  /**
   * Shows a scenario. `keep`: another battlefield for the same rules, which keeps the
   * options chosen (the muster, the scenario of the rules).
   */
  private selectScenario(id: string, first = false, keep = false): void {
    const result = resolveScenario(id, app.customMap);
    app.setup.scenario = id;
    if (!first) {
      const same = keep && result.ok && result.scenario.ruleModule === this.rules.id;
      // The next map plays at its own scale unless the player picked one.
      app.setup.options =
        same && result.ok
          ? this.rules.normaliseOptions(
              optionsForNextBattlefield(this.options, scaleChosen),
              result.scenario.map.battleMap,
            )
          : result.ok
            ? { ...result.scenario.defaults }
            : null;
      if (!same) scaleChosen = false;
      if (!keep) {
        tableRoll = null;
        optionsScrolled = 0;
      }
      askedChoice = null;
      fallbackNote = null;
      this.scene.restart();
      return;
    }
    if (!result.ok) {
      this.resolved = null;
      this.rules = defaultRuleModule();
      this.options = this.rules.normaliseOptions(undefined);
      this.showDetails(`This scenario cannot be played: ${result.error}`);
      this.startButton.setEnabled(false);
      return;
    }
    this.resolved = result.scenario;
    this.rules = ruleModuleFor(result.scenario.map.battleMap);
    this.options = this.rules.normaliseOptions(app.setup.options ?? result.scenario.defaults);
    // A random field was rolled at its own scale: the battle is played at it.
    const field = parseFieldId(id);
    if (field && this.rules.muster && this.options.scale !== field.scale)
      this.options = this.rules.normaliseOptions({ ...this.options, scale: field.scale });
    this.keepAvailableChoices();
    this.startButton.setEnabled(true);
    this.showDetails(null);
  }

  private showDetails(error: string | null): void {
    // The controls are drawn again: a tip of one of the old ones must not come up.
    this.tooltip.hideNow();
    this.detailRoot.removeAll(true);
    this.optionRoot.removeAll(true);
    this.optionsScroll?.destroy();
    this.optionsScroll = null;
    this.optionRoot.y = 0;
    const lay = this.lay;
    const x = lay.details.x + 24;
    let y = lay.details.y + 16;
    // The right-hand column holds the map's picture and summary.
    const wrap = Math.min(lay.details.w - 48, lay.preview.x - x - 24);
    if (error || !this.resolved) {
      this.detailRoot.add(
        this.add.text(
          x,
          y,
          error ?? 'No scenario.',
          textStyle(this.fs(17), '#ffb4a8', { wordWrap: { width: wrap } }),
        ),
      );
      return;
    }
    const r = this.resolved;
    const name = this.add
      .text(x, y, r.name, titleStyle(this.fs(28), CSS.gold, { strokeThickness: 0 }))
      .setName('setup-title');
    // A long name is fitted short of the map's picture, whole in its tooltip.
    if (fitText(name, r.name, wrap, this.fs(28), 18)) this.hoverTip(name, r.name);
    y += Math.round(44 + (this.k - 1) * 20);
    // A larger text size on a wide screen: the summary in two lines (whole in its tip), the
    // map's own summary in the picture's tip, and the options the panel's whole width.
    const roomy = this.k > 1 && !lay.upright;
    const summary = this.add
      .text(
        x,
        y,
        r.summary || 'A dungeon of your own making.',
        textStyle(this.fs(16), CSS.parchment, { wordWrap: { width: wrap }, lineSpacing: 4 }),
      )
      .setName('setup-summary');
    // Under a muster the options need the room: two lines of the summary (and upright at a
    // larger text size, where each option's name goes above its buttons).
    if (this.rules.muster || roomy || this.labelsAbove) {
      // Under a muster at a larger text size, one line (the options need the room).
      clampLines(summary, summary.text, this.rules.muster && roomy ? 1 : 2);
      const full = r.summary;
      summary.setInteractive();
      summary.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(full, p.x, p.y));
      summary.on('pointerout', () => this.tooltip.hideNow());
    }
    y += summary.height + 12;
    const m = r.map.battleMap;
    const heroes = m.objects.filter((o) => o.kind === 'hero').length;
    const enemies = m.objects.filter((o) => o.kind === 'enemy').length;
    const muster = this.rules.muster;
    // Under a muster the map's figures are not the armies: its size alone is worth saying,
    // and the picture's heading says it (the options need the line's room).
    const mapLine = muster
      ? null
      : this.add.text(
          x,
          y,
          `Map: ${m.width} \u00d7 ${m.height} squares \u00b7 ${heroes} heroes \u00b7 ${enemies} monsters`,
          // Upright it may take two lines beside the picture rather than shrink.
          textStyle(this.fs(14), CSS.muted, lay.upright ? { wordWrap: { width: wrap } } : {}),
        );
    if (mapLine && !lay.upright && fitText(mapLine, mapLine.text, wrap, this.fs(14)))
      this.hoverTip(mapLine, mapLine.text);
    if (mapLine) y += Math.max(30, mapLine.height + 8);
    // Below the map's picture (at a larger text size on a wide screen) the goal takes the
    // panel's whole width.
    const pictureBottom =
      lay.preview.y +
      18 +
      m.height * Math.max(1, Math.min(PREVIEW.width / m.width, PREVIEW.height / m.height));
    const winWrap = roomy && y > pictureBottom + 4 ? lay.details.w - 48 : wrap;
    const winTitle = this.add.text(
      x,
      y,
      'To win',
      titleStyle(this.fs(18), CSS.gold, { strokeThickness: 0 }),
    );
    const win = this.add
      .text(
        x + this.fs(80),
        y + 2,
        muster ? muster.goal(this.options) : describeVictory(this.options),
        textStyle(this.fs(16), CSS.green, {
          wordWrap: { width: winWrap - this.fs(80) },
          lineSpacing: 3,
        }),
      )
      .setName('victory-text');
    this.detailRoot.add([name, summary, ...(mapLine ? [mapLine] : []), winTitle, win]);
    y += Math.max(30, win.height + 16);
    // Upright, the options go under the map's picture and its summary, the whole width.
    const full = lay.upright || roomy ? lay.details.w - 48 : wrap;
    // Upright the map's facts go under its picture the panel's whole width, whole (issue
    // 29: under the picture alone they were cut off), and the options under them.
    const factsBelow = lay.upright && !this.labelsAbove;
    if (lay.upright) y = Math.max(y, pictureBottom + 8);
    // (The Options heading sits 8 above the rows' y; a muster's first row is centred on it.)
    if (factsBelow)
      y = Math.max(
        y,
        this.drawMinimap({ x, y: y - 4, width: full }) + (muster ? lay.button / 2 : 12),
      );
    this.fitOptions(() =>
      muster
        ? this.buildMusterOptions(muster, x, y + 10, full)
        : this.buildOptions(x, Math.max(y + 40, lay.details.y + 256), full),
    );
    if (!factsBelow) this.drawMinimap();
  }

  /**
   * Builds the options (`build` says where they start and end, or null where it scrolls
   * them itself: upright) so that they fit in the details panel with the Keys line: as
   * they are when they fit; else built again, their rows closer (no closer than a button
   * and a little: rowStep); and when even that runs past the panel's foot (a larger text
   * size, a long scenario), they scroll within it a row at a time, without the Keys line.
   */
  private fitOptions(build: () => OptionsExtent | null): void {
    this.squeeze = 0;
    this.steps = 0;
    let built = build();
    const d = this.lay.details;
    const foot = d.y + d.h - 6;
    if (!built || built.keysFoot <= foot) return;
    if (this.steps > 0) {
      this.squeeze = Math.ceil((built.keysFoot - foot) / this.steps);
      this.optionsScroll?.destroy();
      this.optionsScroll = null;
      this.optionRoot.removeAll(true);
      this.steps = 0;
      built = build();
      if (!built || built.keysFoot <= foot) return;
    }
    // The rows fit without the Keys line (a larger text size): they go without it.
    this.optionRoot.getByName('setup-keys')?.destroy();
    if (built.rowsFoot > foot) this.scrollOptions(built.top, built.rowsFoot, foot);
  }

  private buildOptions(x: number, y: number, wrap: number): OptionsExtent | null {
    const root = this.optionRoot;
    const labelW = Math.round(190 + (this.k - 1) * 100);
    const label = (text: string, tip: string, yy: number): void =>
      this.optionLabel(x, text, tip, yy);
    const heading = this.add.text(
      x,
      y - 48,
      'Options',
      titleStyle(this.fs(18), CSS.gold, { strokeThickness: 0 }),
    );
    root.add(heading);
    const specs = this.rules.optionSpecs(this.resolved?.map.battleMap ?? null, this.options);
    const shown = specs.filter((spec) => {
      const when = spec.showWhen;
      return !when || this.options[when.option] === when.equals;
    });
    // Upright at a larger text size each option's name goes above its buttons, which take
    // the panel's width (`drop` under the name), two narrow options sharing a row; the rows
    // close up to fit above the panel's foot, else the names go back beside the buttons.
    const half = Math.floor(wrap / 2);
    this.startRows(x, x + wrap);
    const narrow = (spec: OptionSpec): boolean =>
      optionRowWidth(spec, this.leastButtonWidth()) * this.rowK <= half - 12;
    const rows: OptionSpec[][] = [];
    for (let i = 0; i < shown.length; i++) {
      const next = shown[i + 1];
      if (next && narrow(shown[i]) && narrow(next)) rows.push([shown[i], shown[++i]]);
      else rows.push([shown[i]]);
    }
    const drop = Math.round(this.fs(17) * 0.6 + 5 + this.lay.button / 2);
    const rowH = drop + Math.round(this.lay.button / 2);
    // The foot of the panel keeps the tutorial's offer.
    const limit = this.lay.details.y + this.lay.details.h - 56;
    const gap = Math.min(26, Math.floor((limit - y - rowH) / Math.max(1, rows.length) - rowH));
    const above = this.labelsAbove && gap >= 2;
    if (above) {
      for (const row of rows) {
        let noted = 0;
        row.forEach((spec, col) => {
          this.optionLabel(x + col * half, spec.label, spec.help, y);
          const at = x + (col * half) / this.rowK;
          this.buildOption(spec, optionName(spec, specs), at, y + drop);
          const below = y + drop + this.lay.button / 2 + 2;
          noted = Math.max(noted, this.optionNote(spec, optionName(spec, specs), at, below, half));
        });
        y += rowH + gap + noted;
      }
      this.buildSeedRow(x, y, x, label, drop);
      return null;
    }
    const bx = x + labelW;
    this.startRows(bx, x + wrap);
    // Upright on a short phone (360x640) the rows ran past the panel's foot, over the
    // tutorial's offer: there they scroll, a row at a time, as the muster's options do.
    const button = this.lay.button;
    const band = this.markBand.bind(this);
    const top = heading.y - 4;
    heading.setData('band', [top, heading.y + heading.height]);
    for (const spec of shown) {
      const mark = root.list.length;
      label(spec.label, spec.help, y);
      this.buildOption(spec, optionName(spec, specs), bx, y);
      const noted = this.optionNote(spec, optionName(spec, specs), bx, y + button / 2 + 2, wrap);
      band(mark, y - button / 2, y + button / 2 + noted);
      y += this.step(this.k > 1 && !this.lay.upright ? 44 : Math.max(50, button + 10)) + noted;
    }
    const scrolls = this.lay.upright && y + button / 2 > limit;
    const seedMark = root.list.length;
    const keysFoot = this.buildSeedRow(x, y, bx, label, 0, !scrolls);
    band(seedMark, y - button / 2, y + button / 2);
    if (scrolls) this.scrollOptions(top, y + button / 2, limit);
    return this.lay.upright ? null : { top, rowsFoot: y + button / 2, keysFoot };
  }

  /**
   * An option's name on the left of its row, its help on hover (a tap on a phone); made
   * smaller to keep within `room` when given (the buttons start there).
   */
  private optionLabel(x: number, text: string, tip: string, y: number, size = 17, room = 0): void {
    const t = this.add.text(x, y, text, textStyle(this.fs(size), CSS.parchment)).setOrigin(0, 0.5);
    if (room > 0) fitText(t, text, room, this.fs(size));
    t.setInteractive();
    t.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(tip, p.x, p.y));
    t.on('pointerout', () => this.tooltip.hideNow());
    this.optionRoot.add(t);
  }

  /**
   * The options of rules with a muster (the Skirmish): the scenario, chosen or rolled on the
   * rules' table; the battlefield, a map or a random one with its seed and a reroll; the
   * other choices (the scale...); the optional rules as switches, two a row; both armies in
   * short, with the button to the muster; then the seed.
   */
  private buildMusterOptions(
    muster: MusterRules,
    x: number,
    y: number,
    wrap: number,
  ): OptionsExtent | null {
    const root = this.optionRoot;
    const specs = this.rules.optionSpecs(this.resolved?.map.battleMap ?? null, this.options);
    // Upright at a larger text size each option's name goes above its buttons, which take
    // the panel's width; the rows that do not fit scroll (scrollOptions).
    const above = this.labelsAbove;
    const bx = above ? x : x + Math.round(130 + (this.k - 1) * 75);
    const label = (text: string, tip: string, yy: number): void =>
      this.optionLabel(x, text, tip, yy, 16, above ? 0 : bx - x - 10);
    const button = this.lay.button;
    const half = Math.round(this.fs(16) * 0.6);
    const drop = above ? half + 5 + Math.round(button / 2) : 0;
    const gap = 12;
    const top = y - half;
    /** The next row's name line, after a row whose foot is at `bottom` (upright, larger). */
    const after = (bottom: number): number => bottom + gap + half;
    const band = this.markBand.bind(this);
    this.startRows(bx, x + wrap);
    const roll = muster.optionRoll;
    const rolled = roll ? specs.find((s) => s.id === roll.option) : undefined;
    if (roll && rolled) {
      const mark = root.list.length;
      label(rolled.label, rolled.help, y);
      this.buildOption(rolled, optionName(rolled, specs), bx, y + drop);
      this.optionButton(
        `${optionName(rolled, specs)}-roll`,
        `Roll d${roll.die}`,
        false,
        84,
        // Upright a thumb's gap from the ▶ arrow beside it (issue 29: they touched).
        bx + optionRowWidth(rolled, this.leastButtonWidth()) + (this.lay.upright ? 30 : 10),
        y + drop,
        () => {
          const r = roll.pick(1 + (randomSeed() % roll.die));
          if (!r) return;
          tableRoll = r;
          // A roll the map cannot host is said, and the choice stays (roll again).
          this.askChoice(rolled, r.value);
        },
      );
      let foot = y + drop + button / 2;
      const shown = askedChoice?.option === roll.option ? askedChoice.value : undefined;
      const rolledNow = tableRoll && [this.options[roll.option], shown].includes(tableRoll.value);
      if (tableRoll && rolledNow) {
        const why = choiceOf(rolled, tableRoll.value)?.unavailable;
        const said = `Rolled ${tableRoll.text}${why ? ': not on this map' : ''}`;
        const text = this.add
          .text(
            why ? bx : bx + this.off(160),
            y + drop + (above ? button / 2 + 4 : 24),
            said,
            textStyle(this.fs(13), why ? '#ffb4a8' : CSS.gold),
          )
          .setOrigin(why ? 0 : 0.5, above ? 0 : 0.5)
          .setName('scenario-roll');
        if (why) {
          // The reason and what to do on hover; the line fitted to the row.
          fitText(text, said, x + wrap - bx, this.fs(13), 11);
          this.hoverTip(text, `${said}: ${why} Roll again or choose another.`);
        }
        root.add(text);
        foot += text.height + 4;
        y += 16;
      }
      // Why a choice asked for cannot be played here (or fell back), under the row; a roll
      // the map cannot host says so itself.
      const rollSaysIt = tableRoll && shown === tableRoll.value;
      const noted = rollSaysIt
        ? 0
        : this.optionNote(rolled, optionName(rolled, specs), x, foot + 2, wrap);
      foot += noted;
      y += noted;
      band(mark, y - half, foot);
      y = above ? after(foot) : y + this.rowStep();
    }
    {
      const mark = root.list.length;
      const rowY = y;
      y = this.buildBattlefieldRow(x, bx, y, label, drop);
      if (above) {
        band(mark, rowY - half, y);
        y = after(y);
      } else band(mark, rowY - button / 2, rowY + button / 2);
    }
    let col = 0;
    let toggleRow = -1;
    // The choices first, then the switches together, two a row.
    const ordered = [
      ...specs.filter((spec) => spec.kind !== 'toggle'),
      ...specs.filter((spec) => spec.kind === 'toggle'),
    ];
    for (const spec of ordered) {
      if (spec.id === rolled?.id) continue;
      const when = spec.showWhen;
      if (when && this.options[when.option] !== when.equals) continue;
      const name = optionName(spec, specs);
      if (spec.kind === 'toggle') {
        const on = shownOptionValue(spec, this.options) === true;
        // Two a row; upright at a larger text size one a row, the panel's width.
        const w = above ? wrap : Math.floor((wrap - 8) / 2);
        const mark = root.list.length;
        // Upright at a larger text size a switch row has no name line: its buttons start there.
        const at = above ? y - half + button / 2 : y;
        const b = this.optionButton(
          `${name}-toggle`,
          `${spec.label}: ${on ? 'On' : 'Off'}`,
          on,
          w,
          x + col * (w + 8),
          at,
          () => this.setOption({ [spec.id]: !on }),
          false,
        );
        b.setData('tooltip', spec.help);
        this.optionTip(b, spec.help);
        band(mark, at - button / 2, at + button / 2);
        toggleRow = at + button / 2;
        col = above ? 0 : (col + 1) % 2;
        if (col === 0) y = above ? after(toggleRow) : y + this.rowStep();
        continue;
      }
      if (col === 1) y = above ? after(toggleRow) : y + this.rowStep();
      col = 0;
      const mark = root.list.length;
      label(spec.label, spec.help, y);
      this.buildOption(spec, name, bx, y + drop);
      const noted = this.optionNote(spec, name, x, y + drop + button / 2 + 2, wrap);
      band(mark, y - half, y + drop + button / 2 + noted);
      y = above ? after(y + drop + button / 2 + noted) : y + this.rowStep() + noted;
    }
    if (col === 1) y = above ? after(toggleRow) : y + this.rowStep();
    // The armies in short, and the way to the muster.
    const line = (side: 'heroes' | 'enemies'): string => {
      const a = muster.army(this.options, side);
      const arch =
        a.archFoe >= 0
          ? ` \u00b7 Arch Foe: ${muster.roster(this.options).find((f) => f.kind === a.kinds[a.archFoe])?.name ?? ''}`
          : '';
      return `${side === 'heroes' ? 'Your army' : 'The enemy'}: ${a.kinds.length} figures, ${a.points} of ${a.budget} points${arch}`;
    };
    const problem = muster.problem(this.options);
    const caution = muster.caution?.(this.options) ?? null;
    const mark = root.list.length;
    const musterW = above ? this.off(120) : 120;
    const colour = problem ? '#ffb4a8' : caution ? CSS.gold : CSS.parchment;
    // Upright at a larger text size both lines wrap over the panel's width; on a wide screen
    // each army takes one line beside the Muster button (smaller, or cut with its whole in
    // its tip), so that the seed still fits in the panel.
    let armiesH: number;
    if (above) {
      const armies = this.add
        .text(
          x,
          y - half,
          `${line('heroes')}\n${line('enemies')}`,
          textStyle(this.fs(14), colour, {
            lineSpacing: 3,
            wordWrap: { width: wrap - musterW - 12 },
          }),
        )
        .setName('muster-summary');
      if (caution) this.hoverTip(armies, caution);
      root.add(armies);
      armiesH = armies.height;
    } else {
      let ly = y - 14;
      for (const side of ['heroes', 'enemies'] as const) {
        const full = line(side);
        const t = this.add
          .text(x, ly, full, textStyle(this.fs(14), colour))
          .setName('muster-summary');
        const cut = fitText(t, full, wrap - 140, this.fs(14));
        if (cut || caution)
          this.hoverTip(t, [cut ? full : '', caution ?? ''].filter(Boolean).join('\n'));
        root.add(t);
        ly += t.height + 3;
      }
      armiesH = ly - 3 - (y - 14);
    }
    this.optionButton(
      'muster-open',
      'Muster\u2026',
      false,
      musterW,
      x + wrap - musterW,
      above ? y - half + button / 2 : y + 4,
      () => {
        app.setup.options = this.options;
        app.goto('Muster');
      },
      false,
    );
    if (above) {
      const foot = y - half + Math.max(armiesH, button);
      band(mark, y - half, foot);
      y = after(foot);
      const seedMark = root.list.length;
      this.buildSeedRow(x, y, bx, label, drop);
      band(seedMark, y - half, y + drop + button / 2);
      this.scrollOptions(top, y + drop + button / 2);
      return null;
    }
    band(mark, y - 14, Math.max(y - 14 + armiesH, y + 4 + button / 2));
    // The seed's buttons a few pixels under the armies' lines (taller at a larger text size).
    y = Math.max(y + 46, y - 14 + armiesH + 6 + button / 2);
    const seedMark = root.list.length;
    const keysFoot = this.buildSeedRow(x, y, bx, label);
    band(seedMark, y - button / 2, y + button / 2);
    return { top, rowsFoot: y + button / 2, keysFoot };
  }

  /**
   * Marks the options' controls added since `mark` (a length of their root's list) as a row
   * from `from` to `to`, for the scroll (scrollOptions).
   */
  private markBand(mark: number, from: number, to: number): void {
    for (const o of this.optionRoot.list.slice(mark)) o.setData('band', [from, to]);
  }

  /**
   * Upright (at a larger text size under a muster; on a short phone without): the options
   * from `top` down to `bottom` scroll within the panel when they run past its foot (or
   * `foot`), a row at a time (a row whose
   * band, set on its controls, is not wholly in view is hidden; no mask, which Phaser 4
   * draws only on Canvas). Where the player had scrolled to is kept when the options are
   * drawn again.
   */
  private scrollOptions(top: number, bottom: number, foot?: number): void {
    const d = this.lay.details;
    const end = foot ?? d.y + d.h - 6;
    const rect = { x: d.x, y: top - 4, width: d.w, height: end - (top - 4) };
    const root = this.optionRoot;
    const before = optionsScrolled;
    this.optionsScroll = makeScrollArea(
      this,
      rect,
      bottom - rect.y + 6,
      'setup-options',
      (by, shown) => {
        optionsScrolled = by;
        // The first row that starts at the place scrolled to goes to the top (no gap where a
        // row cut by the top is hidden).
        const starts = root.list
          .map((o) => (o.getData('band') as [number, number] | undefined)?.[0])
          .filter((t): t is number => t !== undefined && t >= rect.y + by - 1);
        const shift = starts.length > 0 ? Math.min(...starts) - rect.y : by;
        root.y = -shift;
        for (const o of root.list) {
          const band = o.getData('band') as [number, number] | undefined;
          if (!band) continue;
          const visible = band[0] - shift >= rect.y - 1 && band[1] - shift <= rect.y + shown + 1;
          (o as unknown as Phaser.GameObjects.Components.Visible).setVisible(visible);
        }
      },
      Math.round(this.lay.button / 2),
    );
    const area = this.optionsScroll;
    if (!area) return;
    if (before > 0) area.scrollBy(before);
    // Tab reaches the options out of view: the focused one scrolls in.
    for (const o of root.list) {
      const band = o.getData('band') as [number, number] | undefined;
      if (!band || !(o instanceof Button)) continue;
      o.setData(SCROLL_INTO_VIEW, () => {
        const from = area.scrolled;
        // Half a step more, so the rounding to whole steps leaves no part of its row out.
        const half = Math.round(this.lay.button / 4);
        if (band[0] < rect.y + from) area.scrollBy(band[0] - rect.y - from - half);
        else area.scrollBy(band[1] - (rect.y + rect.height - 24) - from + half);
      });
    }
  }

  /**
   * Whether each option's name goes above its buttons: upright at a larger text size (the
   * buttons then take the panel's width; under a muster the options scroll).
   */
  private get labelsAbove(): boolean {
    return this.k > 1 && this.lay.upright;
  }

  /** A text size: a fifth larger on a phone held upright, where the screen shows it small. */
  private fs(size: number): number {
    return Math.round((this.lay.upright ? size * 1.2 : size) * this.k);
  }

  /** The step between the muster's options rows: closer at a larger text size on a wide screen. */
  private rowStep(): number {
    return this.step(this.k > 1 && !this.lay.upright ? 38 : this.lay.row);
  }

  /**
   * One step down to the next options row, `usual` apart unless fitOptions has them closer
   * (by `squeeze`, never closer than a button and 2 pixels); counted in `steps`.
   */
  private step(usual: number): number {
    this.steps++;
    return Math.max(Math.min(usual, this.lay.button + 2), usual - this.squeeze);
  }

  /**
   * The least width of an option's button before the text size grows it: on a phone held
   * upright, its height (a thumb's 44 CSS pixels, issue 29), else none.
   */
  private leastButtonWidth(): number {
    return this.lay.upright ? Math.ceil(this.lay.button / this.rowK) : 0;
  }

  /** A width or offset in an options row, grown with the text size. */
  private off(n: number): number {
    return Math.round(n * this.rowK);
  }

  /** The options rows start at `bx` and end by `right`: they grow as far as that allows. */
  private startRows(bx: number, right: number): void {
    this.bx = bx;
    this.rowRight = right;
    // The widest row (a map's name between its arrows, the seed) is 400 wide at normal size.
    this.rowK = Math.min(this.k, Math.max(1, (right - bx) / 400));
  }

  /** A hover tip (a tap on a phone) on a text: the whole of a text fitted short. */
  private hoverTip(t: Phaser.GameObjects.Text | Phaser.GameObjects.Image, tip: string): void {
    t.setInteractive();
    t.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(tip, p.x, p.y));
    t.on('pointerout', () => this.tooltip.hideNow());
  }

  /** A hover tip on a button of the options panel. */
  private optionTip(b: Button, tip: string): void {
    b.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(tip, p.x, p.y));
    b.on('pointerout', () => this.tooltip.hideNow());
  }

  /**
   * The battlefield: a random one (its seed shown, a reroll) or a map (bundled or the
   * player's own), cycled with previous and next.
   */
  private buildBattlefieldRow(
    x: number,
    bx: number,
    y: number,
    label: (text: string, tip: string, y: number) => void,
    drop = 0,
  ): number {
    const id = app.setup.scenario;
    const field = parseFieldId(id);
    const scale = this.options.scale === 'small' ? 'small' : 'large';
    label(
      'Battlefield',
      'A field rolled on the rules\u2019 terrain tables (the same seed, the same field), or a map: a bundled one or your own.',
      y,
    );
    // Its buttons `drop` under its name, the map's name (or the field's seed) in a line of
    // its own under them, the panel's width (upright at a larger text size).
    const split = drop > 0;
    y += drop;
    const y2 = split ? y + this.lay.button + 8 : y;
    const shift = split ? -184 : 0;
    const span = split ? Math.floor((this.rowRight - this.bx) / this.rowK) : 400;
    const random = randomFieldId(this.rules.id, field?.seed ?? fieldSeed(), scale);
    const maps = battlefieldMaps(app.customMap, app.customMapName);
    const under = parseUnderRulesId(id);
    const listed = allScenarios().find((s) => s.id === id);
    const mapId = under?.map ?? (listed ? `map:${listed.mapId}` : id);
    const at = Math.max(
      0,
      maps.findIndex((m) => m.id === mapId),
    );
    const toMap = (i: number) => () =>
      this.selectScenario(
        underRulesId(this.rules.id, maps[(i + maps.length) % maps.length].id),
        false,
        true,
      );
    if (random) {
      this.optionButton('field-random', 'Random', field !== null, 90, bx, y, () => {
        if (!field) this.selectScenario(random, false, true);
      });
    }
    // On a phone held upright every button a thumb wide (issue 29: the arrows were 18 CSS
    // pixels); the arrows then go to the row's ends, the map's name between them.
    const least = this.leastButtonWidth();
    const arrowW = optionButtonWidth(34, least);
    const mapW = optionButtonWidth(76, least);
    const prevX = split ? 0 : 98 + mapW + 10;
    const nameX = prevX + arrowW + 8;
    const rowEnd = Math.floor((this.rowRight - this.bx) / this.rowK);
    const nextX = split ? span - arrowW : least > 0 ? Math.max(366, rowEnd - arrowW) : 366;
    const nameW = split ? span - 2 * arrowW - 16 : nextX - nameX - 6;
    this.optionButton('field-map', 'A map', field === null, mapW, bx + 98, y, toMap(at));
    if (field) {
      this.optionRoot.add(
        this.add
          .text(
            bx + this.off(186 + shift),
            y2,
            `Seed ${field.seed}`,
            textStyle(this.fs(15), CSS.gold),
          )
          .setOrigin(0, 0.5)
          .setName('field-seed'),
      );
      this.optionButton('field-reroll', 'Reroll', false, 90, bx + (split ? 120 : 296), y2, () =>
        this.selectScenario(this.reseeded(id), false, true),
      );
    } else if (maps.length > 0) {
      this.optionButton('field-prev', '\u25c0', false, arrowW, bx + prevX, y2, toMap(at - 1));
      const name = this.add
        .text(bx + this.off(nameX), y2, maps[at].name, textStyle(this.fs(14), CSS.gold))
        .setOrigin(0, 0.5)
        .setName('field-map-name');
      if (fitText(name, maps[at].name, this.off(nameW), this.fs(14), 11))
        this.hoverTip(name, maps[at].name);
      this.optionRoot.add(name);
      this.optionButton('field-next', '\u25b6', false, arrowW, bx + nextX, y2, toMap(at + 1));
    }
    // Upright at a larger text size: the foot of its second line.
    return split ? y2 + this.lay.button / 2 : y + this.rowStep();
  }

  /** The seed row: random or typed, the typed digits in a box. */
  private buildSeedRow(
    x: number,
    y: number,
    bx: number,
    label: (text: string, tip: string, y: number) => void,
    drop = 0,
    keysNote = true,
  ): number {
    const root = this.optionRoot;
    const toggle = this.optionButton.bind(this);
    label(
      'Seed',
      'The dice are seeded: the same seed and the same moves give the same game. Random picks a new one.',
      y,
    );
    // Its buttons `drop` under its name (upright at a larger text size).
    y += drop;
    toggle('seed-random', 'Random', app.setup.seedMode === 'random', 90, bx, y, () => {
      app.setup.seedMode = 'random';
      this.showDetails(null);
    });
    toggle('seed-typed', 'Typed', app.setup.seedMode === 'typed', 80, bx + 98, y, () => {
      app.setup.seedMode = 'typed';
      this.showDetails(null);
    });
    const fx = bx + this.off(190);
    // The box and its digits grow with the text size, as the buttons beside it do.
    const fw = this.off(170);
    this.seedBox = this.add.graphics();
    this.seedBox.fillStyle(0x0b0810, 1);
    const sh = this.lay.button;
    this.seedBox.fillRoundedRect(fx, y - sh / 2, fw, sh, 6);
    this.seedBox.lineStyle(
      1.5,
      app.setup.seedMode === 'typed' ? COLORS.gold : COLORS.panelBorder,
      1,
    );
    this.seedBox.strokeRoundedRect(fx, y - sh / 2, fw, sh, 6);
    const zone = this.add.zone(fx + fw / 2, y, fw, sh).setInteractive({ useHandCursor: true });
    zone.on('pointerup', () => {
      if (app.setup.seedMode !== 'typed') {
        app.setup.seedMode = 'typed';
        this.showDetails(null);
      }
    });
    this.seedField = this.add
      .text(fx + 10, y, '', textStyle(this.seedSize(), CSS.parchment))
      .setOrigin(0, 0.5)
      .setName('seed-field');
    this.seedFieldW = fw - 20;
    root.add([this.seedBox, zone, this.seedField]);
    this.updateSeedField();
    y += sh / 2 + 17;
    const keys = 'Keys: Enter starts, Esc goes back; type digits for a typed seed.';
    const note = this.add.text(x, y, keys, textStyle(this.fs(13), CSS.dim)).setName('setup-keys');
    // One line across the panel (a larger text size on a phone draws it a little smaller);
    // left out where a larger text size leaves no room for it in the panel.
    fitText(note, keys, this.lay.details.w - 48, this.fs(13));
    const d = this.lay.details;
    // Upright with the names above the buttons the room is the options' (a phone held
    // upright seldom has keys). On a wide screen fitOptions sees that it fits.
    if (!keysNote || this.labelsAbove) {
      note.destroy();
      return y - 17;
    }
    root.add(note);
    return y + note.height;
  }

  /** A button of the options panel, selected when it shows the value chosen now. */
  private optionButton(
    name: string,
    text: string,
    selected: boolean,
    w: number,
    x: number,
    y: number,
    onClick: () => void,
    grow = true,
  ): Button {
    // At a larger text size the row's buttons widen, and their places from the row's start.
    if (grow) {
      x = this.bx + this.off(x - this.bx);
      w = this.off(w);
    }
    const b = new Button(this, x + w / 2, y, {
      name,
      width: w,
      height: this.lay.button,
      label: text,
      fontSize: this.lay.font,
      onClick,
    });
    b.setSelected(selected);
    this.optionRoot.add(b);
    return b;
  }

  /**
   * One option's buttons, named for the tests by the option's short name and the value:
   * a toggle as On / Off (`morale-on`), a few choices as one button each (`lair-3-4`),
   * many choices as a cycler (`victory-prev`, `victory-next`), a number as its presets
   * (`hold-3`).
   */
  private buildOption(spec: OptionSpec, name: string, bx: number, y: number): void {
    const value = shownOptionValue(spec, this.options);
    const set = (v: OptionValue) => () => this.setOption({ [spec.id]: v });
    const toggle = this.optionButton.bind(this);
    // Every button at least a thumb wide on a phone (its height), the row spread to match.
    const least = this.leastButtonWidth();
    const w = (own: number) => optionButtonWidth(own, least);
    if (spec.kind === 'toggle') {
      toggle(`${name}-on`, 'On', value === true, w(80), bx, y, set(true));
      toggle(`${name}-off`, 'Off', value !== true, w(80), bx + w(80) + 8, y, set(false));
    } else if (spec.kind === 'number') {
      spec.presets.forEach((n, i) =>
        toggle(`${name}-${n}`, String(n), value === n, w(56), bx + i * (w(56) + 8), y, set(n)),
      );
    } else if (spec.choices.length <= MAX_CHOICE_BUTTONS) {
      let cx = bx;
      for (const c of spec.choices) {
        const w = choiceWidth(c.label, least);
        const b = toggle(`${name}-${c.value}`, c.label, value === c.value, w, cx, y, set(c.value));
        // One the map cannot host is greyed, with the reason on hover.
        if (c.unavailable) {
          b.setEnabled(false);
          b.setData('tooltip', c.unavailable);
          this.optionTip(b, c.unavailable);
        }
        cx += w + 8;
      }
    } else {
      // The arrows step through every choice; one the map cannot host is shown greyed
      // (askChoice), the option keeping its value.
      const n = spec.choices.length;
      const asked = askedChoice?.option === spec.id ? askedChoice.value : value;
      const i = Math.max(
        0,
        spec.choices.findIndex((c) => c.value === asked),
      );
      const step = (by: number) => () => this.askChoice(spec, spec.choices[(i + by + n) % n].value);
      const arrowW = w(40);
      toggle(`${name}-prev`, '\u25c0', false, arrowW, bx, y, step(-1));
      const shown = spec.choices[i];
      // The choice's name centred between the arrows, fitted to the room there.
      const middle = cyclerMiddle(arrowW);
      const nextX = bx + middle + arrowW;
      const label = this.add
        .text(
          bx + this.off((arrowW + nextX - bx) / 2),
          y,
          shown.label,
          textStyle(this.fs(16), shown.unavailable ? CSS.dim : CSS.gold),
        )
        .setOrigin(0.5)
        .setName(`${name}-value`);
      fitText(label, shown.label, this.off(middle - 8), this.fs(16), 11);
      if (shown.unavailable) {
        label.setData('tooltip', shown.unavailable);
        this.hoverTip(label, shown.unavailable);
      }
      this.optionRoot.add(label);
      toggle(`${name}-next`, '\u25b6', false, arrowW, nextX, y, step(1));
    }
  }

  /**
   * A picture of the map (in its own art when its images came, else the built-in tiles or
   * terrain colours) with the heroes' start squares (blue), the enemies (red, the Arch Foe
   * larger) and lairs (gold), and below it the summary map:check prints.
   */
  /**
   * The map's picture and, under it (or at `factsAt` when given: upright, the panel's
   * width), the facts map:check prints. Returns where the facts end.
   */
  private drawMinimap(factsAt: { x: number; y: number; width: number } | null = null): number {
    const r = this.resolved;
    if (!r) return factsAt?.y ?? 0;
    const m = r.map.battleMap;
    const box = { ...PREVIEW, ...this.lay.preview };
    const size = Math.max(1, Math.min(box.width / m.width, box.height / m.height));
    const w = m.width * size;
    const h = m.height * size;
    const ox = Math.round(box.x + (box.width - w) / 2);
    const oy = box.y + 18;
    // Drawn once per map (an option's click redraws the panel, not the picture).
    const custom = app.customMap;
    // The player's marks change the picture (its built-in tiles, its figures): a new key.
    const marks = custom?.tileMarks ? JSON.stringify(custom.tileMarks) : '';
    const key = `${PREVIEW_TEXTURE}:${r.id}:${custom ? `${custom.id ?? custom.fileName}:${custom.text.length}:${marks}` : ''}`;
    if (previewKey !== key || !this.textures.exists(key)) {
      if (previewKey && this.textures.exists(previewKey)) this.textures.remove(previewKey);
      const canvas = drawMapThumbnail(this, r.map, w, h);
      previewKey = canvas && this.textures.addCanvas(key, canvas) ? key : '';
    }
    const ownArt = previewKey !== '' && r.map.art !== undefined;
    app.setupPreview = {
      ownArt,
      width: m.width,
      height: m.height,
      key: previewKey,
      picture: (() => {
        const r = this.toScreen({ x: ox, y: oy, width: size, height: size });
        return { x: r.x, y: r.y, size: r.width };
      })(),
    };
    if (previewKey !== '') {
      this.detailRoot.add(
        this.add.image(ox, oy, previewKey).setOrigin(0).setDisplaySize(w, h).setName('map-preview'),
      );
    } else {
      this.detailRoot.add(this.terrainPicture(m, ox, oy, size));
    }
    const markable = app.playsOwnMap();
    const markHint = 'Click a tile: all of its kind become wall, then floor, then cover.';
    const full = markable ? `${r.map.summary}\n\n${markHint}` : r.map.summary;
    if (markable) this.markablePicture(r.map, ox, oy, size, full);
    const g = this.add.graphics();
    for (const o of m.objects) {
      const cx = ox + (o.x + 0.5) * size;
      const cy = oy + (o.y + 0.5) * size;
      if (o.kind === 'hero') {
        g.fillStyle(COLORS.hero, 0.35);
        g.fillRect(ox + o.x * size, oy + o.y * size, size, size);
        g.lineStyle(Math.max(1, size / 8), COLORS.hero, 1);
        g.strokeRect(ox + o.x * size, oy + o.y * size, size, size);
      } else if (o.kind === 'enemy') {
        const arch = o.properties.archFoe === true;
        g.fillStyle(arch ? COLORS.archFoe : COLORS.enemy, 1);
        g.fillCircle(cx, cy, Math.max(2, size * (arch ? 0.42 : 0.3)));
        g.lineStyle(1, 0x000000, 0.8);
        g.strokeCircle(cx, cy, Math.max(2, size * (arch ? 0.42 : 0.3)));
      } else if (o.kind === 'lair') {
        g.lineStyle(Math.max(1, size / 10), COLORS.gold, 1);
        g.strokeCircle(cx, cy, Math.max(1.5, size * 0.3));
      }
    }
    g.lineStyle(2, COLORS.panelBorder, 1);
    g.strokeRect(ox - 2, oy - 2, w + 4, h + 4);
    this.detailRoot.add(g);
    // Under a muster the line under the title leaves the map's size to this heading.
    const heading = this.rules.muster
      ? `The map \u00b7 ${m.width} \u00d7 ${m.height} squares`
      : 'The map';
    const headingText = this.add
      .text(box.x + box.width / 2, box.y + 8, heading, textStyle(this.fs(13), CSS.muted))
      .setOrigin(0.5, 1)
      .setName('setup-map-heading');
    fitText(headingText, heading, box.width + 16, this.fs(13));
    this.detailRoot.add(headingText);
    // The summary map:check prints (less the title line, shown above, and the description).
    const lines = r.map.summary
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== m.description.replace(/\s*\n\s*/g, ' ').trim())
      // Under a muster the armies are the muster's, not the map's own figures.
      .filter((l) => !this.rules.muster || !/^\s*(Heroes|Enemies|Arch Foe|Rules|Scenario):/.test(l))
      .map((l) => l.trim());
    let top = oy + h + 12;
    if (this.k > 1 && (!this.lay.upright || this.labelsAbove)) {
      // The options take the room under the picture: the map's summary is in its tip.
      const picture = this.detailRoot.list.find((o) => o.name === 'map-preview');
      if (picture instanceof Phaser.GameObjects.Image) this.hoverTip(picture, full);
      return top;
    }
    const at = factsAt ?? { x: box.x, y: top, width: box.width };
    const text = this.add
      .text(
        at.x,
        at.y,
        lines.join('\n'),
        textStyle(this.fs(factsAt ? 12 : 11), CSS.muted, {
          wordWrap: { width: at.width, useAdvancedWrap: true },
        }),
      )
      .setName('map-summary');
    if (markable) {
      const hint = this.add
        .text(
          at.x,
          at.y,
          markHint,
          textStyle(this.fs(11), CSS.gold, {
            wordWrap: { width: at.width, useAdvancedWrap: true },
          }),
        )
        .setName('map-mark-hint');
      this.detailRoot.add(hint);
      top = at.y + hint.height + 6;
      text.setY(top);
    }
    const maxH = this.lay.preview.bottom - top;
    if (factsAt) {
      // Whole facts, as many as take FACTS_LINES lines; the rest on a tap (its tooltip).
      const kept: string[] = [];
      for (const l of lines) {
        if (text.getWrappedText([...kept, l].join('\n')).length > FACTS_LINES) break;
        kept.push(l);
      }
      if (kept.length < lines.length)
        text.setText([...kept, '\u2026 more: tap or point here'].join('\n'));
    } else if (text.height > maxH) text.setCrop(0, 0, box.width, maxH);
    text.setInteractive();
    text.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(full, p.x, p.y));
    text.on('pointerout', () => this.tooltip.hideNow());
    this.detailRoot.add(text);
    return text.y + text.height;
  }

  /**
   * The player's map's picture takes clicks: the square clicked marks its kind of tile
   * (app.markTileKind; the rules are the loader's), and the squares of the kinds marked are
   * shown over the map's own art (walls shaded and outlined, cover ringed in gold) so that
   * a mark shows at once whatever the art.
   */
  private markablePicture(
    loaded: ResolvedScenario['map'],
    ox: number,
    oy: number,
    size: number,
    tip: string,
  ): void {
    const m = loaded.battleMap;
    const marks = app.customMap?.tileMarks ?? {};
    const g = this.add.graphics().setName('map-marks');
    for (let i = 0; i < m.width * m.height; i++) {
      const tile = loaded.squareTiles[i];
      if (!tile || marks[String(tile)] === undefined) continue;
      const x = ox + (i % m.width) * size;
      const y = oy + Math.floor(i / m.width) * size;
      if (m.terrain[i] === 'wall') {
        g.fillStyle(0x000000, 0.45);
        g.fillRect(x, y, size, size);
        g.lineStyle(Math.max(1, size / 10), 0xd0603a, 0.9);
        g.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
      } else if (m.cover[i] !== 'none') {
        g.lineStyle(Math.max(1, size / 8), COLORS.gold, 0.9);
        g.strokeCircle(x + size / 2, y + size / 2, size * 0.35);
      }
    }
    this.detailRoot.add(g);
    const zone = this.add
      .zone(ox, oy, m.width * size, m.height * size)
      .setOrigin(0)
      .setName('map-picture-marks')
      .setInteractive({ useHandCursor: true });
    zone.on('pointerover', (p: Phaser.Input.Pointer) => this.tooltip.showAt(tip, p.x, p.y));
    zone.on('pointerout', () => this.tooltip.hideNow());
    zone.on('pointerup', (p: Phaser.Input.Pointer) => {
      this.tooltip.hideNow();
      const x = Math.floor((p.worldX - ox) / size);
      const y = Math.floor((p.worldY - oy) / size);
      void this.markTile(x, y);
    });
    this.detailRoot.add(zone);
  }

  /** Marks the kind of tile on square (x, y) of the player's map, then shows the map again. */
  private async markTile(x: number, y: number): Promise<void> {
    const done = await app.markTileKind(x, y);
    if (!this.sys.isActive()) return;
    if (!done.ok) {
      this.toast.show(done.error);
      return;
    }
    this.scene.restart();
  }

  /** Terrain colours, square by square: the picture when no tile image can be drawn. */
  private terrainPicture(
    m: ResolvedScenario['map']['battleMap'],
    ox: number,
    oy: number,
    size: number,
  ): Phaser.GameObjects.Graphics {
    const g = this.add.graphics();
    const fill: Record<string, number> = {
      floor: 0x5a5046,
      wall: 0x16131a,
      difficult: 0x6b5a3e,
      dangerous: 0xa2381a,
      water: 0x2f5f8f,
      pit: 0x050405,
      void: 0x0d0a10,
    };
    for (let y = 0; y < m.height; y++) {
      for (let x = 0; x < m.width; x++) {
        g.fillStyle(fill[m.terrain[y * m.width + x]] ?? 0x5a5046, 1);
        g.fillRect(ox + x * size, oy + y * size, Math.ceil(size), Math.ceil(size));
      }
    }
    return g;
  }

  private updateSeedField(): void {
    if (!this.seedField?.active) return;
    const typed = app.setup.seedMode === 'typed';
    const text = typed ? `${app.setup.seedText}${this.caretOn ? '\u258f' : ' '}` : 'new every game';
    const shown = typed && !app.setup.seedText && !this.caretOn ? 'type digits' : text;
    fitText(this.seedField, shown, this.seedFieldW, this.seedSize());
    this.seedField.setColor(typed ? CSS.parchment : CSS.dim);
  }

  /** The seed's digits: as large as the options' buttons' letters. */
  private seedSize(): number {
    return readingSize(this.lay.font + 1);
  }

  /** The options with `patch` over them (another scenario brings its own default armies). */
  private withOptions(patch: Readonly<Record<string, OptionValue>>): ScenarioOptions {
    const muster = this.rules.muster;
    const before = this.options;
    const next = this.rules.normaliseOptions({ ...before, ...patch });
    if (muster && next.scenario !== before.scenario && typeof next.scenario === 'string')
      return muster.forScenario(next, next.scenario);
    return next;
  }

  /**
   * A choice the map cannot host (at the options chosen now) falls back to the option's
   * default, else the first it can, and the row says so.
   */
  private keepAvailableChoices(): void {
    const specs = this.rules.optionSpecs(this.resolved?.map.battleMap ?? null, this.options);
    for (const spec of specs) {
      const chosen = choiceOf(spec, this.options[spec.id]);
      const instead = chosen?.unavailable ? fallbackChoice(spec) : null;
      if (!chosen?.unavailable || !instead) continue;
      this.options = this.withOptions({ [spec.id]: instead.value });
      app.setup.options = this.options;
      fallbackNote = {
        option: spec.id,
        text: `${chosen.label}: not on this map, so ${instead.label} instead. ${chosen.unavailable}`,
      };
    }
  }

  /** The player steps a choice to `value`: chosen, or shown greyed when the map cannot host it. */
  private askChoice(spec: OptionSpec, value: string): void {
    const choice = choiceOf(spec, value);
    fallbackNote = null;
    if (choice?.unavailable) {
      askedChoice = { option: spec.id, value };
      this.showDetails(null);
      return;
    }
    askedChoice = null;
    this.setOption({ [spec.id]: value });
  }

  /**
   * The line under an option's row: that the choice asked for cannot be played here and
   * which stays chosen, or that the one chosen before fell back, each with the reason; null
   * when there is nothing to say.
   */
  private choiceNote(spec: OptionSpec): string | null {
    const asked = askedChoice?.option === spec.id ? choiceOf(spec, askedChoice.value) : undefined;
    const now = choiceOf(spec, this.options[spec.id]);
    if (asked?.unavailable)
      return `${asked.label}: not on this map${now ? ` (${now.label} stays chosen)` : ''}. ${asked.unavailable}`;
    return fallbackNote?.option === spec.id ? fallbackNote.text : null;
  }

  /**
   * The note under an option's row (choiceNote) at (x, y): one line `wrap` wide (cut short,
   * whole on hover). Its height, 0 for none.
   */
  private optionNote(spec: OptionSpec, name: string, x: number, y: number, wrap: number): number {
    const note = this.choiceNote(spec);
    if (!note) return 0;
    const text = this.add
      .text(x, y, note, textStyle(this.fs(13), '#ffb4a8'))
      .setName(`${name}-note`)
      .setData('tooltip', note);
    if (fitText(text, note, wrap, this.fs(13), 11)) this.hoverTip(text, note);
    this.optionRoot.add(text);
    return text.height + 4;
  }

  private setOption(patch: Readonly<Record<string, OptionValue>>): void {
    const before = this.options;
    const next = this.withOptions(patch);
    if ('scale' in patch) scaleChosen = true;
    askedChoice = null;
    fallbackNote = null;
    this.options = next;
    app.setup.options = next;
    // A random field is rolled at the scale chosen: the same seed at the new scale.
    const field = parseFieldId(app.setup.scenario);
    if (
      field &&
      next.scale !== before.scale &&
      (next.scale === 'large' || next.scale === 'small')
    ) {
      const id = randomFieldId(field.kind, field.seed, next.scale);
      if (id) {
        this.selectScenario(id, false, true);
        return;
      }
    }
    // The scale chosen may leave a choice the map cannot host.
    this.keepAvailableChoices();
    this.showDetails(null);
  }

  private onKey(e: KeyboardEvent): void {
    if (e.repeat && (e.key === 'Enter' || e.key === 'Escape')) return;

    if (e.key === 'Escape') {
      sounds.play('ui-click');
      if (this.noteReader) this.closeNoteReader();
      else app.goto('Menu');
      return;
    }
    if (e.key === 'Enter') {
      void this.start();
      return;
    }
    if (app.setup.seedMode === 'typed') {
      if (/^[0-9]$/.test(e.key) && app.setup.seedText.length < 9) {
        app.setup.seedText += e.key;
        this.updateSeedField();
      } else if (e.key === 'Backspace') {
        app.setup.seedText = app.setup.seedText.slice(0, -1);
        this.updateSeedField();
      }
    }
  }

  private async start(): Promise<void> {
    if (!this.resolved || !this.startButton.enabled) return;
    if (app.setup.seedMode === 'typed' && !/^\d+$/.test(app.setup.seedText)) {
      this.toast.show('Type a seed (digits), or choose Random.');
      return;
    }
    const problem = this.rules.muster?.problem(this.options);
    if (problem) {
      this.toast.show(problem);
      return;
    }
    app.setup.options = this.options;
    const config = app.configFromSetup(
      app.setup.scenario,
      this.options,
      app.setup.seedMode,
      app.setup.seedText,
    );
    const result = await app.startBattle(config);
    if (!result.ok && this.sys.isActive())
      this.toast.show(result.error ?? 'The battle could not start.');
  }
}
