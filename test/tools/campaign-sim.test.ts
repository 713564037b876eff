/**
 * `npm run sim -- --campaign ID --games N` (tools/sim.ts, tools/lib/campaign-sim.ts): whole
 * campaigns played by the autopilot, with a table of how many heroes go into each mission,
 * stand at its end, die after it and go on, and how often each mission is fought, won and drawn.
 * Run as a player would, from the repository's own campaigns/ folder.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toolArgs } from './bundled-tool';
import { ROOT } from '../../src/devtools/bundled-maps';
import { loadCampaignFile } from '../../src/devtools/campaigns';
import type { CampaignSimResult } from '../../tools/lib/campaign-sim';

function sim(...args: string[]): string {
  return execFileSync(process.execPath, toolArgs('tools/sim.ts', args), {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('npm run sim -- --campaign', () => {
  it('prints a row per mission whose numbers agree with each other and with the JSON', () => {
    const args = ['--campaign', 'ember-crown', '--games', '2', '--seed', '3'];
    const json = JSON.parse(sim(...args, '--json')) as CampaignSimResult;
    const text = sim(...args);
    const def = loadCampaignFile('ember-crown');
    const party = def.party.length;

    expect(json.games).toBe(2);
    expect(json.victories + json.defeats).toBe(2);
    expect(json.missions.map((m) => m.mission)).toEqual(def.missions.map((m) => m.id));
    const fought = json.missions.reduce((n, m) => n + m.fought, 0);
    expect(fought).toBeCloseTo(json.meanBattles * json.games, 5);
    // Every campaign begins with the first mission; the final is won once per victory.
    expect(json.missions[0].fought).toBeGreaterThanOrEqual(2);
    const final = json.missions.find((m) => def.missions.find((d) => d.id === m.mission)?.final);
    expect(final!.won).toBe(json.victories);
    let dead = 0;
    for (const m of json.missions) {
      expect(m.won + m.drawn).toBeLessThanOrEqual(m.fought);
      if (m.fought === 0) {
        expect([m.won, m.drawn, m.meanPartyIn, m.meanSurvivors, m.meanDeaths, m.meanAlive]).toEqual(
          [0, 0, 0, 0, 0, 0],
        );
        continue;
      }
      // The whole party goes into every battle (recruits fill the places of the dead).
      expect(m.meanPartyIn).toBe(party);
      expect(m.meanSurvivors).toBeLessThanOrEqual(party);
      expect(m.meanAlive).toBeCloseTo(m.meanPartyIn - m.meanDeaths, 1);
      dead += m.meanDeaths * m.fought;
    }
    expect(dead).toBeCloseTo(json.meanDeaths * json.games, 0);

    // The printed table: a header, then one row per mission with the JSON's numbers.
    const lines = text.split('\n');
    expect(text).toContain(`Campaigns       2 (seeds 3..4)`);
    expect(text).toContain(`Victories       ${json.victories} (`);
    const header = lines.findIndex((l) =>
      /^mission\s+fought\s+won\s+drawn\s+in\s+standing\s+dead\s+alive$/.test(l),
    );
    expect(header).toBeGreaterThan(0);
    const rows = lines.slice(header + 1, header + 1 + def.missions.length);
    for (const [i, row] of rows.entries()) {
      const m = json.missions[i];
      expect(row.trim().split(/\s+/)).toEqual([
        m.mission,
        String(m.fought),
        String(m.won),
        String(m.drawn),
        String(m.meanPartyIn),
        String(m.meanSurvivors),
        String(m.meanDeaths),
        String(m.meanAlive),
      ]);
    }
    expect(lines[header + 1 + def.missions.length]).toBe('');
  });

  it('names an unknown campaign and a bad difficulty in plain words', () => {
    expect(() => sim('--campaign', 'nowhere', '--games', '1')).toThrow(
      /No campaign "nowhere" in campaigns\/ \(there are: ember-crown/,
    );
    expect(() => sim('--campaign', 'ember-crown', '--difficulty', 'brutal')).toThrow(
      /--difficulty must be story, normal, hard or ironman, not "brutal"/,
    );
  });
});
