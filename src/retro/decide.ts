import type { TrialEvaluation } from '../trial/review.js';
import type { Classification } from './classify.js';
import type { RetroCandidate } from './types.js';

/** What happens to one classified proposal. */
export type ProposalChoice =
  | { kind: 'apply'; text: string }
  | { kind: 'reject' }
  | { kind: 'skip-remaining' }
  | { kind: 'follow-up'; reason: string };

/** What happens to one elapsed trial's KEEP or REVERT. */
export type TrialChoice = 'apply' | 'reject' | 'skip-remaining';

/** Who confirms changes: the user at a prompt, or `--auto`. */
export interface RetroDecider {
  readonly decidedBy: 'user' | 'auto';
  decideTrial(evaluation: TrialEvaluation): Promise<TrialChoice>;
  /** A guard hook proposed for a rule broken again and again (asked only of a person; see proposeGuards). */
  decideGuard?(evaluation: TrialEvaluation, proposal: string): Promise<'install' | 'skip'>;
  decideProposal(
    classification: Classification<RetroCandidate>,
    /** Its place in the list, and the file it would be written to (relative to the project). */
    position: { index: number; total: number; file?: string },
  ): Promise<ProposalChoice>;
}

/**
 * `--auto`: every trial decision is carried out and every proposal applied (NEW rules start as trials).
 * Tightening a rule that is itself on trial would change what the trial is measuring, so that conflict
 * is left to a person as a manual follow-up.
 */
export const autoDecider: RetroDecider = {
  decidedBy: 'auto',
  async decideTrial() {
    return 'apply';
  },
  async decideProposal(c) {
    if (c.action === 'TIGHTEN' && c.existing?.onTrial) {
      return {
        kind: 'follow-up',
        reason: `tightening ${c.proposal.target} ${c.existing.number === undefined ? 'lesson' : `rule ${c.existing.number}`} would change a rule on trial`,
      };
    }
    return { kind: 'apply', text: c.text };
  },
};
