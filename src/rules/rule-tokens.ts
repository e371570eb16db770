/**
 * Characters per token of prose-like text for Claude's models, measured on real Claude Code sessions
 * (bench/token-estimate.mjs: the growth of each call's prompt against the text that came back in between,
 * Theil–Sen fit on half the sessions). No offline tokenizer for Claude's current models is published, so a
 * rule's size in tokens is an estimate: docs/cost.md gives its measured error.
 */
export const CHARS_PER_TOKEN = 3.3;

/** A text's estimated size in Claude tokens (≈): characters over CHARS_PER_TOKEN, rounded up. */
export function estimateRuleTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
