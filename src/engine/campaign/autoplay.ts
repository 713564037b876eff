/**
 * Whole campaigns played headless: every battle by the hero autopilot (simulate.ts), the
 * rolls between missions by the campaign's dice, and each choice by a fixed rule (the way
 * the campaign seed's parity picks, so runs over many seeds take both). For the simulator,
 * the soak and the tests.
 */
import { playAutoGame, type PlayedGame } from '../simulate';
import {
  chooseMission,
  finishBattle,
  newCampaign,
  startBattle,
  withBattleCommands,
  type MissionSetup,
  type ResolveScenario,
} from './campaign';
import type { CampaignDefinition, CampaignOptions, CampaignState, MissionChoice } from './types';

/** A runaway guard: far more battles than any campaign's defeats allow. */
const MOST_BATTLES = 500;

export interface AutoBattle {
  /** The campaign as the battle began (its battle recorded). */
  before: CampaignState;
  setup: MissionSetup;
  game: PlayedGame;
  /** The campaign after the battle and the rolls that followed it. */
  after: CampaignState;
}

export interface AutoCampaignHooks {
  /** Called after each battle and the rolls that followed it. */
  onBattle?: (battle: AutoBattle) => void;
  /** Picks a way of a choice; by default the one the campaign seed's parity names. */
  choose?: (choice: readonly MissionChoice[], state: CampaignState) => string;
}

function unwrap<T extends { ok: true }>(result: T | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(result.error);
  return result as T;
}

/** Plays a campaign from its start to its end. Throws when the engine refuses a step. */
export function playAutoCampaign(
  def: CampaignDefinition,
  seed: number,
  options: CampaignOptions,
  resolve: ResolveScenario,
  hooks: AutoCampaignHooks = {},
): CampaignState {
  let state = newCampaign(def, seed, options);
  for (let battles = 0; state.position.at !== 'over';) {
    if (state.position.at === 'choice') {
      const choice = state.position.choice;
      const way =
        hooks.choose?.(choice, state) ?? choice[Math.abs(state.seed) % choice.length].mission;
      state = unwrap(chooseMission(state, way)).state;
      continue;
    }
    if (++battles > MOST_BATTLES) throw new Error(`campaign seed ${seed} did not end`);
    const started = unwrap(startBattle(state, def, resolve));
    const game = playAutoGame(started.setup.config);
    const before = unwrap(withBattleCommands(started.state, game.commands)).state;
    state = unwrap(finishBattle(before, def, resolve)).state;
    hooks.onBattle?.({ before, setup: started.setup, game, after: state });
  }
  return state;
}
