import { SIGNAL_NAMES, type SignalName } from '../../gate/signals.js';
import type { Mechanism } from '../evidence/mechanical.js';
import { ruleMechanism } from '../evidence/rule-mechanism.js';
import type { RuleMeta } from '../rule-meta.js';
import type { SessionRate } from './sides.js';

/** What a rule is about, as the review counts it: a mechanical pattern, or the gate signals it came from. */
export interface RulePattern {
  mechanism: Mechanism | undefined;
  signals: SignalName[];
  /** Where the pattern was learnt: the rule's filed evidence, its source session, or nothing (all signals). */
  from: 'rule-meta' | 'source-session' | 'all-signals';
  summary: string;
}

/** How often the pattern shows on one side of the trial (sessions whose transcript could be read). */
export interface PatternSide {
  count: number;
  sessions: number;
  turns: number;
  /** count per 100 turns, 4 decimals; 0 without turns. */
  per100Turns: number;
}

/** One time a rule on trial was broken during it. */
export interface RuleViolation {
  sessionId: string;
  messageId: string;
  excerpt: string;
  /** `transcript` for a mechanical check, `deep-read` when a deep read reported it. */
  by: 'transcript' | 'deep-read';
}

/**
 * The rule's pattern: filed evidence first; else the signals of its source session that fired on the
 * anchor message it cites (or every signal that fired there); else all signals, which makes the pattern
 * count the same friction the effect measures. A mechanism is read from the rule's words either way.
 */
export function rulePattern(
  ruleText: string,
  source: string,
  meta: RuleMeta | undefined,
  sessions: readonly SessionRate[],
): RulePattern {
  if (meta) {
    return {
      mechanism: meta.mechanism ?? ruleMechanism(ruleText, meta.pattern_summary),
      signals: meta.signals.length > 0 ? meta.signals : [...SIGNAL_NAMES],
      from: 'rule-meta',
      summary: meta.pattern_summary,
    };
  }
  const mechanism = ruleMechanism(ruleText);
  const [sessionId = '', anchor = ''] = source.split('#');
  const evidence = sessions.find((s) => s.sessionId === sessionId)?.evidence;
  if (evidence) {
    const fired = SIGNAL_NAMES.filter((n) => evidence.hits[n] > 0);
    const atAnchor = fired.filter((n) => evidence.anchors[n].includes(anchor));
    const signals = atAnchor.length > 0 ? atAnchor : fired;
    if (signals.length > 0) return { mechanism, signals, from: 'source-session', summary: '' };
  }
  return { mechanism, signals: [...SIGNAL_NAMES], from: 'all-signals', summary: '' };
}

/** Occurrences of the pattern in one session: its mechanical findings, or its hits of the pattern's signals. */
function occurrences(pattern: RulePattern, session: SessionRate): number | undefined {
  const ev = session.evidence;
  if (ev === undefined) return undefined;
  if (pattern.mechanism !== undefined)
    return ev.findings.filter((f) => f.mechanism === pattern.mechanism).length;
  return pattern.signals.reduce((sum, n) => sum + ev.hits[n], 0);
}

export function patternSide(pattern: RulePattern, sessions: readonly SessionRate[]): PatternSide {
  let count = 0;
  let read = 0;
  let turns = 0;
  for (const session of sessions) {
    const found = occurrences(pattern, session);
    if (found === undefined) continue;
    count += found;
    read += 1;
    turns += session.evidence?.turns ?? 0;
  }
  const per100Turns = turns === 0 ? 0 : Math.round((count / turns) * 100 * 10_000) / 10_000;
  return { count, sessions: read, turns, per100Turns };
}

/** The mechanical violations of a rule in the sessions during its trial, in session order. */
export function mechanicalViolations(pattern: RulePattern, during: readonly SessionRate[]): RuleViolation[] {
  if (pattern.mechanism === undefined) return [];
  return during.flatMap((s) =>
    (s.evidence?.findings ?? [])
      .filter((f) => f.mechanism === pattern.mechanism)
      .map((f) => ({
        sessionId: s.sessionId,
        messageId: f.messageId,
        excerpt: f.excerpt,
        by: 'transcript' as const,
      })),
  );
}
