import { trialLabel } from './review.js';
import type { TrialSummary } from './state.js';

const short = (x: number) => String(Math.round(x * 10_000) / 10_000);

/** The lines `trial list` prints for one trial. */
export function trialListLines(s: TrialSummary): string[] {
  const lines = [
    `${trialLabel(s)}: ${s.rule}`,
    `  state:    ${s.state}`,
    `  trial:    start=${s.start} review-after=${s.reviewAfter} source=${s.source}`,
    `  evidence: baseline mean=${s.baseline.mean} n=${s.baseline.n}; in-trial mean=${s.inTrial.mean} n=${s.inTrial.n}`,
  ];
  const e = s.effect;
  if (e === undefined) return lines;
  const ci =
    e.ci === null
      ? 'no interval yet'
      : `${Math.round(e.level * 1000) / 10}% CI [${short(e.ci[0])}, ${short(e.ci[1])}]`;
  const estimate = e.estimate === null ? 'none' : short(e.estimate);
  lines.push(
    `  effect:   ${estimate} ${e.unit} (${ci}; medians ${short(e.baseline.friction)} -> ${short(e.inTrial.friction)})`,
  );
  const what = e.pattern.mechanism ?? e.pattern.signals.join('+');
  lines.push(
    `  pattern:  ${what}: ${e.pattern.baseline.count} before (${short(e.pattern.baseline.per100Turns)}/100 turns), ${e.pattern.inTrial.count} during (${short(e.pattern.inTrial.per100Turns)}/100 turns)`,
  );
  if (e.violations.length > 0) lines.push(`  violated: ${e.violations.length} times during the trial`);
  if (e.escalation !== null)
    lines.push(
      `  escalate: a hook that ${e.escalation.description}: retrospect init --guard ${e.escalation.kind}`,
    );
  return lines;
}
