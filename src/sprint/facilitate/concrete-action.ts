/**
 * Whether an action item is concrete (seed: "Action items MUST be concrete and actionable with assigned
 * ownership — no vague aspirations"): an action someone can own and later check as done, said as a verb
 * and its object ("Add a retry test to the webhook suite"). Refused, with the reason the facilitator sees:
 * an intention ("Try to be better"), an attitude ("Be more careful with reviews"), a direction without a
 * way ("Improve communication"), or too few words to say what is done to what.
 */

const INTENTION =
  /^(?:let'?s\s+|we\s+(?:should|must|need to|will)\s+)?(?:try|attempt|aim|strive|hope|want|plan|wish)\s+(?:to|for|harder)\b/i;

const ATTITUDE =
  /\bbe\s+(?:(?:more|less|very|extra|a bit)\s+)?(?:careful|better|mindful|aware|vigilant|diligent|proactive|thorough|cautious|attentive|disciplined|responsive|on top of)\b|\b(?:do|get|work)\s+(?:(?:a lot|much|a bit)\s+)?(?:better|harder|smarter)\b|\bmore careful\b|\bkeep (?:it )?in mind\b|\bpay (?:more )?attention\b|\bstay (?:focused|alert|on top)\b/i;

/** Verbs that name a direction, not an act: they need a "how" (by, with, a number, a place, a time). */
const DIRECTION =
  /^(?:(?:continue to|keep)\s+)?(?:improv(?:e|ing)|enhanc(?:e|ing)|increas(?:e|ing)|boost|optimi[sz]e|strengthen|better|work(?:ing)? on|focus(?:ing)? on|look(?:ing)? (?:into|at)|think(?:ing)? about|consider|revisit|reflect on|keep an eye on|prioriti[sz]e|encourage|foster|promote|communicate)\b/i;

/** What turns a direction into an act: how, with what, how much, where or when. */
const HOW =
  /\b(?:by|with|using|via|through|so that|until|under|below|above|at least|at most|before|after|every|each|per|in the|to the|into|from)\b|\d|[./]\w/i;

/** Words a sentence of an action cannot start with: it then names no verb first. */
const NOT_A_VERB =
  /^(?:we|i|you|they|the|a|an|our|team|everyone|everybody|someone|more|less|better|good|great|proper|clear|clearer|no|not|maybe|perhaps|hopefully|generally|always|never)\b/i;

const EXAMPLE =
  'e.g. "Add a retry test to the webhook suite" or "Split stories over 5 points before planning"';

/** Why `text` is not a concrete action (one line, with an example), or undefined when it is one. */
export function vagueActionReason(text: string): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  const words = t.split(' ').filter((w) => /\p{L}/u.test(w));
  if (INTENTION.test(t))
    return `"${t}" is an intention, not an action: say what will be done, as a verb and an object (${EXAMPLE})`;
  if (ATTITUDE.test(t))
    return `"${t}" asks for an attitude nobody can check off: say what will be done, as a verb and an object (${EXAMPLE})`;
  if (DIRECTION.test(t) && !HOW.test(t.replace(DIRECTION, '')))
    return `"${t}" says what to improve but not how: add the act that does it (by …, with …, a number or a place; ${EXAMPLE})`;
  // Two words are enough when the object is a file or a path: "Update epics.md", "Sync sprint-status.yaml".
  const namesAFile = words.length === 2 && /[./]\w/.test(words[1] ?? '');
  if (words.length < 3 && !namesAFile)
    return `"${t}" is too short to own and check: a verb and an object, what is done to what (${EXAMPLE})`;
  if (NOT_A_VERB.test(t)) return `"${t}" does not start with what to do: begin with the verb (${EXAMPLE})`;
  return undefined;
}
