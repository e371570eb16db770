import type { HitReason } from '../gate/calibrated/machine.js';
import { type GateOptions, gateSessionSync } from '../gate/gate-session.js';
import type { GateVerdict } from '../gate/score.js';
import { parseJsonAnswer } from '../llm/json-text.js';
import type { LlmPort, LlmUsage } from '../llm/port.js';
import { adapterFor } from '../transcript/host.js';
import { type RawAnswer, SECOND_LOOK_SCHEMA, type SecondLookAnswer, validateAnswer } from './answer.js';
import { DEFAULT_ENTRY, type EntryCue, entryOf, type SecondLookEntry } from './entry.js';
import { secondLookPrompt } from './prompt.js';
import { type SessionView, sessionView } from './view.js';

/** One session as the second look found it: the gate's verdict, and for a band session its prompt. */
export interface SecondLookCase {
  sessionId: string;
  verdict: GateVerdict;
  reasons: HitReason[];
  /** Whether the second look reads the session (its answer decides): in the band, or under it with a cue. */
  inBand: boolean;
  /** What sent it: the score in the band, or under the band the cues its turns show. */
  sentBy?: 'band' | 'cue';
  cues?: EntryCue[];
  /** The session's view and prompt (band sessions only). */
  view?: SessionView;
  prompt?: string;
}

export interface SecondLookOptions {
  /** How the gate scores the session (the gate's own options). */
  gate?: GateOptions;
  /** Which sessions are read (the band, and the cues under it). */
  entry?: SecondLookEntry;
  /** Build the prompt even outside the band (a person asking about one session). */
  always?: boolean;
}

/** The gate's verdict and, in the band (or when asked), the session's view and the second look's prompt. */
export function prepareSecondLook(path: string, options: SecondLookOptions = {}): SecondLookCase {
  const result = gateSessionSync(path, options.gate ?? {});
  const reasons = result.reasons ?? [];
  // The view is built once, and only when a cue or the prompt needs it (a second pass over the file).
  let built: SessionView | undefined;
  const view = (): SessionView => {
    built ??= sessionView(adapterFor(path).messages(path));
    return built;
  };
  const entry = entryOf(result.verdict, view, options.entry ?? DEFAULT_ENTRY);
  const base = {
    sessionId: result.sessionId,
    verdict: result.verdict,
    reasons,
    inBand: entry.sent,
    ...(entry.by !== undefined ? { sentBy: entry.by } : {}),
    ...(entry.cues.length > 0 ? { cues: entry.cues } : {}),
  };
  if (result.verdict.error !== undefined || (!entry.sent && options.always !== true)) return base;
  return { ...base, view: view(), prompt: secondLookPrompt(result.verdict, reasons, view()) };
}

/** What the second look decided: the flag after it, and what the reader said (or why it does not count). */
export interface SecondLookOutcome {
  /** The gate's flag. */
  gateFlagged: boolean;
  /** The flag after the second look: the validated answer's verdict, else the gate's. */
  flagged: boolean;
  /** `read`: a validated answer decided; `invalid`: the answer was refused; `outside`: not in the band; `unread`: no reader. */
  status: 'read' | 'invalid' | 'outside' | 'unread';
  answer?: SecondLookAnswer;
  /** Why an answer did not count. */
  why?: string;
  usage?: LlmUsage;
}

/** Decides a case from a parsed (or unparsable) answer text. */
export function decideFromText(found: SecondLookCase, text: string): SecondLookOutcome {
  const parsed = parseJsonAnswer(text, SECOND_LOOK_SCHEMA, {
    requests: 0,
    input_tokens: 0,
    output_tokens: 0,
  });
  if (!parsed.ok) return notTheObject(found, parsed.detail);
  return decide(found, parsed.value);
}

/** An answer that is not one JSON object of the asked shape: refused, with the parser's detail. */
function notTheObject(found: SecondLookCase, detail: string): SecondLookOutcome {
  return refused(found, `the answer is not the JSON object asked for (${detail})`);
}

function refused(found: SecondLookCase, why: string): SecondLookOutcome {
  const gateFlagged = found.verdict.passed;
  return { gateFlagged, flagged: gateFlagged, status: 'invalid', why };
}

function decide(found: SecondLookCase, raw: RawAnswer): SecondLookOutcome {
  const gateFlagged = found.verdict.passed;
  if (found.view === undefined) return { gateFlagged, flagged: gateFlagged, status: 'outside' };
  const check = validateAnswer(raw, found.view);
  if (!check.ok) return refused(found, check.why);
  // Outside the band the gate's verdict stands: an answer asked for anyway is reported, never obeyed.
  if (!found.inBand) return { gateFlagged, flagged: gateFlagged, status: 'outside', answer: check.answer };
  return { gateFlagged, flagged: check.answer.verdict === 'rough', status: 'read', answer: check.answer };
}

/** The outcome without a reader: the band is reported, the gate's verdict stands. */
export function unread(found: SecondLookCase): SecondLookOutcome {
  const gateFlagged = found.verdict.passed;
  return { gateFlagged, flagged: gateFlagged, status: found.inBand ? 'unread' : 'outside' };
}

/** Asks a model (any provider of the deep read) for the second look at a band session. */
export async function askSecondLook(
  found: SecondLookCase,
  port: LlmPort,
  signal?: AbortSignal,
): Promise<SecondLookOutcome> {
  if (found.prompt === undefined) return unread(found);
  const completion = await port.completeJson(
    {
      system: 'You judge whether a coding session was rough for the person. Answer with one JSON object.',
      prompt: found.prompt,
      maxOutputTokens: 400,
      purpose: 'second-look',
      ...(signal ? { signal } : {}),
    },
    SECOND_LOOK_SCHEMA,
  );
  if (!completion.ok) return { ...notTheObject(found, completion.detail), usage: completion.usage };
  return { ...decide(found, completion.value), usage: completion.usage };
}
