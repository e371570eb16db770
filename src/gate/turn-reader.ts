import { adapterFor, adapterNamed, claudeCodeAdapter } from '../transcript/host.js';
import type { HostName, TranscriptFacts } from '../transcript/types.js';
import { readGateTurnsFast } from './fast-turns.js';
import { GATE_LONG_LINES } from './long-lines.js';
import { readGateTurnsSplit } from './split-read.js';
import { classifyTurn, type GateTurn } from './turns.js';

export interface TurnReaderOptions {
  /** A large Claude Code transcript is read on two threads (see readGateTurnsSplit); same turns and facts. */
  twoThreads?: boolean;
}

/** Reads a file's gate turns in order and returns what the pass learned. */
export type TurnReader = (path: string, onTurn: (turn: GateTurn) => void) => TranscriptFacts;

/**
 * How the gate reads a session: Claude Code transcripts through the direct byte-level turn reader, any
 * other host through its adapter's events, classified here. Both give the same verdict. `host` names the
 * session's host when the caller knows it (the scan does); otherwise the path tells.
 */
export function turnReaderFor(path: string, host?: HostName, options: TurnReaderOptions = {}): TurnReader {
  const adapter = host !== undefined ? adapterNamed(host) : adapterFor(path);
  if (adapter === claudeCodeAdapter && options.twoThreads)
    return (file, onTurn) => readGateTurnsSplit(file, onTurn);
  if (adapter === claudeCodeAdapter)
    return (file, onTurn) => readGateTurnsFast(file, onTurn, { longLines: GATE_LONG_LINES });
  return (file, onTurn) => adapter.readEvents(file, (event) => onTurn(classifyTurn(event)));
}
