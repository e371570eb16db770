import type { Prompter } from '../../prompt/line-prompter.js';
import type { SprintReport } from '../facts/report.js';
import type { DecideProposal } from '../record/decisions.js';
import type { RetroInputs } from '../record/inputs.js';
import type { RetroAnswers } from './answers.js';
import type { RetroDrafts } from './drafts.js';
import { facilitateFromAnswers, skeletonFromMetrics } from './facilitate.js';
import { answersDecider, promptDecider } from './proposal-decisions.js';
import { facilitateResumable, type RecordedAnswer } from './resumable.js';

/** Where the retro's decisions come from; answers win over a prompter, and neither means a skeleton. */
interface RetroInputSources {
  answers?: RetroAnswers | undefined;
  prompter?: Prompter | undefined;
  /** Model drafts, offered at the prompts only. */
  drafts?: RetroDrafts | undefined;
  /** Answers of an interrupted session, replayed before the prompts continue. */
  resume?: readonly RecordedAnswer[] | undefined;
}

interface GatheredRetroInputs {
  inputs: RetroInputs;
  /** Who decides skill proposals; undefined for the skeleton, which decides none. */
  decide?: DecideProposal;
}

/**
 * The retro's sections and lessons with the matching proposal decider: from an answers file, from the
 * facilitator at the prompts, or (unattended) the metrics-seeded skeleton.
 */
export async function gatherRetroInputs(
  report: SprintReport,
  sources: RetroInputSources,
): Promise<GatheredRetroInputs> {
  if (sources.answers)
    return {
      inputs: facilitateFromAnswers(report, sources.answers),
      decide: answersDecider(sources.answers),
    };
  if (sources.prompter) {
    const { inputs } = await facilitateResumable(report, sources.prompter, sources.drafts, sources.resume);
    return { inputs, decide: promptDecider(sources.prompter) };
  }
  return { inputs: skeletonFromMetrics(report) };
}
