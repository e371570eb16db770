import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { persistAnchors } from '../deepread/persist.js';
import { appendLedgerRow } from '../ledger/append.js';
import { tempDir } from '../test-support/temp-dir.js';
import { makeDirsSync, RETRO_DIR_GITIGNORE } from './make-dirs.js';

function gitRepo(): string {
  const root = tempDir('retrospect-ignore-');
  execFileSync('git', ['init', '-q', root]);
  return root;
}

function untracked(root: string): string {
  return execFileSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=all'], {
    encoding: 'utf8',
  });
}

const ANCHOR = {
  anchor_id: '0123456789abcdef',
  session_id: 's1',
  turn_id: 't1',
  fabricated_claim_text: 'all tests pass',
  evidence_for_fabrication: 'the run failed',
};

describe('.claude/retro is git-ignored by its own .gitignore', () => {
  it('is written when the deep read first saves an anchor there, and git then ignores the folder', () => {
    const root = gitRepo();
    writeFileSync(join(root, 'app.ts'), 'export {};\n');
    persistAnchors(root, [ANCHOR as never], 'session.jsonl');
    expect(readFileSync(join(root, '.claude/retro/.gitignore'), 'utf8')).toBe(RETRO_DIR_GITIGNORE);
    // Only the user's own file is untracked; the anchors and the .gitignore itself are ignored.
    expect(untracked(root)).toBe('?? app.ts\n');
    // The user's root .gitignore is never created or edited.
    expect(existsSync(join(root, '.gitignore'))).toBe(false);
  });

  it('is written when the friction ledger is the first file there (the async path)', async () => {
    const root = gitRepo();
    const row = { ts: '2026-11-28T10:00:00Z', session_id: 's1', event: 'PostToolUseFailure', tool: 'Bash' };
    await appendLedgerRow(
      join(root, '.claude/retro/friction.jsonl'),
      row as never,
      {
        maxBytes: 4096,
      } as never,
    );
    expect(existsSync(join(root, '.claude/retro/.gitignore'))).toBe(true);
    expect(untracked(root)).toBe('');
  });

  it('keeps a .claude/retro the team made itself as it is, and only that folder gets one', () => {
    const root = gitRepo();
    mkdirSync(join(root, '.claude/retro'), { recursive: true });
    makeDirsSync(join(root, '.claude/retro/anchors'));
    expect(existsSync(join(root, '.claude/retro/.gitignore'))).toBe(false);
    makeDirsSync(join(root, 'docs/retro'));
    expect(existsSync(join(root, 'docs/retro/.gitignore'))).toBe(false);
  });
});
