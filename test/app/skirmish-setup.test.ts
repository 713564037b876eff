/**
 * The Setup screen's Skirmish choices as scenario ids: the Skirmish on any bundled map
 * (`rules:skirmish:map:<id>`), a random battlefield's kind, scale and seed read back from
 * its id, and a mustered army carried into the battle and through a save.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseHeroCommand, findRuleModule } from '../../src/engine';
import {
  battlefieldMaps,
  fieldScenarioId,
  parseFieldId,
  parseUnderRulesId,
  resolveScenario,
  underRulesId,
} from '../../src/app/maps';
import { BattleSession } from '../../src/app/session';

beforeEach(() => {
  const data = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
  };
});

describe('Skirmish battlefields as scenario ids', () => {
  it('a bundled map plays under the Skirmish rules, with a mustered army, and resumes', () => {
    const id = underRulesId('skirmish', 'map:goblin-warren');
    expect(parseUnderRulesId(id)).toEqual({ ruleModule: 'skirmish', map: 'map:goblin-warren' });
    const r = resolveScenario(id, null);
    expect(r.ok, r.ok ? '' : r.error).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.ruleModule).toBe('skirmish');
    const muster = findRuleModule('skirmish')!.muster!;
    const added = muster.add({ ...r.scenario.defaults, heroes: 'knight' }, 'heroes', 'archer');
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    const created = BattleSession.create({
      scenario: id,
      seed: 4,
      options: added.options,
      custom: null,
      seedTyped: true,
    });
    expect(created.ok, created.ok ? '' : created.error).toBe(true);
    if (!created.ok) return;
    const s = created.session;
    expect(s.state.ruleModule).toBe('skirmish');
    expect(s.state.units.filter((u) => u.side === 'heroes').map((u) => u.kind)).toEqual([
      'knight',
      'archer',
    ]);
    for (let i = 0; i < 6 && !s.over; i++)
      expect(s.apply(chooseHeroCommand(s.state)!).ok).toBe(true);
    const back = BattleSession.fromSave(JSON.parse(JSON.stringify(s.toSave())));
    expect(back.ok, back.ok ? '' : back.error).toBe(true);
  });

  it('unknown rules or maps are refused in words', () => {
    expect(resolveScenario('rules:chess:map:goblin-warren', null)).toMatchObject({ ok: false });
    expect(resolveScenario('rules:skirmish:map:nowhere', null)).toMatchObject({ ok: false });
    expect(resolveScenario('rules:skirmish:rules:skirmish:custom', null)).toMatchObject({
      ok: false,
    });
    expect(resolveScenario('rules:skirmish:custom', null)).toEqual({
      ok: false,
      error: 'No map of your own has been loaded.',
    });
  });

  it('a random battlefield id gives back its kind, scale and seed', () => {
    expect(parseFieldId(fieldScenarioId('skirmish', 417, 'small'))).toEqual({
      kind: 'skirmish',
      scale: 'small',
      seed: 417,
    });
    expect(parseFieldId('field:moon:1')).toBeNull();
    expect(parseFieldId('map:dragon-hall')).toBeNull();
    expect(battlefieldMaps(null).map((m) => m.id)).toContain('map:dragon-hall');
  });
});
