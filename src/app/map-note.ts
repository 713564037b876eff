/**
 * The Setup screen's note on a player's map: what loaded, then every warning whole. Pure
 * text, no DOM (the scene shows it; tests read it).
 */
import type { LoadedMap } from '../maps/types';

/**
 * The Setup screen's note on a loaded map, every note whole: the one that matters most (no
 * walls could be read) first, then the images' problems, then the rest, one to a line.
 */
export function mapLoadNote(
  headline: string,
  map: Pick<LoadedMap, 'warnings' | 'wallsUnknown'>,
  problems: readonly string[],
): string {
  const [first, ...rest] = map.warnings;
  const notes =
    map.wallsUnknown && first !== undefined
      ? [first, ...problems, ...rest]
      : [...problems, ...map.warnings];
  return [headline, ...notes.map((n) => `\u2022 ${n}`)].join('\n');
}
