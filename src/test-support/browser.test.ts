import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBrowser, isCi } from './browser.js';
import { tempDir } from './temp-dir.js';

/** A folder with the given files, executable or not. */
function folder(files: Record<string, boolean>): string {
  const dir = tempDir('retrospect-browser-');
  for (const [name, executable] of Object.entries(files)) {
    writeFileSync(join(dir, name), '#!/bin/sh\nexit 0\n');
    chmodSync(join(dir, name), executable ? 0o755 : 0o644);
  }
  return dir;
}

describe('findBrowser', () => {
  it('takes CHROME_PATH first, when it names an executable file', () => {
    const custom = folder({ 'my-chrome': true, 'not-runnable': false });
    const path = folder({ chromium: true });
    expect(findBrowser({ CHROME_PATH: join(custom, 'my-chrome'), PATH: path })).toBe(
      join(custom, 'my-chrome'),
    );
    expect(findBrowser({ CHROME_PATH: join(custom, 'not-runnable'), PATH: path })).toBe(
      join(path, 'chromium'),
    );
    expect(findBrowser({ CHROME_PATH: custom, PATH: path })).toBe(join(path, 'chromium'));
  });

  it('looks for chromium, chromium-browser, then google-chrome on PATH, skipping what cannot run', () => {
    const first = folder({ 'google-chrome': true, chromium: false });
    const second = folder({ 'chromium-browser': true });
    const dir = tempDir('retrospect-browser-dir-');
    mkdirSync(join(dir, 'chromium'));
    const PATH = [dir, first, second].join(delimiter);
    expect(findBrowser({ PATH })).toBe(join(second, 'chromium-browser'));
    expect(findBrowser({ PATH: first })).toBe(join(first, 'google-chrome'));
    expect(findBrowser({ PATH: dir })).toBeUndefined();
    expect(findBrowser({})).toBeUndefined();
  });

  it('knows a CI run by CI=true (or any value but empty, 0 and false)', () => {
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'false' }, { CI: '0' }, { CI: '' }, {}].map(isCi)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
