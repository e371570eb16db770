import { deepRead } from '../deepread/index.js';
import { isFatalLlmError } from '../llm/errors.js';
import type { ReaderSettings } from '../llm/settings.js';
import { sessionIdFromPath } from '../transcript/read.js';
import { type AnswerSource, answerFor } from './answers.js';
import { type DeepReader, fatalDeepReadError } from './deep-read-port.js';

interface DeepReaderSettings {
  /** `openai`, `anthropic`, `claude-cli` or `heuristic` (default the configured reader's, else heuristic). */
  provider?: string | undefined;
  model?: string | undefined;
  baseUrl?: string | undefined;
  /** The configured reader (`RETROSPECT_PROVIDER`, …), resolved at the caller's edge; default: from `env`. */
  reader?: ReaderSettings | undefined;
  env: NodeJS.ProcessEnv;
  /** The worktree the retro runs in: the deep read finds the project's rules and anchors folder from it. */
  cwd: string;
  /** Notices, drops and failures of the deep read, one line each. */
  log?: (line: string) => void;
  /**
   * Answers given instead of a provider (`--answers`): each session's answer is validated as a provider's;
   * a session with none throws NoAnswerError, and the retro lists it as not read.
   */
  answers?: AnswerSource | undefined;
  /** The unattended (scheduled) run: only a reader the person chose reads (see DeepReadOptions.unattended). */
  unattended?: boolean | undefined;
}

/** The project's deep read (phase 2) as the retro calls it: one flagged session at a time. */
export function projectDeepReader(settings: DeepReaderSettings): DeepReader {
  // Every read says the same notice (which provider was chosen): say it once per run.
  const said = new Set<string>();
  const log = settings.log;
  const once = log
    ? (line: string) => {
        if (said.has(line)) return;
        said.add(line);
        log(line);
      }
    : undefined;
  return async (sessionPath, request) => {
    const answer = settings.answers
      ? answerFor(settings.answers, request.sessionId ?? sessionIdFromPath(sessionPath))
      : undefined;
    const read = deepRead(sessionPath, {
      anchors: request.anchors,
      verdict: request.verdict,
      ...(answer !== undefined ? { answer } : {}),
      ...(settings.unattended ? { unattended: true } : {}),
      persist: request.persist,
      anchorsRoot: request.anchorsRoot,
      ...(request.messages !== undefined ? { messages: request.messages } : {}),
      env: settings.env,
      ...(settings.reader !== undefined ? { reader: settings.reader } : {}),
      cwd: settings.cwd,
      ...(settings.provider !== undefined ? { provider: settings.provider } : {}),
      ...(settings.model !== undefined ? { model: settings.model } : {}),
      ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(once ? { log: once } : {}),
    });
    // Only authentication, configuration and abort failures throw out of a deep read; none of them would
    // go better for the next session.
    return read.then(
      (result) => ({
        ...result,
        refused: result.dropped.flatMap((drop) =>
          drop.refused ? [{ session_id: result.session_id, ...drop.refused, reason: drop.reason }] : [],
        ),
      }),
      (error: unknown) => {
        throw isFatalLlmError(error) && error instanceof Error ? fatalDeepReadError(error) : error;
      },
    );
  };
}
