import { describe, expect, it } from 'vitest';
import { riggedDice } from '../../../src/engine/dice';
import {
  CANISTER_TABLE,
  GUN_LOAD_TURNS,
  artilleryModifiers,
  canisterAt,
  grenadeBlast,
  grenadeFuse,
  grenadeReaction,
  gunAccident,
  gunBurstModifier,
  kickGrenade,
  smotherEffect,
  quickLoadRisk,
  riderlessHorse,
  rollSpot,
  spotNeed,
} from '../../../src/engine/rulesets/rencounter/special';
import { advanceReload } from '../../../src/engine/rulesets/rencounter/weapons';

describe('Rencounter spotting and special actions', () => {
  it('R8.1 spotting (§8): a d12 under 12 minus the range, +2 for a master, +1 per veteran, +1 per visible green; range multipliers', () => {
    expect(spotNeed({ range: 6 }).need).toBe(6);
    expect(
      spotNeed({ range: 6, spotterHasMaster: true, spotterVeterans: 2, visibleGreens: 1 }).need,
    ).toBe(11);
    // Observing infantry double the spotting distance: 6" counts as 3".
    expect(spotNeed({ range: 6, multipliers: [2] }).need).toBe(9);
    expect(rollSpot({ range: 6 }, riggedDice([5])).spotted).toBe(true);
    expect(rollSpot({ range: 6 }, riggedDice([6])).spotted).toBe(false);
  });

  it("R9.2 riderless horses (§9; the checklist's table): d6 1-2 stay, 3-4 follow friends, 5-6 run on, d3 left, ahead or right", () => {
    expect(riderlessHorse(riggedDice([2])).does).toBe('stays');
    expect(riderlessHorse(riggedDice([4])).does).toBe('follows');
    expect(riderlessHorse(riggedDice([5, 1]))).toMatchObject({ does: 'runs', turn: -45 });
    expect(riderlessHorse(riggedDice([6, 3])).turn).toBe(45);
  });

  it('R9.9 grenades (§9): damage +1 and +1 per half inch away; serious or worse knocks down, a light wound or 14 or less asks an action check', () => {
    const man = { exp: 4, woundPoints: 0, armour: 0 };
    // 1" away: +3. Die 3: 6, serious: down.
    expect(grenadeBlast(man, 1, riggedDice([3]))).toMatchObject({
      knockedDown: true,
      damage: { level: 'serious' },
    });
    // Die 6: 9, minor; the check 3 + 1 (the new wound) = 4 holds.
    expect(grenadeBlast(man, 1, riggedDice([6, 3]))).toMatchObject({
      knockedDown: false,
      damage: { level: 'minor' },
    });
    // 3" away: +7. Die 7: 14, no wound, but 14 or less: a check, 5 fails.
    expect(grenadeBlast(man, 3, riggedDice([7, 5]))).toMatchObject({
      knockedDown: true,
      damage: { level: 'none', total: 14 },
    });
    // Die 8: 15, no check at all.
    expect(grenadeBlast(man, 3, riggedDice([8]))).toMatchObject({ knockedDown: false });
  });

  it('R9.10 Hollywood grenades (§9 optional): 11 or less goes off, 12 a dud; smother or throw back at experience -2, kick at -1, -1 more against a veteran thrower', () => {
    expect(grenadeFuse(riggedDice([11])).explodes).toBe(true);
    expect(grenadeFuse(riggedDice([12])).explodes).toBe(false);
    const man = { exp: 5, woundPoints: 0 };
    expect(grenadeReaction('smother', man, 4, riggedDice([3])).succeeds).toBe(true);
    expect(grenadeReaction('smother', man, 4, riggedDice([4])).succeeds).toBe(false);
    expect(grenadeReaction('kick', man, 4, riggedDice([4])).succeeds).toBe(true);
    expect(grenadeReaction('kick', man, 5, riggedDice([4])).succeeds).toBe(false);
    expect(smotherEffect()).toMatchObject({ friendsExtraInches: 3, ownDamage: -3 });
    expect(kickGrenade(riggedDice([3, 1, 12]))).toMatchObject({
      inches: 3,
      scatterInches: 1,
      clock: 12,
    });
  });

  it('R9.14 canister and grape (§9): 5" +3/-6, 12" 0/-5, 24" -2/-4, 48" -4/-3, 96" -6/-2; grape -1 to medium, -2 beyond', () => {
    expect(CANISTER_TABLE.map((r) => [r.upTo, r.toHit, r.damage])).toEqual([
      [5, 3, -6],
      [12, 0, -5],
      [24, -2, -4],
      [48, -4, -3],
      [96, -6, -2],
    ]);
    expect(canisterAt(5)).toMatchObject({ toHit: 3, damage: -6 });
    expect(canisterAt(6)).toMatchObject({ toHit: 0, damage: -5 });
    expect(canisterAt(10, 'grape')).toMatchObject({ toHit: -1, spreadPer10: 2 });
    expect(canisterAt(20, 'grape')).toMatchObject({ toHit: -3 });
    expect(canisterAt(30, 'grape')).toMatchObject({ toHit: -6 });
    expect(canisterAt(97)).toBeNull();
  });

  it('R9.16 bounce and ball volume (§9): rocky +2, soft -2; 3-pounder -1, 6 0, 9 +1, 12 +2', () => {
    expect(artilleryModifiers('rocky', 12).map((m) => m.value)).toEqual([2, 2]);
    expect(artilleryModifiers('soft', 3).map((m) => m.value)).toEqual([-2, -1]);
    expect(artilleryModifiers('normal', 6)).toEqual([]);
    expect(GUN_LOAD_TURNS).toEqual({ light: 3, 6: 4, 9: 4.5, 12: 5 });
  });

  it('R9.17 quick loading (§9): each success counts double; a failed last roll risks an accident on a d6 of 6, a passed one on a natural 12 to hit', () => {
    expect(advanceReload(0, 4, true, true)).toMatchObject({ rule: 'R9.17', progressHalves: 4 });
    expect(quickLoadRisk(false, riggedDice([6])).accident).toBe(true);
    expect(quickLoadRisk(false, riggedDice([5])).accident).toBe(false);
    expect(quickLoadRisk(true, riggedDice([]), 12).accident).toBe(true);
    expect(quickLoadRisk(true, riggedDice([]), 11).accident).toBe(false);
  });

  it('R9.18 misfires and accidents (§9): 1-2 bursts, 3 premature with 2 crew hit, 4 one, 5 none, 6-8 recoil, 9-12 1-6 actions to clear', () => {
    expect(gunAccident(riggedDice([2])).accident).toEqual({ kind: 'explodes' });
    expect(gunAccident(riggedDice([3, 2])).accident).toEqual({
      kind: 'premature',
      crewWounded: 2,
      high: true,
      highDie: 2,
    });
    expect(gunAccident(riggedDice([4, 4])).accident).toMatchObject({ crewWounded: 1, high: false });
    expect(gunAccident(riggedDice([5, 6])).accident).toMatchObject({ crewWounded: 0 });
    expect(gunAccident(riggedDice([8])).accident).toEqual({ kind: 'recoil' });
    expect(gunAccident(riggedDice([9, 5])).accident).toEqual({
      kind: 'loading-mistake',
      actionsToClear: 5,
    });
    expect(gunBurstModifier(2)).toBe(2);
    expect(gunBurstModifier(7)).toBeNull();
  });
});
