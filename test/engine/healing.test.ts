/**
 * Healing as one shared system (systems/healing.ts): the Dungeon Crawl's Priest heals
 * through it, and the `healed` event it emits says the patient's wounds after the heal,
 * so the view draws them as declared (HEALED_SHOW) without working out a rule itself.
 * solo-miniatures-dungeon-crawl, "One Priest Hero": "He must be adjacent to the hero, and
 * roll 3 or more. On a success, the hero regains 1 wound ... 3 times per game, succeed or
 * fail."
 */
import { describe, expect, it } from 'vitest';
import { requireRules, type GameEvent } from '../../src/engine';
import '../../src/engine/rulesets';
import { HEALED_SHOW, WOUNDS_HEALED } from '../../src/engine/systems/healing';
import { boardGame, play, startWith, unit } from './helpers';

function priestTurn(woundsOnFighter: number) {
  let s = startWith(boardGame('#######\n#FP..t#\n#######'), [4]).state;
  unit(s, 'fighting-man-1').wounds = woundsOnFighter;
  while (s.turn && s.turn.unitId !== 'priest-1')
    s = play(s, { type: 'end-turn', unit: s.turn.unitId }).state;
  return s;
}

/** The Priest, beside a Fighting Man with 2 wounds, tries a heal with the die showing `roll`. */
function priestHeals(roll: number) {
  const { state, events } = play(
    priestTurn(2),
    { type: 'heal', unit: 'priest-1', target: 'fighting-man-1' },
    [roll],
  );
  const healed = events.find(
    (x): x is Extract<GameEvent, { type: 'healed' }> => x.type === 'healed',
  );
  if (!healed) throw new Error('no healed event');
  return { state, healed };
}

describe('healing, one system for every module', () => {
  it('a roll of 3 (3 or more) heals 1 wound: the event carries the wounds now, and the show draws them', () => {
    const { state, healed } = priestHeals(3);
    expect(WOUNDS_HEALED).toBe(1);
    expect(healed).toMatchObject({ success: true, roll: 3, need: 3, usesLeft: 2, wounds: 1 });
    expect(unit(state, 'fighting-man-1').wounds).toBe(healed.wounds);
    expect(HEALED_SHOW.picture(healed)).toMatchObject({
      face: { unit: 'priest-1', toward: 'fighting-man-1' },
      wounds: { unit: 'fighting-man-1', wounds: 1, maxWounds: healed.maxWounds },
      word: { unit: 'fighting-man-1', text: '+1', tone: 'good' },
    });
  });

  it('a roll of 2 fails: no wound regained, the try used all the same, "no effect" drawn', () => {
    const { state, healed } = priestHeals(2);
    expect(healed).toMatchObject({ success: false, usesLeft: 2, wounds: 2 });
    expect(unit(state, 'fighting-man-1').wounds).toBe(2);
    const picture = HEALED_SHOW.picture(healed);
    expect(picture?.wounds).toBeUndefined();
    expect(picture?.word).toMatchObject({ text: 'no effect', tone: 'muted' });
  });

  it('both rule modules declare the shared show for the event of the shared system', () => {
    for (const id of ['dungeon-crawl', 'skirmish']) {
      const rules = requireRules({ ruleModule: id });
      expect(rules.eventShows?.healed, id).toBe(HEALED_SHOW);
      expect(rules.commands.heal, id).toBeDefined();
    }
    // The Skirmish's alternating activation is declared as such; the view finds it by that.
    expect(requireRules({ ruleModule: 'skirmish' }).commands.activate?.activates).toBe(true);
  });
});
