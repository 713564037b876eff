/**
 * The page's hidden file inputs (a map's files, a save, a campaign file): each made once
 * under its id and kept in the page, so tests find it before the first click; and a
 * chosen or dropped file's text.
 */

/** The inputs whose choices already go somewhere (an input is wired once). */
const wired = new WeakSet<HTMLInputElement>();

/**
 * The hidden file input `id` (the page's own, as index.html has the map's, or made on first
 * use with `accept` and `multiple`); each choice goes to `onFiles`, wired once.
 */
export function hiddenFileInput(
  id: string,
  accept: string,
  onFiles: (files: FileList) => void,
  multiple = false,
): HTMLInputElement {
  let input = document.getElementById(id) as HTMLInputElement | null;
  if (!input) {
    input = document.createElement('input');
    input.type = 'file';
    input.id = id;
    input.multiple = multiple;
    input.accept = accept;
    input.hidden = true;
    document.body.appendChild(input);
  }
  if (!wired.has(input)) {
    const chosen = input;
    chosen.addEventListener('change', () => {
      if (chosen.files) onFiles(chosen.files);
    });
    wired.add(chosen);
  }
  return input;
}

/** Opens a file input's chooser (call from a click); cleared first, so the same file can be chosen again. */
export function openFileChooser(input: HTMLInputElement): void {
  input.value = '';
  input.click();
}

/** A file's text, or '' when the browser cannot read it (the checker then names the problem). */
export async function readFileText(file: File): Promise<string> {
  try {
    return await file.text();
  } catch {
    return '';
  }
}
