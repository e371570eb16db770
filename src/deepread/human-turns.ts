import { isHarnessLine } from '../gate/calibrated/human-text.js';
import { oneLine } from '../transcript/messages.js';
import { EventReader } from './heuristic/events.js';
import { correctionsIn } from './heuristic/lexicon.js';
import { isContinuation } from './heuristic/text.js';
import { chainOf, cutMiddle, type ToolCall, type TranscriptMessage } from './message.js';
import { estimateTokens } from './windows.js';

/** Why a human turn matters to the reader, beyond being what the person said. */
type TurnCue =
  | 'opening request'
  | 'after an interrupt'
  | 'after a refusal'
  | 'reads as a correction'
  | 'refused the call, saying';

/** One turn the person typed (main conversation only: a sub-agent's "user" lines are the agent's own). */
interface HumanTurn {
  id: string;
  /** What the person typed, the IDE's attachments removed; long turns kept as head and tail. */
  text: string;
  /** Characters of the typed text before any cut. */
  chars: number;
  /** 0 for the opening request; a refusal's reason has the number of the turn before it. */
  turn: number;
  cue: TurnCue | undefined;
  /** For a refusal's reason: the call refused (`Edit: src/a.ts`). */
  refusedCall?: string;
  /** The agent's last prose before a turn that corrects it (or follows an interrupt or a refusal). */
  replyBefore: { id: string; text: string } | undefined;
}

/** Messages the evidence windows should be centred on, beyond the gate's anchors, by kind. */
interface FocusIds {
  interrupts: string[];
  refusals: string[];
  corrections: string[];
  failureRuns: string[];
}

export interface HumanTurnSet {
  turns: HumanTurn[];
  /** The agent's last prose after the person's last turn: what it told them at the end (if anything). */
  lastReply: { id: string; text: string } | undefined;
  focus: FocusIds;
  /** Turns beyond MAX_KEPT_TURNS (their text is not kept; the prompt says how many). */
  turnsNotKept: number;
}

/** What a collected turn keeps, so memory stays bounded whatever the person pasted. */
const KEEP_TURN_CHARS = 4_000;
const KEEP_OPENING_CHARS = 12_000;
const KEEP_REPLY_CHARS = 2_000;
/** A session with more turns than this keeps the first ones; the prompt says how many were left out. */
const MAX_KEPT_TURNS = 3_000;
const MAX_FOCUS = 200;
/** Consecutive failed tool calls that make a failure run (the gate's S2 counts the same way). */
const FAILURE_RUN = 2;

/**
 * Collects, in the deep read's streaming pass, every turn the person typed and the messages worth a window.
 * A human turn is what the offline reader calls one (heuristic/events.ts: no tool result, no harness or
 * command wrapper, no `<task-notification>`, no interrupt marker, the IDE's attachments removed), so the
 * prompt and the offline reader agree on what the person said; a one-line notice of the harness (the gate's
 * isHarnessLine: `Unknown skill: x`, a bare `[Image #1]`) is not a turn either.
 */
export class HumanTurnCollector {
  private readonly events = new EventReader();
  private readonly turns: HumanTurn[] = [];
  private readonly focus: FocusIds = { interrupts: [], refusals: [], corrections: [], failureRuns: [] };
  private lastReply: { id: string; text: string } | undefined;
  /** The agent's last prose after the person's last turn: its final word, if it had one. */
  private finalReply: { id: string; text: string } | undefined;
  private pendingCue: TurnCue | undefined;
  private failures = 0;
  private turnsNotKept = 0;
  private humanTurns = 0;

  push(message: TranscriptMessage): void {
    if (chainOf(message) !== 'main') return;
    for (const event of this.events.read(message)) {
      if (event.kind === 'say') {
        if (event.text.trim().length > 0) {
          this.lastReply = { id: message.id, text: cutMiddle(event.text.trim(), KEEP_REPLY_CHARS).text };
          this.finalReply = this.lastReply;
        }
      } else if (event.kind === 'interrupt') {
        this.pendingCue = 'after an interrupt';
        note(this.focus.interrupts, message.id);
      } else if (event.kind === 'result') {
        if (event.rejection !== undefined) {
          note(this.focus.refusals, message.id);
          const reason = event.rejection.reason;
          if (reason === undefined) this.pendingCue = 'after a refusal';
          else this.refusal(message, event.output.text, reason, event.call?.call);
        }
        if (event.output.isError && event.rejection === undefined) {
          this.failures += 1;
          if (this.failures === FAILURE_RUN) note(this.focus.failureRuns, message.id);
        } else this.failures = 0;
      } else if (event.kind === 'human' && !isHarnessLine(event.text)) this.human(message, event.text);
    }
  }

  /** How many messages were noted as worth a window so far (the scan asks after each push). */
  get focusSize(): number {
    const { interrupts, refusals, corrections, failureRuns } = this.focus;
    return interrupts.length + refusals.length + corrections.length + failureRuns.length;
  }

  finish(): HumanTurnSet {
    return {
      turns: this.turns,
      lastReply: this.finalReply,
      focus: this.focus,
      turnsNotKept: this.turnsNotKept,
    };
  }

  /** The reason a person typed when refusing a call is their word too: from its first line to the end. */
  private refusal(message: TranscriptMessage, output: string, reason: string, call: ToolCall | undefined) {
    const text = output.slice(Math.max(0, output.indexOf(reason))).trim();
    const replyBefore = this.lastReply;
    this.finalReply = undefined;
    this.keep({
      id: message.id,
      text: cutMiddle(text, KEEP_TURN_CHARS).text,
      chars: text.length,
      turn: Math.max(0, this.humanTurns - 1),
      cue: 'refused the call, saying',
      ...(call ? { refusedCall: `${call.name}: ${call.summary}` } : {}),
      replyBefore,
    });
  }

  private keep(turn: HumanTurn): void {
    if (this.turns.length >= MAX_KEPT_TURNS) this.turnsNotKept += 1;
    else this.turns.push(turn);
  }

  private human(message: TranscriptMessage, text: string): void {
    const turn = this.humanTurns;
    const correcting = turn > 0 && !isContinuation(text) && correctionsIn(text).length > 0;
    const cue: TurnCue | undefined =
      turn === 0
        ? 'opening request'
        : (this.pendingCue ?? (correcting ? 'reads as a correction' : undefined));
    if (correcting) note(this.focus.corrections, message.id);
    const replyBefore = cue !== undefined && turn > 0 ? this.lastReply : undefined;
    this.pendingCue = undefined;
    this.finalReply = undefined;
    this.humanTurns = turn + 1;
    const keep = turn === 0 ? KEEP_OPENING_CHARS : KEEP_TURN_CHARS;
    this.keep({
      id: message.id,
      text: cutMiddle(text, keep).text,
      chars: text.length,
      turn,
      cue,
      replyBefore,
    });
  }
}

function note(list: string[], id: string): void {
  if (list.length < MAX_FOCUS && list.at(-1) !== id) list.push(id);
}

/** The human turns as the prompt shows them, and what fitting them into the budget cost. */
export interface FittedTurns {
  /** One entry per line group: `[<id>] user (<cue>): <text>`, replies before corrections as their own entries. */
  entries: string[];
  /** The message ids the entries show (turns and replies), for the hints that may cite them. */
  ids: Set<string>;
  tokens: number;
  /** Per-turn character limit applied (Infinity when nothing was cut). */
  turnChars: number;
  turnsCut: number;
  turnsShown: number;
  turnsLeftOut: number;
}

/** Per-turn limits tried from the most generous down; the opening request keeps more (see openingChars). */
const TURN_CHAR_STEPS = [Number.POSITIVE_INFINITY, 3_000, 2_000, 1_200, 800, 500, 300, 200];

function openingChars(turnChars: number): number {
  return Number.isFinite(turnChars) ? Math.max(1_500, turnChars * 4) : Number.POSITIVE_INFINITY;
}

function render(set: HumanTurnSet, turnChars: number): Omit<FittedTurns, 'turnsLeftOut'> {
  const entries: string[] = [];
  const ids = new Set<string>();
  let tokens = 0;
  let turnsCut = 0;
  const replyChars = Number.isFinite(turnChars) ? Math.max(300, turnChars) : KEEP_REPLY_CHARS;
  for (const turn of set.turns) {
    if (turn.replyBefore) {
      const reply = cutMiddle(turn.replyBefore.text, replyChars).text;
      const entry = `[${turn.replyBefore.id}] assistant (its reply before the turn below): ${indent(reply)}`;
      entries.push(entry);
      ids.add(turn.replyBefore.id);
      tokens += estimateTokens(entry) + 1;
    }
    const opening = turn.cue === 'opening request';
    const limit = opening ? openingChars(turnChars) : turnChars;
    const shown = Number.isFinite(limit) ? cutMiddle(turn.text, limit) : { text: turn.text, cut: 0 };
    if (shown.cut > 0 || turn.chars > turn.text.length) turnsCut += 1;
    const role =
      turn.cue === undefined
        ? 'user'
        : turn.refusedCall !== undefined
          ? `user (refused → ${oneLine(turn.refusedCall, 160)}, saying)`
          : `user (${turn.cue})`;
    const entry = `[${turn.id}] ${role}: ${indent(shown.text)}`;
    entries.push(entry);
    ids.add(turn.id);
    tokens += estimateTokens(entry) + 1;
  }
  const last = set.lastReply;
  if (last && !ids.has(last.id)) {
    const entry = `[${last.id}] assistant (its last reply in the session): ${indent(cutMiddle(last.text, replyChars).text)}`;
    entries.push(entry);
    ids.add(last.id);
    tokens += estimateTokens(entry) + 1;
  }
  return { entries, ids, tokens, turnChars, turnsCut, turnsShown: set.turns.length };
}

/** Continuation lines indented as in the windows (message.ts), so no data line can pose as a new entry. */
function indent(text: string): string {
  return text.replace(/\r\n|\r|\n/g, '\n  ');
}

/**
 * Every human turn, each as whole as the budget allows: the largest per-turn limit under which all turns
 * fit in `budgetTokens`; the opening request keeps four times as much (head and tail when cut). When even
 * the smallest limit does not fit, the turns between the first and the last few are left out, the opening
 * request always kept.
 */
export function fitTurns(set: HumanTurnSet, budgetTokens: number): FittedTurns {
  for (const step of TURN_CHAR_STEPS) {
    const fitted = render(set, step);
    if (fitted.tokens <= budgetTokens) return { ...fitted, turnsLeftOut: 0 };
  }
  // Still over: keep the opening request and as many of the latest turns as fit.
  const smallest = TURN_CHAR_STEPS[TURN_CHAR_STEPS.length - 1] ?? 200;
  const first = set.turns[0];
  const opening = first?.cue === 'opening request' ? first : undefined;
  const rest = opening ? set.turns.slice(1) : set.turns;
  let keep = rest.length;
  while (keep > 0) {
    const trial = render(
      { ...set, turns: [...(opening ? [opening] : []), ...rest.slice(rest.length - keep)] },
      smallest,
    );
    if (trial.tokens <= budgetTokens) return { ...trial, turnsLeftOut: rest.length - keep };
    keep = Math.floor(keep * 0.9);
  }
  const only = render({ ...set, turns: opening ? [opening] : [] }, smallest);
  return { ...only, turnsLeftOut: rest.length };
}
