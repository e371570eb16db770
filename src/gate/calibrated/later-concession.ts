import { BoundedTest } from './compiled.js';
import { CONCESSION_RE } from './lexicon.js';

/**
 * How far into one of the agent's later texts on a request a concession is looked for: it opens the text
 * ("You're right, I missed the settings page" after reading the files).
 */
const LATER_CONCESSION_HEAD = 200;

/**
 * CONCESSION_RE read as the first reply's is (read.ts): on the lower-cased head, compiled without `i`. The
 * two tests are built from one source and flags, so V8 compiles their patterns once for both.
 */
const CONCESSION = new BoundedTest(CONCESSION_RE, { lowerCase: true });

/**
 * Whether one of the agent's later texts on a request (after its first reply, typically after tool calls)
 * opens by conceding. Read only while the person's turn holds one steer that a concession would confirm:
 * alone, a later "You're right" grants suggestions as often as corrections (docs/gate.md, version 4).
 */
export function concedesLater(text: string): boolean {
  return text.length > 0 && CONCESSION.test(text.slice(0, LATER_CONCESSION_HEAD));
}
