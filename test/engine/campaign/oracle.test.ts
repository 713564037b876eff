/**
 * The oracle between missions (src/engine/campaign/oracle.ts): the questions of
 * solitaire-gaming-rules I "Secrets" and II "What Happens Next" asked on the Campaign
 * screen, rolled with rigged dice here and with the campaign's own dice in a campaign; the
 * question is a step of the save, so a save with questions replays exactly and is checked
 * on load; a version 1 save (before the oracle) still loads.
 */
import { describe, expect, it } from 'vitest';
import {
  askCampaignOracle,
  campaignOptions,
  campaignSave,
  finishBattle,
  loadCampaign,
  newCampaign,
  rollOracleAnswer,
  startBattle,
  withBattleCommands,
  type CampaignState,
} from '../../../src/engine/campaign/index';
import { openDice, riggedDice } from '../../../src/engine/dice';
import { playAutoGame } from '../../../src/engine/simulate';
import { campaignModel } from '../../../src/view/campaign-model';
import { loadCampaignFile, resolveScenarioFromDisk } from '../../../src/devtools/campaigns';

const resolve = resolveScenarioFromDisk;

function answer(question: 'next' | 'yes-no' | 'secret', roll: number, lastPlace = false) {
  const dice = riggedDice([roll]);
  const a = rollOracleAnswer(dice, question, 'the ferryman waits', lastPlace, 0);
  expect(dice.remaining()).toBe(0);
  return a;
}

function ok(r: { ok: true; state: CampaignState } | { ok: false; error: string }): CampaignState {
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe('II What Happens Next (1d20) between missions, with rigged dice', () => {
  it('1 the opposite with a penalty; 2-6 no; 7-12 a twist, even good, odd bad; 13-18 yes; 19-20 a benefit', () => {
    expect(answer('next', 1).answer).toBe('the opposite happens, with a penalty for the heroes');
    expect(answer('next', 2).answer).toBe('it does not happen');
    expect(answer('next', 6).answer).toBe('it does not happen');
    expect(answer('next', 7).answer).toBe('it happens, with a twist (a bad one)');
    expect(answer('next', 8).answer).toBe('it happens, with a twist (a good one)');
    expect(answer('next', 11).answer).toBe('it happens, with a twist (a bad one)');
    expect(answer('next', 12).answer).toBe('it happens, with a twist (a good one)');
    expect(answer('next', 13).answer).toBe('it happens');
    expect(answer('next', 18).answer).toBe('it happens');
    expect(answer('next', 19).answer).toBe('it happens, with a benefit for the heroes');
    expect(answer('next', 20).answer).toBe('it happens, with a benefit for the heroes');
    const a = answer('next', 9);
    expect(a).toMatchObject({ roll: 9, need: null, about: 'the ferryman waits' });
    expect(a.rule).toEqual({ book: 'Solitaire rules', section: 'II What Happens Next: 1d20' });
    expect(a.text).toBe(
      'Oracle, what happens next (the ferryman waits): d20 = 9: it happens, with a twist (a bad one)',
    );
  });

  it('II yes or no: 1-10 no, 11-20 yes', () => {
    expect(answer('yes-no', 1).answer).toBe('no');
    expect(answer('yes-no', 10).answer).toBe('no');
    expect(answer('yes-no', 11).answer).toBe('yes');
    expect(answer('yes-no', 20).answer).toBe('yes');
    expect(answer('yes-no', 11)).toMatchObject({
      need: 11,
      rule: { section: 'II yes or no: 11+' },
    });
  });

  it('I Secrets: there on 16 or more; else in the last possible place', () => {
    expect(answer('secret', 15).answer).toBe('it is not here');
    expect(answer('secret', 16).answer).toBe('it is there');
    expect(answer('secret', 20).answer).toBe('it is there');
    const last = answer('secret', 3, true);
    expect(last).toMatchObject({ answer: 'it is there', lastPlace: true, need: 16 });
    expect(last.text).toMatch(/d20 = 3: it is there \(the last possible place\)$/);
    expect(last.rule.section).toBe('I Secrets: 16+');
    // "The last place" means nothing to the other questions.
    expect(answer('yes-no', 3, true)).toMatchObject({ answer: 'no', lastPlace: false });
  });
});

describe('the oracle on the campaign: its own dice, its save, its chronicle', () => {
  const def = loadCampaignFile('ember-crown');

  it("rolls one d20 from the campaign's dice and records the question as a step", () => {
    const state = newCampaign(def, 31, campaignOptions('normal'));
    const expected = openDice(state.dice).roll(20);
    const asked = ok(askCampaignOracle(state, 'yes-no', '  is the road watched? ', false));
    expect(asked.oracle).toHaveLength(1);
    expect(asked.oracle[0]).toMatchObject({
      question: 'yes-no',
      about: 'is the road watched?',
      roll: expected,
      answer: expected >= 11 ? 'yes' : 'no',
      afterMissions: 0,
    });
    expect(asked.steps).toEqual([
      { type: 'oracle', question: 'yes-no', about: '  is the road watched? ' },
    ]);
    expect(asked.dice).not.toEqual(state.dice);
    // The state asked is untouched.
    expect(state.oracle).toEqual([]);
    expect(state.steps).toEqual([]);
  });

  it('refuses a bad question, and during a battle, in plain words, changing nothing', () => {
    const state = newCampaign(def, 31, campaignOptions('normal'));
    const bad = askCampaignOracle(state, 'maybe' as 'next', 'x');
    expect(bad).toEqual({
      ok: false,
      error: 'The oracle takes three kinds of question: next, yes-no or secret.',
    });
    expect(askCampaignOracle(state, 'next', 'x'.repeat(201))).toMatchObject({
      ok: false,
      error: 'A question to the oracle is a text of at most 200 characters.',
    });
    const fighting = ok(startBattle(state, def, resolve));
    expect(askCampaignOracle(fighting, 'next', 'reinforcements')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/battle is under way/),
    });
  });

  it('a save with questions before and after a battle replays exactly, and the chronicle shows them', () => {
    let state = newCampaign(def, 12, campaignOptions('story'));
    state = ok(askCampaignOracle(state, 'next', 'the gate is open'));
    state = ok(askCampaignOracle(state, 'secret', 'a key under the altar', true));
    const started = startBattle(state, def, resolve);
    if (!started.ok) throw new Error(started.error);
    // The questions took two d20s: the battle's seed is the third roll of the campaign's dice.
    const dice = openDice(newCampaign(def, 12, campaignOptions('story')).dice);
    dice.roll(20);
    dice.roll(20);
    expect(started.state.battle?.seed).toBe(dice.roll(2_147_483_647));
    const game = playAutoGame(started.setup.config);
    state = ok(finishBattle(ok(withBattleCommands(started.state, game.commands)), def, resolve));
    state = ok(askCampaignOracle(state, 'yes-no', 'the wounded can march'));
    expect(state.oracle.map((o) => o.afterMissions)).toEqual([0, 0, 1]);

    const text = JSON.stringify(campaignSave(state));
    expect(JSON.parse(text).version).toBe(2);
    const loaded = loadCampaign(text, def, resolve);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.state).toEqual(state);
    expect(JSON.stringify(loaded.state)).toBe(JSON.stringify(state));

    const chronicle = campaignModel(def, loaded.state).chronicle;
    expect(chronicle[0]).toMatch(/^Oracle, what happens next \(the gate is open\): d20 = \d+/);
    expect(chronicle[1]).toMatch(
      /^Oracle, a secret \(a key under the altar\): d20 = \d+: it is there/,
    );
    expect(chronicle[2]).toMatch(/^1\. /);
    expect(chronicle[3]).toMatch(
      /^Oracle, yes or no \(the wounded can march\): d20 = \d+: (yes|no)$/,
    );
  });

  it('a damaged question in a save is named; a version 1 save (before the oracle) still loads', () => {
    const state = ok(
      askCampaignOracle(newCampaign(def, 4, campaignOptions('normal')), 'next', 'rain'),
    );
    const save = campaignSave(state) as unknown as { steps: Record<string, unknown>[] };
    const broken = (change: (s: Record<string, unknown>) => void): string => {
      const copy = structuredClone(save);
      change(copy.steps[0]);
      const r = loadCampaign(copy, def, resolve);
      return r.ok ? 'loaded' : r.error;
    };
    expect(broken((s) => (s.question = 'why'))).toBe(
      'Step 1 of the save: The oracle takes three kinds of question: next, yes-no or secret.',
    );
    expect(broken((s) => (s.about = 7))).toMatch(/^Step 1 of the save: A question to the oracle/);
    expect(broken((s) => (s.lastPlace = 'yes'))).toBe(
      'Step 1 of the save: "lastPlace" is true or false.',
    );

    const plain = newCampaign(def, 4, campaignOptions('normal'));
    const old = { ...campaignSave(plain), version: 1 };
    const loaded = loadCampaign(old, def, resolve);
    if (!loaded.ok) throw new Error(loaded.error);
    expect(loaded.state).toEqual(plain);
    expect(campaignSave(loaded.state).version).toBe(2);
  });
});
