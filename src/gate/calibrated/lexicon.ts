/**
 * The calibrated gate's word lists. A person who corrects an agent says so in their own language; these are
 * the phrases that, in a turn reacting to the agent's work, mean "that is wrong / not what I asked / still
 * broken / stop". Latin, Cyrillic and Vietnamese phrases match on word boundaries; Chinese, Japanese, Korean
 * and Thai phrases match as substrings (those scripts put no spaces between words).
 */

import { type WordPattern, wordPattern } from '../signals.js';
import { compiled } from './compiled.js';

const WORD = '[\\p{L}\\p{N}_]';

function bounded(phrases: string[]): string {
  return `(?<!${WORD})(?:${phrases.join('|')})(?!${WORD})`;
}

/** Corrections in scripts that separate words with spaces (apostrophes optional, case ignored). */
const SPACED_CORRECTIONS = [
  // English
  "that'?s not (?:it|right|what)",
  'that is not (?:it|right|what)',
  "(?:that|this|it)'?s? (?:is )?not the (?:issue|problem|point)",
  "(?:this|it) (?:is|'s) not (?:what|right|working)",
  'not what i (?:asked|wanted|meant|said)',
  'wrong',
  'incorrect',
  "(?:doesn'?t|does not|didn'?t|did not|isn'?t|is not|not) work(?:ing|s)?",
  "still (?:not|broken|failing|wrong|the same|doesn'?t|does not|isn'?t|no)",
  'why did you',
  'why are you',
  'i (?:said|told you|asked you|already said)',
  'you (?:broke|missed|forgot|ignored|deleted|removed|changed)',
  "i (?:don'?t|do not|didn'?t|did not) (?:want|ask)",
  'revert',
  'undo',
  'roll ?back',
  // Not a command that stops processes ("stop all e2e task", `docker stop …` quoted back) (version 11).
  '(?<!(?:docker|systemctl|kubectl|service|pm2) )stop(?! all (?:the )?(?:[\\w-]+ )?(?:tasks?|jobs?|runs?|servers?|process(?:es)?|containers?|tests?)\\b)',
  'nope',
  "no,? (?:that|this|it|not|don'?t|you)",
  'i meant',
  // "I mean the height", "I MEAN I ALREADY FORGED IT": the person saying again what they meant; not "i mean
  // it's there, but …", which grants a point before asking on (version 11).
  "i mean(?![,\\s]+(?:it'?s|its|that'?s|thats|it is|that is|yes|yeah|ok|sure)\\b)",
  'what i meant',
  'try again',
  'you are wrong',
  "you'?re wrong",
  'not right',
  'broken',
  // Complaints that the problem is not solved, something was left out, a rule ignored, or the quality
  // falls short: not a plain "wrong", but the person steering the agent back (version 4).
  "(?:doesn'?t|does not|didn'?t|did not) (?:fix|solve|address|pass)",
  // "that didn't correct it", "You didn't answer my question", "there is no such thing as system settings"
  // (version 11)
  "(?:doesn'?t|does not|didn'?t|did not) (?:correct|help)",
  "you (?:didn'?t|did not|haven'?t|have not) (?:answer|reply to|respond to)",
  'there (?:is|are) no such (?:thing|option|setting|file|command|page|button|menu)s?',
  "(?:didn'?t|did not) you (?:forget|miss|read|see)",
  "(?:isn'?t|is not|wasn'?t|was not|not)(?: being)? (?:applied|respected|followed|fixed|solved)",
  'root cause',
  'properly instead',
  "(?:it'?s|its|that'?s|thats|it is|that is) not ?possible",
  "i (?:don'?t|do not|dont) see (?:which|what|where|any)",
  // Not "X should still get its prep event": an instruction (version 6).
  '(?<!(?:should|must|will|would|can|could|to|may|might) )still (?:have|has|get|getting|shows?|see)',
  // A step reported as not done ("the docs have not been updated": the English of 没有更新) and a failure
  // that came back ("crashed again", "the same error", "a recurring problem", misspelt as people type it)
  // (version 5).
  "(?:haven'?t|hasn'?t|have not|has not|wasn'?t|weren'?t|was not|were not|isn'?t|aren'?t|is not|are not) (?:been |yet )?(?:updated|changed|saved|synced|committed|pushed|created|added|removed|deleted|installed|implemented|applied)",
  '(?:crash(?:ed|es|ing)?|fail(?:ed|s|ing)?|broke|breaks|broken|errors?|erroring) again',
  '(?:the )?same (?:error|problem|issue|bug)',
  're-?o?c+ur+ing (?:\\w+ )?(?:problem|issue|error)s?',
  // The work reported as not doing its job in words other than "work" ("does not even open", "not really
  // working", "it is not adding the other part", "still loading the old values"), the agent (or agents)
  // doing something over and over ("you keep getting stuck"), and doubt that it was done ("did you test
  // it?", "are you sure", 你确认…吗) (version 5).
  'not (?:really|even|actually) (?:work(?:ing|s)?|open(?:ing|s)?|start(?:ing|s)?|load(?:ing|s)?|show(?:ing|s)?)',
  "(?:does|do|did)(?:n'?t| not) even",
  "(?:isn'?t|is not|its not|it'?s not|are not|aren'?t) (?:showing|adding|saving|loading|updating|running|opening|accessible|reachable|visible)",
  'still (?:loading|using|showing|running|there|happening|the old|found|present|visible|listed|appearing)',
  '(?:you|it|agents?|they) keeps? (?!going)\\w+ing',
  'did (?:you|u) (?:test|check|verify|run|try|actually|really)',
  'are (?:you|u) sure',
  // Doubt that the fix was made ("Was this fixed in the most recent round of changes??") (version 7).
  '(?:was|is|were|are|has|have) (?:this|that|it|these|those) (?:been |really |actually )?(?:fixed|solved|resolved|addressed)',
  // The person saying again what they asked ("i am asking is the package installed?", "i was asking the
  // inverse question": the English of tôi đang hỏi and 我是说), reporting something absent ("I'm not seeing
  // A/B option"), and pushing back on the quality of writing ("this reads like a robot wrote it", "isn't
  // quite my voice") (version 6).
  "i(?:'?m| am| was) (?:asking|talking about)",
  'my question (?:was|is)',
  "(?:i'?m|i am) not seeing",
  '(?:reads|sounds) like (?:a robot|a machine|an? ai|chatgpt)',
  "(?:isn'?t|is not|not) (?:quite |really )?my (?:voice|style|tone|writing)",
  'makes? me cringe',
  // A request made plainer ("please just check ..."), an assumption about the person's setup corrected
  // ("I'm using Fish as my shell and not bash") (version 6, second round).
  'please just',
  "(?:i'?m|i am|we'?re|we are) (?:using|on|running) [\\p{L}\\p{N} ._-]{1,30}?,? (?:and )?not (?:a |an |the )?\\p{L}+",
  // The person setting a rule for next time after the agent slipped ("record this in the skill", "from now
  // on"; 下次不…, 以后别…) (version 6). Not "going forward", which opens plans, nor (version 11) "for future
  // reference": "I want this to be added to persistent memory … for future reference" is an instruction.
  '(?:record|note|add|write|put|save) (?:this|that|it) (?:in|to|into) (?:the |your )?(?:skill|memory|claude\\.md|rules?)',
  'from now on',
  // German
  'nein',
  'falsch',
  'stimmt nicht',
  'funktioniert (?:immer noch )?nicht',
  'geht (?:immer noch )?nicht',
  'immer noch nicht',
  'rückgängig',
  'hör auf',
  'das (?:ist|war) nicht',
  'nicht das',
  // French
  "c'est faux",
  "ce n'est pas",
  'ne (?:marche|fonctionne) (?:toujours )?pas',
  'toujours pas',
  'pas ça',
  'annule',
  'arrête',
  "je (?:t'ai|vous ai) dit",
  // French: the thing made gives no answer ("lisa ne répond pas", "pas de réponse", "je ne reçois rien")
  // (version 11)
  'ne r[ée]pond (?:toujours )?pas',
  'pas de r[ée]ponse',
  'je ne re[çc]ois rien',
  'un gros probl[èe]me',
  // Italian (version 11)
  'non funziona',
  'non va',
  'sbagliat[oaie]',
  'ancora non',
  "non (?:è|e'|era) (?:quello|questo|giusto|corretto)",
  'ti (?:ho|avevo) detto',
  'non avevamo detto',
  'non ho capito',
  'manca(?:no)?',
  'non passa',
  // Spanish
  'incorrecto',
  'est[aá] mal',
  'no funciona',
  // "gh no esta instalado" after the agent said it was, "lo de openssl no me va", "pero digo dispatch …"
  // (version 11)
  'no est[aá] instalad[oa]',
  'no me (?:va|funciona|sirve|anda)',
  'pero digo',
  'sigue sin',
  'todav[ií]a no (?:funciona|sale|cambia|se ve|va|anda|carga)',
  'eso no',
  'no es (?:eso|lo que)',
  'te dije',
  'deshaz',
  'det[eé]n(?:te)?',
  // Portuguese
  'errado',
  'n[aã]o funciona',
  'n[aã]o est[aá] instalad[oa]',
  'ainda n[aã]o (?:funciona|deu|foi|resolveu|mudou|carrega|aparece)',
  'n[aã]o (?:era|é) isso',
  'isso n[aã]o',
  'eu (?:disse|falei)',
  'desfa[zç]',
  'pare',
  // Russian
  'нет',
  'неправильно',
  'не так',
  'не работает',
  'вс[её] ещ[её]',
  'отмени',
  'верни',
  'стоп',
  'я же (?:сказал|просил)',
  'не то',
  'другой способ',
  // Vietnamese
  'ý tôi là',
  'không phải',
  'ko phải',
  'chứ (?:ko|không) phải',
  'sai rồi',
  'vẫn (?:không|ko|chưa)',
  'mở nhầm',
  'nhầm rồi',
  'tôi đang hỏi',
];

/** Corrections in scripts without spaces between words: Chinese (simplified, traditional), Japanese, Korean, Thai. */
const UNSPACED_CORRECTIONS = [
  // Chinese (不对 not inside 对不对, "right or not?", a question)
  '(?<![对對])不[对對](?![劲勁])',
  '错了',
  '錯了',
  '不是这样',
  '不是這樣',
  '不是我要',
  '不是我想',
  '我的意思是',
  '我是说',
  '我是說',
  '我就是想',
  // "不是让你自己写skill啊": I did not ask you to (version 11)
  '不是让你',
  '不是讓你',
  '不是叫你',
  // "我希望你直接给我数据，而不是给我生成代码": what the person wants, set against what the agent did; a bare
  // 而不是 (rather than) also explains the person's own reasons (version 11)
  '(?:我希望你|我要你|我想要你|我说的是|我說的是|我是要|我是想)[^。！？?!]{0,40}而不是',
  '还是不行',
  '還是不行',
  // "the analysis has gone wrong" (version 10; a bare 出问题 also opens instructions: "出问题就…")
  '出问题了',
  '出問題了',
  '还是不对',
  '還是不對',
  '还是没',
  '還是沒',
  '并没有',
  '並沒有',
  '没有实现',
  '沒有實現',
  '没反应',
  '沒反應',
  '不通',
  '没用',
  '沒用',
  '先别',
  '先別',
  '别动',
  '別動',
  '你确定',
  '你確定',
  '你确认',
  '你確認',
  '为什么你',
  '為什麼你',
  '你为什么',
  '你為什麼',
  '撤销',
  '撤銷',
  '回滚',
  '回滾',
  '效果还是',
  '效果還是',
  '不是应该',
  '不是應該',
  '搞错',
  '搞錯',
  '弄错',
  '弄錯',
  '怎么又',
  '怎麼又',
  // "why didn't you ...", "not updated", "you forgot / left out": the problem not solved, a step skipped
  '为啥[^，。？?！!]{0,10}没',
  '为什么[^，。？?！!]{0,10}没',
  '為什麼[^，。？?！!]{0,10}沒',
  '为何[^，。？?！!]{0,10}没',
  '没有更新',
  '沒有更新',
  '没更新',
  '沒更新',
  '你忘了',
  '漏了',
  // "the analysis above is wrong" (version 6)
  '有误',
  '有誤',
  '不正确',
  '不正確',
  // "… does not exist" about what the agent listed (version 6, second round)
  '是没有的',
  '下次不',
  '下次别',
  '下次別',
  '以后不',
  '以后别',
  '以後不',
  '以後別',
  // Japanese
  '違う',
  'ちがう',
  '違います',
  'そうじゃない',
  'そうではない',
  '間違',
  '元に戻',
  'やめて',
  '動かない',
  'うまくいかない',
  // "うまく動作していないです", "反映されていない": it does not work, the change did not take (version 11)
  '動作していない',
  '動作しない',
  '動いていない',
  '動いてない',
  'うまく(?:動作|動い|機能|反映|表示|いって)[^、。]{0,4}(?:いない|ない|ません)',
  '反映されていない',
  '反映されてない',
  '変わっていない',
  '変わってない',
  '直ってない',
  '直っていない',
  'じゃなくて',
  'ではなくて',
  '言ったのに',
  // Korean
  '아니요',
  '아니야',
  '아니라',
  '틀렸',
  '잘못',
  '그게 아니',
  '안 돼',
  '안돼',
  '작동하지 않',
  '여전히',
  '되돌려',
  '하지 마',
  // Thai
  'ไม่ใช่',
  'ผิด',
  'ยังไม่ได้',
  'ไม่ทำงาน',
];

/**
 * The person forbidding what the agent was doing ("please don't invent extra tags", "dont clone it"), read
 * only in the redirect after an interrupt or a refused call: there the agent had just done it. Anywhere
 * else "don't ..." is as often an instruction given ahead ("don't touch the code yet") (version 6).
 */
export const PROHIBITION_RE = /^(?:please |pls |no,? |and )?(?:don'?t|do not|dont|never)(?![\p{L}\p{N}_])/iu;

/**
 * The person laying down a rule about what the agent was doing ("all handoffs must be written in a local
 * tmp directory", 必须, 一定要), read, like PROHIBITION_RE, only in the redirect after an interrupt or a
 * refused call: there it answers what the agent had just done. "never" is left out: in a redirect it is as
 * often a fact ("a new blog post never checked in before") (version 7).
 */
export const RULE_RE = /(?<![\p{L}\p{N}_])(?:must|always)(?![\p{L}\p{N}_])|必须|必須|一定要/iu;

/**
 * A correction that asks for the lesson to be kept ("Record this in the skill", "add this to your memory",
 * 下次不再犯, 以后别): the person does not only steer the agent back but makes sure the slip is not
 * repeated, and these words name a slip that happened. Read only in a turn that already holds a correction
 * phrase (these are among them), where it counts twice. "From now on" stays a steer: it also opens
 * standing instructions ("From now on, post them at nine") (version 7).
 */
export const LESSON_RE =
  /(?<![\p{L}\p{N}_])(?:record|note|add|write|put|save) (?:this|that|it) (?:in|to|into) (?:the |your )?(?:skill|memory|claude\.md|rules?)(?![\p{L}\p{N}_])|下次不|下次别|下次別|以后不|以后别|以後不|以後別/iu;

/**
 * A turn that opens by objecting and asks ("but the location was in bs_thesis_low_light?", 但是…？): the
 * person challenging what the agent just said or did. The whole opening line must be the objection (it
 * starts with "but" and holds the question mark). Korean (근데 …?) is left out: its form was seen in the
 * fresh3 checking split while labelling it, which must stay blind (version 7).
 */
export const CHALLENGE_RE =
  /^(?:but|aber|mais|pero|mas|но)(?![\p{L}\p{N}_])[^\n]*[?？]|^(?:但是|可是|でも|근데|그런데|하지만)[^\n]*[?？]/iu;

/**
 * A turn that opens with "no" said twice ("no no, in dotfiles, there is a lua script", "No no no, … DO NOT
 * SHOULD BE MODIFY", não não, нет нет, 不不): the person stopping the agent's course outright, a rejection
 * (version 10). Read only at the turn's start: a single "no" answers a question as often ("no - leave it
 * with local agents", a smooth dev session), and inside a sentence the words negate something else.
 */
const DOUBLED_NO =
  '^\\s*(?:(?:no+|nope|n[aã]o|нет|nein|non|nie|không|ko)[\\s,.!]+(?:no+|nope|n[aã]o|нет|nein|non|nie|không|ko)(?![\\p{L}\\p{N}_])|不不|不是不是|いやいや|아니 ?아니)';

export const CORRECTION_RE = new RegExp(
  `${bounded(SPACED_CORRECTIONS)}|${UNSPACED_CORRECTIONS.join('|')}|${DOUBLED_NO}`,
  'iu',
);

/**
 * The strongest corrections: the person rejects what the agent did or said outright ("that's wrong", "that's
 * not what I asked", "revert that", "不对", "違う") rather than steering it ("I meant", "try again", "still not
 * working", "why did you"). One of these weighs as much as a correction and a second signal (see machine.ts).
 * A subset of CORRECTION_RE, read in the same place (the opening of a reacting turn).
 */
const SPACED_REJECTIONS = [
  // English
  "that'?s not (?:it|right|what)",
  'that is not (?:it|right|what)',
  "(?:that|this|it)'?s? (?:is )?not the (?:issue|problem|point)",
  "(?:this|it) (?:is|'s) not (?:what|right)",
  'not what i (?:asked|wanted|meant|said)',
  "i (?:didn'?t|did not) (?:want|ask)",
  "(?:that'?s|that is|this is|it'?s|it is|you'?re|you are|all|completely|totally|fundamentally) wrong",
  'incorrect',
  'revert',
  'undo',
  'roll ?back',
  'not right',
  // The writing rejected as a whole ("this reads like a robot wrote it", "make me cringe"): not a steer
  // on a word but the draft thrown back (version 7).
  '(?:reads|sounds) like (?:a robot|a machine|an? ai|chatgpt)',
  'makes? me cringe',
  // German, French, Spanish, Portuguese, Russian, Vietnamese
  'falsch',
  'stimmt nicht',
  'rückgängig',
  "c'est faux",
  'pas ça',
  'annule',
  'incorrecto',
  'est[aá] mal',
  'no es (?:eso|lo que)',
  'deshaz',
  'errado',
  'n[aã]o (?:era|é) isso',
  'desfa[zç]',
  'неправильно',
  'не так',
  'отмени',
  'sai rồi',
  'nhầm rồi',
  'chứ (?:ko|không) phải',
];

/** Rejections in scripts without spaces. 不对 not inside 对不对 ("right or not?", a question). */
const UNSPACED_REJECTIONS = [
  '(?<![对對])不[对對](?![劲勁])',
  '错了',
  '錯了',
  '不是这样',
  '不是這樣',
  '不是我要',
  '不是我想',
  '搞错',
  '搞錯',
  '弄错',
  '弄錯',
  '撤销',
  '撤銷',
  '回滚',
  '回滾',
  '有误',
  '有誤',
  '不正确',
  '不正確',
  '違う',
  'ちがう',
  '違います',
  'そうじゃない',
  'そうではない',
  '間違',
  '元に戻',
  '틀렸',
  '그게 아니',
  '되돌려',
  'ไม่ใช่',
];

export const REJECTION_RE = new RegExp(
  `${bounded(SPACED_REJECTIONS)}|${UNSPACED_REJECTIONS.join('|')}|${DOUBLED_NO}`,
  'iu',
);

/**
 * A human turn that only tells the agent to carry on (after an interrupt, a pause, a provider error): never
 * a correction, never a terse disengaged follow-up.
 */
const CONTINUATIONS = [
  'continue',
  'go',
  'go on',
  'go ahead',
  'keep going',
  'proceed',
  'resume',
  'carry on',
  'yes',
  'ok',
  'okay',
  'c',
  'jixu',
  'weiter',
  'mach weiter',
  'continuer',
  'continue',
  'continúa',
  'continua',
  'sigue',
  'prossiga',
  'продолжай',
  'дальше',
  'tiếp tục',
  'tiếp',
  '继续',
  '繼續',
  '继续吧',
  '繼續吧',
  '好',
  '好的',
  '可以',
  '続けて',
  '続行',
  '계속',
  '계속해',
  'ต่อ',
  'ไปต่อ',
  'ทำต่อ',
  'ต่อเลย',
  'continue implementation',
  'continue implementing',
  'continue with the implementation',
  'continue the implementation',
];
const CONTINUATION_SET = new Set(CONTINUATIONS);
const LONGEST_CONTINUATION = Math.max(...CONTINUATIONS.map((phrase) => phrase.length));

/** Whether a whole human turn is just "carry on", in any listed language (punctuation and case ignored). */
export function isContinuation(text: string): boolean {
  const trimmed = text.trim();
  // The edges are stripped by a scan, not by `/[…]+$/`: that regex tries every start in a long run of
  // white space and punctuation to its end, which is quadratic (minutes for a few MB of spaces).
  let start = 0;
  let end = trimmed.length;
  while (end > start && isEdge(trimmed[end - 1]!)) end--;
  while (start < end && isEdge(trimmed[start]!)) start++;
  // Every continuation is a few words: a longer text is not one (and is not lower-cased for nothing).
  if (end - start > LONGEST_CONTINUATION) return false;
  return CONTINUATION_SET.has(trimmed.slice(start, end).toLowerCase());
}

const EDGE_RE = /[\s.,!?。！？、~～…]/u;
const isEdge = (char: string) => EDGE_RE.test(char);

/**
 * The agent conceding it was corrected, at the start of its reply to a person ("You're right", "你说得对",
 * "I was wrong", "I see the issue"), in the T and V forms of each language: the agent's reading of the
 * person's turn as a correction. The turn it answers counts as S1 (not the opening request: nothing had
 * been done to correct).
 */
export const CONCESSION_RE = new RegExp(
  [
    bounded([
      "you'?re (?:absolutely |completely )?(?:right|correct)",
      'you are (?:absolutely |completely )?(?:right|correct)',
      'i was wrong',
      'i misunderstood',
      'my (?:mistake|bad|apologies)',
      'i apologi[sz]e',
      'sorry,? (?:i|my|that|for)',
      'good catch',
      'du hast recht',
      'sie haben recht',
      'tu as raison',
      'vous avez raison',
      'tienes razón',
      'tiene razón',
      'tenés razón',
      'você tem razão',
      'tens razão',
      'вы правы',
      'ты прав(?:а)?',
      'bạn nói đúng',
      'xin lỗi',
      // The agent finding the fault the person came back with ("I see the issue - the script ...") (version 5).
      'i see the (?:issue|problem|bug|glitch)',
    ]),
    '你说得对',
    '你說得對',
    '您说得对',
    '你说的对',
    '你說的對',
    '抱歉',
    '对不起',
    '對不起',
    'おっしゃる通り',
    '申し訳',
    'すみません',
    '죄송',
    '맞습니다',
  ].join('|'),
  'iu',
);

/**
 * The agent saying, in its reply, that it cannot do what was asked ("I don't have access to your files",
 * "No tengo acceso", "我无法访问"). When the person then presses on, the session did not go as asked.
 */
export const DECLINE_RE = new RegExp(
  [
    bounded([
      "i (?:don'?t|do not) have (?:direct )?access",
      "i (?:can'?t|cannot|am unable to|'m unable to) (?:access|read|open|reach|see|browse|download)",
      "i(?:'m| am) not able to (?:access|read|open|reach|see|browse|download)",
      'no tengo acceso',
      'no puedo (?:acceder|leer|abrir|ver|descargar)',
      'não tenho acesso',
      'não consigo (?:acessar|ler|abrir|ver|baixar)',
      "je n'ai pas accès",
      'je ne peux pas (?:accéder|lire|ouvrir|voir|télécharger)',
      'ich habe keinen zugriff',
      'ich kann nicht (?:auf|zugreifen|lesen|öffnen)',
      'у меня нет доступа',
      'я не (?:могу|умею) (?:скачивать|скачать|открыть|прочитать|получить доступ)',
      'не умею',
      'tôi không (?:thể|có quyền) truy cập',
    ]),
    '无法访问',
    '無法訪問',
    '无法读取',
    '無法讀取',
    '没有权限访问',
    'アクセスできません',
    '접근할 수 없',
  ].join('|'),
  'iu',
);

/**
 * The agent saying the work is done ("Done.", "Fixed", "should now work", "✅", "已修复"; "All fixes have been
 * applied" and "are now live" since version 13), at the opening or
 * the close of its text: a correction right after such a claim catches work reported done that was not.
 */
const CLAIM_RE =
  /(?<!\p{L})(?:done|fixed|all set|now works|is now working|should now work|should work now|works now|successfully|resolved|(?:have|has) been (?:applied|implemented)|(?:is|are) now live|pronto|conclu[ií]d[oa]|foi (?:atualizad|corrigid|configurad|criad|instalad|adicionad)[oa]|est[aá] funcionando|listo|ya funciona|corregid[oa]|готово|исправлено|erledigt|behoben|termin[ée]|corrig[ée]|đã sửa|xong)(?!\p{L})|✅|已修复|已修復|已完成|修复完成|完成了|搞定|완료|수정했습니다|完了しました|修正しました/iu;
/** How much of the text's opening and close is read for a claim: the agent reports there. */
const CLAIM_HEAD = 120;
const CLAIM_TAIL = 300;

/**
 * CLAIM_RE compiled without `i` and read on the lower-cased opening and close: its words are in lower case,
 * and under `iu` V8 builds the case closure of every letter of a pattern when it compiles it.
 */
const LOWER_CLAIM_RE = new RegExp(CLAIM_RE.source, 'u');

export function claimsDone(text: string): boolean {
  return (
    compiled(LOWER_CLAIM_RE).test(text.slice(0, CLAIM_HEAD).toLowerCase()) ||
    LOWER_CLAIM_RE.test(text.slice(-CLAIM_TAIL).toLowerCase())
  );
}

const RETRY_PHRASES = [
  'let me try again',
  'let me try a different',
  "that didn'?t work",
  'actually,? let me',
  'sorry,? let me',
  'my mistake',
];

/** The seed's S4 retry phrases less `i'?ll try`, which in real sessions opens ordinary plans ("I'll try the API first"). */
export const RETRY_RE = new RegExp(bounded(RETRY_PHRASES), 'giu');

/**
 * RETRY_RE for countWordMatches (signals.ts), the same count: its phrases found by a literal search, the
 * pattern with its Unicode word edges tried only where one starts, rather than its look-behind's class at
 * every position of a reply (a call into the engine's range check per character of a two-byte text).
 */
export const RETRY_PATTERN: WordPattern = wordPattern(RETRY_RE, RETRY_PHRASES.join('|'));
