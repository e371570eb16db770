import { type ReviewWord, reviewWordOf, SENDS_BACK } from './review-words.js';

/** What one outcome line of a review says, read leniently as people write it in story files and logs. */
export interface ReviewOutcome {
  /** The last stage of the outcome (`Changes Requested → Fixed → Approved` ends APPROVED), or UNKNOWN. */
  outcome: ReviewWord | 'UNKNOWN';
  /** Every stage that was read, in order. */
  stages: ReviewWord[];
  /** True when a stage before the last sent the work back. */
  rework: boolean;
  /** The outcome as written, trimmed (for the narrative and for warnings). */
  text: string;
  /** Set when the line is an outcome line whose words are prose, not an outcome. */
  warning?: string;
}

const LABEL =
  /^(?:[\s>]|[-*+]\s|\d+[.)]\s|#+\s)*\**\s*((?:(?:final|review|code review|overall|qa)\s+)?(?:outcome|verdict)|gate(?:\s+(?:status|decision))?|review\s+(?:result|decision|status))\s*\**\s*:\s*(.*)$/i;

const ARROW = /\s*(?:→|->|=>|⇒|⟶)\s*/u;

/**
 * Reads the words after an outcome label (or under an `### Outcome` heading): stages split at arrows, each
 * stage must start with a review word. A first stage that does not is prose: UNKNOWN with a warning, never a
 * capitalised token picked from the sentence.
 */
export function readOutcomeText(raw: string): ReviewOutcome {
  const text = raw.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  const stages: ReviewWord[] = [];
  for (const [i, part] of text.split(ARROW).entries()) {
    const word = reviewWordOf(part);
    if (word) stages.push(word);
    else if (i === 0) break;
  }
  const last = stages.at(-1);
  if (!last) {
    return {
      outcome: 'UNKNOWN',
      stages,
      rework: false,
      text,
      warning:
        text === ''
          ? 'the review outcome is empty'
          : `the review outcome is prose, not an outcome word: "${text.slice(0, 80)}"`,
    };
  }
  const rework = stages.slice(0, -1).some((s) => SENDS_BACK.has(s));
  return { outcome: last, stages, rework, text };
}

/** The outcome of one line (`- **Outcome:** ✅ APPROVE 9/10`, `> Verdict: …`, `**Verdict**: NEEDS REVISION`). */
export function outcomeOfLine(line: string): ReviewOutcome | undefined {
  const match = LABEL.exec(line);
  if (!match) return undefined;
  return readOutcomeText(match[2] ?? '');
}

/** True for a heading that introduces an outcome on the lines below it (`### Outcome`, `#### Review Verdict`). */
export function isOutcomeHeading(line: string): boolean {
  return /^#{2,6}\s+(?:(?:final|review|code review|overall)\s+)?(?:outcome|verdict|decision)\s*:?\s*$/i.test(
    line.trim(),
  );
}
