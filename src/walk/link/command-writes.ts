import { posix } from 'node:path';
import { powershellScript, powershellSteps } from './powershell-writes.js';
import { type SimpleCommand, simpleCommands } from './shell-words.js';

/**
 * Why a command is taken to have written a file. Precision first: a command is read only for the kinds of
 * program that write files (generators, installers, formatters, codemods, in-place editors, moves and
 * copies, output redirected into a file), and only with evidence naming the file:
 * - `output`: a generator's or formatter's output names it with a writing verb (`create app/models/x.rb`,
 *   `reformatted x.py`, `x.rb:3:1: C: [Corrected] …`);
 * - `write-set`: the file is one the command is known to write (`npm install` → `package-lock.json`,
 *   `bundle install` → `Gemfile.lock`, `rails db:migrate` → `db/schema.rb`);
 * - `argument`: a formatter, codemod or in-place editor (`prettier --write`, `black`, `gofmt -w`,
 *   `sed -i`) was given the file (or its folder) as an argument;
 * - `redirect`: the command's output went into the file (`cat > x <<EOF`, `… > x`, `tee x`);
 * - `move`: the file is the destination of `mv`, `git mv` or `cp`;
 * - `script`: an inline script (`node -e`, `python -c`, `ruby -e`) passes the file to a file-writing call,
 *   quoted or through a name it assigned the quoted path to;
 * - `appeared`: a generator ran and the session's next touch of the file was an edit of a file that was
 *   not there before (decided with the session's edits, in appearedAfter).
 * A command that writes no file (a test run, `ls`, `cat`, `git status`) never claims one, whatever it printed.
 */
export type CommandEvidence =
  | 'output'
  | 'write-set'
  | 'argument'
  | 'redirect'
  | 'move'
  | 'script'
  | 'appeared';

/** A file a command wrote, as far as the command line and its output tell. */
export interface CommandWrite {
  /** Absolute, normalised, inside the folder the session ran in. */
  path: string;
  evidence: CommandEvidence;
  /**
   * The command line holds the text it wrote (a heredoc into `cat` or `tee`, `echo`, `printf`): only the
   * lines found in it are the command's. A file a Codex session wrote with `cat > x <<'EOF'` and a person
   * changed hours later is not the session's in its new lines.
   */
  literal?: true;
}

/** Wrappers that run the program named after them. */
const RUNNERS = new Set(['sudo', 'env', 'time', 'nice', 'npx', 'bunx', 'pnpx', 'exec', 'command']);
const RUN_SUBCOMMANDS: Record<string, string[]> = {
  bundle: ['exec'],
  poetry: ['run'],
  uv: ['run'],
  pnpm: ['exec', 'dlx'],
  yarn: ['dlx', 'exec'],
  npm: ['exec'],
  pipx: ['run'],
};

/** The program and its arguments, wrappers (`npx`, `bundle exec`, `python -m`) removed; `bin/rails` → rails. */
function programOf(command: SimpleCommand): { program: string; args: string[] } | undefined {
  let words = command.words;
  for (let guard = 0; guard < 4 && words.length > 0; guard++) {
    const first = posix.basename(words[0] ?? '');
    if (RUNNERS.has(first)) {
      words = words.slice(1).filter((w, i) => i > 0 || !w.startsWith('-'));
      while (words[0]?.startsWith('-')) words = words.slice(1);
      continue;
    }
    if (RUN_SUBCOMMANDS[first]?.includes(words[1] ?? '')) {
      words = words.slice(2);
      continue;
    }
    if (/^python[0-9.]*$/.test(first) && words[1] === '-m') {
      words = words.slice(2);
      continue;
    }
    break;
  }
  const program = posix.basename(words[0] ?? '');
  return program === '' ? undefined : { program, args: words.slice(1) };
}

/** Programs that create files and list them in their output (thor-style `create path`, alembic, Django). */
function isGenerator(program: string, args: string[]): boolean {
  const sub = args[0] ?? '';
  if (program === 'rails' || program === 'rake')
    return ['generate', 'g', 'new', 'destroy'].includes(sub) ? sub !== 'destroy' : /:install$/.test(sub);
  if (/^create-/.test(program) || program === 'yo' || program === 'degit') return true;
  if (['npm', 'yarn', 'pnpm', 'bun'].includes(program)) return sub === 'create' || sub === 'init';
  if (['ng', 'nest', 'nx'].includes(program)) return ['generate', 'g', 'new'].includes(sub);
  if (program === 'django-admin') return ['startproject', 'startapp'].includes(sub);
  if (program === 'manage.py' || (program.startsWith('python') && args[0] === 'manage.py'))
    return ['startapp', 'makemigrations'].some((s) => args.includes(s));
  if (program === 'cargo') return ['new', 'init'].includes(sub);
  if (program === 'dotnet') return sub === 'new';
  if (program === 'alembic') return sub === 'revision';
  if (['shadcn', 'shadcn-ui'].includes(program) || program.startsWith('shadcn@'))
    return sub === 'add' || sub === 'init';
  if (program === 'prisma') return sub === 'migrate' || sub === 'init';
  if (program === 'drizzle-kit') return sub === 'generate';
  if (program === 'go') return sub === 'generate';
  return false;
}

/** Files installers and migrations are known to write, relative to where they run. */
function writeSet(program: string, args: string[]): string[] {
  const sub = args[0] ?? '';
  const has = (...subs: string[]) => subs.includes(sub);
  const adds = (...subs: string[]) => has(...subs) && args.slice(1).some((a) => !a.startsWith('-'));
  // A global install writes into the user's tools, not the project.
  if (args.some((a) => a === '-g' || a === '--global') || (program === 'yarn' && sub === 'global')) return [];
  switch (program) {
    case 'npm':
      if (has('install', 'i', 'uninstall', 'remove', 'rm', 'update', 'up', 'dedupe') || sub === '')
        return [
          'package-lock.json',
          ...(adds('install', 'i', 'uninstall', 'remove', 'rm') ? ['package.json'] : []),
        ];
      return [];
    case 'yarn':
      if (sub === '' || has('install', 'add', 'remove', 'upgrade', 'up'))
        return ['yarn.lock', ...(has('add', 'remove') ? ['package.json'] : [])];
      return [];
    case 'pnpm':
      if (has('install', 'i', 'add', 'remove', 'rm', 'update', 'up'))
        return ['pnpm-lock.yaml', ...(has('add', 'remove', 'rm') ? ['package.json'] : [])];
      return [];
    case 'bun':
      if (has('install', 'i', 'add', 'remove', 'update'))
        return ['bun.lock', 'bun.lockb', ...(has('add', 'remove') ? ['package.json'] : [])];
      return [];
    case 'bundle':
      if (sub === '' || has('install', 'update', 'lock', 'add', 'remove'))
        return ['Gemfile.lock', ...(has('add', 'remove') ? ['Gemfile'] : [])];
      return [];
    case 'cargo':
      if (has('add', 'remove', 'rm')) return ['Cargo.lock', 'Cargo.toml'];
      // Not `cargo build`: it writes the lock file only when it is missing or stale, and says nothing of it.
      return has('update', 'generate-lockfile') ? ['Cargo.lock'] : [];
    case 'go':
      if (sub === 'mod' && args[1] === 'tidy') return ['go.mod', 'go.sum'];
      return has('get') ? ['go.mod', 'go.sum'] : [];
    case 'poetry':
      if (has('add', 'remove')) return ['poetry.lock', 'pyproject.toml'];
      return has('lock', 'install', 'update') ? ['poetry.lock'] : [];
    case 'uv':
      if (has('add', 'remove')) return ['uv.lock', 'pyproject.toml'];
      return has('lock', 'sync') ? ['uv.lock'] : [];
    case 'composer':
      if (has('require', 'remove')) return ['composer.lock', 'composer.json'];
      return has('install', 'update') ? ['composer.lock'] : [];
    case 'rails':
    case 'rake':
      return /^db:(migrate|rollback|schema:dump|prepare|setup)/.test(sub)
        ? ['db/schema.rb', 'db/structure.sql']
        : [];
    default:
      return [];
  }
}

/**
 * Formatters, codemods and in-place editors, and how their file arguments are told from their options:
 * `write` is true when this invocation writes (`prettier` only with `--write`, `gofmt` with `-w`).
 */
function rewriter(program: string, args: string[]): { write: boolean; skip: number } | undefined {
  const flag = (...names: string[]) =>
    args.some((a) => names.includes(a) || names.some((n) => a.startsWith(`${n}=`)));
  switch (program) {
    case 'prettier':
      return { write: flag('--write', '-w'), skip: 0 };
    case 'black':
    case 'isort':
    case 'rustfmt':
    case 'autopep8':
    case 'yapf':
      return {
        write:
          program === 'black' || program === 'isort' || program === 'rustfmt' || flag('-i', '--in-place'),
        skip: 0,
      };
    case 'ruff':
      return { write: args[0] === 'format' || (args[0] === 'check' && flag('--fix')), skip: 1 };
    case 'gofmt':
    case 'goimports':
      return { write: flag('-w'), skip: 0 };
    case 'rubocop':
    case 'standardrb':
      return {
        write: flag('-a', '-A', '--autocorrect', '--autocorrect-all', '--fix', '--auto-correct'),
        skip: 0,
      };
    case 'eslint':
      return { write: flag('--fix'), skip: 0 };
    case 'biome':
      return { write: flag('--write', '--apply', '--fix'), skip: 1 };
    case 'clang-format':
      return { write: flag('-i'), skip: 0 };
    case 'jscodeshift':
    case '2to3':
    case 'pyupgrade':
    case 'dprint':
      return { write: program !== '2to3' || flag('-w'), skip: program === 'dprint' ? 1 : 0 };
    default:
      return undefined;
  }
}

/** Options that take a value: the value is not a file argument. */
const VALUED = new Set([
  '-t',
  '--transform',
  '--config',
  '-c',
  '--parser',
  '--line-length',
  '-l',
  '--target-version',
  '--ignore-path',
  '-e',
  '-f',
  '--expression',
  '--file',
]);

/** The arguments that are paths: not options, nor the values of options that take one. */
function pathArguments(args: string[], skip: number): string[] {
  const out: string[] = [];
  for (let i = skip; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') continue;
    if (arg.startsWith('-')) {
      if (VALUED.has(arg)) i++;
      continue;
    }
    if (/[*?[\]{}$`]/.test(arg)) continue; // a glob or an expansion: which files is not known here
    out.push(arg);
  }
  return out;
}

/** `sed -i`/`perl -pi`: the files after the script (`-e` scripts, or the first non-option word). */
function inPlaceFiles(program: string, args: string[]): string[] | undefined {
  if (program === 'sed') {
    if (!args.some((a) => a === '-i' || a.startsWith('-i') || a === '--in-place' || /^-[a-zA-Z]*i/.test(a)))
      return undefined;
    const scripted = args.some((a) => a === '-e' || a === '--expression' || a === '-f');
    const rest = pathArguments(
      args.filter((a, i) => !(a.startsWith('-i') && args[i - 1] !== '-e')),
      0,
    );
    // Without -e, the first plain word is the script; a BSD `-i ''` leaves an empty word out already.
    return scripted ? rest : rest.slice(1);
  }
  if (program === 'perl' && args.some((a) => /^-[a-zA-Z]*i/.test(a))) return pathArguments(args, 0);
  return undefined;
}

/** The flag that gives each interpreter its script inline. */
const INLINE_SCRIPT: Record<string, string[]> = {
  node: ['-e', '--eval'],
  bun: ['-e', '--eval'],
  deno: ['eval'],
  ruby: ['-e'],
};
/** The first argument of each file-writing call: a quoted path, or a name the script gave one. */
const WRITE_TARGET =
  /\b(?:writeFileSync|writeFile|appendFileSync|File\.write|IO\.write)\s*\(\s*(?:(['"])([^'"]+)\1|([A-Za-z_$][\w$]*)\s*[,)])|\bopen\s*\(\s*(?:(['"])([^'"]+)\4|([A-Za-z_]\w*))\s*,\s*(?:mode\s*=\s*)?['"][wax]b?\+?['"]|\b(?:Path\s*\(\s*(['"])([^'"]+)\7\s*\)|([A-Za-z_]\w*))\.write_(?:text|bytes)\s*\(/g;

/**
 * The files an inline script writes (`node -e "…fs.writeFileSync(p, …)"`, `python -c "…open('x', 'w')…"`):
 * each path a file-writing call is given, quoted in the call or through a name the script assigned a quoted
 * path to (`const p='package.json'`). A script that reads files and writes none claims nothing.
 */
function scriptFiles(program: string, args: string[]): string[] {
  const python = /^python[0-9.]*$/.test(program);
  const flags = python ? ['-c'] : INLINE_SCRIPT[program];
  if (!flags) return [];
  const at = args.findIndex((a) => flags.includes(a));
  const script = at === -1 ? undefined : args[at + 1];
  if (script === undefined) return [];
  const assigned = new Map<string, string>();
  for (const m of script.matchAll(/\b([A-Za-z_$][\w$]*)\s*=\s*(['"])([^'"]+)\2/g))
    if (m[1] !== undefined && m[3] !== undefined) assigned.set(m[1], m[3]);
  const files = new Set<string>();
  for (const m of script.matchAll(WRITE_TARGET)) {
    const quoted = m[2] ?? m[5] ?? m[8];
    const named = m[3] ?? m[6] ?? m[9];
    const path = quoted ?? (named === undefined ? undefined : assigned.get(named));
    if (path !== undefined) files.add(path);
  }
  return [...files];
}

/** The verbs a generator's or formatter's output writes before a file it wrote. */
const OUTPUT_LINE =
  /^\s*(?:create|force|append|insert|inject|prepend|gsub|update|modify|created|wrote|writing|generated|reformatted|fixed)\s+(\S+)\s*$/i;
/** RuboCop's corrected offence (`path:3:1: C: [Corrected] …`). */
const CORRECTED_LINE = /^(\S+?):\d+:\d+: [A-Z]: \[Correct(?:ed|able)\]/;
/** Alembic's `Generating /abs/path.py ...  done`, Django's `  app/migrations/0002_x.py`. */
const GENERATING_LINE = /^\s*Generating\s+(\S+)\s+\.\.\.\s+done\s*$/;
/** npm's `Wrote to /abs/package.json:`; Prettier's `src/a.ts 12ms` for a file it changed (not `(unchanged)`). */
const WROTE_TO_LINE = /^Wrote to (\S+?):?\s*$/;
const PRETTIER_LINE = /^(\S+\.\w+) \d+(?:\.\d+)?m?s$/;

function outputPaths(output: string): string[] {
  const out: string[] = [];
  for (const line of output.split('\n')) {
    const match =
      OUTPUT_LINE.exec(line) ??
      GENERATING_LINE.exec(line) ??
      WROTE_TO_LINE.exec(line) ??
      PRETTIER_LINE.exec(line);
    if (match?.[1]) out.push(match[1]);
    const corrected = CORRECTED_LINE.exec(line);
    if (corrected?.[1] && /\[Corrected\]/.test(line)) out.push(corrected[1]);
  }
  return out;
}

/**
 * A path in one spelling: forward slashes, a Windows drive letter lower-cased (`C:\\x`, `c:/x` and Git
 * Bash's `/c/x` are one path when the session ran on a drive).
 */
export function canonicalPath(path: string, onDrive = false): string {
  let out = path.replace(/\\/g, '/');
  if (onDrive && /^\/[A-Za-z]\//.test(out)) out = `${out[1]}:${out.slice(2)}`;
  if (/^[A-Za-z]:\//.test(out)) out = `${out[0]?.toLowerCase()}${out.slice(1)}`;
  return out;
}

const isAbsolute = (path: string) => path.startsWith('/') || /^[a-z]:\//.test(path);

/** `path` resolved against `cwd`, or undefined when it leaves `root` (the folder the session ran in). */
function inside(root: string, cwd: string | undefined, path: string): string | undefined {
  // `~`, `$HOME`, `$(date …)`, globs: where they point is the shell's to say, not the transcript's.
  if (cwd === undefined || path === '' || path.includes('\0') || /^~|[$`()*?[\]{}]/.test(path))
    return undefined;
  const given = canonicalPath(path, /^[a-z]:\//.test(root));
  const full = posix.normalize(isAbsolute(given) ? given : posix.join(cwd, given)).replace(/\/+$/, '');
  const base = root.replace(/\/+$/, '');
  return full === base || full.startsWith(`${base}/`) ? full : undefined;
}

/**
 * The files a command line wrote, read from the line and its output (see CommandEvidence). `root` is the
 * folder the session ran in (its recorded `cwd`): a path outside it is never claimed, so a command's text
 * can name no file of another project; `workdir` is the folder the call ran in, when it names one. Nothing
 * here runs the command.
 */
export function commandWrites(
  line: string,
  output: string,
  folder: string,
  workdir?: string,
): CommandWrite[] {
  const writes: CommandWrite[] = [];
  const root = canonicalPath(folder);
  if (!isAbsolute(root)) return writes;
  // Unknown after a `cd` out of the folder or to a place only the shell can resolve: nothing after it is
  // claimed. A call that ran in a folder of its own (`workdir`) starts there, inside the session's folder only.
  let cwd: string | undefined = workdir === undefined ? root : inside(root, root, workdir);
  const add = (path: string, evidence: CommandEvidence, literal = false) => {
    const full = inside(root, cwd, path);
    if (full !== undefined && !writes.some((w) => w.path === full))
      writes.push({ path: full, evidence, ...(literal ? { literal: true } : {}) });
  };
  const script = powershellScript(line);
  if (script !== undefined) {
    // A Windows session's PowerShell: its own reader, the same rules (powershell-writes.ts).
    for (const step of powershellSteps(script)) {
      if (step.kind === 'cd') cwd = inside(root, cwd, step.path);
      else add(step.path, step.evidence, step.literal);
    }
    return writes;
  }
  let generated = false;
  const heredoc = /<<-?\s*['"]?\w+/.test(line);
  for (const command of simpleCommands(line)) {
    const found = programOf(command);
    const writesText =
      found !== undefined &&
      (['echo', 'printf'].includes(found.program) ||
        (heredoc && ['cat', 'tee'].includes(found.program) && pathArguments(found.args, 0).length === 0));
    for (const target of command.writes) add(target, 'redirect', writesText);
    if (!found) continue;
    const { program, args } = found;
    if (program === 'cd') {
      cwd = args[0] === undefined ? undefined : inside(root, cwd, args[0]);
      continue;
    }
    if (program === 'tee') for (const path of pathArguments(args, 0)) add(path, 'redirect', heredoc);
    if (program === 'mv' || program === 'cp' || (program === 'git' && args[0] === 'mv')) {
      const paths = pathArguments(program === 'git' ? args.slice(1) : args, 0);
      const target = paths.at(-1);
      if (paths.length >= 2 && target !== undefined) {
        // Into a folder (`mv a.ts b.ts src/`): each file keeps its name there; else the target is the file.
        if (paths.length > 2 || target.endsWith('/'))
          for (const source of paths.slice(0, -1)) add(posix.join(target, posix.basename(source)), 'move');
        else {
          add(target, 'move');
          add(posix.join(target, posix.basename(paths[0] ?? '')), 'move');
        }
      }
      continue;
    }
    for (const path of writeSet(program, args)) add(path, 'write-set');
    for (const path of scriptFiles(program, args)) add(path, 'script');
    const inPlace = inPlaceFiles(program, args);
    if (inPlace) for (const path of inPlace) add(path, 'argument');
    const format = rewriter(program, args);
    if (format?.write) {
      const given = pathArguments(args, format.skip);
      for (const path of given) {
        // A folder argument (`.`, `src/`) claims only files the output names: which of its files changed is
        // not known otherwise.
        const folderLike = path === '.' || path.endsWith('/') || posix.extname(path) === '';
        if (!folderLike) add(path, 'argument');
      }
      if (given.length === 0 || given.some((p) => p === '.' || p.endsWith('/') || posix.extname(p) === ''))
        generated = true;
    }
    if (isGenerator(program, args)) generated = true;
  }
  if (generated) for (const path of outputPaths(output)) add(path, 'output');
  return writes;
}

/** Whether the command line runs a generator (see isGenerator): the files it creates may go unnamed. */
export function runsGenerator(line: string): boolean {
  return simpleCommands(line).some((command) => {
    const found = programOf(command);
    return found !== undefined && isGenerator(found.program, found.args);
  });
}
