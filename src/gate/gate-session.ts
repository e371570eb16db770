import { FileTooLargeError } from '../fsx/read-regular.js';
import { ledgerFromEnv, resolveLedgerPath } from '../ledger/path.js';
import { adapterFor, adapterNamed, claudeCodeAdapter, type HostAdapter } from '../transcript/host.js';
import { type HeadWatch, MAX_RECORD_BYTES } from '../transcript/lines.js';
import { sessionIdFromPath } from '../transcript/read.js';
import type {
  HostName,
  ToolResultKind,
  TranscriptFacts,
  TurnCounts,
  TurnEvent,
} from '../transcript/types.js';
import { DecompressionBombError } from '../transcript/zstd-lines.js';
import { CalibratedMachine, type HitReason } from './calibrated/machine.js';
import { pushEvents, readCalibrated } from './calibrated/read.js';
import type { CalibratedTurn } from './calibrated/turns.js';
import { type LedgerCoverage, ledgerCoverage } from './ledger-s2.js';
import { GATE_LONG_LINES } from './long-lines.js';
import { GateMachine, type SignalHits } from './machine.js';
import type { GateProfile } from './profile.js';
import { type GateSignal, type GateVerdict, rulesOf, scoreHits, signalOf, zeroVerdict } from './score.js';
import { type GateSettings, resolveGateSettings } from './settings.js';
import { type AssistantLineTap, TimelineRecorder, type TimelineTurn } from './timeline.js';
import { turnReaderFor } from './turn-reader.js';
import { classifyTurn, type GateTurn } from './turns.js';

/**
 * How gateSession scores one transcript. Callers inside retrospect pass `settings`, resolved once at their
 * edge; a library caller may instead give `profile`, `threshold` and `env` (default process.env), which
 * are resolved here by the same resolver.
 */
export interface GateOptions {
  /** The typed settings (see resolveGateSettings); when given, `profile`, `threshold` and `env` are unused. */
  settings?: GateSettings;
  /** Overrides `RETRO_GATE_PROFILE` (default calibrated; `seed` is the original gate, byte for byte). */
  profile?: GateProfile;
  /** Overrides `RETRO_THRESHOLD` (a number, or the text of a `--threshold` flag). */
  threshold?: number | string;
  /** Where a library caller's RETRO_GATE_PROFILE, RETRO_THRESHOLD and FRICTION_LEDGER are (default: process.env). */
  env?: NodeJS.ProcessEnv;
  /** Where to look for the git checkout that holds the default ledger. */
  cwd?: string;
  /** The friction ledger; default the settings' (`FRICTION_LEDGER`), else the main checkout's; `null` disables the hybrid. */
  ledgerPath?: string | null;
  /** Answers the ledger question from an index read once (scan); takes precedence over ledgerPath. */
  ledgerLookup?: (sessionId: string) => LedgerCoverage;
  /**
   * Reads the transcript's turn events instead of the default reader (for Claude Code, the byte-level turn
   * reader; for other hosts, their adapter). It must yield exactly the oracle's events and facts.
   */
  read?: (path: string, onEvent: (event: TurnEvent) => void) => TranscriptFacts;
  /** The session's host when the caller knows it (the scan does); otherwise its path and head tell. */
  host?: HostName;
  /** Keep the session's turns in file order in the result (friction cost reads them); default false. */
  timeline?: boolean;
  /**
   * Shown each assistant line of a Claude Code transcript read by the calibrated profile's own reader, in
   * the same pass; `tapped` in the result says whether it was (other hosts, the seed profile and a custom
   * `read` do not show it, and the caller reads what it needs itself).
   */
  assistantLines?: AssistantLineTap;
  /**
   * Read a Claude Code transcript of over 48 MB on two threads under the seed profile (same verdict; see
   * src/gate/split-read.ts). The gate command asks for it; a caller whose threads already share the cores
   * (the scan's pool) does not. The calibrated profile's reader asks its machine as it reads (which reply
   * is the first after a person, the agent's latest text), so a part's reading depends on the part
   * before it: it reads on one thread.
   */
  twoThreads?: boolean;
  /**
   * Shown the file's first bytes by the same reader, when the calibrated profile reads a Claude Code
   * transcript itself (the scan asks whether the file is an own run from them instead of reading them again).
   */
  head?: HeadWatch;
}

export interface GateResult {
  verdict: GateVerdict;
  /** The profile that scored the verdict. */
  profile: GateProfile;
  /** Why each hit counted, in file order (calibrated profile only; `--why` prints them). */
  reasons?: HitReason[];
  /** The session id the verdict (and the ledger lookup) used. */
  sessionId: string;
  /** Physical lines read (0 for an error verdict). */
  lines: number;
  /** Human-readable warnings for stderr (schema drift, invalid threshold). */
  warnings: string[];
  facts?: TranscriptFacts;
  /**
   * Where S2 came from, so that a stored verdict can be rescored when only the ledger changes: the
   * transcript's own S2 (null: none) and the ledger coverage that applied (not covered when the hybrid is
   * off). Absent for an error verdict, which never consults the ledger.
   */
  s2Sources?: { transcript: GateSignal | null; ledger: LedgerCoverage };
  /**
   * Every hit before the per-session caps (S2 from the ledger when it covered the session). Trials measure
   * friction per turn from these: capped counts grow slower than a session does. Absent for an error verdict.
   */
  hits?: SignalHits;
  /** The session's turns as its host counts them (Claude Code's: from the gate's own turns). */
  turns?: TurnCounts;
  /** The turns in file order, when `timeline` was asked for (absent for an error verdict). */
  timeline?: TimelineTurn[];
  /** Whether `assistantLines` was shown every assistant line of the file. */
  tapped?: boolean;
}

/** Counts a Claude Code session's turns from the gate's turns (other hosts' adapters count their own). */
class TurnCounter {
  readonly counts: TurnCounts = { human: 0, assistant: 0, toolErrors: 0 };
  constructor(readonly timeline?: TimelineRecorder) {}
  assistant(lineNo: number, id: string): void {
    this.counts.assistant++;
    this.timeline?.assistant(lineNo, id);
  }
  user(lineNo: number, id: string, human: boolean, errors: readonly boolean[], isMeta: boolean): void {
    if (human) this.counts.human++;
    for (const error of errors) if (error) this.counts.toolErrors++;
    this.timeline?.user(lineNo, id, human, errors, isMeta);
  }
}

/** The calibrated machine, counting the turns it is fed on the way. */
class CountingCalibratedMachine extends CalibratedMachine {
  constructor(private readonly counter: TurnCounter) {
    super();
  }
  override push(turn: CalibratedTurn): void {
    if (turn.kind === 'assistant') this.counter.assistant(turn.lineNo, turn.id);
    else
      this.counter.user(
        turn.lineNo,
        turn.id,
        turn.results.length === 0 && !turn.isMeta && turn.text.length > 0,
        errorFlagsOf(turn.results),
        turn.isMeta,
      );
    super.push(turn);
  }
}

/**
 * Whether each result is an error, pushed onto `[]` rather than mapped: the arrays an inlined `map` makes
 * are holey, and the counter's loop over them was compiled for the packed ones of the turns read before
 * (kindsOfErrors in src/transcript/claude/fast/read.ts says more).
 */
function errorFlagsOf(results: readonly ToolResultKind[]): boolean[] {
  const flags: boolean[] = [];
  for (const result of results) flags.push(result === 'error');
  return flags;
}

/**
 * Phase-1 friction gate over one transcript (docs/design/session-retro.md §2). Never throws for a bad file:
 * problems become error verdicts, as the gate always answers with one JSON line.
 */
export async function gateSession(path: string | undefined, options: GateOptions = {}): Promise<GateResult> {
  return gateSessionSync(path, options);
}

/** What a read of the session says about the file itself: lines left out, no known fields, unknown records. */
function readWarnings(facts: TranscriptFacts, path: string, size: number, hostLabel: string): string[] {
  const warnings: string[] = [];
  if (facts.oversizedLines) {
    warnings.push(
      `retro-gate: ${facts.oversizedLines} line(s) of ${path} too large to read even in part (over ${GATE_LONG_LINES.maxReducedBytes} bytes of structure) were left out.`,
    );
  }
  if (size > 0 && !facts.knownFieldsSeen) {
    warnings.push(
      `retro-gate: no known JSONL fields seen in first 50 lines of ${path}; possible schema drift.`,
    );
  }
  const oversized = facts.session?.oversizedRecords ?? 0;
  if (oversized > 0)
    warnings.push(
      `retro-gate: ${oversized} record${oversized === 1 ? '' : 's'} of ${path} over the ${MAX_RECORD_BYTES / (1024 * 1024)} MB record cap skipped unread (a line that long holds no conversation the gate reads, and parsing it would take gigabytes).`,
    );
  const unknown = facts.session?.unknownRecords ?? 0;
  if (unknown > 0)
    warnings.push(
      `retro-gate: ${unknown} record${unknown === 1 ? '' : 's'} of a kind the ${hostLabel} reader does not know skipped in ${path}; possible format drift.`,
    );
  return warnings;
}

/**
 * The friction ledger's coverage of the session (its S2 when covered), or not covered when the
 * transcript's own S2 is forced.
 */
function ledgerOf(sessionId: string, options: GateOptions, settings: GateSettings): LedgerCoverage {
  if (settings.forceTranscriptS2) return { covered: false };
  if (options.ledgerLookup) return options.ledgerLookup(sessionId);
  return ledgerCoverage(
    options.ledgerPath === null
      ? undefined
      : (options.ledgerPath ?? resolveLedgerPath(settings.ledger, options.cwd ?? process.cwd())),
    sessionId,
  );
}

/** What reading a session under a profile gives: the facts, the machine's hits, and the calibrated reasons. */
interface ProfileRead {
  facts: TranscriptFacts;
  finish: () => SignalHits;
  reasons?: HitReason[] | undefined;
  /** The assistant lines were tapped from the read (Claude Code's calibrated reader). */
  tapped: boolean;
}

/**
 * Reads the session into the profile's machine: the seed's through the host's turn reader, the
 * calibrated profile's through its own reader for Claude Code and the host's events for the others
 * (`options.read` replaces the reader in tests and the oracle). Throws what the reader throws.
 */
function readWithProfile(
  path: string,
  adapter: HostAdapter,
  profile: GateProfile,
  options: GateOptions,
  counter: TurnCounter,
): ProfileRead {
  if (profile === 'seed') {
    const machine = new GateMachine();
    const facts = options.read
      ? options.read(path, (event) => {
          const turn = classifyTurn(event);
          countTurn(counter, turn);
          machine.pushTurn(turn);
        })
      : turnReaderFor(path, adapter.name, { twoThreads: options.twoThreads === true })(path, (turn) => {
          countTurn(counter, turn);
          machine.pushTurn(turn);
        });
    return { facts, finish: () => machine.finish(), tapped: false };
  }
  const machine = new CountingCalibratedMachine(counter);
  if (options.read)
    return {
      facts: pushEvents(options.read, path, machine),
      finish: () => machine.finish(),
      reasons: machine.reasons,
      tapped: false,
    };
  if (adapter.name !== 'claude-code') {
    const facts = pushEvents((file, onEvent) => adapter.readEvents(file, onEvent), path, machine);
    return { facts, finish: () => machine.finish(), reasons: machine.reasons, tapped: false };
  }
  // The reader of the path, found once: the fast reader (which shows the tap each line) or another.
  const reader = adapterFor(path);
  const facts = readCalibrated(path, machine, options.assistantLines, reader, options.head);
  return {
    facts,
    finish: () => machine.finish(),
    reasons: machine.reasons,
    tapped: reader === claudeCodeAdapter,
  };
}

/** The synchronous core of gateSession (worker threads and hooks call it directly). */
export function gateSessionSync(path: string | undefined, options: GateOptions = {}): GateResult {
  const settings =
    options.settings ??
    resolveGateSettings({
      flags: { profile: options.profile, threshold: options.threshold },
      env: options.env ?? process.env,
      ledger: ledgerFromEnv(options.env ?? process.env),
    });
  const { profile, threshold } = settings;
  const warnings = [...settings.warnings];
  const stamp = (verdict: GateVerdict): GateVerdict => {
    if (profile !== 'seed') verdict.profile = profile;
    return verdict;
  };
  if (!path)
    return {
      verdict: stamp(zeroVerdict(threshold, 'missing jsonl path')),
      profile,
      sessionId: '',
      lines: 0,
      warnings,
    };
  const fallbackId = sessionIdFromPath(path);
  const adapter = options.host !== undefined ? adapterNamed(options.host) : adapterFor(path);
  const stat = adapter.stat(path);
  const size = stat?.size ?? 0;
  if (stat === undefined) {
    return {
      verdict: stamp(zeroVerdict(threshold, 'file not found')),
      profile,
      sessionId: fallbackId,
      lines: 0,
      warnings,
    };
  }
  const counter = new TurnCounter(options.timeline ? new TimelineRecorder() : undefined);
  let read: ProfileRead;
  try {
    read = readWithProfile(path, adapter, profile, options, counter);
  } catch (error) {
    // A file refused by a cap says why (its size), not merely that reading failed.
    const reason =
      error instanceof FileTooLargeError || error instanceof DecompressionBombError
        ? error.reason
        : ((error as NodeJS.ErrnoException).code ?? 'read error');
    return {
      verdict: stamp(zeroVerdict(threshold, `file not readable: ${reason}`)),
      profile,
      sessionId: fallbackId,
      lines: 0,
      warnings,
    };
  }
  const { facts, finish, tapped } = read;
  let reasons = read.reasons;
  const sessionId = facts.sessionId ?? fallbackId;
  warnings.push(...readWarnings(facts, path, size, adapter.label));
  const hits = finish();
  const transcriptS2 = signalOf('S2', hits.s2) ?? null;
  const ledger = ledgerOf(sessionId, options, settings);
  if (ledger.covered) {
    hits.s2 = ledger.runs;
    reasons = reasons?.filter((r) => r.signal !== 'S2');
  }
  return {
    verdict: stamp(scoreHits(hits, threshold, rulesOf(profile === 'seed' ? undefined : profile))),
    profile,
    hits,
    ...(reasons ? { reasons } : {}),
    sessionId,
    lines: facts.lines,
    warnings,
    facts,
    s2Sources: { transcript: transcriptS2, ledger },
    turns: facts.session?.turns ?? counter.counts,
    ...(counter.timeline ? { timeline: counter.timeline.turns } : {}),
    tapped: options.assistantLines !== undefined && tapped,
  };
}

function countTurn(counter: TurnCounter, turn: GateTurn): void {
  if (turn.kind === 'assistant') counter.assistant(turn.lineNo, turn.id);
  else counter.user(turn.lineNo, turn.id, turn.human, turn.toolResultErrors, false);
}
