import type { CommitInfo } from '../evidence.js';
import { firstBodyParagraph } from './commit-message.js';

/** Fewer words than this in subject and body together say what, at most, never why. */
const THIN_MESSAGE_WORDS = 4;

/** Messages that are placeholders whatever their length ("wip", "fix", "update"). */
const PLACEHOLDER =
  /^(?:wip|fix|fixes|fixed|fixup|update|updates|updated|change|changes|changed|tweak|tweaks|tmp|temp|misc|stuff|cleanup|clean up|work|more|again|save|commit|progress|minor|small fix|typo|\.+)$/i;

/**
 * A commit message too thin to say why (the seed leaves "thin" open; this is the walk's definition):
 * subject and first body paragraph together under four words, or a placeholder alone ("wip", "fix").
 */
export function isThinMessage(commit: Pick<CommitInfo, 'subject' | 'body'>): boolean {
  const subject = commit.subject.trim();
  const body = firstBodyParagraph(commit.body) ?? '';
  const flat = subject.replace(/[\s!.:;,-]+$/g, '').trim();
  if (body === '' && PLACEHOLDER.test(flat)) return true;
  const words = `${subject} ${body}`.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length < THIN_MESSAGE_WORDS;
}
