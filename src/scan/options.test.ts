import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { demoProjectsRoot, resolveScanRoots } from './options.js';

describe('resolveScanRoots', () => {
  const dir = mkdtempSync(join(tmpdir(), 'retrospect-scan-roots-'));

  it("defaults to Claude Code's projects folders, which may not exist yet", () => {
    const env = { CLAUDE_CONFIG_DIR: `${join(dir, 'none-a')},${join(dir, 'none-b')}` };
    expect(resolveScanRoots([], false, env)).toEqual({
      roots: [join(dir, 'none-a', 'projects'), join(dir, 'none-b', 'projects')],
      defaults: true,
    });
  });

  it('scans the demo sessions with --demo, and the paths given otherwise', () => {
    expect(resolveScanRoots([], true, {})).toEqual({ roots: [demoProjectsRoot()], defaults: false });
    expect(resolveScanRoots([dir], false, {})).toEqual({ roots: [dir], defaults: false });
  });

  it('refuses a path the user gave that does not exist', () => {
    const missing = join(dir, 'missing.jsonl');
    expect(() => resolveScanRoots([dir, missing], false, {})).toThrow(InputError);
    expect(() => resolveScanRoots([missing], false, {})).toThrow(`no such folder or file: ${missing}`);
  });
});
