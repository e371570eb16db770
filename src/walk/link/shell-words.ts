/**
 * Splits a shell command line, as a session recorded it, into its simple commands: words with quotes
 * removed, and the files output is redirected into. Only read, never run: enough of the shell's grammar to
 * tell which program ran with which arguments (`cd app && npx prettier --write src/a.ts | tail`), not more
 * (no expansion, no substitution; a heredoc's body is skipped).
 */

/** One simple command: its words (assignments and redirections taken out) and its redirection targets. */
export interface SimpleCommand {
  words: string[];
  /** Files written by `>`, `>>`, `&>` (not `2>&1`, not `/dev/null`). */
  writes: string[];
}

const OPERATORS = new Set(['&&', '||', ';', '|', '&', '\n']);

/** The tokens of a command line: words (quotes removed) and operators. */
function tokens(line: string): { text: string; operator: boolean }[] {
  const out: { text: string; operator: boolean }[] = [];
  let word = '';
  let inWord = false;
  let heredoc: string | undefined;
  const flush = () => {
    if (inWord) out.push({ text: word, operator: false });
    word = '';
    inWord = false;
  };
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] ?? '';
    if (ch === '\n' && heredoc !== undefined) {
      // A heredoc's body runs up to the line holding its delimiter alone: data, not commands.
      flush();
      const end = line.indexOf(`\n${heredoc}`, i);
      i = end === -1 ? line.length : end + heredoc.length;
      heredoc = undefined;
      out.push({ text: '\n', operator: true });
      continue;
    }
    if (ch === "'" || ch === '"') {
      const close = line.indexOf(ch, i + 1);
      const stop = close === -1 ? line.length : close;
      word += line.slice(i + 1, stop);
      inWord = true;
      i = stop;
      continue;
    }
    if (ch === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') {
        word += line[i + 1];
        inWord = true;
      }
      i++;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      flush();
      continue;
    }
    const two = line.slice(i, i + 2);
    if (two === '<<') {
      flush();
      const rest = /^<<-?\s*['"]?([A-Za-z_][\w-]*)['"]?/.exec(line.slice(i));
      if (rest) {
        heredoc = rest[1];
        i += (rest[0]?.length ?? 2) - 1;
        continue;
      }
    }
    if (OPERATORS.has(two)) {
      flush();
      out.push({ text: two, operator: true });
      i++;
      continue;
    }
    if (OPERATORS.has(ch)) {
      flush();
      out.push({ text: ch, operator: true });
      continue;
    }
    if (ch === '>' || (ch === '&' && line[i + 1] === '>')) {
      // A redirection: its operator is a word of its own, so that the next word is known as its target.
      const prefix = /^[0-9]*$/.test(word) && inWord ? word : '';
      if (prefix !== '' || !inWord) word = '';
      else flush();
      const op = /^(&>>?|>>?|>\|)/.exec(line.slice(i))?.[0] ?? '>';
      out.push({ text: `${prefix}${op}`, operator: false });
      word = '';
      inWord = false;
      i += op.length - 1;
      continue;
    }
    word += ch;
    inWord = true;
  }
  flush();
  return out;
}

const REDIRECT = /^[0-9]*(&>>?|>>?|>\|)$/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The simple commands of a command line, in order. */
export function simpleCommands(line: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  let current: SimpleCommand = { words: [], writes: [] };
  const all = tokens(line);
  for (let i = 0; i < all.length; i++) {
    const token = all[i];
    if (!token) continue;
    if (token.operator) {
      if (current.words.length > 0 || current.writes.length > 0) commands.push(current);
      current = { words: [], writes: [] };
      continue;
    }
    if (REDIRECT.test(token.text)) {
      const target = all[i + 1];
      i++;
      // `2>&1`, `>&2` name a stream, `/dev/null` nothing: only a file is written.
      if (!target || target.operator || target.text.startsWith('&') || target.text.startsWith('/dev/'))
        continue;
      if (!/^[0-9]*>/.test(token.text) || !token.text.startsWith('2')) current.writes.push(target.text);
      continue;
    }
    if (current.words.length === 0 && ASSIGNMENT.test(token.text)) continue;
    current.words.push(token.text);
  }
  if (current.words.length > 0 || current.writes.length > 0) commands.push(current);
  return commands;
}
