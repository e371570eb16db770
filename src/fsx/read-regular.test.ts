import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { readProjectTextIfExists } from './project.js';
import {
  FileTooLargeError,
  LinkRefusedError,
  NotRegularFileError,
  openRegularFd,
  readRegularText,
  readTextIfExists,
} from './read-regular.js';

function fifo(): string {
  const dir = tempDir('retrospect-fifo-');
  const path = join(dir, 'pipe');
  execFileSync('mkfifo', [path]);
  return path;
}

describe('reading only regular files', () => {
  it('refuses a FIFO with no writer at once instead of blocking in open', () => {
    const path = fifo();
    const started = Date.now();
    expect(() => readRegularText(path)).toThrow(NotRegularFileError);
    expect(() => openRegularFd(path)).toThrow(/is a FIFO \(named pipe\), not a regular file; not read/);
    expect(() => readTextIfExists(path)).toThrow(NotRegularFileError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses a project file that is a FIFO (a lessons file, a sprint-status.yaml) in one line', () => {
    const root = tempDir('retrospect-fifo-project-');
    mkdirSync(join(root, '.claude'));
    execFileSync('mkfifo', [join(root, '.claude', 'retrospect-lessons.md')]);
    expect(() => readProjectTextIfExists(root, '.claude/retrospect-lessons.md')).toThrow(
      /retrospect-lessons\.md is a FIFO/,
    );
  });

  it('refuses the endless devices (/dev/zero, /dev/urandom) and a folder', () => {
    expect(() => readRegularText('/dev/zero')).toThrow('/dev/zero is a character device, not a regular file');
    expect(() => openRegularFd('/dev/urandom')).toThrow(NotRegularFileError);
    expect(() => readRegularText(tempDir('retrospect-folder-'))).toThrow(/is a folder, not a regular file/);
  });

  it('loads a file whole only up to the cap, and says how large it was', () => {
    const path = join(tempDir('retrospect-cap-'), 'big.txt');
    writeFileSync(path, 'x'.repeat(4096));
    expect(readRegularText(path, { maxBytes: 4096 })).toHaveLength(4096);
    expect(() => readRegularText(path, { maxBytes: 1000 })).toThrow(FileTooLargeError);
    expect(() => readRegularText(path, { maxBytes: 1000 })).toThrow(
      `${path} is 4096 bytes, over the 1000 bytes read whole; not read`,
    );
  });

  it('follows a link by default, and refuses one where the tool owns the file', () => {
    const dir = tempDir('retrospect-nofollow-');
    writeFileSync(join(dir, 'real'), 'content');
    symlinkSync(join(dir, 'real'), join(dir, 'link'));
    expect(readRegularText(join(dir, 'link'))).toBe('content');
    expect(() => readRegularText(join(dir, 'link'), { noFollow: true })).toThrow(LinkRefusedError);
    expect(readTextIfExists(join(dir, 'missing'))).toBeUndefined();
  });
});
