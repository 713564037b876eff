/**
 * The oracle between missions (solitaire-gaming-rules I and II): the same questions as in
 * battle, asked on the Campaign screen when no battle is under way, rolled on the
 * campaign's own dice. The question is one of the player's inputs (a step of the save), so
 * loading the save asks it again and gets the same answer; the answer goes to the
 * campaign's chronicle.
 */
import { openDice, type DiceSource } from '../dice';
import { oracleNeed, oracleReading, type OracleQuestion } from '../systems/oracle';
import type { CampaignResult } from './campaign';
import type { CampaignOracleAnswer, CampaignState } from './types';

/** The longest question the oracle takes (as the battle's oracle command). */
export const ORACLE_ABOUT_MAX = 200;

export function isOracleQuestion(value: unknown): value is OracleQuestion {
  return value === 'next' || value === 'yes-no' || value === 'secret';
}

/** Why a question cannot be put to the oracle (a plain sentence), or null. */
export function oracleQuestionProblem(question: unknown, about: unknown): string | null {
  if (!isOracleQuestion(question))
    return 'The oracle takes three kinds of question: next, yes-no or secret.';
  if (typeof about !== 'string' || about.length > ORACLE_ABOUT_MAX)
    return `A question to the oracle is a text of at most ${ORACLE_ABOUT_MAX} characters.`;
  return null;
}

/**
 * The oracle's answer to a question with a d20 from `dice` (the campaign's own, or rigged
 * ones in a test), asked after `afterMissions` battles.
 */
export function rollOracleAnswer(
  dice: DiceSource,
  question: OracleQuestion,
  about: string,
  lastPlace: boolean,
  afterMissions: number,
): CampaignOracleAnswer {
  const roll = dice.roll(20);
  const reading = oracleReading(question, about, roll, lastPlace);
  return {
    question,
    about: reading.about,
    lastPlace: question === 'secret' && lastPlace,
    roll,
    need: oracleNeed(question),
    answer: reading.answer,
    afterMissions,
    text: reading.text,
    rule: reading.rule,
  };
}

/**
 * Puts a question to the oracle between missions: a d20 from the campaign's dice, the
 * answer recorded in the campaign (its `oracle` list, shown in the chronicle) and the
 * question kept as a step of the save.
 */
export function askCampaignOracle(
  state: CampaignState,
  question: OracleQuestion,
  about: string,
  lastPlace = false,
): CampaignResult {
  const problem = oracleQuestionProblem(question, about);
  if (problem) return { ok: false, error: problem };
  if (state.battle)
    return {
      ok: false,
      error: 'A battle is under way: ask the oracle there (its panel in the battle).',
    };
  const dice = openDice(state.dice);
  const answer = rollOracleAnswer(dice, question, about, lastPlace, state.history.length);
  const next = structuredClone(state);
  next.dice = dice.snapshot();
  next.oracle = [...(state.oracle ?? []), answer];
  next.steps.push({
    type: 'oracle',
    question,
    about,
    ...(answer.lastPlace ? { lastPlace: true } : {}),
  });
  return { ok: true, state: next };
}
