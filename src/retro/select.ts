import type { RetroProposal } from './deep-read-port.js';

/** How many proposals a retro confirms at most, across all sessions. */
export const GLOBAL_TOP = 5;

/** A proposal's rank: confidence times the number of citations backing it. */
export function proposalScore(proposal: Pick<RetroProposal, 'confidence' | 'citations'>): number {
  return proposal.confidence * proposal.citations.length;
}

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

/** The best `limit` proposals by score, ties in their original order. */
export function topProposals(proposals: readonly RetroProposal[], limit = GLOBAL_TOP): RetroProposal[] {
  return proposals
    .map((proposal, index) => ({ proposal, index, score: proposalScore(proposal) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((ranked) => ranked.proposal);
}
