/**
 * What the Campaign screen shows (src/view/campaign-model.ts), from real campaign states
 * of The Ember Crown: the party's cards with their skills, the missions with where each
 * stands, the story to read, the choice of roads, and after a battle the chart and the
 * party's story.
 */
import { describe, expect, it } from 'vitest';
import { loadCampaignFile, resolveScenarioFromDisk } from '../../src/devtools/campaigns';
import {
  campaignOptions,
  finishBattle,
  newCampaign,
  startBattle,
  withBattleCommands,
  type CampaignState,
} from '../../src/engine/campaign';
import { playAutoGame } from '../../src/engine/simulate';
import { campaignModel } from '../../src/view/campaign-model';

const def = loadCampaignFile('ember-crown');

function afterFirstBattle(seed: number): CampaignState {
  const started = startBattle(
    newCampaign(def, seed, campaignOptions('story')),
    def,
    resolveScenarioFromDisk,
  );
  if (!started.ok) throw new Error(started.error);
  const game = playAutoGame(started.setup.config);
  const played = withBattleCommands(started.state, game.commands);
  if (!played.ok) throw new Error(played.error);
  const done = finishBattle(played.state, def, resolveScenarioFromDisk);
  if (!done.ok) throw new Error(done.error);
  return done.state;
}

describe('the Campaign screen model', () => {
  it('a new campaign: the party, the first mission next, the opening story', () => {
    const m = campaignModel(def, newCampaign(def, 1, campaignOptions('normal')));
    expect(m.difficulty).toBe('Normal');
    expect(m.heroes.map((h) => h.name)).toEqual(['Brand', 'Ysolde', 'Pell', 'Maren']);
    expect(m.heroes[0].skills).toMatch(/\d\/\d/);
    expect(m.heroes[0].art).not.toBeNull();
    expect(m.missions[0]).toMatchObject({ id: 'the-den', status: 'next' });
    expect(m.missions.slice(1).every((x) => x.status === 'ahead')).toBe(true);
    expect(m.storyTitle).toBe('Next: The Den under the Hill');
    expect(m.story.join(' ')).toContain(def.story[0]);
    expect(m.chart).toEqual([]);
    expect(m.over).toBeNull();
  });

  it('after a won first battle: the mission won, the next one, the chart and the story', () => {
    const state = afterFirstBattle(12);
    const m = campaignModel(def, state);
    expect(m.missions[0]).toMatchObject({ status: 'won', note: '1 battle, won' });
    expect(m.missions.find((x) => x.id === 'the-warren')?.status).toBe('next');
    expect(m.chart).toHaveLength(1);
    expect(m.chart[0].went).toBe(4);
    expect(m.chart[0].won).toBe(true);
    expect(m.chronicle[0]).toMatch(/^1\. The Den under the Hill: won in \d+ rounds\./);
    expect(m.heroes.reduce((n, h) => n + h.kills, 0)).toBeGreaterThan(0);
  });

  it('at a fork: both ways offered, the choice shown', () => {
    const state = afterFirstBattle(12);
    const warren = def.missions.find((x) => x.id === 'the-warren')!;
    const fork: CampaignState = { ...state, position: { at: 'choice', choice: warren.choice! } };
    const m = campaignModel(def, fork);
    expect(m.choice?.map((c) => c.mission)).toEqual(['the-crypt', 'the-hall']);
    expect(m.missions.filter((x) => x.status === 'choice').map((x) => x.id)).toEqual([
      'the-crypt',
      'the-hall',
    ]);
    expect(m.storyTitle).toBe('The road divides');
  });
});
