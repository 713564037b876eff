/**
 * The app's save handling (src/app/app.ts) without a screen: a new campaign is saved in
 * its slot at once; an ironman campaign cannot be exported or its battle fought again;
 * an exported campaign imports into the first empty slot and, once the three campaign
 * slots are full, an import is refused in words and nothing changes; a quick battle's
 * file goes to the quick battle slot.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { app } from '../../src/app/app';
import { battleRecord, BattleSession } from '../../src/app/session';
import { saveFileText } from '../../src/app/save-slots';
import { defaultOptions } from '../../src/engine';

const g = globalThis as { indexedDB?: unknown };

beforeEach(async () => {
  app.slots.close();
  g.indexedDB = new IDBFactory();
  await app.slots.open();
  app.campaign = null;
});

describe('the app and its save slots', () => {
  it('saves a new campaign, exports it and imports it into the next empty slot', async () => {
    expect((await app.newCampaign('campaign-1', 'ember-crown', 'normal', 99)).ok).toBe(true);
    expect(app.slots.get('campaign-1')?.detail).toMatch(/^Normal: 0 won, next "The Den/);
    const file = app.exportSlot('campaign-1');
    if (!file.ok) throw new Error(file.error);
    expect(file.name).toBe('arch-foe-the-ember-crown-campaign-1.json');
    const imported = await app.importSave(file.text);
    expect(imported).toMatchObject({ ok: true, slot: 'campaign-2' });
    expect(app.slots.get('campaign-2')?.data).toEqual(app.slots.get('campaign-1')?.data);
    expect((await app.importSave(file.text)).ok).toBe(true);
    const full = await app.importSave(file.text);
    expect(full.ok ? '' : full.error).toMatch(/Every campaign slot is taken/);
    const bad = await app.importSave(
      '{"format":"arch-foe-slot","version":1,"kind":"campaign","data":{}}',
    );
    expect(bad.ok).toBe(false);
  });

  it('an ironman campaign has one save: no export, no second try at a battle', async () => {
    await app.newCampaign('campaign-3', 'ember-crown', 'ironman', 7);
    const file = app.exportSlot('campaign-3');
    expect(file.ok ? '' : file.error).toMatch(/ironman/i);
    expect((await app.playMission()).ok).toBe(true);
    expect(app.campaign?.state.battle).not.toBeNull();
    expect(app.restartMission()).toEqual({
      ok: false,
      error: 'Ironman: a battle cannot be fought again.',
    });
  });

  it('a quick battle file goes to the quick battle slot', async () => {
    const made = BattleSession.create({
      scenario: 'dungeon-crawl',
      seed: 3,
      options: defaultOptions(),
      custom: null,
      seedTyped: true,
    });
    if (!made.ok) throw new Error(made.error);
    const r = await app.importSave(saveFileText(battleRecord(made.session)), 'campaign-1');
    expect(r).toMatchObject({ ok: true, slot: 'quick' });
    expect(app.slots.get('quick')?.kind).toBe('battle');
  });
});
