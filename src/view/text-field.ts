/**
 * The game's own text field (issue 29: renaming a hero opened the browser's prompt): a
 * panel drawn as the game's, over a dimmed screen, with a real <input> laid over the canvas
 * where the field is drawn, so that a phone shows its on-screen keyboard, the browser's
 * own caret, selection and paste work, and the letters follow the text size setting.
 * Enter (or OK) confirms, Escape (or Cancel) cancels; the length is limited and an empty
 * name refused. One field at a time.
 */
import Phaser from 'phaser';
import { registerControl } from '../app/controls';
import { hudToScreen, hudCamera } from './frame';
import { BODY_FONT, COLORS, CSS, readingSize, readingStyle, titleStyle } from './theme';
import { Button, drawPanel } from './ui';

export interface TextFieldOptions {
  /** The panel's centre and width (the scene's layout pixels). */
  x: number;
  y: number;
  width: number;
  /** The question over the field ("A new name for Thief:"). */
  title: string;
  /** The text the field opens with (selected, so typing replaces it). */
  value: string;
  /** The most characters the field takes. */
  maxLength: number;
  /**
   * Called with the text confirmed (trimmed, never empty): null closes the field, a
   * sentence keeps it open with that sentence under it (the name was not taken).
   */
  submit: (text: string) => string | null;
  /** Called when the field closes without a name (Escape, Cancel). */
  cancel?: () => void;
  /** The name the tests and the automation API know the field by (`${name}-input` etc.). */
  name?: string;
}

/** An open text field: its input element (for tests) and a way to close it. */
export interface TextField {
  readonly input: HTMLInputElement;
  close(): void;
}

let open: TextField | null = null;

/** The text field open now, if any (the automation API reads it). */
export function openTextField(): TextField | null {
  return open;
}

/** The words a field shows for a text it refuses before asking anyone. */
export function refusal(text: string, maxLength: number): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return 'A name needs at least one letter.';
  if (trimmed.length > maxLength) return `A name has at most ${maxLength} characters.`;
  return null;
}

/** Opens a text field over `scene` (closing any other first). */
export function showTextField(scene: Phaser.Scene, options: TextFieldOptions): TextField {
  open?.close();
  const name = options.name ?? 'text-field';
  const { x, y, width } = options;
  const fontPx = readingSize(18);
  const fieldH = Math.round(fontPx * 1.9);
  const pad = 18;
  const root = scene.add.container(0, 0).setDepth(9000);
  // The screen under the panel dimmed, and taking the pointer (a press outside cancels).
  const cam = hudCamera(scene);
  const shade = scene.add
    .rectangle(
      cam.scrollX + cam.width / (2 * cam.zoom),
      cam.scrollY + cam.height / (2 * cam.zoom),
      cam.width / cam.zoom + 4,
      cam.height / cam.zoom + 4,
      0x000000,
      0.6,
    )
    .setInteractive();
  const title = scene.add
    .text(x - width / 2 + pad, 0, options.title, titleStyle(readingSize(18), CSS.gold))
    .setWordWrapWidth(width - 2 * pad);
  const message = scene.add
    .text(x - width / 2 + pad, 0, '', readingStyle(13, '#ffc2b8'))
    .setWordWrapWidth(width - 2 * pad)
    .setName(`${name}-message`);
  const buttonH = 44;
  const height = pad + title.height + 10 + fieldH + 8 + message.height + 28 + buttonH + pad;
  const top = y - height / 2;
  title.setY(top + pad);
  const fieldY = top + pad + title.height + 10;
  const messageY = fieldY + fieldH + 8;
  message.setY(messageY);
  const panel = scene.add.graphics();
  const drawFrame = (): void => {
    panel.clear();
    drawPanel(panel, x - width / 2, top, width, height, { alpha: 1 });
    // The field's well: the input element lies over it.
    panel.fillStyle(0x0b0a0e, 1);
    panel.fillRoundedRect(x - width / 2 + pad, fieldY, width - 2 * pad, fieldH, 6);
    panel.lineStyle(2, COLORS.gold, 0.9);
    panel.strokeRoundedRect(x - width / 2 + pad, fieldY, width - 2 * pad, fieldH, 6);
  };
  drawFrame();
  root.add([shade, panel, title, message]);

  const input = document.createElement('input');
  input.type = 'text';
  input.value = options.value;
  input.maxLength = options.maxLength;
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.enterKeyHint = 'done';
  input.setAttribute('aria-label', options.title);
  input.dataset.name = `${name}-input`;
  Object.assign(input.style, {
    position: 'fixed',
    boxSizing: 'border-box',
    margin: '0',
    padding: '0 0.4em',
    border: 'none',
    outline: 'none',
    background: 'transparent',
    color: CSS.parchment,
    caretColor: CSS.gold,
    fontFamily: BODY_FONT,
    zIndex: '10',
  } satisfies Partial<CSSStyleDeclaration>);
  document.body.appendChild(input);

  /** Lays the input over the field's well, in page pixels (again after a resize). */
  const place = (): void => {
    const canvas = scene.game.canvas;
    const box = canvas.getBoundingClientRect();
    const perX = box.width / scene.scale.gameSize.width;
    const perY = box.height / scene.scale.gameSize.height;
    const a = hudToScreen(scene, x - width / 2 + pad, fieldY);
    const b = hudToScreen(scene, x + width / 2 - pad, fieldY + fieldH);
    input.style.left = `${box.left + a.x * perX}px`;
    input.style.top = `${box.top + a.y * perY}px`;
    input.style.width = `${(b.x - a.x) * perX}px`;
    input.style.height = `${(b.y - a.y) * perY}px`;
    // The letters as large on the page as the game's own at this text size.
    input.style.fontSize = `${fontPx * hudCamera(scene).zoom * perY}px`;
  };
  place();
  scene.scale.on(Phaser.Scale.Events.RESIZE, place);

  let closed = false;
  const unregister: (() => void)[] = [];
  const close = (): void => {
    if (closed) return;
    closed = true;
    scene.scale.off(Phaser.Scale.Events.RESIZE, place);
    input.remove();
    for (const u of unregister) u();
    if (root.scene) root.destroy();
    if (open === field) open = null;
  };
  const say = (words: string): void => {
    message.setText(words);
  };
  const confirm = (): void => {
    const refused = refusal(input.value, options.maxLength);
    if (refused) return say(refused);
    const answer = options.submit(input.value.trim());
    if (answer === null) close();
    else say(answer);
  };
  const cancel = (): void => {
    close();
    options.cancel?.();
  };
  // The keys stay with the field: the screen under it hears none of them.
  input.addEventListener('keydown', (e) => {
    e.stopPropagation();
    if (e.key === 'Enter') {
      e.preventDefault();
      confirm();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    } else if (message.text) say('');
  });
  input.addEventListener('keyup', (e) => e.stopPropagation());
  shade.on('pointerup', cancel);

  const buttonW = Math.min(160, (width - 2 * pad - 12) / 2);
  const buttonY = top + height - pad - buttonH / 2;
  const ok = new Button(scene, x + width / 2 - pad - buttonW / 2, buttonY, {
    name: `${name}-ok`,
    width: buttonW,
    height: buttonH,
    label: 'OK (Enter)',
    fontSize: 16,
    primary: true,
    onClick: confirm,
  });
  const no = new Button(scene, x + width / 2 - pad - buttonW * 1.5 - 12, buttonY, {
    name: `${name}-cancel`,
    width: buttonW,
    height: buttonH,
    label: 'Cancel (Esc)',
    fontSize: 16,
    onClick: cancel,
  });
  root.add([ok, no]);
  // The field itself, for the tests: where it is and what it holds.
  unregister.push(
    registerControl(name, () => {
      if (closed) return null;
      const a = hudToScreen(scene, x - width / 2 + pad, fieldY);
      const b = hudToScreen(scene, x + width / 2 - pad, fieldY + fieldH);
      return {
        x: a.x,
        y: a.y,
        width: b.x - a.x,
        height: b.y - a.y,
        enabled: true,
        label: input.value,
      };
    }),
  );
  scene.events.once(Phaser.Scenes.Events.SHUTDOWN, close);
  const field: TextField = { input, close };
  open = field;
  // Typing replaces the old name; a phone shows its keyboard (the press that opened the
  // field is the user's gesture the browser asks for).
  input.focus();
  input.select();
  return field;
}
