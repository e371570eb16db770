import type { RetroProposal } from './deep-read-port.js';
import type { HeldBackPattern } from './types.js';

/**
 * Keeps the patterns seen in at least two distinct sessions (the `--all` rule: one rough session is an
 * anecdote). Sessions are counted, not proposals, so one session proposing a pattern twice is still one.
 */
export function recurringPatterns(proposals: readonly RetroProposal[]): {
  kept: RetroProposal[];
  dropped: RetroProposal[];
} {
  const sessionsByPattern = new Map<string, Set<string>>();
  for (const p of proposals) {
    const sessions = sessionsByPattern.get(p.pattern_summary) ?? new Set<string>();
    sessions.add(p.session_id);
    sessionsByPattern.set(p.pattern_summary, sessions);
  }
  const recurring = (p: RetroProposal) => (sessionsByPattern.get(p.pattern_summary)?.size ?? 0) >= 2;
  return { kept: proposals.filter(recurring), dropped: proposals.filter((p) => !recurring(p)) };
}

/** The single-session proposals `recurringPatterns` left out, one entry per pattern. */
export function heldBackPatterns(dropped: readonly RetroProposal[]): HeldBackPattern[] {
  const byPattern = new Map<string, HeldBackPattern>();
  for (const p of dropped) {
    const entry = byPattern.get(p.pattern_summary) ?? {
      pattern_summary: p.pattern_summary,
      session_id: p.session_id,
      proposals: [],
    };
    entry.proposals.push(`${p.target} "${p.proposed_text}"`);
    byPattern.set(p.pattern_summary, entry);
  }
  return [...byPattern.values()];
}

/**
 * Folds proposals of the same rule (same target, same text up to case and spacing) from several sessions
 * into one, keeping the first one's session as its source, the highest confidence, and every distinct
 * citation: a rule that several sessions ask for is one proposal with more evidence, not five copies.
 */
export function mergeRepeatedProposals(proposals: readonly RetroProposal[]): RetroProposal[] {
  const merged = new Map<string, RetroProposal>();
  for (const p of proposals) {
    const key = `${p.target}\u0000${p.proposed_text.toLowerCase().replace(/\s+/g, ' ').trim()}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { ...p, citations: [...p.citations] });
      continue;
    }
    seen.confidence = Math.max(seen.confidence, p.confidence);
    for (const c of p.citations) {
      if (!seen.citations.some((s) => s.message_id === c.message_id && s.excerpt === c.excerpt)) {
        seen.citations.push(c);
      }
    }
  }
  return [...merged.values()];
}

/** Identical observations from several sessions, once each, naming every session. */
export function mergeObservations(
  observations: readonly { session_id: string; description: string }[],
): string[] {
  const sessions = new Map<string, string[]>();
  for (const o of observations) {
    const list = sessions.get(o.description) ?? [];
    if (!list.includes(o.session_id)) list.push(o.session_id);
    sessions.set(o.description, list);
  }
  return [...sessions].map(
    ([description, ids]) => `${description} (session${ids.length > 1 ? 's' : ''} ${ids.join(', ')})`,
  );
}
