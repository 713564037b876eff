/**
 * Scenarios: which map, which rule module, default options and the text the Setup
 * screen shows. A player's own map becomes a scenario through `scenarioForMap`.
 */
import type { BattleMap } from '../map';
import type { ScenarioOptions, VictoryKind } from '../types';

export interface ScenarioDefinition {
  id: string;
  name: string;
  /** Bundled map id (maps/index.json) the scenario is played on. */
  mapId: string;
  ruleModule: 'dungeon-crawl';
  summary: string;
  defaults: ScenarioOptions;
}

export const DEFAULT_OPTIONS: ScenarioOptions = {
  morale: true,
  lair: 'roll',
  victory: 'arch-foe',
  holdTurns: 2,
  defeatCount: 6,
  maxRounds: 60,
};

export const VICTORY_KINDS: readonly VictoryKind[] = [
  'arch-foe',
  'all-enemies',
  'minions',
  'hold',
  'defeat-count',
  'carry-object',
];

/** The victory condition in plain words. */
export function describeVictory(options: ScenarioOptions): string {
  switch (options.victory) {
    case 'arch-foe':
      return 'Slay the Arch Foe. You lose if every hero falls.';
    case 'all-enemies':
      return 'Defeat the Arch Foe and every one of its minions.';
    case 'minions':
      return 'Defeat every Minion Team; the Arch Foe may live.';
    case 'hold':
      return `Reach the marked spot in the enemy half and keep a hero on it for ${options.holdTurns} turn${options.holdTurns === 1 ? '' : 's'}.`;
    case 'defeat-count':
      return `Defeat ${options.defeatCount} enemies before time runs out (1d6+4 turns, rolled at the start).`;
    case 'carry-object':
      return 'Find the relic, pick it up and carry it back to where you started. Its bearer cannot attack.';
  }
}

export const SCENARIOS: readonly ScenarioDefinition[] = [
  {
    id: 'dungeon-crawl',
    name: 'The Dungeon Crawl',
    mapId: 'dungeon-crawl',
    ruleModule: 'dungeon-crawl',
    summary:
      'Four heroes slip into a cramped lair of goblins and trolls to slay the dragon that rules it. The dragon sleeps in one of three places: a die decides which.',
    defaults: { ...DEFAULT_OPTIONS },
  },
];

export function findScenario(id: string): ScenarioDefinition | undefined {
  return SCENARIOS.find((s) => s.id === id);
}

/** A scenario for any loaded map, using the map's own properties where it sets them. */
export function scenarioForMap(map: BattleMap): ScenarioDefinition {
  const p = map.properties;
  const victory = VICTORY_KINDS.includes(p.victory as VictoryKind)
    ? (p.victory as VictoryKind)
    : 'arch-foe';
  const holdTurns =
    typeof p.holdTurns === 'number' ? Math.max(1, Math.min(3, Math.trunc(p.holdTurns))) : 2;
  const defeatCount =
    typeof p.defeatCount === 'number'
      ? Math.max(1, Math.min(50, Math.trunc(p.defeatCount)))
      : DEFAULT_OPTIONS.defeatCount;
  return {
    id: `map:${map.id}`,
    name: map.name,
    mapId: map.id,
    ruleModule: 'dungeon-crawl',
    summary: map.description,
    defaults: {
      ...DEFAULT_OPTIONS,
      morale: typeof p.moraleOptional === 'boolean' ? p.moraleOptional : DEFAULT_OPTIONS.morale,
      victory,
      holdTurns,
      defeatCount,
    },
  };
}
