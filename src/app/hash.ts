/** FNV-1a fingerprints: cheap content ids for states (a save's check) and maps (a player's own). */

const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/** FNV-1a over a string's UTF-16 code units, continuing from `h`. */
function hashText(text: string, h: number): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, PRIME) >>> 0;
  }
  return h;
}

/** FNV-1a over a string, as 8 hex digits: a cheap fingerprint. */
export function fingerprint(text: string): string {
  return hashText(text, OFFSET).toString(16).padStart(8, '0');
}

/**
 * A content id of texts and byte arrays together (order matters), as 16 hex digits: two
 * FNV-1a runs with different starts, so two different maps practically never share one.
 */
export function contentId(parts: readonly (string | Uint8Array)[]): string {
  let a = OFFSET;
  let b = 0x01234567;
  for (const part of parts) {
    if (typeof part === 'string') {
      a = hashText(part, a);
      b = hashText(part, b ^ 0x5bd1e995);
    } else {
      for (let i = 0; i < part.length; i++) {
        a = Math.imul(a ^ part[i], PRIME) >>> 0;
        b = Math.imul(b ^ part[i] ^ 0x9e, PRIME) >>> 0;
      }
    }
    // A separator, so ["ab", "c"] and ["a", "bc"] differ.
    a = Math.imul(a ^ 0xff, PRIME) >>> 0;
    b = Math.imul(b ^ 0xfe, PRIME) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}
