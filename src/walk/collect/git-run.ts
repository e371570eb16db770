import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { InputError, RetrospectError } from '../../errors/errors.js';
import { gitArguments, SAFE_GIT_OPTIONS, safeGitEnvironment } from '../../git/safe-git.js';
import type { CommandRecord } from '../document.js';

/** Files larger than this are diffed as binary (a change of such a file is named, its lines not read). */
export const BIG_FILE_BYTES = 8 * 1024 * 1024;

/** Longest diff line the walk reads: a longer one is cut here (its head kept), as it streams. */
export const MAX_DIFF_LINE_BYTES = 64 * 1024;

/**
 * Options every git call gets: the tool's settings that keep git from running anything the repository
 * configures (git/safe-git.ts; `--no-optional-locks` among them keeps `git status` from refreshing the
 * index), then `-c` settings that pin the output format against user configuration (quoted paths,
 * signatures in logs, a root commit's changes in `git log -p`/`git show`, auto-refreshing the index from
 * `git diff`).
 */
export const GIT_BASE: readonly string[] = [
  ...SAFE_GIT_OPTIONS,
  '-c',
  'core.quotepath=off',
  '-c',
  'log.showSignature=false',
  '-c',
  'log.showRoot=true',
  '-c',
  'diff.autoRefreshIndex=false',
  // A file over this size is diffed as binary (git neither loads nor prints its lines): a commit that adds
  // a 200 MB blob or a 100 MB one-line text costs git and the walk nothing of its size.
  '-c',
  `core.bigFileThreshold=${BIG_FILE_BYTES}`,
];

/** Flags every patch-producing call gets, so that the patch parser sees one stable format. */
export const PATCH_FLAGS = ['--no-color', '--no-ext-diff', '--src-prefix=a/', '--dst-prefix=b/', '-M'];

const INLINE_OUTPUT_LIMIT = 8 * 1024;

function shellQuote(arg: string): string {
  return /^[\w@%+=:,./^~-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

interface GitCallOptions {
  /** Exit statuses that are not failures (e.g. 1 for `git diff --no-index`). Default: only 0. */
  okStatuses?: number[];
  /** Keep the output in the evidence record when it is short. */
  inline?: boolean;
  /** Leave the call out of the evidence baseline (isolation housekeeping, not evidence). */
  unrecorded?: boolean;
  /** Run somewhere else than the repository (a disposable worktree). */
  cwd?: string;
  /** Bytes for git's stdin. */
  input?: Buffer;
}

/**
 * Runs git in one repository and records every call (exact command, exit status, output digest) as the
 * walk's evidence baseline. Git is spawned directly, never through a shell.
 */
export class GitRunner {
  readonly records: CommandRecord[] = [];
  /** The safe environment, worked out on the first call (it reads the repository's filter names once). */
  private safeEnv: NodeJS.ProcessEnv | undefined;

  constructor(
    readonly cwd: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /** Runs git and returns its whole stdout (for outputs of bounded size). */
  async collect(args: string[], options: GitCallOptions = {}): Promise<{ status: number; stdout: Buffer }> {
    const chunks: Buffer[] = [];
    const status = await this.run(args, options, (chunk) => chunks.push(chunk));
    return { status, stdout: Buffer.concat(chunks) };
  }

  /** Runs git and hands stdout to `onChunk` as it arrives, so that long outputs are never held whole. */
  stream(args: string[], onChunk: (chunk: Buffer) => void, options: GitCallOptions = {}): Promise<number> {
    return this.run(args, options, onChunk);
  }

  private run(args: string[], options: GitCallOptions, onChunk: (chunk: Buffer) => void): Promise<number> {
    const argv = [...GIT_BASE, ...gitArguments(args)];
    this.safeEnv ??= safeGitEnvironment(this.cwd, this.env);
    const command = ['git', ...argv].map(shellQuote).join(' ');
    return new Promise((resolve, reject) => {
      const child = spawn('git', argv, {
        cwd: options.cwd ?? this.cwd,
        env: this.safeEnv,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      // git gets stdin only when there is input for it (git apply); otherwise it sees end of input at once.
      child.stdin.on('error', () => {});
      child.stdin.end(options.input);
      const hash = createHash('sha256');
      let bytes = 0;
      const head: Buffer[] = [];
      const stderr: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        if (bytes < INLINE_OUTPUT_LIMIT) head.push(chunk);
        bytes += chunk.length;
        onChunk(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
      child.on('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'ENOENT'
            ? new InputError('git is not installed or not on PATH; the walk reads evidence with git')
            : error,
        );
      });
      child.on('close', (code) => {
        const status = code ?? 128;
        const record: CommandRecord = {
          command,
          exit_status: status,
          output_sha256: hash.digest('hex'),
          output_bytes: bytes,
        };
        if (options.inline && bytes <= INLINE_OUTPUT_LIMIT)
          record.output = Buffer.concat(head).toString('utf8');
        if (!options.unrecorded) this.records.push(record);
        if (status === 0 || options.okStatuses?.includes(status)) {
          resolve(status);
          return;
        }
        const message = Buffer.concat(stderr).toString('utf8').trim().split('\n')[0] ?? '';
        reject(new RetrospectError('E_GIT', `${command} failed (exit ${status}): ${message}`));
      });
    });
  }
}

/**
 * Splits a byte stream into lines (on `\n` only: a lone `\r` inside a diff line is content). The pieces of
 * an unfinished line are kept in a list and joined once, so a long line costs its length, not its length
 * squared; a line over `maxLineBytes` keeps only its head (UTF-8 intact) and is counted in `cutLines`.
 */
export class LineSplitter {
  private pieces: Buffer[] = [];
  private held = 0;
  private cut = false;
  /** Lines longer than maxLineBytes, cut to their head. */
  cutLines = 0;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly maxLineBytes = MAX_DIFF_LINE_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      if (this.pieces.length === 0 && !this.cut && end - start <= this.maxLineBytes)
        this.onLine(chunk.toString('utf8', start, end));
      else {
        this.keep(chunk, start, end);
        this.flush();
      }
      start = end + 1;
    }
    this.keep(chunk, start, chunk.length);
  }

  end(): void {
    if (this.held > 0 || this.cut) this.flush();
  }

  private keep(chunk: Buffer, start: number, end: number): void {
    if (end <= start) return;
    const room = this.maxLineBytes - this.held;
    if (end - start > room) this.cut = true;
    const take = Math.min(end - start, Math.max(room, 0));
    if (take <= 0) return;
    this.pieces.push(Buffer.from(chunk.subarray(start, start + take)));
    this.held += take;
  }

  private flush(): void {
    let line = Buffer.concat(this.pieces, this.held);
    if (this.cut) {
      this.cutLines++;
      line = line.subarray(0, utf8Boundary(line));
    }
    this.onLine(line.toString('utf8'));
    this.pieces = [];
    this.held = 0;
    this.cut = false;
  }
}

/** The end of `line` moved back off a UTF-8 sequence that the cut split. */
function utf8Boundary(line: Buffer): number {
  for (let k = line.length - 1; k >= 0 && k >= line.length - 3; k--) {
    const b = line[k] ?? 0;
    if (b < 0x80) return line.length;
    if (b >= 0xc0) return k + (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) > line.length ? k : line.length;
  }
  return line.length;
}
