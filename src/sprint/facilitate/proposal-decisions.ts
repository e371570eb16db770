import type { Prompter } from '../../prompt/line-prompter.js';
import type { DecideProposal } from '../record/decisions.js';
import { validateProposal } from '../record/skills.js';
import type { RetroAnswers } from './answers.js';

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
    let diff = proposal.diff;
    for (;;) {
      prompter.say(`Target: custom/skills/${targetSkill}.md\n${diff}`);
      const preview = targetSkill ? mergePreviewFor(targetSkill, diff) : undefined;
      if (preview) prompter.say(`The target exists with different content. Merge preview:\n${preview}`);
      const question = preview
        ? 'Overwrite with the merged content? [y/N/e=edit the text] '
        : 'Approve this proposal? [y/N/e=edit the text] ';
      const answer = (await prompter.ask(question))?.trim().toLowerCase();
      if (answer === 'e') {
        const line = (await prompter.ask('  the line to add under the heading: '))?.trim();
        if (line) {
          const edited = editedDiff(diff, line);
          const invalid = validateProposal({ ...proposal, diff: edited });
          if (invalid) prompter.say(`  not taken: ${invalid}`);
          else diff = edited;
        }
        continue;
      }
      const approved = answer === 'y' || answer === 'yes';
      return {
        approved,
        ...(targetSkill ? { targetSkill } : {}),
        ...(diff !== proposal.diff ? { diff } : {}),
      };
    }
  };
}

/** The proposal's diff with its added lines after the heading replaced by `line` (the heading stays). */
function editedDiff(diff: string, line: string): string {
  const heading = diff.split('\n').find((l) => l.startsWith('+ ## ')) ?? '+ ## Retro';
  const bullet = line.startsWith('- ') ? line : `- ${line}`;
  return [heading, '+', `+ ${bullet}`].join('\n');
}
