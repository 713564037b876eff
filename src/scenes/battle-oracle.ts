/**
 * The Oracle panel on the battle screen (a DOM form over the canvas, built on first use):
 * its questions are commands like any other, dispatched through the battle's play, and
 * its contents are kept while the scene is laid out again.
 */
import type { BattlePlay } from '../app/battle-play';
import type { Command } from '../engine';
import {
  oracleAnswers,
  OraclePanel,
  type OracleAsked,
  type OracleDraft,
} from '../view/oracle-panel';

export class BattleOracle {
  private panel: OraclePanel | null = null;
  /** The open panel's contents while the scene is laid out again. */
  private draft: OracleDraft | null = null;

  /** `play`: the battle's play now (a new one each time the scene is laid out). */
  constructor(private readonly play: () => BattlePlay) {}

  get isOpen(): boolean {
    return this.panel?.isOpen ?? false;
  }

  close(): void {
    this.panel?.close();
  }

  /** Opens or closes the panel (or opens it filled from a draft). */
  toggle(draft?: OracleDraft): void {
    this.panel ??= new OraclePanel({
      where: 'In battle',
      ask: (question, about, lastPlace) => this.ask({ type: 'oracle', question, about, lastPlace }),
      history: () => oracleAnswers(this.play().session.events),
    });
    if (draft) this.panel.open(draft);
    else this.panel.toggle();
  }

  /** The scene goes: the panel goes with it, its contents kept. */
  keep(): void {
    this.draft = this.panel?.draft() ?? null;
    this.panel?.destroy();
    this.panel = null;
  }

  /** Laid out again (a new window size): the panel that was open opens again as it was. */
  reopen(relayout: boolean): void {
    const draft = this.draft;
    this.draft = null;
    if (draft && relayout) this.toggle(draft);
  }

  private async ask(command: Command): Promise<OracleAsked> {
    const session = this.play().session;
    const from = session.events.length;
    const done = await this.play().dispatch(command);
    if (!done.ok) return { ok: false, error: done.error ?? 'The oracle cannot be asked now.' };
    const shown = oracleAnswers(session.events.slice(from)).pop();
    return shown ? { ok: true, shown } : { ok: false, error: 'The oracle gave no answer.' };
  }
}
