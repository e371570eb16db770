import { pyFloatRepr } from '../transcript/pyjson.js';
import { DEFAULT_BAND, type SecondLookBand } from './band.js';
import type { SecondLookCase, SecondLookOutcome } from './look.js';

/** The second look of one session as JSON (`second-look --json`, the MCP tool): what a caller acts on. */
export interface SecondLookReport {
  session_id: string;
  score: number;
  threshold: number;
  gate_flagged: boolean;
  /** Whether the second look reads it: in the band, or under it with a cue (`cues`). */
  in_band: boolean;
  /** The cues that sent a session under the band. */
  cues?: string[];
  status: SecondLookOutcome['status'];
  /** The flag after the second look: the validated answer's verdict, else the gate's. */
  flagged: boolean;
  reader?: string;
  verdict?: 'rough' | 'smooth';
  kind?: string;
  turn?: number;
  quote?: string;
  /** Why an answer did not count. */
  why?: string;
}

export function secondLookReport(
  found: SecondLookCase,
  outcome: SecondLookOutcome,
  reader?: string,
): SecondLookReport {
  const { answer } = outcome;
  return {
    session_id: found.sessionId,
    score: found.verdict.score,
    threshold: found.verdict.threshold,
    gate_flagged: outcome.gateFlagged,
    in_band: found.inBand,
    ...(found.cues !== undefined ? { cues: found.cues } : {}),
    status: outcome.status,
    flagged: outcome.flagged,
    ...(reader !== undefined && (answer !== undefined || outcome.why !== undefined) ? { reader } : {}),
    ...(answer ? { verdict: answer.verdict, kind: answer.kind } : {}),
    ...(answer?.citation ? { turn: answer.citation.turn, quote: answer.citation.quote } : {}),
    ...(outcome.why !== undefined ? { why: outcome.why } : {}),
  };
}

const flagWord = (flagged: boolean) => (flagged ? 'flagged' : 'not flagged');

/** The lines `retrospect second-look` prints for people. */
export function renderSecondLook(report: SecondLookReport, band: SecondLookBand = DEFAULT_BAND): string {
  const head = `Session ${report.session_id}: score ${pyFloatRepr(report.score)} / ${pyFloatRepr(report.threshold)}, ${flagWord(report.gate_flagged)} by the gate`;
  const range = `${band.below.toFixed(1)} under to ${band.above.toFixed(1)} over the threshold`;
  const where =
    report.cues !== undefined && report.in_band
      ? `under the second look's band (${range}), read for its cues: ${report.cues.join(', ')}`
      : `${report.in_band ? 'in' : 'outside'} the second look's band (${range})`;
  const lines = [`${head}; ${where}`];
  const reader = report.reader ?? 'the reader';
  if (report.status === 'outside') {
    const said =
      report.verdict !== undefined
        ? ` (${reader} said ${report.verdict}; outside the band that does not count)`
        : '';
    lines.push(`the gate's verdict stands: ${flagWord(report.flagged)}${said}`);
  } else if (report.status === 'unread')
    lines.push(`no reader: the gate's verdict stands (${flagWord(report.flagged)})`);
  else if (report.status === 'invalid')
    lines.push(
      `${reader}'s answer does not count (${report.why}); the gate's verdict stands: ${flagWord(report.flagged)}`,
    );
  else {
    const cited = report.turn !== undefined ? ` at turn ${report.turn}: ${JSON.stringify(report.quote)}` : '';
    const kind = report.kind !== undefined && report.kind !== 'none' ? ` (${report.kind})` : '';
    lines.push(`${reader}: ${report.verdict}${kind}${cited} → ${flagWord(report.flagged)}`);
  }
  return lines.join('\n');
}
