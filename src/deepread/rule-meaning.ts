import { latinSkeleton } from '../safety/confusables.js';
import { normaliseRuleText } from '../safety/rule-text.js';

/**
 * What a proposed rule *means*, beyond what it is made of (safety/rule-text.ts): whether it would make the
 * agent check less, and whether it names a file of one project. Both are read on the normalised text and
 * its Latin skeleton, in the languages the offline reader knows (English and Chinese first; Japanese,
 * Korean, German, French, Spanish, Portuguese and Russian for the plain forms).
 */

/** What is verification: tests, checks, linters, type checks, hooks, CI, reviews. */
const CHECKS_EN = String.raw`(?:(?:unit|integration|e2e|end-to-end|regression|smoke|snapshot|failing|flaky|broken|slow|full|whole|entire|remaining|existing|related|the|all|any|those|these|such|its|their|your|our|my|pre-commit|commit|git|ci|lint|type|status|safety|security|required)[\s-]+){0,3}(?:tests?|testing|test[\s-]suites?|specs?|checks?|checking|checkers?|linters?|linting|lint|type[\s-]?check(?:s|ing|ers?)?|typecheck\w*|tsc|mypy|pyright|eslint|biome|clippy|rubocop|hooks?|ci|pipelines?|workflows?|reviews?|reviewers?|verifications?|validations?|assertions?|coverage|pytest|jest|vitest|mocha|npm test|cargo test|go test|mix test|forge test)\b`;

/** Clause-local negations before a verb: "never skip", "don't disable", "without bypassing". */
const NEGATION_EN =
  /\b(?:don'?t|do not|does not|doesn'?t|never|no|not|nor|avoid|avoiding|instead of|rather than|without|before|stop|refuse to|must not|mustn'?t|shouldn'?t|should not|cannot|can'?t|won'?t|ask\w*)\b/i;

const SKIP_VERB_EN = String.raw`\b(?:skip(?:s|ped|ping)?|disabl(?:e|es|ed|ing)|bypass(?:es|ed|ing)?|circumvent\w*|turn(?:s|ed|ing)? off|switch(?:es|ed|ing)? off|comment(?:s|ed|ing)? out|silenc(?:e|es|ed|ing)|suppress(?:es|ed|ing)?|mut(?:e|es|ed|ing)|ignor(?:e|es|ed|ing)|omit(?:s|ted|ting)?|delet(?:e|es|ed|ing)|remov(?:e|es|ed|ing)|weaken(?:s|ed|ing)?|loosen(?:s|ed|ing)?|relax(?:es|ed|ing)?|get(?:ting)? around|work(?:ing)? around|xfail)\b`;
const RUN_VERB_EN = String.raw`\b(?:run(?:s|ning)?|re-?run(?:s|ning)?|execut(?:e|es|ing)|invok(?:e|es|ing)|trigger(?:s|ing)?|wait(?:s|ing)? for|bother(?:ing)? with|us(?:e|es|ing)|do(?:ing)?|writ(?:e|es|ing)|add(?:s|ing)?|request(?:s|ing)?|ask(?:s|ing)? for)\b`;
const NOT_RUN_EN = String.raw`\b(?:don'?t|do not|never|no need to|not necessary to|needn'?t|unnecessary to|stop|avoid|refrain from|quit|cease|no longer)\b`;

/** Words between a verb and its object; a clause ends at a conjunction of time or condition ("until the tests pass"). */
const GAP = String.raw`(?:\s+(?!(?:until|till|before|after|unless|when|whenever|if|while|once|so|then|except|because|since|to)\b)[\w'-]+)`;

/** "skip the tests", "disable the pre-commit hook", "ignore lint errors". */
const SKIPPING_EN = new RegExp(`${SKIP_VERB_EN}${GAP}{0,4}?\\s+${CHECKS_EN}`, 'giu');
/** "don't run the tests", "stop running the app and the tests", "never wait for CI". */
const NOT_RUNNING_EN = new RegExp(
  `${NOT_RUN_EN}\\s+(?:\\w+\\s+){0,2}?${RUN_VERB_EN}${GAP}{0,5}?\\s+${CHECKS_EN}`,
  'giu',
);
/** "tests are optional", "no need for a review", "CI is not needed". */
const NEEDLESS_EN = new RegExp(
  `${CHECKS_EN}\\s+(?:are|is)\\s+(?:optional|unnecessary|not (?:needed|necessary|required|important)|a waste)|\\bno need (?:for|to)\\s+(?:\\w+\\s+){0,2}?${CHECKS_EN}`,
  'giu',
);
/** "commit without running the hooks", "merge without a review". */
const WITHOUT_EN = new RegExp(
  `\\b(?:merg|push|commit|deploy|ship|releas|land|publish|finish|declar|report|mark)\\w*\\b[^.;]{0,40}?\\bwithout\\s+(?:\\w+\\s+){0,3}?${CHECKS_EN}`,
  'giu',
);
const CONDITION_EN = /\b(?:if|unless|when|whenever|until|before|without|while)\b/i;

/** A narrower run of the checks, which makes "don't run the full suite" a matter of scope, not of checking less. */
const SCOPED_RUN_EN = new RegExp(
  `\\b(?:run|rerun|re-run|execute|use|only)\\b${GAP}{0,6}?\\s+${CHECKS_EN}`,
  'giu',
);

/** Switches and markers that turn a check off. */
const SWITCHES =
  /--no-verify\b|--no-hooks?\b|\[(?:skip ci|ci skip|no ci|skip actions)\]|-DskipTests\b|--skip-tests?\b|\bSKIP_TESTS?\b|\bHUSKY=0\b|@ts-(?:ignore|nocheck)\b|\beslint-disable\b|\bbiome-ignore\b|#\s*noqa\b|#\s*type:\s*ignore\b|\/\/\s*nolint\b|\bnolint\b|\b(?:it|test|describe)\.skip\b|\bxit\b|\bpytest\.mark\.(?:skip|xfail)\b|@Disabled\b|@Ignore\b|\bt\.Skip\b/iu;

const CHECKS_ZH =
  '(?:测试|单测|用例|检查|校验|验证|类型检查|lint|eslint|钩子|hook|CI|持续集成|流水线|审查|评审|审核|review|断言|覆盖率)';
const NEGATION_ZH =
  /(?:不要|别|不用|无需|不需要|不必|停止|避免|不准|禁止|切勿|不能|不可|勿|绝不|永远不要|从不|不再|不得|不许)[^，。；]{0,3}$/u;
const SKIPPING_ZH = new RegExp(
  `(?:跳过|略过|禁用|关闭|关掉|绕过|绕开|忽略|无视|注释掉|屏蔽|去掉|删掉|删除|移除)[^，。；,.;]{0,16}?${CHECKS_ZH}`,
  'giu',
);
const NOT_RUNNING_ZH = new RegExp(
  `(?:不要|别|不用|无需|不需要|不必|停止|避免|没必要)(?:再)?(?:运行|跑|执行|等|进行)[^，。；,.;]{0,12}?${CHECKS_ZH}`,
  'giu',
);
const NEEDLESS_ZH = new RegExp(
  `${CHECKS_ZH}[^，。；,.;]{0,6}?(?:可以跳过|可跳过|不用跑|不用运行|不用做|不需要|没必要|无所谓|可选)`,
  'giu',
);
const SCOPED_RUN_ZH = new RegExp(`(?:只|仅|改为|而是)(?:运行|跑|执行)?[^，。；,.;]{0,12}?${CHECKS_ZH}`, 'u');

/** The plain forms in the other languages the readers know; negation here is read within the match. */
const OTHER_LANGUAGES = new RegExp(
  [
    '(?:テスト|チェック|リント|型チェック|フック|CI|レビュー)(?:を|は)?(?:スキップ|無効|飛ばし|省略|しない|不要|実行しない)',
    '(?:테스트|검사|린트|훅|CI|리뷰)(?:를|을|는)?\\s*(?:건너뛰|생략|비활성|끄|하지\\s*마|실행하지\\s*마)',
    String.raw`(?<![\p{L}\p{N}_])(?:überspring\p{L}*|deaktivier\p{L}*|umgeh\p{L}*|ignorier\p{L}*)(?:\s+\S+){0,3}?\s+(?:tests?|prüfungen|checks?|linter|hooks?|ci|reviews?)(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])(?:tests?|prüfungen|checks?|linter|hooks?|ci|reviews?)(?:\s+\S+){0,2}?\s+(?:überspringen|deaktivieren|umgehen|weglassen)(?![\p{L}\p{N}_])`,
    String.raw`(?<![\p{L}\p{N}_])(?:ignor\p{L}*|saut\p{L}*|désactiv\p{L}*|contourn\p{L}*|pass(?:e|er|ez))(?:\s+\S+){0,3}?\s+(?:les\s+)?(?:tests?|vérifications?|contrôles?|linter|hooks?|ci|revues?)(?![\p{L}\p{N}_])`,
    String.raw`(?<![\p{L}\p{N}_])(?:omit\p{L}*|salt(?:a|ar|e|es|ando)|desactiv\p{L}*|ignor\p{L}*|evit\p{L}*)(?:\s+\S+){0,3}?\s+(?:las\s+|los\s+)?(?:pruebas|tests?|comprobaciones|linter|hooks?|ci|revisiones?)(?![\p{L}\p{N}_])`,
    String.raw`(?<![\p{L}\p{N}_])(?:pul(?:e|a|ar|ando|ou)|desativ\p{L}*|ignor\p{L}*|omit\p{L}*|evit\p{L}*)(?:\s+\S+){0,3}?\s+(?:os\s+|as\s+)?(?:testes?|verificações|linter|hooks?|ci|revisões?)(?![\p{L}\p{N}_])`,
    '(?:пропуск\\p{L}*|пропуст\\p{L}*|отключ\\p{L}*|обход\\p{L}*|игнорир\\p{L}*|не запуска\\p{L}*)(?:\\s+\\S+){0,3}?\\s+(?:тест\\p{L}*|провер\\p{L}*|линтер\\p{L}*|хук\\p{L}*|ci|ревью)',
  ].join('|'),
  'iu',
);
const NEGATION_OTHER =
  /(?<![\p{L}])(?:nicht|nie|niemals|kein\p{L}*|ne|jamais|no|nunca|não|не|никогда)\s*$|(?:しないで|하지\s*말)/iu;

/** The clause a match stands in, up to the match: what negates it must be in the same clause. */
function clauseBefore(text: string, index: number): string {
  const head = text.slice(0, index);
  const cut = Math.max(...[...'.;:!?,，。；：！？'].map((c) => head.lastIndexOf(c)));
  return head.slice(cut + 1);
}

function firstUnnegated(
  text: string,
  pattern: RegExp,
  negation: RegExp,
  window?: number,
): string | undefined {
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    const clause = clauseBefore(text, match.index ?? 0);
    const before = window === undefined ? clause : clause.slice(-window);
    if (!negation.test(before)) return match[0];
  }
  return undefined;
}

function firstMatch(text: string, pattern: RegExp): string | undefined {
  pattern.lastIndex = 0;
  return pattern.exec(text)?.[0];
}

/** The weakening found in one form of the text (normalised or skeleton), or undefined. */
function weakeningIn(text: string): string | undefined {
  // "Never say it works if you don't run the tests" is a condition on a claim, not an instruction.
  const notRunning = firstUnnegated(text, NOT_RUNNING_EN, CONDITION_EN);
  // "Don't run the full suite; run the affected tests instead" narrows the run, it keeps checking.
  if (notRunning !== undefined) {
    const rest = text.replace(notRunning, ' ');
    if (firstUnnegated(rest, SCOPED_RUN_EN, NEGATION_EN) === undefined) return notRunning;
  }
  const notRunningZh = firstMatch(text, NOT_RUNNING_ZH);
  if (notRunningZh !== undefined && !SCOPED_RUN_ZH.test(text.replace(notRunningZh, ' '))) return notRunningZh;
  return (
    firstUnnegated(text, SKIPPING_EN, NEGATION_EN) ??
    firstUnnegated(text, WITHOUT_EN, NEGATION_EN) ??
    firstUnnegated(text, NEEDLESS_EN, /\b(?:never|not)\b/i) ??
    firstUnnegated(text, SKIPPING_ZH, NEGATION_ZH, 6) ??
    firstUnnegated(text, NEEDLESS_ZH, /(?:不是|并非)$/u, 4) ??
    firstUnnegated(text, new RegExp(SWITCHES.source, 'giu'), NEGATION_EN) ??
    firstUnnegated(text, new RegExp(OTHER_LANGUAGES.source, 'giu'), NEGATION_OTHER, 12)
  );
}

/**
 * Why a rule would make the agent verify less (skip, disable or bypass tests, checks, linters, type checks,
 * hooks, CI or reviews), or undefined. "Run the tests before saying done", "never skip a failing test" and
 * "don't run the app" are fine; "skip the tests", "stop running the app and the tests", "use --no-verify",
 * "跳过测试" and "不要运行 lint" are not. A narrower run ("don't run the whole suite; run the affected tests")
 * is scope, not less checking.
 */
export function weakensVerification(text: string): string | undefined {
  const clean = normaliseRuleText(text);
  const found = weakeningIn(clean) ?? weakeningIn(latinSkeleton(clean));
  return found === undefined
    ? undefined
    : `tells the agent to check less ("${found.trim()}"): a rule never skips, disables or bypasses tests, checks, hooks, CI or reviews`;
}

/** File names every project of their kind has: a rule about them is universal. */
const UNIVERSAL_FILES = new Set(
  (
    'package.json package-lock.json tsconfig.json jsconfig.json readme.md claude.md agents.md gemini.md ' +
    'changelog.md contributing.md license.md cargo.toml cargo.lock pyproject.toml setup.py setup.cfg ' +
    'requirements.txt go.mod go.sum gemfile gemfile.lock makefile dockerfile docker-compose.yml ' +
    'docker-compose.yaml pnpm-lock.yaml yarn.lock mix.exs mix.lock foundry.toml hardhat.config.js ' +
    'hardhat.config.ts pubspec.yaml build.gradle pom.xml composer.json .env .gitignore .editorconfig'
  ).split(' '),
);
const SOURCE_EXTENSION =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kts?|swift|c|h|cc|cpp|hpp|cs|php|sh|bash|zsh|md|mdx|json|jsonc|ya?ml|toml|ini|cfg|conf|lock|sql|css|scss|less|html?|vue|svelte|astro|exs?|sol|dart|lua|txt|xml|gradle|tf|proto|graphql)$/i;
const PROJECT_FOLDERS =
  /^(?:src|lib|libs|test|tests|spec|docs|doc|scripts|app|apps|packages|pkg|cmd|internal|config|configs|public|assets|eval|bin|tools|examples|components|pages|server|client|api|web|migrations|fixtures)$/i;
const TOKEN_EDGES = /^[("'`“‘«[{<]+|[)"'`”’»\]}>.,;:!?，。；：！？、]+$/gu;

/** Whether one word of the rule is a path or file name of a project, as opposed to a universal one. */
function isProjectPath(token: string): boolean {
  const word = token.replace(TOKEN_EDGES, '');
  if (word === '' || word.startsWith('*') || /^(?:foo|bar|x|example|name)\./i.test(word)) return false;
  if (/[/\\]/.test(word)) {
    if (!/^(?:\.{1,2}[/\\])?[\p{L}\p{N}_.@-]+(?:[/\\][\p{L}\p{N}_.@*-]*)+$/u.test(word)) return false;
    const segments = word.split(/[/\\]/).filter((s) => s !== '' && s !== '.');
    const last = segments[segments.length - 1] ?? '';
    return (
      word.startsWith('./') ||
      /[/\\]$/.test(word) ||
      segments.length >= 3 ||
      (SOURCE_EXTENSION.test(last) && !last.startsWith('*')) ||
      PROJECT_FOLDERS.test(segments[0] ?? '')
    );
  }
  if (!SOURCE_EXTENSION.test(word) || word.startsWith('.')) return false;
  if (UNIVERSAL_FILES.has(word.toLowerCase())) return false;
  // Product names written like files: Node.js, Vue.js, Next.js.
  if (/^\p{Lu}[\p{L}\p{N}]*\.js$/u.test(word)) return false;
  return /^[\p{L}\p{N}_@-][\p{L}\p{N}_.@-]*$/u.test(word);
}

/**
 * The first path or file of a project that a rule names (`src/deepread/verify.ts`, `docs/`, `./deploy.sh`,
 * `billing_service.py`), or undefined. Conventional names every project of a kind has (`package.json`,
 * `CLAUDE.md`, `Cargo.toml`, `.env`), placeholders (`foo.test.ts`), globs (`*.test.ts`) and product names
 * (`Node.js`) are not a project's.
 */
export function projectPathIn(text: string): string | undefined {
  for (const token of normaliseRuleText(text).split(/[\s，。；、]+/u)) {
    if (isProjectPath(token)) return token.replace(TOKEN_EDGES, '');
  }
  return undefined;
}
