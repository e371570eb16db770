import type { Mechanism } from './mechanical.js';

/**
 * Which mechanical pattern a rule is about, read from its text and the pattern it came from; undefined
 * for a rule no transcript fact can check (tone, scope, design). Deliberately narrow: a rule is only
 * treated as mechanical when its words name the pattern, since a wrong guess would count violations of a
 * rule nobody wrote.
 */
const PATTERNS: readonly [Mechanism, RegExp][] = [
  [
    'repeated-failing-command',
    /\b(?:re-?run(?:ning|s)?|retr(?:y|ying|ies)|repeat(?:ing|s)?|run(?:ning)?\b.{0,30}\bagain)\b.{0,60}\b(?:fail\w*|error\w*|broken)\b|\b(?:fail\w*|error\w*)\b.{0,60}\b(?:re-?run\w*|retr(?:y|ying|ies)|repeat\w*|again)\b|\bsame (?:failing )?command\b/i,
  ],
  [
    'edit-without-read',
    /\bread\b.{0,40}\bbefore\b.{0,30}\b(?:edit\w*|chang\w*|modif\w*|writ\w*|touch\w*)|\b(?:edit\w*|chang\w*|modif\w*)\b.{0,40}\bwithout (?:first )?read\w*|\bnever edit\b.{0,30}\bunread\b|\bfile has not been read\b/i,
  ],
  [
    'unverified-success-claim',
    /\b(?:verify|run (?:the )?(?:tests?|build|checks?)|test)\b.{0,60}\bbefore\b.{0,40}\b(?:claim\w*|say\w*|report\w*|declar\w*|announc\w*)|\b(?:claim\w*|say\w*|report\w*)\b.{0,40}\b(?:success|done|pass\w*|fixed|work\w*)\b.{0,40}\b(?:without|before|unless|until)\b.{0,30}\b(?:verif\w*|run\w*|test\w*|check\w*)|\bunverified\b.{0,30}\b(?:claim|success)/i,
  ],
];

export function ruleMechanism(ruleText: string, patternSummary = ''): Mechanism | undefined {
  for (const text of [ruleText, patternSummary]) {
    for (const [mechanism, pattern] of PATTERNS) if (pattern.test(text)) return mechanism;
  }
  return undefined;
}
