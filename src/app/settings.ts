/**
 * Player settings (volumes, animation speed, dice log, and comfort: reduced motion,
 * colour-blind colours, text size, the battle's keys), kept in localStorage.
 */
import { DEFAULT_KEYS, readKeyBindings, type KeyBindings } from './key-bindings';
import { readItem, STORAGE_KEYS, writeItem } from './storage';

export type AnimationSpeed = 'slow' | 'normal' | 'fast' | 'instant';
export const ANIMATION_SPEEDS: readonly AnimationSpeed[] = ['slow', 'normal', 'fast', 'instant'];

export interface Settings {
  /** 0..1 */
  master: number;
  music: number;
  effects: number;
  speed: AnimationSpeed;
  showLog: boolean;
  /** The battle's side panels (hero cards, dice log) folded away: the board takes the room. */
  panelsFolded: boolean;
  /**
   * No screen shake, short fades, no ambient animation (figures' idle frames, the acting
   * hero's glow, animated tiles, the menu's torches and embers); the system's "reduce
   * motion" sets the default.
   */
  reducedMotion: boolean;
  /** Colour-blind-safe colours, and patterns where colour alone told things apart. */
  colourBlind: boolean;
  /** The size of the texts that are read (dice log, panels, hints, help, tooltips). */
  textSize: TextSize;
  /** The battle's rebindable keys (see key-bindings.ts). */
  keys: KeyBindings;
}

export type TextSize = 'normal' | 'large' | 'larger';
export const TEXT_SIZES: readonly TextSize[] = ['normal', 'large', 'larger'];

/** How much larger the read texts are at each text size. */
export function textScaleOf(size: TextSize): number {
  return size === 'larger' ? 1.4 : size === 'large' ? 1.2 : 1;
}

export function isTextSize(value: unknown): value is TextSize {
  return typeof value === 'string' && (TEXT_SIZES as readonly string[]).includes(value);
}

/** Whether the system asks for less motion (false where it cannot be asked). */
function prefersReducedMotion(): boolean {
  try {
    return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  } catch {
    return false;
  }
}

export const DEFAULT_SETTINGS: Settings = {
  master: 0.8,
  music: 0.5,
  effects: 0.8,
  speed: 'normal',
  showLog: true,
  panelsFolded: false,
  reducedMotion: false,
  colourBlind: false,
  textSize: 'normal',
  keys: DEFAULT_KEYS,
};

function clamp01(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.max(0, Math.min(1, value))
    : fallback;
}

export function isAnimationSpeed(value: unknown): value is AnimationSpeed {
  return typeof value === 'string' && (ANIMATION_SPEEDS as readonly string[]).includes(value);
}

/** Reads the settings, falling back to the defaults field by field. */
export function loadSettings(): Settings {
  let raw: unknown = null;
  try {
    raw = JSON.parse(readItem(STORAGE_KEYS.settings) ?? 'null');
  } catch {
    raw = null;
  }
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    master: clamp01(r.master, DEFAULT_SETTINGS.master),
    music: clamp01(r.music, DEFAULT_SETTINGS.music),
    effects: clamp01(r.effects, DEFAULT_SETTINGS.effects),
    speed: isAnimationSpeed(r.speed) ? r.speed : DEFAULT_SETTINGS.speed,
    showLog: typeof r.showLog === 'boolean' ? r.showLog : DEFAULT_SETTINGS.showLog,
    panelsFolded:
      typeof r.panelsFolded === 'boolean' ? r.panelsFolded : DEFAULT_SETTINGS.panelsFolded,
    reducedMotion: typeof r.reducedMotion === 'boolean' ? r.reducedMotion : prefersReducedMotion(),
    colourBlind: typeof r.colourBlind === 'boolean' ? r.colourBlind : DEFAULT_SETTINGS.colourBlind,
    textSize: isTextSize(r.textSize) ? r.textSize : DEFAULT_SETTINGS.textSize,
    keys: readKeyBindings(r.keys),
  };
}

export function saveSettings(settings: Settings): void {
  writeItem(STORAGE_KEYS.settings, JSON.stringify(settings));
}

/** Multiplier on animation durations for a speed (0 = no animation). */
export function speedFactor(speed: AnimationSpeed): number {
  switch (speed) {
    case 'slow':
      return 1.7;
    case 'normal':
      return 1;
    case 'fast':
      return 0.45;
    case 'instant':
      return 0;
  }
}
