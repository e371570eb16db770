import { chainOf, cutMiddle, messageBody, renderMessageLine, type TranscriptMessage } from './message.js';

/** Messages before and after an anchor (the 11-message window of docs/design/session-retro.md §4). */
export const WINDOW_BEFORE = 5;
export const WINDOW_AFTER = 5;
/** Default budget for all windows of one session, in estimated tokens. */
export const DEFAULT_WINDOW_TOKEN_BUDGET = 24_000;
/** Longest piece (prose, tool call or tool result) a window shows before cutting its middle. */
export const MAX_PART_CHARS = 2_000;
const MIN_PART_CHARS = 300;

/** Tokens estimated as characters / 4 (no tokenizer ships with us; this over-counts code slightly). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** What one message costs in a window whose parts are cut to `partChars` (the builder's own measure). */
export function windowTokensOf(message: TranscriptMessage, partChars = MAX_PART_CHARS): number {
  return estimateTokens(renderMessageLine(message, messageBody(message, partChars).text)) + 1;
}

/** A message as a window shows it: long parts cut, rendered as one `[<id>] <role>: <text>` entry. */
interface WindowMessage extends TranscriptMessage {
  rendered: string;
  tokens: number;
  /** Position of the message in its chain (0-based). */
  position: number;
  /** Characters cut from its payloads. */
  cutChars: number;
}

/** Consecutive messages of one chain around one or more anchors (overlapping windows are merged). */
export interface TranscriptWindow {
  chain: 'main' | 'sidechain';
  anchors: string[];
  messages: WindowMessage[];
  /** Chain positions of the first and last message. */
  start: number;
  end: number;
}

/** What the budget and the cuts left out, for the prompt to say so. */
interface WindowCuts {
  tokenBudget: number;
  tokensUsed: number;
  /** Per-part character limit applied to every message. */
  partChars: number;
  /** Messages whose payload was cut in the middle. */
  messagesCut: number;
  /** Messages of windows left out because the budget ran out. */
  messagesOverBudget: number;
  /** Anchors whose window was left out (wholly or partly) because the budget ran out. */
  anchorsOverBudget: string[];
  /** Anchors that are not a message id of this transcript (ledger ids, stale ids). */
  anchorsNotFound: string[];
}

export interface WindowSet {
  windows: TranscriptWindow[];
  cuts: WindowCuts;
}

export interface WindowOptions {
  tokenBudget?: number;
  before?: number;
  after?: number;
  /** Per-part character limit, when the caller knows better than the share per anchor (a whole session). */
  partChars?: number;
}

interface ChainState {
  position: number;
  recent: WindowMessage[];
  open: { window: TranscriptWindow; remaining: number } | undefined;
  last: TranscriptWindow | undefined;
}

/**
 * Builds the anchor windows in one streaming pass: it keeps only the last few messages of each chain and
 * the windows themselves, which the token budget bounds, so memory does not grow with the transcript.
 * Feed every message in file order with `push`, then call `finish`.
 */
export class WindowBuilder {
  private readonly anchors: Set<string>;
  private readonly found = new Set<string>();
  private readonly chains = new Map<string, ChainState>();
  private readonly windows: TranscriptWindow[] = [];
  private readonly before: number;
  private readonly after: number;
  private readonly cuts: WindowCuts;
  private overBudget = false;

  constructor(anchorIds: readonly string[], options: WindowOptions = {}) {
    this.anchors = new Set(anchorIds);
    this.before = options.before ?? WINDOW_BEFORE;
    this.after = options.after ?? WINDOW_AFTER;
    const tokenBudget = options.tokenBudget ?? DEFAULT_WINDOW_TOKEN_BUDGET;
    // Share the budget between the anchors up front, so that an early window full of large tool output
    // does not starve the later ones.
    const perMessage = Math.floor(
      (tokenBudget * 4) / Math.max(1, this.anchors.size * (this.before + this.after + 1)),
    );
    this.cuts = {
      tokenBudget,
      tokensUsed: 0,
      partChars: options.partChars ?? Math.max(MIN_PART_CHARS, Math.min(MAX_PART_CHARS, perMessage)),
      messagesCut: 0,
      messagesOverBudget: 0,
      anchorsOverBudget: [],
      anchorsNotFound: [],
    };
  }

  push(message: TranscriptMessage): void {
    const isAnchor = this.anchors.has(message.id);
    if (isAnchor) this.found.add(message.id);
    const chainName = chainOf(message);
    let chain = this.chains.get(chainName);
    if (!chain) {
      chain = { position: 0, recent: [], open: undefined, last: undefined };
      this.chains.set(chainName, chain);
    }
    const position = chain.position++;
    if (!chain.open && !isAnchor) {
      this.remember(chain, message, position);
      return;
    }
    const entry = this.prepare(message, position);
    if (chain.open) {
      this.add(chain.open.window, entry);
      chain.open.remaining -= 1;
      if (isAnchor) {
        chain.open.window.anchors.push(message.id);
        chain.open.remaining = this.after;
      }
    } else {
      const last = chain.last;
      // A window that overlaps or touches the previous one extends it: one merged window.
      const merge = last !== undefined && last.end >= position - this.before - 1;
      const window: TranscriptWindow = merge
        ? last
        : {
            chain: chainName,
            anchors: [],
            messages: [],
            start: position - chain.recent.length,
            end: position,
          };
      if (!merge) this.windows.push(window);
      for (const previous of chain.recent)
        if (previous.position > (merge ? last.end : -1)) this.add(window, previous);
      window.anchors.push(message.id);
      this.add(window, entry);
      chain.open = { window, remaining: this.after };
      chain.last = window;
    }
    if (isAnchor && this.overBudget) this.cuts.anchorsOverBudget.push(message.id);
    if (chain.open.remaining <= 0) chain.open = undefined;
    this.remember(chain, message, position, entry);
  }

  finish(): WindowSet {
    this.cuts.anchorsNotFound = [...this.anchors].filter((id) => !this.found.has(id));
    this.cuts.anchorsOverBudget = [...new Set(this.cuts.anchorsOverBudget)];
    return { windows: this.windows.filter((w) => w.messages.length > 0), cuts: this.cuts };
  }

  private remember(
    chain: ChainState,
    message: TranscriptMessage,
    position: number,
    entry?: WindowMessage,
  ): void {
    if (this.before === 0) return;
    chain.recent.push(entry ?? this.prepare(message, position));
    if (chain.recent.length > this.before) chain.recent.shift();
  }

  private prepare(message: TranscriptMessage, position: number): WindowMessage {
    const { text: body, cut } = messageBody(message, this.cuts.partChars);
    const rendered = renderMessageLine(message, body);
    const shorten = (text: string) => cutMiddle(text, this.cuts.partChars).text;
    return {
      ...message,
      text: shorten(message.text),
      toolOutputs: message.toolOutputs.map((o) => ({ ...o, text: shorten(o.text) })),
      rendered,
      tokens: estimateTokens(rendered) + 1,
      position,
      cutChars: cut,
    };
  }

  private add(window: TranscriptWindow, entry: WindowMessage): void {
    window.end = Math.max(window.end, entry.position);
    if (this.overBudget || this.cuts.tokensUsed + entry.tokens > this.cuts.tokenBudget) {
      this.overBudget = true;
      this.cuts.messagesOverBudget += 1;
      for (const anchor of window.anchors) this.cuts.anchorsOverBudget.push(anchor);
      return;
    }
    this.cuts.tokensUsed += entry.tokens;
    if (entry.cutChars > 0) this.cuts.messagesCut += 1;
    window.messages.push(entry);
  }
}
