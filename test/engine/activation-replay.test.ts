/**
 * What an activation changed, as the look-ahead's replay keeps it (systems/replay.ts):
 * the changes between a copy of the state before and the state after, made again on
 * another copy, give the state after exactly. Values a copy shares with its original
 * (the map, weapon lists) are kept by reference; everything else is copied, since each
 * run of a look-ahead changes its own state in place.
 */
import { describe, expect, it } from 'vitest';
import { cloneState, cloneStateOnto } from '../../src/engine/game';
import {
  applyChanges,
  changesBetween,
  sharedKeys,
} from '../../src/engine/systems/activation-replay';
import { boardGame, startWith } from './helpers';

const BOARD = `
########
#F....g#
#..T...#
#P....g#
########
`;

function started() {
  return startWith(boardGame(BOARD), [4, 4]).state;
}

describe('the changes an activation made', () => {
  it('turn a copy of the state before into the state after, values copied', () => {
    const state = started();
    const before = cloneState(state);
    const shared = sharedKeys(state, before);
    expect(shared.top.has('map')).toBe(true);
    expect(shared.unit.has('weapons')).toBe(true);
    expect(shared.top.has('units')).toBe(false);

    const after = cloneState(before);
    const goblin = after.units.find((u) => u.id.startsWith('goblin'))!;
    goblin.position = { x: 5, y: 2 };
    goblin.facing = 6;
    goblin.ai!.status = 'alerted';
    goblin.stats.attacks += 1;
    const hero = after.units.find((u) => u.side === 'heroes')!;
    hero.wounds = 1;
    hero.conditions = [{ kind: 'stunned', rounds: 1 } as never];
    delete (hero as { offField?: boolean }).offField;
    (after as { heroesHaveMoved: boolean }).heroesHaveMoved = true;
    const map = { ...after.map };
    after.map = map;

    const changes = changesBetween(before, after, shared);
    // Each change where it happened, not the whole figure.
    expect(changes.map((c) => c.path.join('.'))).toEqual(
      expect.arrayContaining(['heroesHaveMoved', 'map']),
    );
    expect(changes.some((c) => c.path.join('.').endsWith('.position.x'))).toBe(true);
    expect(changes.some((c) => c.path.length === 2 && c.path[0] === 'units')).toBe(false);

    const again = cloneState(before);
    applyChanges(again, changes);
    expect(JSON.stringify(again)).toBe(JSON.stringify(after));
    // The map is the very one the activation left (shared); the rest are copies.
    expect(again.map).toBe(map);
    const goblinAgain = again.units.find((u) => u.id === goblin.id)!;
    expect(goblinAgain.position).not.toBe(goblin.position);
    const heroAgain = again.units.find((u) => u.id === hero.id)!;
    expect(heroAgain.conditions).toEqual(hero.conditions);
    expect(heroAgain.conditions).not.toBe(hero.conditions);
    // Made twice on one more copy, each change stays its own (a later run's in-place
    // change does not reach the kept value).
    (goblinAgain.position as { x: number }).x = 1;
    const third = cloneState(before);
    applyChanges(third, changes);
    expect(third.units.find((u) => u.id === goblin.id)!.position).toEqual({ x: 5, y: 2 });
  });

  it('remove a key the activation removed, and nothing when nothing changed', () => {
    const state = started();
    const before = cloneState(state);
    const shared = sharedKeys(state, before);
    expect(changesBetween(before, cloneState(before), shared)).toEqual([]);

    const withLoad = cloneState(before);
    const goblin = withLoad.units.find((u) => u.id.startsWith('goblin'))!;
    (goblin as { carrying?: boolean }).carrying = true;
    const loaded = cloneState(withLoad);
    const dropped = cloneState(withLoad);
    delete (dropped.units.find((u) => u.id === goblin.id) as { carrying?: boolean }).carrying;
    const changes = changesBetween(loaded, dropped, shared);
    expect(changes).toEqual([
      expect.objectContaining({
        path: ['units', withLoad.units.indexOf(goblin), 'carrying'],
        removed: true,
      }),
    ]);
    const again = cloneState(loaded);
    applyChanges(again, changes);
    expect(JSON.stringify(again)).toBe(JSON.stringify(dropped));
    expect('carrying' in again.units.find((u) => u.id === goblin.id)!).toBe(false);
  });

  it('keep their own copy of a value added whole, which the run may change after', () => {
    const state = started();
    const before = cloneState(state);
    const shared = sharedKeys(state, before);
    const after = cloneState(before);
    const hero = after.units.find((u) => u.side === 'heroes')!;
    const conditions = [{ kind: 'stunned', rounds: 1 } as never];
    hero.conditions = conditions;
    const changes = changesBetween(before, after, shared);
    // The run goes on and changes the list in place: the kept change is not touched.
    (conditions as unknown[]).push({ kind: 'slowed', rounds: 2 });
    const again = cloneState(before);
    applyChanges(again, changes);
    expect(again.units.find((u) => u.id === hero.id)!.conditions).toEqual([
      { kind: 'stunned', rounds: 1 },
    ]);
  });
});

describe('a copy that takes over the figures a dropped run left as they were', () => {
  it('keeps the untouched figures, copies the changed ones, and equals a plain copy', () => {
    const state = started();
    const spare = cloneState(state);
    const goblin = spare.units.find((u) => u.id.startsWith('goblin'))!;
    goblin.ai!.status = 'alerted';
    const hero = spare.units.find((u) => u.side === 'heroes')!;
    const other = spare.units.find((u) => u.side === 'heroes' && u !== hero)!;
    other.stats.attacks += 1;
    const third = spare.units.find((u) => u.id !== goblin.id && u !== hero && u !== other)!;
    // A shared value (the weapon list) is kept only when it is the very same list.
    third.weapons = third.weapons.map((w) => ({ ...w }));
    // A figure moved a square.
    const moved = spare.units.find((u) => ![goblin, hero, other, third].includes(u))!;
    moved.position = { x: moved.position!.x, y: moved.position!.y + 1 };
    // The hero, in a new square object on the very same square, is still taken over.
    hero.position = { ...hero.position! };

    const copy = cloneStateOnto(state, spare);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(cloneState(state)));
    expect(copy).not.toBe(state);
    expect(copy.units).not.toBe(spare.units);
    const at = (u: { id: string }) => copy.units.find((c) => c.id === u.id)!;
    expect(at(hero)).toBe(hero);
    expect(at(goblin)).not.toBe(goblin);
    expect(at(goblin).ai!.status).toBe(state.units.find((u) => u.id === goblin.id)!.ai!.status);
    expect(at(other)).not.toBe(other);
    expect(at(third)).not.toBe(third);
    expect(at(third).weapons).toBe(state.units.find((u) => u.id === third.id)!.weapons);
    expect(at(moved)).not.toBe(moved);
    // One taken off the board is copied again too.
    const other2 = cloneState(state);
    const gone = other2.units.find((u) => u.id === moved.id)!;
    gone.position = null;
    const copy2 = cloneStateOnto(state, other2);
    expect(copy2.units.find((u) => u.id === gone.id)).not.toBe(gone);
    expect(JSON.stringify(copy2)).toBe(JSON.stringify(cloneState(state)));

    // A copied figure is the state's values in objects of its own.
    expect(at(goblin).position).not.toBe(state.units.find((u) => u.id === goblin.id)!.position);
  });
});
