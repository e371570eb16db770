import type { Proposal } from '../deepread/types.js';
import type { HeldBackPattern } from './types.js';

/** Quotes that say nothing about the friction itself: the harness's refusal text and interrupt marker. */
const BOILERPLATE =
  /^(?:The user doesn't want to (?:proceed|take this action)|\[Request interrupted by user|<tool_use_error>|Exit code \d+$)/;
/** Words too common to tell one friction from another. */
const STOP_WORDS = new Set(
  (
    'about after again also always before being could does doing done from have into just like make more ' +
    'never only other over same should some than that their them then there these they this those were what ' +
    'when where which while will with without would your user agent said says asked file files tool call ' +
    'calls please want wants the and you for not are but was its it'
  ).split(' '),
);
const MIN_SHARED_WORDS = 3;
const MIN_OVERLAP = 0.5;

/** The content words of what a proposal cites (the person's words, the failure seen), boilerplate left out. */
function evidenceWords(p: Proposal): Set<string> {
  const words = new Set<string>();
  const texts = p.citations.map((c) => c.excerpt).filter((e) => !BOILERPLATE.test(e.trim()));
  for (const text of texts)
    for (const raw of text
      .toLowerCase()
      .normalize('NFKC')
      .split(/[^\p{L}\p{N}]+/u)) {
      if (raw.length < 3 || STOP_WORDS.has(raw)) continue;
      words.add(raw.replace(/(?:ing|ed|es|s)$/u, ''));
    }
  return words;
}

function normalisedText(p: Proposal): string {
  return p.proposed_text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether two proposals rest on the same friction: the same rule text, or evidence that says the same
 * thing (at least three content words shared, half of the smaller set). The pattern label is not
 * compared: two misreads under one label do not confirm each other.
 */
function sameFriction(a: Proposal, b: Proposal): boolean {
  if (normalisedText(a) === normalisedText(b)) return true;
  const wa = evidenceWords(a);
  const wb = evidenceWords(b);
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared += 1;
  return shared >= MIN_SHARED_WORDS && shared >= MIN_OVERLAP * Math.min(wa.size, wb.size);
}

/**
 * Keeps the proposals whose friction another session shows too (the `--all` rule: one rough session is
 * an anecdote): the same correction or the same failure, compared by what the proposals say and cite
 * (sameFriction), not by their pattern label. One session proposing a rule twice is still one session.
 */
export function recurringPatterns(proposals: readonly Proposal[]): {
  kept: Proposal[];
  dropped: Proposal[];
} {
  const corroborated = (p: Proposal) =>
    proposals.some((q) => q !== p && q.session_id !== p.session_id && sameFriction(p, q));
  return { kept: proposals.filter(corroborated), dropped: proposals.filter((p) => !corroborated(p)) };
}

/** The single-session proposals `recurringPatterns` left out, one entry per pattern. */
export function heldBackPatterns(dropped: readonly Proposal[]): HeldBackPattern[] {
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
export function mergeRepeatedProposals(proposals: readonly Proposal[]): Proposal[] {
  const merged = new Map<string, Proposal>();
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
