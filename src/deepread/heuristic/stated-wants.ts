import { checkRuleText, MAX_RULE_CHARS } from '../../safety/rule-text.js';
import { codePointLength } from '../../transcript/pyjson.js';
import type { ToolCall } from '../message.js';
import type { Citation } from '../types.js';
import { correctionsIn, UNDO } from './lexicon.js';
import { citeHuman, citeLiteral, EDIT_TOOLS, isContinuation } from './text.js';
import type { Detector, Finding, SessionEvent } from './types.js';

/**
 * How a person says what they want or do not want, in reaction to what the agent just did. Only these
 * carry a rule offline; everything else the detectors see is an observation.
 * - `standing`: a standing instruction ("never commit without signing", "always run the hooks",
 *   "don't add comments").
 * - `instead`: what to do in place of what the agent did ("put it in the existing doc, not a new file").
 * - `first`: a step the person wants before the one the agent took ("talk to me about the logic first").
 * - `less`: less than the agent built ("good but simplify", "too many tests").
 * - `proof`: evidence for what the agent reported ("prove it!", "double check your screenshots").
 * - `yourself`: the agent handed back a step it can take ("you can run it", "run it yourself").
 */
type WantKind = 'standing' | 'instead' | 'first' | 'less' | 'proof' | 'yourself';

const WANTS: readonly [WantKind, RegExp][] = [
  ['proof', /^(?:prove it|show me (?:the )?(?:proof|evidence|output))\b|\bdouble[- ]check your\b/i],
  ['yourself', /^(?:no,?\s+)?(?:you (?:can )?(?:run|do) it|(?:run|do|test) it yourself)\b/i],
  ['first', /^(?:please\s+)?(?:talk|explain|tell|ask|discuss|show|walk)\b[^.!?]{0,60}\bfirst\b/i],
  [
    'less',
    /\bbut\s+(?:please\s+)?simplify\b|^(?:please\s+)?simplify (?:it|this|that)\b|\b(?:it'?s|this is|that'?s) too (?:complex|complicated|verbose|long|much)\b|\btoo (?:much|many) (?:code|tests|files|changes|comments|lines|detail|text|steps)\b|\b(?:simpler|smaller|shorter),?\s+please\b/i,
  ],
  [
    'standing',
    /(?:^|,\s*)(?:please\s+)?(?:never|always|don'?t ever|do not ever)\s+\w+|^(?:please\s+)?(?:don'?t|do not|stop)\s+(?:add|use|create|write|commit|push|delete|remove|touch|change|edit|rewrite|run|install|skip|disable|bypass|mock|guess|assume|make)\b/i,
  ],
  [
    'instead',
    /^(?:please\s+)?(?:put|use|keep|add|write|call|name|place|make|do|prefer)\b[^.!?]*(?:,\s*not\b|\binstead of\b|\brather than\b)/i,
  ],
];

/**
 * A standing instruction reads the same in a new request as in a reaction ("fix the parser. Don't change
 * any other files."): it carries a rule only where the turn shows it reacts to what the agent did: the
 * agent's last step was refused or stopped, the turn also corrects it ("no", "I said", "undo that"), the
 * sentence says "again" or "stop", or — in a turn that asks for no new work — it names what the agent did
 * since the person last spoke (a word of four or more letters in common, compared by its first five): a
 * command it ran ("always verify" after `git commit --no-verify`), or for a prohibition its own account
 * ("I also tidied two other files" → "don't change any other files"). The other kinds name what the agent
 * did by their form ("not a new file", "first", "simplify").
 */
const REACTION_CUE = /\b(?:again|stop|anymore|any more|I (?:said|told you|asked)|why did you)\b/i;
const COMMON_WORDS = new Set(
  'always never dont about after again also because before being could does done every from have into just like make more much must only other over please should some still than that their them then there these they this those very what when where which while will with without would your'.split(
    ' ',
  ),
);

const PROHIBITION = /(?:^|,\s*)(?:please\s+)?(?:never|don'?t|do not|stop)\b/i;

function stems(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])
    if (!COMMON_WORDS.has(word)) found.add(word.slice(0, 5));
  return found;
}

function namesTheAct(sentence: string, act: LastAct): boolean {
  // A prohibition names an act, and the agent's own account of what it did shows it ("I also tidied two
  // other files" → "don't change any other files"); "always …" names what was missing, which the agent's
  // words cannot show — they only name the topic. Commands show either.
  const prohibits = PROHIBITION.test(sentence);
  const done = stems([...act.commands, prohibits ? (act.said ?? '') : ''].join(' ').slice(0, 4000));
  for (const stem of stems(sentence)) if (done.has(stem)) return true;
  return false;
}

/**
 * A turn that asks for new work ("could you also add this to the README? Don't change any other files.",
 * a numbered spec) states the requirements of that work: its "never" and "don't" are not a reaction to
 * what the agent did, unless the turn also refuses, stops or corrects it.
 */
const NEW_WORK =
  /\b(?:could|can|would|will) you\b|\bwe (?:need|have|want) to\b|\bplease (?:add|implement|create|build|write|make|update|refactor|perform|fix|change|move|rename|convert|set up|do)\b|\bthe following\b|^\s*(?:\d+[.)]|[-*•])\s/im;

/** An instruction for later or a condition is not a reaction: "don't run the migrations yet", "so I can roll back later". */
const NOT_NOW = /\b(?:yet|for now|later|so (?:that )?I can|in case|if|unless|whether|until)\b|\?$/i;
/** Code in a sentence makes it about this codebase, not a rule: paths, calls, identifiers, markup. */
const CODE_WORD =
  /[`{}()[\]<>=;$\\|]|\/\w|\w\.\w{1,5}\b|[a-z][A-Z]|\w_\w|::|#\{|^[A-Z0-9]+_[A-Z0-9_]*$|^-{1,2}\w|\d+:\d+/;
const MIN_CLAUSE_WORDS = 2;
const TRAILING =
  /^(?:the|a|an|to|of|in|on|at|for|with|and|or|but|that|this|is|are|my|our|your|its|from|by|as)$/i;
const MAX_CLAUSE_CHARS = 110;
/** One occurrence of a kind is enough for a rule; more of them raise its confidence a little. */
const BASE = 0.5;

/**
 * The person's words as a rule can quote them, with their punctuation: cut where they trail off ("2
 * tests...one that"), and none at all when the sentence holds code (a path, a call, an identifier): it is
 * about this codebase, and a rule cut before the code would say something else ("never call").
 */
function cleanClause(sentence: string): string | undefined {
  const words: string[] = [];
  for (const raw of sentence.trim().split(/\s+/)) {
    const [word = '', rest] = raw.split(/\.{3,}|…/);
    if (word.length === 0) break;
    if (CODE_WORD.test(word)) return undefined;
    // A sentence too long to quote whole is not cut: "never used as a sales" says something else.
    if (codePointLength([...words, word].join(' ')) > MAX_CLAUSE_CHARS) return undefined;
    words.push(word);
    if (rest !== undefined) break;
  }
  // A cut can leave "use the": the words that lead into what was cut say nothing on their own.
  while (words.length > 0 && TRAILING.test(words[words.length - 1] ?? '')) words.pop();
  if (words.length < MIN_CLAUSE_WORDS) return undefined;
  return words
    .join(' ')
    .replace(/["“”]/g, "'")
    .replace(/[\s,;:–—-]+$/u, '');
}

/** "Good but simplify." says less; "I just want 2 tests" after it says how much. */
function withWhatIsWanted(clause: string | undefined, next: string | undefined): string | undefined {
  if (clause === undefined || next === undefined || !WANTED.test(next)) return clause;
  const more = cleanClause(next);
  if (more === undefined) return clause;
  const joined = `${clause}${/[.!]$/.test(clause) ? '' : '.'} ${more}`;
  return codePointLength(joined) <= MAX_CLAUSE_CHARS ? joined : clause;
}

const WANTED = /^(?:I (?:just|only) want|just|only)\b/i;

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentencesOf(text: string): string[] {
  return text
    .slice(0, 600)
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** What the agent had just done, as the rule says it. */
interface LastAct {
  call: ToolCall | undefined;
  /** The agent's last words before the person spoke. */
  said: string | undefined;
  refused: boolean;
  interrupted: boolean;
  /** The commands the agent ran since the person last spoke: what a standing instruction can name. */
  commands: string[];
}

function noAct(): LastAct {
  return { call: undefined, said: undefined, refused: false, interrupted: false, commands: [] };
}

function didWhat(act: LastAct): string {
  const call = act.call;
  const verb =
    call === undefined
      ? 'replied'
      : EDIT_TOOLS.has(call.name)
        ? call.name === 'Write'
          ? 'wrote a file'
          : 'edited a file'
        : call.command !== undefined
          ? 'ran a command'
          : `used ${call.name}`;
  if (act.refused) return `${verb} and they refused it`;
  if (act.interrupted) return `${verb} and they stopped you`;
  return verb;
}

function stepOf(act: LastAct): string {
  const call = act.call;
  if (call === undefined) return 'go on';
  if (EDIT_TOOLS.has(call.name)) return 'edit';
  if (call.command !== undefined) return 'run commands';
  return 'go on';
}

/** The first sentence of what the agent said, as prose the rule can quote. */
function saidClause(said: string | undefined): string | undefined {
  if (said === undefined) return undefined;
  const first = sentencesOf(said.replace(/[*#_>]+/g, ' ')).find(
    (s) => (cleanClause(s)?.split(/\s+/).length ?? 0) >= 4,
  );
  const clause = first ? cleanClause(first)?.replace(/[.!?]+$/u, '') : undefined;
  return clause && codePointLength(clause) <= 70 ? clause : clause?.split(/\s+/).slice(0, 8).join(' ');
}

/** The rule for one stated want, built from the person's words and what the agent had done. */
function ruleFor(kind: WantKind, clause: string, act: LastAct): string {
  const quote = `"${clause}"`;
  switch (kind) {
    case 'standing':
    case 'instead':
      return `${capitalised(clause)}${/[.!]$/.test(clause) ? '' : '.'} (The user's words after you ${didWhat(act)}.)`;
    case 'first':
      return `Before you ${stepOf(act)} again, do what the user asked first: ${quote}`;
    case 'less':
      return `Build no more than the user asked for: after you ${didWhat(act)}, they said ${quote}`;
    case 'proof': {
      const said = saidClause(act.said);
      return said
        ? `Back every result you report with output that shows it: after you said "${said}", the user said ${quote}`
        : `Back every result you report with output that shows it: the user said ${quote}`;
    }
    case 'yourself':
      return `Run the step yourself when you can: after you ${didWhat(act)}, the user said ${quote}`;
  }
}

function valid(rule: string): boolean {
  return codePointLength(rule) <= MAX_RULE_CHARS && checkRuleText(rule).ok;
}

/** Kinds whose rule is the person's sentence itself; the others put the quote in one rule of their kind. */
const VERBATIM: ReadonlySet<WantKind> = new Set(['standing', 'instead']);

interface Want {
  kind: WantKind;
  rule: string;
  citations: Citation[];
  occurrences: number;
}

/**
 * What the person said they want or do not want, in reaction to what the agent did: a rule in the
 * person's own words, citing their turn. The opening request and instructions for later ("don't push
 * yet", "so I can roll back later") are not reactions; a sentence holding code (a path, an identifier)
 * is about this codebase, not a rule; a reply that only says "go on" says nothing. A reason typed at a
 * refused permission prompt counts only when it states a want of these kinds: a reason the agent simply
 * follows ("can we use double backslashes?") is compliance, not friction.
 */
export class StatedWantDetector implements Detector {
  private readonly wants = new Map<string, Want>();
  private act: LastAct = noAct();
  private actedSinceHuman = false;

  push(event: SessionEvent): void {
    switch (event.kind) {
      case 'call':
        // Bookkeeping and look-around calls (a todo list, a read) are not what the person reacts to.
        if (EDIT_TOOLS.has(event.call.name) || event.call.command !== undefined)
          this.act = {
            call: event.call,
            said: this.act.said,
            refused: false,
            interrupted: false,
            commands:
              event.call.command === undefined
                ? this.act.commands
                : [...this.act.commands, event.call.command],
          };
        this.actedSinceHuman = true;
        return;
      case 'say':
        this.act = { ...this.act, said: event.text };
        this.actedSinceHuman = true;
        return;
      case 'interrupt':
        this.act = { ...this.act, interrupted: true };
        return;
      case 'result':
        if (event.rejection === undefined) return;
        this.act = { ...this.act, call: event.call?.call ?? this.act.call, refused: true };
        if (event.rejection.reason !== undefined)
          this.read(event.rejection.reason, (pattern) =>
            citeLiteral(event.message.id, event.output.text, event.rejection?.reason ?? pattern),
          );
        return;
      case 'human': {
        const reacting = event.turn > 0 && this.actedSinceHuman && !isContinuation(event.text);
        if (reacting)
          this.read(event.text, (sentence) => citeHuman(event.message, event.text, literal(sentence)));
        this.act = noAct();
        this.actedSinceHuman = false;
        return;
      }
    }
  }

  private read(
    text: string,
    citeOf: (sentence: string) => Citation | undefined,
    // "scope" is read from "don't change …" itself: it cannot show that the turn reacts.
    reacting = this.act.refused ||
      this.act.interrupted ||
      correctionsIn(text).some((c) => c.kind !== 'scope') ||
      UNDO.test(text),
  ): void {
    const sentences = sentencesOf(text);
    for (const [i, sentence] of sentences.entries()) {
      const found = WANTS.find(([, re]) => re.test(sentence));
      if (!found || NOT_NOW.test(sentence)) continue;
      const [kind] = found;
      if (
        kind === 'standing' &&
        !reacting &&
        !REACTION_CUE.test(sentence) &&
        (NEW_WORK.test(text) || !namesTheAct(sentence, this.act))
      )
        continue;
      const clause =
        kind === 'less' ? withWhatIsWanted(cleanClause(sentence), sentences[i + 1]) : cleanClause(sentence);
      if (clause === undefined) continue;
      const citation = citeOf(sentence);
      if (citation === undefined) continue;
      // One rule per want: the same words said again raise it; other words of the same kind are another
      // want, and quoting them under this rule would cite what the rule does not say.
      const key = `${kind}\u0000${clause.toLowerCase()}`;
      const seen = this.wants.get(key);
      if (seen) {
        seen.occurrences += 1;
        if (!seen.citations.some((c) => c.message_id === citation.message_id)) seen.citations.push(citation);
        continue;
      }
      const rule = ruleFor(kind, clause, this.act);
      if (!valid(rule)) continue;
      this.wants.set(key, { kind, rule, citations: [citation], occurrences: 1 });
    }
  }

  findings(): Finding[] {
    return [...this.wants.values()].map((w) => ({
      pattern: `stated ${w.kind}`,
      rule: w.rule,
      ...(VERBATIM.has(w.kind) ? { wording: w.rule } : {}),
      description: `The user said what they want: ${w.rule}`,
      citations: w.citations.slice(0, 3),
      occurrences: w.occurrences,
      base: BASE,
    }));
  }
}

function literal(sentence: string): RegExp {
  return new RegExp(sentence.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
