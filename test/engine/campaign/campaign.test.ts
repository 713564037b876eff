/**
 * Whole campaigns through the engine's own functions (src/engine/campaign/): the definition
 * validator's plain messages for broken campaign files, the Recovery action
 * (solitaire-gaming-rules.txt IV) carried into the next battle as the wounds a hero is
 * seated with, a new recruit when a hero dies (issue 12), and saves that replay exactly
 * (seed + each battle's seed and commands + choices + renames) or are refused in plain words.
 */
import { describe, expect, it } from 'vitest';
import {
  campaignOptions,
  campaignSave,
  chooseMission,
  finishBattle,
  loadCampaign,
  newCampaign,
  parseCampaignDefinition,
  playAutoCampaign,
  readCampaignDefinition,
  renameHero,
  startBattle,
  withBattleCommands,
  type AutoBattle,
  type CampaignDefinition,
  type CampaignEvent,
  type CampaignState,
} from '../../../src/engine/campaign/index';
import { createGame } from '../../../src/engine/setup';
import { playAutoGame } from '../../../src/engine/simulate';
import { loadCampaignFile, resolveScenarioFromDisk } from '../../../src/devtools/campaigns';

const resolve = resolveScenarioFromDisk;

/** A short campaign on the Dungeon Crawl's own map: a march, then a choice of two finals. */
function rawCampaign(): Record<string, unknown> {
  return {
    version: 1,
    id: 'test-road',
    name: 'The Test Road',
    story: ['A short road for tests.'],
    party: [
      { name: 'Anna', kinds: { 'dungeon-crawl': 'fighting-man' } },
      { name: 'Bert', kinds: { 'dungeon-crawl': 'magic-user' } },
      { name: 'Cleo', kinds: { 'dungeon-crawl': 'thief' } },
      { name: 'Dunn', kinds: { 'dungeon-crawl': 'priest' } },
    ],
    recruits: ['Rae', 'Sol'],
    start: 'first',
    missions: [
      {
        id: 'first',
        name: 'First',
        story: ['The first fight.'],
        scenario: 'dungeon-crawl',
        options: { enemyPercent: 60 },
        pace: 'march',
        next: 'second',
      },
      {
        id: 'second',
        name: 'Second',
        story: 'The second fight, at once.',
        scenario: 'dungeon-crawl',
        options: { enemyPercent: 60 },
        choice: [
          { mission: 'left', label: 'Go left' },
          { mission: 'right', label: 'Go right' },
        ],
      },
      { id: 'left', name: 'Left', scenario: 'dungeon-crawl', final: true },
      { id: 'right', name: 'Right', scenario: 'dungeon-crawl', final: true },
    ],
    ending: { victory: ['Won.'], defeat: ['Lost.'] },
  };
}

function definition(raw: unknown = rawCampaign()): CampaignDefinition {
  const read = readCampaignDefinition(raw);
  if (!read.ok) throw new Error(read.errors.join('\n'));
  return read.definition;
}

function errorsOf(change: (raw: Record<string, unknown>) => void): string[] {
  const raw = rawCampaign();
  change(raw);
  const read = readCampaignDefinition(raw);
  return read.ok ? [] : read.errors;
}

type Mission = Record<string, unknown>;
const missions = (raw: Record<string, unknown>): Mission[] => raw.missions as Mission[];

/** Every between-mission event of a campaign, in order. */
function logOf(state: CampaignState): CampaignEvent[] {
  return state.history.flatMap((h) => h.log);
}

/** Plays whole campaigns from seed 1 on until `wanted` holds for one; returns it and its battles. */
function findCampaign(
  def: CampaignDefinition,
  wanted: (end: CampaignState, battles: AutoBattle[]) => boolean,
  difficulty: Parameters<typeof campaignOptions>[0] = 'normal',
): { end: CampaignState; battles: AutoBattle[]; seed: number } {
  for (let seed = 1; seed <= 40; seed++) {
    const battles: AutoBattle[] = [];
    const end = playAutoCampaign(def, seed, campaignOptions(difficulty), resolve, {
      onBattle: (b) => battles.push(b),
    });
    if (wanted(end, battles)) return { end, battles, seed };
  }
  throw new Error('no campaign in seeds 1..40 shows it');
}

describe('the campaign file validator: plain messages naming the problem', () => {
  it('reads a good file, with a one-line story read as a list', () => {
    const def = definition();
    expect(def.missions).toHaveLength(4);
    expect(def.missions[1].story).toEqual(['The second fight, at once.']);
  });

  it('reads the bundled Ember Crown campaign', () => {
    expect(loadCampaignFile('ember-crown').missions.length).toBeGreaterThanOrEqual(8);
  });

  it.each([
    ['no version', (r: Record<string, unknown>) => delete r.version, /needs "version": 1/],
    ['a newer format', (r: Record<string, unknown>) => (r.version = 7), /newer game \(format 7/],
    ['a bad id', (r: Record<string, unknown>) => (r.id = 'Has Spaces'), /"id" of lower-case/],
    ['no party', (r: Record<string, unknown>) => (r.party = []), /"party" of 1 to 8 heroes/],
    [
      'an unknown rule set',
      (r: Record<string, unknown>) => ((r.party as Mission[])[0].kinds = { chess: 'king' }),
      /Hero 1 \(Anna\) names the rule set "chess", which this game does not have/,
    ],
    [
      'an enemy as a hero',
      (r: Record<string, unknown>) =>
        ((r.party as Mission[])[1].kinds = { 'dungeon-crawl': 'goblin' }),
      /Hero 2 \(Bert\): "goblin" is not a hero of the .*Dungeon Crawl rules/,
    ],
    [
      'a mission with no end',
      (r: Record<string, unknown>) => delete missions(r)[2].final,
      /Mission "left" needs exactly one of "next"/,
    ],
    [
      'a next that does not exist',
      (r: Record<string, unknown>) => (missions(r)[0].next = 'nowhere'),
      /Mission "first"'s "next" names a mission "nowhere" that the campaign does not have/,
    ],
    [
      'a choice of three',
      (r: Record<string, unknown>) =>
        (missions(r)[1].choice = [
          { mission: 'left', label: 'a' },
          { mission: 'right', label: 'b' },
          { mission: 'first', label: 'c' },
        ]),
      /"choice" must list exactly two missions/,
    ],
    [
      'a hazard of 3',
      (r: Record<string, unknown>) => (missions(r)[0].hazard = 3),
      /"hazard" must be 0, 1 or 2/,
    ],
    [
      'a pace that is neither',
      (r: Record<string, unknown>) => (missions(r)[0].pace = 'gallop'),
      /"pace" must be "rest" or "march"/,
    ],
    [
      'two missions with one id',
      (r: Record<string, unknown>) => (missions(r)[3].id = 'left'),
      /Two missions have the id "left"/,
    ],
    [
      'a mission nobody reaches',
      (r: Record<string, unknown>) =>
        missions(r).push({ id: 'lost', name: 'Lost', scenario: 'dungeon-crawl', final: true }),
      /Mission "lost" can never be reached from the start/,
    ],
    [
      'winning round in a circle',
      (r: Record<string, unknown>) => {
        const [, second] = missions(r);
        delete second.choice;
        second.next = 'first';
      },
      /Winning leads round in a circle: first -> second -> first/,
    ],
    [
      'no final mission',
      (r: Record<string, unknown>) => {
        for (const m of missions(r).slice(2)) {
          delete m.final;
          m.next = 'first';
        }
      },
      /needs a final mission/,
    ],
    [
      'an option that is an object',
      (r: Record<string, unknown>) => (missions(r)[0].options = { enemies: { many: true } }),
      /the option "enemies" must be a text, a number or true\/false/,
    ],
  ])('%s', (_name, change, message) => {
    expect(errorsOf(change).join('\n')).toMatch(message);
  });

  it('text that is not JSON, or JSON that is not an object', () => {
    const text = parseCampaignDefinition('{ "version": 1, ');
    expect(text.ok === false && text.errors[0]).toMatch(/^The campaign file is not valid JSON/);
    const list = readCampaignDefinition([1, 2]);
    expect(list.ok === false && list.errors).toEqual([
      'A campaign file must hold one JSON object.',
    ]);
  });

  it('a missing scenario is named when the mission is set up, not a throw', () => {
    const raw = rawCampaign();
    missions(raw)[0].scenario = 'map:no-such-map';
    const def = definition(raw);
    const started = startBattle(newCampaign(def, 1, campaignOptions('normal')), def, resolve);
    expect(started.ok).toBe(false);
    if (!started.ok) expect(started.error).toMatch(/^Mission "First": .*no-such-map/);
  });
});

describe('solitaire IV "The Recovery Action": what a hero carries into the next battle', () => {
  it('after a march the next battle seats each hero with the wounds the Recovery action left', () => {
    const def = definition();
    const { battles } = findCampaign(def, (_end, bs) =>
      bs.some((b, i) => {
        const carried = b.after.history.at(-1)!.log.filter((e) => e.type === 'carried');
        return (
          bs[i + 1] !== undefined &&
          carried.some((e) => e.type === 'carried' && e.how === 'recovery' && e.wounds > 0)
        );
      }),
    );
    let checked = 0;
    for (const [i, b] of battles.entries()) {
      const next = battles[i + 1];
      if (!next) break;
      const log = b.after.history.at(-1)!.log;
      const created = createGame(next.setup.config);
      if (!created.ok) throw new Error(created.error);
      for (const e of log) {
        if (e.type !== 'carried') continue;
        const member = next.setup.config.party!.find((m) => m.id === e.hero);
        if (!member) continue; // died after the rolls
        expect(member.wounds).toBe(e.wounds);
        if (e.how === 'rest') expect(e.wounds).toBe(0);
        const unit = created.state.units.find((u) => u.id === e.hero)!;
        expect(unit.wounds).toBe(Math.min(e.wounds, unit.maxWounds - 1));
        if (e.wounds > 0) checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("permanent wounds lower the hero's wounds in every later battle", () => {
    const def = definition();
    const { battles } = findCampaign(def, (end) => end.party.some((h) => h.permanentWounds > 0));
    for (const b of battles) {
      const created = createGame(b.setup.config);
      if (!created.ok) throw new Error(created.error);
      for (const m of b.setup.config.party!) {
        const unit = created.state.units.find((u) => u.id === m.id)!;
        expect(unit.permanentWounds ?? 0).toBe(m.permanentWounds ?? 0);
      }
    }
  });
});

describe('a new recruit joins when a hero dies', () => {
  it("takes the dead hero's figures and the next recruit name; the dead stay among the fallen", () => {
    const def = definition();
    const { end } = findCampaign(def, (s) => s.fallen.length > 0);
    const recruited = logOf(end).filter((e) => e.type === 'recruited');
    expect(recruited.length).toBe(end.fallen.length);
    const first = recruited[0];
    if (first.type !== 'recruited') throw new Error('not a recruit');
    const gone = end.fallen.find((h) => h.id === first.replaces)!;
    expect(gone.status).toBe('dead');
    expect(gone.died).not.toBeNull();
    const joined = [...end.party, ...end.fallen].find((h) => h.id === first.hero)!;
    expect(joined.name).toBe('Rae');
    expect(joined.kinds).toEqual(gone.kinds);
    expect(joined.joined).toBe(gone.died);
    expect(end.party.length).toBe(def.party.length);
    // Recruit names run out into numbered recruits.
    if (recruited.length > 2) {
      const third = recruited[2];
      if (third.type === 'recruited')
        expect([...end.party, ...end.fallen].find((h) => h.id === third.hero)!.name).toBe(
          'Recruit 3',
        );
    }
  });
});

describe('high-adventure "Wounds" in a whole campaign (story difficulty)', () => {
  it('a hero who falls comes back grievously wounded and fights the next battle', () => {
    const def = definition();
    const { battles } = findCampaign(
      def,
      (end) => logOf(end).some((e) => e.type === 'grievously-wounded'),
      'story',
    );
    const at = battles.findIndex((b) =>
      b.after.history.at(-1)!.log.some((e) => e.type === 'grievously-wounded'),
    );
    const event = battles[at].after.history
      .at(-1)!
      .log.find((e) => e.type === 'grievously-wounded')!;
    const hero = battles[at].after.party.find((h) => h.id === (event as { hero: string }).hero);
    // Not dead of complications: it stays in the party and goes into the next battle.
    if (hero) {
      expect(hero.status).toBe('grievously-wounded');
      const next = battles[at + 1];
      if (next) expect(next.setup.config.party!.map((m) => m.id)).toContain(hero.id);
    } else {
      expect(battles[at].after.fallen.map((h) => h.id)).toContain((event as { hero: string }).hero);
    }
    // On story, no hero dies of falling: only of complications.
    for (const b of battles)
      for (const e of b.after.history.at(-1)!.log)
        if (e.type === 'died') expect(e.cause).toBe('complications');
  });
});

describe('campaign saves replay exactly', () => {
  it('a whole campaign, with a choice and a rename, comes back roll for roll', () => {
    const def = definition();
    let state = newCampaign(def, 77, campaignOptions('normal'));
    state = (renameHero(state, 'hero-2', 'Bertram') as { state: CampaignState }).state;
    while (state.position.at !== 'over') {
      if (state.position.at === 'choice') {
        const r = chooseMission(state, 'right');
        if (!r.ok) throw new Error(r.error);
        state = r.state;
        continue;
      }
      const started = startBattle(state, def, resolve);
      if (!started.ok) throw new Error(started.error);
      const game = playAutoGame(started.setup.config);
      const during = withBattleCommands(started.state, game.commands);
      if (!during.ok) throw new Error(during.error);
      const done = finishBattle(during.state, def, resolve);
      if (!done.ok) throw new Error(done.error);
      state = done.state;
    }
    const text = JSON.stringify(campaignSave(state));
    const loaded = loadCampaign(text, def, resolve);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.state).toEqual(state);
    expect(JSON.stringify(loaded.state)).toBe(JSON.stringify(state));
    expect(state.steps.some((s) => s.type === 'choose')).toBe(state.history.length >= 2);
    expect([...state.party, ...state.fallen].some((h) => h.name === 'Bertram')).toBe(true);
  });

  it('a save made in the middle of a battle comes back with that battle and its commands', () => {
    const def = definition();
    const started = startBattle(newCampaign(def, 5, campaignOptions('story')), def, resolve);
    if (!started.ok) throw new Error(started.error);
    const game = playAutoGame(started.setup.config);
    const half = game.commands.slice(0, Math.floor(game.commands.length / 2));
    const during = withBattleCommands(started.state, half);
    if (!during.ok) throw new Error(during.error);
    const loaded = loadCampaign(campaignSave(during.state), def, resolve);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.state).toEqual(during.state);
    expect(loaded.state.battle?.commands).toHaveLength(half.length);
    // The battle can be finished after loading, exactly as before.
    const a = finishBattle(withBattleOk(loaded.state, game.commands), def, resolve);
    const b = finishBattle(withBattleOk(during.state, game.commands), def, resolve);
    expect(a).toEqual(b);
  });

  it('a damaged, foreign or newer save gets a plain message', () => {
    const def = definition();
    const state = findCampaign(def, (s) => s.history.length >= 2).end;
    const good = campaignSave(state);
    const broken = (change: (s: Record<string, unknown>) => void): string => {
      const copy = structuredClone(good) as unknown as Record<string, unknown>;
      change(copy);
      const r = loadCampaign(copy, def, resolve);
      return r.ok ? 'loaded' : r.error;
    };
    const text = (t: string): string => {
      const r = loadCampaign(t, def, resolve);
      return r.ok ? 'loaded' : r.error;
    };
    expect(text('{"format": "arch-foe-campaign", "vers')).toMatch(/not valid JSON/);
    expect(text('{"type": "FeatureCollection", "features": []}')).toBe(
      'This is not an Arch Foe campaign save.',
    );
    expect(text('[1, 2, 3]')).toBe('This is not an Arch Foe campaign save.');
    expect(broken((s) => (s.version = 99))).toMatch(/newer game \(save version 99/);
    expect(broken((s) => (s.campaign = 'ember-crown'))).toMatch(
      /The save is of the campaign "ember-crown", not "test-road"/,
    );
    expect(broken((s) => ((s.steps as Record<string, unknown>[])[0].seed = 12345))).toMatch(
      /Step 1 of the save's seed does not match the campaign's dice: the save is damaged/,
    );
    expect(
      broken((s) => ((s.steps as Record<string, unknown>[])[0].commands = [{ type: 42 }])),
    ).toMatch(/^Step 1 of the save, command 1:/);
    expect(
      broken((s) => ((s.steps as Record<string, unknown>[])[0].commands = [{ type: 'start' }])),
    ).toMatch(/^Step 1 of the save: The battle of "First" is not over yet\./);
    expect(broken((s) => (s.steps = 'many'))).toBe('The campaign save has no steps.');
    expect(broken((s) => (s.seed = 'abc'))).toBe('The campaign save has no seed.');
  });
});

function withBattleOk(state: CampaignState, commands: Parameters<typeof withBattleCommands>[1]) {
  const r = withBattleCommands(state, commands);
  if (!r.ok) throw new Error(r.error);
  return r.state;
}
