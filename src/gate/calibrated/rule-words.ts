/**
 * "must" and "always" in the other languages the gate reads (version 12): the person laying down a rule in
 * the redirect after an interrupt or a refused call ("Debemos crear nuevos ejercicios …", "нужно смотреть
 * только в client"), read where RULE_RE is read. Version 7 read it in English and Chinese only.
 */
import { compiled } from './compiled.js';
import { lowerMatch } from './lower-match.js';

const RULE_WORDS_RE =
  /(debe(?:s|mos|n)?|tienes que|hay que|siempre|deve(?:s|mos|m)?|tem que|tens que|sempre|il faut|doit|doivent|toujours|muss|musst|müssen|immer|devi|bisogna|должен|должна|должны|нужно|надо|всегда|musisz|trzeba|zawsze|phải|luôn)(?![\p{L}\p{N}_])|必ず|いつも|반드시|꼭|항상/gu;

/** The rule word a redirect holds in a language other than English or Chinese, if any (for `--why`). */
export function ruleWordIn(reaction: string): string | undefined {
  return lowerMatch(compiled(RULE_WORDS_RE), reaction);
}
