import { isObject, toTurnEvent } from '../../transcript/claude/normalize.js';
import { TYPE_ASSISTANT, TYPE_USER } from '../../transcript/fast/line.js';
import { type FastReadOptions, readTranscriptLines } from '../../transcript/fast/read.js';
import { editsOf, messageIdOf, textOf, toolResultErrorsOf } from '../../transcript/fast/view-fields.js';
import { adapterFor, claudeCodeAdapter } from '../../transcript/host.js';
import { codePointLength, pyTruthy } from '../../transcript/pyjson.js';
import type { EditCall, MessageId, TranscriptFacts, TurnEvent } from '../../transcript/types.js';
import { countMatches, S4_PREFILTER, S5_MIN_ASSISTANT_LENGTH } from '../signals.js';
import { type ToolErrorKind, toolErrorKind } from './human-text.js';
import { CONCESSION_RE, RETRY_RE } from './lexicon.js';
import type { CalibratedMachine } from './machine.js';
import type { CalibratedAssistantTurn, CalibratedUserTurn } from './turns.js';

type Result = ToolErrorKind | 'ok';

/** How far into a reply a concession is looked for: it opens the reply. */
const CONCESSION_HEAD = 200;
/** How much of an error's text tells its kind: the markers open it. */
const ERROR_HEAD = 400;

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
  wantsReply: boolean,
): CalibratedAssistantTurn {
  const retries = S4_PREFILTER.test(text) ? countMatches(RETRY_RE, text) : 0;
  const concedes = wantsReply && text.length > 0 && CONCESSION_RE.test(text.slice(0, CONCESSION_HEAD));
  return {
    kind: 'assistant',
    lineNo,
    id,
    long: isLong(text),
    hasText: text.length > 0,
    retries,
    concedes,
    edits,
  };
}

/** The text of a tool result's `content` (a string, or text blocks), enough of it to tell the error's kind. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content.slice(0, ERROR_HEAD);
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) if (isObject(block) && typeof block.text === 'string') parts.push(block.text);
  return parts.join('\n').slice(0, ERROR_HEAD);
}

/** Each tool_result block of a parsed line: 'ok', or the kind of error it reports. */
function resultsOfParsed(line: Record<string, unknown>): Result[] {
  const message = line.message;
  const content = isObject(message) ? message.content : undefined;
  const results: Result[] = [];
  if (!Array.isArray(content)) return results;
  for (const block of content) {
    if (!isObject(block) || block.type !== 'tool_result') continue;
    results.push(pyTruthy(block.is_error) ? toolErrorKind(resultText(block.content)) : 'ok');
  }
  return results;
}

function userTurn(
  lineNo: number,
  id: MessageId,
  isMeta: boolean,
  results: Result[],
  text: string,
): CalibratedUserTurn {
  return { kind: 'user', lineNo, id, isMeta, results, text: results.length === 0 && !isMeta ? text : '' };
}

/** Whether a user turn may anchor a hit (an error, a refusal, or a person's text): only then is its id read. */
function userIdIsRead(results: Result[], text: string): boolean {
  return text.length > 0 || results.some((r) => r !== 'ok' && r !== 'cascade');
}

/**
 * Reads a Claude Code transcript for the calibrated gate on the seed's fast line reader. Beyond what the
 * seed decodes it reads the text of erroring tool results (by parsing those rare lines in full) and the
 * first reply after each human turn; every other assistant text whose bytes settle it stays undecoded.
 */
export function readCalibratedTurnsFast(
  path: string,
  machine: CalibratedMachine,
  options: FastReadOptions = {},
): TranscriptFacts {
  return readTranscriptLines(
    path,
    {
      view: (b, view, lineNo, start, end) => {
        if (view.type === TYPE_ASSISTANT) {
          const edits = editsOf(b, view);
          const info = view.textInfo;
          const wantsReply = machine.wantsReplyText;
          let turn: CalibratedAssistantTurn;
          if (info >= 0 && (info & 1) === 0 && !wantsReply) {
            const codePoints = info >> 1;
            turn = {
              kind: 'assistant',
              lineNo,
              id: '',
              long: codePoints >= S5_MIN_ASSISTANT_LENGTH,
              hasText: codePoints > 0,
              retries: 0,
              concedes: false,
              edits,
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
              concedes: codePoints > 0 && CONCESSION_RE.test(text.slice(0, CONCESSION_HEAD)),
              edits,
            };
          } else {
            turn = assistantTurn(lineNo, '', textOf(b, view), edits, wantsReply);
          }
          if (turn.retries > 0 || turn.concedes || turn.edits.length > 0)
            turn.id = messageIdOf(b, view, lineNo);
          machine.push(turn);
        } else if (view.type === TYPE_USER) {
          const errors = toolResultErrorsOf(view);
          const results: Result[] = errors.includes(true)
            ? resultsOfParsed(JSON.parse(b.toString('utf8', start, end)) as Record<string, unknown>)
            : errors.map(() => 'ok' as const);
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
          machine.push(assistantTurn(lineNo, event.id, event.text, event.edits, machine.wantsReplyText));
        } else {
          machine.push(userTurn(lineNo, event.id, event.isMeta, resultsOfParsed(line), event.text));
        }
      },
    },
    options,
  );
}

/** The calibrated turn of a host-neutral event (hosts other than Claude Code carry no error texts). */
function turnOfEvent(event: TurnEvent, machine: CalibratedMachine) {
  if (event.kind === 'assistant')
    return assistantTurn(event.lineNo, event.id, event.text, event.edits, machine.wantsReplyText);
  const results: Result[] = event.toolResultErrors.map((error) => (error ? 'error' : 'ok'));
  return userTurn(event.lineNo, event.id, event.isMeta, results, event.text);
}

/** Feeds a file's turns to the machine: Claude Code through the fast reader, other hosts through their adapter. */
export function readCalibrated(path: string, machine: CalibratedMachine): TranscriptFacts {
  const adapter = adapterFor(path);
  if (adapter === claudeCodeAdapter) return readCalibratedTurnsFast(path, machine);
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
