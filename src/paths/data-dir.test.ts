import { describe, expect, it } from 'vitest';
import { claudeConfigDirs, dataDir, projectFolderName } from './data-dir.js';

describe('paths', () => {
  it('data dir honours RETROSPECT_DATA_DIR, then XDG_DATA_HOME, then HOME', () => {
    expect(dataDir({ RETROSPECT_DATA_DIR: '/d' })).toBe('/d');
    expect(dataDir({ XDG_DATA_HOME: '/x' })).toBe('/x/retrospect');
    expect(dataDir({ HOME: '/h' })).toBe('/h/.local/share/retrospect');
  });

  it('Claude config dirs split CLAUDE_CONFIG_DIR on commas', () => {
    expect(claudeConfigDirs({ CLAUDE_CONFIG_DIR: '/a, /b,', HOME: '/h' })).toEqual(['/a', '/b']);
    expect(claudeConfigDirs({ HOME: '/h' })).toEqual(['/h/.claude']);
  });

  it('project folder names replace every character outside [A-Za-z0-9]', () => {
    expect(projectFolderName('/home/dev/my_proj.v2')).toBe('-home-dev-my-proj-v2');
  });
});
