/**
 * The campaign picker's state and its campaign files: which empty slot a new campaign is
 * being picked for, which campaign and difficulty are chosen, and a campaign file read from
 * the file picker or dropped on the page (the maps it plays of the player's are found under
 * My maps by name and copied in). A file is checked whole before it is listed; a
 * damaged or invalid one gets a plain message naming the problem, and nothing saved changes.
 */
import type { Difficulty } from '../engine/campaign';
import { app } from './app';
import { hiddenFileInput, openFileChooser, readFileText } from './file-input';
import { findStoredMapByName } from './map-store';
import type { CampaignSlotId } from './save-slots';

/**
 * The campaign file largest read (the bundled one of eleven missions is about 12 kB; a
 * campaign carrying its own Tiled maps is larger).
 */
export const MAX_CAMPAIGN_BYTES = 8 * 1024 * 1024;

export const picker: {
  /** The empty slot a campaign is being picked for, or null (the slots are shown). */
  slot: CampaignSlotId | null;
  /** The id of the campaign chosen (null: the first listed). */
  chosen: string | null;
  difficulty: Difficulty;
} = { slot: null, chosen: null, difficulty: 'normal' };

/** Reads a chosen or dropped campaign file into the picker's list and chooses it. */
export async function loadCampaignFile(file: File): Promise<void> {
  let outcome: { kind: 'error' | 'info'; text: string };
  if (file.size > MAX_CAMPAIGN_BYTES) {
    outcome = { kind: 'error', text: `${file.name} is too large to be a campaign file.` };
  } else {
    const { addCampaignFile } = await app.loadPlayKit();
    const r = await addCampaignFile(await readFileText(file), (name) => findStoredMapByName(name));
    if (r.ok) picker.chosen = r.def.id;
    outcome = r.ok
      ? { kind: 'info', text: `"${r.def.name}" is loaded from ${file.name}.` }
      : { kind: 'error', text: `${file.name} cannot be loaded as a campaign. ${r.error}` };
  }
  app.campaignsMessage = outcome;
  if (app.activeSceneKey() === 'Campaigns') app.goto('Campaigns');
}

function campaignInput(): HTMLInputElement {
  return hiddenFileInput('campaign-file', '.json,application/json', (files) => {
    if (files[0]) void loadCampaignFile(files[0]);
  });
}

/** Opens the file chooser for a campaign file (call from a click). */
export function chooseCampaignFile(): void {
  openFileChooser(campaignInput());
}

/** Installs the campaign file input (so tests find it before the first click). */
export function installCampaignFileInput(): void {
  campaignInput();
}
