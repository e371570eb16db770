import type { Prompter } from '../prompt/line-prompter.js';
import { terminalSafe } from '../safety/terminal.js';
import { decisionReason } from '../trial/effect/json.js';
import { type TrialEvaluation, trialLabel } from '../trial/review.js';
import type { Classification } from './classify.js';
import type { ProposalChoice, RetroDecider, TrialChoice } from './decide.js';
import { checkRuleText } from './rule-text.js';
import type { RetroCandidate } from './types.js';

const PROPOSAL_CHOICES = '[a]pply / [r]eject / [e]dit / [s]kip remaining: ';
const TRIAL_CHOICES = '[a]pply / [r]eject / [s]kip remaining: ';
/** Unreadable answers in a row before a question counts as rejected (a script answering nonsense). */
const MAX_TRIES = 5;

/** Model output, rules files and transcript excerpts: each field on its own line, nothing raw. */
const field = (text: string) => terminalSafe(text);

function describeProposal(
  c: Classification<RetroCandidate>,
  index: number,
  total: number,
  file: string | undefined,
): string {
  const p = c.proposal;
  const lines = [
    '',
    `[${index + 1}/${total}] ${c.action} ${p.target}  pattern "${field(p.patternSummary)}"  confidence ${p.confidence.toFixed(2)}  session ${field(p.sessionId)}`,
  ];
  if (c.existing) {
    const number = c.existing.number === undefined ? '' : `${c.existing.number}. `;
    lines.push(`  - ${number}${field(c.existing.text)}`);
  }
  lines.push(`  + ${field(c.text)}`);
  if (file !== undefined) lines.push(`    goes to ${field(file)}`);
  for (const citation of p.citations)
    lines.push(`    cites ${field(citation.message_id)}: "${field(citation.excerpt)}"`);
  return `${lines.join('\n')}\n`;
}

function describeTrial(e: TrialEvaluation): string {
  const { trial, baseline, inTrial, outcome } = e;
  const verdict =
    outcome.action === 'KEEP'
      ? 'keep it (friction went down)'
      : outcome.action === 'INCONCLUSIVE'
        ? 'remove it (no effect shown, and it costs context)'
        : 'revert it (no improvement)';
  const lines = [
    '',
    `Trial ${outcome.action} ${trialLabel(trial)}: ${terminalSafe(trial.ruleText)}`,
    `  baseline mean ${baseline.meanText} over ${baseline.n} sessions; in-trial mean ${inTrial.meanText} over ${inTrial.n}: ${verdict}`,
  ];
  if (e.effect !== undefined) lines.push(`  ${decisionReason(e)}`);
  return [...lines, ''].join('\n');
}

/**
 * Confirmation at a prompt: each elapsed trial's decision and each proposal is shown and answered with
 * one letter. `[e]dit` takes a replacement text (checked like a model's proposal). A NEW rule always
 * starts as a trial. The end of the input skips everything that remains.
 */
export function interactiveDecider(prompter: Prompter, write: (text: string) => void): RetroDecider {
  return {
    decidedBy: 'user',
    async decideTrial(evaluation): Promise<TrialChoice> {
      write(describeTrial(evaluation));
      for (let tries = 0; tries < MAX_TRIES; tries++) {
        const answer = await prompter.ask(TRIAL_CHOICES);
        if (answer === undefined) return 'skip-remaining';
        const letter = answer.trim().toLowerCase()[0];
        if (letter === 'a') return 'apply';
        if (letter === 'r') return 'reject';
        if (letter === 's') return 'skip-remaining';
      }
      return 'reject';
    },
    async decideGuard(_evaluation, proposal): Promise<'install' | 'skip'> {
      write(`\n${proposal}\n`);
      const answer = await prompter.ask('[i]nstall the hook in .claude/settings.json / [n]o: ');
      return answer?.trim().toLowerCase().startsWith('i') ? 'install' : 'skip';
    },
    async decideProposal(c, { index, total, file }): Promise<ProposalChoice> {
      write(describeProposal(c, index, total, file));
      let text = c.text;
      for (let tries = 0; tries < MAX_TRIES; tries++) {
        const answer = await prompter.ask(PROPOSAL_CHOICES);
        if (answer === undefined) return { kind: 'skip-remaining' };
        const letter = answer.trim().toLowerCase()[0];
        if (letter === 'r') return { kind: 'reject' };
        if (letter === 's') return { kind: 'skip-remaining' };
        if (letter === 'e') {
          const edited = await prompter.ask('New text: ');
          if (edited === undefined) return { kind: 'skip-remaining' };
          const checked = checkRuleText(edited);
          if (!checked.ok) {
            write(`Not applied: ${checked.reason}.\n`);
            continue;
          }
          text = checked.text;
          write(`  + ${text}\n`);
        }
        if (letter === 'a' || letter === 'e') return { kind: 'apply', text };
      }
      return { kind: 'reject' };
    },
  };
}
