// How a skill proposal is decided, as the record sees it: the deciders (answers file, prompt) live in
// facilitate/, the record only calls one.
import type { SkillProposal } from './skills.js';

export interface ProposalDecision {
  approved: boolean;
  /** The chosen skill when the proposal had several candidates. */
  targetSkill?: string;
  /** The diff as the facilitator edited it at the prompt, when they did. */
  diff?: string;
}

/** Asks for (or looks up) an explicit decision; there is no auto-approval. */
export type DecideProposal = (
  proposal: SkillProposal,
  mergePreviewFor: (skill: string, diff?: string) => string | undefined,
) => Promise<ProposalDecision>;
