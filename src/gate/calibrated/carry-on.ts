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

export function asksToCarryOn(typed: string): boolean {
  const trimmed = typed.trim();
  if (trimmed.length > CARRY_ON_MAX) return false;
  return isContinuation(trimmed) || compiled(CARRY_ON_RE).test(trimmed);
}
