import { gitOutput } from '../git/safe-git.js';

/**
 * The files an agent loads a project's rules from at the top of a checkout: Claude Code's
 * `.claude/rules/*.md` and CLAUDE.md, Codex's AGENTS.md, Gemini CLI's GEMINI.md. A rule committed in any of
 * them at a task's commit is loaded in both arms, so the experiment would compare the rule with itself.
 */
const RULE_FILES = ['CLAUDE.md', 'AGENTS.md', 'GEMINI.md'];
const RULES_FOLDER = '.claude/rules/';

/** A rule file larger than this is not read (an agent would not load it whole either). */
const RULE_FILE_CAP = 1024 * 1024;

/** Rules shorter than this once normalised ("- Test.") would be found by chance in any text. */
const SHORTEST_RULE = 12;

/**
 * A rule's words for comparing: trial comments and Markdown marks (list markers, emphasis, code ticks,
 * links' brackets) left out, letters lower-cased, every run of other characters one space. The same
 * rule copied into a lessons file with another bullet, a trial comment or different wrapping matches.
 */
export function normaliseRuleText(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The rules of a rules file, one a list item or a paragraph: headings, blank lines and comments are not
 * rules. A list item's wrapped lines belong to it.
 */
function rulesOfText(text: string): string[] {
  const rules: string[] = [];
  let current: string[] = [];
  const close = () => {
    if (current.length > 0) rules.push(current.join(' '));
    current = [];
  };
  for (const raw of text.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    const line = raw.trim();
    if (line === '' || /^#{1,6}\s/.test(line) || /^(```|~~~)/.test(line)) {
      close();
      continue;
    }
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      close();
      current.push(item[1] as string);
    } else current.push(line);
  }
  close();
  return rules.filter((rule) => normaliseRuleText(rule).length >= SHORTEST_RULE);
}

/** One rule of the experiment found committed at a task's commit. */
export interface CommittedRule {
  rule: string;
  /** The file at that commit that holds it. */
  path: string;
}

/**
 * The experiment's rules that the repository already holds at `sha` in the files an agent loads rules
 * from (read from git's objects, the person's checkout untouched). Empty when none is committed there.
 */
export function rulesCommittedAt(
  repo: string,
  sha: string,
  rulesText: string,
  env: NodeJS.ProcessEnv,
): CommittedRule[] {
  const listing = gitOutput(
    ['ls-tree', '-z', '--full-tree', '-l', sha, '--', ...RULE_FILES, RULES_FOLDER],
    repo,
    env,
  );
  if (listing === undefined) return [];
  const files: { path: string; blob: string }[] = [];
  for (const entry of listing.split('\0')) {
    // <mode> SP <type> SP <object> SP+ <size> TAB <path>
    const match = /^(\d+) (\w+) ([0-9a-f]+)\s+(\S+)\t(.+)$/s.exec(entry);
    if (!match || match[1] === '120000' || match[2] !== 'blob') continue;
    const path = match[5] as string;
    const size = Number(match[4]);
    const inFolder =
      path.startsWith(RULES_FOLDER) && path.endsWith('.md') && !path.slice(RULES_FOLDER.length).includes('/');
    if ((inFolder || RULE_FILES.includes(path)) && size <= RULE_FILE_CAP)
      files.push({ path, blob: match[3] as string });
  }
  const texts = files.flatMap(({ path, blob }) => {
    const text = gitOutput(['cat-file', 'blob', blob], repo, env);
    return text === undefined ? [] : [{ path, words: ` ${normaliseRuleText(text)} ` }];
  });
  const found: CommittedRule[] = [];
  for (const rule of rulesOfText(rulesText)) {
    const words = ` ${normaliseRuleText(rule)} `;
    const holder = texts.find((t) => t.words.includes(words));
    if (holder) found.push({ rule, path: holder.path });
  }
  return found;
}
