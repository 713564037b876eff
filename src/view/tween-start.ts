/**
 * Tweens that start on time at any frame rate. Phaser spends a new tween's first frame on
 * reading its start values and moves it only from the next one, so at 5 fps every tween in
 * a chain ran 200 ms late; here that reading is done at once, and a tween that was due to
 * start `late` ms ago starts that far into its run (ending at once when it is all past).
 */
import type Phaser from 'phaser';

export function addTweenOnTime(
  scene: Phaser.Scene,
  config: Phaser.Types.Tweens.TweenBuilderConfig,
  late = 0,
): Phaser.Tweens.Tween {
  const tween = scene.tweens.add(config);
  // A zero step reads the start values (and starts any delay's countdown) now.
  tween.update(0);
  if (late > 0 && !tween.isFinished()) tween.update(late);
  return tween;
}
