/**
 * Complaints about what the agent delivered, in words neither the correction phrases nor version 8's
 * complaints hold (version 12): that the error or the blank screen is still there ("continua com erro",
 * "sigue dando error"), that the page the agent made will not open or load (无法打开, "can't open the
 * page"), that its figures are not accurate (数据不准确), pushback on how the result looks ("that looks
 * awful", "ficou feio", 太丑), that the agent did not follow a rule or use what it was given (为什么没有按照,
 * "why didn't you use …"), and that it made something up ("os prazos vc inventou", "you made that up").
 * Read where complaints are read (the opening of a reacting turn, or the redirect after an interrupt or a
 * refusal), so a person describing a bug in their opening request is not read. Portuguese and Spanish also
 * without accents, as people type them. docs/gate.md, version 12, says what each list found and cost.
 */
import { compiled } from './compiled.js';
import { lowerMatch, WORD } from './lower-match.js';

/** Each kind's phrases on word edges (Latin and Cyrillic scripts), and without them (CJK). */
const KINDS: Record<string, { spaced: string[]; unspaced: string[] }> = {
  // The error or the empty screen is still there after the agent's fix.
  stillThere: {
    spaced: [
      'cont[ií]nua (?:com|dando|a dar) (?:o |os |um )?(?:erros?|problemas?)',
      'cont[ií]nua (?:em branco|vazi[oa]|quebrad[oa]|sem funcionar|travad[oa])',
      'sigue (?:con|dando) (?:el |los |un )?(?:errore?s?|problemas?)',
      'sigue (?:en blanco|vac[ií][oa]|rot[oa]|igual)',
      'still (?:blank|erroring|crashing|errors?|giving (?:the |an? )?error)',
      'toujours (?:vide|en erreur|cass[ée]e?|la m[eê]me erreur)',
      'всё ещё (?:ошибка|не работает|пусто)',
    ],
    unspaced: [
      '还是空白',
      '还是白屏',
      '依然报错',
      '仍然报错',
      '依旧报错',
      'まだエラー',
      '여전히 에러',
      '여전히 오류',
    ],
  },
  // The page or app the agent made will not open or load.
  wontOpen: {
    spaced: [
      "(?:can'?t|cannot|couldn'?t|unable to) (?:open|load|access|reach) (?:the |this |that |your )?(?:page|site|website|url|link|app|dashboard)",
      "(?:page|site|website|app|dashboard) (?:doesn'?t|does not|won'?t|will not|didn'?t|did not) (?:open|load)",
      'n[aã]o (?:abre|carrega|consigo abrir|consigo acessar)',
      'no (?:abre|carga|puedo abrir|puedo acceder)',
      'не (?:открывается|загружается)',
    ],
    unspaced: [
      '无法打开',
      '無法打開',
      '打不开',
      '打不開',
      '加载失败',
      '載入失敗',
      '開けない',
      '開かない',
      '안 ?열려',
      '열리지 않',
    ],
  },
  // The figures it shows are not accurate.
  inaccurate: {
    spaced: [
      '(?:is|are|looks?|data|numbers?|figures?) (?:not accurate|inaccurate)',
      'dados (?:errados|incorretos)',
      'datos (?:incorrectos|err[oó]neos)',
    ],
    unspaced: ['不准确', '不準確', '数据不对', '數據不對'],
  },
  // Pushback on how the result looks.
  looksBad: {
    spaced: [
      '(?:looks?|looking) (?:awful|terrible|horrible|ugly|hideous|broken|like (?:shit|crap|garbage|trash|a mess))',
      'deformed',
      '(?:ficou|est[aá]|t[aá]) (?:feio|feia|horr[ií]vel|p[eé]ssim[oa])',
      '(?:se ve|queda|qued[oó]) (?:fe[oa]|horrible|fatal)',
      "c'est (?:moche|horrible|affreux)",
      'fa schifo',
    ],
    unspaced: ['很丑', '太丑', '好丑', '难看', '難看', 'ダサい', '못생겼'],
  },
  // A rule the person gave, or a thing they pointed to, that the agent did not follow or use.
  notFollowed: {
    spaced: [
      "why (?:didn'?t|did not|don'?t|do not|aren'?t|are not) you (?:follow|use|using|read|check)",
      "you (?:didn'?t|did not) follow",
      'por ?qu?e (?:voc[eê] |vc )?n[aã]o (?:usou|seguiu|leu|est[aá] usando)',
      'por ?qu[eé] no (?:usaste|seguiste|le[ií]ste|est[aá]s usando)',
      'почему (?:ты )?не (?:использовал|следуешь|прочитал)',
    ],
    unspaced: [
      '为什么没有按照',
      '为什么没按照',
      '为什么不按照',
      '为啥没按',
      '为啥不按',
      '没有按照',
      '沒有按照',
      '为什么不用',
      '为什么没用',
      '왜 안 따랐',
      '守っていない',
      '従っていない',
    ],
  },
  // The agent's own earlier answer quoted back against it ("when I asked …, you said no"), and doubt that it
  // did not just do what it now asks of the person ("Did claude not JUST remove the password?").
  // "you said" alone, and "você falou" or "dijiste", are as often "as you said" (docs/gate.md, version 12).
  quotedBack: {
    spaced: [
      "you said (?:no|you (?:can'?t|couldn'?t|cannot|could not|had|did|would|will|were))",
      'did (?:you|claude|u) not',
      "(?:didn'?t|did not) (?:you|claude|u) just",
    ],
    unspaced: [],
  },
  // Something the agent made up.
  madeUp: {
    spaced: [
      'you (?:made|make) (?:that|this|it|those|these|them) up',
      'you invented',
      '(?:voc[eê]|vc) inventou',
      'inventaste',
      'tu as invent[ée]',
      'ты (?:выдумал|придумал)',
    ],
    unspaced: ['你编的', '瞎编', '编造', '捏造', 'でっち上げ', '지어낸'],
  },
};

// One pair of word edges for every kind's spaced phrases: each `\p{L}` class under `iu` is compiled with
// its case closure, so a pair per kind cost several times the compile of the whole pattern.
const kinds = Object.values(KINDS);
const DELIVERED_COMPLAINT_RE = new RegExp(
  `(${kinds.flatMap((kind) => kind.spaced).join('|')})(?!${WORD})|${kinds.flatMap((kind) => kind.unspaced).join('|')}`,
  'gu',
);

/** The complaint about delivered work a reacting turn's opening makes, if any (the match, for `--why`). */
export function deliveredComplaintIn(opening: string): string | undefined {
  return lowerMatch(compiled(DELIVERED_COMPLAINT_RE), opening)?.trim();
}
