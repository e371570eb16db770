import { isAbsolute, resolve } from 'node:path';
import { InputError, OutsideProjectError } from '../errors/errors.js';
import { formatVerdictJson } from '../gate/format.js';
import { gateSessionSync } from '../gate/gate-session.js';
import type { GateVerdict } from '../gate/score.js';
import { resolveGateSettings } from '../gate/settings.js';
import { findGitRoots } from '../git/roots.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { isFatalLlmError, LlmError } from '../llm/errors.js';
import { givenAnswerProvider } from '../llm/given-answer.js';
import type { JsonCompletion, LlmPort } from '../llm/port.js';
import { readRecordedReader } from '../llm/reader-settings.js';
import type { RetryPolicy } from '../llm/retry.js';
import { selectProvider } from '../llm/select.js';
import { type ReaderSettings, resolveReaderSettings } from '../llm/settings.js';
import { redactSecrets, secretsFromEnv } from '../safety/redact.js';
import { terminalSafe } from '../safety/terminal.js';
import type { TranscriptMessage } from '../transcript/messages.js';
import { sessionIdFromPath } from '../transcript/read.js';
import { analyzeEvidence, type DeepReadEvidence } from './heuristic.js';
import type { FittedTurns } from './human-turns.js';
import { persistAnchors } from './persist.js';
import { buildPrompt, DEEP_READ_SYSTEM } from './prompt.js';
import { projectTargets } from './prompt-targets.js';
import { DEFAULT_PROPOSAL_LIMIT, rankProposals } from './rank.js';
import { loadExistingRulesText } from './rules.js';
import { type PromptProfile, scanSession } from './scan.js';
import { DEEP_READ_ANSWER, type DeepReadAnswer } from './schema.js';
import type { PromptAudience } from './template.js';
import type { DeepReadResult, DroppedItem } from './types.js';
import { validateAnswerStructure } from './validate.js';
import { verifyAgainstTranscript } from './verify.js';
import type { WindowSet } from './windows.js';

/** How deepRead reads one flagged session: the provider, the budget, where anchors go. */
export interface DeepReadOptions {
  /** Anchor message ids; default: the union of the gate's signal ids. */
  anchors?: string[];
  /** `openai`, `anthropic`, `claude-cli`, `heuristic`, or a ready port; default `RETROSPECT_PROVIDER`, else heuristic. */
  provider?: string | LlmPort;
  /**
   * A model's answer, as text: no provider is asked, and the answer is validated exactly as a provider's
   * (same JSON extraction, structure check, transcript check and ranking). Wins over `provider`.
   */
  answer?: string;
  /** The model to ask (default: RETROSPECT_MODEL, else the provider's). */
  model?: string;
  /** The provider's base URL, for a local server speaking the same protocol. */
  baseUrl?: string;
  /** Where provider keys and defaults are read (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** The configured reader (`RETROSPECT_PROVIDER`, `_MODEL`, `_LLM_TIMEOUT_MS`), resolved at the caller's edge; default: from `env`. */
  reader?: ReaderSettings | undefined;
  /** Where the project is (its git main checkout holds the rules and the anchors folder). */
  cwd?: string;
  /** Aborts the model request. */
  signal?: AbortSignal;
  /** Estimated tokens of transcript windows in the prompt (default 24k). */
  tokenBudget?: number;
  /**
   * Write fabrication anchors to `.claude/retro/anchors/` (default false: a deep read only reads; the retro
   * saves them, in the session's own project).
   */
  persist?: boolean;
  /** The main checkout whose anchors folder receives them (default: the project of `cwd`). */
  anchorsRoot?: string | undefined;
  /**
   * An unattended run (the schedule): with no provider named, only the reader recorded in the project's
   * settings reads, never a detected one (else the offline heuristic).
   */
  unattended?: boolean;
  /** Receives one line per notice, drop and failure (the CLI sends them to stderr). */
  log?: (line: string) => void;
  /** Wall time one model request may take, in ms. */
  timeoutMs?: number;
  /** Retries of a failed request, with backoff. */
  retry?: RetryPolicy;
  /** The clock that stamps saved anchors (default: the system clock). */
  now?: () => Date;
  /**
   * Who answers the prompt: `remote`, a model that sees only the prompt and gets no local path; `agent`, a
   * reader that can open the session file with its own tools (an agent CLI, the host agent through MCP or
   * the plugin) and is told where it is. Default: from the reader (`LlmPort.readsFiles`) in deepRead;
   * `remote` for a plan alone.
   */
  audience?: PromptAudience;
  /** `standard` (default) or `seed`: the seed's prompt template, word for word (docs/design/compatibility.md). */
  promptProfile?: PromptProfile;
  /**
   * The gate verdict the caller already has for this session (with its own threshold and profile): the
   * session is not gated a second time. Default: the session is gated here with the project's settings.
   */
  verdict?: GateVerdict;
  /**
   * The session's messages as the caller already read them (the retro reads each flagged session once and
   * hands them along): the windows and the citation check go over these instead of reading the file again.
   * Default: each pass streams the file, in bounded memory.
   */
  messages?: readonly TranscriptMessage[] | undefined;
}

/** Who reads the prompt: a reader that can open the transcript file (`agent`), or a remote model that cannot. */
export type DeepReadAudience = PromptAudience;

/** The audience a reader gets its prompt for: a reader that opens files is an agent, anything else remote. */
export function audienceOf(port: Pick<LlmPort, 'readsFiles' | 'name'>): DeepReadAudience {
  return port.readsFiles === true || port.name === 'heuristic' ? 'agent' : 'remote';
}

/** Everything decided before a model is asked: what `--dry-run` shows. */
export interface DeepReadPlan {
  session_id: string;
  sessionPath: string;
  mainCheckout: string;
  anchors: string[];
  verdict: GateVerdict;
  audience: PromptAudience;
  promptProfile: PromptProfile;
  system: string;
  prompt: string;
  windows: WindowSet;
  /** The person's turns as the standard prompt shows them (undefined for the seed prompt). */
  turns: FittedTurns | undefined;
  evidence: DeepReadEvidence;
  /** The messages the caller handed over (DeepReadOptions.messages), checked against again after the answer. */
  messages?: readonly TranscriptMessage[] | undefined;
}

function uniqueAnchors(verdict: GateVerdict): string[] {
  return [...new Set(verdict.signals.flatMap((s) => s.ids))];
}

/**
 * Reads the session (gate verdict unless the caller gives one, human turns, evidence windows, fabrication
 * pre-pass, existing rules and the project's targets) and builds the prompt. Nothing is sent anywhere.
 */
export async function planDeepRead(
  sessionPath: string,
  options: DeepReadOptions = {},
): Promise<DeepReadPlan> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const path = isAbsolute(sessionPath) ? sessionPath : resolve(cwd, sessionPath);
  const verdict =
    options.verdict ??
    gateSessionSync(path, { settings: resolveGateSettings({ env, ledger: ledgerFromEnv(env) }), cwd })
      .verdict;
  if (verdict.error !== undefined) throw new InputError(`cannot deep-read ${path}: ${verdict.error}`);
  const session_id = sessionIdFromPath(path);
  const anchors =
    options.anchors && options.anchors.length > 0 ? [...new Set(options.anchors)] : uniqueAnchors(verdict);
  const mainCheckout = findGitRoots(cwd)?.mainCheckout ?? cwd;
  const existingRules = loadExistingRulesText(mainCheckout);
  const promptProfile = options.promptProfile ?? 'standard';
  const audience = options.audience ?? 'remote';
  const scan = await scanSession(path, anchors, {
    profile: promptProfile,
    ...(options.tokenBudget ? { tokenBudget: options.tokenBudget } : {}),
    messages: options.messages,
  });
  const prompt = buildPrompt({
    sessionPath: path,
    sessionId: session_id,
    anchors,
    verdictJson: formatVerdictJson(verdict),
    existingRules,
    windows: scan.windows,
    candidates: scan.candidates,
    profile: promptProfile,
    audience,
    ...(scan.turns ? { turns: scan.turns } : {}),
    ...(scan.turnsNotKept !== undefined ? { turnsNotKept: scan.turnsNotKept } : {}),
    ...(scan.focus ? { focus: scan.focus } : {}),
    ...(scan.whole !== undefined ? { whole: scan.whole } : {}),
    ...projectTargets(mainCheckout),
  });
  return {
    session_id,
    sessionPath: path,
    mainCheckout,
    anchors,
    verdict,
    audience,
    promptProfile,
    system: DEEP_READ_SYSTEM,
    prompt,
    windows: scan.windows,
    turns: scan.turns,
    evidence: {
      sessionId: session_id,
      windows: scan.windows.windows,
      candidates: scan.candidates,
      findings: scan.findings,
      existingClaudeRules: existingRules.claude,
    },
    ...(options.messages !== undefined ? { messages: options.messages } : {}),
  };
}

/**
 * The reader of one deep read: the given answer, a ready port, or the provider chosen from the options and
 * the environment (its one notice line logged).
 */
function readerPort(options: DeepReadOptions, env: NodeJS.ProcessEnv, log: (line: string) => void): LlmPort {
  if (options.answer !== undefined) return givenAnswerProvider(options.answer);
  if (typeof options.provider === 'object') return options.provider;
  const cwd = options.cwd ?? process.cwd();
  const reader = options.reader ?? resolveReaderSettings(env);
  // The recorded reader matters only when none is named; a named one never reads the settings file.
  const named = (options.provider ?? reader.provider ?? '').trim() !== '';
  const recorded = named ? undefined : readRecordedReader(findGitRoots(cwd)?.mainCheckout ?? cwd);
  const selected = selectProvider({
    detect: true,
    recorded,
    unattended: options.unattended === true,
    ...(options.provider !== undefined ? { provider: options.provider } : {}),
    ...(options.model !== undefined ? { model: options.model } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    reader,
    env,
    cwd,
    heuristic: (evidence) => analyzeEvidence(evidence as DeepReadEvidence),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retry !== undefined ? { retry: options.retry } : {}),
  });
  if (selected.notice) log(`deep-read: ${selected.notice}`);
  return selected.port;
}

function describeDrop(sessionId: string, drop: DroppedItem): string {
  return `deep-read ${sessionId}: dropped ${drop.kind} (${drop.reason})${drop.item ? `: ${drop.item}` : ''}`;
}

/**
 * Phase 2 of the session retrospective (docs/design/session-retro.md §4) for one transcript: plan, ask the
 * provider, validate every item, check every citation against the transcript, rank (top 5), and persist
 * fabrication anchors under the main checkout. An answer that is not JSON, or no answer at all, is logged
 * with the session id and gives zero proposals; only authentication and configuration failures throw.
 */
export async function deepRead(sessionPath: string, options: DeepReadOptions = {}): Promise<DeepReadResult> {
  const started = Date.now();
  if (options.signal?.aborted) throw new LlmError('E_LLM_ABORTED', 'deep read aborted before it started');
  const env = options.env ?? process.env;
  // Log lines quote model output and server messages: one line each, no terminal controls, no secrets.
  const secrets = secretsFromEnv(env);
  const redact = (text: string) => redactSecrets(text, secrets);
  const log = (line: string) => options.log?.(terminalSafe(redact(line)));
  const port = readerPort(options, env, log);
  const plan = await planDeepRead(sessionPath, {
    ...options,
    audience: options.audience ?? audienceOf(port),
  });
  const result = emptyResult(plan, port);
  const finish = () => {
    result.usage.duration_ms = Date.now() - started;
    for (const drop of result.dropped) {
      drop.reason = redact(drop.reason);
      drop.item = redact(drop.item);
    }
    return result;
  };
  const answer = await askReader(port, plan, options, result, log);
  if (answer === undefined) return finish();
  await keepVerifiedItems(answer, plan, result, log);
  if (options.persist === true && result.fabrication_anchors.length > 0)
    saveAnchors(plan, options, result, log);
  return finish();
}

/** The result before the reader answers: nothing found yet, what the prompt will cost. */
function emptyResult(plan: DeepReadPlan, port: LlmPort): DeepReadResult {
  return {
    session_id: plan.session_id,
    proposals: [],
    observations: [],
    fabrication_anchors: [],
    dropped: [],
    usage: {
      provider: port.name,
      model: port.model,
      requests: 0,
      input_tokens: 0,
      output_tokens: 0,
      window_tokens: plan.windows.cuts.tokensUsed,
      prompt_chars: plan.prompt.length,
      duration_ms: 0,
    },
  };
}

/**
 * Asks the reader for its JSON answer and counts what it cost. No answer, or one that is not JSON, is
 * logged and recorded as dropped (undefined: zero proposals); only fatal failures throw.
 */
async function askReader(
  port: LlmPort,
  plan: DeepReadPlan,
  options: DeepReadOptions,
  result: DeepReadResult,
  log: (line: string) => void,
): Promise<DeepReadAnswer | undefined> {
  let completion: JsonCompletion<DeepReadAnswer>;
  try {
    completion = await port.completeJson(
      {
        system: plan.system,
        prompt: plan.prompt,
        evidence: plan.evidence,
        purpose: 'deep-read',
        ...(options.signal ? { signal: options.signal } : {}),
      },
      DEEP_READ_ANSWER,
    );
  } catch (error) {
    if (isFatalLlmError(error) || !(error instanceof Error)) throw error;
    log(
      `deep-read ${plan.session_id}: no answer from ${port.name}: ${error.message}; continuing with zero proposals`,
    );
    result.dropped.push({ kind: 'answer', reason: `no answer: ${error.message}`, item: '' });
    return undefined;
  }
  result.usage.requests = completion.usage.requests;
  result.usage.input_tokens = completion.usage.input_tokens;
  result.usage.output_tokens = completion.usage.output_tokens;
  if (!completion.ok) {
    const head = completion.text.replace(/\s+/g, ' ').trim().slice(0, 80);
    log(
      `deep-read ${plan.session_id}: invalid JSON from ${port.name} (${completion.detail}); continuing with zero proposals`,
    );
    result.dropped.push({ kind: 'answer', reason: `invalid JSON: ${completion.detail}`, item: head });
    return undefined;
  }
  return completion.value;
}

/** Validates the answer's items, checks their citations against the transcript and keeps the top proposals. */
async function keepVerifiedItems(
  answer: DeepReadAnswer,
  plan: DeepReadPlan,
  result: DeepReadResult,
  log: (line: string) => void,
): Promise<void> {
  const structural = validateAnswerStructure(answer);
  const verified = await verifyAgainstTranscript(
    plan.sessionPath,
    plan.session_id,
    structural,
    plan.messages,
  );
  const ranked = rankProposals(verified.proposals, DEFAULT_PROPOSAL_LIMIT);
  for (const proposal of verified.proposals) {
    if (!ranked.includes(proposal)) {
      verified.dropped.push({
        kind: 'proposal',
        reason: `ranked below the top ${DEFAULT_PROPOSAL_LIMIT}`,
        item: proposal.proposed_text.slice(0, 80),
      });
    }
  }
  result.proposals = ranked;
  result.observations = verified.observations;
  result.fabrication_anchors = verified.anchors;
  result.dropped.push(...verified.dropped);
  for (const drop of result.dropped) log(describeDrop(plan.session_id, drop));
}

/** Saves the fabrication anchors under the project; a symlinked target leaves the findings unsaved. */
function saveAnchors(
  plan: DeepReadPlan,
  options: DeepReadOptions,
  result: DeepReadResult,
  log: (line: string) => void,
): void {
  try {
    persistAnchors(
      options.anchorsRoot ?? plan.mainCheckout,
      result.fabrication_anchors,
      plan.sessionPath,
      options.now?.() ?? new Date(),
    );
  } catch (error) {
    // The findings stand; only their files are not written where a symlink would have sent them.
    if (!(error instanceof OutsideProjectError)) throw error;
    log(`deep-read ${plan.session_id}: fabrication anchors not saved: ${error.message}`);
  }
}

/** What an orchestrator decides per session; everything else is fixed when the reader is created. */
export interface DeepReadRequest {
  anchors: string[];
  /** The caller's verdict of the session (see DeepReadOptions.verdict). */
  verdict?: GateVerdict | undefined;
  /** A model's answer to read instead of asking the provider (see DeepReadOptions.answer). */
  answer?: string | undefined;
  persist: boolean;
  anchorsRoot?: string | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * A deep reader bound to one configuration (provider, model, env, cwd, log), for orchestrators that read
 * many sessions: `reader(path, { anchors, persist, signal })`. Failures that every session would hit
 * (authentication, configuration, abort) are thrown; tell them apart with `isFatalLlmError`.
 */
export function createDeepReader(
  base: Omit<DeepReadOptions, 'anchors' | 'persist' | 'signal'>,
): (sessionPath: string, request: DeepReadRequest) => Promise<DeepReadResult> {
  return (sessionPath, request) =>
    deepRead(sessionPath, {
      ...base,
      anchors: request.anchors,
      persist: request.persist,
      anchorsRoot: request.anchorsRoot,
      ...(request.verdict ? { verdict: request.verdict } : {}),
      ...(request.answer !== undefined ? { answer: request.answer } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
    });
}
