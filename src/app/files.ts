/**
 * The player's own map files: the hidden file input (the Setup screen's "Load your own map"
 * button) and drag-and-drop anywhere on the page. Both read Tiled's files (maps, tilesets and
 * templates, in XML or JSON) as text, unpack .zip map packs (checked against the loader's
 * limits before anything is unpacked), hand them to the app, then show the Setup screen.
 * Images are not read: the game draws with its own tiles.
 */
import { MapError, TILED_FILE, unpackZip } from '../maps';
import { app } from './app';

const MAX_FILE_BYTES = 32 * 1024 * 1024;

/** The Tiled files among the chosen ones, as text; a .zip pack becomes the files inside it. */
export async function readFiles(
  list: FileList | File[],
): Promise<{ name: string; text: string }[]> {
  const files = Array.from(list);
  const out: { name: string; text: string }[] = [];
  for (const f of files) {
    if (/\.zip$/i.test(f.name)) {
      if (f.size > MAX_FILE_BYTES) throw new MapError(`${f.name} is too large to be a map pack.`);
      const bytes = new Uint8Array(await f.arrayBuffer());
      const pack = unpackZip(bytes, `The map pack ${f.name}`);
      for (const [name, text] of Object.entries(pack.files)) out.push({ name, text });
      continue;
    }
    // Images and notes that came with the map are not needed.
    if (!TILED_FILE.test(f.name) && files.length > 1) continue;
    if (f.size > MAX_FILE_BYTES) {
      out.push({ name: f.name, text: '' });
      continue;
    }
    out.push({ name: f.name, text: await f.text() });
  }
  return out;
}

async function acceptFiles(list: FileList | File[] | null): Promise<void> {
  if (!list || list.length === 0) return;
  let files: { name: string; text: string }[];
  try {
    files = await readFiles(list);
  } catch (err) {
    app.mapMessage = {
      kind: 'error',
      text:
        err instanceof MapError
          ? err.message
          : `The files could not be read: ${err instanceof Error ? err.message : String(err)}`,
    };
    app.goto('Setup');
    return;
  }
  const tooBig = files.find((f) => f.text === '');
  if (tooBig) {
    app.mapMessage = { kind: 'error', text: `${tooBig.name} is empty or too large to be a map.` };
  } else {
    app.loadMapFiles(files);
  }
  app.goto('Setup');
}

function fileInput(): HTMLInputElement {
  let input = document.getElementById('map-file') as HTMLInputElement | null;
  if (!input) {
    input = document.createElement('input');
    input.type = 'file';
    input.id = 'map-file';
    input.multiple = true;
    input.accept = '.tmx,.tmj,.json,.tsx,.tsj,.tx,.tj,.zip';
    input.hidden = true;
    document.body.appendChild(input);
  }
  return input;
}

/** Opens the file chooser (call from a click). */
export function chooseMapFiles(): void {
  const input = fileInput();
  input.value = '';
  input.click();
}

/** Wires the file input and page-wide drag-and-drop. */
export function installFileHandlers(): void {
  const input = fileInput();
  input.addEventListener('change', () => {
    void acceptFiles(input.files);
  });
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
    void acceptFiles(e.dataTransfer?.files ?? null);
  });
}
