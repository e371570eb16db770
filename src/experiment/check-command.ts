import { InputError } from '../errors/errors.js';

/** Characters that only mean something to a shell; unquoted in a check they would silently be words. */
const SHELL_ONLY = /[|&;<>()`$*?[\]{}~#!]/;

/**
 * A task's check as the words of one program call. A check is never given to a shell: a string is split
 * into words the way a shell splits them (single and double quotes, backslash escapes) and nothing else
 * happens: no variables, globs, pipes, redirections or `&&`. An unquoted character that would mean
 * something to a shell is an error, so that `npm test && npm run lint` is refused rather than run as
 * `npm` with the words `test`, `&&`, ... A check that needs a shell is a script in the repository,
 * named as the check (`sh scripts/check.sh`): then the person's own file says what runs.
 */
export function checkArgv(check: string | readonly string[], where: string): string[] {
  if (Array.isArray(check)) return [...check];
  const text = check as string;
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let at = 0;
  const fail = (why: string) =>
    new InputError(
      `${where}: the check ${JSON.stringify(text).slice(0, 80)} ${why}; it is run without a shell (put a pipeline in a script and name the script)`,
    );
  while (at < text.length) {
    const c = text[at] as string;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      at++;
    } else if (c === "'") {
      const end = text.indexOf("'", at + 1);
      if (end === -1) throw fail('has an unclosed single quote');
      word += text.slice(at + 1, end);
      inWord = true;
      at = end + 1;
    } else if (c === '"') {
      at++;
      inWord = true;
      for (;;) {
        if (at >= text.length) throw fail('has an unclosed double quote');
        const d = text[at] as string;
        if (d === '"') break;
        if (d === '\\' && (text[at + 1] === '"' || text[at + 1] === '\\')) {
          word += text[at + 1];
          at += 2;
          continue;
        }
        if (d === '$' || d === '`') throw fail(`uses '${d}' inside double quotes`);
        word += d;
        at++;
      }
      at++;
    } else if (c === '\\') {
      if (at + 1 >= text.length) throw fail('ends with a backslash');
      word += text[at + 1];
      inWord = true;
      at += 2;
    } else if (SHELL_ONLY.test(c)) {
      throw fail(`uses '${c}' unquoted`);
    } else {
      word += c;
      inWord = true;
      at++;
    }
  }
  if (inWord) words.push(word);
  if (words.length === 0) throw fail('has no words');
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] as string)) throw fail('starts with a variable assignment');
  return words;
}
