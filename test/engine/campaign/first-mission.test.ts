/**
 * The Ember Crown's first mission, the Den under the Hill (issue 29: a first battle with a
 * fight in it). Its dragon is the Dungeon Crawl's own, as the book gives it, starting on
 * the 3-4 lair, and it fields three Minion Teams (three trolls) where it had a one-wound
 * dragon and eight minions; a
 * campaign begun before (revision 1, saves without a revision) still fights the Den as it
 * was, so its save replays as it was played.
 */
import { describe, expect, it } from 'vitest';
import {
  campaignOptions,
  campaignSave,
  missionSetup,
  newCampaign,
  readCampaignDefinition,
  readCampaignSave,
  type CampaignState,
} from '../../../src/engine/campaign/index';
import { createGame } from '../../../src/engine/setup';
import { applyCommand } from '../../../src/engine/game';
import type { GameState } from '../../../src/engine/types';
import { crawlWeapons } from '../../../src/engine/rulesets/dungeon-crawl/types';
import { loadCampaignFile, resolveScenarioFromDisk } from '../../../src/devtools/campaigns';

const def = loadCampaignFile('ember-crown');

function denBattle(state: CampaignState): GameState {
  const made = missionSetup(state, def, 'the-den', 7, undefined, resolveScenarioFromDisk);
  if (!made.ok) throw new Error(made.error);
  const game = createGame(made.setup.config);
  if (!game.ok) throw new Error(game.error);
  return game.state;
}

describe('The Den under the Hill', () => {
  it('opens the campaign, at revision 2', () => {
    expect(def.start).toBe('the-den');
    expect(def.revision).toBe(2);
  });

  it('its dragon has the stat line the Dungeon Crawl book gives it (at normal difficulty)', () => {
    const s = denBattle(newCampaign(def, 1, campaignOptions('normal')));
    const dragon = s.units.find((u) => u.kind === 'dragon')!;
    expect(dragon.ai?.archFoe).toBe(true);
    // "It can suffer 4 wounds before being defeated."
    expect(dragon.maxWounds).toBe(4);
    // "It can breathe fire any number of spaces, causing a wound on a result of 3 or more.
    // The dragon cannot breathe fire on heroes in spaces adjacent to it"; "It causes a wound
    // on a roll of 4 or more with its claws, but only to a hero in an adjacent space."
    expect(
      crawlWeapons(dragon).map((w) => ({
        id: w.id,
        hitOn: w.hitOn,
        die: w.die,
        minRange: w.minRange,
        maxRange: w.maxRange,
      })),
    ).toEqual([
      { id: 'fire', hitOn: 3, die: 6, minRange: 2, maxRange: null },
      { id: 'claws', hitOn: 4, die: 6, minRange: 1, maxRange: 1 },
    ]);
    // "All heroes and monsters move 2 spaces per turn."
    expect(dragon.move).toBe(2);
  });

  it('fields three Minion Teams, within the solo rules’ 0 to 7 (three trolls of the book)', () => {
    const s = denBattle(newCampaign(def, 1, campaignOptions('normal')));
    const minions = s.units.filter((u) => u.side === 'enemies' && !u.ai?.archFoe);
    expect(minions.map((u) => u.kind)).toEqual(['troll', 'troll', 'troll']);
    // "They can suffer 2 wounds"; spear 4+ up to 5 spaces, club 5+.
    for (const t of minions) {
      expect(t.maxWounds).toBe(2);
      expect(crawlWeapons(t).map((w) => [w.id, w.hitOn])).toEqual([
        ['spear', 4],
        ['club', 5],
      ]);
    }
    expect(s.units.filter((u) => u.side === 'heroes')).toHaveLength(4);
  });

  it('its dragon starts on the lair of the 3-4 band, chosen (no lair roll), and patrols from there', () => {
    const s = denBattle(newCampaign(def, 1, campaignOptions('normal')));
    expect(s.options.lair).toBe('3-4');
    const started = applyCommand(s, { type: 'start' });
    if (!started.ok) throw new Error(started.error);
    expect(started.events.some((e) => e.type === 'roll' && e.purpose === 'lair')).toBe(false);
    expect(started.events.find((e) => e.type === 'placed')).toMatchObject({
      at: { x: 7, y: 2 },
      text: 'The Dragon starts in its lair (3-4) and patrols from there like every monster.',
    });
  });

  it('a campaign begun under revision 1 fights the Den as it was: a one-wound dragon, eight minions', () => {
    const old = newCampaign(def, 1, campaignOptions('normal'), 2, 1);
    expect(old.revision).toBeUndefined();
    const s = denBattle(old);
    expect(s.units.find((u) => u.kind === 'dragon')!.maxWounds).toBe(1);
    expect(s.units.filter((u) => u.side === 'enemies' && !u.ai?.archFoe)).toHaveLength(8);
  });

  it('a new campaign keeps its revision in its save; a save without one is revision 1', () => {
    const state = newCampaign(def, 1, campaignOptions('normal'));
    expect(state.revision).toBe(2);
    const save = campaignSave(state);
    expect(save.revision).toBe(2);
    const read = readCampaignSave(JSON.parse(JSON.stringify(save)));
    expect(read.ok && read.save.revision).toBe(2);
    const { revision: _gone, ...older } = save;
    const readOld = readCampaignSave(JSON.parse(JSON.stringify(older)));
    expect(readOld.ok && readOld.save.revision).toBeUndefined();
    const bad = readCampaignSave({ ...save, revision: 0 });
    expect(bad.ok ? '' : bad.error).toMatch(/revision is not a whole number/);
  });

  it('a campaign file’s earlier options must be of an older revision, said in words', () => {
    const raw = JSON.parse(JSON.stringify(def)) as Record<string, unknown>;
    const missions = raw.missions as Record<string, unknown>[];
    missions[0].earlierOptions = [{ upToRevision: 2, options: { enemyPercent: 75 } }];
    const read = readCampaignDefinition(raw);
    expect(read.ok ? [] : read.errors).toContain(
      'Mission "the-den"\'s "earlierOptions" up to revision 2 must be older than the campaign\'s "revision" (2).',
    );
    const noRevision = readCampaignDefinition({ ...raw, revision: 'two' });
    expect(noRevision.ok ? [] : noRevision.errors).toContain(
      'The campaign\'s "revision" must be a whole number of 1 or more.',
    );
  });
});
