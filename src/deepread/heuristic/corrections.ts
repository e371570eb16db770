import type { Citation } from '../types.js';
import { isAppliedEdit } from './events.js';
import { type CorrectionKind, correctionsIn, UNDO } from './lexicon.js';
import { Tally } from './tally.js';
import { citeHuman, isContinuation } from './text.js';
import type { Detector, Finding, SessionEvent } from './types.js';

/**
 * The user correcting the agent, by kind (see lexicon.ts). One correction is a conversation; a rule is
 * proposed when corrections of one kind recur, or when one correction leaves no doubt: an undo right
 * after the agent edited something, or "I said ..." (an instruction not followed). The opening request
 * is never a correction. A correction sent twice counts twice: the user had to say it twice.
 */
export class CorrectionDetector implements Detector {
  private readonly byKind = new Map<CorrectionKind, Citation[]>();
  private readonly undoneEdits: Citation[] = [];
  private readonly correcting: Citation[] = [];
  private editsSinceHuman = 0;

  push(event: SessionEvent): void {
    if (isAppliedEdit(event)) {
      this.editsSinceHuman += 1;
      return;
    }
    if (event.kind !== 'human') return;
    const edited = this.editsSinceHuman > 0;
    this.editsSinceHuman = 0;
    if (event.turn === 0 || isContinuation(event.text)) return;
    const kinds = correctionsIn(event.text);
    if (kinds.length === 0) return;
    // "It did not work, revert it" undoes a failed fix; an undo is overreach when nothing says it failed.
    const undidOverreach = edited && UNDO.test(event.text) && !kinds.some((k) => k.kind === 'not-fixed');
    const first = kinds[0];
    const quote = first ? citeHuman(event.message, event.text, first.pattern) : undefined;
    if (quote) this.correcting.push(quote);
    for (const { kind, pattern } of kinds) {
      const c = citeHuman(event.message, event.text, pattern);
      if (!c) continue;
      const list = this.byKind.get(kind) ?? [];
      list.push(c);
      this.byKind.set(kind, list);
      if (kind === 'scope' && undidOverreach) this.undoneEdits.push(c);
    }
  }

  findings(): Finding[] {
    const tally = new Tally();
    const of = (kind: CorrectionKind) => this.byKind.get(kind) ?? [];
    let ruled = false;
    const add = (pattern: Parameters<Tally['add']>[0], cites: Citation[], base: number) => {
      for (const c of cites) tally.add(pattern, [c], base);
      ruled = ruled || cites.length > 0;
    };
    if (this.undoneEdits.length > 0) add('scope overreach', this.undoneEdits, 0.5);
    else if (of('scope').length >= 2) add('scope overreach', of('scope'), 0.45);
    if (of('not-fixed').length >= 2) add('unverified fix', of('not-fixed'), 0.45);
    if (of('wrong').length >= 2) add('repeated correction', of('wrong'), 0.45);
    if (of('ignored').length >= 1) add('ignored instruction', of('ignored'), 0.45);
    if (of('verify').length >= 1) add('unverified success', of('verify'), 0.45);
    if (of('handed-back').length >= 1) add('handed back', of('handed-back'), 0.45);
    if (!ruled && this.correcting.length >= 3) add('repeated correction', this.correcting, 0.4);
    if (!ruled && this.correcting.length > 0)
      tally.note(
        'push-back',
        'The user pushed back on the agent; no recurring cause is recognisable.',
        this.correcting,
      );
    return tally.findings();
  }
}
