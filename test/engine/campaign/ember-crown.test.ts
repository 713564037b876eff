/**
 * The bundled campaign (campaigns/ember-crown.json) is what issue 12 asks of one: at least
 * 8 missions with a few lines of story each, opening with the Dungeon Crawl, bundled Tiled
 * maps and generated battlefields, both rule sets, objectives of every kind (slay the Arch
 * Foe, hold, carry, escape, ambush, spawning waves), a choice between two missions and a
 * final battle; and every mission sets up for the party at every difficulty.
 */
import { describe, expect, it } from 'vitest';
import {
  campaignOptions,
  DIFFICULTIES,
  missionSetup,
  newCampaign,
} from '../../../src/engine/campaign/index';
import { createGame } from '../../../src/engine/setup';
import { loadCampaignFile, resolveScenarioFromDisk } from '../../../src/devtools/campaigns';

const def = loadCampaignFile('ember-crown');

function setups(difficulty: (typeof DIFFICULTIES)[number]) {
  const state = newCampaign(def, 1, campaignOptions(difficulty));
  return def.missions.map((m) => {
    const made = missionSetup(state, def, m.id, 99, undefined, resolveScenarioFromDisk);
    if (!made.ok) throw new Error(made.error);
    return made.setup;
  });
}

describe('The Ember Crown', () => {
  it('has at least 8 missions, each with a story of a few lines, opening with the Dungeon Crawl', () => {
    expect(def.missions.length).toBeGreaterThanOrEqual(8);
    for (const m of def.missions) {
      expect(m.story.length).toBeGreaterThanOrEqual(1);
      expect(m.story.length).toBeLessThanOrEqual(4);
    }
    expect(def.start).toBe(def.missions[0].id);
    expect(def.missions[0].scenario).toBe('dungeon-crawl');
  });

  it('plays bundled Tiled maps and generated battlefields under both rule sets', () => {
    const boards = def.missions.map((m) => m.scenario);
    expect(boards.some((b) => b.startsWith('map:'))).toBe(true);
    expect(boards.some((b) => b.startsWith('field:skirmish:'))).toBe(true);
    expect(boards.some((b) => b.startsWith('field:sheet:'))).toBe(true);
    const modules = new Set(setups('normal').map((s) => s.rules.id));
    expect([...modules].sort()).toEqual(['dungeon-crawl', 'skirmish']);
    // A bundled dungeon map played under the Skirmish rules.
    expect(def.missions.some((m) => m.scenario.startsWith('map:') && m.rules === 'skirmish')).toBe(
      true,
    );
  });

  it('has objectives of every kind, a choice between two missions and a final battle', () => {
    const goals = new Set<string>();
    for (const s of setups('normal')) {
      // The goal as the battle reads its options: the Skirmish's scenario, else the victory.
      const created = createGame(s.config);
      if (!created.ok) throw new Error(created.error);
      const o = created.state.options as Readonly<Record<string, unknown>>;
      goals.add(String(s.rules.id === 'skirmish' ? o.scenario : o.victory));
    }
    for (const goal of ['arch-foe', 'hold', 'carry-object', 'escape', 'ambush', 'spawning'])
      expect(goals).toContain(goal);
    expect(def.missions.filter((m) => m.choice).length).toBeGreaterThanOrEqual(1);
    expect(def.missions.filter((m) => m.final)).toHaveLength(1);
  });

  it.each(DIFFICULTIES)('every mission sets up for the party at %s difficulty', (difficulty) => {
    for (const s of setups(difficulty)) {
      const created = createGame(s.config);
      if (!created.ok) throw new Error(`${s.mission.id}: ${created.error}`);
      const heroes = created.state.units.filter((u) => u.id.startsWith('hero-'));
      expect(heroes).toHaveLength(def.party.length);
    }
  });
});
