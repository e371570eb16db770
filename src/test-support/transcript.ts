import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

/**
 * Builds real-shaped Claude Code transcript lines for tests: each call appends one JSONL line with the
 * fields Claude Code writes (parentUuid chain, sessionId, cwd, version, timestamps, message envelopes).
 * Ids are deterministic (`00000000-0000-4000-8000-00000000000N`) so tests can name them.
 */
export class TranscriptBuilder {
  readonly lines: string[] = [];
  private counter = 0;
  private parent: string | null = null;
  private clock = Date.UTC(2026, 9, 1, 9, 0, 0);

  constructor(
    readonly sessionId = '11111111-2222-4333-8444-555555555555',
    /** The working directory Claude Code records on every line. */
    readonly cwd = '/home/dev/shop',
  ) {}

  /** The id the next appended message will get. */
  nextId(): string {
    return TranscriptBuilder.id(this.counter + 1);
  }

  static id(n: number): string {
    return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  }

  private base(type: string): Record<string, unknown> {
    this.counter += 1;
    this.clock += 5000;
    const uuid = TranscriptBuilder.id(this.counter);
    const base = {
      parentUuid: this.parent,
      isSidechain: false,
      userType: 'external',
      cwd: this.cwd,
      sessionId: this.sessionId,
      version: '2.0.14',
      gitBranch: 'main',
      type,
      uuid,
      timestamp: new Date(this.clock).toISOString(),
    };
    this.parent = uuid;
    return base;
  }

  private push(obj: Record<string, unknown>): string {
    this.lines.push(JSON.stringify(obj));
    return obj.uuid as string;
  }

  /** A real human turn (string content). */
  user(text: string, extra: Record<string, unknown> = {}): string {
    return this.push({ ...this.base('user'), message: { role: 'user', content: text }, ...extra });
  }

  /** A system-injected user turn (`isMeta: true`), e.g. a slash-command load. */
  meta(text: string): string {
    return this.user(text, { isMeta: true });
  }

  /** One assistant text block. */
  assistant(text: string): string {
    return this.assistantBlocks([{ type: 'text', text }]);
  }

  assistantBlocks(content: unknown[]): string {
    return this.push({
      ...this.base('assistant'),
      message: {
        id: `msg_${this.counter}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content,
        stop_reason: null,
        usage: { input_tokens: 10, output_tokens: 20 },
      },
      requestId: `req_${this.counter}`,
    });
  }

  /** An assistant tool call (one tool_use block), e.g. `tool('Edit', { file_path: '/x.ts', ... })`. */
  tool(name: string, input: Record<string, unknown>): string {
    return this.assistantBlocks([{ type: 'tool_use', id: `toolu_${this.counter + 1}`, name, input }]);
  }

  /**
   * A tool result line; `isError` marks a failed tool call. `toolUseResult` replaces the structured result
   * Claude Code records beside it (a Write's `{ type, filePath, content, originalFile }`, for instance).
   */
  result(content: string, isError = false, toolUseResult?: unknown): string {
    const block: Record<string, unknown> = {
      tool_use_id: `toolu_${this.counter}`,
      type: 'tool_result',
      content,
    };
    if (isError) block.is_error = true;
    return this.push({
      ...this.base('user'),
      message: { role: 'user', content: [block] },
      toolUseResult: toolUseResult ?? (isError ? `Error: ${content}` : { stdout: content, stderr: '' }),
    });
  }

  /** Any raw line (for malformed-input cases). */
  raw(line: string): void {
    this.lines.push(line);
  }

  text(eol = '\n'): string {
    return this.lines.map((l) => l + eol).join('');
  }

  /** Writes the transcript as `<dir>/<sessionId>.jsonl` in a fresh temp dir and returns its path. */
  write(eol = '\n'): string {
    const dir = tempDir('retrospect-transcript-');
    const path = join(dir, `${this.sessionId}.jsonl`);
    writeFileSync(path, this.text(eol));
    return path;
  }
}

/** A long assistant explanation (>= 500 code points), the kind that makes a terse reply an S5. */
export const LONG_ANSWER = `I looked at the checkout flow in detail. ${'The cart total is computed in three places and each rounds differently, which is why the invoice and the receipt disagree by a cent. '.repeat(5)}`;
