/**
 * Parsing untrusted JSON text: size limit before parsing, then one iterative walk that
 * rejects `__proto__` / `constructor` / `prototype` keys (JSON.parse creates them as own
 * properties, which would poison later object spreads) and absurd nesting.
 */
import { LIMITS } from './constants';
import { detailOf, fail, quote } from './errors';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** True for a key that must never be copied into an object. */
export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}

/** Throws a MapError unless `text` is a string within the size limit (checked before parsing). */
export function checkText(text: unknown, what: string): asserts text is string {
  if (typeof text !== 'string') fail(`${what} is not text.`);
  if (text.length > LIMITS.maxTextLength) {
    const mb = (text.length / (1024 * 1024)).toFixed(1);
    fail(
      `${what} is ${mb} MB of text; files over ${LIMITS.maxTextLength / (1024 * 1024)} MB are refused. ` +
        'Make the map smaller, or save it with "Base64 (zlib)" tile layer format.',
    );
  }
}

/**
 * Parses `text` as JSON for the file called `what` (e.g. `The map`, `Tileset file "a.tsj"`).
 * Throws a MapError with a plain sentence when the text is too long, not JSON, nested too
 * deeply, or contains a forbidden key anywhere. Returns the parsed value otherwise.
 */
export function parseUntrustedJson(text: string, what: string): unknown {
  checkText(text, what);
  const trimmed = text.replace(/^\uFEFF/, '');
  if (trimmed.trim() === '') fail(`${what} is empty; save it again from Tiled.`);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    fail(`${what} is neither valid JSON nor XML (${detailOf(e, 120)}). Save it again from Tiled.`);
  }
  checkTree(value, what);
  return value;
}

interface Frame {
  value: unknown;
  path: string;
  depth: number;
}

function checkTree(root: unknown, what: string): void {
  const stack: Frame[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as Frame;
    if (value === null || typeof value !== 'object') continue;
    if (depth > LIMITS.maxJsonDepth) {
      fail(
        `${what} is nested more than ${LIMITS.maxJsonDepth} levels deep; it is not a Tiled file.`,
      );
    }
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (item !== null && typeof item === 'object') {
          stack.push({ value: item, path: `${path}[${i}]`, depth: depth + 1 });
        }
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) {
        fail(
          `${what} contains the key ${quote(key)}${path ? ` at ${path}` : ''}. ` +
            'Tiled never writes such keys; remove it (or save the map again from Tiled).',
        );
      }
      const item: unknown = (value as Record<string, unknown>)[key];
      if (item !== null && typeof item === 'object') {
        stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
}
