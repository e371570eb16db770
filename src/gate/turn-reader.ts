import { adapterFor, claudeCodeAdapter } from '../transcript/host.js';
import type { TranscriptFacts } from '../transcript/types.js';
import { readGateTurnsFast } from './fast-turns.js';
import { GATE_LONG_LINES } from './long-lines.js';
import { classifyTurn, type GateTurn } from './turns.js';

/** Reads a file's gate turns in order and returns what the pass learned. */
export type TurnReader = (path: string, onTurn: (turn: GateTurn) => void) => TranscriptFacts;

/**
 * How the gate reads a file: Claude Code transcripts through the direct byte-level turn reader, any other
 * host through its adapter's events, classified here. Both give the same verdict.
 */
export function turnReaderFor(path: string): TurnReader {
  const adapter = adapterFor(path);
  if (adapter === claudeCodeAdapter)
    return (file, onTurn) => readGateTurnsFast(file, onTurn, { longLines: GATE_LONG_LINES });
  return (file, onTurn) => adapter.readEvents(file, (event) => onTurn(classifyTurn(event)));
}
