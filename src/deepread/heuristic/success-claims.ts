import { ANNOUNCED_FAILURE, endsOf, FAILED_OUTPUT, outcomeOf } from '../checks.js';
import { claimExcerpt } from '../fabrication.js';
import type { TranscriptMessage } from '../message.js';
import type { Citation } from '../types.js';
import { isBuildCommand, isTestCommand, runsSomething } from './commands.js';
import { isAppliedEdit } from './events.js';
import { correctionsIn } from './lexicon.js';
import { Tally } from './tally.js';
import { cite, citeCall, citeHuman } from './text.js';
import type { CallRef, Detector, Finding, SessionEvent } from './types.js';

/** `done` only reports the work finished; it counts as a claim when the user then says it did not work. */
type ClaimKind = 'test' | 'build' | 'works' | 'done';

const CLAIMS: readonly { kind: ClaimKind; re: RegExp }[] = [
  {
    kind: 'test',
    re: /\b(?:all\s+(?:\d+\s+)?)?(?:the\s+)?(?:unit\s+)?tests?\s+(?:are\s+|now\s+|all\s+|still\s+)*(?:pass(?:es|ed|ing)?|green|succeed(?:s|ed)?)\b|\ball (?:checks )?(?:green|passing)\b|测试(?:全部|都)?通过|テストが(?:通り|パス)|테스트(?:가)?\s*통과|Tests (?:sind )?grün|Tests bestehen|les tests passent|las pruebas pasan|os testes passam|тесты проходят/i,
  },
  {
    kind: 'build',
    re: /\b(?:the\s+)?build\s+(?:is\s+|now\s+)*(?:clean|green|pass(?:es|ed|ing)?|succeed(?:s|ed)?|successful)\b|\b(?:compiles|type-?checks?)\s+(?:cleanly|clean|without\s+errors)\b|构建成功|编译通过/i,
  },
  {
    kind: 'works',
    re: /\b(?:should|will) (?:now )?(?:work|be fixed|fix (?:it|this|the))\b|\b(?:it|this|that|everything)(?:'s| is| now) (?:working|fixed|resolved)\b|\b(?:now works|works now)\b|\b(?:is|are|has been|have been) (?:now )?fixed\b|\bI(?:'ve| have)? fixed\b|^\s*fixed\s*[.!]|已修复|修复了|已经修好|已解决|现在可以(?:正常)?(?:工作|运行|使用)|应该(?:就)?(?:可以了|没问题了)|修正しました|直りました|解決しました|動くはず|수정했습니다|해결했습니다|funktioniert jetzt|sollte (?:jetzt )?funktionieren|\bbehoben\b|fonctionne maintenant|devrait (?:maintenant )?fonctionner|funciona ahora|debería funcionar|funciona agora|deve funcionar|теперь работает|должно работать|\bисправ(?:лено|ил)/i,
  },
  {
    kind: 'done',
    re: /^\s*(?:done|all set|完成|完了|完了しました|끝났습니다|erledigt|terminé|listo|pronto|готово)\s*[.!。！]/i,
  },
];

/** The claims that must open a sentence ("Fixed.", "Done."), looked for anywhere before splitting. */
const SENTENCE_START_CLAIM =
  /\b(?:fixed|done|all set)\b|完成|完了|끝났|erledigt|terminé|listo|pronto|готово/i;

/** Conditions, negations and questions are not claims ("once the tests pass", "doesn't work yet?"). */
const NOT_A_CLAIM =
  /\b(?:not|never|if|once|unless|until|whether|after you|when you|let me|I'll|I will)\b|n't\b|[?？]/i;
interface Check {
  /** Edits made in the session when it ran. */
  edits: number;
  failed: boolean;
  /** Where to quote the failure from, only when a claim contradicts it. */
  messageId: string;
  output: string;
  call: CallRef;
}

function failureQuote(check: Check): Citation {
  return (
    cite(check.messageId, endsOf(check.output), FAILED_OUTPUT) ??
    citeCall(check.call.messageId, check.call.call)
  );
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+|(?<=[。！？])/u))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * The agent saying it worked ("tests pass", "fixed", "should work now", "done"). Reported when:
 * - the latest check after the last edit failed (a contradicted claim);
 * - the user's next message says it does not work, or asks whether it was checked: a "works" or "done"
 *   claim then shows a fix not checked the way the user sees it, a "tests pass" claim one not run;
 * - the session claims success without a check after its edits more than once.
 */
export class SuccessClaimDetector implements Detector {
  private readonly tally = new Tally();
  private edits = 0;
  private editsThisTurn = 0;
  private lastTest: Check | undefined;
  private lastBuild: Check | undefined;
  private lastRun: Check | undefined;
  private pending: { quote: Citation; kind: ClaimKind; checked: boolean } | undefined;
  private readonly unchecked: Citation[] = [];
  private announced = false;

  push(event: SessionEvent): void {
    switch (event.kind) {
      case 'human':
        this.answer(event.message, event.text);
        this.editsThisTurn = 0;
        this.announced = false;
        return;
      case 'call':
        return;
      case 'result':
        if (isAppliedEdit(event)) {
          this.edits += 1;
          this.editsThisTurn += 1;
        }
        this.recordCheck(event);
        return;
      case 'say':
        if (ANNOUNCED_FAILURE.test(event.text)) this.announced = true;
        this.checkClaims(event.message.id, event.text);
        return;
      case 'interrupt':
        return;
    }
  }

  private answer(message: TranscriptMessage, text: string): void {
    const claim = this.pending;
    this.pending = undefined;
    if (!claim) return;
    const reply = correctionsIn(text).find((k) => k.kind !== 'scope');
    const aboutChecks = claim.kind === 'test' || claim.kind === 'build';
    // A test or build claim that was checked stands: the user is answering about something else. A fix
    // that was "checked" and still fails for the user was not checked the way the user sees it.
    if (reply && !(aboutChecks && claim.checked)) {
      const pattern = aboutChecks ? 'unverified success' : 'unverified fix';
      this.tally.add(pattern, [claim.quote, citeHuman(message, text, reply.pattern)], 0.5);
      return;
    }
    this.keepIfUnchecked(claim);
  }

  private keepIfUnchecked(claim: { quote: Citation; kind: ClaimKind; checked: boolean }): void {
    if (!claim.checked && claim.kind !== 'done') this.unchecked.push(claim.quote);
  }

  private recordCheck(event: Extract<SessionEvent, { kind: 'result' }>): void {
    const command = event.call?.call.command;
    if (!event.call || command === undefined || event.rejection) return;
    const check: Check = {
      edits: this.edits,
      // A failure the agent announced (a test written to fail first, a mutation run) is expected.
      failed: outcomeOf(event.output) === 'failed' && !this.announced,
      messageId: event.message.id,
      output: event.output.text,
      call: event.call,
    };
    if (isTestCommand(command)) this.lastTest = check;
    if (isBuildCommand(command)) this.lastBuild = check;
    if (runsSomething(command)) this.lastRun = check;
  }

  private checkClaims(messageId: string, text: string): void {
    // Most prose claims nothing: look at the sentences only when some claim is in the text at all.
    if (!SENTENCE_START_CLAIM.test(text) && !CLAIMS.some((c) => c.re.test(text))) return;
    for (const sentence of sentencesOf(text)) {
      if (NOT_A_CLAIM.test(sentence)) continue;
      const claim = CLAIMS.find((c) => c.re.test(sentence));
      if (!claim) continue;
      const quote = {
        message_id: messageId,
        excerpt: claimExcerpt(sentence, Math.max(0, sentence.search(claim.re))),
      };
      const check =
        claim.kind === 'test' ? this.lastTest : claim.kind === 'build' ? this.lastBuild : this.lastRun;
      const sinceEdit = check !== undefined && check.edits === this.edits;
      if (claim.kind !== 'done' && sinceEdit && check.failed) {
        this.tally.add('contradicted success', [quote, failureQuote(check)], 0.5);
        return;
      }
      // "Fixed" about nothing changed in this request is not a claim about new work.
      const aboutNewWork = claim.kind === 'test' || claim.kind === 'build' || this.editsThisTurn > 0;
      if (this.pending) this.keepIfUnchecked(this.pending);
      this.pending = { quote, kind: claim.kind, checked: sinceEdit || !aboutNewWork };
      return;
    }
  }

  findings(): Finding[] {
    if (this.pending) this.keepIfUnchecked(this.pending);
    this.pending = undefined;
    if (this.unchecked.length >= 2)
      for (const claim of this.unchecked) this.tally.add('unverified success', [claim], 0.4);
    this.unchecked.length = 0;
    return this.tally.findings();
  }
}
