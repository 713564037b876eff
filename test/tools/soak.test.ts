/**
 * The reliability soak (tools/soak.ts) catches and reports violations: a deliberately broken
 * check makes it report the seed and a command that reproduces the game, and the command line
 * exits 1; a small clean run exits 0. Also the soak's own invariant checks, on hand-made states.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolArgs } from './bundled-tool';
import { createGame } from '../../src/engine/setup';
import type { GameState } from '../../src/engine/types';
import { dungeonCrawlBoard } from '../engine/boards';
import { jsonProblems, stateProblems, stepProblems } from '../../tools/lib/bench-invariants';
import { defaultOptions } from '../../src/engine';
import { gameConfig, INJECTED_FAULT, runSoak, type SoakMap } from '../../tools/soak';
import { runCampaignSoak } from '../../tools/lib/campaign-soak';
import { loadCampaignFile } from '../../src/devtools/campaigns';

const ROOT = resolve(__dirname, '../..');

const crawl: SoakMap = {
  id: 'dungeon-crawl',
  scenarioId: 'dungeon-crawl',
  ruleModule: 'dungeon-crawl',
  map: dungeonCrawlBoard(),
  defaults: defaultOptions(),
  source: 'built-in board',
};

function fresh(): GameState {
  const r = createGame({ scenarioId: 'dungeon-crawl', map: dungeonCrawlBoard(), seed: 1 });
  if (!r.ok) throw new Error(r.error);
  return structuredClone(r.state);
}

function soak(args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, toolArgs('tools/soak.ts', args), {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('soak', () => {
  it('plays clean games without violations', () => {
    const report = runSoak({ games: 6, seed: 11, maps: [crawl] });
    expect(report.violations).toEqual([]);
    expect(report.games).toBe(6);
    expect(report.commands).toBeGreaterThan(6 * 10);
    expect(report.maps[0].heroWins + report.maps[0].draws + report.maps[0].enemyWins).toBe(6);
  });

  it('reports a violation with the seed and a command that reproduces it', () => {
    const report = runSoak({
      games: 3,
      seed: 40,
      from: 5,
      maps: [crawl],
      extraCheck: INJECTED_FAULT,
    });
    expect(report.violations).toHaveLength(3);
    const v = report.violations[0];
    expect(v.game).toBe(5);
    expect(v.seed).toBe(45);
    expect(v.problems.join(' ')).toMatch(/injected fault: round 2/);
    expect(v.command).not.toBeNull();
    expect(v.reproduce).toContain('--seed 40 --from 5 --games 1');
    // The same game, alone, fails the same way after the same command.
    const again = runSoak({
      games: 1,
      seed: 40,
      from: 5,
      maps: [crawl],
      extraCheck: INJECTED_FAULT,
    });
    expect(again.violations[0].afterCommand).toBe(v.afterCommand);
    expect(again.violations[0].command).toEqual(v.command);
  });

  it('cycles every victory kind, morale on and off, the lair choices and fog of war', () => {
    const seen = new Set<string>();
    // Fog of war x morale x lair x how enemies begin x victory, in that order (the Setup
    // screen's).
    const fogSeen = new Set<string>();
    for (let i = 0; i < 2 * 2 * 4 * 2 * 6; i++) {
      const { options } = gameConfig([crawl], i, 1 + i);
      seen.add(`${options.victory}/${options.morale}/${options.lair}`);
      fogSeen.add(String(options.fog === true));
    }
    expect(seen.size).toBe(6 * 2 * 4);
    expect(fogSeen.size).toBe(2);
  });

  it('soaks a rule module loaded from a file (the Duel) on its own board', () => {
    const r = soak([
      '--games',
      '6',
      '--module',
      'test/modules/duel.ts',
      '--map',
      'duel',
      '--no-bench-maps',
    ]);
    expect(r.out).toMatch(/rule modules: duel;/);
    expect(r.out).toMatch(/duel\s+6 games/);
    expect(r.out).toMatch(/Violations\s+0/);
    expect(r.status).toBe(0);
    expect(soak(['--module', 'nowhere.ts']).out).toMatch(/No rule-module file "nowhere.ts"/);
  }, 60_000);

  it('the command line exits 0 on a clean run and 1 naming the seed on a violation', () => {
    const clean = soak(['--games', '2', '--map', 'dungeon-crawl', '--no-bench-maps']);
    expect(clean.out).toMatch(/Violations\s+0/);
    expect(clean.status).toBe(0);
    const broken = soak([
      '--games',
      '2',
      '--seed',
      '7',
      '--map',
      'dungeon-crawl',
      '--no-bench-maps',
      '--inject-fault',
    ]);
    expect(broken.status).toBe(1);
    expect(broken.out).toMatch(/Violations\s+2/);
    expect(broken.out).toContain('VIOLATION in game 0 (seed 7, map dungeon-crawl');
    expect(broken.out).toContain(
      'reproduce: npm run soak -- --map dungeon-crawl --no-bench-maps --inject-fault --seed 7 --from 0 --games 1',
    );
  }, 60_000);
});

describe("the soak's invariant checks", () => {
  it('accept a fresh game', () => {
    const s = fresh();
    expect(stateProblems(s)).toEqual([]);
    expect(jsonProblems(s)).toEqual([]);
  });

  it('catch units in walls, off the board, stacked, or with impossible wounds', () => {
    const s = fresh();
    const wall = s.map.terrain.findIndex((t) => t === 'wall');
    s.units[0].position = { x: wall % s.map.width, y: Math.floor(wall / s.map.width) };
    s.units[1].position = { x: -1, y: 0 };
    s.units[2].position = { ...s.units[3].position! };
    s.units[4].wounds = s.units[4].maxWounds + 1;
    const problems = stateProblems(s).join('\n');
    expect(problems).toMatch(/stands in wall/);
    expect(problems).toMatch(/off the board/);
    expect(problems).toMatch(/share/);
    expect(problems).toMatch(/wounds/);
  });

  it('catch status changes back to patrolling, and events that skip a step', () => {
    const before = fresh();
    const after = structuredClone(before);
    after.commandCount += 1;
    const enemy = after.units.find((u) => u.ai)!;
    enemy.ai!.status = 'alerted';
    before.units.find((u) => u.id === enemy.id)!.ai!.status = 'alerted';
    const back = structuredClone(after);
    back.units.find((u) => u.id === enemy.id)!.ai!.status = 'patrolling';
    expect(stepProblems(after, back, []).join(' ')).toMatch(/alerted -> patrolling/);
    const event = {
      type: 'status-changed',
      unit: enemy.id,
      from: 'alerted',
      to: 'patrolling',
      reason: '',
      text: '',
    } as const;
    expect(stepProblems(after, back, [event]).join(' ')).toMatch(/went alerted -> patrolling/);
  });

  it('catch a map that changes where no door opened, and doors that close again', () => {
    const before = fresh();
    const floor = before.map.terrain.findIndex((t) => t === 'floor');
    const after = structuredClone(before);
    after.commandCount += 1;
    after.map = { ...after.map, terrain: after.map.terrain.slice() };
    after.map.terrain[floor] = 'wall';
    expect(stepProblems(before, after, []).join(' ')).toMatch(/changed with no door opening/);
    const withDoor = (open: boolean): GameState => {
      const s = structuredClone(before);
      s.map.terrain[floor] = open ? 'floor' : 'wall';
      s.map.blocksSight[floor] = !open;
      (s as unknown as { doors: unknown[] }).doors = [
        { x: floor % s.map.width, y: Math.floor(floor / s.map.width), open },
      ];
      return s;
    };
    const opened = withDoor(true);
    const closed = { ...withDoor(false), commandCount: opened.commandCount + 1 };
    expect(stepProblems(opened, closed, []).join(' ')).toMatch(/closed again/);
    // Opening it is fine, and the map must show it as it is.
    const reopened = { ...withDoor(true), commandCount: closed.commandCount + 1 };
    expect(stepProblems(closed, reopened, [])).toEqual([]);
    const wrong = withDoor(true);
    wrong.map.terrain[floor] = 'wall';
    expect(stateProblems(wrong).join(' ')).toMatch(/shows the open door/);
  });

  it('catch values that JSON does not save unchanged', () => {
    expect(jsonProblems({ a: NaN })).toHaveLength(1);
    expect(jsonProblems({ a: new Map() })).toHaveLength(1);
    expect(jsonProblems({ a: [undefined] })).toHaveLength(1);
    expect(jsonProblems({ a: Infinity, b: { c: () => 1 } })).toHaveLength(2);
    expect(jsonProblems({ a: undefined, b: [1, 'x', null, { c: true }] })).toEqual([]);
  });
});

describe('the campaign soak (npm run soak -- --campaign ID)', () => {
  it('plays whole campaigns with the party carried battle to battle and the saves replaying exactly', () => {
    const report = runCampaignSoak({ def: loadCampaignFile('ember-crown'), games: 2, seed: 3 });
    expect(report.violations).toEqual([]);
    expect(report.battles).toBeGreaterThanOrEqual(2);
    expect(report.heroChecks).toBeGreaterThanOrEqual(report.battles);
  });

  it('reports a party that is not carried over, with the seed and a command to reproduce it', () => {
    const r = soak(['--campaign', 'ember-crown', '--games', '1', '--seed', '3', '--inject-fault']);
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/VIOLATION in campaign 0 \(seed 3, story, battle 2\)/);
    expect(r.out).toMatch(/goes in as .*"wounds":\d+.*but left the last battle as/);
    expect(r.out).toContain(
      'reproduce: npm run soak -- --inject-fault --campaign ember-crown --seed 3 --from 0 --games 1',
    );
    expect(soak(['--campaign', 'nowhere']).out).toMatch(/No campaign "nowhere" in campaigns\//);
  });
});
