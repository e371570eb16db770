import { ClaudeUsageCollector } from '../cost/claude-usage.js';
import { readSessionUsage } from '../cost/read-usage.js';
import { type SessionUsage, sessionUsage } from '../cost/session-usage.js';
import { type GateResult, gateSessionSync } from '../gate/index.js';
import type { LedgerCoverage } from '../gate/ledger-s2.js';
import type { GateProfile } from '../gate/profile.js';
import type { GateVerdict } from '../gate/score.js';
import { defaultGateSettings } from '../gate/settings.js';
import { isOwnRunHead, isOwnRunTranscript, OWN_RUN_HEAD_BYTES } from '../transcript/own-run.js';
import type { HostName, TranscriptFacts, TurnCounts, TurnEvent } from '../transcript/types.js';

/** What gating one file gives the scan (plain data: it crosses worker_threads). */
export interface GateOutcome {
  path: string;
  verdict: GateVerdict;
  sessionId: string;
  lines: number;
  firstTimestamp: string | undefined;
  lastTimestamp: string | undefined;
  warnings: string[];
  /** Where S2 came from (absent for an error verdict): stored so a ledger change can be rescored. */
  s2Sources: GateResult['s2Sources'];
  /** One of Retrospect's own analysis runs (its opening prompt carries the own-run marker). */
  ownRun: boolean;
  profile: GateProfile;
  /**
   * Whether the file reads as a transcript of a known agent: another host's session, or a Claude Code file
   * some line of whose first 50 carries the transcript fields (`type`, `uuid`, `message`, ...). False for
   * an empty file, a binary file, other JSON.
   */
  transcript: boolean;
  /** The session's turns as its host counts them. */
  turns: TurnCounts | undefined;
  /** The folder the session ran in, when its host records it (the project key of hosts without folders). */
  cwd: string | undefined;
  /** The agent that started a sub-agent's session, when the session says. */
  parentSessionId: string | undefined;
  subagent: boolean;
  /** The session's model calls by model, input band and the friction signal that marks them (docs/cost.md). */
  usage: SessionUsage | undefined;
}

/** Settings shared by every file of one scan. */
export interface GateFileSettings {
  threshold: number;
  /** Ledger coverage by session id, read once per scan (sessions it does not name are uncovered). */
  ledger: [string, LedgerCoverage][];
  /** Ignore the ledger (`RETRO_FORCE_TRANSCRIPT_S2=1`, read at the edge), as the gate does. */
  forceTranscriptS2: boolean;
  /** The gate profile every file is scored with. */
  profile: GateProfile;
}

export type TranscriptReader = (path: string, onEvent: (event: TurnEvent) => void) => TranscriptFacts;

/** Builds the per-file gate for one scan: the same verdict `retrospect gate` gives for that file. */
export function fileGate(
  settings: GateFileSettings,
  read: TranscriptReader | undefined,
): (path: string, host?: HostName) => GateOutcome {
  const ledger = new Map(settings.ledger);
  const gate = defaultGateSettings({
    profile: settings.profile,
    threshold: settings.threshold,
    forceTranscriptS2: settings.forceTranscriptS2,
  });
  const uncovered: LedgerCoverage = { covered: false };
  return (path, host) => {
    // The stored summary needs the first call's time only (its prices are chosen by it).
    const collector = new ClaudeUsageCollector({ everyCallTime: false });
    const claudeCode = (host ?? 'claude-code') === 'claude-code';
    // Only Claude Code sessions can be Retrospect's own runs (the claude-cli provider runs `claude -p`).
    let ownRun: boolean | undefined;
    const result = gateSessionSync(path, {
      ...(claudeCode
        ? {
            head: {
              bytes: OWN_RUN_HEAD_BYTES,
              seen: (head: Buffer, whole: boolean) => {
                ownRun = isOwnRunHead(head, whole);
              },
            },
          }
        : {}),
      ...(host !== undefined ? { host } : {}),
      settings: gate,
      ledgerLookup: (sessionId) => ledger.get(sessionId) ?? uncovered,
      ...(read ? { read } : {}),
      timeline: true,
      assistantLines: collector,
    });
    // Usage is read from the assistant lines the gate's pass showed (or, for other readers, in a pass of its
    // own). A verdict that is an error has no usage to go with it.
    let usage: SessionUsage | undefined;
    if (result.verdict.error === undefined) {
      try {
        // The gate's own pass showed a Claude Code file's assistant lines; other files are read once more.
        const records = result.tapped ? collector.records() : readSessionUsage(path, host ?? 'claude-code');
        usage = sessionUsage(records, result.timeline, result.hits);
      } catch {
        // The file went away or changed under the second pass: no usage is stored, the next scan reads it.
        usage = undefined;
      }
    }
    return {
      path,
      verdict: result.verdict,
      sessionId: result.sessionId,
      lines: result.lines,
      firstTimestamp: result.facts?.firstTimestamp,
      lastTimestamp: result.facts?.lastTimestamp,
      warnings: result.warnings,
      s2Sources: result.s2Sources,
      // Answered from the head the gate's first read showed; a file its reader did not show (another
      // reader, an unreadable file) has its first KB read once more.
      ownRun: claudeCode && (ownRun ?? isOwnRunTranscript(path)),
      profile: result.profile,
      // Other hosts' sessions were recognised by their place or their head before they were read.
      transcript: (host ?? 'claude-code') !== 'claude-code' || result.facts?.knownFieldsSeen === true,
      turns: result.turns,
      cwd: result.facts?.session?.cwd,
      parentSessionId: result.facts?.session?.parentSessionId,
      subagent: result.facts?.session?.subagent === true,
      usage,
    };
  };
}
