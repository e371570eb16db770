import { codePointLength, pyLstrip, pySplit } from '../transcript/pyjson.js';
import type { AssistantEvent, MessageId, TurnEvent, UserEvent } from '../transcript/types.js';
import {
  APPROVAL_WORDS,
  CONTINUATION_PREFIX,
  countMatches,
  S1_RE,
  S3_MAX_TURN_SPAN,
  S3_MIN_EDITS,
  S4_PREFILTER,
  S4_RE,
  S5_MAX_WORDS,
  S5_MIN_ASSISTANT_LENGTH,
  SYSTEM_NOTIFICATION_RE,
} from './signals.js';

interface EditRecord {
  turn: number;
  id: MessageId;
  tool: string;
  lineNo: number;
}

/** Raw, uncapped hits of one pass; scoring and the ledger hybrid are applied afterwards. */
export interface SignalHits {
  s1: MessageId[];
  s2: MessageId[];
  s3: MessageId[];
  s4: MessageId[];
  s5: MessageId[];
}

function isApproval(word: string): boolean {
  return APPROVAL_WORDS.has(word.toLowerCase().replace(/^[.,!?]+|[.,!?]+$/g, ''));
}

/**
 * The gate's single pass over turn events (notes §2): a small state machine fed in file order.
 * It knows nothing about files or hosts, so every reader (plain or fast) drives the same logic.
 */
export class GateMachine {
  private turn = -1;
  /** The last assistant turn's text; its length in code points is only needed when a short reply follows. */
  private lastAssistantText = '';
  private runLength = 0;
  private runAnchor: MessageId = '';
  private readonly errorLines: number[] = [];
  private readonly s1Lines: number[] = [];
  private readonly edits = new Map<string, EditRecord[]>();
  private readonly hits: SignalHits = { s1: [], s2: [], s3: [], s4: [], s5: [] };

  push(event: TurnEvent): void {
    if (event.kind === 'assistant') this.onAssistant(event);
    else this.onUser(event);
  }

  private onAssistant(event: AssistantEvent): void {
    this.turn += 1;
    this.lastAssistantText = event.text;
    const retries = S4_PREFILTER.test(event.text) ? countMatches(S4_RE, event.text) : 0;
    for (let i = 0; i < retries; i++) this.hits.s4.push(event.id);
    for (const edit of event.edits) {
      let list = this.edits.get(edit.path);
      if (!list) {
        list = [];
        this.edits.set(edit.path, list);
      }
      list.push({ turn: this.turn, id: event.id, tool: edit.tool, lineNo: event.lineNo });
    }
  }

  private onUser(event: UserEvent): void {
    for (const isError of event.toolResultErrors) {
      if (isError) {
        this.errorLines.push(event.lineNo);
        if (this.runLength === 0) this.runAnchor = event.id;
        this.runLength += 1;
      } else {
        this.closeRun();
      }
    }
    const realHumanTurn = event.toolResultErrors.length === 0 && event.text.length > 0 && !event.isMeta;
    if (!realHumanTurn) return;
    const text = event.text;
    const injected = SYSTEM_NOTIFICATION_RE.test(text) || text.startsWith(CONTINUATION_PREFIX);
    if (!injected) {
      const rejects = countMatches(S1_RE, text);
      for (let i = 0; i < rejects; i++) {
        this.hits.s1.push(event.id);
        this.s1Lines.push(event.lineNo);
      }
      if (this.lastAssistantIsLong() && !pyLstrip(text).startsWith('/')) {
        const words = pySplit(text);
        if (words.length >= 1 && words.length <= S5_MAX_WORDS && !words.some(isApproval)) {
          this.hits.s5.push(event.id);
        }
      }
    }
    this.closeRun();
  }

  /** Code points >= 500; UTF-16 length bounds it (1 or 2 units per code point), so most texts need no count. */
  private lastAssistantIsLong(): boolean {
    const units = this.lastAssistantText.length;
    if (units < S5_MIN_ASSISTANT_LENGTH) return false;
    if (units >= 2 * S5_MIN_ASSISTANT_LENGTH) return true;
    return codePointLength(this.lastAssistantText) >= S5_MIN_ASSISTANT_LENGTH;
  }

  private closeRun(): void {
    if (this.runLength >= 2) this.hits.s2.push(this.runAnchor);
    this.runLength = 0;
  }

  /** Ends the pass: closes an open error run and scores edit loops (S3, seed version with the exemption). */
  finish(): SignalHits {
    this.closeRun();
    for (const list of this.edits.values()) {
      if (list.length < S3_MIN_EDITS) continue;
      for (let i = 0; i + S3_MIN_EDITS - 1 < list.length; i++) {
        const first = list[i]!;
        const last = list[i + S3_MIN_EDITS - 1]!;
        if (last.turn - first.turn > S3_MAX_TURN_SPAN) continue;
        if (!this.isCleanDraftPolish(list, last.lineNo)) this.hits.s3.push(first.id);
        break;
      }
    }
    return this.hits;
  }

  /**
   * A session-created path (first edit is Write) with no tool error and no S1 rejection after that Write
   * and at or before the window's last edit is exempt from S3.
   */
  private isCleanDraftPolish(list: EditRecord[], windowEndLine: number): boolean {
    const created = list[0]!;
    if (created.tool !== 'Write') return false;
    const inside = (line: number) => line > created.lineNo && line <= windowEndLine;
    return !this.errorLines.some(inside) && !this.s1Lines.some(inside);
  }
}
