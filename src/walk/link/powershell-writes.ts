/**
 * What a PowerShell script a session ran wrote, read from its text (Windows sessions run PowerShell:
 * `powershell -Command "…"`, `pwsh -c …`, or a host's shell that is PowerShell). Only read, never run, and
 * with the same precision rules as the POSIX reader (command-writes.ts):
 * - `Set-Content`, `Add-Content`, `Out-File` and `>`/`>>` write their file; when the text they write is a
 *   quoted literal in the script (`-Value 'x'`, `'x' | Set-Content f`, `echo 'x' > f`), only its lines are
 *   the command's (`literal`);
 * - `New-Item -ItemType File` creates its file (with `-Value`, a literal); a folder writes no file;
 * - `Move-Item`, `Copy-Item` and `Rename-Item` create their destination (`move`, which claims only a file the
 *   commit creates);
 * - `Remove-Item` deletes, which adds no line, and any other command (`Invoke-Pester`, `Get-Content`) claims
 *   nothing, whatever it printed.
 * A path holding a variable or an expression (`$env:TEMP\x`, `(Join-Path …)`) is the shell's to resolve and
 * is left out; `Set-Location`/`cd` moves the folder later paths resolve against.
 */

export type PowerShellStep =
  | { kind: 'cd'; path: string }
  | { kind: 'write'; path: string; evidence: 'redirect' | 'move'; literal: boolean };

interface Token {
  text: string;
  /** Written as a quoted string (a literal value, never a parameter name). */
  quoted: boolean;
  /** A double-quoted string that expands a variable or an expression: its text is not known. */
  expands: boolean;
  operator?: '|' | ';' | '>' | '>>';
}

/**
 * The tokens of a script: words, quoted strings and the operators that split or redirect commands.
 *
 * Long on purpose: one scan with one index over the script; each branch reads one kind of token from
 * where the last one ended, and split apart they would pass the index back and forth.
 */
function tokens(script: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const word = (text: string, quoted = false, expands = false) => out.push({ text, quoted, expands });
  while (i < script.length) {
    const ch = script[i] ?? '';
    if (/\s/.test(ch) && ch !== '\n') {
      i++;
      continue;
    }
    if (
      ch === '\n' ||
      ch === ';' ||
      (ch === '&' && script[i + 1] === '&') ||
      (ch === '|' && script[i + 1] === '|')
    ) {
      out.push({ text: ';', quoted: false, expands: false, operator: ';' });
      i += ch === '\n' || ch === ';' ? 1 : 2;
      continue;
    }
    if (ch === '|') {
      out.push({ text: '|', quoted: false, expands: false, operator: '|' });
      i++;
      continue;
    }
    if (ch === '>' || (/[1-6*]/.test(ch) && script[i + 1] === '>')) {
      const stream = ch === '>' ? '1' : ch;
      let j = ch === '>' ? i : i + 1;
      const append = script[j + 1] === '>';
      j += append ? 2 : 1;
      if (script[j] === '&') {
        // `2>&1`: a stream joined to another, not a file.
        i = j + 2;
        continue;
      }
      out.push({
        text: stream,
        quoted: false,
        expands: false,
        operator: append ? '>>' : '>',
      });
      i = j;
      continue;
    }
    if (ch === "'") {
      // A single-quoted string is literal; `''` is one quote.
      let text = '';
      let j = i + 1;
      for (; j < script.length; j++) {
        if (script[j] === "'" && script[j + 1] === "'") {
          text += "'";
          j++;
        } else if (script[j] === "'") break;
        else text += script[j];
      }
      word(text, true);
      i = j + 1;
      continue;
    }
    if (ch === '"') {
      let text = '';
      let expands = false;
      let j = i + 1;
      for (; j < script.length && script[j] !== '"'; j++) {
        if (script[j] === '`' && j + 1 < script.length) {
          const next = script[++j] ?? '';
          text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
        } else {
          if (script[j] === '$') expands = true;
          text += script[j];
        }
      }
      word(text, true, expands);
      i = j + 1;
      continue;
    }
    if (ch === '(' || ch === '{' || ch === '@' || ch === '[') {
      // An expression or script block: its value is not known from the text.
      const close = { '(': ')', '{': '}', '@': ')', '[': ']' }[ch] ?? ')';
      let depth = 0;
      let j = i;
      for (; j < script.length; j++) {
        const c = script[j];
        if (c === ch || (ch === '@' && c === '(')) depth++;
        else if (c === close && --depth <= 0) break;
      }
      word(script.slice(i, j + 1), false, true);
      i = j + 1;
      continue;
    }
    let j = i;
    let text = '';
    while (j < script.length && !/[\s;|>'"]/.test(script[j] ?? '')) {
      if (script[j] === '`' && j + 1 < script.length) j++;
      text += script[j];
      j++;
    }
    word(text, false, text.includes('$'));
    i = j;
  }
  return out;
}

/** A command's parameters (`-Path x`, `-Force`) and its positional arguments. */
function parameters(words: readonly Token[]): { named: Map<string, Token | true>; positional: Token[] } {
  const named = new Map<string, Token | true>();
  const positional: Token[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Token;
    if (!word.quoted && /^-[A-Za-z]/.test(word.text)) {
      const [name, inline] = word.text.slice(1).split(':', 2) as [string, string | undefined];
      const key = name.toLowerCase();
      if (inline !== undefined)
        named.set(key, { text: inline, quoted: false, expands: inline.includes('$') });
      else if (SWITCHES.has(key) || i + 1 >= words.length) named.set(key, true);
      else named.set(key, words[++i] as Token);
      continue;
    }
    positional.push(word);
  }
  return { named, positional };
}

/** Parameters that take no value. */
const SWITCHES = new Set([
  'force',
  'nonewline',
  'noclobber',
  'append',
  'passthru',
  'whatif',
  'recurse',
  'confirm',
]);

/** A parameter's value by any of its names (PowerShell accepts a unique prefix; the usual ones are listed). */
function named(
  params: ReturnType<typeof parameters>,
  names: readonly string[],
  position?: number,
): Token | undefined {
  for (const name of names) {
    const value = params.named.get(name);
    if (value !== undefined && value !== true) return value;
  }
  return position === undefined ? undefined : params.positional[position];
}

const pathOf = (token: Token | undefined) =>
  token === undefined || token.expands || token.text === '' ? undefined : token.text.replace(/\\/g, '/');

const CONTENT_WRITERS = new Set(['set-content', 'add-content', 'out-file', 'ac', 'tee-object', 'tee']);
const MOVERS = new Set([
  'move-item',
  'copy-item',
  'rename-item',
  'move',
  'mv',
  'copy',
  'cp',
  'cpi',
  'mi',
  'ren',
  'rni',
]);
const LOCATION = new Set(['set-location', 'cd', 'sl', 'chdir', 'push-location', 'pushd']);
const ECHOES = new Set(['echo', 'write-output', 'write', 'write-host']);

/** The script's statements, each a pipeline of commands, each command its tokens. */
function pipelines(all: readonly Token[]): Token[][][] {
  const statements: Token[][][] = [[[]]];
  for (const token of all) {
    const statement = statements.at(-1) as Token[][];
    if (token.operator === ';') statements.push([[]]);
    else if (token.operator === '|') statement.push([]);
    else (statement.at(-1) as Token[]).push(token);
  }
  return statements;
}

/**
 * A command's words without its redirections, and the files `> file`, `>> file` send it to (only the
 * success stream writes the command's output there; `$null` is no file).
 */
function withoutRedirects(raw: readonly Token[]): { words: Token[]; redirects: string[] } {
  const words: Token[] = [];
  const redirects: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const token = raw[i] as Token;
    if (token.operator === '>' || token.operator === '>>') {
      const target = pathOf(raw[i + 1]);
      if (token.text === '1' && target !== undefined && !/^\$null$/i.test(raw[i + 1]?.text ?? ''))
        redirects.push(target);
      i++;
      continue;
    }
    words.push(token);
  }
  return { words, redirects };
}

type Parameters = ReturnType<typeof parameters>;

/** `Set-Content`, `Add-Content`, `Out-File`, `Tee-Object`: its file, literal when the text it writes is. */
function contentWrite(params: Parameters, literalInput: boolean): PowerShellStep[] {
  const target = pathOf(named(params, ['path', 'literalpath', 'filepath', 'file'], 0));
  const value = named(params, ['value', 'inputobject'], 1);
  const literal =
    value !== undefined
      ? value.quoted && !value.expands
      : literalInput && params.named.get('value') === undefined;
  return target === undefined ? [] : [{ kind: 'write', path: target, evidence: 'redirect', literal }];
}

/** `New-Item`: the file it creates (`-Path` joined with `-Name`); a folder writes no file. */
function newItemWrite(params: Parameters): PowerShellStep[] {
  const type = named(params, ['itemtype', 'type']);
  const isFile = type === undefined ? true : /^file$/i.test(type.text);
  const target = pathOf(named(params, ['path', 'literalpath'], 0));
  const itemName = pathOf(named(params, ['name']));
  const full =
    target !== undefined && itemName !== undefined ? `${target}/${itemName}` : (target ?? itemName);
  const value = named(params, ['value']);
  if (!isFile || full === undefined) return [];
  const literal = value === undefined || (value.quoted && !value.expands);
  return [{ kind: 'write', path: full, evidence: 'redirect', literal }];
}

/**
 * `Rename-Item` writes its new name beside the source; `Move-Item` and `Copy-Item` write the destination,
 * as a file or as the folder the source's file lands in.
 */
function moveWrites(name: string, params: Parameters): PowerShellStep[] {
  const source = pathOf(named(params, ['path', 'literalpath'], 0));
  if (name === 'rename-item' || name === 'ren' || name === 'rni') {
    const newName = pathOf(named(params, ['newname'], 1));
    if (source === undefined || newName === undefined || newName.includes('/')) return [];
    const folder = source.includes('/') ? source.slice(0, source.lastIndexOf('/') + 1) : '';
    return [{ kind: 'write', path: `${folder}${newName}`, evidence: 'move', literal: false }];
  }
  const destination = pathOf(named(params, ['destination'], 1));
  if (source === undefined || destination === undefined) return [];
  const file = source.slice(source.lastIndexOf('/') + 1);
  return [
    { kind: 'write', path: destination, evidence: 'move', literal: false },
    { kind: 'write', path: `${destination.replace(/\/+$/, '')}/${file}`, evidence: 'move', literal: false },
  ];
}

/** What one command (by its lower-case name) writes or where it moves to; another command claims nothing. */
function commandSteps(name: string, params: Parameters, literalInput: boolean): PowerShellStep[] {
  if (LOCATION.has(name))
    return [{ kind: 'cd', path: pathOf(named(params, ['path', 'literalpath'], 0)) ?? '$unknown' }];
  if (CONTENT_WRITERS.has(name)) return contentWrite(params, literalInput);
  if (name === 'new-item' || name === 'ni') return newItemWrite(params);
  if (MOVERS.has(name)) return moveWrites(name, params);
  return [];
}

/** The files a PowerShell script writes and the folders it moves to, in order (see the module's comment). */
export function powershellSteps(script: string): PowerShellStep[] {
  const steps: PowerShellStep[] = [];
  for (const pipeline of pipelines(tokens(script))) {
    /** Whether what flows into the next command is a literal the script holds (`'x' | Set-Content f`). */
    let literalInput = false;
    for (const raw of pipeline) {
      if (raw.length === 0) continue;
      const { words, redirects } = withoutRedirects(raw);
      const head = words[0];
      const name = head !== undefined && !head.quoted ? head.text.toLowerCase().replace(/\.exe$/, '') : '';
      const params = parameters(words.slice(1));
      const onlyLiterals = (list: readonly Token[]) =>
        list.length > 0 && list.every((t) => t.quoted && !t.expands);
      const bareLiteral = head?.quoted === true && !head.expands && words.length === 1;
      // A bare string (`'x' > f`) or an echo of literals writes that text.
      const writesLiteral = bareLiteral || (ECHOES.has(name) && onlyLiterals(params.positional));
      for (const target of redirects)
        steps.push({ kind: 'write', path: target, evidence: 'redirect', literal: writesLiteral });
      steps.push(...commandSteps(name, params, literalInput));
      literalInput = writesLiteral;
    }
  }
  return steps;
}

const POWERSHELL = /^\s*(?:&\s*)?["']?(?:[^\s"']*[\\/])?(?:powershell|pwsh)(?:\.exe)?["']?(?=\s|$)/i;

/**
 * The script a command line hands PowerShell (`powershell.exe -NoProfile -Command "…"`, `pwsh -c …`), as
 * PowerShell will read it; undefined when the line does not start PowerShell with a script (`-File x.ps1`,
 * an encoded command: what those run is not in the line). A POSIX shell's double quotes are taken off
 * (with their `\"` and `\$`), so a Bash tool's line and a host's argv joined by spaces read alike.
 */
export function powershellScript(line: string): string | undefined {
  const start = POWERSHELL.exec(line);
  if (!start) return undefined;
  let rest = line.slice(start[0].length);
  for (;;) {
    const option = /^\s+(-[A-Za-z]+)(?=\s|$)/.exec(rest);
    // A script given without -Command (`powershell '…'`): PowerShell reads the first argument as one.
    if (!option && /^\s+\S/.test(rest)) break;
    if (!option) return undefined;
    const flag = (option[1] ?? '').toLowerCase();
    rest = rest.slice(option[0].length);
    if (flag === '-command' || flag === '-c') break;
    if (['-file', '-f', '-encodedcommand', '-enc', '-e', '-ec'].includes(flag)) return undefined;
    if (['-executionpolicy', '-ep', '-ex', '-windowstyle', '-w', '-workingdirectory', '-wd'].includes(flag)) {
      const value = /^\s+\S+/.exec(rest);
      rest = value ? rest.slice(value[0].length) : rest;
    }
  }
  rest = rest.trimStart();
  if (rest.startsWith('"')) {
    // The POSIX shell's quoting: up to the first unescaped `"`, with `\"`, `\\`, `\$` and `` \` `` unescaped.
    let script = '';
    for (let i = 1; i < rest.length; i++) {
      const ch = rest[i];
      if (ch === '\\' && /["\\$`]/.test(rest[i + 1] ?? '')) script += rest[++i];
      else if (ch === '"') return script;
      else script += ch;
    }
    return script;
  }
  if (rest.startsWith("'")) {
    const end = rest.indexOf("'", 1);
    return end === -1 ? rest.slice(1) : rest.slice(1, end);
  }
  return rest;
}
