import { S1_RE, SYSTEM_NOTIFICATION_RE } from '../gate/signals.js';
import { type FabricationCandidate, fabricationAnchorId } from './fabrication.js';
import { isHumanTurn } from './message.js';
import type { TranscriptWindow, WindowMessage } from './windows.js';

/** What the offline provider reads instead of a prompt. */
export interface DeepReadEvidence {
  sessionId: string;
  windows: TranscriptWindow[];
  candidates: FabricationCandidate[];
  /** Raw text of the existing rules for `claude` (a rule already there is not proposed again). */
  existingClaudeRules: string;
}

interface Citation {
  message_id: string;
  excerpt: string;
}

interface Finding {
  rule: string;
  pattern: string;
  citations: Citation[];
}

const MAX_EXCERPT = 120;
const MAX_CITATIONS = 3;

/** A verbatim excerpt: the first line of `text` that contains `needle` (case-insensitive), cut to 120. */
function excerptAround(text: string, pattern: RegExp): string | undefined {
  const needle = new RegExp(pattern.source, pattern.flags.replace('g', ''));
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (!needle.test(line)) continue;
    const trimmed = line.trim();
    if (trimmed.length <= MAX_EXCERPT) return trimmed;
    const at = Math.max(0, trimmed.search(needle));
    return trimmed.slice(at, at + MAX_EXCERPT).trim();
  }
  return undefined;
}

/** Messages of all windows once each, in file order. */
function windowMessages(windows: TranscriptWindow[]): WindowMessage[] {
  const seen = new Map<string, WindowMessage>();
  for (const window of windows) for (const m of window.messages) if (!seen.has(m.id)) seen.set(m.id, m);
  return [...seen.values()].sort((a, b) => a.lineNo - b.lineNo);
}

function errorOutputs(messages: WindowMessage[], re: RegExp): Citation[] {
  const out: Citation[] = [];
  for (const m of messages) {
    for (const o of m.toolOutputs) {
      if (!o.isError) continue;
      const excerpt = excerptAround(o.text, re);
      if (excerpt) {
        out.push({ message_id: m.id, excerpt });
        break;
      }
    }
  }
  return out;
}

const STALE_EDIT = /String to replace not found/i;
const UNREAD_FILE = /File has not been read yet/i;
const DENIED =
  /permission to use \S+(?: with command .+?)? (?:has been|was) denied|requested permissions? to \S+.*haven't granted|permission denied|operation not permitted/i;
const REJECTED = /The user doesn't want to proceed with this tool use/i;
const USER_SAID = /the user said:\s*\n+([^\n]+)/i;

function repeatedFailingCommands(messages: WindowMessage[]): Citation[] {
  const commandOf = new Map<string, { command: string; messageId: string }>();
  const failures = new Map<string, Citation[]>();
  for (const m of messages) {
    for (const call of m.toolCalls)
      if (call.command) commandOf.set(call.id, { command: call.summary, messageId: m.id });
    for (const o of m.toolOutputs) {
      const call = commandOf.get(o.toolUseId);
      if (!o.isError || !call) continue;
      const list = failures.get(call.command) ?? [];
      list.push({ message_id: call.messageId, excerpt: call.command.slice(0, MAX_EXCERPT) });
      failures.set(call.command, list);
    }
  }
  let worst: Citation[] = [];
  for (const list of failures.values()) if (list.length >= 2 && list.length > worst.length) worst = list;
  return worst;
}

function userRejections(messages: WindowMessage[]): { withReason: Citation[]; bare: Citation[] } {
  const withReason: Citation[] = [];
  const bare: Citation[] = [];
  for (const m of messages) {
    for (const o of m.toolOutputs) {
      if (!REJECTED.test(o.text)) continue;
      const reason = USER_SAID.exec(o.text)?.[1]?.trim();
      if (reason) withReason.push({ message_id: m.id, excerpt: reason.slice(0, MAX_EXCERPT).trim() });
      else bare.push({ message_id: m.id, excerpt: excerptAround(o.text, REJECTED) ?? '' });
    }
  }
  return { withReason, bare: bare.filter((c) => c.excerpt.length > 0) };
}

function humanPushback(messages: WindowMessage[]): Citation[] {
  const out: Citation[] = [];
  for (const m of messages) {
    if (!isHumanTurn(m) || SYSTEM_NOTIFICATION_RE.test(m.text)) continue;
    const excerpt = excerptAround(m.text, S1_RE);
    if (excerpt) out.push({ message_id: m.id, excerpt });
  }
  return out;
}

/** Confidence grows with the evidence but stays modest: a signature is not a root cause. */
function confidenceFor(citations: number): number {
  return Math.min(0.7, 0.45 + 0.1 * (citations - 1));
}

/** Tool errors whose text names their cause, and the rule that prevents each (in reporting order). */
const ERROR_SIGNATURES = [
  {
    error: STALE_EDIT,
    rule: 'Before each Edit, Read the current lines you will replace; after a "String to replace not found" error, Read the file again instead of retrying from memory.',
    pattern: 'stale edit',
  },
  {
    error: UNREAD_FILE,
    rule: 'Always Read a file in the current session before you Edit or Write it.',
    pattern: 'unread edit',
  },
  {
    error: DENIED,
    rule: 'When a tool call is denied, never repeat it unchanged; ask the user for permission or use an allowed alternative.',
    pattern: 'permission denial',
  },
] as const;

/**
 * The offline deep read: recognisable failure signatures in the anchor windows, mapped to concrete
 * imperative rules that cite the real messages, plus the fabrication pre-pass's candidates. It proposes
 * only what the windows show, and says nothing when they show nothing it recognises.
 */
export function analyzeEvidence(evidence: DeepReadEvidence): unknown {
  const messages = windowMessages(evidence.windows);
  const findings: Finding[] = [];
  for (const signature of ERROR_SIGNATURES) {
    const citations = errorOutputs(messages, signature.error);
    if (citations.length > 0) findings.push({ rule: signature.rule, pattern: signature.pattern, citations });
  }
  const repeated = repeatedFailingCommands(messages);
  if (repeated.length > 0) {
    findings.push({
      rule: 'Never rerun a failing command unchanged; read its error output and change the command or the code before the next attempt.',
      pattern: 'repeated command',
      citations: repeated,
    });
  }
  const rejections = userRejections(messages);
  if (rejections.withReason.length > 0) {
    findings.push({
      rule: 'When the user rejects a tool call and gives a reason, follow that reason and confirm the new plan before the next tool call; never repeat the rejected action.',
      pattern: 'rejected action',
      citations: rejections.withReason,
    });
  }
  const existing = evidence.existingClaudeRules.toLowerCase();
  const proposals = findings
    .filter((f) => !existing.includes(f.rule.toLowerCase()))
    .map((f) => {
      const citations = f.citations.slice(0, MAX_CITATIONS);
      return {
        target: 'claude',
        proposed_text: f.rule,
        confidence: confidenceFor(citations.length),
        citations,
        pattern_summary: f.pattern,
      };
    });
  const observations = [];
  const pushback = humanPushback(messages);
  if (pushback.length > 0) {
    observations.push({
      description:
        'The user pushed back on the assistant; the windows do not show a recognisable root cause.',
      citations: pushback.slice(0, MAX_CITATIONS),
    });
  }
  if (rejections.bare.length > 0) {
    observations.push({
      description: 'The user rejected a tool call without stating a reason.',
      citations: rejections.bare.slice(0, MAX_CITATIONS),
    });
  }
  const fabrication_anchors = evidence.candidates.map((c) => ({
    anchor_id: fabricationAnchorId(evidence.sessionId, c.turn_id, c.fabricated_claim_text),
    ...c,
  }));
  return { proposals, observations, fabrication_anchors };
}
