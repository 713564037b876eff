/**
 * The oracle of solitaire-gaming-rules I and II, for any rule set: a question the story
 * leaves open is put to a d20 with the game's own dice, and the answer goes to the log.
 * - What Happens Next: 1 the opposite happens with a penalty for the heroes; 2-6 it does
 *   not happen; 7-12 it happens with a twist (even good, odd bad); 13-18 it happens; 19-20
 *   it happens with a benefit for the heroes;
 * - yes or no: 1-10 no, 11-20 yes;
 * - a secret (a hidden treasure, an assassin in the ranks): there on 16 or more; not found
 *   in any place searched, it is in the last possible one.
 */
import type { RuleRef } from '../types';
import { emit, rollDie, type Context } from './context';

export type OracleQuestion = 'next' | 'yes-no' | 'secret';

const ORACLE = (section: string): RuleRef => ({ book: 'Solitaire rules', section });

/** The answer to What Happens Next for a d20 roll (II). */
export function whatHappensNext(roll: number): string {
  if (roll === 1) return 'the opposite happens, with a penalty for the heroes';
  if (roll <= 6) return 'it does not happen';
  if (roll <= 12)
    return `it happens, with a twist (${roll % 2 === 0 ? 'a good one' : 'a bad one'})`;
  if (roll <= 18) return 'it happens';
  return 'it happens, with a benefit for the heroes';
}

/** The rule a question is answered by, for the dice log's tag. */
export function oracleRule(question: OracleQuestion): RuleRef {
  return ORACLE(
    question === 'next'
      ? 'II What Happens Next: 1d20'
      : question === 'yes-no'
        ? 'II yes or no: 11+'
        : 'I Secrets: 16+',
  );
}

/** The number a question's d20 must reach for "yes" (none for What Happens Next). */
export function oracleNeed(question: OracleQuestion): number | null {
  return question === 'yes-no' ? 11 : question === 'secret' ? 16 : null;
}

/** What the oracle says to a question for a d20 roll: the answer and the log's line. */
export function oracleReading(
  question: OracleQuestion,
  about: string,
  roll: number,
  lastPlace = false,
): { about: string; answer: string; text: string; rule: RuleRef } {
  const subject = about.trim() || 'the question';
  let answer: string;
  if (question === 'next') answer = whatHappensNext(roll);
  else if (question === 'yes-no') answer = roll >= 11 ? 'yes' : 'no';
  else answer = roll >= 16 || lastPlace ? 'it is there' : 'it is not here';
  const kind =
    question === 'next' ? 'what happens next' : question === 'yes-no' ? 'yes or no' : 'a secret';
  const last = question === 'secret' && lastPlace && roll < 16 ? ' (the last possible place)' : '';
  return {
    about: subject,
    answer,
    text: `Oracle, ${kind} (${subject}): d20 = ${roll}: ${answer}${last}`,
    rule: oracleRule(question),
  };
}

/**
 * Asks the oracle. `lastPlace`: for a secret, whether this is the last place it could be
 * (then it is there whatever the die says).
 */
export function askOracle(
  ctx: Context,
  question: OracleQuestion,
  about: string,
  lastPlace = false,
): string {
  const value = rollDie(ctx, {
    sides: 20,
    purpose: `oracle-${question}`,
    unit: null,
    need: oracleNeed(question),
    describe: (v) => oracleReading(question, about, v, lastPlace).text,
    rule: oracleRule(question),
  });
  const { about: subject, answer } = oracleReading(question, about, value, lastPlace);
  emit(ctx, { type: 'oracle', question, about: subject, roll: value, answer, text: '' });
  return answer;
}
