import type { Hash } from 'node:crypto';
import type { TextReduction } from '../../transcript/claude/long-line/types.js';
import { sha1Digest } from '../../transcript/sha1.js';
import { NotificationScan, StreamingCount } from '../long-text.js';
import { countMatches, S4_PREFILTER, S5_MIN_ASSISTANT_LENGTH, SYSTEM_NOTIFICATION_RE } from '../signals.js';
import { RETRY_RE } from './lexicon.js';

/** Texts up to this many UTF-16 units are kept whole; a longer one keeps this much of its opening. */
const CALIBRATED_HEAD_UNITS = 4096;
/** Ends the kept opening: neither white space nor a word character, so no phrase runs across the cut. */
const SEAM = '\u0001';
/** A word's opening kept past the cut: longer than any approval or thanks word. */
const WORD_OPENING = 32;
const WHITE_SPACE = /\s/u;
const SPACE_AHEAD = /\s/gu;
const WORD_AHEAD = /\S/gu;
/** The count above which a line's retry phrases score the same (the S4 cap). */
const RETRY_CAP = 3;

/** A word of the text as replyWords splits it: its opening, its length and where it starts, in UTF-16 units. */
interface WordStart {
  opening: string;
  length: number;
  start: number;
}

/**
 * The calibrated gate's reduction of a text too long to hold (one turn's text in a line over the reader's
 * cap). The calibrated profile reads a turn's opening — corrections in the first 280 characters, a
 * concession in the first 200, an error's kind in the first 400, the prefixes that say what a turn is —
 * so the opening is kept as it is, up to `headUnits`. Over the whole text it counts what it reads
 * anywhere: retry phrases (up to the cap) and a system notification, and it appends a digest of the whole
 * text, so that a request re-sent word for word still reads as the same request and different ones as
 * different. Memory is the opening; the work is linear in the text.
 */
export function calibratedTextReduction(headUnits = CALIBRATED_HEAD_UNITS): TextReduction {
  // An opening of 1,000 units holds 500 code points even in astral characters: a long text stays long.
  const keep = Math.max(headUnits, 2 * S5_MIN_ASSISTANT_LENGTH);
  const retries = new StreamingCount(new RegExp(RETRY_RE.source, RETRY_RE.flags), S4_PREFILTER);
  const tags = new NotificationScan();
  const digest = sha1Digest();
  // Words as replyWords splits them (JavaScript white space), up to four: their openings, once past the head.
  const words: WordStart[] = [];
  let inWord = false;
  let head = '';
  let length = 0;
  let pending = '';

  // Runs of white space and of the rest found natively: a giant word costs one search, not a test per unit.
  const countWords = (chunk: string) => {
    let i = 0;
    while (i < chunk.length && words.length <= 4) {
      const search = inWord ? SPACE_AHEAD : WORD_AHEAD;
      search.lastIndex = i;
      const at = search.exec(chunk)?.index ?? chunk.length;
      if (inWord) {
        const word = words[words.length - 1]!;
        if (word.opening.length < WORD_OPENING)
          word.opening += chunk.slice(i, Math.min(at, i + WORD_OPENING - word.opening.length));
        word.length += at - i;
      }
      if (at < chunk.length) {
        inWord = !inWord;
        if (inWord) words.push({ opening: '', length: 0, start: length + at });
      }
      i = at;
    }
  };

  const take = (chunk: string, last: boolean) => {
    if (head.length <= keep) head += chunk.slice(0, keep + 1 - head.length);
    if (words.length <= 4) countWords(chunk);
    length += chunk.length;
    retries.feed(chunk, last);
    tags.feed(chunk);
    digest.update(chunk, 'utf8');
  };

  return {
    feed(chunk) {
      // One chunk is held back, so that the last one is known as the last (the look-ahead of a phrase).
      if (pending.length > 0) take(pending, false);
      pending = chunk;
    },
    finish() {
      take(pending, true);
      pending = '';
      if (length <= keep) return head;
      return cutText(head.slice(0, keep), words, retries.count, tags.found, digest);
    },
  };
}

/**
 * The text a long one reduces to, from its `opening` (cut to the kept length) and what was counted
 * over the whole: the opening cut back to white space, the words (up to four) that start past the cut,
 * its retry phrases (up to the cap), a notification's mark, and the digest of the whole text.
 */
function cutText(
  opening: string,
  words: readonly WordStart[],
  retryCount: number,
  notificationFound: boolean,
  digest: Hash,
): string {
  let text = opening;
  // Not half of a surrogate pair at the cut.
  const last = text.charCodeAt(text.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) text = text.slice(0, -1);
  // Back to white space when there is some near the cut: a phrase cut off there would match where the
  // original goes on ("that didn't work|ed").
  for (let k = text.length - 1; k >= 0 && k >= text.length - 64; k--) {
    if (WHITE_SPACE.test(text[k] ?? '')) {
      text = text.slice(0, k + 1);
      break;
    }
  }
  const cut = text.length;
  // A cut inside a word is marked, so that no phrase runs across it; one in white space needs no mark.
  if (!WHITE_SPACE.test(text[cut - 1] ?? ' ')) text += SEAM;
  // The words that start past the cut, so that the reply has as many words (up to four) as the
  // original: each by its opening when short enough to be a word that counts (an approval), else a token.
  for (const word of words.slice(0, 4)) {
    if (word.start < cut) continue;
    text += ` ${word.length <= WORD_OPENING ? word.opening : `${word.opening.slice(0, 8)}${SEAM}`}`;
  }
  // Retry phrases past the cut, up to the cap; not in a reply of a few words, whose word count is what
  // is read of it (each phrase would add words).
  const target = words.length <= 3 ? 0 : Math.min(retryCount, RETRY_CAP);
  for (let k = countMatches(RETRY_RE, text); k < target; k++) text += ` my mistake${SEAM}`;
  if (notificationFound && !SYSTEM_NOTIFICATION_RE.test(text)) text += ' <a>';
  // The digest tells re-sent requests from new ones; glued to the last word, it adds no word.
  // In a reply of a few words the digest goes into its long word (after the mark there), where it
  // changes no word that is read.
  if (words.length <= 3) {
    const mark = text.indexOf(SEAM);
    return mark < 0 ? text : `${text.slice(0, mark + 1)}${digest.digest('hex')}${text.slice(mark + 1)}`;
  }
  return `${text}${SEAM}${digest.digest('hex')}`;
}
