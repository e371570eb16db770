import { adapterFor } from '../transcript/host.js';
import { type FabricationCandidate, FabricationScanner } from './fabrication.js';
import { type Finding, HeuristicScanner } from './heuristic/index.js';
import { WindowBuilder, type WindowOptions, type WindowSet } from './windows.js';

export interface SessionScan {
  windows: WindowSet;
  candidates: FabricationCandidate[];
  /** The offline reader's findings over the whole transcript. */
  findings: Finding[];
  /** User and assistant messages seen. */
  messages: number;
}

/**
 * The deep read's one streaming pass: anchor windows, fabrication candidates and the offline reader's
 * findings together, each keeping only a bounded state, so a transcript of any size is read in constant
 * memory. The session's host reads its messages (a Claude Code transcript is streamed line by line).
 */
export async function scanSession(
  path: string,
  anchors: readonly string[],
  options: WindowOptions = {},
): Promise<SessionScan> {
  const windows = new WindowBuilder(anchors, options);
  const fabrication = new FabricationScanner();
  const heuristic = new HeuristicScanner();
  let messages = 0;
  for (const message of adapterFor(path).messages(path)) {
    messages += 1;
    fabrication.push(message);
    heuristic.push(message);
    // A thinking-only line carries nothing a reader can cite: it is not a window message.
    if (message.text.length > 0 || message.toolCalls.length > 0 || message.toolOutputs.length > 0)
      windows.push(message);
  }
  return {
    windows: windows.finish(),
    candidates: fabrication.candidates(),
    findings: heuristic.findings(),
    messages,
  };
}
