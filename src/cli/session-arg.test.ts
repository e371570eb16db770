import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../test-support/memory-io.js';
import { tempDir } from '../test-support/temp-dir.js';
import { transcriptPath } from './session-arg.js';

describe('transcriptPath', () => {
  it('reads a relative path against the command folder, not the process folder', () => {
    const folder = tempDir('retrospect-session-arg-');
    mkdirSync(join(folder, 'logs'));
    writeFileSync(join(folder, 'logs', 'talk.jsonl'), '{}\n');
    const io = memoryIo({ env: {}, cwd: folder });
    expect(transcriptPath(join('logs', 'talk.jsonl'), io)).toBe(join(folder, 'logs', 'talk.jsonl'));
  });

  it('keeps the argument as given when the process folder names the same file', () => {
    const folder = tempDir('retrospect-session-arg-');
    writeFileSync(join(folder, 'talk.jsonl'), '{}\n');
    const given = relative(process.cwd(), join(folder, 'talk.jsonl'));
    expect(transcriptPath(given, memoryIo({ env: {}, cwd: process.cwd() }))).toBe(given);
  });

  it('passes on a path that does not exist and is no session id', () => {
    const io = memoryIo({ env: {}, cwd: tempDir('retrospect-session-arg-') });
    expect(transcriptPath('missing/talk.jsonl', io)).toBe('missing/talk.jsonl');
  });
});
