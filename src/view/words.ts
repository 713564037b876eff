/** The view's words for what the engine reports (no Phaser here: the headless view uses it). */
import type { CoverLevel } from '../engine';

/** A cover level in plain words, for the line-of-sight preview and the info panel. */
export function coverWords(cover: CoverLevel): string {
  switch (cover) {
    case 'clear':
      return 'clear line of sight';
    case 'partial':
      return 'partial cover';
    case 'full':
      return 'full cover';
    default:
      return 'no line of sight';
  }
}
