import { newLineView, scanLine, TYPE_ASSISTANT, TYPE_USER } from '../../transcript/claude/fast/line.js';
import {
  type FastReadOptions,
  kindsOfErrors,
  readTranscriptLines,
  toolResultKindsOfView,
} from '../../transcript/claude/fast/read.js';
import {
  editsOf,
  messageIdOf,
  textOf,
  toolResultErrorsOf,
} from '../../transcript/claude/fast/view-fields.js';
import { toTurnEvent } from '../../transcript/claude/normalise.js';
import { adapterFor, claudeCodeAdapter, type HostAdapter } from '../../transcript/host.js';
import type { HeadWatch } from '../../transcript/lines.js';
import { codePointLength } from '../../transcript/pyjson.js';
import type {
  EditCall,
  MessageId,
  ToolResultKind,
  TranscriptFacts,
  TurnEvent,
  UserEvent,
} from '../../transcript/types.js';
import { CALIBRATED_LONG_LINES } from '../long-lines.js';
import { countWordMatches, S4_PREFILTER, S5_MIN_ASSISTANT_LENGTH } from '../signals.js';
import type { AssistantLineTap } from '../timeline.js';
import { BoundedTest, compiled } from './compiled.js';
import { concedesLater } from './later-concession.js';
import { CONCESSION_RE, DECLINE_RE, RETRY_PATTERN } from './lexicon.js';
import type { CalibratedMachine, ReplyReading } from './machine.js';
import type { CalibratedAssistantTurn, CalibratedUserTurn } from './turns.js';

const CONCESSION = new BoundedTest(CONCESSION_RE, { lowerCase: true });
const DECLINE = new BoundedTest(DECLINE_RE, { lowerCase: true });

/** How far into a reply a concession is looked for: it opens the reply. */
const CONCESSION_HEAD = 200;
/** How far into the first reply "I cannot access ..." is looked for (it may follow a greeting or a summary). */
const DECLINE_HEAD = 400;

/** Whether the first reply to a person opens by conceding a correction; other texts are not read. */
function concedesIn(text: string, reading: ReplyReading): boolean {
  if (reading === 'later') return concedesLater(text);
  return reading === 'first' && text.length > 0 && CONCESSION.test(text.slice(0, CONCESSION_HEAD));
}

function declinesIn(text: string, reading: ReplyReading): boolean {
  return reading === 'first' && text.length > 0 && DECLINE.test(text.slice(0, DECLINE_HEAD));
}

/** RETRY_PATTERN with both its patterns compiled to machine code on their first use (compiled.ts). */
function retryPattern(): typeof RETRY_PATTERN {
  compiled(RETRY_PATTERN.candidates);
  compiled(RETRY_PATTERN.exact);
  return RETRY_PATTERN;
}

function isLong(text: string): boolean {
  if (text.length < S5_MIN_ASSISTANT_LENGTH) return false;
  if (text.length >= 2 * S5_MIN_ASSISTANT_LENGTH) return true;
  return codePointLength(text) >= S5_MIN_ASSISTANT_LENGTH;
}

function assistantTurn(
  lineNo: number,
  id: MessageId,
  text: string,
  edits: EditCall[],
  reading: ReplyReading,
): CalibratedAssistantTurn {
  const retries = S4_PREFILTER.test(text) ? countWordMatches(retryPattern(), text) : 0;
  return {
    kind: 'assistant',
    lineNo,
    id,
    long: isLong(text),
    hasText: text.length > 0,
    retries,
    concedes: concedesIn(text, reading),
    declines: declinesIn(text, reading),
    edits,
    text: () => text,
  };
}

const NO_TEXT = () => '';

/**
 * The agent's latest undecoded text line, kept to be decoded later. A scanned line's bytes are valid only
 * during the reader's call, so they are copied into one buffer reused from line to line (a copy per line
 * costs its allocation). That is enough: the machine reads only the agent's last text (after a
 * correction), and every text line it is handed replaces the one before.
 */
class LatestTextLine {
  private bytes = Buffer.alloc(0);
  private length = 0;
  private generation = 0;

  keep(b: Buffer, start: number, end: number): () => string {
    const length = end - start;
    if (this.bytes.length < length) this.bytes = Buffer.alloc(Math.max(length, 2 * this.bytes.length));
    b.copy(this.bytes, 0, start, end);
    this.length = length;
    const generation = ++this.generation;
    return () => {
      if (generation !== this.generation) throw new Error('an older text line was asked for');
      const view = scanLine(this.bytes, 0, this.length, newLineView());
      return view ? textOf(this.bytes, view) : '';
    };
  }
}

/**
 * Byte runs one of which every refusal or cascade cancellation Claude Code writes holds (the words
 * tool-results.ts reads: "doesn't want to proceed with this tool use", "… take this action", "User chose
 * to stay in plan mode", "[Request interrupted by user", "Interrupted by user", "Request was aborted",
 * "Sibling tool call errored", "Cancelled: parallel tool call"), each without a character JSON escapes.
 * A word added there must be added here: read-error-lines.test.ts holds both readings to each other.
 */
const MARKERS = [
  'want to proceed with this tool use',
  'want to take this action',
  'stay in plan mode',
  'nterrupted by user',
  'Request was aborted',
  'Sibling tool call errored',
  'Cancelled: parallel tool call',
].map((marker) => Buffer.from(marker));

/** `\u00`: how a JSON writer would write a letter of a marker as an escape (`\u0061`). */
const ESCAPE = Buffer.from('\\u00');
const BACKSLASH = 0x5c;

/**
 * Whether the line's bytes may hold a marker: one of them as it is, or an escape of a printable ASCII
 * character (`\u0020` to `\u007f`), which could spell one. Claude Code escapes only control characters
 * (`\u001b` of a coloured log), so its lines are settled by the markers alone.
 */
function mayHoldMarker(line: Buffer): boolean {
  for (const marker of MARKERS) if (line.indexOf(marker) >= 0) return true;
  for (let at = line.indexOf(ESCAPE); at >= 0; at = line.indexOf(ESCAPE, at + 1)) {
    // `\\u00…` is an escaped backslash followed by text, not an escape.
    let slashes = 0;
    while (at - slashes - 1 >= 0 && line[at - slashes - 1] === BACKSLASH) slashes++;
    const digit = line[at + ESCAPE.length];
    if (slashes % 2 === 0 && digit !== undefined && digit >= 0x32 && digit <= 0x37) return true;
  }
  return false;
}

/**
 * What each tool result of a scanned user line reported, as `toolResultKindsOfView` reads it. A line whose
 * errors carry no refusal or cancellation marker reports a failure for each of them, which is what its
 * full parse would say: that parse (the reader's costliest step on error lines, some three in four of
 * which are plain failures on real transcripts) is skipped (version 11).
 */
export function resultKindsOfLine(
  b: Buffer,
  errors: boolean[],
  start: number,
  end: number,
): ToolResultKind[] {
  if (errors.includes(true) && !mayHoldMarker(b.subarray(start, end))) return kindsOfErrors(errors);
  return toolResultKindsOfView(b, errors, start, end);
}

function userTurn(
  lineNo: number,
  id: MessageId,
  isMeta: boolean,
  results: ToolResultKind[],
  text: string,
): CalibratedUserTurn {
  return { kind: 'user', lineNo, id, isMeta, results, text: results.length === 0 && !isMeta ? text : '' };
}

/** Whether a user turn may anchor a hit (an error, a refusal, or a person's text): only then is its id read. */
function userIdIsRead(results: ToolResultKind[], text: string): boolean {
  return text.length > 0 || results.some((r) => r !== 'ok' && r !== 'cancelled');
}

/**
 * Reads a Claude Code transcript for the calibrated gate on the seed profile's fast line reader. Beyond what the
 * seed decodes it reads the text of erroring tool results (by parsing those rare lines in full) and the
 * first reply after each human turn (for a concession and for "I cannot ..."); every other assistant text whose bytes settle it stays undecoded.
 */
export function readCalibratedTurnsFast(
  path: string,
  machine: CalibratedMachine,
  options: FastReadOptions = {},
  tap?: AssistantLineTap,
): TranscriptFacts {
  const latestText = new LatestTextLine();
  return readTranscriptLines(
    path,
    {
      view: (b, view, lineNo, start, end) => {
        if (view.type === TYPE_ASSISTANT) {
          tap?.line(b, start, end, lineNo, view.usage);
          const edits = editsOf(b, view);
          const info = view.textInfo;
          const reading = machine.replyReading;
          let turn: CalibratedAssistantTurn;
          if (info >= 0 && (info & 1) === 0 && reading === undefined) {
            const codePoints = info >> 1;
            turn = {
              kind: 'assistant',
              lineNo,
              id: '',
              long: codePoints >= S5_MIN_ASSISTANT_LENGTH,
              hasText: codePoints > 0,
              retries: 0,
              concedes: false,
              declines: false,
              edits,
              text: codePoints > 0 ? latestText.keep(b, start, end) : NO_TEXT,
            };
          } else if (info >= 0 && (info & 1) === 0) {
            // The bytes settle length and "no retry phrase": the text is read only for a concession.
            const codePoints = info >> 1;
            const text = codePoints > 0 ? textOf(b, view) : '';
            turn = {
              kind: 'assistant',
              lineNo,
              id: '',
              long: codePoints >= S5_MIN_ASSISTANT_LENGTH,
              hasText: codePoints > 0,
              retries: 0,
              concedes: concedesIn(text, reading),
              declines: declinesIn(text, reading),
              edits,
              text: () => text,
            };
          } else {
            turn = assistantTurn(lineNo, '', textOf(b, view), edits, reading);
          }
          if (turn.retries > 0 || turn.concedes || turn.declines || turn.edits.length > 0)
            turn.id = messageIdOf(b, view, lineNo);
          machine.push(turn);
        } else if (view.type === TYPE_USER) {
          const results = resultKindsOfLine(b, toolResultErrorsOf(view), start, end);
          const text = results.length === 0 && !view.isMetaTruthy ? textOf(b, view) : '';
          const turn = userTurn(lineNo, '', view.isMetaTruthy, results, text);
          if (userIdIsRead(results, turn.text)) turn.id = messageIdOf(b, view, lineNo);
          machine.push(turn);
        }
      },
      parsed: (line, lineNo) => {
        const event = toTurnEvent(line, lineNo);
        if (!event) return;
        if (event.kind === 'assistant') {
          tap?.parsed(line, lineNo);
          machine.push(assistantTurn(lineNo, event.id, event.text, event.edits, machine.replyReading));
        } else {
          machine.push(userTurn(lineNo, event.id, event.isMeta, resultKinds(event), event.text));
        }
      },
    },
    options,
  );
}

/**
 * What each tool result of an event reported: the host's own reading when it gives one (Claude Code does,
 * on every reading path), else every error counted as a failure.
 */
function resultKinds(event: UserEvent): ToolResultKind[] {
  return event.toolResultKinds ?? kindsOfErrors(event.toolResultErrors);
}

/** The calibrated turn of a host-neutral event: the same turn the direct reader builds for that line. */
function turnOfEvent(event: TurnEvent, machine: CalibratedMachine) {
  if (event.kind === 'assistant')
    return assistantTurn(event.lineNo, event.id, event.text, event.edits, machine.replyReading);
  return userTurn(event.lineNo, event.id, event.isMeta, resultKinds(event), event.text);
}

/**
 * Feeds a file's turns to the machine: Claude Code through the fast reader, other hosts through their
 * adapter (`adapter`: the one that reads the path, when the caller has found it already). `head` is shown
 * the file's first bytes by the fast reader's first read (other hosts' readers do not show it).
 */
export function readCalibrated(
  path: string,
  machine: CalibratedMachine,
  tap?: AssistantLineTap,
  adapter: HostAdapter = adapterFor(path),
  head?: HeadWatch,
): TranscriptFacts {
  if (adapter === claudeCodeAdapter)
    return readCalibratedTurnsFast(
      path,
      machine,
      { longLines: CALIBRATED_LONG_LINES, ...(head ? { head } : {}) },
      tap,
    );
  return adapter.readEvents(path, (event) => machine.push(turnOfEvent(event, machine)));
}

/** Feeds events from a caller-supplied reader (the scan's reader choice, tests) to the machine. */
export function pushEvents(
  read: (path: string, onEvent: (event: TurnEvent) => void) => TranscriptFacts,
  path: string,
  machine: CalibratedMachine,
): TranscriptFacts {
  return read(path, (event) => machine.push(turnOfEvent(event, machine)));
}
