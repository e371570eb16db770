import { join } from 'node:path';

/** Where scheduled runs keep their lock and reports: `<main checkout>/.claude/retro`. */
export function scheduledRetroDir(mainCheckout: string): string {
  return join(mainCheckout, '.claude', 'retro');
}

/** `<main checkout>/.claude/retro/scheduled.lock`. */
export function scheduledLockPath(mainCheckout: string): string {
  return join(scheduledRetroDir(mainCheckout), 'scheduled.lock');
}

/**
 * Names that scheduled reports get (`scheduled-2026-05-01T030000Z.md`, `-<pid>` suffixes on a clash).
 * Retention deletes only names of this shape, so a user's own `scheduled-notes.md` is never touched.
 */
export const REPORT_NAME_PATTERN = /^scheduled-\d{4}-\d{2}-\d{2}T\d{6}Z(?:-\d+)*\.md$/;
