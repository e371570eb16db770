/**
 * What a person's message says about the agent's last attempt, in English and in the languages real
 * sessions use (zh, ja, ko, de, fr, es, pt, ru). Chinese, Japanese and Korean have no spaces, so their
 * phrases are matched without word boundaries.
 */
export type CorrectionKind =
  /** The fix did not work: "still broken", "依旧不行", "immer noch". */
  | 'not-fixed'
  /** A plain no: "no, that's wrong", "不对", "違う". */
  | 'wrong'
  /** Undo or stay within bounds: "revert that", "don't touch", "不要", "戻して". */
  | 'scope'
  /** An instruction given before was not followed: "I said", "我说过". */
  | 'ignored'
  /** The agent claimed a result without checking it: "did you run it?", "prove it". */
  | 'verify'
  /** The agent left the work to the user: "why won't you run it?", "run it yourself". */
  | 'handed-back';

const NOT_FIXED = new RegExp(
  [
    String.raw`\bstill\b(?:\s+\S+){0,3}?\s+(?:not|no|broken|fail\w*|error\w*|wrong|the same|same|blank|empty|missing|there|shows?|see|seeing|get|getting|happen\w*|crash\w*|slow|short|off|white|black)\b`,
    String.raw`\bstill (?:doesn'?t|don'?t|isn'?t|won'?t|can'?t|didn'?t)\b`,
    String.raw`\b(?:does|did|is|was)(?:n'?t| not) work`,
    String.raw`\b(?:doesn'?t|didn'?t) (?:work|change|fix|help)\b`,
    String.raw`\bnot (?:working|fixed|showing|loading|running)\b`,
    String.raw`\b(?:won'?t|doesn'?t|does not|didn'?t|can'?t|cannot|isn'?t) (?:run|start|open|load|launch|appear|show|render|build|compile|connect)\b`,
    String.raw`\b(?:is|are|it'?s|its) (?:still )?(?:broken|blank|empty)\b`,
    String.raw`\bI (?:still )?(?:don'?t|do not|can'?t|cannot) see (?:it|them|any|the|anything)\b`,
    String.raw`\bno (?:change|difference|luck)\b`,
    String.raw`\bnothing (?:changed|happens|happened)\b`,
    String.raw`\bsame (?:error|issue|problem|result|thing) (?:again|as before)\b`,
    String.raw`\b(?:broken|failing|fails|wrong|short) again\b`,
    String.raw`\b(?:getting|got|even|looks?|is|it'?s) worse\b`,
    '还是(?:不|没|一样|有问题|报错|错|老样子)',
    '依旧|依然(?:不|没)|仍然(?:不|没)|没(?:有)?变化|没反应|没有效果|不起作用|又(?:报错|出错|坏)',
    'まだ(?:動|直|エラー|同じ|変わ)|動かない|直ってない|直っていない|変わらない|同じエラー',
    '아직(?:도)?\\s*(?:안|오류|에러|그대로)|여전히|안\\s*돼|작동하지\\s*않|변화가\\s*없',
    'immer noch|funktioniert (?:immer noch )?nicht|geht (?:immer noch )?nicht|klappt (?:immer noch )?nicht',
    'toujours pas|ne (?:marche|fonctionne) (?:toujours )?pas|même erreur',
    'sigue sin|todavía no|aún no|no funciona|sigue (?:fallando|igual|roto)|mismo error',
    'ainda não|não funciona|continua (?:sem|falhando|igual|quebrado)|mesmo erro',
    'всё ещё|все еще|до сих пор|не работает|та же ошибка|снова (?:не|ошибка)',
  ].join('|'),
  'iu',
);

const WRONG = new RegExp(
  [
    String.raw`^\s*(?:no|nope|nah|wrong|incorrect)\b(?![ ,]+(?:problem|worries|need|thanks|rush|pressure)\b)`,
    String.raw`\bthat'?s (?:not (?:it|right|what|correct|the)|wrong|incorrect)\b`,
    String.raw`\bnot what I (?:asked|wanted|meant|said)\b`,
    String.raw`\b(?:this|that|it) is wrong\b`,
    String.raw`\byou(?:'re| are) wrong\b`,
    String.raw`\bwrong (?:file|place|one|approach|direction|thing|repo|folder|branch)\b`,
    '不是(?:我|这|那|要|想)|不对|错了|搞错|不是这样',
    '違う|違います|そうじゃない|ちがう',
    '아니(?:요|야|에요|라)|틀렸|틀려|그게\\s*아니',
    String.raw`^\s*nein\b|\bfalsch\b|das ist nicht|nicht das`,
    String.raw`^\s*non\b|c'est faux|pas ça|ce n'est pas (?:ça|ce que)`,
    String.raw`^\s*no,|eso no|incorrecto|no es (?:eso|lo que)`,
    String.raw`^\s*não,|\berrado\b|não é (?:isso|o que)`,
    String.raw`^\s*нет\b|не то|неправильно|неверно`,
  ].join('|'),
  'iu',
);

/** Undo requests: the clearest sign that a change went further than asked. */
export const UNDO = new RegExp(
  [
    String.raw`\b(?:revert|undo|roll ?back|put (?:it|that|them) back)\b`,
    '回滚|回退|撤销|撤回|恢复(?:原|之前|回)',
    '戻して|元に戻',
    '되돌려|원래대로',
    'rückgängig|mach(?:e)? (?:das|es) rückgängig',
    String.raw`\bannule|\bremets`,
    String.raw`\bdeshaz|\brevierte`,
    String.raw`\bdesfa(?:z|ça)|\breverta`,
    'откати|верни',
  ].join('|'),
  'iu',
);

const SCOPE = new RegExp(
  [
    UNDO.source,
    String.raw`\b(?:don'?t|do not|never) (?:touch|change|modify|edit|add|remove|delete|rewrite|refactor|create|rename|move|use|give|make|run|commit|push|install)\b`,
    String.raw`\bleave (?:it|that|this|them|\w+) (?:alone|as is|as it was)\b`,
    String.raw`^\s*stop\b|\bstop (?:doing|changing|adding|editing|it|that)\b`,
    String.raw`\bonly (?:change|touch|edit|fix|modify)\b`,
    String.raw`\bwhy did you (?:change|touch|delete|remove|add|modify|rewrite|create|edit)\b`,
    '不要|别(?:改|动|加|删|再|碰)|只(?:改|读取|需要改|要改|修改)|为什么(?:改|删|动)了',
    'しないで|やめて|触らないで|だけ(?:変更|修正)して',
    '하지\\s*마|건드리지',
    'nicht (?:ändern|anfassen)|mach das nicht|lass (?:das|es) (?:so|sein)',
    'ne (?:touche|change|modifie) pas',
    'no (?:toques|cambies|hagas|modifiques)',
    'não (?:mexa|mude|altere|faça)',
    'не (?:трогай|меняй|надо|делай)',
  ].join('|'),
  'iu',
);

const IGNORED = new RegExp(
  [
    String.raw`\bI (?:already |just |clearly )?(?:said|told you)\b`,
    String.raw`\b(?:as|like) I (?:said|told you|mentioned)\b`,
    String.raw`\bI'?ve (?:already )?(?:said|told you)\b`,
    String.raw`\bread (?:my|the) (?:message|instructions?|prompt) again\b`,
    '我(?:已经|刚才|刚刚|都)?(?:说|讲)(?:了|过)|我不是说|跟你说过|我要求的是',
    '言ったでしょ|言いました|言ったよね|って言った',
    '말했잖아|말했(?:는데|어요)|얘기했잖',
    'hab(?:e)? (?:doch |schon |bereits )?gesagt|wie (?:schon )?gesagt',
    "j'ai (?:déjà )?dit|comme je l'ai dit",
    '(?:ya )?te dije|como (?:ya )?dije',
    'eu (?:já )?disse|como eu disse|já falei',
    'я же (?:сказал|говорил)|я (?:уже )?сказал|как я (?:сказал|говорил)',
  ].join('|'),
  'iu',
);

const HANDED_BACK = new RegExp(
  [
    String.raw`\bwhy (?:won'?t|don'?t|didn'?t|can'?t) you (?:just )?(?:run|do|test|try|check|execute)\b`,
    String.raw`\b(?:can you just|just) (?:run|do|test|try) it\b`,
    String.raw`\b(?:run|test|check|do) it yourself\b`,
    String.raw`^\s*(?:no,? )?you (?:can )?(?:run|do) it\b`,
    String.raw`\b(?:do|run|fix|figure (?:it |this )?out|restart|test|check|try)\b[^.?!\n]{0,60}\byourself\b`,
    '你(?:自己)?(?:来|去)?(?:运行|执行|测试)一?下|你自己(?:运行|执行|测试|跑)',
    '自分で(?:実行|テスト)して',
    '직접\\s*(?:실행|테스트)해',
    'führ(?:e)? (?:es|das) selbst aus',
    'lance-le toi-même',
    'ejecútalo tú',
    'rode você mesmo',
    'запусти сам',
  ].join('|'),
  'iu',
);

const VERIFY = new RegExp(
  [
    String.raw`\bprove it\b`,
    String.raw`\bdid you (?:actually |even )?(?:run|test|check|try|verify)\b`,
    String.raw`\bhave you (?:actually )?(?:run|tested|checked|verified|tried)\b`,
    String.raw`\band the tests\b`,
    String.raw`\bdouble[- ]check (?:your|the|it)\b`,
    '自己测试|你测试过|你(?:跑|试)过|测试过了?吗',
    'テストしました\\s*か|実行しました\\s*か',
    '테스트\\s*해\\s*봤',
    'hast du (?:es |das )?(?:getestet|ausgeführt|geprüft)',
    'as-tu (?:testé|lancé|vérifié)',
    'lo (?:probaste|ejecutaste)|¿probaste',
    'você (?:testou|rodou|executou)',
    'ты (?:проверил|запускал|тестировал)',
  ].join('|'),
  'iu',
);

const KINDS: readonly [CorrectionKind, RegExp][] = [
  ['ignored', IGNORED],
  ['not-fixed', NOT_FIXED],
  ['verify', VERIFY],
  ['handed-back', HANDED_BACK],
  ['scope', SCOPE],
  ['wrong', WRONG],
];

/** Corrections open a message; a long paste after them (a log, a file) is not read for them. */
const HEAD_CHARS = 400;

/** The kinds of correction a human turn makes, strongest first, with the pattern that matched each. */
export function correctionsIn(text: string): { kind: CorrectionKind; pattern: RegExp }[] {
  // Slice first (a code point is at most two units), so a long paste is not split into characters whole.
  const head = Array.from(text.slice(0, HEAD_CHARS * 2))
    .slice(0, HEAD_CHARS)
    .join('');
  return KINDS.filter(([, re]) => re.test(head)).map(([kind, pattern]) => ({ kind, pattern }));
}
