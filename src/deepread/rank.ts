import type { Proposal } from './types.js';

/** How many proposals a retro surfaces (SPEC-012). */
export const DEFAULT_PROPOSAL_LIMIT = 5;

/**
 * confidence x number of (verified) citations, the ranking score of docs/design/session-retro.md §4, with
 * each cited message counted once: quoting one message four times does not outrank one strong quote of
 * another, nor a rule that rests on two different moments of the session.
 */
export function proposalScore(proposal: Pick<Proposal, 'confidence' | 'citations'>): number {
  return proposal.confidence * new Set(proposal.citations.map((c) => c.message_id)).size;
}

/**
 * Ranks proposals by confidence x number of cited messages, highest first, and keeps the top `limit`. Ties keep
 * their input order, so the result is deterministic. Pass the proposals of several sessions at once to
 * rank across sessions.
 */
export function rankProposals<T extends Pick<Proposal, 'confidence' | 'citations'>>(
  proposals: readonly T[],
  limit: number = DEFAULT_PROPOSAL_LIMIT,
): T[] {
  return proposals
    .map((proposal, index) => ({ proposal, index, score: proposalScore(proposal) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map((entry) => entry.proposal);
}
