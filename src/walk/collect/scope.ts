import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../errors/errors.js';
import { JOB_ID_PATTERN } from '../../jobs/schema.js';
import type { WalkScope } from '../document.js';

/** A target resolved to the scope it is walked as. */
export interface ResolvedScope {
  scope: WalkScope;
  /** The target as given ('' when none). */
  target: string;
  /** For commit-range: the revision range handed to git (`A..B`, or `X^!` for one commit). */
  range?: string;
  /** For worktree and diff: the file or folder the target names, absolute. */
  path?: string;
  /**
   * For a walk of one coding-agent session's changes (`--from-retro`): its transcript. The commits it
   * made are walked as a commit range.
   */
  sessionTranscript?: string;
  /** For `--from-retro`: the anchor followed up and its record file (to say how to walk it elsewhere). */
  anchor?: { id: string; file: string };
}

/**
 * The default scope of a target: `A..B`/`A...B` → commit-range, `-` → diff on stdin, a job id → job-id,
 * an existing path or nothing → worktree, any other word → that one commit (`X^!`).
 */
export function resolveScope(
  target: string | undefined,
  explicit: WalkScope | undefined,
  cwd: string,
): ResolvedScope {
  const given = target ?? '';
  const scope = explicit ?? defaultScope(given, cwd);
  switch (scope) {
    case 'commit-range': {
      if (given === '')
        throw new UsageError('the commit-range scope needs a range such as HEAD~5..HEAD', {
          code: 'E_WALK_SCOPE_NEEDS_TARGET',
          fields: { scope },
        });
      return {
        scope,
        target: given,
        range: given.includes('..') || given.endsWith('^!') ? given : `${given}^!`,
      };
    }
    case 'worktree':
      return { scope, target: given, path: resolve(cwd, given === '' ? '.' : given) };
    case 'diff':
      return given === '' || given === '-'
        ? { scope, target: given }
        : { scope, target: given, path: resolve(cwd, given) };
    default:
      if (given === '')
        throw new UsageError(
          `the ${scope} scope needs a target (the ${scope === 'job-id' ? 'job id' : 'episode reference'})`,
          {
            code: 'E_WALK_SCOPE_NEEDS_TARGET',
            fields: { scope },
          },
        );
      return { scope, target: given };
  }
}

function defaultScope(target: string, cwd: string): WalkScope {
  if (target === '-') return 'diff';
  if (target === '') return 'worktree';
  if (JOB_ID_PATTERN.test(target)) return 'job-id';
  if (existsSync(resolve(cwd, target))) return 'worktree';
  return 'commit-range';
}
