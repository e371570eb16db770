import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { captureFriction } from './capture.js';
import { rowFromHookPayload } from './row.js';
import { resolveLedgerSettings } from './settings.js';

const NOW = new Date('2026-11-02T10:20:30.456Z');
const SESSION = '3f2b8c1e-7d4a-4e21-9b0f-5c6d7e8f9a01';

function ledgerEnv(extra: NodeJS.ProcessEnv = {}): { env: NodeJS.ProcessEnv; path: string } {
  const dir = tempDir('retrospect-capture-');
  const path = join(dir, 'retro', 'friction.jsonl');
  return { env: { FRICTION_LEDGER: path, ...extra }, path };
}

function payload(fields: Record<string, unknown>): string {
  return JSON.stringify({
    session_id: SESSION,
    transcript_path: `/home/dev/.claude/projects/-home-dev-shop/${SESSION}.jsonl`,
    cwd: '/home/dev/shop',
    permission_mode: 'default',
    ...fields,
  });
}

describe('rowFromHookPayload', () => {
  it('takes the path from file_path, else path, and ignores every body', () => {
    const edit = rowFromHookPayload(
      {
        session_id: SESSION,
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Edit',
        tool_input: { file_path: 'src/cart.ts', path: 'other', old_string: 'a', new_string: 'b' },
        error: 'String to replace not found',
      },
      NOW,
    );
    expect(edit).toEqual({
      kind: 'row',
      row: {
        ts: '2026-11-02T10:20:30.456Z',
        session_id: SESSION,
        event: 'PostToolUseFailure',
        tool: 'Edit',
        path: 'src/cart.ts',
      },
    });
    const grep = rowFromHookPayload(
      {
        session_id: SESSION,
        hook_event_name: 'PermissionDenied',
        tool_name: 'Grep',
        tool_input: { path: 'lib' },
      },
      NOW,
    );
    expect(grep.kind === 'row' && grep.row.path).toBe('lib');
    const emptyFilePath = rowFromHookPayload(
      {
        session_id: SESSION,
        hook_event_name: 'PermissionDenied',
        tool_input: { file_path: '', path: 'docs' },
      },
      NOW,
    );
    expect(emptyFilePath.kind === 'row' && emptyFilePath.row.path).toBe('docs');
  });

  it('refuses payloads that are not friction hook input', () => {
    expect(rowFromHookPayload([1], NOW).kind).toBe('invalid');
    expect(rowFromHookPayload({ hook_event_name: 'StopFailure' }, NOW).kind).toBe('invalid');
    expect(rowFromHookPayload({ session_id: SESSION, hook_event_name: 'PostToolUse' }, NOW)).toEqual({
      kind: 'invalid',
      reason: 'hook_event_name "PostToolUse" is not one of PostToolUseFailure, PermissionDenied, StopFailure',
    });
    expect(rowFromHookPayload({ session_id: '', hook_event_name: 'StopFailure' }, NOW).kind).toBe('skip');
  });

  it('stores no over-long path or tool name (those are bodies, not names)', () => {
    const row = rowFromHookPayload(
      {
        session_id: SESSION,
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'T'.repeat(500),
        tool_input: { file_path: `/${'p'.repeat(5000)}` },
      },
      NOW,
    );
    expect(row.kind === 'row' && [row.row.tool, row.row.path]).toEqual(['', '']);
  });
});

describe('captureFriction', () => {
  it('appends one row with the contract keys in order and no canary from any body', async () => {
    const { env, path } = ledgerEnv();
    const result = await captureFriction(
      payload({
        hook_event_name: 'PostToolUseFailure',
        tool_name: 'Bash',
        tool_input: { command: 'cat CANARY_INPUT_41', description: 'CANARY_DESC_42' },
        tool_response: 'CANARY_RESULT_43',
        error: 'Exit code 1: CANARY_ERROR_44',
      }),
      { settings: resolveLedgerSettings(env), cwd: tmpdir(), now: NOW },
    );
    expect(result).toEqual({ status: 'written', path });
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(
      `{"ts":"2026-11-02T10:20:30.456Z","session_id":"${SESSION}","event":"PostToolUseFailure","tool":"Bash","path":""}\n`,
    );
    expect(text).not.toMatch(/CANARY/);
  });

  it('records StopFailure without a tool, and writes nothing for an empty session id', async () => {
    const { env, path } = ledgerEnv();
    await captureFriction(payload({ hook_event_name: 'StopFailure', error_type: 'rate_limit' }), {
      settings: resolveLedgerSettings(env),
      cwd: tmpdir(),
    });
    const [row] = readFileSync(path, 'utf8').trim().split('\n');
    expect(JSON.parse(row ?? '')).toMatchObject({ event: 'StopFailure', tool: '', path: '' });

    const other = ledgerEnv();
    const skipped = await captureFriction(payload({ session_id: '', hook_event_name: 'StopFailure' }), {
      settings: resolveLedgerSettings(other.env),
      cwd: tmpdir(),
    });
    expect(skipped.status).toBe('skipped');
    expect(existsSync(other.path)).toBe(false);
  });

  it('closes a torn last line instead of gluing the new row onto it', async () => {
    const { env, path } = ledgerEnv();
    await captureFriction(payload({ hook_event_name: 'StopFailure' }), {
      settings: resolveLedgerSettings(env),
      cwd: tmpdir(),
    });
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"ts":"2026-11-0`);
    await captureFriction(payload({ hook_event_name: 'PermissionDenied', tool_name: 'Write' }), {
      settings: resolveLedgerSettings(env),
      cwd: tmpdir(),
    });
    const lines = readFileSync(path, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe('{"ts":"2026-11-0');
    expect(JSON.parse(lines[2] ?? '')).toMatchObject({ event: 'PermissionDenied', tool: 'Write' });
  });

  it('fails with a reason for bad JSON, an unwritable ledger, and outside a repository', async () => {
    const { env } = ledgerEnv();
    expect(
      await captureFriction('{"session_id": "x", ', { settings: resolveLedgerSettings(env), cwd: tmpdir() }),
    ).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^hook input is not valid JSON/),
    });
    const dir = tempDir('retrospect-capture-');
    writeFileSync(join(dir, 'file'), 'not a folder');
    const unwritable = await captureFriction(payload({ hook_event_name: 'StopFailure' }), {
      settings: resolveLedgerSettings({ FRICTION_LEDGER: join(dir, 'file', 'friction.jsonl') }),
      cwd: dir,
    });
    expect(unwritable).toMatchObject({
      status: 'failed',
      reason: expect.stringMatching(/^cannot append to /),
    });
    expect(
      await captureFriction(payload({ hook_event_name: 'StopFailure' }), {
        settings: resolveLedgerSettings({}),
        cwd: dir,
      }),
    ).toEqual({
      status: 'failed',
      reason: 'not inside a git repository and FRICTION_LEDGER is not set',
    });
  });

  it('keeps the newest rows within the line cap and the byte cap', async () => {
    const lines = ledgerEnv({ FRICTION_LEDGER_MAX_LINES: '3' });
    for (const tool of ['A', 'B', 'C', 'D', 'E']) {
      await captureFriction(payload({ hook_event_name: 'PostToolUseFailure', tool_name: tool }), {
        settings: resolveLedgerSettings(lines.env),
        cwd: tmpdir(),
      });
    }
    const kept = readFileSync(lines.path, 'utf8').trim().split('\n');
    expect(kept.map((l) => JSON.parse(l).tool)).toEqual(['C', 'D', 'E']);

    const bytes = ledgerEnv({ FRICTION_LEDGER_MAX_BYTES: '300' });
    for (const tool of ['A', 'B', 'C', 'D', 'E']) {
      await captureFriction(payload({ hook_event_name: 'PostToolUseFailure', tool_name: tool }), {
        settings: resolveLedgerSettings(bytes.env),
        cwd: tmpdir(),
      });
    }
    const content = readFileSync(bytes.path, 'utf8');
    expect(Buffer.byteLength(content)).toBeLessThanOrEqual(300);
    // Each row is 136 bytes here: two fit in 300, three do not.
    expect(
      content
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tool),
    ).toEqual(['D', 'E']);
  });

  it('refuses a byte cap smaller than the row, and leaves the ledger as it was', async () => {
    const { env, path } = ledgerEnv();
    await captureFriction(payload({ hook_event_name: 'PostToolUseFailure', tool_name: 'A' }), {
      settings: resolveLedgerSettings(env),
      cwd: tmpdir(),
    });
    const before = readFileSync(path, 'utf8');
    const rowBytes = Buffer.byteLength(before);
    for (const cap of ['1', '100', String(rowBytes - 1)]) {
      const result = await captureFriction(
        payload({ hook_event_name: 'PostToolUseFailure', tool_name: 'B' }),
        {
          settings: resolveLedgerSettings({ ...env, FRICTION_LEDGER_MAX_BYTES: cap }),
          cwd: tmpdir(),
        },
      );
      expect(result).toEqual({
        status: 'failed',
        reason: `FRICTION_LEDGER_MAX_BYTES=${cap} is smaller than one row (${rowBytes} bytes): nothing recorded, ${path} left as it was; raise the cap (default 5242880) or unset it`,
      });
      expect(readFileSync(path, 'utf8')).toBe(before);
    }
    // A cap that holds the new row but not the old ones keeps the newest row.
    const exact = await captureFriction(payload({ hook_event_name: 'PostToolUseFailure', tool_name: 'C' }), {
      settings: resolveLedgerSettings({ ...env, FRICTION_LEDGER_MAX_BYTES: String(rowBytes) }),
      cwd: tmpdir(),
    });
    expect(exact.status).toBe('written');
    expect(
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).tool),
    ).toEqual(['C']);
  });

  it('refuses a ledger that is not a regular file (a FIFO) without waiting on it', async () => {
    const dir = tempDir('retrospect-capture-');
    const fifo = join(dir, 'friction.jsonl');
    execFileSync('mkfifo', [fifo]);
    const result = await captureFriction(payload({ hook_event_name: 'StopFailure' }), {
      settings: resolveLedgerSettings({ FRICTION_LEDGER: fifo }),
      cwd: dir,
    });
    expect(result).toEqual({
      status: 'failed',
      reason: `cannot append to ${fifo}: ${fifo} is a FIFO, not a regular file; nothing written`,
    });
  });

  it('never appends through a ledger symlink planted inside the repository', async () => {
    const repo = tempDir('retrospect-capture-link-');
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(join(repo, 'scripts'));
    mkdirSync(join(repo, '.claude', 'retro'), { recursive: true });
    const script = join(repo, 'scripts', 'deploy.sh');
    writeFileSync(script, '#!/bin/sh\necho deploy\n');
    const ledger = join(repo, '.claude', 'retro', 'friction.jsonl');
    symlinkSync('../../scripts/deploy.sh', ledger);
    const result = await captureFriction(
      payload({ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'x' } }),
      { settings: resolveLedgerSettings({}), cwd: repo },
    );
    expect(result).toEqual({
      status: 'failed',
      reason: `cannot append to ${ledger}: ${ledger} is a symlink, not a regular file; nothing written`,
    });
    expect(readFileSync(script, 'utf8')).toBe('#!/bin/sh\necho deploy\n');
  });
});
