/**
 * Fog of war and the Skirmish's Random Enemy Action (solitaire-gaming-rules IV: a d20 for
 * the round, 18-20 all act and a fallen one returns, 9-17 all act, 3-8 half act, 1-2 one
 * randomly selected figure acts): the odds shown before the roll are the table's alone,
 * the same whether or not monsters hide in the dark, and the die that picks the one that
 * acts (a d-as-many-as-the-enemies) shows neither its size nor its number while some of
 * them are out of sight, and names the one picked only when the heroes see it.
 */
import { describe, expect, it } from 'vitest';
import { applyCommand, heroesSee, riggedDice, type GameState } from '../../src/engine';
import { fogScript } from '../../src/view/fog-events';
import { roundOddsText } from '../../src/view/intent-overlay';
import { skirmishGame } from '../engine/skirmish/helpers';

// The hero in the west; the enemy's Spearman with it, its Archer and Wolf behind the wall.
const BOARD = `
##############
#h.....#.e...#
#......#.....#
#..e...#..e..#
#............#
##############
`;

function field(fog: boolean): GameState {
  return skirmishGame(BOARD, ['swordsman'], ['archer', 'spearman', 'wolf'], {
    randomEnemyAction: true,
    patrol: true,
    ...(fog ? { fog: true } : {}),
  });
}

const names = (s: GameState, ids: readonly string[]) =>
  ids.map((id) => s.units.find((u) => u.id === id)!.name);

function hiddenOf(s: GameState): string[] {
  return s.units
    .filter((u) => u.side === 'enemies' && u.position && !heroesSee(s, u.id))
    .map((u) => u.id);
}

describe('fog of war and the Random Enemy Action (IV)', () => {
  it('the odds before the roll name no monster and count none', () => {
    const state = field(true);
    const hidden = hiddenOf(state);
    expect(names(state, hidden).sort()).toEqual(['Enemy Archer', 'Enemy Wolf']);
    // In the heroes' turn (initiative 15 against 5: the heroes first), 9-17: all act.
    const r = applyCommand(state, { type: 'start' }, { dice: riggedDice([15, 5, 10]) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const text = roundOddsText(r.state)!;
    expect(text).toContain('Random Enemy Action');
    // The table's chances: 3, 9, 6 and 2 faces of 20.
    for (const p of ['15%', '45%', '30%', '10%']) expect(text).toContain(p);
    for (const n of names(
      r.state,
      r.state.units.map((u) => u.id),
    ))
      expect(text).not.toContain(n);
    // No number but the chances.
    expect(text.replace(/\d+(\.\d+)?%/g, '')).not.toMatch(/\d/);
    // The same line with the hidden monsters gone from the field: it tells nothing of them.
    const without = structuredClone({ ...r.state, map: undefined }) as unknown as GameState;
    without.map = r.state.map;
    without.units = without.units.filter((u) => !hidden.includes(u.id));
    expect(roundOddsText(without)).toBe(text);
  });

  it('the die that picks the one that acts: no size, no number, no hidden name', () => {
    const state = field(true);
    const hidden = new Set(hiddenOf(state));
    // Monsters first (initiative 5 against 15), a 2: one acts, picked by a d3 among the
    // three (in the activation order); every patrol roll a 1 (stays).
    const seenPicked = new Set<string>();
    for (const face of [1, 2, 3]) {
      const dice = riggedDice([5, 15, 2, face, 1, 1, 1, 1, 1, 1]);
      const r = applyCommand(state, { type: 'start' }, { dice });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      const at = r.events.findIndex((e) => e.type === 'roll' && e.picks);
      const pick = r.events[at];
      expect(pick).toMatchObject({ type: 'roll', die: 3, value: face });
      if (pick.type !== 'roll') return;
      const picked = pick.picks![face - 1];
      expect(names(state, pick.picks!).sort()).toEqual([
        'Enemy Archer',
        'Enemy Spearman',
        'Enemy Wolf',
      ]);
      seenPicked.add(picked);
      // Without fog the line is the whole roll.
      expect(pick.text).toBe(`d3 = ${face}: the ${names(state, [picked])[0]} acts`);
      const script = fogScript(state, r.events, r.state)!;
      const words = script.words[at];
      expect(words).not.toMatch(/d3|\d/);
      for (const id of hidden) expect(words).not.toContain(names(state, [id])[0]);
      if (hidden.has(picked)) {
        expect(words).toBe('A roll picks the one that acts.');
        expect(script.seen[at]).toBe(false);
      } else expect(words).toBe('A roll picks the one that acts: the Enemy Spearman.');
      // No line of the command names a hidden monster or counts the enemies.
      for (const [i, e] of r.events.entries()) {
        const line = script.words[i] ?? '';
        for (const id of hidden) expect(line, e.type).not.toContain(names(state, [id])[0]);
        expect(line, e.type).not.toMatch(/\b3 enem|\bd3\b/);
      }
    }
    // Each face picked another: the seen one and both hidden ones were met.
    expect(seenPicked.size).toBe(3);
  });

  it('with every enemy in sight the picking roll is logged whole', () => {
    const open = skirmishGame(
      `
##########
#h.e.e.e.#
##########
`,
      ['swordsman'],
      ['archer', 'spearman', 'wolf'],
      { randomEnemyAction: true, patrol: true, fog: true },
    );
    expect(hiddenOf(open)).toEqual([]);
    const r = applyCommand(open, { type: 'start' }, { dice: riggedDice([5, 15, 1, 2, 1, 1, 1]) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const at = r.events.findIndex((e) => e.type === 'roll' && e.picks);
    const script = fogScript(open, r.events, r.state)!;
    expect(script.words[at] || r.events[at].text).toMatch(/^d3 = 2: the Enemy \w+ acts$/);
  });
});
