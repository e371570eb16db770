import type { Mechanism } from './mechanical.js';

/** A Claude Code hook that enforces one mechanical rule, run as `retrospect hook guard <kind>`. */
export interface GuardKind {
  kind: Mechanism;
  /** The hook event it is installed for. */
  event: 'PreToolUse' | 'Stop';
  /** The tool matcher (PreToolUse only). */
  matcher: string | undefined;
  /** What it does, in one line, for confirmation prompts and `retrospect rules`. */
  description: string;
}

/**
 * One guard per mechanical pattern. The installed command is fixed text (`... hook guard <kind>`): no rule
 * text, transcript text or model output is ever part of a command; the guard reads the session as data.
 */
export const GUARD_KINDS: Record<Mechanism, GuardKind> = {
  'repeated-failing-command': {
    kind: 'repeated-failing-command',
    event: 'PreToolUse',
    matcher: 'Bash',
    description: 'blocks a Bash command that already failed in this session, unless a file was edited since',
  },
  'edit-without-read': {
    kind: 'edit-without-read',
    event: 'PreToolUse',
    matcher: 'Edit|MultiEdit|NotebookEdit',
    description: 'blocks an edit of a file this session has not read (or written) yet',
  },
  'unverified-success-claim': {
    kind: 'unverified-success-claim',
    event: 'Stop',
    matcher: undefined,
    description:
      'keeps the agent working when it claims success with edits no test, build or lint has checked since',
  },
};

export function isGuardKind(text: string): text is Mechanism {
  return Object.hasOwn(GUARD_KINDS, text);
}
