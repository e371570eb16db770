import type { Citation } from '../types.js';
import { OBSERVATIONS, type Pattern } from './rules.js';
import { distinctCitations } from './text.js';
import type { Finding } from './types.js';

interface Entry {
  rule: string | undefined;
  description: string;
  base: number;
  occurrences: Citation[][];
}

/** Bounds the evidence kept per pattern; only the first few occurrences are ever cited. */
const MAX_KEPT_OCCURRENCES = 6;

/**
 * Collects the occurrences of each pattern in a session. Citations interleave the occurrences (the first
 * quote of each, then the second of each), so a pattern seen three times cites three places.
 */
export class Tally {
  private readonly byPattern = new Map<string, Entry & { count: number }>();

  /**
   * One occurrence of `pattern`, with its evidence, most telling first (undefined ones are skipped). It is
   * an observation: offline, only what the person said they want carries a rule (stated-wants.ts).
   */
  add(pattern: Pattern, citations: readonly (Citation | undefined)[], base: number): void {
    this.record(pattern, undefined, citations, base, OBSERVATIONS[pattern]);
  }

  /** Something seen that supports no rule: an observation. */
  note(pattern: string, description: string, citations: readonly (Citation | undefined)[]): void {
    this.record(pattern, undefined, citations, 0, description);
  }

  private record(
    pattern: string,
    rule: string | undefined,
    citations: readonly (Citation | undefined)[],
    base: number,
    description: string,
  ): void {
    const kept = citations.filter((c): c is Citation => c !== undefined);
    if (kept.length === 0) return;
    const entry = this.byPattern.get(pattern);
    if (!entry) {
      this.byPattern.set(pattern, { rule, description, base, occurrences: [kept], count: 1 });
      return;
    }
    entry.count += 1;
    entry.base = Math.max(entry.base, base);
    if (entry.occurrences.length < MAX_KEPT_OCCURRENCES) entry.occurrences.push(kept);
  }

  findings(): Finding[] {
    return [...this.byPattern.entries()].map(([pattern, entry]) => {
      const depth = Math.max(...entry.occurrences.map((o) => o.length));
      const interleaved: Citation[] = [];
      for (let i = 0; i < depth; i++)
        for (const occurrence of entry.occurrences) {
          const c = occurrence[i];
          if (c) interleaved.push(c);
        }
      return {
        pattern,
        ...(entry.rule !== undefined ? { rule: entry.rule } : {}),
        description: entry.description,
        citations: distinctCitations(interleaved),
        occurrences: entry.count,
        base: entry.base,
      };
    });
  }
}
