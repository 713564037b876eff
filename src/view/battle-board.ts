/**
 * The board of the Battle screen: the map (BoardView) with one UnitView per figure, drawn
 * from the derived view (reach, sight and threat, marks, badges, the hover preview) and
 * set to a game state after each animation. Every figure is drawn by its kind's art from
 * the rule module.
 */
import type Phaser from 'phaser';
import type { GameState, RuleModule } from '../engine';
import type { LoadedMap } from '../maps/types';
import type { BattleView, MarkTone } from './battle-view';
import { BoardView, type Viewport } from './board-view';
import { COLORS } from './theme';
import { artFor, UnitView } from './unit-view';

const TONE_COLOR: Record<MarkTone, number> = {
  target: COLORS.target,
  selected: COLORS.gold,
  ability: COLORS.heal,
  door: COLORS.door,
};

const HOVER_COLOR = { foe: COLORS.target, friend: COLORS.hero, square: COLORS.parchment };

export class BattleBoard {
  readonly board: BoardView;
  readonly units = new Map<string, UnitView>();
  /** What the overlays show now, to redraw only what changed (hovering redraws often). */
  private shownKey = '';

  constructor(
    private readonly scene: Phaser.Scene,
    map: LoadedMap,
    camera: Phaser.Cameras.Scene2D.Camera,
    viewport: Viewport,
    state: GameState,
    rules: RuleModule,
  ) {
    this.board = new BoardView(scene, map, camera, viewport);
    for (const u of state.units) {
      const v = new UnitView(scene, u, artFor(rules.kinds, u));
      this.board.unitLayer.add(v);
      this.units.set(u.id, v);
    }
    this.sync(state);
  }

  /** Draws the overlays, badges and hover preview of a derived view. */
  render(view: BattleView, state: GameState): void {
    const board = this.board;
    const key = JSON.stringify([view.reach, view.reachDim, view.sees, view.strikes, view.marks]);
    if (key !== this.shownKey) {
      this.shownKey = key;
      board.showMonsterReach(view.sees, view.strikes);
      board.showReach(
        view.reach.map((r) => r.at),
        view.reachDim,
      );
      board.showMarks(view.marks.map((m) => ({ at: m.at, color: TONE_COLOR[m.tone] })));
      for (const v of this.units.values()) v.setBadge(null);
      for (const b of view.badges) this.units.get(b.unitId)?.setBadge(b.text, TONE_COLOR[b.tone]);
    }
    const hover = view.hover;
    board.showHover(hover?.at ?? null, hover ? HOVER_COLOR[hover.tone] : undefined);
    board.showPath(hover?.path?.from ?? null, hover?.path?.steps ?? []);
    const los = hover?.los;
    board.showLineOfSight(
      los?.from ?? null,
      los?.to ?? null,
      los?.cover ?? null,
      los?.label ?? '',
      los?.lines,
    );
    board.showObjective(state);
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

  /** Lights the figure whose turn it is (none: the monsters act). */
  highlight(unitId: string | null): void {
    for (const [id, v] of this.units) v.setHighlight(id === unitId);
  }
}
