/**
 * A light English stemmer for matching retro text by meaning rather than by spelling: "reviews",
 * "reviewed" and "reviewing" are all `review`; "retries" and "retried" are `retri`; "planning" is `plan`.
 * Not Porter's algorithm: the common inflections only, which is what a finding and a skill's name share.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 3) return w;
  const rules: [RegExp, string][] = [
    [/ies$/, 'i'],
    [/ied$/, 'i'],
    [/(ss)es$/, '$1'],
    [/([^s])s$/, '$1'],
  ];
  for (const [pattern, to] of rules) {
    if (pattern.test(w)) {
      w = w.replace(pattern, to);
      break;
    }
  }
  for (const suffix of ['ingly', 'edly', 'ing', 'ed', 'ly', 'ment', 'ness', 'ation', 'ency', 'ent']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      // "planning" → "plann" → "plan"; "stopped" → "stop"
      if (/([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  // "retry" and "retri(es)" meet; "idempotency" and "idempotent" meet at "idempot".
  return w.replace(/y$/, 'i');
}

/** Words too common to say what a text is about. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or the this that to was were with without not no all any each our your their we you they them than then there when which who will can should must before after per also only more most less'.split(
    ' ',
  ),
);

/** The stems of a text's content words, in order of first appearance. */
export function stems(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 2 || STOP_WORDS.has(word)) continue;
    const s = stem(word);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}
