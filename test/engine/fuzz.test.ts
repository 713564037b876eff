/**
 * Bad-input sweep (fast-check): random walks through real games on the Dungeon Crawl board
 * (and the bundled Flooded Crypt, which has doors) that mix
 * - autopilot and random legal commands (so the walk reaches real game states: moves,
 *   attacks, heals, alerts, defeats, the end of the game),
 * - commands that are certainly illegal: not objects, unknown types, missing or wrong-typed
 *   fields, units that do not exist or may not act now (enemies, other heroes), squares off
 *   the board, NaN / Infinity / huge / fractional numbers, acting out of turn, opening a door
 *   where there is none, prototype-
 *   polluting keys (`__proto__`, `constructor`, `prototype`);
 * - wild commands: legal ones with fields changed or added, and random records.
 * Every result must be either ok with a state that passes checkInvariants, or an error
 * (a non-empty sentence) with the input state byte-identical (JSON) to before; the input is
 * never changed, applyCommand never throws, and Object.prototype is never polluted.
 * The certainly-illegal ones must all be errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCommand,
  chooseHeroCommand,
  createGame,
  legalCommands,
  VICTORY_KINDS,
} from '../../src/engine/index';
import type { Command, GameState, ScenarioOptions } from '../../src/engine/types';
import type { BattleMap } from '../../src/engine/map';
import { listBundledMaps, loadBundledMap } from '../../src/devtools/bundled-maps';
import { dungeonCrawlBoard } from './boards';
import { checkInvariants } from './invariants';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);

const BAD_KINDS = [
  'not-object',
  'unknown-type',
  'missing-unit',
  'no-such-unit',
  'enemy-unit',
  'other-hero',
  'bad-square',
  'bad-facing',
  'same-facing',
  'bad-attack',
  'bad-heal',
  'out-of-turn',
  'bad-door',
  'pollute',
] as const;
type BadKind = (typeof BAD_KINDS)[number];

type Step =
  | { kind: 'auto' }
  | { kind: 'legal'; pick: number }
  | { kind: 'bad'; bad: BadKind; pick: number; value: unknown }
  | { kind: 'mutate'; pick: number; field: string; value: unknown }
  | { kind: 'wild'; value: unknown };

const HERO_TYPES = [
  'move',
  'face',
  'attack',
  'heal',
  'open-door',
  'undo-move',
  'end-turn',
] as const;
const TURN_TYPES = ['move', 'attack', 'heal', 'open-door', 'undo-move', 'end-turn'] as const;

/** Numbers that are never a valid square coordinate or facing on an 8x10 board. */
const badNumber = fc.oneof(
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    1e308,
    -1e308,
    2 ** 53,
    -(2 ** 53),
    1e21,
    4294967296,
    -1,
    1.5,
    0.1,
    -0.5,
    99,
    1e9,
  ),
  fc.double({ noInteger: true }),
  fc.integer({ min: 11, max: 2 ** 31 }),
  fc.integer({ min: -(2 ** 31), max: -1 }),
);

const notNumber = fc.oneof(
  fc.constantFrom(null, undefined, '1', '0', '', true, false, [], [1, 2], {}, { valueOf: 3 }),
  fc.string(),
);

/** Values of any kind (fast-check's anything, with the special ones JSON cannot carry). */
const anyValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(NaN, Infinity, -0, undefined, null, 1e308),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Step>({ kind: 'auto' }) },
  { weight: 3, arbitrary: fc.nat().map<Step>((pick) => ({ kind: 'legal', pick })) },
  {
    weight: 5,
    arbitrary: fc
      .record({
        bad: fc.constantFrom(...BAD_KINDS),
        pick: fc.nat(),
        value: fc.oneof(badNumber, notNumber, fc.string(), fc.anything()),
      })
      .map<Step>((r) => ({ kind: 'bad', ...r })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        pick: fc.nat(),
        field: fc.constantFrom(
          'type',
          'unit',
          'to',
          'facing',
          'target',
          'weapon',
          'extra',
          '__proto__',
          'constructor',
          'prototype',
        ),
        value: anyValue,
      })
      .map<Step>((r) => ({ kind: 'mutate', ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        anyValue,
        fc.record(
          {
            type: fc.oneof(fc.constantFrom('start', ...HERO_TYPES), fc.string()),
            unit: fc.oneof(
              fc.constantFrom(
                'fighting-man-1',
                'magic-user-1',
                'thief-1',
                'priest-1',
                'goblin-1',
                'dragon-1',
              ),
              anyValue,
            ),
            to: fc.oneof(
              fc.record({
                x: fc.integer({ min: -2, max: 12 }),
                y: fc.integer({ min: -2, max: 12 }),
              }),
              anyValue,
            ),
            facing: fc.oneof(fc.integer({ min: -1, max: 8 }), anyValue),
            target: fc.oneof(
              fc.constantFrom('goblin-1', 'troll-1', 'dragon-1', 'thief-1'),
              anyValue,
            ),
            weapon: fc.oneof(fc.string(), anyValue),
          },
          { requiredKeys: [] },
        ),
      )
      .map<Step>((value) => ({ kind: 'wild', value })),
  },
);

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length];
}

/** The acting hero, or any hero when none acts now. */
function actingHero(state: GameState): GameState['units'][number] {
  const id = state.turn?.unitId;
  return state.units.find((u) => u.id === id) ?? state.units.find((u) => u.side === 'heroes')!;
}

/** A command that the rules certainly reject in `state`. */
function badCommand(state: GameState, bad: BadKind, n: number, value: unknown): unknown {
  const hero = actingHero(state);
  const unitIds = new Set(state.units.map((u) => u.id));
  const turnType = pick(TURN_TYPES, n);
  const inside = { x: n % state.map.width, y: (n >> 3) % state.map.height };
  switch (bad) {
    case 'not-object':
      return pick<unknown>(
        [null, undefined, 0, 1, NaN, -1, 'move', '', true, false, [], [{ type: 'start' }], value],
        n,
      );
    case 'unknown-type': {
      const type = pick<unknown>(
        [
          '__proto__',
          'constructor',
          'prototype',
          'toString',
          'hasOwnProperty',
          'MOVE',
          'Move',
          ' move',
          'end turn',
          'endTurn',
          '',
          1,
          null,
          {},
          ['move'],
          value,
        ],
        n,
      );
      if (typeof type === 'string' && ['start', ...HERO_TYPES].includes(type))
        return { type: 'nope', unit: hero.id };
      return { type, unit: hero.id, to: inside, facing: 1, target: hero.id, weapon: 'x' };
    }
    case 'missing-unit': {
      const cmd: Record<string, unknown> = {
        type: pick(HERO_TYPES, n),
        to: inside,
        facing: 1,
        target: hero.id,
        weapon: 'x',
      };
      if (n % 2 === 1)
        cmd.unit = pick<unknown>(
          [null, 1, NaN, {}, [], [hero.id], { id: hero.id }, undefined, true],
          n >> 1,
        );
      return cmd;
    }
    case 'no-such-unit': {
      let id = pick<unknown>(
        [
          '__proto__',
          'constructor',
          'toString',
          'hasOwnProperty',
          '',
          ' ',
          'goblin-0',
          'Fighting-Man-1',
          'x'.repeat(10_000),
        ],
        n,
      );
      if (typeof value === 'string' && !unitIds.has(value)) id = value;
      return {
        type: pick(HERO_TYPES, n),
        unit: id,
        to: inside,
        facing: 2,
        target: hero.id,
        weapon: 'sword',
      };
    }
    case 'enemy-unit': {
      const enemies = state.units.filter((u) => u.side === 'enemies');
      const foe = pick(enemies, n);
      return {
        type: pick(HERO_TYPES, n >> 2),
        unit: foe.id,
        to: inside,
        facing: ((foe.facing + 1) % 8) as number,
        target: hero.id,
        weapon: foe.weapons[0].id,
      };
    }
    case 'other-hero': {
      const others = state.units.filter((u) => u.side === 'heroes' && u.id !== state.turn?.unitId);
      if (others.length === 0) return { type: turnType, unit: 'no-such-hero' };
      const other = pick(others, n);
      // `face` is allowed for any hero at any time in the heroes' phase, so not used here.
      return {
        type: turnType,
        unit: other.id,
        to: inside,
        target: hero.id,
        weapon: other.weapons[0].id,
      };
    }
    case 'bad-square': {
      const to = pick<unknown>(
        [
          undefined,
          null,
          5,
          '1,2',
          [1, 2],
          { x: 1 },
          { y: 1 },
          { x: NaN, y: 0 },
          { x: 0, y: Infinity },
          { x: 1e308, y: 0 },
          { x: -1, y: 0 },
          { x: 0, y: -1 },
          { x: state.map.width, y: 0 },
          { x: 0, y: state.map.height },
          { x: 2 ** 53, y: 1 },
          { x: 1.5, y: 2 },
          { x: '1', y: '2' },
          { x: value, y: value },
          // Its own square is never a legal destination.
          hero.position ?? { x: -5, y: -5 },
        ],
        n,
      );
      if (
        typeof to === 'object' &&
        to !== null &&
        'x' in to &&
        Number.isSafeInteger((to as { x: unknown }).x)
      ) {
        const p = to as { x: number; y: unknown };
        if (
          Number.isSafeInteger(p.y) &&
          p !== hero.position &&
          p.x >= 0 &&
          (p.y as number) >= 0 &&
          p.x < state.map.width &&
          (p.y as number) < state.map.height
        ) {
          return { type: 'move', unit: hero.id, to: hero.position ?? { x: -1, y: -1 } };
        }
      }
      return { type: 'move', unit: hero.id, to };
    }
    case 'bad-facing': {
      const facing = pick<unknown>(
        [
          -1,
          8,
          9,
          1.5,
          NaN,
          Infinity,
          -Infinity,
          '2',
          null,
          undefined,
          1e21,
          2 ** 53,
          {},
          [3],
          value,
        ],
        n,
      );
      if (Number.isInteger(facing) && (facing as number) >= 0 && (facing as number) <= 7)
        return { type: 'face', unit: hero.id, facing: 8 };
      return { type: 'face', unit: hero.id, facing };
    }
    case 'same-facing':
      return { type: 'face', unit: hero.id, facing: hero.facing };
    case 'bad-attack': {
      const friend = pick(
        state.units.filter((u) => u.side === 'heroes'),
        n,
      );
      const variants: unknown[] = [
        { type: 'attack', unit: hero.id },
        { type: 'attack', unit: hero.id, target: friend.id },
        { type: 'attack', unit: hero.id, target: friend.id, weapon: hero.weapons[0].id },
        { type: 'attack', unit: hero.id, target: 'nobody', weapon: hero.weapons[0].id },
        {
          type: 'attack',
          unit: hero.id,
          target: pick(
            state.units.filter((u) => u.side === 'enemies'),
            n,
          ).id,
          weapon: 'no-such-weapon',
        },
        {
          type: 'attack',
          unit: hero.id,
          target: pick(
            state.units.filter((u) => u.side === 'enemies'),
            n,
          ).id,
          weapon: null,
        },
        { type: 'attack', unit: hero.id, target: 7, weapon: hero.weapons[0].id },
      ];
      return pick(variants, n >> 1);
    }
    case 'bad-heal': {
      const foe = pick(
        state.units.filter((u) => u.side === 'enemies'),
        n,
      );
      return pick<unknown>(
        [
          { type: 'heal', unit: hero.id, target: hero.id },
          { type: 'heal', unit: hero.id, target: foe.id },
          { type: 'heal', unit: hero.id, target: 'nobody' },
          { type: 'heal', unit: hero.id },
          { type: 'heal', unit: hero.id, target: { id: hero.id } },
        ],
        n,
      );
    }
    case 'out-of-turn':
      if (state.phase === 'setup')
        return { type: turnType, unit: hero.id, to: inside, target: hero.id, weapon: 'x' };
      if (state.phase === 'over')
        return pick<unknown>(
          [{ type: 'start' }, { type: 'end-turn', unit: hero.id }, legalish(state, hero.id)],
          n,
        );
      return pick<unknown>(
        [
          { type: 'start' },
          state.turn && !state.turn.moved
            ? { type: 'undo-move', unit: hero.id }
            : { type: 'start' },
        ],
        n,
      );
    case 'bad-door': {
      // No closed door is ever under a unit, off the board, or at a malformed square.
      const at = pick<unknown>(
        [
          hero.position ?? { x: -1, y: -1 },
          { x: -1, y: 0 },
          { x: NaN, y: 1 },
          { x: 1e308, y: 0 },
          { x: 1.5, y: 1 },
          undefined,
          null,
          '3,4',
          { x: value, y: 2 },
        ],
        n,
      );
      if (
        typeof at === 'object' &&
        at !== null &&
        'x' in at &&
        Number.isSafeInteger((at as { x: unknown }).x) &&
        at !== hero.position
      ) {
        return { type: 'open-door', unit: hero.id, at: hero.position ?? { x: -1, y: -1 } };
      }
      return { type: 'open-door', unit: hero.id, at };
    }
    case 'pollute': {
      const texts = [
        '{"__proto__":{"type":"start"}}',
        '{"__proto__":{"type":"end-turn","unit":"HERO"}}',
        '{"type":"end-turn","__proto__":{"unit":"HERO"}}',
        '{"type":"move","unit":"HERO","to":{"__proto__":{"x":1,"y":1}}}',
        '{"type":"face","unit":"HERO","facing":{"__proto__":3}}',
        '{"type":"__proto__","unit":"HERO"}',
        '{"type":"constructor","unit":"HERO"}',
        '{"type":"prototype","unit":"HERO"}',
        '{"type":"attack","unit":"HERO","target":"__proto__","weapon":"constructor"}',
        '{"type":"heal","unit":"HERO","target":"constructor"}',
        '{"type":"end-turn","unit":"__proto__","constructor":{"prototype":{"polluted":true}}}',
        '{"type":"move","unit":"constructor","to":{"x":0,"y":0},"__proto__":{"polluted":true}}',
      ];
      return JSON.parse(pick(texts, n).replaceAll('HERO', hero.id));
    }
  }
}

/** A command that looks legal (for phases where none is). */
function legalish(state: GameState, heroId: string): Command {
  return legalCommands(state)[0] ?? { type: 'end-turn', unit: heroId };
}

function commandFor(state: GameState, s: Step): { command: unknown; mustFail: boolean } {
  switch (s.kind) {
    case 'auto':
      return { command: chooseHeroCommand(state) ?? { type: 'start' }, mustFail: false };
    case 'legal': {
      const legal = legalCommands(state);
      return {
        command: legal.length > 0 ? pick(legal, s.pick) : { type: 'start' },
        mustFail: false,
      };
    }
    case 'bad':
      return { command: badCommand(state, s.bad, s.pick, s.value), mustFail: true };
    case 'mutate': {
      const legal = legalCommands(state);
      const base: Record<string, unknown> = {
        ...(legal.length > 0 ? pick(legal, s.pick) : { type: 'start' }),
      };
      if (s.field === '__proto__' || s.field === 'constructor' || s.field === 'prototype') {
        // As JSON would deliver it: an own property with that name.
        Object.defineProperty(base, s.field, {
          value: s.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        base[s.field] = s.value;
      }
      return { command: base, mustFail: false };
    }
    case 'wild':
      return { command: s.value, mustFail: false };
  }
}

function describeCommand(command: unknown): string {
  try {
    const text = JSON.stringify(command, (_k, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
    );
    return text === undefined
      ? String(command)
      : text.length > 300
        ? `${text.slice(0, 300)}...`
        : text;
  } catch {
    return String(command);
  }
}

/**
 * Boards for the walk: the Dungeon Crawl board, and the bundled Flooded Crypt when there is
 * one (it has closed doors, so opening doors is swept too).
 */
function fuzzMaps(): BattleMap[] {
  const maps = [dungeonCrawlBoard()];
  try {
    if (listBundledMaps().some((m) => m.id === 'flooded-crypt'))
      maps.push(loadBundledMap('flooded-crypt'));
  } catch {
    // no bundled maps
  }
  return maps;
}
const MAPS = fuzzMaps();

function newGame(
  seed: number,
  options: Partial<ScenarioOptions>,
  map: BattleMap = MAPS[0],
): GameState {
  const created = createGame({
    scenarioId: 'dungeon-crawl',
    map,
    seed,
    options,
  });
  if (!created.ok) throw new Error(created.error);
  return created.state;
}

const protoKeys = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

describe('bad-input sweep: applyCommand with random, malformed and legal commands', () => {
  it('every command gives an ok result with sound state, or an error with the state unchanged', () => {
    const keysBefore = protoKeys();
    const tally = { ok: 0, rejected: 0, mustFail: 0, gamesOver: 0, doorsOpened: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom(...VICTORY_KINDS),
        fc.boolean(),
        fc.integer({ min: 2, max: 12 }),
        fc.nat(MAPS.length - 1),
        fc.array(step, { minLength: 30, maxLength: 120 }),
        (seed, victory, morale, maxRounds, mapIndex, steps) => {
          let state = newGame(seed, { victory, morale, maxRounds }, MAPS[mapIndex]);
          for (const [i, s] of steps.entries()) {
            const { command, mustFail } = commandFor(state, s);
            const before = JSON.stringify(state);
            let result;
            try {
              result = applyCommand(state, command as Command);
            } catch (e) {
              throw new Error(
                `applyCommand threw on step ${i} (${s.kind}) ${describeCommand(command)}: ${(e as Error).message}`,
              );
            }
            const where = `step ${i} (${s.kind}${s.kind === 'bad' ? ` ${s.bad}` : ''}) in phase ${state.phase}: ${describeCommand(command)}`;
            expect(JSON.stringify(state), `input state changed by ${where}`).toBe(before);
            expect(protoKeys(), `Object.prototype polluted by ${where}`).toEqual(keysBefore);
            expect(
              ({} as Record<string, unknown>).polluted,
              `Object.prototype polluted by ${where}`,
            ).toBeUndefined();
            if (mustFail) {
              tally.mustFail++;
              expect(result.ok, `accepted an illegal command: ${where}`).toBe(false);
            }
            if (result.ok) {
              tally.ok++;
              if (result.events.some((e) => e.type === 'door-opened')) tally.doorsOpened++;
              const problems = checkInvariants(result.state, state);
              expect(problems, `invariants after ${where}`).toEqual([]);
              state = result.state;
            } else {
              tally.rejected++;
              expect(typeof result.error, where).toBe('string');
              expect(result.error.length, where).toBeGreaterThan(0);
            }
          }
          if (state.phase === 'over') tally.gamesOver++;
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The sweep really walked through games and threw many bad commands at them.
    expect(tally.ok).toBeGreaterThan(RUNS * 10);
    expect(tally.mustFail).toBeGreaterThan(RUNS * 10);
    expect(tally.gamesOver).toBeGreaterThan(0);
    if (MAPS.length > 1) expect(tally.doorsOpened).toBeGreaterThan(0);
    if (process.env.FUZZ_VERBOSE) console.log(tally);
  });

  it('rejects every certainly-illegal command in every phase of a played game', () => {
    // A whole autopilot game; at each state, every bad kind with several variants.
    let state = newGame(4242, {});
    let checked = 0;
    for (let guard = 0; guard < 2000; guard++) {
      for (const kind of BAD_KINDS) {
        for (let n = 0; n < 19; n++) {
          const command = badCommand(state, kind, n, n % 2 ? NaN : 'zzz');
          const before = JSON.stringify(state);
          const r = applyCommand(state, command as Command);
          expect(r.ok, `${kind} #${n} in phase ${state.phase}: ${describeCommand(command)}`).toBe(
            false,
          );
          expect(JSON.stringify(state)).toBe(before);
          checked++;
        }
      }
      if (state.phase === 'over') break;
      const next = chooseHeroCommand(state);
      if (!next) break;
      const r = applyCommand(state, next);
      if (!r.ok) throw new Error(r.error);
      state = r.state;
    }
    expect(state.phase).toBe('over');
    expect(checked).toBeGreaterThan(1000);
  });
});
