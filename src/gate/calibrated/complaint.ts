/**
 * Complaints that the work is not what was asked, in words no correction phrase holds (version 8, second
 * round, tuned on dev4): that something was left empty, that the result is not the same as what it should
 * copy, that it will not do what it should, and, as a question, that the person cannot see what the agent
 * said it made; and an opening "no" (아니 …, いや、…) refusing what the agent took the request to be. Read
 * where correction phrases are read (the opening line of a reacting turn, or the redirect after an
 * interrupt or a refusal), in the languages the gate reads; Portuguese and Spanish also without accents, as
 * people type them. Opening words are read only at the start of the turn: inside a sentence they negate
 * something else. "No, I want …", "it's not the cause" and "you should already have …" were measured and
 * left out (docs/gate.md, version 8, second round). Version 9 (tuned on fresh4 as well) adds a rule the
 * person points to as ignored ("почему ты …, если … инструкция"), "does not match the design", pushback on
 * quality as a question ("а нельзя как-то …"), and, as a steer's second sign, that the fix did not work.
 * Version 13 adds insisting in Korean on what was asked (해달라니까, "…라고 한 거야", 아까 했잖아), and reads
 * that the fix did not work alone after the agent's claim or change (machine.ts, failedAfterWork).
 */
import { compiled } from './compiled.js';
import { deliveredComplaintIn } from './delivered-complaint.js';
import { lowerExec, lowerMatch } from './lower-match.js';

const WORD = '[\\p{L}\\p{N}_]';

const SPACED = [
  // "no, I want …": the person refusing what the agent took the request to be and restating it
  'no,? i (?:want|wanted|meant|need|said|asked)',
  'n[aã]o,? (?:eu )?(?:quero|queria|preciso|disse|falei|pedi)',
  'no,? (?:yo )?(?:quiero|quer[ií]a|necesito|dije|ped[ií])',
  'nie,? (?:chc[eę]|chcia[lł]em|chcia[lł]am|o to chodzi)',
  'nein,? ich (?:will|wollte|meinte)',
  // Left empty
  '(?:is|are|was|were|left|still) (?:still )?(?:empty|blank)',
  // "ta" as Portuguese is typed for "está" ("que ainda ta vazia") (version 11)
  '(?:est[aá]|ficou|ficaram|est[aã]o|t[aá]) (?:vazi[oa]s?|em branco)',
  '(?:est[aá]n?|qued[oó]|quedaron) (?:vac[ií][oa]s?|en blanco)',
  '(?:ist|sind) (?:noch |immer noch )?leer',
  '(?:jest|s[aą]) (?:nadal )?pust',
  // Not the same as what it should copy
  'n[aã]o (?:est[aá]|ficou) igual',
  'no (?:est[aá]|qued[oó]) igual',
  // Will not do what it should
  "(?:it|this|that) (?:won'?t|wont|will not) (?:go|work|open|load|show|start|run|scroll|jump|move|change|save|appear)",
  'n[aã]o (?:vai|quer) (?:abrir|funcionar|carregar|rodar|iniciar)',
  'no (?:quiere|va a) (?:abrir|funcionar|cargar|arrancar|iniciar)',
  'не (?:хочет|будет) (?:открываться|работать|запускаться|загружаться)',
  'nie chce (?:dzia[lł]a[cć]|si[eę] otworzy[cć]|wystartowa[cć])',
  // Does not match the design (version 9)
  "(?:doesn'?t|does not|don'?t|do not) match (?:the )?(?:design|mockup|screenshot)",
  'не соо?тв[а-яё]{0,3}ствует (?:дизайну|макету)',
  // A rule the person points to as ignored: "why did you … if the main file says …" (version 9)
  '(?:почему|зачем) ты [^?\\n]{0,120}(?:если|хотя) [^?\\n]{0,80}(?:инструкци|правил)\\p{L}*',
  'why (?:did|do|are) you [^?\\n]{0,120}(?:when|if|even though) [^?\\n]{0,80}(?:instructions?|rules?|claude\\.md|agents\\.md)',
  '(?:dlaczego|czemu) [^?\\n]{0,120}(?:skoro|je[sś]li) [^?\\n]{0,80}(?:instrukcj|regu[lł])\\p{L}*',
  // A suggestion quoted back, failed: "zsh: command not found … 이라는데?" (version 9)
  // Pushback on quality as a question (version 9)
  'а нельзя (?:ли )?как-?то',
  "(?:can'?t|couldn'?t) (?:this|it|you|we) be (?:fixed|done|solved) (?:properly|better|cleanly)",
];

const UNSPACED = [
  // Left empty
  '빈 항목',
  '비어 ?있',
  '是空的',
  '空着',
  '空著',
  '空のまま',
  '空欄のまま',
  // Must be exactly the same as what it should copy, not the same
  '(?:要|要求)(?:和|跟|与|與)[^，。,.！？]{0,20}一模一[样樣]',
  '똑같지 않',
  '同じじゃない',
  '同じになっていない',
  '이라는데[?？]',
  // "구조를 안 바꿨잖아?": you did not change it, did you (version 11)
  '안 [가-힣]{1,6}잖아',
  // Insisting on what was asked: "해달라니께" (I am telling you to), "검토해보라고한거야" (what I said was),
  // "아까했자나" (we did that already) (version 13)
  '라니(?:까|께)',
  '라고 ?한 ?거야',
  '아까 ?했(?:잖아|자나)',
  // "本文を書いて欲しくないのだけど?": I did not want you to write it (version 13)
  '(?:て|で)(?:欲しく|ほしく)ない',
  // "你没有调整对应的ut文件": you did not (do what was asked) (version 13)
  '你并?没有',
];

/**
 * The patterns below are written in lower case and compiled without `i`, each read on the lower-cased text
 * (lowerExec, lower-match.ts, which gives back the words as typed): under `iu` V8 builds the case closure
 * of every letter of a pattern when it compiles it (docs/gate.md, cost round four).
 *
 * Asking where the thing the agent made is ("I don't see the spec in the openspec directory?", 没看到…？):
 * only as a question. Stated flatly ("i dont see it in the repo") it is as often the person looking, then
 * finding it (a smooth dev session).
 */
const UNSEEN_RE = new RegExp(
  `(?:(?<!${WORD})(?:i (?:don'?t|do not|dont|can'?t|cannot) see (?:the|my|it|them|your|that|this)|n[aã]o (?:vejo|estou vendo)|no veo|не вижу|nie widz[eę])(?!${WORD})|没看到|沒看到|見当たらない)[^\n]*[?？]`,
  'u',
);

/**
 * Asking whether the agent did a part of the work it should have done ("hai aggiornato CLAUDE.md e le
 * istruzioni?", "ты удалил GuestTicketService?", "didn't you forget the settings page?"): something left
 * out, as a question opening the turn (version 13).
 */
const LEFT_OUT_RE = new RegExp(
  `^\\s*(?:(?:did|didn'?t) you forget|hai (?:aggiornato|dimenticato|aggiunto|rimosso)|(?:voc[eê]|vc) (?:esqueceu|atualizou)|(?:ты|вы) (?:забыл|обновил|удалил)\\p{L}{0,2})(?!${WORD})[^\\n]*[?？]`,
  'u',
);

/** How much of a turn's opening LEFT_OUT_RE and ACTUALLY_RE read, lower-cased: they match at its start. */
const OPENING_HEAD = 120;

/** Opening words that refuse what the agent took the request to be, read only at the turn's start. */
const OPENING = ['아니[\\s,.]', 'いや[、,\\s]'];

const COMPLAINT_RE = new RegExp(
  `(?<!${WORD})(?:${SPACED.join('|')})(?!${WORD})|${UNSPACED.join('|')}|^\\s*(?:${OPENING.join('|')})`,
  'u',
);

/** The complaint a reacting turn's opening makes, if any (the match, for `--why`). */
export function complaintIn(opening: string): string | undefined {
  const complaint = lowerExec(compiled(COMPLAINT_RE), opening);
  if (complaint !== undefined) return complaint.trim();
  // The question runs to its mark; its first words say what it is.
  const unseen = lowerExec(compiled(UNSEEN_RE), opening);
  if (unseen !== undefined) return unseen.split(/\s+/u).slice(0, 5).join(' ');
  // Read lower-cased, compiled without `i`: under `iu` each `\p{L}` class is compiled with its case closure.
  const leftOut = lowerExec(compiled(LEFT_OUT_RE), opening.slice(0, OPENING_HEAD));
  if (leftOut) return leftOut.trim().split(/\s+/u).slice(0, 3).join(' ');
  // About what the agent delivered: still failing, will not open, looks bad, a rule not followed (version 12).
  return deliveredComplaintIn(opening);
}

/**
 * That the fix or the advice did not work: the person tried what the agent gave and it failed ("I just did
 * it but its not working", "the same error still exists", 여전히 안나오는데, не работает, nie działa). The
 * failed attempt is a second sign beside the steer, as a false claim of success is (version 9).
 */
const FIX_FAILED = [
  "(?:it'?s|its|it is|is|are|still) (?:still )?not working",
  "(?:still|again) (?:doesn'?t|does not|isn'?t|is not|won'?t) work",
  "(?:doesn'?t|does not|didn'?t|did not|don'?t) work",
  '(?:the )?same (?:error|issue|problem)',
  'still (?:fails|failing|broken|the same|getting|seeing)',
  'не (?:работает|помогло|сработало)',
  'та же (?:ошибка|проблема)',
  'nie (?:dzia[lł]a|pomog[lł]o|zadzia[lł]a[lł]o)',
  'ten sam b[lł][aą]d',
  'n[aã]o (?:funciona|funcionou|deu certo|resolveu)',
  'mesmo erro',
  'no (?:funciona|funcion[oó]|sirvi[oó]|se arregl[oó])',
  'mismo error',
  'funktioniert (?:immer noch |noch immer )?nicht',
  '(?:der )?gleiche fehler',
  'v[aẫ]n kh[oô]ng (?:đ[uư][oợ]c|ch[aạ]y)',
  'v[aẫ]n l[oỗ]i',
  // Version 13: read alone after the agent's claim or change, so more of the ways people say it.
  "none of (?:them|it|these|those|the)(?: [\\p{L}']+){0,3} (?:worked|work|changed)",
  '(?:the )?(?:deploy|deployment) (?:still )?(?:failed|fails|is failing|is broken)',
  "(?:still|again) (?:doesn'?t|does not|isn'?t|is not|won'?t|not) (?:show|load|open|appear|change)",
  'sigue sin (?:funcionar|andar|cargar|aparecer|abrir)',
  '(?:todav[ií]a|a[uú]n) no (?:carga|aparece|abre)',
  'ainda (?:n[aã]o|nao) (?:abre|carrega|aparece)',
  'cont[iíu]nua com erro',
  'non (?:funziona|va|ha funzionato|si vede pi[uù]|si vedono pi[uù])',
  'ancora non (?:funziona|va)',
  'stesso errore',
  'm[eê]me erreur',
  '(?:geht|klappt) (?:immer noch |noch immer )?nicht',
  '(?:всё|все) ещё не (?:открывается|загружается)',
  'по-прежнему не открывается',
  '(?:nadal|dalej|wci[aą][zż]) nie wida[cć]',
];
const FIX_FAILED_UNSPACED = [
  '여전히 안',
  '아직도 안',
  '안 ?되는데',
  '같은 (?:에러|오류)',
  '还是不行',
  '還是不行',
  '还是报错',
  '還是報錯',
  '不起作用',
  'まだ動かない',
  '動きません',
  '直っていない',
  '直ってない',
  '同じエラー',
  // Version 13 (read alone after the agent's claim or change).
  '안 ?되는디',
  '안 ?되잖',
  '안 ?되자',
  '수정 ?안 ?(?:됐|된|되)',
  '还是没有?(?:用|效果|变化|反应)',
  '还是一样',
  '依然不行',
  '仍然不行',
  '没有效果',
  '没效果',
  '直らない',
  '変わらない',
  '変わってない',
  '変わっていない',
  '反映されない',
  '反映されていない',
  '反映されません',
  '表示されない',
  '表示されません',
  'になっていません',
  'になっていない',
  'になってない',
];

/**
 * Read on the lower-cased opening without `i`, the word edge before a spaced phrase checked where one
 * matches (lower-match.ts): since version 13 it is read on every reacting turn the agent's claim or change
 * precedes, not only beside a correction.
 */
const FIX_FAILED_RE = new RegExp(
  `(${FIX_FAILED.join('|')})(?!${WORD})|${FIX_FAILED_UNSPACED.join('|')}`,
  'gu',
);

/** The words saying the fix did not work in a reacting turn's opening, if any (for `--why`). */
export function fixFailedIn(opening: string): string | undefined {
  return lowerMatch(compiled(FIX_FAILED_RE), opening);
}

/**
 * Lines of a person's turn that read as an error a tool printed ("Uncaught TypeError: …", "Request failed
 * with status code 401", "ERROR: …", 报错, ошибка): kept, normalised, to tell the same error pasted again
 * after the agent's fix (version 10). A list item ("- Detailed error codes") is a brief's bullet, not output.
 * Written in lower case and read on the lower-cased text without `i`, as the patterns above are (cost round
 * four): V8 then compiles it without the case closure of its letters and runs it without folding case.
 */
const ERROR_LINE_RE =
  /(?:errors?|exceptions?)\b|\b(?:failed|fatal|traceback)\b|err!|status code \d{3}|错误|报错|錯誤|에러|오류|ошибк|エラー|\bb[lł][aą]d\b/u;
const LIST_ITEM_RE = /^\s*(?:[-*•>#]|\d+[.)])\s/u;
const ERROR_LINE_MIN = 20;
const ERROR_LINE_MAX = 400;
const ERROR_LINE_WORDS = 4;
/** A header every traceback prints, whatever the error below it. */
const GENERIC_LINE_RE = /most recent call last/u;
/** Lines of a turn looked at: a pasted log's first lines carry its error. */
const ERROR_LINES_READ = 40;
const DIGITS_RE = /\d+/gu;
const SPACES_RE = /\s+/gu;

/** The error lines of a person's turn, normalised (digits and spacing folded: a re-run prints new times). */
export function errorLinesOf(typed: string): string[] {
  if (typed.length < ERROR_LINE_MIN) return [];
  // Most turns hold no error word at all: one test over the lines read settles them.
  if (!compiled(ERROR_LINE_RE).test(typed.slice(0, ERROR_LINES_READ * ERROR_LINE_MAX).toLowerCase()))
    return [];
  const lines: string[] = [];
  let start = 0;
  for (let n = 0; n < ERROR_LINES_READ && start < typed.length; n++) {
    const end = typed.indexOf('\n', start);
    const line = typed.slice(start, end < 0 ? typed.length : end);
    start = end < 0 ? typed.length : end + 1;
    if (line.length < ERROR_LINE_MIN || line.length > ERROR_LINE_MAX || LIST_ITEM_RE.test(line)) continue;
    const lower = line.toLowerCase();
    if (!ERROR_LINE_RE.test(lower) || GENERIC_LINE_RE.test(lower)) continue;
    const folded = lower.replace(DIGITS_RE, '#').replace(SPACES_RE, ' ').trim();
    // Too few words to tell one error from another ("[Function: AssertionError]").
    if (folded.split(' ').length >= ERROR_LINE_WORDS) lines.push(folded);
  }
  return lines;
}

/**
 * A turn opening with "actually" (na verdade, en realidad, en fait, 其实, 実は): beside a correction or a
 * complaint in the same opening ("na verdade, é na sessão analise de performance, que ainda ta vazia"),
 * the person sets right what the agent took the request to be, and says what is wrong with the result: a
 * second sign (version 13). Alone it steers no more than any request does (docs/gate.md, version 12).
 */
const ACTUALLY_RE =
  /^\s*(?:(?:actually|na verdade|en realidad|en fait|in realt[aà]|eigentlich|на самом деле)(?![\p{L}\p{N}_])|其实|實際上|実は|사실은?)/u;

/** The opening "actually" of a reacting turn, if any (for `--why`), read lower-cased as LEFT_OUT_RE is. */
export function actuallyIn(opening: string): string | undefined {
  return lowerExec(ACTUALLY_RE, opening.slice(0, OPENING_HEAD))?.trim();
}
