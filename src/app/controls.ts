/**
 * The named controls on screen, for the automation API: the view registers each named
 * button with a function that says where it is now (or null while hidden), and the
 * automation API asks here. The app never sees a view object, only these rectangles.
 */

/** A control's bounds in game pixels, and whether it takes clicks now. */
export interface ControlRect {
  x: number;
  y: number;
  width: number;
  height: number;
  enabled: boolean;
  /** A button's label as shown, its width, and the width the button has for it. */
  label?: string;
  labelWidth?: number;
  labelRoom?: number;
}

/** Where a control is now, or null while it is hidden or gone. */
export type LocateControl = () => ControlRect | null;

const controls = new Map<string, LocateControl>();

/**
 * Registers a named control (a later one with the same name replaces it). Returns the
 * function that removes it again, which does nothing once another took the name.
 */
export function registerControl(name: string, locate: LocateControl): () => void {
  controls.set(name, locate);
  return () => {
    if (controls.get(name) === locate) controls.delete(name);
  };
}

/** Bounds of a visible control by name, or null. */
export function controlRect(name: string): ControlRect | null {
  return controls.get(name)?.() ?? null;
}

/** The names of the controls visible now. */
export function controlNames(): string[] {
  return [...controls.keys()].filter((n) => controlRect(n) !== null);
}

/**
 * A named text's bounds in game pixels and its letters' height, among `scenes`, or null;
 * of several texts of that name, the `nth` shown (0, the first, unless given).
 */
export type MeasureText = (
  name: string,
  scenes: readonly unknown[],
  nth?: number,
) => (ControlRect & { letters: number }) | null;

let measureText: MeasureText = () => null;

/** The view gives its way to find and measure a named text (a label, a line). */
export function setTextMeasurer(measure: MeasureText): void {
  measureText = measure;
}

/** A named text's bounds among the scenes on screen (null when hidden or absent). */
export function namedTextBox(
  name: string,
  scenes: readonly unknown[],
  nth = 0,
): (ControlRect & { letters: number }) | null {
  return measureText(name, scenes, nth);
}

let lastMessage = '';
let messages = 0;

/** Records a brief message the view showed (an illegal click's engine sentence...). */
export function noteToast(text: string): void {
  lastMessage = text;
  messages += 1;
}

/** How many brief messages have been shown. */
export function toastCount(): number {
  return messages;
}

/** The last brief message shown. */
export function lastToast(): string {
  return lastMessage;
}

let focused: string | null = null;

/** Notes which named button the keyboard focus ring is on (null: none), for tests. */
export function noteFocusedControl(name: string | null): void {
  focused = name;
}

export function focusedControl(): string | null {
  return focused;
}

/** The comfort settings as the screens apply them (noted by the view when it applies them). */
export interface AppliedComfort {
  colourBlind: boolean;
  readingScale: number;
  reducedMotion: boolean;
  /** The heroes' colour in the palette now (it changes with colour-blind colours). */
  heroColor: number;
}

let comfort: AppliedComfort = {
  colourBlind: false,
  readingScale: 1,
  reducedMotion: false,
  heroColor: 0,
};

export function noteAppliedComfort(patch: Partial<AppliedComfort>): void {
  comfort = { ...comfort, ...patch };
}

export function appliedComfort(): AppliedComfort {
  return { ...comfort };
}

/**
 * A menu scene's frame: its layout box (W x H) and the box coordinates of the screen's
 * edges (left < 0 or right > W: bands of the screen the layout leaves unused).
 */
export interface MenuFrameNote {
  W: number;
  H: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const menuFrames = new Map<string, MenuFrameNote>();

/** Notes a menu scene's frame as it lays itself out (view/frame.ts). */
export function noteMenuFrame(scene: string, frame: MenuFrameNote): void {
  menuFrames.set(scene, { ...frame });
}

/** A menu scene's frame as last laid out, or null. */
export function menuFrame(scene: string): MenuFrameNote | null {
  const f = menuFrames.get(scene);
  return f ? { ...f } : null;
}
