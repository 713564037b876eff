/**
 * Near-identical warnings grouped into one line: a map from another game can give the same
 * warning for thirty layers or tilesets, and the player needs to read it once, with a count
 * and the first few places it applies to.
 */

/** Three or more warnings that differ only in names and numbers become one. */
const GROUP_FROM = 3;
const PLACES_SHOWN = 3;

function shape(warning: string): string {
  return warning.replace(/"[^"]*"/g, '""').replace(/\d+(\.\d+)?/g, '#');
}

/** The first quoted name (or else number) in `warning` that differs from `first`'s. */
function placeOf(warning: string, first: string): string {
  const names = warning.match(/"[^"]*"|\d+(\.\d+)?/g) ?? [];
  const firstNames = first.match(/"[^"]*"|\d+(\.\d+)?/g) ?? [];
  const i = names.findIndex((n, j) => n !== firstNames[j]);
  return i >= 0 ? names[i] : (names[0] ?? '');
}

/**
 * Returns the warnings with every run of near-identical ones (same words, other names or
 * numbers) folded into its first, e.g.
 * `Layer "Trees" is hidden in Tiled but still counts... (The same for 4 more: "Rocks", "Fence", "Bushes"...)`.
 * Order is kept (a group stands where its first warning stood); exact repeats are dropped.
 */
export function groupWarnings(warnings: readonly string[]): string[] {
  const groups = new Map<string, string[]>();
  for (const w of warnings) {
    const key = shape(w);
    const list = groups.get(key);
    if (!list) groups.set(key, [w]);
    else if (!list.includes(w)) list.push(w);
  }
  const out: string[] = [];
  for (const list of groups.values()) {
    if (list.length < GROUP_FROM) {
      out.push(...list);
      continue;
    }
    const [first, ...rest] = list;
    const places = rest.slice(0, PLACES_SHOWN).map((w) => placeOf(w, first));
    out.push(
      `${first} (The same for ${rest.length} more: ${places.join(', ')}${rest.length > PLACES_SHOWN ? '...' : ''})`,
    );
  }
  return out;
}
