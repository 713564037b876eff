/**
 * The battle's rebindable keys (issue 14): which key asks for which action, the defaults,
 * which keys stay fixed, and how a stored map is checked. Pure: no Phaser, no DOM.
 */

/** The battle actions whose key the player can choose. */
export type KeyCommand =
  'end-turn' | 'undo' | 'auto' | 'threats' | 'intent' | 'recentre' | 'panels' | 'oracle' | 'help';

/** In the order the Keys page lists them. */
export const KEY_COMMANDS: readonly KeyCommand[] = [
  'end-turn',
  'undo',
  'auto',
  'threats',
  'intent',
  'recentre',
  'panels',
  'oracle',
  'help',
];

/** What each action is called on the Keys page and in the help. */
export const KEY_COMMAND_NAMES: Record<KeyCommand, string> = {
  'end-turn': 'End turn',
  undo: 'Undo',
  auto: 'Auto-battle',
  threats: 'Threats',
  intent: 'Intent',
  recentre: 'Fit the board',
  panels: 'Fold the side panels',
  oracle: 'The oracle',
  help: 'Keys and mouse help',
};

/**
 * Action -> key, as `KeyboardEvent.key` gives it: one character (letters in lower case,
 * ' ' for Space).
 */
export type KeyBindings = Record<KeyCommand, string>;

export const DEFAULT_KEYS: Readonly<KeyBindings> = {
  'end-turn': ' ',
  undo: 'z',
  auto: 'p',
  threats: 't',
  intent: 'i',
  recentre: 'c',
  panels: 'f',
  oracle: 'o',
  help: 'h',
};

/** Keys with a fixed meaning in battle (targets, zoom, pan, menus), never rebound. */
const RESERVED = new Set(['Enter', 'Escape', 'Tab', '+', '-', '=', '_', '?', 'w', 'a', 's', 'd']);

/** The key as bindings store it: one letter in lower case, anything else as it is. */
export function normaliseKey(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

/** How a key is written for the player: "Space", "Z", "F2". */
export function keyLabel(key: string): string {
  if (key === ' ') return 'Space';
  return key.length === 1 ? key.toUpperCase() : key;
}

/** Why a key cannot be bound at all (a plain sentence), or null when it can. */
export function reservedReason(key: string): string | null {
  const k = normaliseKey(key);
  if (/^[0-9]$/.test(k)) return 'The digits pick targets; they cannot be rebound.';
  if (k.startsWith('Arrow'))
    return 'The arrows move the square and pick targets; they cannot be rebound.';
  if (k === 'w' || k === 'a' || k === 's' || k === 'd')
    return 'W, A, S and D pan the board; they cannot be rebound.';
  if (RESERVED.has(k)) return `${keyLabel(k)} has a fixed meaning in battle; it cannot be rebound.`;
  if (k.length !== 1 || (k.trim() === '' && k !== ' '))
    return `${keyLabel(k)} cannot be bound; choose a letter, a sign or Space.`;
  return null;
}

/** The action already bound to `key`, other than `except`. */
export function boundTo(
  keys: Readonly<KeyBindings>,
  key: string,
  except?: KeyCommand,
): KeyCommand | null {
  const k = normaliseKey(key);
  return KEY_COMMANDS.find((c) => c !== except && keys[c] === k) ?? null;
}

/**
 * Binds `command` to `key`: the new bindings, or a plain message saying why not (a fixed
 * key, or a key another action already has).
 */
export function rebind(
  keys: Readonly<KeyBindings>,
  command: KeyCommand,
  key: string,
): { keys: KeyBindings } | { error: string } {
  const reason = reservedReason(key);
  if (reason) return { error: reason };
  const k = normaliseKey(key);
  const other = boundTo(keys, k, command);
  if (other)
    return {
      error: `${keyLabel(k)} is already ${KEY_COMMAND_NAMES[other]}. Choose another key, or rebind ${KEY_COMMAND_NAMES[other]} first.`,
    };
  return { keys: { ...keys, [command]: k } };
}

/**
 * Reads stored bindings: unknown actions are dropped, a missing, fixed or unknown key and
 * a key bound twice fall back to the default; if the defaults then clash with what is
 * kept, all keys go back to the defaults.
 */
export function readKeyBindings(raw: unknown): KeyBindings {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const wanted = new Map<KeyCommand, string>();
  for (const c of KEY_COMMANDS) {
    const v = r[c];
    if (typeof v === 'string' && reservedReason(v) === null) wanted.set(c, normaliseKey(v));
  }
  const count = new Map<string, number>();
  for (const k of wanted.values()) count.set(k, (count.get(k) ?? 0) + 1);
  const keys = { ...DEFAULT_KEYS };
  for (const [c, k] of wanted) if (count.get(k) === 1) keys[c] = k;
  const used = new Set(KEY_COMMANDS.map((c) => keys[c]));
  return used.size === KEY_COMMANDS.length ? keys : { ...DEFAULT_KEYS };
}
