/**
 * Framing a scene on the real screen: the menus' design box fitted and centred by the
 * camera's zoom (drawn at the screen's own resolution, so text stays sharp), the camera
 * that draws a scene's HUD, and points from the screen to that camera's world.
 */
import type Phaser from 'phaser';
import { DESIGN_HEIGHT, DESIGN_WIDTH, SHORT_HEIGHT, fitBox, screenNow } from './screen';
import { noteMenuFrame, type MenuFrameNote } from '../app/controls';
import { textScaleOf } from '../app/settings';
import { setReadingFloor, setTextResolution } from './theme';

/** A menu scene's frame: the design box, and the box coordinates of the screen's edges. */
export type MenuFrame = MenuFrameNote;

/**
 * Fits a menu scene's 1280 x 720 design box into the screen, centred. A scene that lays
 * itself out for any box (`portrait`) gets a box 720 wide and as tall as a phone held
 * upright is, there; one that lays itself out for any width (`wide`) gets a box 720 tall
 * and as wide as the screen is, on a screen wider than 16:9.
 */
export function frameMenuScene(
  scene: Phaser.Scene,
  options: { portrait?: boolean; wide?: boolean } = {},
): MenuFrame {
  const screen = screenNow();
  const upright = options.portrait === true && screen.narrow;
  // A scene that lays itself out for any width (`wide`) fills a wider screen (a phone on
  // its side) instead of leaving bars at its sides.
  const wider =
    options.wide === true &&
    !upright &&
    screen.gameWidth * DESIGN_HEIGHT > screen.gameHeight * DESIGN_WIDTH;
  const W = upright
    ? 720
    : wider
      ? Math.round((DESIGN_HEIGHT * screen.gameWidth) / screen.gameHeight)
      : DESIGN_WIDTH;
  const H = upright ? Math.round((720 * screen.gameHeight) / screen.gameWidth) : DESIGN_HEIGHT;
  const box = fitBox(screen, W, H);
  scene.cameras.main.setOrigin(0, 0).setZoom(box.zoom).setScroll(box.left, box.top);
  setTextResolution(box.zoom);
  setReadingFloor(upright ? 1 : menuReadingFloor(box.zoom / screen.dpr));
  const frame = { W, H, ...box };
  noteMenuFrame(scene.sys.settings.key, frame);
  return frame;
}

/**
 * The least text size of a menu drawn `cssZoom` CSS pixels to a box pixel. On a short
 * screen (a phone on its side: 844x390 draws the 1280x720 box at 0.54) the texts grow as
 * the larger text size would grow them (the menus are laid out for that), up to letters
 * as large as a 960x540 box would show: the battle's HUD on such a screen is laid out
 * SHORT_HEIGHT high for the same reason.
 */
export function menuReadingFloor(cssZoom: number): number {
  const least = SHORT_HEIGHT / DESIGN_HEIGHT;
  // No larger than the largest text size, which the menus are laid out for.
  return cssZoom >= least ? 1 : Math.min(textScaleOf('larger'), least / cssZoom);
}

/** The camera that draws a scene's HUD: the battle's 'ui' camera, else the main one. */
export function hudCamera(scene: Phaser.Scene): Phaser.Cameras.Scene2D.Camera {
  return scene.cameras.getCamera('ui') ?? scene.cameras.main;
}

/**
 * A point on the screen (game pixels) in a camera's world, worked out from the camera's
 * settings (so it holds before the camera has drawn a frame).
 */
export function screenToWorld(
  cam: Phaser.Cameras.Scene2D.Camera,
  x: number,
  y: number,
): { x: number; y: number } {
  const ox = cam.originX * cam.width;
  const oy = cam.originY * cam.height;
  return {
    x: (x - cam.x - ox) / cam.zoom + ox + cam.scrollX,
    y: (y - cam.y - oy) / cam.zoom + oy + cam.scrollY,
  };
}

/** A point of a camera's world on the screen (game pixels). */
export function worldToScreen(
  cam: Phaser.Cameras.Scene2D.Camera,
  x: number,
  y: number,
): { x: number; y: number } {
  const ox = cam.originX * cam.width;
  const oy = cam.originY * cam.height;
  return {
    x: cam.x + ox + (x - cam.scrollX - ox) * cam.zoom,
    y: cam.y + oy + (y - cam.scrollY - oy) * cam.zoom,
  };
}

/** A point on the screen (game pixels) in the HUD camera's world. */
export function screenToHud(scene: Phaser.Scene, x: number, y: number): { x: number; y: number } {
  return screenToWorld(hudCamera(scene), x, y);
}

/** A point of the HUD camera's world on the screen (game pixels). */
export function hudToScreen(scene: Phaser.Scene, x: number, y: number): { x: number; y: number } {
  return worldToScreen(hudCamera(scene), x, y);
}

/** Whether the main pointer is a finger (a phone or tablet): hints say "tap" from the start. */
export function coarsePointer(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;
}
