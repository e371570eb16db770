import type { SessionPrompt } from '../../transcript/session-edits.js';

/**
 * Words that only keep a session going ("yes", "continue", "can you retry", "ok 開始"): a prompt made of
 * nothing else answers an earlier request rather than making one.
 */
const GO_ON_WORDS = new Set([
  'a',
  'again',
  'ahead',
  'alright',
  'and',
  'approve',
  'approved',
  'can',
  'carry',
  'confirm',
  'confirmed',
  'continue',
  'correct',
  'could',
  'do',
  'done',
  'exactly',
  'fine',
  'for',
  'go',
  'going',
  'good',
  'great',
  'it',
  'just',
  'keep',
  'let',
  'lets',
  'lgtm',
  'looks',
  'me',
  'nice',
  'next',
  'now',
  'ok',
  'okay',
  'on',
  'perfect',
  'please',
  'pls',
  'plz',
  'proceed',
  'resume',
  'retry',
  'right',
  's',
  'so',
  'sounds',
  'start',
  'sure',
  'thank',
  'thanks',
  'that',
  'the',
  'then',
  'this',
  'try',
  'up',
  'y',
  'yeah',
  'yep',
  'yes',
  'you',
  'interrupted',
  'tool',
  '要',
  '好',
  '是',
  '對',
  '对',
  '開始',
  '开始',
  '繼續',
  '继续',
  '可以',
  'はい',
  '続けて',
]);
const URL = /^(?:https?:\/\/|www\.)\S+$/i;

/**
 * Whether a prompt asks for something: not a continuation or confirmation ("continue", "yes", "can you
 * retry"), not an option picked from a list ("2"), not a bare pasted link. Its words, minus the go-on
 * words, must say something.
 */
export function isSubstantiveRequest(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  const tokens = trimmed.split(/\s+/);
  if (tokens.every((token) => URL.test(token))) return false;
  const words = trimmed
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .match(/[\p{L}\p{N}]+/gu);
  if (!words) return false;
  // An option picked from a list the agent offered ("2", "b)") answers a question; the request came before.
  if (words.every((word) => /^\p{N}+$/u.test(word) || word.length === 1)) return false;
  return words.some((word) => !GO_ON_WORDS.has(word));
}

/** The request an edit answered, and whether it was read as such or reasoned from earlier prompts. */
export interface AnsweredRequest {
  text: string;
  /** The prompt right before the edit only said to go on; the request is the substantive one before it. */
  inferred: boolean;
}

/**
 * The request an edit answered: the last prompt before it, or, when that prompt only said to go on or
 * pasted a link, the last substantive prompt before that (marked inferred).
 */
export function answeredRequest(
  prompts: readonly SessionPrompt[],
  lastBefore: number,
): AnsweredRequest | undefined {
  for (let i = lastBefore; i >= 0; i--) {
    const prompt = prompts[i];
    if (prompt && isSubstantiveRequest(prompt.text)) return { text: prompt.text, inferred: i !== lastBefore };
  }
  return undefined;
}
