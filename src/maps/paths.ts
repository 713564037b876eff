/**
 * Finding the files a map refers to (external tilesets, object templates) among the files
 * that came with it: dropped together, inside a folder or a .zip pack, or found beside the
 * map by map:check. A reference is tried as written, then resolved against the map's own
 * place among the files (`../tilesets/x.tsx` from `maps/level.tmx` is `tilesets/x.tsx`),
 * then by file name, then by the same base name in Tiled's other format (a map naming
 * `desert.tsx` finds a `desert.tsj` that came with it, and the other way round).
 */

/** Extensions that hold the same Tiled tileset in either format. */
export const TILESET_EXTENSIONS = ['.tsx', '.tsj', '.json'] as const;
/** Extensions that hold the same Tiled object template in either format. */
export const TEMPLATE_EXTENSIONS = ['.tx', '.tj', '.json'] as const;

/** Last path segment of a file path written with / or \\. */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/** A file name without its last extension, lower case: `Desert.TSX` -> `desert`. */
export function stemOf(path: string): string {
  return baseName(path)
    .replace(/\.[^.]*$/, '')
    .toLowerCase();
}

/** Forward slashes, no empty or `.` segments (`..` segments are kept). */
export function normalizePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.')
    .join('/');
}

/**
 * `ref` as written in the file at `from` (both relative to the same root), resolved to a
 * root-relative path: `resolveRelative('maps/a.tmx', '../tiles/b.tsx')` is `tiles/b.tsx`.
 * `..` above the root is dropped.
 */
export function resolveRelative(from: string | undefined, ref: string): string {
  const out = from ? normalizePath(from).split('/').slice(0, -1) : [];
  for (const part of ref.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/** Where a reference is written and what kind of file it names. */
export interface LookupContext {
  /** Path (among the files) of the file holding the reference, e.g. the map's. */
  from?: string;
  /** Extensions that hold the same kind of file, for matching by base name. */
  extensions?: readonly string[];
}

/**
 * Finds the file a map refers to (an external tileset's `source`, a template path, an
 * image) among the supplied files' names; returns the matching name, or undefined.
 */
export function findEntryKey(
  source: string,
  keys: readonly string[],
  context: LookupContext = {},
): string | undefined {
  const exact = keys.find((k) => k === source);
  if (exact !== undefined) return exact;
  const resolved = resolveRelative(context.from, source);
  const byResolved =
    keys.find((k) => normalizePath(k) === resolved) ??
    keys.find((k) => normalizePath(k).toLowerCase() === resolved.toLowerCase());
  if (byResolved !== undefined) return byResolved;
  const norm = normalizePath(source);
  const byPath = keys.find(
    (k) =>
      normalizePath(k) === norm ||
      norm.endsWith(`/${normalizePath(k)}`) ||
      normalizePath(k).endsWith(`/${norm}`),
  );
  if (byPath !== undefined) return byPath;
  const base = baseName(source).toLowerCase();
  const byName = keys.find((k) => baseName(k).toLowerCase() === base);
  if (byName !== undefined) return byName;
  const extensions = context.extensions ?? [];
  const ext = /\.[^.]*$/.exec(baseName(source))?.[0]?.toLowerCase() ?? '';
  if (!extensions.includes(ext) && ext !== '') return undefined;
  const stem = stemOf(source);
  const sameKind = keys.filter((k) => {
    const b = baseName(k).toLowerCase();
    return extensions.some((e) => b === `${stem}${e}`);
  });
  // Prefer the one in the folder the reference points at.
  const dir = resolved.split('/').slice(0, -1).join('/').toLowerCase();
  const inDir = sameKind.find(
    (k) => normalizePath(k).split('/').slice(0, -1).join('/').toLowerCase() === dir,
  );
  return inDir ?? sameKind[0];
}

/**
 * Finds the file a map refers to (an external tileset's `source` or a template path) among
 * the supplied files; returns its key and text, or undefined.
 */
export function findExternalEntry(
  source: string,
  files: Record<string, string> | undefined,
  context: LookupContext = {},
): { key: string; text: string } | undefined {
  if (!files) return undefined;
  const key = findEntryKey(source, Object.keys(files), context);
  return key === undefined ? undefined : { key, text: files[key] };
}

/** The text of the file `source` names among `files` (see findExternalEntry), or undefined. */
export function findExternalFile(
  source: string,
  files: Record<string, string> | undefined,
  context: LookupContext = {},
): string | undefined {
  return findExternalEntry(source, files, context)?.text;
}

/** The same file named two ways: the same path, the same name, or the same base name in Tiled's other format. */
export function sameTiledFile(a: string, b: string, extensions: readonly string[]): boolean {
  if (normalizePath(a).toLowerCase() === normalizePath(b).toLowerCase()) return true;
  if (baseName(a).toLowerCase() === baseName(b).toLowerCase()) return true;
  const ext = (p: string): string => /\.[^.]*$/.exec(baseName(p))?.[0]?.toLowerCase() ?? '';
  return stemOf(a) === stemOf(b) && extensions.includes(ext(a)) && extensions.includes(ext(b));
}
