import type { FilePatch, HunkSummary } from '../patch-types.js';

export type { FilePatch, FileStatus, HunkSummary } from '../patch-types.js';

/** Receives each finished hunk with its added lines while they are still in memory. */
export type HunkListener = (file: FilePatch, hunk: HunkSummary, addedLines: string[]) => void;

const MAX_SYMBOLS = 6;
const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
/** Declarations at the start of an added line (prose and `import { type X }` do not count). */
const SYMBOL_PATTERNS = [
  /^\s*(?:(?:export|default|declare|abstract|async|pub|public|private|protected|static|final|override)\s+)*(?:function\*?|class|interface|type|enum|def|fn|func|struct|trait|module)\s+([A-Za-z_$][\w$]*)/,
  /^\s*export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)/,
];

/** Undoes git's C-style quoting of a path (`"a/t\303\244b"` → `a/täb`). */
export function unquoteGitPath(text: string): string {
  if (!text.startsWith('"') || !text.endsWith('"') || text.length < 2) return text;
  const bytes: number[] = [];
  const body = text.slice(1, -1);
  const escapes: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '"': 34, '\\': 92 };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] ?? '';
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const next = body[i + 1] ?? '';
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(body.slice(i + 1, i + 4), 8));
      i += 3;
    } else {
      bytes.push(escapes[next] ?? next.charCodeAt(0));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Strips the `a/`/`b/` prefix of a `---`/`+++` path; undefined for `/dev/null`. */
function patchPath(raw: string, prefix: 'a/' | 'b/'): string | undefined {
  // A path with spaces is followed by a tab (and a timestamp in plain `diff -u` output), also when git
  // quotes it for holding a line break or a quote.
  const quoted = /^"(?:[^"\\]|\\.)*"/.exec(raw)?.[0];
  const text = unquoteGitPath(quoted ?? raw.split('\t')[0] ?? raw);
  if (text === '/dev/null') return undefined;
  return text.startsWith(prefix) ? text.slice(2) : text;
}

/** `diff --git a/P b/P`: only unambiguous when both sides are the same path (mode-only and binary changes). */
function headerPath(rest: string): string | undefined {
  if (rest.startsWith('"')) {
    const match = /^("(?:[^"\\]|\\.)*") /.exec(rest);
    return match?.[1] ? patchPath(match[1], 'a/') : undefined;
  }
  if ((rest.length - 1) % 2 !== 0) return undefined;
  const half = (rest.length - 1) / 2;
  const a = rest.slice(0, half);
  const b = rest.slice(half + 1);
  return a.startsWith('a/') && b.startsWith('b/') && a.slice(2) === b.slice(2) ? a.slice(2) : undefined;
}

interface OpenFile {
  file: FilePatch;
  fromGitHeader: boolean;
  oldSide?: string | undefined;
  newSide?: string | undefined;
  headerGuess?: string | undefined;
}

/**
 * A streaming parser of unified diffs (git's extended format and plain `diff -u`): feed it lines, get each
 * file when it is complete. Hunk line counts decide where a hunk ends, so content that looks like a header
 * (a line starting `diff --git` inside a file) is never mistaken for one.
 */
export class PatchParser {
  private open: OpenFile | undefined;
  private hunk: HunkSummary | undefined;
  private oldLeft = 0;
  private newLeft = 0;
  private addedLines: string[] = [];

  constructor(
    private readonly onFile: (file: FilePatch) => void,
    private readonly onHunk?: HunkListener,
  ) {}

  /** Feeds one line (without its newline). */
  line(text: string): void {
    if (this.hunk) {
      this.hunkLine(text);
      return;
    }
    if (text.startsWith('diff --git ')) {
      this.finishFile();
      this.open = {
        file: emptyFile(),
        fromGitHeader: true,
        headerGuess: headerPath(text.slice('diff --git '.length)),
      };
      return;
    }
    if (text.startsWith('--- ')) {
      const open = this.open;
      const awaitingSides = open?.fromGitHeader && open.file.hunkCount === 0 && open.oldSide === undefined;
      // Outside a git header, a plain `diff -u` file starts at its `---` line.
      if (!awaitingSides) {
        this.finishFile();
        this.open = { file: emptyFile(), fromGitHeader: false };
      }
    }
    const open = this.open;
    if (!open) return;
    this.headerLine(open, text);
  }

  /** Ends the input: the last file is emitted. */
  end(): void {
    if (this.hunk) this.finishHunk();
    this.finishFile();
  }

  /** Ends the current file (e.g. at a commit boundary in `git log -p`). */
  boundary(): void {
    this.end();
  }

  private headerLine(open: OpenFile, text: string): void {
    const file = open.file;
    const hunk = HUNK_HEADER.exec(text);
    if (hunk) {
      this.resolvePath(open);
      this.hunk = {
        range: hunk[0],
        oldStart: Number(hunk[1]),
        oldLines: hunk[2] === undefined ? 1 : Number(hunk[2]),
        newStart: Number(hunk[3]),
        newLines: hunk[4] === undefined ? 1 : Number(hunk[4]),
        added: 0,
        deleted: 0,
      };
      this.oldLeft = this.hunk.oldLines;
      this.newLeft = this.hunk.newLines;
      this.addedLines = [];
      if (this.oldLeft === 0 && this.newLeft === 0) this.finishHunk();
      return;
    }
    if (text.startsWith('--- ')) open.oldSide = text.slice(4);
    else if (text.startsWith('+++ ')) open.newSide = text.slice(4);
    else if (text.startsWith('new file mode')) file.status = 'added';
    else if (text.startsWith('deleted file mode')) file.status = 'deleted';
    else if (text.startsWith('old mode '))
      file.modeChange = { from: text.slice(9), to: file.modeChange?.to ?? '' };
    else if (text.startsWith('new mode '))
      file.modeChange = { from: file.modeChange?.from ?? '', to: text.slice(9) };
    else if (text.startsWith('similarity index ')) file.similarity = Number.parseInt(text.slice(17), 10);
    else if (text.startsWith('rename from ') || text.startsWith('copy from ')) {
      file.status = text.startsWith('rename') ? 'renamed' : 'copied';
      file.oldPath = unquoteGitPath(text.slice(text.indexOf(' from ') + 6));
    } else if (text.startsWith('rename to ') || text.startsWith('copy to ')) {
      file.path = unquoteGitPath(text.slice(text.indexOf(' to ') + 4));
    } else if (text.startsWith('Binary files ') || text === 'GIT binary patch') file.binary = true;
  }

  private resolvePath(open: OpenFile): void {
    const file = open.file;
    if (file.path) return;
    const oldPath = open.oldSide === undefined ? undefined : patchPath(open.oldSide, 'a/');
    const newPath = open.newSide === undefined ? undefined : patchPath(open.newSide, 'b/');
    if (open.newSide !== undefined && newPath === undefined) file.status = 'deleted';
    if (open.oldSide !== undefined && oldPath === undefined) file.status = 'added';
    file.path = newPath ?? oldPath ?? open.headerGuess ?? '';
  }

  private hunkLine(text: string): void {
    const hunk = this.hunk;
    const open = this.open;
    if (!hunk || !open) return;
    const marker = text[0];
    if (marker === '+') {
      hunk.added++;
      const at = hunk.newStart + hunk.newLines - this.newLeft;
      const runs = hunk.addedRuns ?? [];
      const last = runs.at(-1);
      if (last && last[1] === at - 1) last[1] = at;
      else runs.push([at, at]);
      hunk.addedRuns = runs;
      this.newLeft--;
      this.addedLines.push(text.slice(1));
      collectSymbols(open.file, text.slice(1));
    } else if (marker === '-') {
      hunk.deleted++;
      this.oldLeft--;
    } else if (marker === '\\') {
      return;
    } else {
      // Context, including the empty line some configurations print for an empty context line.
      this.oldLeft--;
      this.newLeft--;
    }
    if (this.oldLeft <= 0 && this.newLeft <= 0) this.finishHunk();
  }

  private finishHunk(): void {
    const hunk = this.hunk;
    const open = this.open;
    this.hunk = undefined;
    if (!hunk || !open) return;
    const file = open.file;
    file.hunkCount++;
    file.added += hunk.added;
    file.deleted += hunk.deleted;
    file.hunks.push(hunk);
    this.onHunk?.(file, hunk, this.addedLines);
    this.addedLines = [];
  }

  private finishFile(): void {
    if (this.hunk) this.finishHunk();
    const open = this.open;
    this.open = undefined;
    if (!open) return;
    this.resolvePath(open);
    if (open.file.path) this.onFile(open.file);
  }
}

function emptyFile(): FilePatch {
  return {
    path: '',
    status: 'modified',
    binary: false,
    added: 0,
    deleted: 0,
    hunks: [],
    hunkCount: 0,
    symbols: [],
  };
}

function collectSymbols(file: FilePatch, line: string): void {
  if (file.symbols.length >= MAX_SYMBOLS) return;
  for (const pattern of SYMBOL_PATTERNS) {
    const name = pattern.exec(line)?.[1];
    if (name && !file.symbols.includes(name)) {
      file.symbols.push(name);
      return;
    }
  }
}

/** Parses a whole diff text (for supplied diffs and tests). */
export function parsePatchText(text: string, onHunk?: HunkListener): FilePatch[] {
  const files: FilePatch[] = [];
  const parser = new PatchParser((file) => files.push(file), onHunk);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) parser.line(line);
  parser.end();
  return files;
}
