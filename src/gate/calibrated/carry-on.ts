import { compiled } from './compiled.js';
import { isContinuation } from './lexicon.js';

/**
 * A turn that only asks the agent to carry on, in a few more words than a bare "continue" ("继续任务",
 * "please continue the task", "yes, go on"): nothing in it corrects the agent, so the agent's apology for
 * having stopped ("抱歉，我继续") does not make it a correction. Read only for the concession: after a refusal
 * such a turn still redirects (making these words a plain carry-on everywhere cost a rough session,
 * docs/gate.md, version 6).
 */
const CARRY_ON_RE =
  /^(?:(?:please|pls|yes|ok|okay|alright|sure|好的?|嗯|可以|请|請|vâng|ừ|sí|oui|ja|да|はい|네)[\s,，.。!！]*)?(?:continue|proceed|go on|keep going|carry on|resume|继续|繼續|接着|接著|tiếp tục|tiếp|続けて|続行|계속|ต่อ|sigue|continúa|continua|weiter|continuer|продолжай)(?:\s*(?:with )?(?:the |your )?(?:task|work|job|implementation|plan|fixing|where you left off))?(?:\s*(?:任务|任務|执行|執行|工作|下去|做|吧|進行|进行|してください|ください|해줘|해|nhé|nha|đi))?[\s.,，。!！~～…]*$/iu;

/** Longest turn read as a carry-on: these are a few words. */
const CARRY_ON_MAX = 60;

/**
 * The person saying the interrupt was a slip ("I didn't mean to interrupt you, continue", "pressed esc by
 * accident"): they take their own act back, nothing the agent did is redirected.
 */
const SLIPPED_INTERRUPT_RE =
  /\b(?:(?:didn'?t|did not|dont|don'?t) mean to (?:interrupt|stop|cancel|press|hit|do that)|by (?:accident|mistake)|accidentally)\b/i;

/** Longest turn read as taking an interrupt back: a sentence, not a new request. */
const SLIPPED_INTERRUPT_MAX = 120;

/**
 * A turn after an interrupt or a refused call that takes the person's own act back: only carrying on in a
 * few words ("please continue") after an interrupt, or saying the stop was a slip ("I didn't mean to
 * interrupt you, continue") after either. A refusal followed by "please continue" still redirects: the
 * person said no to the call (version 11).
 */
export function takesStopBack(typed: string, refused: boolean): boolean {
  const trimmed = typed.trim();
  if (!refused && asksToCarryOn(trimmed)) return true;
  return trimmed.length <= SLIPPED_INTERRUPT_MAX && compiled(SLIPPED_INTERRUPT_RE).test(trimmed);
}

export function asksToCarryOn(typed: string): boolean {
  const trimmed = typed.trim();
  if (trimmed.length > CARRY_ON_MAX) return false;
  return isContinuation(trimmed) || compiled(CARRY_ON_RE).test(trimmed);
}

/**
 * A turn that opens by agreeing ("yes merge them", "yes, and the tests too", "是的，再加一个"): the person
 * approves what the agent proposed and adds to it. The agent's "You're right" then grants the addition, it
 * does not concede a correction (version 11). Not "ok" or "好": "ok then something needs fixing", "Ok, do not
 * hardcode ID" open corrections the agent concedes. Unspaced scripts' words must be followed by a mark or
 * a space (对不对 asks, it does not agree).
 */
const APPROVAL_OPENING_RE =
  /^\s*(?:(?:yes|yeah|yep|yup|agreed|sim|sí|oui|ja|да|vâng|đúng)(?![\wÀ-ɏЀ-ӿ'’])|(?:对|對|是的|네|예|はい)(?=[\s,，.。!！、]|$))/i;

export function opensWithApproval(typed: string): boolean {
  return APPROVAL_OPENING_RE.test(typed);
}
