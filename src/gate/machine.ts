import type { MessageId, TurnEvent } from '../transcript/types.js';
import { S3_MAX_TURN_SPAN, S3_MIN_EDITS } from './signals.js';
import { classifyTurn, type GateTurn } from './turns.js';

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

/**
 * The gate's single pass over turn events (docs/design/session-retro.md §2): a small state machine fed in file order.
 * It knows nothing about files or hosts, so every reader (plain or fast) drives the same logic. What can
 * be judged from one event alone is done by classifyTurn; this keeps only what depends on the order.
 */
export class GateMachine {
  private turn = -1;
  private lastAssistantLong = false;
  private runLength = 0;
  private runAnchor: MessageId = '';
  private readonly errorLines: number[] = [];
  private readonly s1Lines: number[] = [];
  private readonly edits = new Map<string, EditRecord[]>();
  private readonly hits: SignalHits = { s1: [], s2: [], s3: [], s4: [], s5: [] };

  push(event: TurnEvent): void {
    this.pushTurn(classifyTurn(event));
  }

  /** Folds one classified turn; turns must arrive in file order. */
  pushTurn(turn: GateTurn): void {
    if (turn.kind === 'assistant') {
      this.turn += 1;
      this.lastAssistantLong = turn.long;
      for (let i = 0; i < turn.retries; i++) this.hits.s4.push(turn.id);
      for (const edit of turn.edits) {
        let list = this.edits.get(edit.path);
        if (!list) {
          list = [];
          this.edits.set(edit.path, list);
        }
        list.push({ turn: this.turn, id: turn.id, tool: edit.tool, lineNo: turn.lineNo });
      }
      return;
    }
    for (const isError of turn.toolResultErrors) {
      if (isError) {
        this.errorLines.push(turn.lineNo);
        if (this.runLength === 0) this.runAnchor = turn.id;
        this.runLength += 1;
      } else {
        this.closeRun();
      }
    }
    if (!turn.human) return;
    for (let i = 0; i < turn.rejects; i++) {
      this.hits.s1.push(turn.id);
      this.s1Lines.push(turn.lineNo);
    }
    if (turn.terse && this.lastAssistantLong) this.hits.s5.push(turn.id);
    this.closeRun();
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
