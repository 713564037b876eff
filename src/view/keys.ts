/**
 * Keyboard input for scenes straight from the DOM: each key press reaches the handler
 * exactly once (Phaser's keyboard queue can replay earlier presses when several keys
 * arrive within one frame, which would, say, end two turns). The listener lives while the
 * scene runs and only fires while it is the active (not paused) scene.
 */
import Phaser from 'phaser';

/** Key presses already acted on (by the keyboard focus), which no other handler should see. */
const consumed = new WeakSet<KeyboardEvent>();

/** Marks a key press as handled: the scenes' own handlers skip it. */
export function consumeKey(e: KeyboardEvent): void {
  consumed.add(e);
  e.preventDefault();
}

export function onKeyDown(scene: Phaser.Scene, handler: (e: KeyboardEvent) => void): void {
  const listener = (e: KeyboardEvent): void => {
    if (!scene.sys.isActive() || consumed.has(e)) return;
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
