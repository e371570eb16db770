import type { MessageId } from '../../transcript/types.js';
import type { SignalHits } from '../machine.js';
import { APPROVAL_WORDS, S5_MAX_WORDS } from '../signals.js';
import { CORRECTION_HEAD, humanTextKind, replyWords, typedText } from './human-text.js';
import { CORRECTION_RE } from './lexicon.js';
import type { CalibratedAssistantTurn, CalibratedTurn, CalibratedUserTurn } from './turns.js';

/** Why one hit counted, for `--why`. */
export interface HitReason {
  signal: 'S1' | 'S2' | 'S3' | 'S4' | 'S5';
  id: MessageId;
  reason: string;
}

/** Requests (separate human turns) in which one file must be edited before it counts as S3. */
export const S3_MIN_REQUESTS = 3;
const REFUSED = 'refused a tool call';
/** How much of its opening a redirect shares with the interrupted request when the person only amended it. */
const AMEND_MIN = 10;
const AMEND_SHARE = 0.4;
/** Shortest text compared when looking for a re-sent request (shorter ones repeat innocently: "yes"). */
const MIN_REPEAT_LENGTH = 12;

/** Short replies that approve or thank rather than disengage (beyond the seed's approval words). */
const THANKS = new Set(
  'thanks thank thx ty sweet perfect great nice good cool awesome right correct 谢谢 謝謝 收到 明白 了解 好的 可以 对 對 是的 是 行 嗯 没问题 沒問題 同意 はい 네 예 좋아요 ừ đúng vâng được sí oui ja да danke merci gracias obrigado спасибо ありがとう 감사합니다'.split(
    ' ',
  ),
);

function isApprovalReply(typed: string): boolean {
  const words = typed.toLowerCase().split(/\s+/u);
  return words.some((word) => {
    const bare = word.replace(/^[.,!?。！]+|[.,!?。！]+$/gu, '');
    return APPROVAL_WORDS.has(bare) || THANKS.has(bare);
  });
}

/**
 * Files the agent keeps for itself under a `.claude` folder (plans, memory, settings): rewritten on every
 * step of plan mode or a memory update, so coming back to them says nothing about rework.
 */
function isAgentBookkeeping(path: string): boolean {
  return /(?:^|[\\/])\.claude[\\/]/u.test(path);
}

/**
 * Whether `next` starts the way `previous` did (a shared opening of at least AMEND_MIN characters and
 * AMEND_SHARE of the shorter text): a person amending their own request after stopping the agent.
 */
function amends(next: string, previous: string): boolean {
  const a = next.trim();
  const b = previous.trim();
  const shorter = Math.min(a.length, b.length);
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared++;
  return shared >= AMEND_MIN && shared >= AMEND_SHARE * shorter;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

/**
 * The calibrated gate's pass: the seed's five signals, read the way a person reading the session would.
 * - S1 counts human turns that react to the agent's work by correcting it: correction phrases (many
 *   languages) in the opening of a turn that follows agent activity, an interrupt or a refused tool call
 *   that the person follows with something other than "carry on" or the plan hand-off, and a request
 *   re-sent word for word. The opening brief and pasted text further down a turn never count.
 * - S2 is the seed's error run without the harness's cascade cancellations and without refusals.
 * - S3 is a file edited in S3_MIN_REQUESTS separate requests: one the person had to come back to.
 * - S4 is a retry phrase, or the agent conceding a correction at the start of its reply to a person.
 * - S5 is a terse reply after a long answer, words counted per two characters in scripts without spaces,
 *   and never a URL, an option picked from a list, a continuation or an approval.
 */
export class CalibratedMachine {
  private readonly hits: SignalHits = { s1: [], s2: [], s3: [], s4: [], s5: [] };
  readonly reasons: HitReason[] = [];
  private seenAssistant = false;
  private lastAssistantLong = false;
  private awaitingReply = false;
  private pending: { id: MessageId; reason: string } | undefined;
  private request = 0;
  private runLength = 0;
  private runAnchor: MessageId = '';
  private readonly files = new Map<string, { lastRequest: number; requests: number; bookkeeping: boolean }>();
  private readonly sentRequests = new Set<string>();
  private lastRequest = '';

  /** Whether the next assistant text is read for a concession (the first reply after a person spoke). */
  get wantsReplyText(): boolean {
    return this.awaitingReply;
  }

  push(turn: CalibratedTurn): void {
    if (turn.kind === 'assistant') this.pushAssistant(turn);
    else this.pushUser(turn);
  }

  private hit(signal: HitReason['signal'], id: MessageId, reason: string): void {
    this.hits[signal.toLowerCase() as keyof SignalHits].push(id);
    this.reasons.push({ signal, id, reason });
  }

  private pushAssistant(turn: CalibratedAssistantTurn): void {
    this.seenAssistant = true;
    this.lastAssistantLong = turn.long;
    for (let i = 0; i < turn.retries; i++) this.hit('S4', turn.id, 'retry phrase in the reply');
    if (this.awaitingReply && turn.hasText) {
      if (turn.concedes) this.hit('S4', turn.id, 'the reply concedes a correction');
      this.awaitingReply = false;
    }
    for (const edit of turn.edits) {
      let file = this.files.get(edit.path);
      if (!file) {
        file = { lastRequest: -1, requests: 0, bookkeeping: isAgentBookkeeping(edit.path) };
        this.files.set(edit.path, file);
      }
      // Requests only move forward, so a file's distinct requests are its changes of request.
      if (file.bookkeeping || file.lastRequest === this.request) continue;
      file.lastRequest = this.request;
      file.requests += 1;
      if (file.requests === S3_MIN_REQUESTS)
        this.hit('S3', turn.id, `${edit.path} edited again in a ${S3_MIN_REQUESTS}rd separate request`);
    }
  }

  private pushUser(turn: CalibratedUserTurn): void {
    for (const result of turn.results) {
      if (result === 'error') {
        if (this.runLength === 0) this.runAnchor = turn.id;
        this.runLength += 1;
      } else if (result === 'refused') {
        this.pending ??= { id: turn.id, reason: REFUSED };
        this.closeRun();
      } else if (result === 'ok') {
        this.closeRun();
      }
    }
    if (turn.results.length > 0 || turn.isMeta || turn.text === '') return;
    this.closeRun();
    const typed = typedText(turn.text);
    switch (humanTextKind(typed)) {
      case 'interrupt':
        this.pending ??= { id: turn.id, reason: 'interrupted the agent' };
        return;
      case 'continue':
        this.pending = undefined;
        return;
      case 'plan':
        this.pending = undefined;
        this.request++;
        return;
      case 'summary':
      case 'wrapped':
        return;
      case 'human':
        this.humanTurn(turn.id, typed);
    }
  }

  private humanTurn(id: MessageId, typed: string): void {
    const reacting = this.seenAssistant;
    let corrected = false;
    const amended = this.pending !== undefined && amends(typed, this.lastRequest);
    if (this.pending && !amended) {
      this.hit('S1', this.pending.id, `${this.pending.reason}, then redirected: "${quote(typed)}"`);
      corrected = true;
    }
    this.pending = undefined;
    this.lastRequest = typed;
    if (reacting && !corrected) {
      const match = CORRECTION_RE.exec(typed.slice(0, CORRECTION_HEAD));
      if (match) {
        this.hit('S1', id, `correction "${match[0]}" in reply to the agent: "${quote(typed)}"`);
        corrected = true;
      }
    }
    const normalized = typed.trim().toLowerCase().replace(/\s+/gu, ' ');
    if (normalized.length >= MIN_REPEAT_LENGTH) {
      if (!corrected && !amended && this.sentRequests.has(normalized)) {
        this.hit('S1', id, `re-sent an earlier request: "${quote(typed)}"`);
        corrected = true;
      }
      this.sentRequests.add(normalized);
    }
    if (reacting && this.lastAssistantLong && !corrected) {
      const words = replyWords(typed);
      if (words !== undefined && words >= 1 && words <= S5_MAX_WORDS && !isApprovalReply(typed))
        this.hit('S5', id, `terse reply to a long answer: "${quote(typed)}"`);
    }
    this.request++;
    this.awaitingReply = true;
  }

  private closeRun(): void {
    if (this.runLength >= 2)
      this.hit(
        'S2',
        this.runAnchor,
        `${this.runLength} tool errors in a row (cascades and refusals not counted)`,
      );
    this.runLength = 0;
  }

  finish(): SignalHits {
    this.closeRun();
    // A refusal the session ends on was never taken back; a bare interrupt at the end is a person stopping.
    if (this.pending?.reason === REFUSED)
      this.hit('S1', this.pending.id, `${REFUSED} at the end of the session`);
    return this.hits;
  }
}
