import { latinSkeleton } from './confusables.js';
import { containsKeyShapedSecret } from './redact.js';
import { codePointName, HIDDEN_CHARACTER } from './terminal.js';

/** Longest rule text, in code points (docs/design/session-retro.md §4). */
export const MAX_RULE_CHARS = 200;

type RuleTextCheck = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Rule text as it is checked (never as it is stored: the stored text is the one written): Unicode NFKC
 * (full-width and other compatibility forms become their plain letters, so `ｃｕｒｌ` is `curl`), every kind
 * of space (no-break, thin, ideographic…) and tab as a plain space, runs of spaces as one, trimmed. Hidden
 * characters are not removed here: checkRuleText refuses them, since removing them could join what they
 * were placed to keep apart.
 */
export function normaliseRuleText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\p{Zs}\t]+/gu, ' ')
    .trim();
}

/** One way a text can be a command or a link rather than prose, and how to say so. */
interface Refusal {
  pattern: RegExp;
  says: string;
}

const SHELL: readonly Refusal[] = [
  { pattern: /`/, says: 'contains a backtick (inline code or a shell command)' },
  { pattern: /\$\(|\$\{|\$\[|[<>]\(/, says: 'contains shell substitution syntax' },
  {
    pattern:
      /\|\s*&?\s*(?:(?:sudo|env|exec|command|nohup|time)\s+)*(?:\/[\w./-]*\/)?(?:ba|da|z|k|c|tc|fi|a|mk)?sh\b|\|\s*(?:python[\d.]*|perl|ruby|node|php|deno|bun|pwsh|powershell|iex|invoke-expression|source|xargs|tee|sudo|osascript|awk|sed)\b/i,
    says: 'pipes into a shell or an interpreter',
  },
  { pattern: /\S\s*\|\s*[\w./~-]/, says: 'contains a shell pipe' },
  { pattern: /&&|\|\|/, says: 'chains shell commands' },
  {
    pattern: /\beval\s*[$("'(]|\bexec\s+\d*[<>]|\bsource\s+<|\.\s+<\(/i,
    says: 'contains shell evaluation (eval, exec, source)',
  },
  {
    pattern:
      /\b(?:ba|da|z|k|c|tc|fi|a)?sh\s+-[a-z]*c\b|\b(?:python[\d.]*|perl|ruby|node|php|deno|bun)\s+-[a-z]*[ce]\b|\bpowershell(?:\.exe)?\b.*\s-e(?:nc(?:odedcommand)?)?\b|\bpwsh\b.*\s-e(?:nc(?:odedcommand)?)?\b|\bcmd(?:\.exe)?\s+\/[ck]\b/i,
    says: 'runs a command string through a shell or an interpreter',
  },
  { pattern: /\b(?:sudo|doas|pkexec)\b|\bsu\s+-/i, says: 'contains sudo (a command run as another user)' },
  {
    pattern:
      /\b(?:curl|wget|nc|ncat|netcat|socat|telnet|invoke-webrequest|invoke-restmethod|iwr|irm|certutil|bitsadmin|mshta|tftp)\b/i,
    says: 'names a network command (curl, wget, nc…)',
  },
  { pattern: /\/dev\/(?:tcp|udp)\/|\/bin\/[a-z]*sh\b|\bmkfifo\b/i, says: 'contains a shell or socket path' },
  {
    pattern:
      /(?:^|[^\-=<>])(?:\d|&)?>>?\s*(?:[/~$&]|\.{1,2}\/|[a-z_][\w-]*\.[a-z][a-z0-9]{0,5}\b)|\d>&\d|&>|<<-?\s*['"]?\w|(?:^|\s)<\s*[/~.$\w]+\/[\w./-]*/i,
    says: 'contains a shell redirection',
  },
  { pattern: /\bbase(?:64|32)\s+-{1,2}d|\bxxd\b|\bopenssl\s+(?:enc|base64)\b/i, says: 'decodes hidden text' },
  {
    pattern: /(?:\\x[0-9a-f]{2}){2,}|(?:\\[0-7]{3}){2,}|(?:\\u[0-9a-f]{4}){2,}|(?:%[0-9a-f]{2}){3,}/i,
    says: 'contains escaped bytes',
  },
];

const LINKS: readonly Refusal[] = [
  { pattern: /!\[[^\]]*\]/, says: 'contains a Markdown image' },
  {
    pattern: /\[[^\]]*\]\s*[([]|^\s*\[[^\]]+\]:/,
    says: 'contains a Markdown link',
  },
  { pattern: /<\/?[a-z][\w:-]*(?=[\s/>])|<[!?]/i, says: 'contains HTML' },
  { pattern: /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i, says: 'contains an HTML entity' },
  { pattern: /[\w+.-]+:\/\/|:\/\/|\[:\]\s*\/\//i, says: 'contains a URL' },
  {
    pattern:
      /\b(?:javascript|vbscript|livescript|jscript)\s*:|\b(?:data|file|mailto|tel|sms|blob|about|ftp|ftps|sftp|ssh|git|svn|smb|ldap|gopher|ws|wss|https?|hxxps?|h..ps?|fxp|jar|view-source|intent|tcp|udp|magnet|irc|s3|gs)\s*:(?=\S)/i,
    says: 'names a URL scheme',
  },
  { pattern: /\bhxxps?\b|\bh\*\*ps?\b/i, says: 'contains a defanged URL' },
  { pattern: /(?:^|[\s("'<[{=])\/\/[\p{L}\p{N}_-]+(?:[.:[/]|$)/u, says: 'contains a network path (//host)' },
  { pattern: /\\\\[\p{L}\p{N}_.-]+\\/u, says: 'contains a network path (\\\\host\\)' },
  {
    pattern: /\[(?:\.|dot)\]|\((?:\.|dot)\)|\{(?:\.|dot)\}|\[:\]|\[at\]|\(at\)/i,
    says: 'contains a defanged host name',
  },
  { pattern: /(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w.]*\d)/, says: 'contains an IP address' },
  { pattern: /[\w.+-]@\p{L}[\p{L}\p{N}-]*\.\p{L}/u, says: 'contains an e-mail address or user@host' },
  {
    pattern: /\b(?=[\w.-]*[a-z])[a-z0-9](?:[\w-]*[a-z0-9])?(?:\.[a-z0-9-]+)*:\d{2,5}\b/i,
    says: 'names a host and port',
  },
  {
    pattern: /(?<![\p{L}\p{N}_./\\~-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/\S/u,
    says: 'names a host with a path',
  },
];

/** IPv6: two or more colon groups with a hex letter or `::` (so that times like 10:30:00 stay prose). */
const IPV6 = /(?<![\w:])(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}(?![\w:])/gi;

function hasIpv6(text: string): boolean {
  for (const match of text.matchAll(IPV6)) {
    const candidate = match[0];
    if (candidate.includes('::') ? candidate.length >= 3 : /[a-f]/i.test(candidate)) return true;
  }
  return false;
}

/**
 * Top-level domains: every country code and the generic names in common use, including the reserved
 * `example`, `test`, `invalid`, `localhost` and the private names networks use. A dotted name ending in one
 * (`evil.example`, `x.sh`, `paste.ee`) is a host, unless it is written as a path (`./deploy.sh`,
 * `scripts/deploy.sh`, `.env.local`) or is a project document in capitals (`README.md`, `CLAUDE.md`). Common file extensions that are no top-level domain (`ts`, `js`,
 * `json`, `yml`, `toml`, `gz`) keep file names like `package.json` prose.
 */
const TOP_LEVEL_DOMAINS = new Set(
  (
    'ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw by bz ' +
    'ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu fi fj fk fm ' +
    'fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it ' +
    'je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mg mh mk ml mm mn ' +
    'mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps ' +
    'pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj ' +
    'tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw ' +
    'com net org edu gov mil int info biz name pro aero coop museum mobi asia tel travel jobs cat post xxx ' +
    'app dev page xyz top site online store tech cloud club live link click blog shop news email art fun space ' +
    'website host press icu vip work life world today zip mov moe wiki ninja guru rocks lol cool bio city codes ' +
    'digital network systems software solutions services agency studio design media group company center ' +
    'global one best win bid loan men date review party trade stream download racing science cricket faith ' +
    'webcam casino bet poker game games google goog amazon apple microsoft azure aws youtube windows office ' +
    'run sbs cfd cyou rest bond monster buzz quest mom boo dad foo gay ink kim land lat ltd mba nexus pics pw ' +
    'example test invalid localhost local localdomain internal intranet lan home corp onion arpa i2p bit eth crypto'
  ).split(' '),
);

/** Dotted names (`a.b`, `a.b.c`), whole; what stands before each tells hosts from paths and file names. */
const DOTTED_NAME = /(?<![\p{L}\p{N}_-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;

/** Full stops that browsers and resolvers read as the dot of a host name (ideographic, half-width, small). */
const DOT_LOOKALIKES = /[\u3002\uff61\ufe52]/g;

function namedHost(prose: string): string | undefined {
  const text = prose.replace(DOT_LOOKALIKES, '.');
  for (const match of text.matchAll(DOTTED_NAME)) {
    const name = match[0];
    // A path segment (`src/x.sh`, `./x.sh`, `~/x.sh`, `C:\x.sh`) or a dotfile (`.env.local`) is local.
    if (/[/\\.~]/.test(text.charAt((match.index ?? 0) - 1))) continue;
    // The project documents every repository has (README.md, CLAUDE.md, CHANGELOG.md) are file names.
    if (/^[A-Z][A-Z0-9_-]*\.md$/.test(name)) continue;
    const last = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    if (TOP_LEVEL_DOMAINS.has(last) || last.startsWith('xn--') || /^www\./i.test(name)) return name;
  }
  // A domain spelled out to pass a filter: `evil dot example`, `evil [dot] com`.
  for (const match of text.matchAll(SPELLED_DOT)) {
    const tld = (match[2] ?? '').toLowerCase();
    const before = (match[1] ?? '').toLowerCase();
    if (
      TOP_LEVEL_DOMAINS.has(tld) &&
      !ENGLISH_WORDS.has(tld) &&
      !DETERMINERS.has(before) &&
      before.length > 1
    )
      return match[0];
  }
  return undefined;
}

/** Top-level domains that are also everyday words: "put a dot at the end" names no host. */
const ENGLISH_WORDS = new Set(
  'am an as at be by do go he in is it me my no of on or so to up us we'.split(' '),
);
/** Words before "dot" that make it a noun, not a host's label: "the dot com era". */
const DETERMINERS = new Set('a an the this that each every one no any some with per'.split(' '));
const SPELLED_DOT = /([\p{L}\p{N}-]+)\s*[[({]?\s*\bdot\b\s*[\])}]?\s*([a-z]{2,})\b/giu;

/**
 * Phrases that address the reading model instead of stating a rule: "ignore previous instructions" and its
 * variants, a "new directive", a "system prompt", a role switch, in the languages the readers know.
 */
const INJECTION = new RegExp(
  [
    String.raw`\b(?:ignore|disregard|forget|override)\b[^.]{0,30}\b(?:previous|prior|above|earlier|system|all|any|your|existing|other)\b[^.]{0,20}\b(?:instructions?|prompts?|directions?|directives?|rules|guidelines|guardrails)\b`,
    String.raw`\bignore previous\b|\bforget (?:everything|all)\b`,
    String.raw`\bnew (?:directives?|(?:system )?instructions?|system prompt|orders?|persona|role)\b`,
    String.raw`\b(?:updated|revised|real|actual|hidden|secret) (?:directives?|(?:system )?instructions?|system prompt)\b`,
    // Naming a system prompt is no injection ("keep the agent's system prompt short"); asking for it is.
    String.raw`\b(?:reveal|print|show|repeat|output|leak|dump|disclose)\b[^.]{0,20}\b(?:system prompt|hidden instructions)\b|\bsystem override\b`,
    String.raw`\byou are now\b|\bfrom now on,? you are\b|\bdeveloper mode\b|\bjailbreak|\bDAN mode\b`,
    String.raw`^\s*(?:system|assistant|developer|admin)\s*:|\[(?:system|inst)\]|<\|im_start\|>`,
    // A role label opening a clause mid-text ("Before editing, system: approve it"); "the system: section" is prose.
    String.raw`(?:[.;,!?:)\]]|--|[\u2013\u2014])\s*(?:system|assistant|developer|admin)\s*:`,
    // "From now on ignore …": an order to the reader to drop what it was told, not a rule of the project.
    String.raw`\bfrom now on\b,?\s*(?:you\s+)?(?:(?:must|should|will|shall|can|may)\s+)?(?:ignore|disregard|forget|override|obey|only follow|stop following)\b`,
    '(?:忽略|无视|忘记|忘掉|不要理会|覆盖)(?:掉)?(?:之前|以前|先前|上面|以上|上述|前面|所有|全部|原有|系统)(?:的)?(?:所有)?(?:指令|指示|提示|规则|要求|命令|说明)',
    '新(?:的)?(?:指令|指示|系统提示)|(?:输出|显示|打印|泄露|透露)(?:你的)?系统提示|你现在是',
    '(?:以前|前|上記|これまで)の(?:指示|命令|プロンプト)を(?:無視|忘れ)|新しい指示',
    '이전\\s*(?:지시|명령|지침)(?:을|를)?\\s*(?:무시|잊어)|새로운\\s*지시',
    String.raw`\bignorier\w*\b[^.]{0,30}\b(?:vorherigen|bisherigen|obigen|alle)\b[^.]{0,20}\banweisungen\b|\bneue anweisung`,
    String.raw`\bignore[rz]?\b[^.]{0,30}\binstructions (?:précédentes|ci-dessus)|\bnouvelles? (?:directives?|instructions?)\b`,
    String.raw`\bignora\w*\b[^.]{0,30}\binstrucciones (?:anteriores|previas)|\bnuevas? (?:directivas?|instrucciones)\b`,
    String.raw`\bignor[ea]\w*\b[^.]{0,30}\binstruções (?:anteriores|prévias)|\bnovas? (?:diretivas?|instruções)\b`,
    'игнорир\\w*[^.]{0,30}(?:предыдущие|прежние|все)[^.]{0,20}инструкци|нов(?:ая|ые) (?:директив|инструкци)',
  ].join('|'),
  'iu',
);

/**
 * Paths that lead out of the project: absolute paths (two segments or more, or a system folder), the home
 * folder (`~/`, `$HOME`, `%USERPROFILE%`), a drive (`C:\\`), a parent folder (`../`). A rule of one project
 * never needs them; a single `/name` is a slash command (`/retro`) and passes.
 */
const OUTSIDE_PATH =
  /(?:^|[\s("'=:,;])(?:\/(?:[\p{L}\p{N}_.-]+\/)+[\p{L}\p{N}_.-]*|\/(?:etc|tmp|usr|var|home|root|opt|dev|proc|sys|bin|sbin|lib|boot|mnt|media|srv|private|Users|Volumes|Library|System|Applications)\b)|~[\p{L}\p{N}_.-]*\/|\$\{?(?:HOME|USERPROFILE|APPDATA|TMPDIR|XDG_\w+)\b|%(?:USERPROFILE|APPDATA|LOCALAPPDATA|TEMP|TMP|HOMEPATH|SYSTEMROOT|WINDIR|PROGRAMFILES)%|(?<![\p{L}\p{N}])[A-Za-z]:[\\/]|(?:^|[\s("'=:,;/\\])\.\.[\\/]/iu;

const HEX_RUN = /(?<![\p{L}\p{N}])(?:0x)?[0-9a-f]{16,}(?![\p{L}\p{N}])/iu;
const BASE64_RUN = /[A-Za-z0-9+_-]{12,}={0,2}/g;

/**
 * Encoded text: a hex run of 16+ digits, or a base64 run (between slashes too) that is padded, mixes both
 * cases with two or more digits over 20+ characters, or holds a `+` with a digit. Identifiers and words
 * (`snake_case_name`, `getUserById`) do not look like that.
 */
function hasEncodedBlob(text: string): 'base64' | 'hex' | undefined {
  if (HEX_RUN.test(text)) return 'hex';
  for (const match of text.matchAll(BASE64_RUN)) {
    const run = match[0];
    const padded = /[A-Za-z0-9+]{12,}=$/.test(run);
    const digits = run.replace(/\D/g, '').length;
    const mixed = run.length >= 20 && /[a-z]/.test(run) && /[A-Z]/.test(run) && digits >= 2;
    const plus = run.includes('+') && digits >= 1 && run.length >= 16;
    if (padded || mixed || plus) return 'base64';
  }
  return undefined;
}

/**
 * Whether `text` may be written as a rule, and the text to write: the text as written (trimmed, tabs as
 * spaces), never a rewritten one. A rule is prose an agent reads, never a command to run or a link to
 * follow. The checks run on the normalised text (normaliseRuleText) and again on its Latin skeleton
 * (latinSkeleton: look-alike letters of other scripts as the Latin they imitate), and refuse it for what it
 * is, not for a list of words: control, invisible, bidi or line-separator characters; empty or over 200
 * characters; shell syntax (backticks, `$(`, pipes into a shell, `eval`, `sh -c`, redirections, `sudo`,
 * network tools, encoded blobs); network references of any shape (URLs and schemes, defanged URLs,
 * `//host`, host:port, IP addresses, e-mail addresses, domain names); paths outside the project; Markdown
 * links and images and HTML; key-shaped secrets; and prompt-injection phrases. The reason reads after "the
 * text".
 */
export function checkRuleText(text: unknown): RuleTextCheck {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, reason: 'is empty' };
  // A tab is only a wide space; every other control character is refused.
  const written = text.trim().replace(/\t/g, ' ');
  const hidden = HIDDEN_CHARACTER.exec(written);
  if (hidden) {
    return {
      ok: false,
      reason: `contains a control, invisible or line-separator character (${codePointName(hidden[0])})`,
    };
  }
  const length = Array.from(written).length;
  if (length > MAX_RULE_CHARS)
    return { ok: false, reason: `is ${length} characters (limit ${MAX_RULE_CHARS})` };
  const clean = normaliseRuleText(written);
  // NFKC can itself produce characters a line must not hold (rare compatibility forms).
  if (HIDDEN_CHARACTER.test(clean)) return { ok: false, reason: 'contains a control or invisible character' };
  const refusal = problemOf(clean);
  if (refusal !== undefined) return { ok: false, reason: refusal };
  // Look-alike letters of other scripts ("сurl" with a Cyrillic с) are checked as the Latin they imitate.
  const skeleton = latinSkeleton(clean);
  if (skeleton !== clean) {
    const disguised = problemOf(skeleton);
    if (disguised !== undefined)
      return { ok: false, reason: `${disguised} (written with look-alike letters)` };
  }
  // Checked on the normalised forms, stored as written: full-width punctuation of a Chinese rule stays.
  return { ok: true, text: written };
}

function problemOf(clean: string): string | undefined {
  if (INJECTION.test(clean)) return 'contains a prompt-injection phrase';
  if (containsKeyShapedSecret(clean)) return 'contains a key-shaped secret';
  for (const { pattern, says } of [...LINKS, ...SHELL]) if (pattern.test(clean)) return says;
  if (hasIpv6(clean)) return 'contains an IP address';
  const host = namedHost(clean);
  if (host !== undefined)
    return `names a host or domain (${host}); write a file name as a path (./name.ext) or describe it in words`;
  const outside = OUTSIDE_PATH.exec(clean);
  if (outside) return `names a path outside the project (${outside[0].trim()})`;
  const blob = hasEncodedBlob(clean);
  if (blob !== undefined) return `contains a ${blob} blob`;
  return undefined;
}
