import { EventReader } from '../deepread/heuristic/events.js';
import { isHarnessLine } from '../gate/calibrated/human-text.js';
import { chainOf, oneLine, type TranscriptMessage } from '../transcript/messages.js';

/**
 * What the second look shows of a session: every turn the person typed (in their own words), and between
 * them a summary of what the agent did. Built in one pass over the host's messages, each part bounded, so a
 * session of any length gives a view of bounded size.
 */

/** One turn the person typed, numbered from 0 (the opening request) in file order. */
export interface PersonTurn {
  index: number;
  /** The message id, so the gate's hits can be placed at their turn. */
  id: string;
  /** What the person typed (the IDE's attachments removed), at most KEEP_TURN_CHARS: quotes are checked against it. */
  text: string;
  /** Characters of the typed text before any cut. */
  chars: number;
  /** Set when this is the reason the person gave when refusing a tool call: the call refused. */
  refusedCall?: string;
}

/** What the agent did between two of the person's turns. */
export interface AgentStretch {
  /** Tool calls by tool name, in the order first seen. */
  tools: Map<string, number>;
  /** The first tool results that failed (one line each). */
  errors: string[];
  errorCount: number;
  /** Calls the person refused at the permission prompt (one line each). */
  refused: string[];
  interrupts: number;
  /** Sentences in which the agent says the work is done or works. */
  claims: string[];
  /** The agent's last prose in the stretch: what the person read before typing again. */
  lastWords: string | undefined;
}

export interface SessionView {
  /** What the agent did before the first human turn (a resumed or scripted session). */
  before: AgentStretch;
  turns: { turn: PersonTurn; after: AgentStretch }[];
  /** For each message id seen, the index of the person's last turn at or before it (-1: before the first). */
  turnOf: Map<string, number>;
}

/** Bounds that keep the view small whatever the session holds. */
const KEEP_TURN_CHARS = 20_000;
const MAX_ERRORS = 3;
const MAX_REFUSED = 3;
const MAX_CLAIMS = 2;
const LINE_CHARS = 200;
const LAST_WORDS_CHARS = 1_500;
/** Sessions with more turns keep the first ones (the view says how many were left out via `chars`). */
const MAX_TURNS = 2_000;

/**
 * A claim that the work is done or works, in the words agents use (English; the agent mostly answers in
 * English even to a person who types another language, and a check mark in any). Only shown to the reader.
 */
const CLAIM_RE =
  /(?:✅|🎉|\b(?:done|fixed|resolved|works|working now|all (?:tests|checks) pass(?:ed|ing)?|(?:tests|build) pass(?:es|ed|ing)?|successfully|complete[d]?|implemented)\b)/i;

/** A stretch in which the agent did nothing (yet). */
export function emptyStretch(): AgentStretch {
  return {
    tools: new Map(),
    errors: [],
    errorCount: 0,
    refused: [],
    interrupts: 0,
    claims: [],
    lastWords: undefined,
  };
}

/** The sentence of `text` around its first success claim, on one line. */
function claimIn(text: string): string | undefined {
  const match = CLAIM_RE.exec(text);
  if (!match) return undefined;
  const start = Math.max(
    text.lastIndexOf('\n', match.index) + 1,
    text.lastIndexOf('. ', match.index) + 1,
    match.index - LINE_CHARS / 2,
  );
  const rest = text.slice(match.index);
  const endAt = rest.search(/\n|\. /);
  const end = endAt < 0 ? text.length : match.index + endAt + 1;
  return oneLine(text.slice(start, end), LINE_CHARS);
}

/** Collects a session's view from its messages (main conversation; a sub-agent's work counts as tool use). */
class SessionViewBuilder {
  private readonly events = new EventReader();
  private readonly view: SessionView = { before: emptyStretch(), turns: [], turnOf: new Map() };
  private current: AgentStretch = this.view.before;
  private index = -1;
  private turnsLeftOut = 0;

  push(message: TranscriptMessage): void {
    if (chainOf(message) !== 'main') {
      this.view.turnOf.set(message.id, this.index);
      return;
    }
    for (const event of this.events.read(message)) {
      if (event.kind === 'say') this.say(event.text);
      else if (event.kind === 'call') count(this.current.tools, event.call.name);
      else if (event.kind === 'interrupt') this.current.interrupts += 1;
      else if (event.kind === 'result') {
        const call = event.call?.call;
        const what = call ? `${callName(call.name)}: ${call.summary}` : 'a tool call';
        if (event.rejection !== undefined) {
          const words = event.rejection.reason === undefined ? ' (no words from the person with it)' : '';
          if (this.current.refused.length < MAX_REFUSED)
            this.current.refused.push(`${oneLine(what, LINE_CHARS)}${words}`);
          if (event.rejection.reason !== undefined) {
            const at = event.output.text.indexOf(event.rejection.reason);
            this.person(message.id, event.output.text.slice(Math.max(0, at)).trim(), what);
          }
        } else if (event.output.isError) {
          this.current.errorCount += 1;
          if (this.current.errors.length < MAX_ERRORS)
            this.current.errors.push(oneLine(`${what} → ${event.output.text}`, LINE_CHARS));
        }
      } else if (event.kind === 'human' && !isHarnessLine(event.text)) this.person(message.id, event.text);
    }
    this.view.turnOf.set(message.id, this.index);
  }

  finish(): SessionView & { turnsLeftOut: number } {
    return { ...this.view, turnsLeftOut: this.turnsLeftOut };
  }

  private say(text: string): void {
    const trimmed = text.trim();
    if (trimmed.length === 0) return;
    this.current.lastWords =
      trimmed.length > LAST_WORDS_CHARS ? `…${trimmed.slice(-LAST_WORDS_CHARS)}` : trimmed;
    const claim = this.current.claims.length < MAX_CLAIMS ? claimIn(trimmed) : undefined;
    if (claim !== undefined && !this.current.claims.includes(claim)) this.current.claims.push(claim);
  }

  private person(id: string, text: string, refusedCall?: string): void {
    if (this.view.turns.length >= MAX_TURNS) {
      this.turnsLeftOut += 1;
      return;
    }
    this.index += 1;
    const turn: PersonTurn = {
      index: this.index,
      id,
      text: text.slice(0, KEEP_TURN_CHARS),
      chars: text.length,
      ...(refusedCall !== undefined ? { refusedCall: oneLine(refusedCall, LINE_CHARS) } : {}),
    };
    this.current = emptyStretch();
    this.view.turns.push({ turn, after: this.current });
  }
}

/**
 * Claude Code's plan accept arrives as a refused ExitPlanMode call, so the reader is told which call that
 * is: refusing it often means "go on with my additions", not "stop".
 */
const PLAN_EXIT = 'ExitPlanMode';

/** A tool's name as the reader sees it: the plan exit said in words. */
export function callName(name: string): string {
  return name === PLAN_EXIT ? `${name} (a plan exit: the agent's plan offered for approval)` : name;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The view of a session from its messages. */
export function sessionView(messages: Iterable<TranscriptMessage>): SessionView & { turnsLeftOut: number } {
  const builder = new SessionViewBuilder();
  for (const message of messages) builder.push(message);
  return builder.finish();
}
