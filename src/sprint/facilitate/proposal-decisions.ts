import type { Prompter } from '../../prompt/line-prompter.js';
import type { SkillProposal } from '../record/skills.js';
import type { RetroAnswers } from './answers.js';

export interface ProposalDecision {
  approved: boolean;
  /** The chosen skill when the proposal had several candidates. */
  targetSkill?: string;
}

/** Asks for (or looks up) an explicit decision; there is no auto-approval. */
export type DecideProposal = (
  proposal: SkillProposal,
  mergePreviewFor: (skill: string) => string | undefined,
) => Promise<ProposalDecision>;

/** Decisions from the answers file; a proposal without one is rejected. */
export function answersDecider(answers: RetroAnswers): DecideProposal {
  return async (proposal) => {
    const entry = answers.proposals[proposal.finding_ref];
    if (entry === undefined) return { approved: false };
    const decision = typeof entry === 'string' ? { decision: entry } : entry;
    const candidates = Array.isArray(proposal.target_skill) ? proposal.target_skill : [proposal.target_skill];
    const targetSkill = decision.target_skill ?? candidates[0];
    if (targetSkill === undefined || !candidates.includes(targetSkill)) return { approved: false };
    return { approved: decision.decision === 'approve', targetSkill };
  };
}

/** Decisions at the prompt: the proposal, its diff and any merge preview are shown before the question. */
export function promptDecider(prompter: Prompter): DecideProposal {
  return async (proposal, mergePreviewFor) => {
    const candidates = Array.isArray(proposal.target_skill) ? proposal.target_skill : [proposal.target_skill];
    prompter.say(`\nSkill proposal ${proposal.finding_ref}`);
    prompter.say(`Rationale: ${proposal.rationale}`);
    let targetSkill = candidates[0];
    if (candidates.length > 1) {
      candidates.forEach((c, i) => {
        prompter.say(`  ${i + 1}. ${c}`);
      });
      const pick = Number(
        (await prompter.ask(`Target skill [1-${candidates.length}, empty = none]: `))?.trim() || 0,
      );
      targetSkill = candidates[pick - 1];
      if (!targetSkill) return { approved: false };
    }
    prompter.say(`Target: custom/skills/${targetSkill}.md\n${proposal.diff}`);
    const preview = targetSkill ? mergePreviewFor(targetSkill) : undefined;
    if (preview) prompter.say(`The target exists with different content. Merge preview:\n${preview}`);
    const question = preview ? 'Overwrite with the merged content? [y/N] ' : 'Approve this proposal? [y/N] ';
    const answer = (await prompter.ask(question))?.trim().toLowerCase();
    return { approved: answer === 'y' || answer === 'yes', ...(targetSkill ? { targetSkill } : {}) };
  };
}
