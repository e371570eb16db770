import { readProjectTextIfExists } from '../fsx/index.js';
import { readDirectiveItems } from '../rules/directives.js';
import { readLessonItems } from '../rules/lessons.js';
import { cutCodePoints } from '../rules/lines.js';
import { type RuleTarget, rulesPathsFor } from '../rules/targets.js';
import { hasTrialComment } from '../rules/trial-comment.js';

/** Words too common to say whether two rules are about the same thing (exactly these 35). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an the to of for is are be was were in on at by with and or not no must should will can do does did it its this that these those as if'.split(
    ' ',
  ),
);

/** Lowercase, split on every run of characters outside `[a-z0-9]`, without stop words: a set of tokens. */
export function ruleTokens(text: string): Set<string> {
  const tokens = new Set<string>();
  for (const token of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (token !== '' && !STOP_WORDS.has(token)) tokens.add(token);
  }
  return tokens;
}

/** |A ∩ B| / |A ∪ B|, 0 when either set is empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** An existing rule of a target, as classification compares it. */
export interface ExistingRule {
  /** The rule's text without list number, bullet or trial comment. */
  text: string;
  /** The list number for a directive; undefined for a lesson. */
  number?: number;
  lineIndex: number;
  /** True for a rule that carries a trial comment (still under review). */
  onTrial?: boolean;
  /** The file the rule is in. */
  path?: string;
}

/** The minimum a proposal needs to be classified. */
export interface ClassifiableProposal {
  target: RuleTarget;
  proposedText: string;
  patternSummary: string;
}

type ClassAction = 'NEW' | 'TIGHTEN' | 'DUPLICATE';

export interface Classification<P extends ClassifiableProposal> {
  proposal: P;
  action: ClassAction;
  /** The best-matching candidate rule (TIGHTEN and DUPLICATE). */
  existing?: ExistingRule;
  /** Jaccard of the proposal with `existing` (0 for NEW). */
  bestJaccard: number;
  /** What would be written: the proposal for NEW, the merged rule for TIGHTEN, the proposal for DUPLICATE. */
  text: string;
}

/** Jaccard from which a proposal is the same rule as an existing one. */
const DUPLICATE_JACCARD = 0.65;
/** Jaccard from which an existing rule is a candidate at all. */
const CANDIDATE_JACCARD = 0.35;
/** Shared tokens with the pattern summary from which a rule is a candidate. */
const CANDIDATE_OVERLAP = 2;

/** `<existing rule without trailing periods>; additionally, <proposal>`, cut to 200 code points. */
export function mergeRuleText(existing: string, proposal: string): string {
  return cutCodePoints(`${existing.trim().replace(/\.+$/, '')}; additionally, ${proposal}`, 200);
}

/**
 * Classifies one proposal against its target's rules. A rule is a candidate when it shares at least 2
 * tokens with the pattern summary or its Jaccard with the proposed text is at least 0.35. No candidate:
 * NEW. The best candidate (highest Jaccard, first in file order on a tie) at 0.65 or more: DUPLICATE;
 * else TIGHTEN that rule with the merged text.
 */
export function classifyProposal<P extends ClassifiableProposal>(
  proposal: P,
  rules: readonly ExistingRule[],
): Classification<P> {
  const patternTokens = ruleTokens(proposal.patternSummary);
  const proposalTokens = ruleTokens(proposal.proposedText);
  let best: { rule: ExistingRule; score: number } | undefined;
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.text)) continue;
    seen.add(rule.text);
    const tokens = ruleTokens(rule.text);
    const score = jaccard(tokens, proposalTokens);
    let overlap = 0;
    for (const token of tokens) if (patternTokens.has(token)) overlap += 1;
    if (overlap < CANDIDATE_OVERLAP && score < CANDIDATE_JACCARD) continue;
    if (!best || score > best.score) best = { rule, score };
  }
  if (!best) return { proposal, action: 'NEW', bestJaccard: 0, text: proposal.proposedText };
  if (best.score >= DUPLICATE_JACCARD) {
    return {
      proposal,
      action: 'DUPLICATE',
      existing: best.rule,
      bestJaccard: best.score,
      text: proposal.proposedText,
    };
  }
  return {
    proposal,
    action: 'TIGHTEN',
    existing: best.rule,
    bestJaccard: best.score,
    text: mergeRuleText(best.rule.text, proposal.proposedText),
  };
}

/**
 * Classifies every proposal, then drops each NEW whose pattern summary equals a TIGHTEN's: when a rule for
 * the pattern is being tightened, a second rule for it is sprawl. Order is kept.
 */
export function classifyProposals<P extends ClassifiableProposal>(
  proposals: readonly P[],
  rulesFor: (target: RuleTarget) => readonly ExistingRule[],
): { kept: Classification<P>[]; dropped: Classification<P>[] } {
  const all = proposals.map((p) => classifyProposal(p, rulesFor(p.target)));
  const tightened = new Set(all.filter((c) => c.action === 'TIGHTEN').map((c) => c.proposal.patternSummary));
  const kept: Classification<P>[] = [];
  const dropped: Classification<P>[] = [];
  for (const c of all) {
    if (c.action === 'NEW' && tightened.has(c.proposal.patternSummary)) dropped.push(c);
    else kept.push(c);
  }
  return { kept, dropped };
}

/**
 * The existing rules of a target in the project: numbered directives of a team agent, bulleted lessons
 * for `claude` (the loaded lessons file first, then the earlier `.claude/memory/claude/lessons.md`), none
 * for `plugin` (its backlog holds no rules). Reading never writes; a rules file that leads out of the
 * project reads as absent.
 */
export function loadExistingRules(mainCheckout: string, target: RuleTarget): ExistingRule[] {
  return rulesPathsFor(mainCheckout, target).flatMap((path): ExistingRule[] => {
    const content = readProjectTextIfExists(mainCheckout, path);
    if (content === undefined) return [];
    if (target === 'claude') {
      return readLessonItems(content).map((item) => ({
        text: item.text,
        lineIndex: item.lineIndex,
        onTrial: hasTrialComment(item.line),
        path,
      }));
    }
    return readDirectiveItems(content).map((item) => ({
      text: item.text,
      number: item.number,
      lineIndex: item.lineIndex,
      onTrial: hasTrialComment(item.line),
      path,
    }));
  });
}
