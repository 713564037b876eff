/**
 * Keyboard input for scenes straight from the DOM: each key press reaches the handler
 * exactly once (Phaser's keyboard queue can replay earlier presses when several keys
 * arrive within one frame, which would, say, end two turns). The listener lives while the
 * scene runs and only fires while it is the active (not paused) scene.
 */
import Phaser from 'phaser';

export function onKeyDown(scene: Phaser.Scene, handler: (e: KeyboardEvent) => void): void {
  const listener = (e: KeyboardEvent): void => {
    if (!scene.sys.isActive()) return;
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    handler(e);
  };
  window.addEventListener('keydown', listener);
  scene.events.once(Phaser.Scenes.Events.SHUTDOWN, () =>
    window.removeEventListener('keydown', listener),
  );
  scene.events.once(Phaser.Scenes.Events.DESTROY, () =>
    window.removeEventListener('keydown', listener),
  );
}
