import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { demoProjectsRoot, parseDateBound, resolveScanRoots } from './options.js';

describe('resolveScanRoots', () => {
  const dir = tempDir('retrospect-scan-roots-');

  it("defaults to every agent's own folders, as the environment moves them; they may not exist yet", () => {
    const env = {
      HOME: join(dir, 'home'),
      CLAUDE_CONFIG_DIR: `${join(dir, 'none-a')},${join(dir, 'none-b')}`,
      CODEX_HOME: join(dir, 'codex'),
      GEMINI_CLI_HOME: join(dir, 'gemini-home'),
      XDG_DATA_HOME: join(dir, 'data'),
      OPENCODE_DB: 'opencode-beta.db',
      COPILOT_HOME: join(dir, 'copilot'),
    };
    expect(resolveScanRoots([], false, env)).toEqual({
      roots: [
        { path: join(dir, 'none-a', 'projects'), host: 'claude-code' },
        { path: join(dir, 'none-b', 'projects'), host: 'claude-code' },
        { path: join(dir, 'codex'), host: 'codex' },
        { path: join(dir, 'gemini-home', '.gemini'), host: 'gemini' },
        { path: join(dir, 'data', 'opencode'), host: 'opencode' },
        { path: join(dir, 'data', 'opencode', 'opencode-beta.db'), host: 'opencode' },
        { path: join(dir, 'copilot'), host: 'copilot' },
      ],
      defaults: true,
    });
    expect(resolveScanRoots([], false, { HOME: join(dir, 'home') }, ['codex', 'gemini']).roots).toEqual([
      { path: join(dir, 'home', '.codex'), host: 'codex' },
      { path: join(dir, 'home', '.gemini'), host: 'gemini' },
    ]);
  });

  it('scans the demo sessions with --demo, and the paths given otherwise', () => {
    expect(resolveScanRoots([], true, {})).toEqual({
      roots: [{ path: demoProjectsRoot() }],
      defaults: false,
    });
    expect(resolveScanRoots([dir], false, {})).toEqual({ roots: [{ path: dir }], defaults: false });
  });

  it('refuses a path the user gave that does not exist', () => {
    const missing = join(dir, 'missing.jsonl');
    expect(() => resolveScanRoots([dir, missing], false, {})).toThrow(InputError);
    expect(() => resolveScanRoots([missing], false, {})).toThrow(`no such folder or file: ${missing}`);
  });
});

describe('parseDateBound', () => {
  const now = new Date('2026-12-01T02:44:17.000Z');

  it('takes ISO dates and times, ccusage-style compact dates, and spans back from now', () => {
    expect(parseDateBound('2026-10-09', 'start', now)).toBe('2026-10-09T00:00:00.000Z');
    expect(parseDateBound('2026-10-09', 'end', now)).toBe('2026-10-09T23:59:59.999Z');
    expect(parseDateBound('20261009', 'start', now)).toBe('2026-10-09T00:00:00.000Z');
    expect(parseDateBound('20261009', 'end', now)).toBe('2026-10-09T23:59:59.999Z');
    expect(parseDateBound('2026-10-09T23:00:00+02:00', 'end', now)).toBe('2026-10-09T21:00:00.000Z');
    expect(parseDateBound('7d', 'start', now)).toBe('2026-11-24T02:44:17.000Z');
    expect(parseDateBound('12h', 'end', now)).toBe('2026-11-30T14:44:17.000Z');
    expect(parseDateBound('2w', 'start', now)).toBe('2026-11-17T02:44:17.000Z');
  });

  it('refuses what is not a date, including days that do not exist', () => {
    for (const text of ['last week', '2026-02-31', '20260231', '2026109', '7', 'd7', '7m', ''])
      expect(parseDateBound(text, 'start', now), text).toBeUndefined();
  });
});
