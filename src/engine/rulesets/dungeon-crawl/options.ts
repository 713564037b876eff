/**
 * The Dungeon Crawl's options and scenarios: the optional morale rule, where the dragon
 * lairs (a d6, or a band chosen), the victory condition (the solo rules' §5 list) and the
 * safety round limit; the classic scenario on its 8x10 board.
 */
import type { BattleMap } from '../../map';
import {
  normaliseVictoryOptions,
  VICTORY_KINDS,
  victoryDefaultsFromMap,
  victoryOptionSpecs,
} from '../../systems/victory';
import { readStrength, strengthOptions } from '../../systems/strength';
import { FOG_OF_WAR_OPTION, fogOption } from '../../systems/fog';
import type { OptionSpec, ScenarioDefinition } from '../module';
import type { CrawlOptions } from './types';

/**
 * The defaults for a map that says nothing: the optional morale rule off, as the seed has
 * it ("Morale (optional)"), and the solo rules' base victory, "the Arch Foe and all
 * enemies" (§5). The Dungeon Crawl scenario's own map sets its victory (slay the dragon).
 */
export const DEFAULT_CRAWL_OPTIONS: CrawlOptions = {
  morale: false,
  lair: 'roll',
  victory: 'all-enemies',
  holdTurns: 2,
  defeatCount: 6,
  maxRounds: 60,
};

/**
 * Options merged over the defaults (and a map's own properties, when given), keeping only
 * sane values, in a fixed key order (saves and fingerprints compare them as text).
 */
export function normaliseCrawlOptions(
  raw: Readonly<Record<string, unknown>> | undefined,
  map?: BattleMap,
): CrawlOptions {
  const defaults: CrawlOptions = { ...DEFAULT_CRAWL_OPTIONS };
  if (map) {
    Object.assign(defaults, victoryDefaultsFromMap(map));
    if (typeof map.properties.moraleOptional === 'boolean')
      defaults.morale = map.properties.moraleOptional;
  }
  const o = { ...defaults, ...(raw ?? {}) };
  return {
    morale: o.morale === true,
    lair: typeof o.lair === 'string' ? o.lair : 'roll',
    ...normaliseVictoryOptions(o, defaults),
    ...(o.startAlerted === 'all' ? { startAlerted: 'all' as const } : {}),
    ...strengthOptions(readStrength(o)),
    ...fogOption(o),
  };
}

/** The lair bands a map marks (`lair` objects with a `roll` such as "3-4"), sorted. */
function lairBands(map: BattleMap | null): string[] {
  const bands = (map?.objects ?? [])
    .filter((o) => o.kind === 'lair' && typeof o.properties.roll === 'string')
    .map((o) => String(o.properties.roll));
  return [...new Set(bands)].sort();
}

export function crawlOptionSpecs(map: BattleMap | null): OptionSpec[] {
  return [
    FOG_OF_WAR_OPTION,
    {
      id: 'morale',
      label: 'Morale',
      help: 'Optional rule: a goblin or troll that rolls a 1 when attacking loses heart and retreats.',
      kind: 'toggle',
      default: DEFAULT_CRAWL_OPTIONS.morale,
    },
    {
      id: 'lair',
      label: 'Dragon\u2019s lair',
      help: 'Where the Arch Foe starts: rolled on a d6, or chosen here. It does not stay there: it patrols like every monster until it notices a hero.',
      kind: 'choice',
      default: 'roll',
      choices: [
        { value: 'roll', label: 'Roll d6' },
        ...lairBands(map).map((band) => ({ value: band, label: band })),
      ],
    },
    {
      id: 'startAlerted',
      label: 'Enemies begin',
      help: 'The solo rules let a scenario have the enemies ready for the heroes from the start. Enemies marked alerted on the map always begin alerted.',
      kind: 'choice',
      default: 'none',
      choices: [
        { value: 'none', label: 'Patrolling' },
        { value: 'all', label: 'Alerted' },
      ],
    },
    ...victoryOptionSpecs(VICTORY_KINDS),
  ];
}

export const CRAWL_SCENARIOS: readonly ScenarioDefinition[] = [
  {
    id: 'dungeon-crawl',
    name: 'The Dungeon Crawl',
    mapId: 'dungeon-crawl',
    ruleModule: 'dungeon-crawl',
    summary:
      'Four heroes slip into a cramped lair of goblins and trolls to slay the dragon that rules it. A die decides in which of three lairs the dragon starts; from there it prowls like any monster.',
    // "To win, you've got to slay that dragon."
    defaults: { ...DEFAULT_CRAWL_OPTIONS, victory: 'arch-foe' },
  },
];
