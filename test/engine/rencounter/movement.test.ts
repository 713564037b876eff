import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  contourCost,
  fallDamageModifier,
  footAllowance,
  footTurns,
  horseCollision,
  horseJump,
  horseSpeedRange,
  horseTurns,
  riderMustTest,
  rideInto,
  trampleAnswer,
  runningTurns,
  trampleModifier,
  tripCheck,
  woodsPenalty,
} from '../../../src/engine/rulesets/rencounter/movement';

describe('Rencounter movement', () => {
  it('R4.1 basic foot movement (§4): 6", -2" a wound level; crawl 3" (-1"), low crawl 1" (-1/3"); terrain by 2/3, 1/2, 1/3', () => {
    expect(footAllowance('walk', 0).inches).toBe(6);
    expect(footAllowance('walk', 2).inches).toBe(2);
    expect(footAllowance('walk', 4).inches).toBe(0);
    expect(footAllowance('crawl', 1).inches).toBe(2);
    expect(footAllowance('low-crawl', 1).inches).toBeCloseTo(2 / 3, 12);
    expect(footAllowance('walk', 0, 1 / 2).inches).toBe(3);
  });

  it('R4.2 advanced foot movement (§4): run 9" for as many turns as experience, then rest twice as long', () => {
    expect(footAllowance('run', 1)).toMatchObject({ rule: 'R4.2', inches: 7 });
    expect(runningTurns(4)).toEqual({ allowed: 4, restPerTurnRun: 2 });
    expect(footTurns(9)).toEqual({ turns: 4, spacing: 2 });
    expect(footTurns(6)).toEqual({ turns: 6, spacing: 0 });
  });

  it('R4.3 moving backwards (§4): up to 3"; faster than 1" off smooth clear ground needs a trip check, failing leaves him down', () => {
    expect(footAllowance('backwards', 0).inches).toBe(3);
    const none = riggedDice([]);
    expect(tripCheck(1, false, { exp: 4, woundPoints: 0 }, none).needed).toBe(false);
    expect(tripCheck(3, true, { exp: 4, woundPoints: 0 }, none).needed).toBe(false);
    expect(tripCheck(3, false, { exp: 4, woundPoints: 0 }, riggedDice([5]))).toMatchObject({
      needed: true,
      trips: true,
    });
    expect(tripCheck(3, false, { exp: 4, woundPoints: 0 }, riggedDice([4])).trips).toBe(false);
  });

  it('R4.6 / R4.7 horse speed (§4): 12" (18" advanced), changing by at most 6" a turn', () => {
    expect(horseSpeedRange(12, false)).toMatchObject({ min: 6, max: 12 });
    expect(horseSpeedRange(12, true)).toMatchObject({ min: 6, max: 18 });
    expect(horseSpeedRange(0, false)).toMatchObject({ min: 0, max: 6 });
  });

  it('R4.7 falls (§4): over 12" a failed action roll means a horsemanship test; wounded over 3" rolling over 6 too', () => {
    expect(riderMustTest(18, false, 5, 0, 0).test).toBe(true);
    expect(riderMustTest(12, false, 5, 0, 0).test).toBe(false);
    expect(riderMustTest(6, true, 7, 1, 0).test).toBe(true);
    expect(riderMustTest(3, true, 7, 1, 0).test).toBe(false);
    expect(riderMustTest(6, true, 7, 0, 0).test).toBe(false);
  });

  it('R4.10 horse turning (§4): up to 6" 4 x 45 degrees; up to 12" 3 with 3" between; up to 18" 2 with 6" between', () => {
    expect([6, 12, 18].map((s) => horseTurns(s))).toMatchObject([
      { turns: 4, spacing: 0 },
      { turns: 3, spacing: 3 },
      { turns: 2, spacing: 6 },
    ]);
  });

  it('R4.11 horse jumps (§4): a 2 1/2 foot fence is a plain horsemanship roll, +1 per 6" higher; failing by odd balks, by even the rider falls', () => {
    const rider = { horsemanship: 6, riderWounds: 0, horseWounds: 0 };
    expect(horseJump(rider, 30, riggedDice([6])).outcome).toBe('clears');
    // 3 1/2 feet (42"): +2; a 6 makes 8, missed by 2 (even): the rider falls.
    expect(horseJump(rider, 42, riggedDice([6])).outcome).toBe('rider-falls');
    // 3 feet (36"): +1; a 6 makes 7, missed by 1 (odd): the horse balks.
    expect(horseJump(rider, 36, riggedDice([6])).outcome).toBe('balks');
    // 3 1/2 inches over the fence is not yet another 6": plain roll, a 6 clears.
    expect(horseJump(rider, 33, riggedDice([6])).outcome).toBe('clears');
    expect(woodsPenalty(12, 6, 3)).toBe(-2);
    expect(woodsPenalty(12, 6, 6)).toBe(-1);
    expect(woodsPenalty(6, 6)).toBe(0);
  });

  it('R4.14 trampling (§4): damage +2 over 12", +4 over 6" up to 12", under 6" the horse stops; small horse +1, big -1', () => {
    expect(trampleModifier(13).modifiers.map((m) => m.value)).toEqual([2]);
    expect(trampleModifier(12).modifiers.map((m) => m.value)).toEqual([4]);
    expect(trampleModifier(7, 'small').modifiers.map((m) => m.value)).toEqual([4, 1]);
    expect(trampleModifier(13, 'big').modifiers.map((m) => m.value)).toEqual([2, -1]);
    expect(trampleModifier(5).hits).toBe(false);
    // Two horsemanship tests (horsemanship 6): going in, then staying on.
    const rider = { horsemanship: 6, riderWounds: 0, horseWounds: 0 };
    expect(rideInto(rider, riggedDice([6, 5])).outcome).toBe('horse-strikes');
    expect(rideInto(rider, riggedDice([6, 6])).outcome).toBe('horse-strikes');
    expect(rideInto({ ...rider, horseWounds: 1 }, riggedDice([6])).outcome).toBe('sheers-off');
    expect(rideInto({ ...rider, riderWounds: 1 }, riggedDice([2, 6])).outcome).toBe(
      'rider-unseated',
    );
    // A man the rider's unit had not engaged may answer on an instant action check.
    expect(
      trampleAnswer({ exp: 4, woundPoints: 0, engagedByRidersUnit: false }, riggedDice([4]))
        .mayAnswer,
    ).toBe(true);
    expect(
      trampleAnswer({ exp: 4, woundPoints: 0, engagedByRidersUnit: true }, riggedDice([]))
        .mayAnswer,
    ).toBe(false);
  });

  it('R4.15 horse into horse (§4): head-on speeds add, same way the lower is taken off; over 18" the speed term is +0', () => {
    expect(horseCollision(12, 12, 180)).toMatchObject({ closing: 24, speedModifier: 0 });
    expect(horseCollision(12, 6, 170)).toMatchObject({ closing: 18, speedModifier: 2 });
    expect(horseCollision(18, 6, 10)).toMatchObject({ closing: 12, speedModifier: 4 });
    expect(horseCollision(12, 9, 0)).toMatchObject({ closing: 3, speedModifier: null });
  });

  it('R9.7 falling injuries (§9): +6 up to 6", +4 at 7-12", +2 at 13-18", 0 at 19-24", -1 every 6" faster', () => {
    expect([6, 12, 18, 24, 30, 31].map((s) => fallDamageModifier(s).value)).toEqual([
      6, 4, 2, 0, -1, -2,
    ]);
  });

  it('R9.3 contours (§9 terrain): foot lose 0" at 0.5", 1" at 1", 2" at 1.5"; cavalry 1", 3", and the whole move at 1.5"', () => {
    expect([0.5, 1, 1.5].map((h) => contourCost(h, 'foot').inches)).toEqual([0, 1, 2]);
    expect([0.5, 1, 1.5].map((h) => contourCost(h, 'horse').inches)).toEqual([1, 3, 'whole-move']);
  });
});
