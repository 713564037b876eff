/**
 * The loader's one error type: a plain sentence for the player, never a stack trace.
 * Thrown inside src/maps and turned into `{ ok: false, error }` by loadTiledMap.
 */
export class MapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MapError';
  }
}

/** Throws a MapError with `message`. */
export function fail(message: string): never {
  throw new MapError(message);
}

/** Quotes a user-supplied name for a message, shortened so a hostile name stays readable. */
export function quote(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return `"${clean.length > 60 ? `${clean.slice(0, 57)}...` : clean}"`;
}

/** Shows an unknown JSON value briefly for a message. */
export function show(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return 'an object';
}

/** A caught error's message on one line, shortened, for the brackets of a plain message. */
export function detailOf(e: unknown, max = 160): string {
  return e instanceof Error ? e.message.replace(/\s+/g, ' ').slice(0, max) : '';
}
