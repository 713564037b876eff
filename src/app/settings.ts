/** Player settings (volumes, animation speed, dice log), kept in localStorage. */
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
}

export const DEFAULT_SETTINGS: Settings = {
  master: 0.8,
  music: 0.5,
  effects: 0.8,
  speed: 'normal',
  showLog: true,
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
