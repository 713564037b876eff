/**
 * The Oracle panel (solitaire-gaming-rules I and II), one component for the battle and the
 * Campaign screen: the kind of question (What happens next / Yes or no / Is the secret
 * here?), what it is about, for a secret whether this is the last place it could be, and
 * Ask. The host rolls the answer through the engine (a battle command or a campaign step)
 * and the panel shows it in large words with the die and the rule, above the last few
 * questions and answers.
 *
 * Phaser has no text field, so the panel is a small DOM form over the canvas: it works with
 * the keyboard alone (Tab, the arrows between the kinds, Enter asks, Esc closes) and by taps
 * on a phone. Its key presses never reach the scene's keys.
 */
import { oracleRule, type GameEvent, type OracleQuestion, type RuleRef } from '../engine';
import { CSS, BODY_FONT, TITLE_FONT } from './theme';

/** A question and its answer as the panel shows it. */
export interface OracleShown {
  question: OracleQuestion;
  about: string;
  roll: number;
  answer: string;
  rule: RuleRef;
}

/**
 * What an open panel holds (the kind chosen, the words typed, the last-place toggle, the
 * answer shown, where the focus is): kept while its scene is laid out again for a new
 * window size, and given back to the panel made anew.
 */
export interface OracleDraft {
  question: OracleQuestion;
  about: string;
  lastPlace: boolean;
  shown: OracleShown | null;
  /** The id of the panel's element that had the focus, if one had. */
  focus: string | null;
}

export type OracleAsked = { ok: true; shown: OracleShown } | { ok: false; error: string };

export interface OraclePanelHost {
  /** Where the panel is ("In battle", "Between missions"), under its title. */
  where: string;
  /** Puts the question to the engine; the answer or a plain message. */
  ask(question: OracleQuestion, about: string, lastPlace: boolean): Promise<OracleAsked>;
  /** The questions asked so far here, oldest first. */
  history(): OracleShown[];
  /** Called when the panel closes (to give the keys back to the scene). */
  closed?(): void;
}

const KINDS: readonly { question: OracleQuestion; label: string; hint: string }[] = [
  { question: 'next', label: 'What happens next?', hint: 'Something that could happen now' },
  { question: 'yes-no', label: 'Yes or no?', hint: 'A question the story leaves open' },
  { question: 'secret', label: 'Is the secret here?', hint: 'Where a hidden thing might be' },
];

/** The questions asked in a battle, from its events, oldest first. */
export function oracleAnswers(events: readonly GameEvent[]): OracleShown[] {
  const out: OracleShown[] = [];
  for (const e of events)
    if (e.type === 'oracle')
      out.push({
        question: e.question,
        about: e.about,
        roll: e.roll,
        answer: e.answer,
        rule: oracleRule(e.question),
      });
  return out;
}

/** How many past questions the panel lists. */
const HISTORY_SHOWN = 5;

const ABOUT_MAX = 200;

const STYLE_ID = 'oracle-panel-style';

const STYLE = `
#oracle-panel { position: fixed; left: 50%; top: 50%; transform: translate(-50%, -50%);
  width: min(460px, calc(100vw - 16px)); max-height: calc(100vh - 16px); overflow-y: auto;
  box-sizing: border-box; padding: 14px 16px 12px; z-index: 20; color: ${CSS.parchment};
  background: rgba(20, 15, 24, 0.97); border: 2px solid #8a6a3a; border-radius: 10px;
  box-shadow: 0 8px 30px rgba(0, 0, 0, 0.7); font: 15px ${BODY_FONT}; }
#oracle-panel h2 { margin: 0; font: bold 22px ${TITLE_FONT}; color: ${CSS.gold}; }
#oracle-panel .where { color: ${CSS.muted}; font-size: 13px; margin: 2px 0 8px; }
#oracle-panel fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
#oracle-panel .kind { display: flex; align-items: center; gap: 8px; padding: 6px 8px; min-height: 30px;
  border: 1px solid #4a3c30; border-radius: 6px; cursor: pointer; }
#oracle-panel .kind:has(input:checked) { border-color: ${CSS.gold}; background: rgba(232, 180, 76, 0.14); }
#oracle-panel .kind small { color: ${CSS.muted}; margin-left: auto; font-size: 12px; text-align: right; }
#oracle-panel input[type=radio], #oracle-panel input[type=checkbox] { width: 18px; height: 18px; accent-color: ${CSS.gold}; }
#oracle-panel label.about { display: block; margin: 10px 0 4px; color: ${CSS.muted}; font-size: 13px; }
#oracle-about { width: 100%; box-sizing: border-box; padding: 8px; font: 16px ${BODY_FONT};
  color: ${CSS.parchment}; background: #0d0a10; border: 1px solid #6f5a3e; border-radius: 6px; }
#oracle-panel .last { display: flex; align-items: center; gap: 8px; margin-top: 8px; min-height: 28px; }
#oracle-panel .last[hidden] { display: none; }
#oracle-panel .row { display: flex; gap: 8px; margin-top: 10px; }
#oracle-panel button { flex: 1; min-height: 42px; font: bold 17px ${TITLE_FONT}; border-radius: 6px;
  cursor: pointer; color: ${CSS.parchment}; background: #2c2230; border: 1px solid #6f5a3e; }
#oracle-panel button.primary { background: #6b4a1c; border-color: ${CSS.gold}; }
#oracle-panel button:focus-visible, #oracle-panel input:focus-visible, #oracle-panel .kind:focus-within {
  outline: 2px solid ${CSS.yellow}; outline-offset: 1px; }
#oracle-answer { display: flex; align-items: center; gap: 12px; margin-top: 12px; min-height: 64px;
  padding: 8px; border-radius: 8px; background: rgba(0, 0, 0, 0.35); }
#oracle-answer[hidden] { display: none; }
#oracle-die { flex: none; width: 56px; height: 56px; display: flex; flex-direction: column; align-items: center;
  justify-content: center; border-radius: 10px; background: ${CSS.parchment}; color: #1a1014;
  font: bold 26px ${TITLE_FONT}; line-height: 1; }
#oracle-die small { font: 11px ${BODY_FONT}; }
#oracle-words { font: bold 24px ${TITLE_FONT}; color: ${CSS.gold}; line-height: 1.15; }
#oracle-asked { color: ${CSS.muted}; font-size: 13px; margin-top: 2px; }
#oracle-rule { color: ${CSS.blue}; font-size: 12px; margin-top: 2px; }
#oracle-message { color: ${CSS.red}; font-size: 14px; margin-top: 8px; min-height: 0; }
#oracle-history { margin: 10px 0 0; padding: 0; list-style: none; font-size: 13px; color: ${CSS.muted}; }
#oracle-history li { padding: 3px 0; border-top: 1px solid #3a2e28; }
#oracle-history li b { color: ${CSS.parchment}; }
#oracle-panel .keys { color: ${CSS.dim}; font-size: 12px; margin-top: 8px; }
`;

/** The words shown large for an answer: its first letter up. */
function bigWords(answer: string): string {
  return answer.charAt(0).toUpperCase() + answer.slice(1);
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export class OraclePanel {
  private root: HTMLFormElement | null = null;
  private asking = false;
  /** The answer the panel shows now (kept in a draft). */
  private shown: OracleShown | null = null;
  /** The element that had the focus before the panel opened (given it back on close). */
  private before: Element | null = null;

  constructor(private readonly host: OraclePanelHost) {}

  get isOpen(): boolean {
    return this.root !== null;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  /** What the open panel holds now, or null when it is closed. */
  draft(): OracleDraft | null {
    const form = this.root;
    if (!form) return null;
    const active = document.activeElement;
    return {
      question: this.kind,
      about: form.querySelector<HTMLInputElement>('#oracle-about')!.value,
      lastPlace: form.querySelector<HTMLInputElement>('#oracle-last')!.checked,
      shown: this.shown,
      focus: active instanceof HTMLElement && form.contains(active) && active.id ? active.id : null,
    };
  }

  /** Opens the panel, filled from a draft when one is given (a scene laid out again). */
  open(draft?: OracleDraft): void {
    if (this.root) return;
    if (!document.getElementById(STYLE_ID)) {
      const style = element('style', { id: STYLE_ID });
      style.textContent = STYLE;
      document.head.append(style);
    }
    this.before = document.activeElement;
    const form = element('form', {
      id: 'oracle-panel',
      role: 'dialog',
      'aria-label': 'The oracle',
      autocomplete: 'off',
    });
    form.append(element('h2', {}, 'The oracle'));
    form.append(
      element(
        'div',
        { class: 'where' },
        `${this.host.where}: a d20 answers what the story leaves open.`,
      ),
    );
    const kinds = element('fieldset', { 'aria-label': 'The kind of question' });
    KINDS.forEach((k, i) => {
      const label = element('label', { class: 'kind' });
      const radio = element('input', {
        type: 'radio',
        name: 'oracle-kind',
        value: k.question,
        id: `oracle-kind-${k.question}`,
      });
      radio.checked = draft ? k.question === draft.question : i === 0;
      label.append(radio, element('span', {}, k.label), element('small', {}, k.hint));
      kinds.append(label);
    });
    form.append(kinds);
    form.append(element('label', { class: 'about', for: 'oracle-about' }, 'You ask about'));
    form.append(
      element('input', {
        type: 'text',
        id: 'oracle-about',
        maxlength: String(ABOUT_MAX),
        placeholder: 'the bridge holds, a key under the altar\u2026',
        enterkeyhint: 'go',
      }),
    );
    const last = element('label', { class: 'last', id: 'oracle-last-row' });
    last.append(
      element('input', { type: 'checkbox', id: 'oracle-last' }),
      element('span', {}, 'This is the last place it could be'),
    );
    last.hidden = true;
    form.append(last);
    const row = element('div', { class: 'row' });
    row.append(
      element('button', { type: 'submit', id: 'oracle-ask', class: 'primary' }, 'Ask'),
      element('button', { type: 'button', id: 'oracle-close' }, 'Close'),
    );
    form.append(row);
    form.append(element('div', { id: 'oracle-message', role: 'alert' }));
    const answer = element('div', { id: 'oracle-answer', 'aria-live': 'polite' });
    const die = element('div', { id: 'oracle-die' });
    const words = element('div');
    words.append(
      element('div', { id: 'oracle-words' }),
      element('div', { id: 'oracle-asked' }),
      element('div', { id: 'oracle-rule' }),
    );
    answer.append(die, words);
    answer.hidden = true;
    form.append(answer);
    form.append(element('ul', { id: 'oracle-history', 'aria-label': 'Asked before' }));
    form.append(
      element(
        'div',
        { class: 'keys' },
        'Keys: arrows choose the kind \u00b7 Tab moves \u00b7 Enter asks \u00b7 Esc closes',
      ),
    );

    // The panel's keys are its own: the scene behind never sees them.
    const stop = (e: Event): void => e.stopPropagation();
    form.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Escape') {
        e.preventDefault();
        this.close();
      }
    });
    form.addEventListener('keyup', stop);
    form.addEventListener('keypress', stop);
    form.addEventListener('change', () => this.syncKind());
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.ask();
    });
    form.querySelector('#oracle-close')!.addEventListener('click', () => this.close());
    document.body.append(form);
    this.root = form;
    this.shown = null;
    this.showHistory();
    if (draft) {
      form.querySelector<HTMLInputElement>('#oracle-about')!.value = draft.about;
      form.querySelector<HTMLInputElement>('#oracle-last')!.checked = draft.lastPlace;
      this.syncKind();
      if (draft.shown) this.showAnswer(draft.shown);
    }
    const focus = draft?.focus ? form.querySelector<HTMLElement>(`#${draft.focus}`) : null;
    (focus ?? form.querySelector<HTMLInputElement>('input[name=oracle-kind]:checked'))?.focus();
  }

  close(): void {
    if (!this.root) return;
    this.root.remove();
    this.root = null;
    if (this.before instanceof HTMLElement && this.before.isConnected) this.before.focus();
    else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    this.host.closed?.();
  }

  /** Removes the panel (the scene is going). */
  destroy(): void {
    this.root?.remove();
    this.root = null;
  }

  private get kind(): OracleQuestion {
    const v = this.root?.querySelector<HTMLInputElement>('input[name=oracle-kind]:checked')?.value;
    return KINDS.find((k) => k.question === v)?.question ?? 'next';
  }

  /** The last-place toggle belongs to the secret. */
  private syncKind(): void {
    const row = this.root?.querySelector<HTMLElement>('#oracle-last-row');
    if (row) row.hidden = this.kind !== 'secret';
  }

  private async ask(): Promise<void> {
    const form = this.root;
    if (!form || this.asking) return;
    const about = form.querySelector<HTMLInputElement>('#oracle-about')!.value.trim();
    const lastPlace =
      this.kind === 'secret' && form.querySelector<HTMLInputElement>('#oracle-last')!.checked;
    const message = form.querySelector<HTMLElement>('#oracle-message')!;
    message.textContent = '';
    this.asking = true;
    let result: OracleAsked;
    try {
      result = await this.host.ask(this.kind, about, lastPlace);
    } catch (e) {
      result = { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
    this.asking = false;
    if (this.root !== form) return;
    if (!result.ok) {
      message.textContent = result.error;
      return;
    }
    this.showAnswer(result.shown);
    this.showHistory();
  }

  private showAnswer(o: OracleShown): void {
    const form = this.root!;
    this.shown = o;
    const box = form.querySelector<HTMLElement>('#oracle-answer')!;
    box.hidden = false;
    const die = form.querySelector<HTMLElement>('#oracle-die')!;
    die.replaceChildren(element('small', {}, 'd20'), document.createTextNode(String(o.roll)));
    form.querySelector('#oracle-words')!.textContent = bigWords(o.answer);
    const kind = KINDS.find((k) => k.question === o.question)?.label ?? '';
    form.querySelector('#oracle-asked')!.textContent = `${kind} ${o.about}`;
    form.querySelector('#oracle-rule')!.textContent = `${o.rule.book} \u00b7 ${o.rule.section}`;
  }

  private showHistory(): void {
    const list = this.root?.querySelector('#oracle-history');
    if (!list) return;
    const past = this.host.history().slice(-HISTORY_SHOWN).reverse();
    list.replaceChildren(
      ...past.map((o) => {
        const li = element('li', { class: 'oracle-past' });
        const kind = KINDS.find((k) => k.question === o.question)?.label ?? o.question;
        li.append(
          document.createTextNode(`${kind} ${o.about}: d20 ${o.roll}, `),
          element('b', {}, o.answer),
        );
        return li;
      }),
    );
  }
}
