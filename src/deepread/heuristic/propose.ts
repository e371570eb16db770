import type { Citation } from '../types.js';
import { distinctCitations, MAX_CITATIONS } from './text.js';
import type { Finding } from './types.js';

/** The person's words are read, not understood: confidence stays modest however often they recur. */
const MAX_CONFIDENCE = 0.7;
const STEP = 0.05;
const MAX_OBSERVATIONS = 3;

export interface HeuristicAnswer {
  proposals: {
    target: 'claude';
    proposed_text: string;
    confidence: number;
    citations: Citation[];
    pattern_summary: string;
  }[];
  observations: { description: string; citations: Citation[] }[];
}

/**
 * Findings of one pattern from several detectors (or chains) as one: their occurrences and quotes. A rule
 * in the person's own words stays its own: quoting a second want under the first would cite what the
 * rule does not say.
 */
function mergeByPattern(findings: readonly Finding[]): Finding[] {
  const merged = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.pattern}\u0000${f.wording ?? ''}`;
    merged.set(key, [...(merged.get(key) ?? []), f]);
  }
  return [...merged.values()].map((group) => {
    const depth = Math.max(...group.map((f) => f.citations.length));
    const interleaved: Citation[] = [];
    for (let i = 0; i < depth; i++)
      for (const f of group) if (f.citations[i]) interleaved.push(f.citations[i] as Citation);
    const first = group[0] as Finding;
    return {
      ...first,
      citations: distinctCitations(interleaved, MAX_CITATIONS),
      occurrences: group.reduce((n, f) => n + f.occurrences, 0),
      base: Math.max(...group.map((f) => f.base)),
    };
  });
}

function confidenceOf(f: Finding): number {
  return Math.round(Math.min(MAX_CONFIDENCE, f.base + STEP * (f.occurrences - 1)) * 100) / 100;
}

/**
 * The offline reader's answer, shaped as a model's: one proposal per want the person stated (for
 * `claude`, the agent whose session it is), in their words, unless the existing lessons already hold
 * that rule; observations for everything else it recognised, most frequent first. Proposals come
 * strongest first.
 */
export function answerFromFindings(
  findings: readonly Finding[],
  existingClaudeRules: string,
): HeuristicAnswer {
  const existing = existingClaudeRules.toLowerCase();
  const merged = mergeByPattern(findings);
  const proposals = merged
    .filter((f) => f.rule !== undefined && !existing.includes(f.rule.toLowerCase()))
    .map((f) => ({
      target: 'claude' as const,
      proposed_text: f.rule as string,
      confidence: confidenceOf(f),
      citations: f.citations,
      pattern_summary: f.pattern,
    }))
    .sort((a, b) => b.confidence * b.citations.length - a.confidence * a.citations.length);
  const observations = merged
    .filter((f) => f.rule === undefined)
    .sort((a, b) => b.occurrences - a.occurrences)
    .slice(0, MAX_OBSERVATIONS)
    .map((f) => ({
      description: f.occurrences > 1 ? `${f.description} (${f.occurrences} times)` : f.description,
      citations: f.citations,
    }));
  return { proposals, observations };
}
