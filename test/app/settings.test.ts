/**
 * Settings persist (issue 14): comfort settings (reduced motion, colour-blind colours, text
 * size) are kept with the volumes and speed, read back field by field, and a broken or
 * foreign value falls back to the default without losing the others. The comfort settings
 * change what the view draws: the palette swaps to colour-blind-safe colours and back, the
 * read texts grow, fades shorten.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  loadSettings,
  saveSettings,
  textScaleOf,
  type Settings,
} from '../../src/app/settings';
import { DEFAULT_KEYS } from '../../src/app/key-bindings';
import { STORAGE_KEYS } from '../../src/app/storage';
import {
  COLORS,
  fadeMs,
  isColourBlindMode,
  readingStyle,
  setColourBlind,
  setReadingScale,
  setReducedMotion,
} from '../../src/view/theme';

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const g = globalThis as { localStorage?: unknown };
beforeEach(() => {
  g.localStorage = new MemoryStorage();
});
afterEach(() => {
  delete g.localStorage;
  setColourBlind(false);
  setReadingScale(1);
  setReducedMotion(false);
});

describe('settings', () => {
  it('keeps the comfort settings with the others, across a reload', () => {
    const mine: Settings = {
      ...DEFAULT_SETTINGS,
      master: 0.3,
      speed: 'fast',
      reducedMotion: true,
      colourBlind: true,
      textSize: 'larger',
    };
    saveSettings(mine);
    expect(loadSettings()).toEqual(mine);
  });

  it('falls back field by field: a foreign value loses only itself', () => {
    (g.localStorage as MemoryStorage).setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ master: 0.2, colourBlind: 'yes', textSize: 'huge', reducedMotion: true }),
    );
    const s = loadSettings();
    expect(s.master).toBe(0.2);
    expect(s.reducedMotion).toBe(true);
    expect(s.colourBlind).toBe(DEFAULT_SETTINGS.colourBlind);
    expect(s.textSize).toBe(DEFAULT_SETTINGS.textSize);
    (g.localStorage as MemoryStorage).setItem(STORAGE_KEYS.settings, '{broken');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps rebound battle keys across a reload, and checks stored ones key by key', () => {
    const keys = { ...DEFAULT_KEYS, 'end-turn': 'e', undo: ' ' };
    saveSettings({ ...DEFAULT_SETTINGS, keys });
    expect(loadSettings().keys).toEqual(keys);
    const stored = (raw: unknown) => {
      (g.localStorage as MemoryStorage).setItem(
        STORAGE_KEYS.settings,
        JSON.stringify({ master: 0.4, keys: raw }),
      );
      return loadSettings();
    };
    // An unknown action is dropped; a fixed key (Enter, a digit, an arrow, +) or a non-key
    // falls back to that action's default; the others are kept.
    const mixed = stored({
      'end-turn': 'E',
      fly: 'f',
      undo: 'Enter',
      auto: '7',
      threats: 'ArrowUp',
      intent: '+',
      recentre: 42,
      help: 'k',
    });
    expect(mixed.master).toBe(0.4);
    expect(mixed.keys).toEqual({ ...DEFAULT_KEYS, 'end-turn': 'e', help: 'k' });
    expect(mixed.keys).not.toHaveProperty('fly');
    // A key bound twice: both go back to their defaults.
    expect(stored({ 'end-turn': 'q', undo: 'q', auto: 'y' }).keys).toEqual({
      ...DEFAULT_KEYS,
      auto: 'y',
    });
    // A kept key that takes another action's default: all go back to the defaults.
    expect(stored({ 'end-turn': 'z', undo: 'enter' }).keys).toEqual(DEFAULT_KEYS);
    expect(stored('z').keys).toEqual(DEFAULT_KEYS);
  });

  it('colour-blind mode swaps the palette to blue against vermillion, and back', () => {
    const standard = { hero: COLORS.hero, enemy: COLORS.enemy, clear: COLORS.clear };
    setColourBlind(true);
    expect(isColourBlindMode()).toBe(true);
    expect(COLORS.hero).toBe(0x56b4e9);
    expect(COLORS.enemy).toBe(0xd55e00);
    expect(COLORS.clear).not.toBe(standard.clear);
    setColourBlind(false);
    expect({ hero: COLORS.hero, enemy: COLORS.enemy, clear: COLORS.clear }).toEqual(standard);
  });

  it('text size grows the read texts; reduced motion shortens fades', () => {
    expect(readingStyle(13).fontSize).toBe('13px');
    setReadingScale(textScaleOf('larger'));
    expect(readingStyle(13).fontSize).toBe('18px');
    setReadingScale(textScaleOf('large'));
    expect(readingStyle(10).fontSize).toBe('12px');
    expect(fadeMs(220)).toBe(220);
    setReducedMotion(true);
    expect(fadeMs(220)).toBe(60);
  });
});
