/**
 * A drawn mission in a campaign (issue 28, point 8; docs/campaigns.md "Draws"): a battle
 * neither side won is not a victory, so the story cannot go on as if it were; it takes the
 * defeat's road (the mission's `onDefeat`, else the same mission again), says so, and is
 * not counted among the lost missions. The battle: a Skirmish Basic Battle whose armies
 * never meet, tied at 0 points after 5 rounds (solitaire-gaming-rules VI).
 */
import { describe, expect, it } from 'vitest';
import { makeBoard } from '../../../src/engine/ascii-board';
import {
  campaignOptions,
  finishBattle,
  newCampaign,
  readCampaignDefinition,
  startBattle,
  withBattleCommands,
  type CampaignDefinition,
  type CampaignState,
  type ResolveScenario,
} from '../../../src/engine/campaign/index';
import { applyCommand } from '../../../src/engine/game';
import { createGame } from '../../../src/engine/setup';
import type { Command } from '../../../src/engine/types';
import { campaignModel } from '../../../src/view/campaign-model';
import { LETTERS, STAND_OFF } from '../skirmish/helpers';

/** The armies cannot see each other (a long way round), and no one walks it. */
const STAND_OFF_MAP = makeBoard(STAND_OFF, { letters: LETTERS });

const resolve: ResolveScenario = () => ({
  ok: true,
  board: {
    map: STAND_OFF_MAP,
    ruleModule: 'skirmish',
    defaults: {
      scenario: 'basic-battle',
      enemies: 'slinger,slinger',
      objectives: false,
      morale: false,
    },
  },
});

function definition(onDefeat: boolean): CampaignDefinition {
  const read = readCampaignDefinition({
    version: 1,
    id: 'stand-off',
    name: 'The Stand-off',
    story: ['Two armies that never meet.'],
    party: [
      { name: 'Anna', kinds: { skirmish: 'archer' } },
      { name: 'Bert', kinds: { skirmish: 'archer' } },
    ],
    recruits: ['Rae'],
    start: 'stand-off',
    missions: [
      {
        id: 'stand-off',
        name: 'The Stand-off',
        scenario: 'stand-off-board',
        next: 'after',
        ...(onDefeat ? { onDefeat: 'fallback' } : {}),
      },
      { id: 'after', name: 'After', scenario: 'stand-off-board', final: true },
      ...(onDefeat
        ? [{ id: 'fallback', name: 'Fallback', scenario: 'stand-off-board', final: true }]
        : []),
    ],
    ending: { victory: ['Won.'], defeat: ['Lost.'] },
  });
  if (!read.ok) throw new Error(read.errors.join('\n'));
  return read.definition;
}

/** Fights the battle under way by ending every hero's turn until the game is over. */
function fightItOut(state: CampaignState, def: CampaignDefinition): CampaignState {
  const started = startBattle(state, def, resolve);
  if (!started.ok) throw new Error(started.error);
  const created = createGame(started.setup.config);
  if (!created.ok) throw new Error(created.error);
  let game = created.state;
  const commands: Command[] = [];
  for (let n = 0; n < 100 && !game.outcome; n++) {
    const command: Command = game.turn
      ? { type: 'end-turn', unit: game.turn.unitId }
      : { type: 'start' };
    const r = applyCommand(game, command);
    if (!r.ok) throw new Error(r.error);
    commands.push(command);
    game = r.state;
  }
  expect(game.outcome?.winner).toBeNull();
  const fought = withBattleCommands(started.state, commands);
  if (!fought.ok) throw new Error(fought.error);
  const finished = finishBattle(fought.state, def, resolve);
  if (!finished.ok) throw new Error(finished.error);
  return finished.state;
}

describe('a drawn mission: not won, not counted as lost', () => {
  it('takes the road of a defeat (onDefeat), says why, and counts no defeat', () => {
    const def = definition(true);
    const after = fightItOut(newCampaign(def, 7, campaignOptions('normal')), def);
    expect(after.defeats).toBe(0);
    expect(after.position).toEqual({ at: 'mission', mission: 'fallback' });
    const record = after.history[0];
    expect(record.winner).toBeNull();
    const texts = record.log.map((e) => e.text);
    expect(texts[0]).toMatch(/^"The Stand-off": draw\. After 5 rounds neither army prevailed/);
    expect(texts).toContain(
      'Neither side prevailed: the party turns to "Fallback". A draw is not counted as a lost mission.',
    );
    // The Campaign screen calls it drawn, neither won nor lost.
    const model = campaignModel(def, after);
    expect(model.missions.find((m) => m.id === 'stand-off')).toMatchObject({
      status: 'drawn',
      note: '1 battle, drawn',
    });
    expect(model.chronicle).toContain('1. The Stand-off: drawn in 5 rounds.');
  });

  it('without a defeat road the party tries the mission again', () => {
    const def = definition(false);
    const after = fightItOut(newCampaign(def, 7, campaignOptions('normal')), def);
    expect(after.defeats).toBe(0);
    expect(after.position).toEqual({ at: 'mission', mission: 'stand-off' });
    expect(after.history[0].log.map((e) => e.text)).toContain(
      'Neither side prevailed: the party regroups to try "The Stand-off" again. A draw is not counted as a lost mission.',
    );
  });
});
