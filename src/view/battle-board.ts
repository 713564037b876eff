/**
 * The board of the Battle screen: the map (BoardView) with one UnitView per figure, drawn
 * from the derived view (reach, sight and threat, marks, badges, the hover preview) and
 * set to a game state after each animation. Every figure is drawn by its kind's art from
 * the rule module.
 */
import type Phaser from 'phaser';
import type { BattleLook } from '../app/app';
import type { GameState, Point, RuleModule } from '../engine';
import { badgeAtPoint, badgeBox, layoutBadges, type Box } from './badge-layout';
import { BoardFx } from './board-fx';
import type { LoadedMap } from '../maps/types';
import { eyeMarkOf, type BattleView, type MarkTone } from './battle-view';
import { BoardView, type Viewport } from './board-view';
import { boardTextResolution, COLORS, textStyle } from './theme';
import { shadesEnemies } from './side-shade';
import { artFor, TILE, UnitView } from './unit-view';
import { FogLayer } from './fog-view';
import { IntentLayer } from './intent-view';

const TONE_COLOR: Record<MarkTone, number> = {
  target: COLORS.target,
  selected: COLORS.gold,
  ability: COLORS.heal,
  door: COLORS.door,
};

const HOVER_COLOR = { foe: COLORS.target, friend: COLORS.hero, square: COLORS.parchment };

function size(b: { width: number; height: number }) {
  return { width: b.width, height: b.height };
}

/** One target badge: a chip with the number key and the chance, and a leader line. */
interface Badge {
  chip: Phaser.GameObjects.Container;
  bg: Phaser.GameObjects.Graphics;
  text: Phaser.GameObjects.Text;
  unitId: string;
  /** Its figure's square: a press on the badge means that figure. */
  at: Point | null;
  width: number;
}

const BADGE_H = 13;

export class BattleBoard {
  readonly board: BoardView;
  readonly units = new Map<string, UnitView>();
  /** Dice, popups and flashes over the figures; what the fallen leave under them. */
  readonly fx: BoardFx;
  /** What the overlays show now, to redraw only what changed (hovering redraws often). */
  private shownKey = '';
  /** The target badges, over every figure, and the leader lines of those moved aside. */
  private readonly badgeLayer: Phaser.GameObjects.Layer;
  private readonly leaders: Phaser.GameObjects.Graphics;
  private badges: Badge[] = [];
  /** The monsters' next turns with their odds (the intent overlay). */
  private readonly intent: IntentLayer;
  /** Fog of war: the darkened squares and the hidden monsters' last-seen ghosts. */
  private readonly fog: FogLayer;
  /** The monsters fog of war hides now (for the automation API). */
  hiddenByFog: string[] = [];
  /** The intent marks drawn now (for the automation API). */
  intentShown: BattleView['intents'] = [];
  /** The board zoom the markers were last sized for. */
  private markerZoom = 0;

  constructor(
    private readonly scene: Phaser.Scene,
    map: LoadedMap,
    camera: Phaser.Cameras.Scene2D.Camera,
    viewport: Viewport,
    state: GameState,
    rules: RuleModule,
    pixelScale = 1,
  ) {
    this.board = new BoardView(scene, map, camera, viewport, pixelScale);
    const remains = scene.add.layer();
    this.board.layer.addAt(remains, this.board.layer.getIndex(this.board.unitLayer));
    this.fx = new BoardFx(scene, this.board.fxLayer, remains, map.battleMap.width * TILE);
    const shaded = shadesEnemies(rules.kinds, state.units);
    for (const u of state.units) {
      const v = new UnitView(scene, u, artFor(rules.kinds, u), shaded && u.side === 'enemies');
      this.board.unitLayer.add(v);
      this.units.set(u.id, v);
    }
    this.pixelScale = pixelScale;
    this.badgeLayer = scene.add.layer();
    this.leaders = scene.add.graphics();
    this.badgeLayer.add(this.leaders);
    this.board.layer.add(this.badgeLayer);
    this.intent = new IntentLayer(scene, this.board.layer);
    this.fog = new FogLayer(scene, this.board.layer, this.board.unitLayer);
    this.sync(state);
  }

  /** Draws the overlays, badges and hover preview of a derived view. */
  render(view: BattleView, state: GameState): void {
    const board = this.board;
    const key = JSON.stringify([
      view.reach,
      view.reachDim,
      view.sees,
      view.strikes,
      view.threats,
      view.spotted,
      view.noticed,
      view.marks,
    ]);
    if (key !== this.shownKey) {
      this.shownKey = key;
      // With the threats shown, the counts draw them (shaded by how many could strike).
      board.showMonsterReach(view.sees, view.threats.length > 0 ? [] : view.strikes);
      board.showThreatCounts(view.threats);
      const spotted = view.spotted;
      if (spotted) for (const [id, v] of this.units) v.setEye(eyeMarkOf(view, id));
      board.showReach(
        view.reach.map((r) => r.at),
        view.reachDim,
      );
      board.showMarks(view.marks.map((m) => ({ at: m.at, color: TONE_COLOR[m.tone] })));
      this.showBadges(view.badges);
    }
    this.fog.show(view.fog);
    this.hiddenByFog = view.fog?.hidden ?? [];
    const hidden = new Set(this.hiddenByFog);
    for (const u of state.units) {
      if (u.side !== 'enemies' || !u.position) continue;
      this.units.get(u.id)?.setVisible(!hidden.has(u.id));
    }
    const hover = view.hover;
    board.showHover(hover?.at ?? null, hover ? HOVER_COLOR[hover.tone] : undefined);
    board.showHoverSight(hover?.sees ?? []);
    board.showSpotters(hover?.path ? hover.at : null, hover?.spottedBy ?? []);
    board.showPath(hover?.path?.from ?? null, hover?.path?.steps ?? []);
    const sight = hover?.los;
    board.showLineOfSight(
      sight?.from ?? null,
      sight?.to ?? null,
      sight?.cover ?? null,
      sight?.label ?? '',
      sight?.lines,
      sight?.outcomes,
    );
    board.showScenario(view.scenario);
    // The line-of-sight label moves off any badge; the intent labels keep clear of both.
    const badges = this.badgeBoxes();
    let los = board.losLabelBox();
    if (los) {
      const [spot] = layoutBadges(
        [{ id: 'los', x: los.x + los.width / 2, y: los.y + los.height / 2, ...size(los) }],
        2,
        badges,
        this.boardBox(),
      );
      if (spot.moved) board.moveLosLabel(spot.x, spot.y);
      los = board.losLabelBox();
    }
    this.intent.show(
      view.intents,
      [...badges, ...(los ? [los] : [])],
      view.intentFocus,
      this.boardBox(),
    );
    this.intentShown = view.intents;
  }

  /** The whole board in board pixels: nothing drawn on it goes past it. */
  private boardBox(): Box {
    return { x: 0, y: 0, width: this.board.worldWidth, height: this.board.worldHeight };
  }

  /**
   * The square a press or the pointer at a game-space point means: on a target badge, its
   * own figure's square (the badge is drawn over another square, maybe another monster's);
   * else the square under the point (null: off the board or its window).
   */
  squareAtScreen(sx: number, sy: number): Point | null {
    const under = this.board.squareAtScreen(sx, sy);
    if (!under) return null;
    const wp = this.board.camera.getWorldPoint(sx, sy);
    const shown = this.badges.flatMap((b, i) =>
      b.chip.visible && b.at
        ? [
            {
              id: String(i),
              box: badgeBox({ x: b.chip.x, y: b.chip.y, width: b.width, height: BADGE_H }),
            },
          ]
        : [],
    );
    const hit = badgeAtPoint(shown, wp.x, wp.y);
    return hit === null ? under : { ...this.badges[Number(hit)].at! };
  }

  /** The target badges' rectangles as drawn (board pixels). */
  private badgeBoxes() {
    return this.badges
      .filter((b) => b.chip.visible)
      .map((b) => badgeBox({ x: b.chip.x, y: b.chip.y, width: b.width, height: BADGE_H }));
  }

  /** Puts every figure where the state has it, at rest (after an animation). */
  sync(state: GameState): void {
    this.board.showDoors(state.doors);
    const acting = state.phase === 'heroes' ? state.turn?.unitId : undefined;
    for (const u of state.units) {
      const v = this.units.get(u.id);
      if (!v) continue;
      this.scene.tweens.killTweensOf(v);
      if (!u.position) {
        v.setVisible(false);
        v.setHighlight(false);
        continue;
      }
      const c = this.board.squareCenter(u.position);
      this.scene.tweens.killTweensOf(v.sprite);
      v.resetPose();
      v.setVisible(true).setPosition(c.x, c.y);
      v.setFacing(u.facing);
      v.setWounds(u.wounds, u.maxWounds);
      if (u.ai) v.setStatus(u.ai.status);
      v.setCarrying(Boolean(u.carrying));
      v.setHighlight(u.id === acting);
      v.setDepth(u.position.y);
    }
    this.board.unitLayer.sort('depth');
    this.shownKey = '';
  }

  /**
   * The target badges: each a chip over its figure, laid out so that none covers another
   * (one moved aside gets a leader line to its figure).
   */
  private showBadges(badges: BattleView['badges']): void {
    while (this.badges.length < badges.length) {
      const bg = this.scene.add.graphics();
      const text = this.scene.add
        .text(
          0,
          0,
          '',
          textStyle(9, '#ffffff', { fontStyle: 'bold', resolution: boardTextResolution() }),
        )
        .setOrigin(0.5);
      const chip = this.scene.add.container(0, 0, [bg, text]);
      this.badgeLayer.add(chip);
      this.badges.push({ chip, bg, text, unitId: '', at: null, width: 14 });
    }
    const wishes = badges.flatMap((b, i) => {
      const v = this.units.get(b.unitId);
      if (!v?.visible) return [];
      const slot = this.badges[i];
      slot.text.setText(b.text);
      slot.unitId = b.unitId;
      slot.at = b.at;
      const width = Math.max(14, slot.text.width + 6);
      slot.width = width;
      return [{ id: String(i), x: v.x, y: v.y + v.badgeY, width, height: BADGE_H }];
    });
    const placed = layoutBadges(wishes, 2, [], this.boardBox());
    this.badges.forEach((b) => b.chip.setVisible(false));
    const g = this.leaders;
    g.clear();
    for (const p of placed) {
      const i = Number(p.id);
      const slot = this.badges[i];
      const color = TONE_COLOR[badges[i].tone];
      const { width: w, height: h } = p;
      slot.bg.clear();
      slot.bg.fillStyle(0x000000, 0.85);
      slot.bg.fillRoundedRect(-w / 2, -h / 2, w, h, 4);
      slot.bg.lineStyle(1, color, 1);
      slot.bg.strokeRoundedRect(-w / 2, -h / 2, w, h, 4);
      slot.chip.setPosition(p.x, p.y).setVisible(true);
      if (p.moved) {
        // A leader line from the chip's nearest edge to the figure's head.
        const v = this.units.get(slot.unitId)!;
        g.lineStyle(1.5, color, 0.9);
        const toY = v.y + v.badgeY + h / 2;
        const fromY = p.y + (p.y < toY - h ? h / 2 : 0);
        const fromX = p.y < toY - h ? p.x : p.x + (p.x < v.x ? w / 2 : -w / 2);
        g.lineBetween(fromX, fromY, v.x, toY);
        g.fillStyle(color, 1);
        g.fillCircle(v.x, toY, 1.8);
      }
    }
  }

  /** What the board shows, for the automation API's look (rectangles in game pixels). */
  look(): Pick<BattleLook, 'badges' | 'viewport' | 'board' | 'zoom' | 'labels' | 'spotters'> {
    const board = this.board;
    const cam = board.camera;
    const toGame = (x: number, y: number) => ({
      x: cam.x + (x - cam.worldView.x) * cam.zoom,
      y: cam.y + (y - cam.worldView.y) * cam.zoom,
    });
    const rect = (r: { x: number; y: number; width: number; height: number }) => {
      const a = toGame(r.x, r.y);
      return { x: a.x, y: a.y, width: r.width * cam.zoom, height: r.height * cam.zoom };
    };
    const los = board.losLabelBox();
    const spot = board.spotLabelBox();
    return {
      labels: [
        // A monster's mark ('intent-mark') and the numbers of the one in focus ('intent').
        ...this.intent.shown.map((l) => ({
          kind: l.kind === 'mark' ? 'intent-mark' : 'intent',
          text: l.text,
          rect: rect(l.box),
        })),
        ...(los ? [{ kind: 'sight', text: board.losLabelText(), rect: rect(los) }] : []),
      ],
      badges: this.badges
        .filter((b) => b.chip.visible)
        .map((b) => ({
          unit: b.unitId,
          text: b.text.text,
          rect: rect(badgeBox({ x: b.chip.x, y: b.chip.y, width: b.width, height: BADGE_H })),
        })),
      spotters: spot ? { text: spot.text, rect: rect(spot) } : null,
      viewport: { x: cam.x, y: cam.y, width: cam.width, height: cam.height },
      board: rect({ x: 0, y: 0, width: board.worldWidth, height: board.worldHeight }),
      zoom: cam.zoom,
    };
  }

  private readonly pixelScale: number;

  /**
   * Sizes the markers over the figures for the board's zoom now (every frame; only a new
   * zoom does anything): a status icon is about 14 layout pixels on a big map, no bigger
   * than the figure's head when zoomed in.
   */
  fitMarkers(): void {
    const zoom = this.board.camera.zoom / this.pixelScale;
    if (Math.abs(zoom - this.markerZoom) < 0.01) return;
    this.markerZoom = zoom;
    const scale = Math.max(0.6, Math.min(1.1, 1.4 / zoom));
    for (const v of this.units.values()) v.setMarkerScale(scale);
    this.intent.setZoom(zoom);
  }

  /** Lights the figure whose turn it is (none: the monsters act). */
  highlight(unitId: string | null): void {
    for (const [id, v] of this.units) v.setHighlight(id === unitId);
  }
}
