import type { TranscriptMessage } from '../../deepread/message.js';

/**
 * The friction patterns a transcript shows mechanically: a rule against one of them can be checked
 * without a model, and a rule broken again and again can be enforced by a hook instead of more prose.
 */
export const MECHANISMS = [
  'repeated-failing-command',
  'edit-without-read',
  'unverified-success-claim',
] as const;
export type Mechanism = (typeof MECHANISMS)[number];

/** One occurrence of a mechanical pattern: where it is and the words that show it. */
export interface MechanicalFinding {
  mechanism: Mechanism;
  /** The assistant message that made the call or the claim. */
  messageId: string;
  /** The command, the path or the claim (one line, at most EXCERPT_CHARS). */
  excerpt: string;
}

const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'NotebookEdit']);
const EXCERPT_CHARS = 160;

/** Commands that check work: test runners, type checkers, linters and builds. */
const VERIFY_COMMAND =
  /(?:^|[\s;&|(])(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|build|lint|check|typecheck|verify)\b|\b(?:vitest|jest|mocha|pytest|tox|tsc|eslint|biome|ruff|mypy|cargo\s+(?:test|build|check|clippy)|go\s+(?:test|build|vet)|make(?:\s+(?:test|check|build))?|gradle\w*\s+(?:test|build|check)|mvn\s+(?:test|verify|package)|dotnet\s+(?:test|build)|bash\s+-n|shellcheck)\b/;

/** An assistant saying its work is done and working. */
const SUCCESS_CLAIM =
  /\b(?:all (?:the )?(?:\d+ )?tests (?:now )?pass(?:ed|ing)?|tests? (?:are |is )?(?:now )?(?:all )?passing|(?:it|this|everything) (?:now )?works(?: now)?(?! (?:like|as|by|when|with|because|well|the same)\b)|(?:is|are) (?:now )?(?:fixed|working)|(?:has|have) been (?:fixed|resolved)|(?:build|compile)s? (?:now )?(?:passes|succeeds|is green)|successfully (?:fixed|implemented|completed|resolved))\b/gi;

/**
 * Words before a match, in the same sentence, that make it a plan, a question or a heading rather than a
 * claim: "How It Works", "verify everything works", "see if this works". Found on real transcripts, where
 * they were most of the matches before this check.
 */
const NOT_A_CLAIM =
  /\b(?:how|if|whether|verify|verifying|check|checking|see|ensure|confirm|make sure|until|once|test)\b[^.!?\n]*$/i;

/** The words of `text` that claim success, or undefined. */
export function successClaim(text: string): string | undefined {
  for (const match of text.matchAll(SUCCESS_CLAIM)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const before = text.slice(Math.max(lineStart, match.index - 60), match.index);
    if (/^\s*#/.test(text.slice(lineStart, match.index)) || NOT_A_CLAIM.test(before)) continue;
    return match[0];
  }
  return undefined;
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1)}…` : flat;
}

/** Whitespace runs are one space: `npm  test` and `npm test` are the same command run again. */
function commandKey(command: string): string {
  return command.replace(/\s+/g, ' ').trim();
}

/**
 * Folds a transcript's messages in file order and collects the mechanical findings:
 * - `repeated-failing-command`: a Bash command run again, unchanged, after it failed, with no file edited
 *   in between (an edit may be the fix, so a rerun after one is not counted);
 * - `edit-without-read`: an Edit, MultiEdit or NotebookEdit of a file the session neither read nor
 *   wrote before;
 * - `unverified-success-claim`: an assistant text claiming success while files were edited after the
 *   last passing test, build, type check or lint (or with none run at all since the first edit).
 */
export class MechanicalDetector {
  readonly findings: MechanicalFinding[] = [];
  private readonly failed = new Map<string, true>();
  private readonly pending = new Map<string, { command: string; verify: boolean }>();
  private readonly known = new Set<string>();
  private unverifiedEdits = false;
  private lastText = '';

  /** Whether running `command` now would repeat a command that failed with no edit since. */
  failedBefore(command: string): boolean {
    return this.failed.has(commandKey(command));
  }

  /** Whether the session has read or written `path`. */
  knows(path: string): boolean {
    return this.known.has(path);
  }

  /** Whether files were edited after the last passing check (or with none since the first edit). */
  get editsUnverified(): boolean {
    return this.unverifiedEdits;
  }

  push(message: TranscriptMessage): void {
    if (message.sidechain) return;
    if (message.role === 'assistant') this.assistant(message);
    else this.results(message);
  }

  /** The text of the latest assistant message that had any. */
  get lastAssistantText(): string {
    return this.lastText;
  }

  private assistant(message: TranscriptMessage): void {
    if (message.text !== '') this.lastText = message.text;
    const claim = this.unverifiedEdits ? successClaim(message.text) : undefined;
    if (claim !== undefined) this.add('unverified-success-claim', message.id, claim);
    for (const call of message.toolCalls) {
      if (call.name === 'Bash' && call.command !== undefined) {
        const key = commandKey(call.command);
        if (this.failed.has(key)) this.add('repeated-failing-command', message.id, key);
        this.pending.set(call.id, { command: key, verify: VERIFY_COMMAND.test(key) });
        continue;
      }
      if (call.path === undefined) continue;
      if (call.name === 'Read' || call.name === 'Write') {
        this.known.add(call.path);
        if (call.name === 'Write') this.edited();
        continue;
      }
      if (EDIT_TOOLS.has(call.name)) {
        if (!this.known.has(call.path)) this.add('edit-without-read', message.id, call.path);
        // Claude Code refuses an edit of an unread file; reported once, not again on the retry.
        this.known.add(call.path);
        this.edited();
      }
    }
  }

  private results(message: TranscriptMessage): void {
    for (const output of message.toolOutputs) {
      const call = this.pending.get(output.toolUseId);
      if (call === undefined) continue;
      this.pending.delete(output.toolUseId);
      if (output.isError) this.failed.set(call.command, true);
      else this.failed.delete(call.command);
      if (call.verify && !output.isError) this.unverifiedEdits = false;
    }
  }

  /** A file changed: a failed command may pass now, and earlier checks no longer cover the work. */
  private edited(): void {
    this.failed.clear();
    this.unverifiedEdits = true;
  }

  private add(mechanism: Mechanism, messageId: string, excerpt: string): void {
    this.findings.push({ mechanism, messageId, excerpt: oneLine(excerpt) });
  }
}
