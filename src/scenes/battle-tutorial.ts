/**
 * The first-battle tutorial on the battle screen: its bubble (view/tutorial-panel.ts) and
 * its progress, kept by the app so that it lives on while the scene is laid out again.
 */
import type Phaser from 'phaser';
import { app } from '../app/app';
import type { GameState, Point } from '../engine';
import type { BattleLayout } from '../view/battle-layout';
import {
  advanceTutorial,
  isTutorialOver,
  skipTutorial,
  tutorialPrompt,
  type TutorialInput,
} from '../view/tutorial';
import { TutorialPanel } from '../view/tutorial-panel';

export class BattleTutorial {
  readonly panel: TutorialPanel;

  /** The tutorial's bubble when this battle is the tutorial and it is not over, else null. */
  static open(
    scene: Phaser.Scene,
    layout: BattleLayout,
    squareToGame: (p: Point) => { x: number; y: number } | null,
    shown: () => GameState | null,
  ): BattleTutorial | null {
    return app.tutorial && !isTutorialOver(app.tutorial)
      ? new BattleTutorial(scene, layout, squareToGame, shown)
      : null;
  }

  /** `shown`: the state on screen, or null while an animation plays (no step is shown). */
  private constructor(
    scene: Phaser.Scene,
    private readonly layout: BattleLayout,
    squareToGame: (p: Point) => { x: number; y: number } | null,
    private readonly shown: () => GameState | null,
  ) {
    this.panel = new TutorialPanel(scene, layout, {
      dismiss: () => this.end(),
      next: () => this.saw({ kind: 'acknowledged' }),
      squareToGame,
    });
  }

  /** Tells the tutorial what happened and shows its step now. */
  saw(input: TutorialInput): void {
    if (!app.tutorial) return;
    app.tutorial = advanceTutorial(app.tutorial, input);
    const logHidden = !this.layout.logShown && !this.layout.narrow && !this.layout.folded;
    const state = this.shown();
    const keys = app.settings.keys;
    this.panel.render(state && tutorialPrompt(app.tutorial, state, { logHidden, keys }));
  }

  /** Whether Esc now leaves the tutorial (before it cancels a pick). */
  get escLeaves(): boolean {
    return !!app.tutorial && (!isTutorialOver(app.tutorial) || app.tutorial.finished);
  }

  /** Skip (or Close once finished): the bubble goes for good. */
  end(): void {
    if (!app.tutorial) return;
    app.tutorial = app.tutorial.finished ? null : skipTutorial(app.tutorial);
    this.panel.render(null);
  }
}
