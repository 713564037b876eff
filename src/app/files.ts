/**
 * The player's own map files: the hidden file input (the Setup screen's "Load your own map"
 * button) and drag-and-drop anywhere on the page. Both read Tiled's files (maps, tilesets and
 * templates, in XML or JSON) as text and the images that come with them as bytes, and unpack
 * .zip map packs (checked against the loader's limits before anything is unpacked). Nothing
 * big is read before its size is checked: a file's size first, an image's header (its width
 * and height) before the image itself. Then the app loads the map (and keeps it under "my
 * maps") and the Setup screen shows it.
 */
import { LIMITS } from '../maps/constants';
import { MapError } from '../maps/errors';
import { checkImageFile, IMAGE_FILE, IMAGE_HEADER_BYTES } from '../maps/images';
import { app } from './app';
import { hiddenFileInput, openFileChooser } from './file-input';
import type { MapImageFile } from './map-images';
import { importSaveFile } from './save-files';
import { loadCampaignFile, picker } from './campaign-picker';

const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** What came of the chosen files: Tiled files as text, images as bytes, and what was refused. */
export interface ReadFiles {
  texts: { name: string; text: string }[];
  images: MapImageFile[];
  /** One plain sentence per image refused before it was read whole. */
  problems: string[];
}

/** The Tiled files among the chosen ones as text, and their images; a .zip pack becomes the files inside it. */
export async function readFiles(list: FileList | File[]): Promise<ReadFiles> {
  const files = Array.from(list);
  const out: ReadFiles = { texts: [], images: [], problems: [] };
  // The zip reader (and its inflate) loads when files first come, not with the Menu.
  const { TILED_FILE, unpackZip } = await import('../maps/zip');
  for (const f of files) {
    if (/\.zip$/i.test(f.name)) {
      if (f.size > MAX_FILE_BYTES) throw new MapError(`${f.name} is too large to be a map pack.`);
      const bytes = new Uint8Array(await f.arrayBuffer());
      const pack = unpackZip(bytes, `The map pack ${f.name}`);
      for (const [name, text] of Object.entries(pack.files)) out.texts.push({ name, text });
      for (const [path, data] of Object.entries(pack.images))
        out.images.push({ path, bytes: data });
      continue;
    }
    if (IMAGE_FILE.test(f.name)) {
      if (out.images.length >= LIMITS.maxImages) continue;
      // The header first: a hostile image is refused before it is read whole.
      const head = new Uint8Array(await f.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
      const checked = checkImageFile(f.name, head, f.size);
      if ('error' in checked) out.problems.push(checked.error);
      else out.images.push({ path: f.name, bytes: new Uint8Array(await f.arrayBuffer()) });
      continue;
    }
    // Notes and anything else that came with the map are not needed.
    if (!TILED_FILE.test(f.name) && files.length > 1) continue;
    if (f.size > MAX_FILE_BYTES) {
      out.texts.push({ name: f.name, text: '' });
      continue;
    }
    out.texts.push({ name: f.name, text: await f.text() });
  }
  return out;
}

async function acceptFiles(list: FileList | File[] | null): Promise<void> {
  if (!list || list.length === 0) return;
  // Reading and keeping a map takes a moment; a player who has moved on meanwhile (clicked
  // Start, opened a campaign) stays where they went, and the Setup screen is shown again
  // only from where the files came in.
  const from = app.activeSceneKey();
  app.filesLoading++;
  try {
    await readAndLoadFiles(list);
  } finally {
    app.filesLoading--;
  }
  if (app.activeSceneKey() === from || app.activeSceneKey() === 'Setup') app.goto('Setup');
}

/** Reads dropped or chosen files and loads the map among them; the outcome goes to app.mapMessage. */
async function readAndLoadFiles(list: FileList | File[]): Promise<void> {
  let read: ReadFiles;
  try {
    read = await readFiles(list);
  } catch (err) {
    app.mapMessage = {
      kind: 'error',
      text:
        err instanceof MapError
          ? err.message
          : `The files could not be read: ${err instanceof Error ? err.message : String(err)}`,
    };
    return;
  }
  const tooBig = read.texts.find((f) => f.text === '');
  if (tooBig) {
    app.mapMessage = { kind: 'error', text: `${tooBig.name} is empty or too large to be a map.` };
  } else if (read.texts.length === 0) {
    const why = read.problems.length > 0 ? ` ${read.problems.join(' ')}` : '';
    app.mapMessage = {
      kind: 'error',
      text: `No Tiled map came with ${read.images.length + read.problems.length === 1 ? 'that image' : 'those images'}: drop the map (.tmx or .tmj) together with its tilesets and images, or a .zip pack holding them.${why}`,
    };
  } else {
    await app.loadMapWithImages(read.texts, read.images, read.problems);
  }
}

function fileInput(): HTMLInputElement {
  return hiddenFileInput(
    'map-file',
    '.tmx,.tmj,.json,.tsx,.tsj,.tx,.tj,.zip,.png,.jpg,.jpeg,.gif,.webp,.bmp',
    (files) => void acceptFiles(files),
    true,
  );
}

/** Opens the file chooser (call from a click). */
export function chooseMapFiles(): void {
  openFileChooser(fileInput());
}

/** Wires the file input and page-wide drag-and-drop. */
export function installFileHandlers(): void {
  fileInput();
  const overlay = document.getElementById('drop-overlay');
  let depth = 0;
  const hasFiles = (e: DragEvent): boolean =>
    Array.from(e.dataTransfer?.types ?? []).includes('Files');
  window.addEventListener('dragenter', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth++;
    overlay?.classList.add('visible');
  });
  window.addEventListener('dragover', (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
  });
  window.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) overlay?.classList.remove('visible');
  });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    depth = 0;
    overlay?.classList.remove('visible');
    // On the Campaign screens a dropped file is a save to import (or, in the campaign
    // picker, a campaign file), not a map.
    const dropped = e.dataTransfer?.files?.[0];
    if (app.activeSceneKey() === 'Campaigns' && dropped && picker.slot)
      void loadCampaignFile(dropped);
    else if (app.activeSceneKey() === 'Campaigns' && dropped) void importSaveFile(dropped);
    else void acceptFiles(e.dataTransfer?.files ?? null);
  });
}
