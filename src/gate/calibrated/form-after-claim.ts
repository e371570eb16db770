/**
 * Frustration in the form of a turn, with no correction in its words, right after the agent said the work
 * was done (version 12): "https://wiki.example.com/ this???" thrown back at a claim of success. The claim
 * is what the marks answer; elsewhere doubled marks mislead (relayed "PING FROM …??" messages, docs/gate.md,
 * versions 4, 6 and 7), so they are read alone only here. Only doubled question marks: doubled "!!" added
 * nothing on the labelled sets, and a run of capitals after a claim was as often a name ("SYSTEM PROMPT XO",
 * "ABS-CBE-DTP") or a plain instruction as a shout (docs/gate.md, version 12).
 */
const DOUBLED_QUESTION_RE = /[?？][?？]/u;

/** The doubled question marks a reacting turn's opening holds, if any (for `--why`). */
export function frustratedFormIn(opening: string): string | undefined {
  return DOUBLED_QUESTION_RE.exec(opening)?.[0];
}
