import type { MessageId } from '../../transcript/types.js';
import type { SignalHits } from '../machine.js';
import { APPROVAL_WORDS, S5_MAX_WORDS } from '../signals.js';
import { backToBeforeIn } from './back-to-before.js';
import { asksToCarryOn, opensWithApproval, takesStopBack } from './carry-on.js';
import { compiled } from './compiled.js';
import { actuallyIn, complaintIn, errorLinesOf, fixFailedIn } from './complaint.js';
import { frustratedFormIn } from './form-after-claim.js';
import { showsFrustration } from './frustration.js';
import {
  bareCommandKind,
  commandName,
  humanTextKind,
  reactionOf,
  replyWords,
  typedText,
} from './human-text.js';
import { hitsByRate } from './length.js';
import {
  CHALLENGE_RE,
  CORRECTION_RE,
  claimsDone,
  LESSON_RE,
  PROHIBITION_RE,
  REJECTION_RE,
  RULE_RE,
} from './lexicon.js';
import { lowerExec } from './lower-match.js';
import { isOwnCommand } from './own-command.js';
import { FileRequests, S3_MIN_REQUESTS } from './rework.js';
import { ruleWordIn } from './rule-words.js';
import { SentRequests } from './sent-requests.js';
import type { CalibratedAssistantTurn, CalibratedTurn, CalibratedUserTurn } from './turns.js';

/**
 * CORRECTION_RE read on the lower-cased reaction, compiled without `i`: its phrases are in lower case, and
 * under `iu` V8 builds the case closure of its 5,000 characters when it compiles it.
 */
const LOWER_CORRECTION_RE = new RegExp(CORRECTION_RE.source, 'u');
/** REJECTION_RE read the same way. */
const LOWER_REJECTION_RE = new RegExp(REJECTION_RE.source, 'u');
/** PROHIBITION_RE, RULE_RE, CHALLENGE_RE and LESSON_RE read the same way (cost round four). */
const LOWER_PROHIBITION_RE = new RegExp(PROHIBITION_RE.source, 'u');
const LOWER_RULE_RE = new RegExp(RULE_RE.source, 'u');
const LOWER_CHALLENGE_RE = new RegExp(CHALLENGE_RE.source, 'u');
const LOWER_LESSON_RE = new RegExp(LESSON_RE.source, 'u');

/**
 * How the next assistant text is read: `first`, the first reply to a person (for a concession and for "I
 * cannot ..."); `later`, a later text on a request whose steer a concession would confirm (version 8);
 * undefined, not read. (Reading every later text for "you're right", on any turn, was measured and
 * dropped: docs/gate.md, version 4.)
 */
export type ReplyReading = 'first' | 'later' | undefined;

/** Why one hit counted, for `--why`. */
export interface HitReason {
  signal: 'S1' | 'S2' | 'S3' | 'S4' | 'S5';
  id: MessageId;
  reason: string;
}

const REFUSED = 'refused a tool call';
/** How much of its opening a redirect shares with the interrupted request when the person only amended it. */
const AMEND_MIN = 10;
const AMEND_SHARE = 0.4;
/** Shortest fragment sent by mistake ("i have a ") that a redirect opening with it whole completes (version 10). */
const FRAGMENT_MIN = 4;
/** Failing tool calls in a row from which the run counts as two S2 hits (5 flagged a setup session). */
const S2_LONG_RUN = 8;
/** Shortest text compared when looking for a re-sent request (shorter ones repeat innocently: "yes"). */
const MIN_REPEAT_LENGTH = 12;

/** Short replies that approve or thank rather than disengage (beyond the seed profile's approval words). */
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
 * Whether `next` starts the way `previous` did (a shared opening of at least AMEND_MIN characters and
 * AMEND_SHARE of the shorter text): a person amending their own request after interrupting the agent. A
 * redirect that opens with the whole of a shorter request ("i have a " sent too soon, then "i have a
 * ~/.bashrc and …") completes a fragment the person sent by mistake (version 10).
 */
function amends(next: string, previous: string): boolean {
  const a = next.trim();
  const b = previous.trim();
  const shorter = Math.min(a.length, b.length);
  let shared = 0;
  while (shared < shorter && a[shared] === b[shared]) shared++;
  if (shared === b.length && shared >= FRAGMENT_MIN && a.length > b.length) return true;
  return shared >= AMEND_MIN && shared >= AMEND_SHARE * shorter;
}

/**
 * The runs of white space that `text.replace(/\s+/gu, ' ')` changes: two or more characters, or one that is
 * not a plain space. A global replace visits each match, and in prose nearly every match is the one space
 * between two words, which this pattern passes over: the same text, without a match per word (cost round
 * four: the person's turns flattened this way cost some 130 M instructions on the 100 MB concatenation).
 */
const SPACE_RUN_RE = / \s+|[^\S ]\s*/gu;

/** `text` with each run of white space made one space, as `text.replace(/\s+/gu, ' ')` gives it. */
export function collapseSpaces(text: string): string {
  return text.replace(SPACE_RUN_RE, ' ');
}

/** A request as the re-sent check compares it: lower case, single spaces, trimmed. */
export function normalizedRequest(text: string): string {
  return collapseSpaces(text.trim().toLowerCase());
}

/** Characters of a turn flattened for a quote: enough for its 60, however much white space it opens with. */
const QUOTE_HEAD = 4096;

function quote(text: string): string {
  // A quote shows at most 60 characters: a pasted log need not be flattened whole to take them. A head whose
  // flattened form, opening space dropped, is longer than 61 gives the same quote as the whole text.
  if (text.length > QUOTE_HEAD) {
    const head = collapseSpaces(text.slice(0, QUOTE_HEAD)).trimStart();
    if (head.length > 61) return `${head.slice(0, 57)}...`;
  }
  const flat = collapseSpaces(text).trim();
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

/**
 * A refusal or an interrupt waiting for the person's next words. Every one is built with the same fields in
 * the same order, so that the code reading them sees one object shape.
 */
interface Pending {
  id: MessageId;
  reason: string;
  refused: boolean;
  /** Whether the agent had acted on the request when the person stopped it (always false for a refusal). */
  working: boolean;
}

interface LastHuman {
  id: MessageId;
  typed: string;
  corrected: boolean;
  confirmable: MessageId | undefined;
  /** Whether the turn followed agent activity (the opening request does not). */
  reacting: boolean;
}

/** The last person's turn, built at one place so that every one has the same object shape. */
function lastHumanOf(
  id: MessageId,
  typed: string,
  corrected: boolean,
  confirmable: MessageId | undefined,
  reacting: boolean,
): LastHuman {
  return { id, typed, corrected, confirmable, reacting };
}

// V8 takes a field that has not been written since its object was built for a constant, and optimized code
// that reads it depends on that: the first turn whose `confirmable` is taken back (often thousands of lines
// into a file) then throws away the optimized reader's per-line callback, which reads it through
// `replyReading`. One write here, before any code is optimized, makes the field a variable one at once.
lastHumanOf('', '', false, '', false).confirmable = undefined;

/**
 * The calibrated gate's pass: the five signals of docs/design/session-retro.md §2, read the way a person reading the session would.
 * - S1 counts human turns that react to the agent's work by correcting it: correction phrases (many
 *   languages) in the opening of a turn that follows agent activity, an interrupt or a refused tool call
 *   that the person follows with something other than "carry on" or the plan hand-off, a request re-sent
 *   word for word, and a turn the agent's own reply concedes was a correction ("You're right", "你说得对"),
 *   whatever words the person used. The opening brief and pasted text further down a turn never count.
 *   A correction rejecting the agent's work outright ("that's wrong", "revert that") counts twice, and so
 *   does a steer right after the agent said the work was done, one the agent's first reply concedes, one
 *   that asks for the lesson to be kept, one after which the agent edits again a code file it had changed, one
 *   the agent concedes after its tool calls, and one said with doubled marks or in capitals.
 * - S2 is the seed profile's error run without the harness's cascade cancellations and without refusals; S3 is a
 *   code file edited in S3_MIN_REQUESTS separate requests. Beyond ten requests both count by rate.
 * - S4 is a retry phrase in the agent's text.
 * - S5 is a terse reply after a long answer, words counted per two characters in scripts without spaces,
 *   and never a URL, an option picked from a list, a continuation or an approval.
 */
export class CalibratedMachine {
  private readonly hits: SignalHits = { s1: [], s2: [], s3: [], s4: [], s5: [] };
  readonly reasons: HitReason[] = [];
  private seenAssistant = false;
  private lastAssistantLong = false;
  private awaitingReply = false;
  /** A refusal or an interrupt waiting for the person's next words to tell whether it corrected the agent. */
  private pending: Pending | undefined;
  /** The last person's turn, until the agent's first reply says whether it was taken as a correction. */
  private lastHuman: LastHuman | undefined;
  /** Whether the agent did anything with the last request (a tool call, a long answer, an edit). */
  private acted = false;
  /** The last slash command run that asks the agent for work (`/flow-convert`), to tell a resume. */
  private lastCommand = '';
  private request = 0;
  private runLength = 0;
  private runAnchor: MessageId = '';
  private readonly files = new FileRequests();
  private readonly sentRequests = new SentRequests(normalizedRequest, MIN_REPEAT_LENGTH);
  /** The error lines the person pasted, and the request each came with (version 10). */
  private readonly pastedErrors = new Map<string, number>();
  /** The code files the agent edited for earlier requests, and for this one (version 7). */
  private readonly filesBefore = new Set<string>();
  private readonly filesThis = new Set<string>();
  private lastRequest = '';

  /** The agent's last text, read (decoded) only when the person's next turn corrects it. */
  private lastText: () => string = () => '';
  /** The last text whose claim of done was read, and what it said: each text is decoded and read once. */
  private claimRead: (() => string) | undefined;
  private claimed = false;
  /** The agent's first reply said it cannot do the last request: the person's next words press on. */
  private declined = false;
  /** The person ran a shell command of their own (`!`) since their last words: the agent answers its output. */
  private ownCommand = false;
  /** The agent edited a file since the person's last words (version 13). */
  private changed = false;

  /** How the next assistant text is read for a concession (see ReplyReading). */
  get replyReading(): ReplyReading {
    if (this.awaitingReply) return 'first';
    return this.lastHuman?.confirmable !== undefined ? 'later' : undefined;
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
    if (turn.hasText) this.lastText = turn.text;
    this.lastAssistantLong = turn.long;
    if (turn.long || turn.edits.length > 0) this.acted = true;
    if (turn.edits.length > 0) this.changed = true;
    for (let i = 0; i < turn.retries; i++) this.hit('S4', turn.id, 'retry phrase in the reply');
    if (this.awaitingReply && turn.hasText) {
      if (turn.concedes) this.conceded();
      if (turn.declines) this.declined = true;
      this.awaitingReply = false;
    } else if (turn.concedes && this.lastHuman?.confirmable !== undefined) {
      // The agent conceded the person's steer after looking (its tool calls), not in its first reply (version 8).
      this.hit('S1', this.lastHuman.confirmable, 'and the agent conceded it after looking: counts twice');
      this.lastHuman.confirmable = undefined;
    }
    for (const edit of turn.edits) {
      if (this.files.edited(edit.path, this.request))
        this.hit('S3', turn.id, `${edit.path} edited again in a ${S3_MIN_REQUESTS}rd separate request`);
      if (this.files.exempt(edit.path)) continue;
      this.filesThis.add(edit.path);
      this.redone(edit.path);
    }
  }

  /**
   * The agent's first reply to the person opens by conceding ("You're right", "你说得对", "Tu as raison"):
   * the agent read the person's turn as a correction, whatever words it used. That turn counts as S1 (and
   * no longer as a terse follow-up). A turn whose words already counted once as a steer counts a second
   * time, and so does a redirect after a refusal or an interrupt: the person's words (or act) and the
   * agent's reading agree that it was a correction.
   */
  private conceded(): void {
    const human = this.lastHuman;
    if (human?.confirmable !== undefined) {
      // The person corrected the agent in words and the agent granted it: two readings of one turn agree.
      this.hit('S1', human.confirmable, 'and the agent conceded it: counts twice');
      human.confirmable = undefined;
      return;
    }
    // Conceding the opening request ("I see the issue" with the bug it names) corrects nothing the agent did.
    if (!human?.reacting || human.corrected) return;
    // An apology for having stopped, answering "继续任务" (carry on with the task): nothing was corrected (version 8).
    if (asksToCarryOn(human.typed)) return;
    // "yes merge them": the agent grants what the person added to an approval (version 11).
    if (opensWithApproval(human.typed)) return;
    human.corrected = true;
    this.unhit('S5', human.id);
    this.hit('S1', human.id, `the agent conceded a correction: "${quote(human.typed)}"`);
  }

  /**
   * The person steered the agent (a correction in words, or a redirect after a refusal or an interrupt)
   * and the agent now edits again a code file it had changed for an earlier request: the steer was about
   * work that had to be redone, the person's words and the agent's act agree (version 7). Prose documents
   * and the agent's own `.claude` files are left out, as in S3: drafts and plans are revised by design.
   */
  private redone(path: string): void {
    const human = this.lastHuman;
    if (human?.confirmable === undefined || !this.filesBefore.has(path)) return;
    this.hit('S1', human.confirmable, `and the agent then edited ${path} again: counts twice`);
    human.confirmable = undefined;
  }

  /** Takes back the last hit of `signal` anchored on `id`, if any. */
  private unhit(signal: HitReason['signal'], id: MessageId): void {
    const hits = this.hits[signal.toLowerCase() as keyof SignalHits];
    if (hits.at(-1) !== id) return;
    hits.pop();
    const at = this.reasons.findLastIndex((r) => r.signal === signal && r.id === id);
    if (at >= 0) this.reasons.splice(at, 1);
  }

  private pushUser(turn: CalibratedUserTurn): void {
    if (turn.results.length > 0) this.acted = true;
    for (const result of turn.results) {
      if (result === 'error') {
        if (this.runLength === 0) this.runAnchor = turn.id;
        this.runLength += 1;
      } else if (result === 'refused') {
        this.pending ??= { id: turn.id, reason: REFUSED, refused: true, working: false };
        this.closeRun();
      } else if (result === 'ok') {
        this.closeRun();
      }
    }
    if (turn.results.length > 0 || turn.isMeta || turn.text === '') return;
    this.closeRun();
    const command = bareCommandKind(turn.text);
    if (command !== undefined) {
      // Managing the session after an interrupt or a refusal is moving on, and running the same command
      // again resumes it; running another command that asks for work (a skill, a project command) is
      // redirecting the agent.
      const name = commandName(turn.text);
      if (command === 'request' && this.pending && name !== this.lastCommand)
        this.hit('S1', this.pending.id, `${this.pending.reason}, then ran ${name}`);
      if (command === 'request') this.lastCommand = name;
      this.pending = undefined;
      return;
    }
    const typed = typedText(turn.text);
    switch (humanTextKind(typed)) {
      case 'interrupt':
        // Stopping the agent's comment on the output of one's own shell command redirects nothing (version 8).
        if (!this.ownCommand)
          this.pending ??= {
            id: turn.id,
            reason: 'interrupted the agent',
            refused: false,
            working: this.acted,
          };
        return;
      case 'continue':
        this.pending = undefined;
        return;
      case 'plan':
        this.pending = undefined;
        this.request++;
        return;
      case 'wrapped':
        // Interrupting the agent to run a command oneself (`!`) is acting, not redirecting it (version 8).
        if (isOwnCommand(typed)) {
          if (this.pending && !this.pending.refused) this.pending = undefined;
          this.ownCommand = true;
        }
        return;
      case 'summary':
        return;
      case 'pasted':
        // The person's words over a pasted log or page that holds a tag ("no, the same error still exists"
        // over a browser console): read for a correction as a reacting turn's opening is. The turn is not
        // counted as a request, nor read as a redirect (version 6 measured reading it as a whole turn).
        if (this.seenAssistant && this.pending === undefined) {
          if (!this.readWords(turn.id, typed, reactionOf(typed)).corrected) this.repasted(turn.id, typed);
        }
        return;
      case 'human':
        this.humanTurn(turn.id, typed);
    }
  }

  private humanTurn(id: MessageId, typed: string): void {
    const reacting = this.seenAssistant;
    let corrected = false;
    /** The one S1 hit a steering correction in words gave this turn, which a concession can confirm. */
    let confirmable: MessageId | undefined;
    // Restating one's own request after an interrupt amends it; after refusing the agent's tool call, the
    // person has already said no to what the agent did, so a restated request redirects it.
    const amended = this.pending !== undefined && !this.pending.refused && amends(typed, this.lastRequest);
    // "please continue", "I didn't mean to interrupt you, continue": the person takes their stop back.
    if (this.pending !== undefined && takesStopBack(typed, this.pending.refused)) this.pending = undefined;
    const reaction = reactionOf(typed);
    if (this.pending && !amended) {
      this.hit('S1', this.pending.id, `${this.pending.reason}, then redirected: "${quote(typed)}"`);
      if (!this.rejected(this.pending.id, reaction)) {
        // Stopping the agent and complaining in the same breath, or forbidding what it was doing ("please
        // don't invent extra tags"): the refusal and the words are two signs.
        // Laying down a rule about it ("all handoffs must be written in a local tmp directory") is the
        // same sign (version 7).
        const match =
          lowerExec(compiled(LOWER_CORRECTION_RE), reaction) ??
          lowerExec(compiled(LOWER_PROHIBITION_RE), reaction.trimStart());
        const rule =
          match !== undefined ? null : (lowerExec(compiled(LOWER_RULE_RE), reaction) ?? ruleWordIn(reaction));
        // Complaining that the work is not what was asked ("아니 …", "nao eu quero …") (version 8).
        const complaint = match !== undefined || rule ? undefined : complaintIn(reaction);
        if (match !== undefined)
          this.hit('S1', this.pending.id, `and corrected it ("${match}"): counts twice`);
        else if (rule) this.hit('S1', this.pending.id, `and laid down a rule ("${rule}"): counts twice`);
        else if (complaint) this.hit('S1', this.pending.id, `and complained ("${complaint}"): counts twice`);
        // Stopping the agent at work (it had called tools or answered at length on the request) and telling
        // it something else: two acts of the person, each a sign (version 10). An interrupt before the agent
        // did anything is the person taking back their own message; a refusal's redirect still needs a
        // second sign (refused calls steer smooth sessions as often).
        else if (this.pending.working)
          this.hit('S1', this.pending.id, 'stopped the agent at work to redirect it: counts twice');
        // A redirect the agent's first reply then concedes: the person's act and the agent's reading agree.
        else confirmable = this.pending.id;
      }
      corrected = true;
    }
    this.pending = undefined;
    this.lastRequest = typed;
    if (reacting && !corrected) {
      const read = this.readWords(id, typed, reaction);
      corrected = read.corrected;
      confirmable = read.confirmable;
      if (!corrected) ({ corrected, confirmable } = this.failedAfterWork(id, reaction));
    }
    if (!corrected) corrected = this.repasted(id, typed);
    if (!corrected && reacting) corrected = this.frustratedAfterClaim(id, reaction);
    // The agent said it cannot do what was asked ("I don't have access to your files") and the person
    // did not let it go: they retype the path, ask how to give it access, or tell it to find another way.
    if (this.declined && !corrected) {
      this.hit('S1', id, `the agent said it cannot do it, and the person pressed on: "${quote(typed)}"`);
      corrected = true;
    }
    this.declined = false;
    this.ownCommand = false;
    // Sending a request again after the agent did nothing with it (a provider error, a usage limit) is
    // retrying, not correcting.
    const sentBefore = this.sentRequests.remember(typed);
    if (!corrected && !amended && this.acted && sentBefore === true) {
      this.hit('S1', id, `re-sent an earlier request: "${quote(typed)}"`);
      corrected = true;
    }
    if (reacting && this.lastAssistantLong && !corrected) {
      const words = replyWords(typed, S5_MAX_WORDS);
      if (words !== undefined && words >= 1 && words <= S5_MAX_WORDS && !isApprovalReply(typed))
        this.hit('S5', id, `terse reply to a long answer: "${quote(typed)}"`);
    }
    this.request++;
    for (const path of this.filesThis) this.filesBefore.add(path);
    this.filesThis.clear();
    this.acted = false;
    this.changed = false;
    this.lastHuman = lastHumanOf(id, typed, corrected, confirmable, reacting);
    this.awaitingReply = true;
  }

  /**
   * Reads the opening of a turn that reacts to the agent for a correction in words (a correction phrase, an
   * objection asked as a question, a complaint), with the second signs that make one count twice. Returns
   * whether it corrected and the hit a concession may still confirm.
   */
  private readWords(
    id: MessageId,
    typed: string,
    reaction: string,
  ): { corrected: boolean; confirmable: MessageId | undefined } {
    let corrected = false;
    let confirmable: MessageId | undefined;
    const match = lowerExec(compiled(LOWER_CORRECTION_RE), reaction);
    // Objecting with a question ("but the location was in X?") steers as a correction phrase does (version 7).
    const challenge = match !== undefined ? undefined : lowerExec(compiled(LOWER_CHALLENGE_RE), reaction);
    // A complaint that the work is not what was asked: left empty, not matching, not seen (version 8); or
    // asking for it undone in other words, which rejected() below then counts a second time (version 12).
    // Not part of complaintIn: after a refusal rejected() has read it already.
    const complaint =
      match !== undefined || challenge !== undefined
        ? undefined
        : (complaintIn(reaction) ?? backToBeforeIn(reaction));
    if (match !== undefined || challenge !== undefined || complaint) {
      this.hit(
        'S1',
        id,
        match !== undefined
          ? `correction "${match}" in reply to the agent: "${quote(typed)}"`
          : challenge !== undefined
            ? `objected with a question in reply to the agent: "${quote(typed)}"`
            : `complained "${complaint}" in reply to the agent: "${quote(typed)}"`,
      );
      if (!this.rejected(id, reaction)) {
        const lesson = lowerExec(compiled(LOWER_LESSON_RE), reaction);
        // "this still fails??", a steer in capitals: the form says it was not a calm steer (version 8).
        const frustration = showsFrustration(reaction);
        const fixFailed = fixFailedIn(reaction);
        const actually = actuallyIn(reaction);
        // The agent had just said the work was done: the person caught a claim that was not true.
        if (this.lastTextClaimsDone())
          this.hit('S1', id, 'right after the agent said it was done: counts twice');
        // Making sure the slip is not repeated ("Record this in the skill") (version 7).
        else if (lesson !== undefined)
          this.hit('S1', id, `and set a rule for next time ("${lesson}"): counts twice`);
        else if (frustration)
          this.hit('S1', id, `and said it in frustration ("${frustration}"): counts twice`);
        // "I just did it but its not working": the person tried what the agent gave (version 9).
        else if (fixFailed)
          this.hit('S1', id, `and said the fix did not work ("${fixFailed}"): counts twice`);
        // "na verdade, é na sessão …, que ainda ta vazia": setting right what the agent took (version 13).
        else if (actually !== undefined)
          this.hit('S1', id, `and set right what the agent took ("${actually}"): counts twice`);
        else confirmable = id;
      }
      corrected = true;
    }
    return { corrected, confirmable };
  }

  /**
   * "Still not working", 还是不行, 直ってない, "sigue sin funcionar" with no correction phrase beside it, in
   * reply to the agent's claim that the work was done or right after it changed a file: the person tried
   * what the agent delivered and it failed (version 13). Before version 13 these words only counted as a
   * second sign beside a correction. A steer, counted twice after a claim of success (as a correction
   * is); after a change alone it counts once, and the agent's concession can confirm it.
   */
  private failedAfterWork(
    id: MessageId,
    reaction: string,
  ): { corrected: boolean; confirmable: MessageId | undefined } {
    // The condition first, the words last: most reacting turns follow neither a change nor a claim, and the
    // claim is read for frustratedAfterClaim on the same turn anyway (cost round five).
    const claimed = this.lastTextClaimsDone();
    if (!claimed && !this.changed) return { corrected: false, confirmable: undefined };
    const failed = fixFailedIn(reaction);
    if (failed === undefined) return { corrected: false, confirmable: undefined };
    const after = claimed ? 'claim that it was done' : 'change';
    this.hit('S1', id, `said it still did not work ("${failed}") after the agent's ${after}`);
    if (!claimed) return { corrected: true, confirmable: id };
    this.hit('S1', id, 'right after the agent said it was done: counts twice');
    return { corrected: true, confirmable: undefined };
  }

  /** Whether the agent's last text says the work is done (claimsDone), decoded and read once per text. */
  private lastTextClaimsDone(): boolean {
    if (this.claimRead !== this.lastText) {
      this.claimRead = this.lastText;
      this.claimed = claimsDone(this.lastText());
    }
    return this.claimed;
  }

  /**
   * The person pastes again an error they pasted with an earlier request: what the agent did since did not
   * fix it, whatever words come with it (version 10). Counts as a steer; right after the agent said the
   * work was done it counts twice, as a steer in words does. Every error line is kept for later turns.
   */
  private repasted(id: MessageId, typed: string): boolean {
    let again: string | undefined;
    for (const line of errorLinesOf(typed)) {
      const first = this.pastedErrors.get(line);
      if (first === undefined) this.pastedErrors.set(line, this.request);
      else if (first < this.request) again ??= line;
    }
    if (again === undefined || !this.seenAssistant) return false;
    this.hit('S1', id, `pasted the same error again: "${quote(again)}"`);
    if (this.lastTextClaimsDone()) this.hit('S1', id, 'right after the agent said it was done: counts twice');
    return true;
  }

  /**
   * Doubled question marks with no correction in the words ("https://… this???") right after the agent
   * said the work was done: the person answers a claim of success that did not hold (version 12). Counts as
   * a steer, once. Capitals were tried too and left out (form-after-claim.ts says why).
   */
  private frustratedAfterClaim(id: MessageId, reaction: string): boolean {
    if (!this.lastTextClaimsDone()) return false;
    const form = frustratedFormIn(reaction);
    if (form === undefined) return false;
    this.hit('S1', id, `answered the agent's claim that it was done in frustration ("${form}")`);
    return true;
  }

  /**
   * A correction that rejects the agent's work outright ("that's wrong", "not what I asked", "revert that",
   * "不对") counts a second time on the same turn: alone it weighs what a correction and another signal
   * weigh, and flags the session. A steer ("I meant", "try again", "still not working") counts once.
   */
  private rejected(id: MessageId, reaction: string): boolean {
    // Asking for the work undone in other words ("vuelvas a la version anterior", 改回去) (version 12).
    const match = lowerExec(compiled(LOWER_REJECTION_RE), reaction) ?? backToBeforeIn(reaction);
    if (match) this.hit('S1', id, `rejected the agent's work ("${match}"): counts twice`);
    return match !== undefined;
  }

  /** Keeps the S2 or S3 hits a long session's rate counts (see hitsByRate), and the reasons of those. */
  private byRate(key: 's2' | 's3'): void {
    const kept = hitsByRate(this.hits[key], this.request);
    if (kept.length === this.hits[key].length) return;
    const signal = key === 's2' ? 'S2' : 'S3';
    const dropped = this.hits[key].length - kept.length;
    this.hits[key] = kept;
    for (let i = this.reasons.length - 1, n = dropped; i >= 0 && n > 0; i--)
      if (this.reasons[i]!.signal === signal) {
        this.reasons.splice(i, 1);
        n--;
      }
    const note = `${kept.length + dropped} in ${this.request} requests, counted at one per ten requests`;
    for (const reason of this.reasons) if (reason.signal === signal) reason.reason += ` (${note})`;
  }

  private closeRun(): void {
    if (this.runLength >= 2)
      this.hit(
        'S2',
        this.runAnchor,
        `${this.runLength} tool errors in a row (cascades and refusals not counted)`,
      );
    // The agent failing call after call for this long is not one stumble: the run counts twice (version 6).
    if (this.runLength >= S2_LONG_RUN)
      this.hit('S2', this.runAnchor, `a run of ${S2_LONG_RUN} or more failing calls: counts twice`);
    this.runLength = 0;
  }

  finish(): SignalHits {
    this.closeRun();
    this.byRate('s2');
    this.byRate('s3');
    // A refusal the session ends on was never taken back; a bare interrupt at the end is a person stopping.
    if (this.pending?.reason === REFUSED)
      this.hit('S1', this.pending.id, `${REFUSED} at the end of the session`);
    return this.hits;
  }
}
