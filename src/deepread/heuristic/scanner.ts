import { chainOf, type TranscriptMessage } from '../message.js';
import { CorrectionDetector } from './corrections.js';
import { EventReader } from './events.js';
import { InterruptDetector } from './interrupts.js';
import { RejectionDetector } from './rejections.js';
import { RepeatedCommandDetector } from './repeated-command.js';
import { StatedWantDetector } from './stated-wants.js';
import { SuccessClaimDetector } from './success-claims.js';
import { ToolErrorDetector } from './tool-errors.js';
import type { Detector, Finding } from './types.js';

interface Chain {
  reader: EventReader;
  detectors: Detector[];
}

function newChain(): Chain {
  return {
    reader: new EventReader(),
    detectors: [
      new RejectionDetector(),
      new InterruptDetector(),
      new CorrectionDetector(),
      new SuccessClaimDetector(),
      new RepeatedCommandDetector(),
      new ToolErrorDetector(),
      new StatedWantDetector(),
    ],
  };
}

/**
 * The offline reader's pass over a whole transcript, fed message by message in file order alongside the
 * anchor windows. The main conversation and sub-agent (sidechain) lines are read apart, as the windows
 * are. Every detector keeps a bounded state, so memory does not grow with the transcript.
 */
export class HeuristicScanner {
  private readonly chains = new Map<string, Chain>();

  push(message: TranscriptMessage): void {
    const name = chainOf(message);
    let chain = this.chains.get(name);
    if (!chain) {
      chain = newChain();
      this.chains.set(name, chain);
    }
    for (const event of chain.reader.read(message)) for (const d of chain.detectors) d.push(event);
  }

  /** What the detectors recognised; call once, after the last message. */
  findings(): Finding[] {
    return [...this.chains.values()].flatMap((chain) => chain.detectors.flatMap((d) => d.findings()));
  }
}
