/**
 * The Setup screen's options show a chosen value even when the options leave it out: the
 * Dungeon Crawl keeps "Enemies begin: Patrolling" (startAlerted 'none') out of its options,
 * and none of its two buttons read as chosen (issue 28).
 */
import { describe, expect, it } from 'vitest';
import type { OptionSpec } from '../../src/engine';
import { findRuleModule } from '../../src/engine';
import { shownOptionValue } from '../../src/view/setup-layout';

describe('the value an option shows chosen', () => {
  it('"Enemies begin" shows Patrolling chosen in a fresh Dungeon Crawl, Alerted once picked', () => {
    const crawl = findRuleModule('dungeon-crawl')!;
    const spec = crawl.optionSpecs(null).find((s) => s.id === 'startAlerted')!;
    const fresh = crawl.normaliseOptions(crawl.scenarios[0].defaults);
    // The cause: the module leaves the default out of its options.
    expect(fresh.startAlerted).toBeUndefined();
    expect(shownOptionValue(spec, fresh)).toBe('none');
    const alerted = crawl.normaliseOptions({ ...fresh, startAlerted: 'all' });
    expect(shownOptionValue(spec, alerted)).toBe('all');
  });

  it('a value the spec does not offer (or of the wrong type) shows the default', () => {
    const choice: OptionSpec = {
      id: 'lair',
      label: 'Lair',
      help: '',
      kind: 'choice',
      default: 'roll',
      choices: [
        { value: 'roll', label: 'Roll' },
        { value: '1-2', label: '1-2' },
      ],
    };
    expect(shownOptionValue(choice, { lair: '1-2' })).toBe('1-2');
    expect(shownOptionValue(choice, { lair: '9-9' })).toBe('roll');
    expect(shownOptionValue(choice, { lair: 3 })).toBe('roll');
    const toggle: OptionSpec = { id: 'fog', label: 'Fog', help: '', kind: 'toggle', default: true };
    expect(shownOptionValue(toggle, {})).toBe(true);
    expect(shownOptionValue(toggle, { fog: false })).toBe(false);
    const count: OptionSpec = {
      id: 'holdTurns',
      label: 'Hold',
      help: '',
      kind: 'number',
      default: 2,
      min: 1,
      max: 3,
      presets: [1, 2, 3],
    };
    expect(shownOptionValue(count, { holdTurns: 3 })).toBe(3);
    expect(shownOptionValue(count, { holdTurns: 'x' })).toBe(2);
  });
});
