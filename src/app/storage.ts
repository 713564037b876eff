/**
 * A small, never-throwing wrapper over localStorage: private windows, full quotas or a
 * blocked storage must never crash the game, only lose the save.
 */

export const STORAGE_KEYS = {
  save: 'archfoe.save.v1',
  corruptSave: 'archfoe.save.corrupt',
  settings: 'archfoe.settings.v1',
} as const;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored (quota, blocked storage). */
export function writeItem(key: string, value: string): boolean {
  try {
    const s = storage();
    if (!s) return false;
    s.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // nothing to do
  }
}
