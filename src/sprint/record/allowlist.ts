import { isAbsolute, join } from 'node:path';
import { realPathOfMaybeMissing, relativeInside } from '../../fsx/index.js';
import { IA, PA } from '../read/paths.js';

/** The only files the sprint writers may touch, relative to the project root; `*` is one path segment. */
export const WRITE_ALLOWLIST = [
  '.gaia/memory/*-sidecar/*.md',
  '.gaia/state/action-items.yaml',
  `${PA}/action-items.yaml`,
  `${IA}/retrospective/retrospective-*.md`,
  'custom/skills/*.md',
  'custom/skills/*.customize.yaml',
  '.gaia/knowledge/brain-index.yaml',
] as const;

const PATTERNS = WRITE_ALLOWLIST.map(
  (glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}$`),
);

/** Control characters and line separators (C0, DEL, C1, U+2028, U+2029). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export type Authorization =
  | { ok: true /** Real path to write. */; realPath: string /** Relative to the real root. */; rel: string }
  | { ok: false; reason: string };

/**
 * Checks a write target against the allowlist on its real path: symlinks are resolved (a missing tail
 * from its deepest existing parent), so a link that leaves the root, or a `..` segment, is refused.
 */
export function authorizeTarget(root: string, target: string): Authorization {
  // A target is one line of printable text: a line break in it would forge a `key=value` line of the
  // writer's output (`target=…\nstatus=ok`), and no file of the allowlist has a control character.
  if (CONTROL.test(target)) {
    return {
      ok: false,
      reason: `a write target is one line without control characters (got ${JSON.stringify(target).slice(0, 80)})`,
    };
  }
  if (target.split(/[\\/]/).includes('..')) {
    return { ok: false, reason: `'..' is not allowed in a write target (${target})` };
  }
  const rel = relativeInside(root, target);
  if (rel === undefined) return { ok: false, reason: `${target} resolves outside the project root` };
  if (!PATTERNS.some((p) => p.test(rel))) {
    return { ok: false, reason: `${rel} is not on the sprint writers' allowlist` };
  }
  const realRoot = realPathOfMaybeMissing(root);
  return { ok: true, realPath: join(realRoot, rel), rel };
}

/** A target as given on the command line: absolute, or relative to the project root. */
export function targetPath(root: string, target: string): string {
  return isAbsolute(target) ? target : join(root, target);
}
