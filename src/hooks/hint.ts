import { basename } from 'node:path';
import { isOwnRunTranscript } from '../transcript/own-run.js';
import { isPrintableSessionId, locateSessionTranscript } from './find-session.js';
import { gateWithinBudget } from './gate-budget.js';
import { markHinted, wasHinted } from './hint-once.js';

export type HintResult =
  | { status: 'suggest'; line: string; sessionId: string; score: number; threshold: number }
  | { status: 'quiet'; reason: string }
  | { status: 'failed'; reason: string };

export interface HintOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Wall-time budget for gating the session (default 5000 ms, the gate's single-session budget). */
  budgetMs?: number | undefined;
  /**
   * Suggest a retro at most once per session (a marker in the data dir): for a Stop hook, which fires
   * after every turn. A session already hinted is not even gated again.
   */
  once?: boolean | undefined;
}

function parsePayload(input: string): Record<string, unknown> {
  if (input.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(input);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    // Without a usable payload the project's newest session is still a good guess.
    return {};
  }
}

/**
 * The end-of-session hint: gates the session a Stop/SessionEnd hook fired for and, when it passes the
 * threshold, returns one line suggesting `retrospect retro <session-id>`. Never throws.
 */
export async function sessionHint(input: string, options: HintOptions): Promise<HintResult> {
  const payload = parsePayload(input);
  const located = locateSessionTranscript(payload, options);
  if (!located) return { status: 'failed', reason: `no session transcript found for ${options.cwd}` };
  // The Stop hook also fires in the `claude -p` runs of Retrospect's own deep read: nothing to suggest.
  if (isOwnRunTranscript(located.path))
    return { status: 'quiet', reason: "the session is one of Retrospect's own analysis runs" };
  if (options.once && wasHinted(options.env, basename(located.path, '.jsonl')))
    return { status: 'quiet', reason: 'the retro was already suggested for this session' };
  const gated = await gateWithinBudget(
    { path: located.path, env: options.env, cwd: options.cwd },
    options.budgetMs ?? 5_000,
  );
  if (!gated.ok) return { status: 'failed', reason: gated.reason };
  const { gate } = gated;
  if (gate.error) return { status: 'failed', reason: `${located.path}: ${gate.error}` };
  if (gate.ranRetro) return { status: 'quiet', reason: 'the session ran a retrospective itself' };
  if (!gate.passed) return { status: 'quiet', reason: `score ${gate.score} is below ${gate.threshold}` };
  if (!isPrintableSessionId(gate.sessionId)) {
    return { status: 'failed', reason: 'the session id has characters that are unsafe in a command' };
  }
  if (options.once && !markHinted(options.env, basename(located.path, '.jsonl')))
    return { status: 'quiet', reason: 'the retro was already suggested for this session' };
  const line = `retrospect: this session's friction score is ${gate.score} (threshold ${gate.threshold}); run 'retrospect retro ${gate.sessionId}' for a retrospective`;
  return { status: 'suggest', line, sessionId: gate.sessionId, score: gate.score, threshold: gate.threshold };
}
