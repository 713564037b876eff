/**
 * Save files on the page: a slot's save downloaded as a .json file, and a save file read
 * back from the file picker or dropped on the Campaign screens. The app checks the whole
 * save (replaying it) before it writes anything; the answer goes to app.campaignsMessage
 * for the screen to show.
 */
import { app } from './app';
import { hiddenFileInput, openFileChooser, readFileText } from './file-input';
import type { CampaignSlotId, SlotId } from './save-slots';

/** The largest save file read (a long campaign's commands are well under this). */
const MAX_SAVE_BYTES = 16 * 1024 * 1024;

/**
 * Downloads a slot's save as a file (a campaign's maps from My maps with their images:
 * app.exportSlotFile); returns the plain message to show.
 */
export async function downloadSlot(slot: SlotId): Promise<{ ok: boolean; message: string }> {
  const made = await app.exportSlotFile(slot);
  if (!made.ok) return { ok: false, message: made.error };
  try {
    const url = URL.createObjectURL(new Blob([made.text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = made.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return { ok: true, message: [`Saved as ${made.name}.`, ...made.notes].join(' ') };
  } catch (e) {
    return { ok: false, message: `The file could not be made: ${String(e)}` };
  }
}

/** Reads a chosen or dropped file as a save into `slot` (or the first free campaign slot). */
export async function importSaveFile(file: File, slot?: CampaignSlotId): Promise<void> {
  let outcome: { ok: boolean; message: string };
  if (file.size > MAX_SAVE_BYTES) {
    outcome = { ok: false, message: `${file.name} is too large to be an Arch Foe save.` };
  } else {
    const r = await app.importSave(await readFileText(file), slot);
    outcome = r.ok
      ? { ok: true, message: r.message }
      : { ok: false, message: `${file.name}: ${r.error}` };
  }
  app.campaignsMessage = { kind: outcome.ok ? 'info' : 'error', text: outcome.message };
  if (app.activeSceneKey() === 'Campaigns') app.goto('Campaigns');
}

function saveInput(): HTMLInputElement {
  return hiddenFileInput('save-file', '.json,application/json', (files) => {
    if (files[0]) void importSaveFile(files[0]);
  });
}

/** Opens the file chooser for a save file (call from a click). */
export function chooseSaveFile(): void {
  openFileChooser(saveInput());
}

/** Installs the save file input (so tests and the picker find it before the first click). */
export function installSaveFileInput(): void {
  saveInput();
}
