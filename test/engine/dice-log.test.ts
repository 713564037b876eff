/**
 * An honest dice log (issue 28, point 11): whole seeded games of both modules, the Dungeon
 * Crawl and the Skirmish, played by the autopilot, where every roll names the rule (book
 * and section) it served and every event has words for the log. The few event types that
 * are silent by design are listed below, each with its reason. In the Skirmish every enemy
 * activation also leaves at least one line about that enemy. Then the Dungeon Crawl's own
 * rolls with rigged dice: each names its section of solo-miniatures-dungeon-crawl.txt (the
 * nearest hero's tie-break is checked in alert.test.ts, where that roll is played).
 */
import { describe, expect, it } from 'vitest';
import { loadBundledMap } from '../../src/devtools/bundled-maps';
import { findScenario } from '../../src/engine/scenarios';
import { playAutoGame } from '../../src/engine/simulate';
import type { BattleMap } from '../../src/engine/map';
import type { GameConfig } from '../../src/engine/setup';
import type { GameEvent, ScenarioOptions } from '../../src/engine/types';
import { dungeonCrawlBoard } from './boards';
import { boardGame, play } from './helpers';

/**
 * Events that carry no words of their own, by design: another event beside them already
 * says it, in the log's own order.
 */
const SILENT_BY_DESIGN: Readonly<Record<string, (e: GameEvent) => boolean>> = {
  // An enemy's activation begins without a line: its own lines follow (checked below for
  // the Skirmish), and a hero's turn, which the player must know of, has one.
  'turn-started': (e) => e.type === 'turn-started',
  // Nothing happens when a turn ends; the next line is the next one's.
  'turn-ended': () => true,
  // The attack roll's line just before says who struck whom, needing what, hit or miss.
  attacked: () => true,
  // A figure defeated: the 'defeated' line right after says so.
  'status-changed': (e) => e.type === 'status-changed' && e.to === 'defeated',
  // The morale roll's line says what it needed and whether the figure held.
  morale: () => true,
  // The Random Enemy Action roll's line says how many enemies act.
  'enemy-action': () => true,
  // The oracle's roll's line gives the question and its answer.
  oracle: () => true,
};

function isSilentByDesign(e: GameEvent): boolean {
  return SILENT_BY_DESIGN[e.type]?.(e) ?? false;
}

/** Every event of a whole autopilot game. */
function playedEvents(config: GameConfig): GameEvent[] {
  const events: GameEvent[] = [];
  const game = playAutoGame(config, (_s, _c, e) => events.push(...e));
  expect(game.state.phase, `seed ${config.seed}`).toBe('over');
  return events;
}

/** Problems with the log of `events`: untagged rolls, and lines without words. */
function logProblems(events: GameEvent[]): string[] {
  const problems: string[] = [];
  for (const e of events) {
    if (e.type === 'roll' && (!e.rule || !e.rule.book || !e.rule.section))
      problems.push(`a ${e.purpose} roll names no rule: "${e.text}"`);
    if (!e.text && !isSilentByDesign(e)) problems.push(`a '${e.type}' event has no words`);
  }
  return problems;
}

/** Enemy activations (turn-started .. turn-ended) that say nothing about the enemy. */
function silentActivations(events: GameEvent[], enemies: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let open: { unit: string; said: boolean } | null = null;
  for (const e of events) {
    if (e.type === 'turn-started' && enemies.has(e.unit)) open = { unit: e.unit, said: false };
    else if (open && e.type === 'turn-ended' && e.unit === open.unit) {
      if (!open.said) out.push(open.unit);
      open = null;
    } else if (open && e.text && 'unit' in e && e.unit === open.unit) open.said = true;
  }
  return out;
}

describe('whole games: every roll has its rule, every line its words', () => {
  it('the Dungeon Crawl, with the lair rolled and a 1d6+4 turn limit', () => {
    const map = dungeonCrawlBoard();
    const options: Partial<ScenarioOptions>[] = [
      { victory: 'arch-foe', lair: 'roll', morale: true },
      { victory: 'defeat-count', defeatCount: 4, lair: 'roll' },
    ];
    const purposes = new Set<string>();
    for (const [i, o] of options.entries())
      for (const seed of [1, 2, 3]) {
        const events = playedEvents({
          scenarioId: 'dungeon-crawl',
          map,
          seed: seed + 10 * i,
          options: o,
        });
        expect(logProblems(events), `seed ${seed}`).toEqual([]);
        for (const e of events) if (e.type === 'roll') purposes.add(e.purpose);
      }
    // The rolls the issue found untagged were played.
    expect([...purposes]).toEqual(expect.arrayContaining(['lair', 'turn-limit', 'attack']));
    const lair = playedEvents({
      scenarioId: 'dungeon-crawl',
      map,
      seed: 1,
      options: options[0],
    }).find((e) => e.type === 'roll' && e.purpose === 'lair');
    // "Set Up: Roll the die and place the dragon marker on the space marked "Dragon" with
    // the appropriate number".
    expect(lair?.rule).toEqual({
      book: 'Dungeon Crawl',
      section: 'Set Up: roll the die and place the dragon on its numbered space',
    });
  });

  it('the Skirmish, in several of its scenarios and with its optional rules', () => {
    const scenario = findScenario('skirmish-basic-battle')!;
    const map: BattleMap = loadBundledMap(scenario.mapId!);
    const variants: Partial<ScenarioOptions>[] = [
      { scenario: 'basic-battle', randomEnemyAction: true, patrol: true },
      { scenario: 'ambush', tactics: true },
      { scenario: 'spawning', randomEnemyAction: true },
      { scenario: 'escape', patrol: true },
    ];
    for (const [i, v] of variants.entries()) {
      const config: GameConfig = {
        scenarioId: scenario.id,
        map,
        seed: 100 + i,
        ruleModule: 'skirmish',
        options: { ...scenario.defaults, ...v } as ScenarioOptions,
      };
      const events = playedEvents(config);
      expect(logProblems(events), `${v.scenario}`).toEqual([]);
      const enemies = new Set(
        events.flatMap((e) => (e.type === 'turn-started' && !e.text ? [e.unit] : [])),
      );
      expect(enemies.size, `${v.scenario}: enemies acted`).toBeGreaterThan(0);
      expect(silentActivations(events, enemies), `${v.scenario}`).toEqual([]);
    }
  });
});

describe('the Dungeon Crawl\u2019s own rolls name their sections', () => {
  const board = `
#######
#..g..#
#.....#
#FP...#
#######
`;

  it('the 1d6+4 turn limit: solo rules 5 "Defeat a certain number of enemies within 1d6 +4 game turns"', () => {
    const s = boardGame(board, { victory: 'defeat-count', defeatCount: 1 });
    const r = play(s, { type: 'start' }, [3, 4]);
    const limit = r.events.find((e) => e.type === 'roll' && e.purpose === 'turn-limit');
    expect(limit?.rule).toEqual({
      book: 'Solo rules',
      section: '5 Winning: defeat a number of enemies within 1d6+4 game turns',
    });
    expect(r.state.objective.turnLimit).toBe(7);
  });

  it('the Priest\u2019s healing: "The Priest can use his magical healing 3 times per game"', () => {
    let s = boardGame(board);
    s = play(s, { type: 'start' }, [4]).state;
    const fighter = s.units.find((u) => u.kind === 'fighting-man')!;
    fighter.wounds = 1;
    // The Fighting Man ends his turn; the Priest heals him: a 3 heals.
    s = play(s, { type: 'end-turn', unit: fighter.id }).state;
    const priest = s.units.find((u) => u.kind === 'priest')!;
    const r = play(s, { type: 'heal', unit: priest.id, target: fighter.id }, [3]);
    const heal = r.events.find((e) => e.type === 'roll' && e.purpose === 'heal');
    expect(heal?.rule).toEqual({
      book: 'Dungeon Crawl',
      section: 'Priest: magical healing of an adjacent hero, 3 times per game',
    });
  });
});
