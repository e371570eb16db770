/**
 * Frustration shown in the form of a turn rather than its words: doubled question or exclamation marks
 * ("this still fails??", "!!", "？？"), or a run of words in capitals ("IT IS STILL BROKEN"). Alone these
 * mislead (another agent's relayed "PING FROM …" messages are in capitals and end in "??": docs/gate.md,
 * versions 4, 6 and 7), so they are read only in a turn that already holds a correction phrase, where they
 * say the steer was not a calm one.
 */
const DOUBLED_MARKS_RE = /[?？][?？]|[!！][!！]/u;
/** Three words in capitals in a row, each of two letters or more (not an acronym alone: "API", "CI"). */
const SHOUTED_RE = /(?<![\p{L}\p{N}_])\p{Lu}{2,}(?:[\s,.-]+\p{Lu}{2,}){2,}(?![\p{L}\p{N}_])/u;

/**
 * Swearing in a steer ("non ho capito un cazzo", "come cazzo lo monitoro", "wtf", "putain", "блять", 卧槽):
 * the words say what doubled marks say (version 11). Read in the same place, never alone. Word edges by
 * `\b` and a Cyrillic class rather than the lexicon's `\p{L}` class: under `iu` that class costs its
 * compile in every pattern that holds it.
 */
const SWEARING_RE =
  /\b(?:cazz[oi]|porca|merda|fuck(?:ing|ed)?|wtf|damn it|putain|bordel|merde|scheiße|scheisse|mierda|joder|carajo|porra|caralho)\b|(?<![а-яё])(?:бля(?:ть|дь)?|нахуй|хрен)(?![а-яё])|卧槽|我靠|妈的|他妈|くそ|クソ|씨발|시발/i;

export function showsFrustration(opening: string): string | undefined {
  const marks = DOUBLED_MARKS_RE.exec(opening);
  if (marks) return marks[0];
  const swearing = SWEARING_RE.exec(opening);
  if (swearing) return swearing[0];
  const shouted = SHOUTED_RE.exec(opening);
  return shouted ? shouted[0] : undefined;
}
