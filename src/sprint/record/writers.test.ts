import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoot } from '../../test-support/sprint.js';
import { VELOCITY_PATH } from '../read/paths.js';
import { dedupKeyOf, velocityPayload, writeMemoryEntry } from './writers.js';

const NOW = new Date('2026-11-28T10:00:00Z');
const LOG = '.gaia/memory/architect-sidecar/decision-log.md';

describe('shared memory writer', () => {
  it('seeds a missing log with its header and appends one entry with its dedup key', () => {
    const root = tempRoot();
    const result = writeMemoryEntry({
      root,
      target: LOG,
      sprintId: 'sprint-7',
      payload: '- lesson: keep ADRs short  \r\n',
      now: NOW,
    });
    const key = dedupKeyOf('sprint-7', '- lesson: keep ADRs short');
    expect(result).toEqual({ status: 'ok', dedup_key: key, target: LOG });
    expect(readFileSync(join(root, LOG), 'utf8')).toBe(
      `# Decision Log\n\n### Sprint sprint-7 — 2026-11-28T10:00:00Z\n\n- lesson: keep ADRs short\n\n<!-- dedup_key: ${key} -->\n`,
    );
  });

  it('skips the same payload for the same sprint, byte for byte', () => {
    const root = tempRoot();
    writeMemoryEntry({ root, target: LOG, sprintId: 'sprint-7', payload: 'x', now: NOW });
    const before = readFileSync(join(root, LOG));
    const again = writeMemoryEntry({
      root,
      target: join(root, LOG),
      sprintId: 'sprint-7',
      payload: '\uFEFFx\n',
      now: new Date(),
    });
    expect(again.status).toBe('skipped_idempotent');
    expect(readFileSync(join(root, LOG)).equals(before)).toBe(true);
    expect(writeMemoryEntry({ root, target: LOG, sprintId: 'sprint-8', payload: 'x', now: NOW }).status).toBe(
      'ok',
    );
  });

  it('keeps one velocity row per sprint, whatever the payload', () => {
    const root = tempRoot();
    const payload = velocityPayload({ planned: 26, completed: 21, done: 4, rollover: 2, pct: 81 });
    expect(
      writeMemoryEntry({ root, target: VELOCITY_PATH, sprintId: 'sprint-7', payload, now: NOW }).status,
    ).toBe('ok');
    const changed = payload.replace('| 21 |', '| 22 |');
    expect(
      writeMemoryEntry({ root, target: VELOCITY_PATH, sprintId: 'sprint-7', payload: changed, now: NOW })
        .status,
    ).toBe('skipped_idempotent');
    expect(
      writeMemoryEntry({ root, target: VELOCITY_PATH, sprintId: 'sprint-70', payload, now: NOW }).status,
    ).toBe('ok');
    const text = readFileSync(join(root, VELOCITY_PATH), 'utf8');
    expect(text.startsWith('# SM Velocity Data\n')).toBe(true);
    expect(text).toContain('| Velocity % | 81 |');
    expect(text.match(/^### Sprint /gm)).toHaveLength(2);
  });

  it('refuses a missing sprint id before touching anything', () => {
    const root = tempRoot();
    expect(writeMemoryEntry({ root, target: LOG, sprintId: '  ', payload: 'x' })).toEqual({
      status: 'missing_sprint_id',
      reason: 'a sprint id is required',
    });
    expect(existsSync(join(root, '.gaia'))).toBe(false);
  });

  it('refuses targets off the allowlist, .. escapes and symlinks leaving the root', () => {
    const root = tempRoot();
    const outside = tempRoot();
    writeFileSync(join(outside, 'notes.md'), 'outside\n');
    for (const target of [
      'README.md',
      '.gaia/memory/notes.md',
      '.gaia/memory/sm-sidecar/../../../x.md',
      join(outside, 'notes.md'),
    ]) {
      expect(writeMemoryEntry({ root, target, sprintId: 'sprint-7', payload: 'x' }).status).toBe(
        'unauthorized',
      );
    }
    mkdirSync(join(root, '.gaia/memory/pm-sidecar'), { recursive: true });
    symlinkSync(join(outside, 'notes.md'), join(root, '.gaia/memory/pm-sidecar/decision-log.md'));
    symlinkSync(outside, join(root, '.gaia/memory/devops-sidecar'));
    const viaFile = writeMemoryEntry({
      root,
      target: '.gaia/memory/pm-sidecar/decision-log.md',
      sprintId: 'sprint-7',
      payload: 'x',
    });
    const viaDir = writeMemoryEntry({
      root,
      target: '.gaia/memory/devops-sidecar/notes.md',
      sprintId: 'sprint-7',
      payload: 'x',
    });
    expect([viaFile.status, viaDir.status]).toEqual(['unauthorized', 'unauthorized']);
    expect(readFileSync(join(outside, 'notes.md'), 'utf8')).toBe('outside\n');
  });

  it('refuses a target with a line break or a control character, so that it cannot forge an output line', () => {
    const root = tempRoot();
    for (const target of [
      '.gaia/memory/a\nstatus=ok-sidecar/decision-log.md',
      '.gaia/memory/a\rid=forged-sidecar/decision-log.md',
      '.gaia/memory/a\u0007-sidecar/decision-log.md',
      '.gaia/memory/a\u2028-sidecar/decision-log.md',
    ]) {
      const result = writeMemoryEntry({ root, target, sprintId: 'sprint-7', payload: 'x' });
      expect(result.status).toBe('unauthorized');
      expect(result.reason).toMatch(/^a write target is one line without control characters/);
      expect(result.target ?? '').not.toMatch(/[\n\r]/);
    }
    expect(existsSync(join(root, '.gaia/memory'))).toBe(false);
  });

  it('never appends to a write-once retro artifact or a YAML file', () => {
    const root = tempRoot();
    const artifact =
      '.gaia/artifacts/implementation-artifacts/retrospective/retrospective-sprint-7-2026-11-28.md';
    mkdirSync(join(root, artifact, '..'), { recursive: true });
    writeFileSync(join(root, artifact), 'written once\n');
    for (const target of [artifact, '.gaia/knowledge/brain-index.yaml']) {
      expect(writeMemoryEntry({ root, target, sprintId: 'sprint-7', payload: 'x' }).status).toBe('io_error');
    }
    expect(readFileSync(join(root, artifact), 'utf8')).toBe('written once\n');
  });

  it('reports io_error for a read-only sidecar and leaves it and no backup behind', () => {
    const root = tempRoot();
    writeMemoryEntry({ root, target: LOG, sprintId: 'sprint-6', payload: 'old', now: NOW });
    const before = readFileSync(join(root, LOG));
    chmodSync(join(root, LOG), 0o444);
    const result = writeMemoryEntry({ root, target: LOG, sprintId: 'sprint-7', payload: 'new', now: NOW });
    expect(result.status).toBe('io_error');
    expect(result.reason).toMatch(/read-only/);
    expect(readFileSync(join(root, LOG)).equals(before)).toBe(true);
    expect(existsSync(join(root, `${LOG}.bak`))).toBe(false);
    expect(existsSync(join(root, `${LOG}.lock`))).toBe(false);
  });
});
