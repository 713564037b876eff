/**
 * The Results screen's numbers (src/view/battle-stats.ts): per-figure tallies and hit
 * rate from a real battle, and each side's luck from rigged roll events: a d6 needing 4
 * is a 1 in 2 chance, so a success puts its side 0.5 ahead of the odds and a failure 0.5
 * behind; rolls without a number to reach do not count.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseHeroCommand,
  createGame,
  applyCommand,
  defaultOptions,
  findScenario,
} from '../../src/engine';
import type { GameEvent } from '../../src/engine';
import { battleStats, chanceOf } from '../../src/view/battle-stats';
import { loadBundledMap } from '../../src/devtools/bundled-maps';

function roll(unit: string, die: number, value: number, need: number | null): GameEvent {
  return {
    type: 'roll',
    text: '',
    die,
    value,
    purpose: 'attack',
    unit,
    need,
    success: need === null ? null : value >= need,
  };
}

function playedBattle() {
  const scenario = findScenario('dungeon-crawl')!;
  const made = createGame({
    scenarioId: scenario.id,
    map: scenario.map ?? loadBundledMap(scenario.mapId),
    seed: 11,
    options: { ...defaultOptions(), ...scenario.defaults },
    ruleModule: scenario.ruleModule,
  });
  if (!made.ok) throw new Error(made.error);
  let state = made.state;
  const events: GameEvent[] = [];
  for (let i = 0; i < 4000 && state.phase !== 'over'; i++) {
    const c = chooseHeroCommand(state)!;
    const r = applyCommand(state, c);
    if (!r.ok) throw new Error(r.error);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}

describe('battle statistics', () => {
  it('chance of rolling need or more', () => {
    expect(chanceOf(6, 4)).toBe(0.5);
    expect(chanceOf(20, 11)).toBe(0.5);
    expect(chanceOf(6, 1)).toBe(1);
    expect(chanceOf(6, 7)).toBe(0);
    expect(chanceOf(6, 0)).toBe(1);
  });

  it("counts each side's luck against the odds, roll by roll", () => {
    const { state } = playedBattle();
    const hero = state.units.find((u) => u.side === 'heroes')!.id;
    const foe = state.units.find((u) => u.side !== 'heroes')!.id;
    const events = [
      roll(hero, 6, 5, 4), // hit, 1 in 2: +0.5
      roll(foe, 6, 2, 4), // miss, 1 in 2: -0.5
      roll(hero, 6, 1, null), // no number to reach: not counted
      roll(hero, 6, 6, 6), // hit, 1 in 6: +5/6
    ];
    const stats = battleStats(state, events);
    expect(stats.rolls).toBe(3);
    const heroes = stats.luck.find((l) => l.side === 'heroes')!;
    const foes = stats.luck.find((l) => l.side !== 'heroes')!;
    expect(heroes.rolls).toBe(2);
    expect(heroes.successes).toBe(2);
    expect(heroes.expected).toBeCloseTo(0.5 + 1 / 6);
    expect(heroes.curve.map((v) => Math.round(v * 100) / 100)).toEqual([0.5, 0.5, 1.33]);
    expect(foes.curve).toEqual([0, -0.5, -0.5]);
  });

  it("takes each figure's kills, wounds and hit rate from the battle", () => {
    const { state, events } = playedBattle();
    expect(state.phase).toBe('over');
    const stats = battleStats(state, events);
    expect(stats.units).toHaveLength(state.units.length);
    for (const line of stats.units) {
      const u = state.units.find((x) => x.id === line.id)!;
      expect(line.kills).toBe(u.stats.kills);
      expect(line.woundsDealt).toBe(u.stats.woundsDealt);
      expect(line.hitRate).toBe(u.stats.attacks ? u.stats.hits / u.stats.attacks : null);
    }
    const dealt = stats.units.reduce((n, u) => n + u.woundsDealt, 0);
    expect(dealt).toBeGreaterThan(0);
    // Every counted roll moves both curves one step.
    for (const l of stats.luck) expect(l.curve).toHaveLength(stats.rolls);
    expect(stats.rolls).toBeGreaterThan(0);
  });
});

describe('the battle replay', () => {
  it('steps through a finished battle command by command to the same end', async () => {
    const { buildReplay } = await import('../../src/view/replay');
    const scenario = findScenario('dungeon-crawl')!;
    const config = {
      scenarioId: scenario.id,
      map: scenario.map ?? loadBundledMap(scenario.mapId),
      seed: 11,
      options: { ...defaultOptions(), ...scenario.defaults },
      ruleModule: scenario.ruleModule,
    };
    const made = createGame(config);
    if (!made.ok) throw new Error(made.error);
    let state = made.state;
    const commands = [];
    while (state.phase !== 'over') {
      const c = chooseHeroCommand(state)!;
      commands.push(c);
      const r = applyCommand(state, c);
      if (!r.ok) throw new Error(r.error);
      state = r.state;
    }
    const replay = buildReplay(config, commands);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.steps).toHaveLength(commands.length + 1);
    expect(replay.steps[0].command).toBeNull();
    expect(replay.steps[1].label).toBe('The battle begins');
    expect(replay.steps[replay.steps.length - 1].state).toEqual(state);
    expect(replay.steps.some((s) => s.events.some((e) => e.type === 'roll'))).toBe(true);
    // A command that no longer applies is named in words.
    const broken = buildReplay(config, [{ type: 'end-turn', unit: 'nobody' }]);
    expect(broken.ok ? '' : broken.error).toMatch(/^Command 1 of the battle/);
  });
});
