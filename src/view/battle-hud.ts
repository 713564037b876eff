/**
 * The Battle screen's HUD, built from the layout (battle-layout.ts) and filled from the
 * derived view (battle-view.ts): top bar with title, goal, round banner and buttons, hero
 * cards, dice log, info panel, hint, Undo and End turn, banner, toast, tooltip and the
 * keys-and-mouse help. It shows; what its buttons mean is the scene's.
 */
import Phaser from 'phaser';
import type { BattleLook } from '../app/app';
import { DEFAULT_KEYS, keyLabel, type KeyBindings } from '../app/key-bindings';
import type { GameEvent, GameState, RuleModule } from '../engine';
import {
  firstCardShown,
  pageShowingCard,
  turnCardPage,
  type BattleLayout,
  type TopButtonName,
} from './battle-layout';
import type { BannerKind } from './animator';
import { heroesWithCards, type BattleView } from './battle-view';
import { DiceLog } from './dice-log';
import { moreWords, scrollZoneByRows } from './scroll-area';
import { Banner, HeroCard, InfoPanel } from './hud';
import { COLORS, CSS, readingSize, readingStyle, textStyle, titleStyle } from './theme';
import { consumeKey, onKeyDown } from './keys';
import { Button, drawPanel, fitText, Toast, Tooltip } from './ui';

/** What the HUD's buttons and cards ask the scene to do (and the keys they name). */
export interface BattleHudActions {
  top: Record<TopButtonName, () => void>;
  /** Fit the whole board back in its window, centred. */
  recentre(): void;
  /** Narrow screens, or the panels folded: open or close the hero cards' or the dice log's panel. */
  panel(which: 'heroes' | 'log'): void;
  /** Wide screens: fold the side panels away (the board takes the room), or unfold them. */
  fold?(): void;
  undo(): void;
  endTurn(): void;
  inspect(unitId: string): void;
  choose(unitId: string, choice: string): void;
  /** The player's battle keys, named on the buttons and in the help (default: the defaults). */
  keys?: Readonly<KeyBindings>;
}

/** The top bar's buttons: labels and tooltips, naming the player's keys. */
function topButtonLook(
  keys: Readonly<KeyBindings>,
): Record<TopButtonName, { label: string; tip: string; icon?: string }> {
  const k = (c: keyof KeyBindings) => keyLabel(keys[c]);
  return {
    help: { label: '?', tip: `Keys and mouse (${k('help')})` },
    threats: {
      label: 'Threats',
      tip: `Red: where the alerted monsters could strike a hero next turn (${k('threats')})`,
    },
    intent: {
      label: 'Intent',
      tip: `What each monster will do next turn: a mark on it (\u2694 strikes, ? a die decides, \u00bb moves, \u2022 holds), its likely squares and strikes. Hover a monster for the odds its dice give, a hero for the strikes aimed at it; on each hero card, the chance that hero is attacked (${k('intent')}).`,
    },
    auto: {
      label: 'Auto',
      tip: `Auto-battle: the autopilot plays the heroes turn after turn. Click again (or ${k('auto')}) to take over.`,
    },
    oracle: {
      label: 'Oracle',
      tip: `Ask the oracle a question the story leaves open: what happens next, yes or no, is the secret here (${k('oracle')})`,
    },
    speed: {
      label: '',
      tip: `Animation speed of the monsters\u2019 turns (Instant skips animation). ${k('end-turn')} or Enter skips the current animation.`,
    },
    sound: { label: '', tip: 'Sound on or off (volumes are in Settings)', icon: 'speaker-on' },
    settings: { label: 'Settings', tip: 'Volumes, animation speed, dice log, keys' },
    'to-menu': {
      label: 'Menu',
      tip: 'Back to the menu. The battle is saved: Continue resumes it.',
    },
  };
}

/** The help overlay's lines (key, what it does), with the player's keys. */
export function helpLines(keys: Readonly<KeyBindings>): readonly [string, string][] {
  const k = (c: keyof KeyBindings) => keyLabel(keys[c]);
  return [
    [
      'Left click',
      'move to a blue square \u00b7 attack a marked foe \u00b7 use an ability on a green mark \u00b7 open a marked door',
    ],
    ['Hover', 'path, line of sight and cover to any square; a foe\u2019s chances'],
    [
      'Click a monster',
      'one not a target: amber, where it would spot a hero; red, where it could strike',
    ],
    ['Right click', 'turn the acting hero to face a square'],
    ['Weapon buttons', 'choose the weapon on the hero card'],
    ['Tab / Shift+Tab', 'inspect the next hero (cards too)'],
    ['Arrows, Enter', 'move a square on the board; Enter acts there as a click would'],
    [
      '1-9, arrows',
      'pick a target (Shift+arrows still move the square); the same number or Enter strikes',
    ],
    [k('end-turn'), 'end the turn (or skip an animation)'],
    [k('undo'), 'undo a move not yet followed by an attack or a roll'],
    ['Esc', 'cancel the selection'],
    [
      `${k('auto')} / Auto button`,
      'auto-battle: the autopilot plays the heroes until you take over',
    ],
    [`${k('threats')} / Threats`, 'red: where the alerted monsters could strike next turn'],
    [
      `${k('intent')} / Intent`,
      'each monster\u2019s next turn; hover one for its odds; cards: the chance of being attacked',
    ],
    ['Wheel, + / -', 'zoom \u00b7 drag or WASD: pan on big maps'],
    ['Page Up / Down', 'read on in the info panel \u00b7 with Shift: back through the dice log'],
    [`${k('recentre')} / Fit`, 'the whole board in view again, centred'],
    [
      `${k('panels')} / Fold panels`,
      'fold the cards and dice log away for a larger board (Heroes, Log open them)',
    ],
    [`${k('oracle')} / Oracle`, 'ask the oracle: what happens next, yes or no, a secret (d20)'],
    ['Touch', 'tap to see, tap again to act \u00b7 drag to pan, pinch to zoom'],
    [`${k('help')}, ?`, 'show or hide this help (other keys: Settings, Keys\u2026)'],
    ['Menus: Tab, Enter', 'move the focus ring between buttons; Enter or Space presses'],
  ];
}

/** Screen pixels of a drag on the help that scroll it a row. */
const HELP_DRAG_ROW = 30;

export class BattleHud {
  readonly root: Phaser.GameObjects.Container;
  readonly tooltip: Tooltip;
  readonly toast: Toast;
  readonly log: DiceLog;
  readonly info: InfoPanel;
  private readonly banner: Banner;
  private readonly help: Phaser.GameObjects.Container;
  private readonly cards = new Map<string, HeroCard>();
  /** The first card shown, and the pager, when the cards are shown a few at a time. */
  private cardFirst = 0;
  private cardFocus: string | undefined;
  private pager: { up: Button; down: Button; words: Phaser.GameObjects.Text } | null = null;
  private readonly turnText: Phaser.GameObjects.Text;
  private readonly goalText: Phaser.GameObjects.Text;
  private goalFull = '';
  /** Each hero card's badge with its chance of being attacked next turn, and its tooltip. */
  private readonly oddsBadges = new Map<string, Phaser.GameObjects.Text>();
  private readonly oddsTips = new Map<string, string>();
  private readonly hintText: Phaser.GameObjects.Text;
  private readonly buttons = new Map<TopButtonName, Button>();
  private readonly undoButton: Button;
  private readonly endButton: Button;
  /** Narrow screens: the hero cards' panel (the log is a panel of its own). */
  private readonly heroesPanel: Phaser.GameObjects.Container | null = null;
  /** The panels folded: the backing of the dice log and the info panel opened over the board. */
  private readonly sidePanel: Phaser.GameObjects.Container | null = null;
  private readonly panelButtons = new Map<'heroes' | 'log', Button>();

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly layout: BattleLayout,
    state: GameState,
    rules: RuleModule,
    scenarioName: string,
    private readonly actions: BattleHudActions,
  ) {
    const keys = actions.keys ?? DEFAULT_KEYS;
    const add = <T extends Phaser.GameObjects.GameObject>(obj: T): T => {
      this.root.add(obj);
      return obj;
    };
    this.root = scene.add.container(0, 0).setDepth(1000);
    const { width: W, viewport: v } = layout;
    const frame = add(scene.add.graphics());
    frame.fillStyle(0x120e16, 1);
    frame.fillRect(0, 0, W, layout.topBar);
    frame.lineStyle(2, COLORS.panelBorder, 1);
    frame.lineBetween(0, layout.topBar, W, layout.topBar);
    frame.lineStyle(2, COLORS.panelBorder, 0.9);
    frame.strokeRoundedRect(v.x - 3, v.y - 3, v.width + 6, v.height + 6, 6);

    const t = layout.title;
    const name = add(
      scene.add
        .text(t.x, t.y, scenarioName, titleStyle(18, CSS.gold, { strokeThickness: 0 }))
        .setOrigin(0, 0.5),
    );
    for (let n = scenarioName.length; name.width > t.width && n > 4; n--)
      name.setText(`${scenarioName.slice(0, n)}\u2026`);
    name.setVisible(t.width > 0);
    this.goalText = add(
      scene.add
        .text(layout.goal.x, layout.goal.y, '', readingStyle(12, CSS.muted))
        .setOrigin(0, 0.5),
    ).setVisible(t.width > 0);
    this.turnText = add(
      scene.add
        .text(
          layout.turn.x,
          layout.turn.y,
          '',
          titleStyle(19, CSS.parchment, { strokeThickness: 3 }),
        )
        .setOrigin(0.5),
    );

    this.tooltip = new Tooltip(scene);
    const looks = topButtonLook(keys);
    for (const b of layout.topButtons) {
      const look = looks[b.name];
      // Narrow screens: the gear alone for Settings.
      const narrowIcon = layout.compact && b.name === 'settings' ? 'gear' : undefined;
      const button = new Button(scene, b.x, b.y, {
        name: b.name,
        width: b.width,
        height: layout.buttonHeights.top,
        // Narrow screens: the oracle's button names its die.
        label: narrowIcon ? '' : layout.compact && b.name === 'oracle' ? 'd20' : look.label,
        fontSize: 14,
        tooltip: look.tip,
        tooltipHost: this.tooltip,
        onClick: actions.top[b.name],
        icon: (narrowIcon ?? look.icon) ? this.icon((narrowIcon ?? look.icon)!) : null,
      });
      this.buttons.set(b.name, add(button));
    }

    const heroes = heroesWithCards(state);
    // Narrow screens: the cards sit in a panel over the board, opened from the action bar.
    if (layout.panel) this.heroesPanel = add(this.panelBacking(layout.panel));
    if (layout.sidePanel) this.sidePanel = add(this.panelBacking(layout.sidePanel));
    heroes.forEach((hero, i) => {
      const at = layout.cards[Math.min(i, layout.cards.length - 1)];
      const card = new HeroCard(
        scene,
        at.x,
        at.y,
        hero,
        this.tooltip,
        { onInspect: actions.inspect, onChoose: actions.choose },
        rules,
      );
      card.setScale(layout.cardScale);
      this.cards.set(hero.id, card);
      this.addOddsBadge(card, hero.id);
      if (this.heroesPanel) this.heroesPanel.add(card);
      else add(card);
    });
    // More cards than places: a few at a time, turned by the pager.
    const pg = layout.cardPager;
    if (pg) {
      const turn = (by: number) => () => this.turnCards(by);
      const bw = Math.max(44, layout.buttonHeights.pager);
      const up = new Button(scene, pg.x - pg.width / 2 + bw / 2, pg.y, {
        name: 'cards-up',
        width: bw,
        height: layout.buttonHeights.pager,
        label: '\u25b2',
        fontSize: 14,
        tooltip: 'The hero cards before these',
        onClick: turn(-1),
      });
      const down = new Button(scene, pg.x + pg.width / 2 - bw / 2, pg.y, {
        name: 'cards-down',
        width: bw,
        height: layout.buttonHeights.pager,
        label: '\u25bc',
        fontSize: 14,
        tooltip: 'The hero cards after these',
        onClick: turn(1),
      });
      const words = scene.add
        .text(pg.x, pg.y, '', readingStyle(13, CSS.muted))
        .setOrigin(0.5)
        .setName('cards-page');
      this.pager = { up, down, words };
      for (const o of [up, down, words]) {
        if (this.heroesPanel) this.heroesPanel.add(o);
        else add(o);
      }
    }
    this.placeCards();

    const l = layout.log;
    this.log = add(new DiceLog(scene, l.x, l.y, l.width, l.height, this.tooltip));
    this.log.setVisible(layout.logShown && !layout.narrow && !layout.folded);
    if (layout.narrow || layout.folded) {
      this.log.setDepth(1);
      const zone = scene.add.zone(l.width / 2, l.height / 2, l.width, l.height).setInteractive();
      this.log.addAt(zone, 0);
    }
    const i = layout.info;
    this.info = add(new InfoPanel(scene, i.x, i.y, i.width, i.height));
    if (layout.folded) this.info.setVisible(false).setDepth(1);
    // Page Down / Page Up read on in an info text longer than its panel (the help, while
    // shown, takes these keys first).
    // With Shift they go back through the dice log (the wheel over it does the same).
    onKeyDown(scene, (e) => {
      if ((e.key !== 'PageDown' && e.key !== 'PageUp') || this.help?.visible) return;
      const dir = e.key === 'PageDown' ? 1 : -1;
      if (e.shiftKey) {
        consumeKey(e);
        this.log.scroll(-dir * 5);
      } else if (this.info.scrollPage(dir)) consumeKey(e);
    });

    const h = layout.hint;
    this.hintText = add(
      scene.add
        .text(
          h.x,
          h.y,
          '',
          readingStyle(14, CSS.muted, { wordWrap: { width: h.wrap }, lineSpacing: 2 }),
        )
        .setOrigin(0, 0.5)
        .setName('battle-hint'),
    );
    const barButton = (
      name: 'undo' | 'end-turn',
      at: { x: number; y: number; width: number },
      label: string,
      tooltip: string,
      onClick: () => void,
    ): Button =>
      add(
        new Button(scene, at.x, at.y, {
          name,
          width: at.width,
          height: layout.buttonHeights.bar,
          label,
          fontSize: 16,
          primary: name === 'end-turn',
          icon: this.icon(name),
          tooltipHost: this.tooltip,
          tooltip,
          onClick,
        }),
      );
    const narrow = layout.narrow;
    this.undoButton = barButton(
      'undo',
      layout.undo,
      layout.undoIconOnly ? '' : narrow ? 'Undo' : `Undo (${keyLabel(keys.undo)})`,
      'Take back this turn\u2019s move (not after an attack, a roll or an alert).',
      actions.undo,
    );
    this.endButton = barButton(
      'end-turn',
      layout.endTurn,
      narrow ? 'End turn' : `End turn (${keyLabel(keys['end-turn'])})`,
      'End this hero\u2019s turn. After the last hero, the monsters act.',
      actions.endTurn,
    );
    for (const [which, label] of [
      ['heroes', 'Heroes'],
      ['log', 'Log'],
    ] as const) {
      const at = layout.panelButtons?.[which];
      if (!at) continue;
      const button = new Button(scene, at.x, at.y, {
        name: `${which}-panel`,
        width: at.width,
        height: layout.buttonHeights.bar,
        label,
        fontSize: 15,
        tooltipHost: this.tooltip,
        tooltip: which === 'heroes' ? 'The hero cards: weapons, wounds' : 'The dice log',
        onClick: () => actions.panel(which),
      });
      this.panelButtons.set(which, add(button));
    }
    const fit = layout.recentre;
    add(
      new Button(scene, fit.x, fit.y, {
        name: 'recentre',
        width: fit.width,
        height: layout.buttonHeights.fit,
        label: 'Fit',
        fontSize: 12,
        tooltipHost: this.tooltip,
        tooltip: `Fit the whole board in view, centred (${keyLabel(keys.recentre)})`,
        onClick: actions.recentre,
      }),
    ).setAlpha(0.85);
    const fold = layout.foldToggle;
    if (fold && actions.fold)
      add(
        new Button(scene, fold.x, fold.y, {
          name: 'fold-panels',
          width: fold.width,
          height: layout.buttonHeights.fit,
          label: layout.folded ? 'Unfold panels' : 'Fold panels',
          fontSize: 12,
          tooltipHost: this.tooltip,
          tooltip: layout.folded
            ? `The hero cards and the dice log back at the sides (${keyLabel(keys.panels)})`
            : `Fold the hero cards and the dice log away: the board takes the room; Heroes and Log open them (${keyLabel(keys.panels)})`,
          onClick: actions.fold,
        }),
      ).setAlpha(0.85);
    this.help = add(this.buildHelp());
    const b = layout.banner;
    this.banner = add(new Banner(scene, b.x, b.y, b.width));
    this.toast = add(new Toast(scene, layout.toast.x, layout.toast.y));
    add(this.tooltip);
    // Narrow screens (or folded): the panels open over the board, under the help.
    if (layout.narrow || layout.folded)
      for (const top of [
        this.heroesPanel,
        this.sidePanel,
        this.log,
        layout.folded ? this.info : null,
        this.help,
        this.banner,
        this.toast,
        this.tooltip,
      ])
        if (top) this.root.bringToTop(top);
  }

  /** A panel's opaque backing over the board, hidden until opened. */
  private panelBacking(p: { x: number; y: number; width: number; height: number }) {
    const scene = this.scene;
    const panel = scene.add.container(0, 0);
    const shade = scene.add.graphics();
    // Opaque: the board and the info panel's text under it must not show through.
    drawPanel(shade, p.x, p.y, p.width, p.height, { alpha: 1 });
    // Taps on the panel are the panel's, never the board's.
    panel.add([
      shade,
      scene.add.zone(p.x + p.width / 2, p.y + p.height / 2, p.width, p.height).setInteractive(),
    ]);
    return panel.setVisible(false).setDepth(1);
  }

  private buildHelp(): Phaser.GameObjects.Container {
    const scene = this.scene;
    const v = this.layout.viewport;
    const w = Math.min(840, this.layout.width - 8);
    const keyW = w < 500 ? 120 : 190;
    const c = scene.add.container(0, 0);
    const g = scene.add.graphics();
    c.add(g);
    c.add(
      scene.add
        .text(w / 2, 18, 'Keys and mouse', titleStyle(22, CSS.gold, { strokeThickness: 0 }))
        .setOrigin(0.5, 0),
    );
    const top = 56;
    let y = top;
    const rows: { texts: Phaser.GameObjects.Text[]; y: number; height: number }[] = [];
    for (const [k, d] of helpLines(this.actions.keys ?? DEFAULT_KEYS)) {
      const key = scene.add
        .text(
          14,
          y,
          k,
          readingStyle(w < 500 ? 13 : 15, CSS.gold, {
            fontStyle: 'bold',
            wordWrap: { width: keyW - 20 },
          }),
        )
        .setName('help-key');
      const t = scene.add
        .text(
          keyW,
          y,
          d,
          readingStyle(w < 500 ? 13 : 15, CSS.parchment, { wordWrap: { width: w - keyW - 14 } }),
        )
        .setName('help-text');
      c.add([key, t]);
      const height = Math.max(24, t.height + 6, key.height + 6);
      rows.push({ texts: [key, t], y, height });
      y += height;
    }
    // Taller than the screen (a larger text size, a phone held upright): the rows scroll,
    // whole rows only, with a line at the foot saying which way there is more.
    const most = Math.max(160, this.layout.height - 8);
    const h = Math.min(y + 16, most);
    this.helpScroll = null;
    if (y + 16 > most) {
      const foot = h - 30;
      const more = scene.add
        .text(w - 16, h - 8, '', readingStyle(12, CSS.gold))
        .setOrigin(1, 1)
        .setName('help-more');
      c.add(more);
      // The last first row that still fills the window to its foot.
      let lastFirst = rows.length - 1;
      while (
        lastFirst > 0 &&
        rows[rows.length - 1].y + rows[rows.length - 1].height - rows[lastFirst - 1].y <= foot - top
      )
        lastFirst--;
      let first = 0;
      const show = (): void => {
        const shift = rows[first].y - top;
        for (const r of rows) {
          const at = r.y - shift;
          const shown = at >= top && at + r.height <= foot;
          for (const t of r.texts) t.setY(at).setVisible(shown);
        }
        more.setText(moreWords(first > 0, first >= lastFirst));
      };
      this.helpScroll = (by) => {
        const next = Math.max(0, Math.min(lastFirst, first + by));
        if (next === first) return;
        first = next;
        show();
      };
      show();
    }
    drawPanel(g, 0, 0, w, h, { alpha: 0.97, border: COLORS.gold });
    c.setPosition(
      Math.round(v.x + v.width / 2 - w / 2),
      Math.round(Math.max(4, Math.min(v.y + v.height / 2 - h / 2, this.layout.height - 4 - h))),
    );
    // A tap closes it; a drag (or the wheel, or Page Up / Page Down) scrolls it.
    const zone = scene.add.zone(w / 2, h / 2, w, h).setInteractive();
    scrollZoneByRows(
      zone,
      HELP_DRAG_ROW,
      2,
      (rows) => {
        if (!this.helpScroll) return false;
        this.helpScroll(rows);
        return true;
      },
      () => this.actions.top.help(),
    );
    c.add(zone);
    onKeyDown(scene, (e) => {
      if (!c.visible || !this.helpScroll) return;
      if (e.key === 'PageDown' || e.key === 'PageUp') {
        consumeKey(e);
        this.helpScroll(e.key === 'PageDown' ? 4 : -4);
      }
    });
    c.setVisible(false).setDepth(6000);
    return c;
  }

  /** Scrolls the help by rows (null: it fits, nothing to scroll). */
  private helpScroll: ((by: number) => void) | null = null;

  private icon(name: string): { texture: string; frame: string } | null {
    const textures = this.scene.textures;
    return textures.exists('icons') && textures.get('icons').has(name)
      ? { texture: 'icons', frame: name }
      : null;
  }

  get helpShown(): boolean {
    return this.help.visible;
  }

  showHelp(show: boolean): void {
    this.help.setVisible(show);
  }

  /** Shows the cards from the pager's first one in the places there are. */
  private placeCards(): void {
    const places = this.layout.cards;
    const ids = [...this.cards.keys()];
    this.cardFirst = firstCardShown(this.cardFirst, ids.length, places.length);
    ids.forEach((id, i) => {
      const slot = i - this.cardFirst;
      const card = this.cards.get(id)!;
      const shown = slot >= 0 && slot < places.length;
      card.setVisible(shown);
      if (shown) card.setPosition(places[slot].x, places[slot].y);
    });
    if (!this.pager) return;
    const last = Math.min(ids.length, this.cardFirst + places.length);
    this.pager.words.setText(
      places.length === 1
        ? `${this.cardFirst + 1} of ${ids.length}`
        : `${this.cardFirst + 1}\u2013${last} of ${ids.length}`,
    );
    this.pager.up.setEnabled(this.cardFirst > 0);
    this.pager.down.setEnabled(last < ids.length);
  }

  /** Turns the cards by a page (the pager's buttons). */
  private turnCards(by: number): void {
    this.cardFirst = turnCardPage(this.cardFirst, by, this.cards.size, this.layout.cards.length);
    this.placeCards();
  }

  /** Brings a hero's card into view when the cards are shown a few at a time. */
  private showCard(unitId: string | undefined): void {
    if (!this.pager || !unitId) return;
    const i = [...this.cards.keys()].indexOf(unitId);
    if (i < 0) return;
    const first = pageShowingCard(i, this.cardFirst, this.cards.size, this.layout.cards.length);
    if (first === this.cardFirst) return;
    this.cardFirst = first;
    this.placeCards();
  }

  /** Narrow screens or folded: shows the hero cards' panel, the dice log's, or neither. */
  showPanel(which: 'heroes' | 'log' | null): void {
    if (!this.layout.narrow && !this.layout.folded) return;
    this.heroesPanel?.setVisible(which === 'heroes');
    this.log.setVisible(which === 'log');
    // Folded: the info panel opens with the log, on its backing.
    this.sidePanel?.setVisible(which === 'log');
    if (this.layout.folded) this.info.setVisible(which === 'log');
    for (const [name, b] of this.panelButtons) b.setSelected(name === which);
  }

  /** Fills the HUD from the derived view. */
  render(view: BattleView, state: GameState): void {
    this.undoButton.setEnabled(view.controls.undo);
    this.endButton.setEnabled(view.controls.endTurn);
    this.endButton.setSelected(view.controls.endOnly);
    if (view.title !== null && this.turnText.text !== view.title) this.setTurnText(view.title);
    this.hintText.setText(view.hint);
    // The goal, then the round's odds and what comes next, where the module gives them.
    const goal = [view.goal, view.roundOdds, view.comingNext]
      .filter((part) => !!part)
      .join('  \u00b7  ');
    // The goal fitted before the top bar's buttons (smaller, then cut; the dice log says it whole).
    if (this.goalFull !== goal) {
      this.goalFull = goal;
      fitText(this.goalText, goal, this.layout.goal.width, readingSize(12));
    }
    this.showOdds(view);
    // The inspected hero's card (else the acting one's) in view, when they are paged.
    const focus = view.cards.find((c) => c.inspected) ?? view.cards.find((c) => c.acting);
    if (focus?.unitId !== this.cardFocus) {
      this.cardFocus = focus?.unitId;
      this.showCard(focus?.unitId);
    }
    for (const c of view.cards) {
      const unit = state.units.find((u) => u.id === c.unitId);
      if (unit)
        this.cards.get(c.unitId)?.refreshCard(unit, {
          acting: c.acting,
          inspected: c.inspected,
          selectedWeapon: c.chosen,
          usable: c.usable,
          status: c.status,
          wounds: c.wounds,
          fallen: c.fallen,
        });
    }
    this.info.show(view.info.title, view.info.body);
  }

  /**
   * A hero card's badge: the chance a monster attacks the hero in its next turn (shown with
   * Intent on); its tooltip says whether the chance is exact or from a Monte Carlo.
   */
  private addOddsBadge(card: Phaser.GameObjects.Container, unitId: string): void {
    const badge = this.scene.add
      .text(
        6,
        54,
        '',
        textStyle(11, '#ffd2c8', {
          fontStyle: 'bold',
          backgroundColor: '#5a1f18',
          padding: { x: 4, y: 2 },
        }),
      )
      .setOrigin(0, 0)
      .setVisible(false)
      .setInteractive();
    badge.on('pointerover', (p: Phaser.Input.Pointer) =>
      this.tooltip.showAt(this.oddsTips.get(unitId) ?? '', p.x, p.y, 200),
    );
    badge.on('pointerout', () => this.tooltip.hideNow());
    card.add(badge);
    this.oddsBadges.set(unitId, badge);
  }

  /** Shows each hero's chance of being attacked next turn (none: the badges hide). */
  private showOdds(view: BattleView): void {
    const byHero = new Map(view.attackBadges.map((b) => [b.unitId, b]));
    for (const [unitId, badge] of this.oddsBadges) {
      const b = byHero.get(unitId);
      badge.setVisible(b !== undefined);
      if (!b) continue;
      const text = `\u2694 ${b.text}`;
      if (badge.text !== text) badge.setText(text);
      this.oddsTips.set(unitId, b.tip);
    }
  }

  /** What the odds badges show now (for the automation API). */
  oddsShown(): { unit: string; text: string; tip: string }[] {
    return [...this.oddsBadges]
      .filter(([, b]) => b.visible)
      .map(([unit, b]) => ({ unit, text: b.text, tip: this.oddsTips.get(unit) ?? '' }));
  }

  /** Sets the round/turn banner, shrinking it to fit between the title and the buttons. */
  /** The turn banner's words as an event is shown: who acts, the monsters' phase, a new round. */
  showTurnOf(e: GameEvent, state: GameState): void {
    if (e.type === 'turn-started') {
      const u = state.units.find((x) => x.id === e.unit);
      if (u) this.setTurnText(`Round ${Math.max(1, state.round)} \u00b7 ${u.name}\u2019s turn`);
    } else if (e.type === 'phase-started' && e.side === 'enemies')
      this.setTurnText(`Round ${e.round} \u00b7 the monsters act`);
    else if (e.type === 'round-started') this.setTurnText(`Round ${e.round}`);
  }

  setTurnText(text: string): void {
    const room = this.layout.turn.room;
    this.turnText.setScale(1).setText(text);
    if (this.turnText.width > room) this.turnText.setScale(room / this.turnText.width);
  }

  showBanner(text: string, kind: BannerKind, hold: number) {
    const color =
      kind === 'victory'
        ? CSS.green
        : kind === 'defeat'
          ? CSS.red
          : kind === 'phase' || kind === 'draw'
            ? CSS.parchment
            : CSS.gold;
    const size = kind === 'turn' || kind === 'phase' ? 30 : 42;
    this.banner.play(text, color, size, hold);
  }

  /** A top-bar button's label, icon and selected look (narrow screens: short labels). */
  setButton(name: TopButtonName, look: { label?: string; icon?: string; selected?: boolean }) {
    const b = this.buttons.get(name);
    if (!b) return;
    if (look.label !== undefined)
      b.setLabel(
        !this.layout.compact
          ? look.label
          : name === 'speed'
            ? look.label.replace(/^Speed: /, '')
            : name === 'sound'
              ? ''
              : look.label,
      );
    if (look.icon !== undefined) b.setIconFrame(look.icon);
    if (look.selected !== undefined) b.setSelected(look.selected);
  }

  /** What the HUD shows now, for the automation API's look at the battle. */
  look(): Pick<BattleLook, 'hint' | 'info' | 'title' | 'cards' | 'log' | 'panels'> {
    return {
      panels: {
        folded: this.layout.folded,
        cards: this.heroesPanel ? this.heroesPanel.visible : this.cards.size > 0,
        log: this.log.visible,
      },
      hint: this.hintText.text,
      info: this.info.shown,
      title: this.turnText.text,
      cards: [...this.cards].map(([unit, card]) => ({
        unit,
        acting: card.acting,
        ...card.shown,
      })),
      log: this.log.lines(),
    };
  }
}
