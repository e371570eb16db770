/**
 * The person asking to have the agent's change undone in words other than "revert" or "undo" (version 12):
 * "quiero que vuelvas a la version anterior", "volta pra versão anterior", "change it back", 改回去. Like
 * "revert", it throws the work back: read where rejections are read (the opening of a reacting turn, or the
 * redirect after an interrupt or a refusal) and counted twice. Only going back to what was there before:
 * "go back to the plan" or "volver a intentar" carry on.
 */
import { compiled } from './compiled.js';
import { lowerMatch, WORD } from './lower-match.js';

const SPACED = [
  '(?:go|going|roll) back to (?:the )?(?:previous|old|earlier|original|last) (?:version|code|design|one)',
  '(?:change|put|set|switch) (?:it|that|this|them) back',
  '(?:the way|as) it was before',
  '(?:vuelv[ae]s?|volver|regres[ae]s?|regresar) a (?:la )?versi[oó]n (?:anterior|original|previa)',
  'd[eé]ja(?:lo)? como estaba',
  '(?:volt[ae]s?|voltar|retorn[ae]s?|retornar) (?:para|pra|[aà]) (?:a )?vers[aã]o (?:anterior|original)',
  'deix[ae] como (?:estava|era)',
  'reviens? (?:[aà] la|vers la) version (?:pr[ée]c[ée]dente|d.avant)',
  'remets? comme avant',
  'torna (?:alla|a) versione precedente',
  "rimetti com'era",
  'верни (?:как было|обратно|предыдущую версию)',
];
const UNSPACED = [
  '改回去',
  '改回来',
  '改回來',
  '恢复原样',
  '恢復原樣',
  '恢复到之前',
  '回到之前的版本',
  '原来的样子',
  '원래대로',
];

const BACK_TO_BEFORE_RE = new RegExp(`(${SPACED.join('|')})(?!${WORD})|${UNSPACED.join('|')}`, 'gu');

/** The words asking for the agent's change to be undone, if a reacting turn's opening holds them. */
export function backToBeforeIn(opening: string): string | undefined {
  return lowerMatch(compiled(BACK_TO_BEFORE_RE), opening);
}
