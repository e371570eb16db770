/**
 * Complaints that the work is not what was asked, in words no correction phrase holds (version 8, second
 * round, tuned on dev4): that something was left empty, that the result is not the same as what it should
 * copy, that it will not do what it should, and, as a question, that the person cannot see what the agent
 * said it made; and an opening "no" (아니 …, いや、…) refusing what the agent took the request to be. Read
 * where correction phrases are read (the opening line of a reacting turn, or the redirect after an
 * interrupt or a refusal), in the languages the gate reads; Portuguese and Spanish also without accents, as
 * people type them. Opening words are read only at the start of the turn: inside a sentence they negate
 * something else. "No, I want …", "it's not the cause" and "you should already have …" were measured and
 * left out (docs/gate.md, version 8, second round).
 */
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
  '(?:est[aá]|ficou|ficaram|est[aã]o) (?:vazi[oa]s?|em branco)',
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
];

/**
 * Asking where the thing the agent made is ("I don't see the spec in the openspec directory?", 没看到…？):
 * only as a question. Stated flatly ("i dont see it in the repo") it is as often the person looking, then
 * finding it (a smooth dev session).
 */
const UNSEEN_RE = new RegExp(
  `(?:(?<!${WORD})(?:i (?:don'?t|do not|dont|can'?t|cannot) see (?:the|my|it|them|your|that|this)|n[aã]o (?:vejo|estou vendo)|no veo|не вижу|nie widz[eę])(?!${WORD})|没看到|沒看到|見当たらない)[^\n]*[?？]`,
  'iu',
);

/** Opening words that refuse what the agent took the request to be, read only at the turn's start. */
const OPENING = ['아니[\\s,.]', 'いや[、,\\s]'];

const COMPLAINT_RE = new RegExp(
  `(?<!${WORD})(?:${SPACED.join('|')})(?!${WORD})|${UNSPACED.join('|')}|^\\s*(?:${OPENING.join('|')})`,
  'iu',
);

/** The complaint a reacting turn's opening makes, if any (the match, for `--why`). */
export function complaintIn(opening: string): string | undefined {
  const complaint = COMPLAINT_RE.exec(opening);
  if (complaint) return complaint[0].trim();
  // The question runs to its mark; its first words say what it is.
  const unseen = UNSEEN_RE.exec(opening);
  return unseen ? unseen[0].split(/\s+/u).slice(0, 5).join(' ') : undefined;
}
