import { accessSync, constants, copyFileSync, existsSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { readTextIfExists, restore, withLockSync, writeFileAtomic } from '../../fsx/index.js';
import { VELOCITY_PATH } from '../read/paths.js';
import { authorizeTarget } from './allowlist.js';
import { sha256Hex } from './sha256.js';

export type WriteStatus = 'ok' | 'skipped_idempotent' | 'unauthorized' | 'missing_sprint_id' | 'io_error';

/** Outcome of one memory write; the first two statuses are success. */
export interface WriteResult {
  status: WriteStatus;
  dedup_key?: string;
  target?: string;
  reason?: string;
}

/** BOM removed, CRLF -> LF, trailing spaces removed (per line and at the end). */
function normalisePayload(payload: string): string {
  return payload
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n+$/, '');
}

export function dedupKeyOf(sprintId: string, payload: string): string {
  return sha256Hex(`${sprintId}\n${normalisePayload(payload)}`);
}

/** The canonical first line of a memory file that does not exist yet. */
function seedHeaderFor(rel: string): string {
  const name = basename(rel, '.md');
  if (name === 'decision-log') return '# Decision Log\n';
  if (rel === VELOCITY_PATH) return '# SM Velocity Data\n';
  const title = name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
  return `# ${title}\n`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when the file has a `### Sprint {id}` heading (and not merely one of a longer id). */
function hasSprintHeading(content: string, sprintId: string): boolean {
  return new RegExp(`^### Sprint ${escapeRegExp(sprintId)}(?:\\s|$)`, 'm').test(content);
}

/** Refuses a file the user made read-only, even when we run as a user who could write it anyway. */
function assertWritable(path: string): void {
  if (!existsSync(path)) return;
  if ((statSync(path).mode & 0o222) === 0) throw new Error(`${path} is read-only`);
  accessSync(path, constants.W_OK);
}

/**
 * Replaces a file under backup: the current bytes are copied to `<file>.bak` first and put back when any
 * step fails (including the read-back check), so a failing target is left as it was.
 */
export function replaceWithBackup(path: string, content: string): void {
  assertWritable(path);
  const previous = existsSync(path) ? Buffer.from(readTextIfExists(path) ?? '', 'utf8') : undefined;
  const backup = `${path}.bak`;
  if (previous !== undefined) copyFileSync(path, backup);
  try {
    writeFileAtomic(path, content);
  } catch (error) {
    restore(path, previous);
    throw error;
  } finally {
    if (previous !== undefined) unlinkSync(backup);
  }
}

interface MemoryWrite {
  root: string;
  /** Absolute, or relative to the root. */
  target: string;
  sprintId: string;
  payload: string;
  now?: Date;
}

/**
 * The shared memory writer (docs/design/sprint-retro.md §5): allowlist on the real path, `missing_sprint_id` before anything
 * is touched, canonical header for a new file, dedup key per (sprint, payload) — or per sprint alone for
 * the velocity file — and the append done under the file's lock with temp + rename + verify + restore.
 */
export function writeMemoryEntry(request: MemoryWrite): WriteResult {
  const sprintId = request.sprintId.trim();
  if (sprintId === '') return { status: 'missing_sprint_id', reason: 'a sprint id is required' };
  const auth = authorizeTarget(request.root, request.target);
  if (!auth.ok) return { status: 'unauthorized', reason: auth.reason };
  if (!/^\.gaia\/memory\/[^/]+-sidecar\/[^/]+\.md$/.test(auth.rel)) {
    // Allowlisted, but not an append-only memory file: artifacts are written once, YAML files are edited.
    return {
      status: 'io_error',
      target: auth.rel,
      reason: 'memory entries go to .gaia/memory/*-sidecar/*.md only',
    };
  }
  const payload = normalisePayload(request.payload);
  const dedup_key = dedupKeyOf(sprintId, payload);
  const velocity = auth.rel === VELOCITY_PATH;
  try {
    mkdirSync(dirname(auth.realPath), { recursive: true });
    return withLockSync(auth.realPath, () => {
      const current = readTextIfExists(auth.realPath);
      const seen = velocity
        ? current !== undefined && hasSprintHeading(current, sprintId)
        : current?.includes(`<!-- dedup_key: ${dedup_key} -->`);
      if (seen) return { status: 'skipped_idempotent' as const, dedup_key, target: auth.rel };
      const stamp = (request.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const entry = `\n### Sprint ${sprintId} — ${stamp}\n\n${payload}\n\n<!-- dedup_key: ${dedup_key} -->\n`;
      const base = current ?? seedHeaderFor(auth.rel);
      replaceWithBackup(auth.realPath, `${base.endsWith('\n') ? base : `${base}\n`}${entry}`);
      return { status: 'ok' as const, dedup_key, target: auth.rel };
    });
  } catch (error) {
    return { status: 'io_error', dedup_key, target: auth.rel, reason: (error as Error).message };
  }
}

/** The velocity row payload of docs/design/sprint-retro.md §5. */
export function velocityPayload(v: {
  planned: number;
  completed: number;
  done: number;
  rollover: number;
  pct: number | null;
}): string {
  return [
    '| Metric | Value |',
    '|---|---|',
    `| Planned points | ${v.planned} |`,
    `| Completed points | ${v.completed} |`,
    `| Story count (done) | ${v.done} |`,
    `| Story count (rollover) | ${v.rollover} |`,
    `| Velocity % | ${v.pct ?? 'N/A'} |`,
  ].join('\n');
}
