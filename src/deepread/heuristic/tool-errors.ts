import type { Citation } from '../types.js';
import { CASCADE, DENIED, STALE_FILE, UNREAD_FILE } from './errors.js';
import { Tally } from './tally.js';
import { cite, citeCall, comparable, targetOf } from './text.js';
import type { Detector, Finding, SessionEvent } from './types.js';

/** Distinct error kinds followed, and occurrences kept per kind: enough to count and to cite. */
const MAX_TRACKED = 200;
const MAX_KEPT = 50;

/** Occurrences of one kind of error, each with its quotes; past MAX_KEPT they are counted only. */
class Occurrences {
  readonly kept: Citation[][] = [];
  count = 0;
  add(cites: (Citation | undefined)[]): void {
    this.count += 1;
    const quotes = cites.filter((c): c is Citation => c !== undefined);
    if (quotes.length > 0 && this.kept.length < MAX_KEPT) this.kept.push(quotes);
  }
}

/**
 * Tool errors that name their cause, counted over the session: edits of files not read (or changed since
 * read), permission denials retried, and any tool failing the same way again and again. One such error
 * is routine (the agent reads the file and goes on); a rule is proposed when it recurs.
 */
export class ToolErrorDetector implements Detector {
  private readonly unread = new Occurrences();
  private readonly stale = new Occurrences();
  private readonly denials = new Map<string, Occurrences>();
  private readonly sameError = new Map<string, Occurrences>();

  push(event: SessionEvent): void {
    if (event.kind !== 'result' || !event.output.isError || event.rejection) return;
    const { output, message } = event;
    if (CASCADE.test(output.text)) return;
    const call = event.call ? citeCall(event.call.messageId, event.call.call) : undefined;
    if (UNREAD_FILE.test(output.text)) {
      this.unread.add([cite(message.id, output.text, UNREAD_FILE), call]);
      return;
    }
    if (STALE_FILE.test(output.text)) {
      this.stale.add([cite(message.id, output.text, STALE_FILE), call]);
      return;
    }
    if (DENIED.test(output.text)) {
      const key = event.call ? targetOf(event.call.call) : 'unknown';
      this.bump(this.denials, key, [cite(message.id, output.text, DENIED), call]);
      return;
    }
    // Shell failures differ run by run (exit codes, output); repeated-command.ts reads those.
    if (!event.call || event.call.call.command !== undefined) return;
    const firstLine = comparable(output.text.split(/\r\n|\r|\n/).find((l) => l.trim().length > 0) ?? '');
    if (firstLine.length === 0) return;
    this.bump(this.sameError, `${event.call.call.name}\0${firstLine.slice(0, 200)}`, [
      cite(message.id, output.text),
      call,
    ]);
  }

  private bump(map: Map<string, Occurrences>, key: string, cites: (Citation | undefined)[]): void {
    let occurrences = map.get(key);
    if (!occurrences) {
      if (map.size >= MAX_TRACKED) return;
      occurrences = new Occurrences();
      map.set(key, occurrences);
    }
    occurrences.add(cites);
  }

  findings(): Finding[] {
    const tally = new Tally();
    const report = (pattern: Parameters<Tally['add']>[0], o: Occurrences) => {
      for (const cites of o.kept) tally.add(pattern, cites, 0.45);
      for (let i = o.kept.length; i < o.count; i++) tally.add(pattern, [o.kept[0]?.[0]], 0.45);
    };
    if (this.unread.count >= 2) report('unread edit', this.unread);
    if (this.stale.count >= 2) report('stale edit', this.stale);
    const denials = [...this.denials.values()];
    const total = denials.reduce((n, o) => n + o.count, 0);
    if (total >= 3 || denials.some((o) => o.count >= 2))
      for (const o of denials) report('permission denial', o);
    for (const o of this.sameError.values()) if (o.count >= 3) report('repeated error', o);
    return tally.findings();
  }
}
