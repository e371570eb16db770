import { adapterFor } from '../transcript/host.js';
import { type FabricationCandidate, FabricationScanner } from './fabrication.js';
import { type Finding, HeuristicScanner } from './heuristic/index.js';
import { type FittedTurns, fitTurns, HumanTurnCollector, type HumanTurnSet } from './human-turns.js';
import { chainOf, type TranscriptMessage } from './message.js';
import {
  DEFAULT_WINDOW_TOKEN_BUDGET,
  MAX_PART_CHARS,
  WINDOW_AFTER,
  WINDOW_BEFORE,
  WindowBuilder,
  type WindowOptions,
  type WindowSet,
  windowTokensOf,
} from './windows.js';

/**
 * Which prompt the scan feeds: `standard` (every human turn, then windows around the gate's anchors and the
 * session's own corrections, interrupts, refusals and failure runs) or `seed` (the seed's windows around
 * the gate's anchors only, docs/design/compatibility.md).
 */
export type PromptProfile = 'standard' | 'seed';

export interface ScanOptions extends WindowOptions {
  profile?: PromptProfile;
  /**
   * The session's messages as the caller already read them (the retro reads each flagged session once):
   * every pass goes over these instead of reading the file again. Default: each pass streams the file.
   */
  messages?: readonly TranscriptMessage[] | undefined;
}

/** Why a window is centred where it is. */
export type FocusReason =
  | 'gate signal'
  | 'interrupt'
  | 'refusal'
  | 'correction'
  | 'failure run'
  | 'start of the conversation';

interface SessionScan {
  windows: WindowSet;
  candidates: FabricationCandidate[];
  /** The offline reader's findings over the whole transcript. */
  findings: Finding[];
  /** User and assistant messages seen. */
  messages: number;
  /** The human turns as the standard prompt shows them (absent for the seed profile). */
  turns?: FittedTurns;
  /** Turns the session had beyond what the collector keeps. */
  turnsNotKept?: number;
  /** Why each window anchor was chosen (standard profile). */
  focus?: Map<string, FocusReason>;
  /** The whole session fitted the budget: every message is in the windows (standard profile). */
  whole?: boolean;
}

/** Share of the budget the human turns may take: what the person said comes first; the windows get the rest. */
const TURNS_BUDGET_SHARE = 0.8;
/** The characters per window message below which more windows would say less than fewer. */
const MIN_USEFUL_PART_CHARS = 600;

/** Window radii tried, widest first, when the whole session does not fit; the narrowest is the seed's. */
const WIDER_RADII = [40, 25, 15, 10, 7, WINDOW_BEFORE];

/**
 * What windows would cost, learnt in the first pass: each window message's tokens at the 2,000-character
 * part limit, per conversation, and where the anchors sit (a few bytes per message, not the messages).
 */
class WindowCosts {
  private readonly chains = new Map<string, { start: string; prefix: number[] }>();
  private readonly positions = new Map<string, { chain: string; position: number }>();
  private readonly anchors: Set<string>;
  private total = 0;

  constructor(anchors: readonly string[]) {
    this.anchors = new Set(anchors);
  }

  push(message: TranscriptMessage, focus: boolean): void {
    const name = chainOf(message);
    let chain = this.chains.get(name);
    if (!chain) {
      chain = { start: message.id, prefix: [0] };
      this.chains.set(name, chain);
    }
    const tokens = windowTokensOf(message, MAX_PART_CHARS);
    this.total += tokens;
    const position = chain.prefix.length - 1;
    chain.prefix.push((chain.prefix[position] ?? 0) + tokens);
    if (focus || this.anchors.has(message.id)) this.positions.set(message.id, { chain: name, position });
  }

  wholeTokens(): number {
    return this.total;
  }

  chainStarts(): string[] {
    return [...this.chains.values()].map((c) => c.start);
  }

  /** Tokens of the windows of `radius` messages each side of `ids`, overlapping windows merged. */
  windowTokens(ids: readonly string[], radius: number): number {
    const byChain = new Map<string, number[]>();
    for (const id of ids) {
      const at = this.positions.get(id);
      if (at) byChain.set(at.chain, [...(byChain.get(at.chain) ?? []), at.position]);
    }
    let tokens = 0;
    for (const [name, positions] of byChain) {
      const prefix = this.chains.get(name)?.prefix ?? [0];
      const last = prefix.length - 2;
      let end = -1;
      for (const position of positions.sort((a, b) => a - b)) {
        const from = Math.max(end + 1, position - radius, 0);
        const to = Math.min(last, position + radius);
        if (to >= from) tokens += (prefix[to + 1] ?? 0) - (prefix[from] ?? 0);
        end = Math.max(end, to);
      }
    }
    return tokens;
  }
}

/** A thinking-only line carries nothing a reader can cite: it is not a window message. */
function citable(message: TranscriptMessage): boolean {
  return message.text.length > 0 || message.toolCalls.length > 0 || message.toolOutputs.length > 0;
}

/**
 * The window anchors: the caller's first (the gate's signals, or the ids it chose), then the session's own
 * friction, interrupts and refusals before corrections before failure runs, as many as the budget gives
 * useful windows.
 */
function focusAnchors(
  anchors: readonly string[],
  set: HumanTurnSet,
  windowTokens: number,
  options: WindowOptions = {},
): Map<string, FocusReason> {
  const span = (options.before ?? WINDOW_BEFORE) + (options.after ?? WINDOW_AFTER) + 1;
  const room = Math.max(4, Math.floor((windowTokens * 4) / (span * MIN_USEFUL_PART_CHARS)));
  const chosen = new Map<string, FocusReason>();
  for (const id of anchors) chosen.set(id, 'gate signal');
  const add = (ids: readonly string[], reason: FocusReason) => {
    for (const id of ids) {
      if (chosen.size >= Math.max(room, anchors.length)) return;
      if (!chosen.has(id)) chosen.set(id, reason);
    }
  };
  add(set.focus.interrupts, 'interrupt');
  add(set.focus.refusals, 'refusal');
  add(set.focus.corrections, 'correction');
  add(set.focus.failureRuns, 'failure run');
  return chosen;
}

/**
 * The deep read's pass over the transcript: fabrication candidates, the offline reader's findings and (for
 * the standard prompt) every human turn, then the evidence windows, each keeping only a bounded state, so a
 * transcript of any size is read in constant memory. The standard prompt reads the file twice: the windows
 * are centred on friction the first pass finds, and get the budget the human turns leave. The session's
 * host reads its messages (a Claude Code transcript is streamed line by line), unless the caller hands
 * them over already read (`messages`).
 */
export async function scanSession(
  path: string,
  anchors: readonly string[],
  options: ScanOptions = {},
): Promise<SessionScan> {
  const { profile = 'standard', messages: given, ...windowOptions } = options;
  const read = (): Iterable<TranscriptMessage> => given ?? adapterFor(path).messages(path);
  const fabrication = new FabricationScanner();
  const heuristic = new HeuristicScanner();
  if (profile === 'seed') {
    const windows = new WindowBuilder(anchors, windowOptions);
    let messages = 0;
    for (const message of read()) {
      messages += 1;
      fabrication.push(message);
      heuristic.push(message);
      if (citable(message)) windows.push(message);
    }
    return {
      windows: windows.finish(),
      candidates: fabrication.candidates(),
      findings: heuristic.findings(),
      messages,
    };
  }
  const collector = new HumanTurnCollector();
  const costs = new WindowCosts(anchors);
  let messages = 0;
  for (const message of read()) {
    messages += 1;
    fabrication.push(message);
    heuristic.push(message);
    const focusBefore = collector.focusSize;
    collector.push(message);
    if (citable(message)) costs.push(message, collector.focusSize > focusBefore);
  }
  const set = collector.finish();
  const budget = windowOptions.tokenBudget ?? DEFAULT_WINDOW_TOKEN_BUDGET;
  const turns = fitTurns(set, Math.floor(budget * TURNS_BUDGET_SHARE));
  const windowTokens = Math.max(0, budget - turns.tokens);
  // A session whose every message fits what the turns leave is shown whole: one window per conversation,
  // opened at its first message and kept open to its last.
  const whole = costs.wholeTokens() <= windowTokens;
  const focus = focusAnchors(anchors, set, windowTokens, windowOptions);
  let builderOptions: WindowOptions = { ...windowOptions, tokenBudget: windowTokens };
  if (whole) {
    builderOptions = {
      tokenBudget: windowTokens,
      before: 0,
      after: Number.MAX_SAFE_INTEGER,
      partChars: MAX_PART_CHARS,
    };
    for (const id of costs.chainStarts()) if (!focus.has(id)) focus.set(id, 'start of the conversation');
  } else if (windowOptions.before === undefined && windowOptions.after === undefined) {
    // The widest windows whose messages all fit uncut beyond the 2,000-character part limit: the budget
    // the turns leave goes to context around the friction rather than staying unused.
    const radius = WIDER_RADII.find((r) => costs.windowTokens([...focus.keys()], r) <= windowTokens);
    if (radius !== undefined)
      builderOptions = {
        tokenBudget: windowTokens,
        before: radius,
        after: radius,
        partChars: MAX_PART_CHARS,
      };
  }
  const windows = new WindowBuilder([...focus.keys()], builderOptions);
  for (const message of read()) if (citable(message)) windows.push(message);
  return {
    whole,
    windows: windows.finish(),
    candidates: fabrication.candidates(),
    findings: heuristic.findings(),
    messages,
    turns,
    turnsNotKept: set.turnsNotKept,
    focus,
  };
}
