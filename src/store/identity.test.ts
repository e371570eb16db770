import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { hashName, storeIdentity } from './identity.js';
import { redactUrl, storeLocation } from './location.js';
import { localPath, storedPath } from './postgres/paths.js';

describe('who writes a shared store, and where it is', () => {
  it('names the machine and user from the environment, else the host and OS user, hashed on request', () => {
    expect(
      storeIdentity({ RETROSPECT_MACHINE: 'ada-laptop', RETROSPECT_USER: 'ada', HOME: '/home/ada' }),
    ).toEqual({
      machine: 'ada-laptop',
      user: 'ada',
      home: '/home/ada',
    });
    expect(storeIdentity({ HOME: '/home/ada' }).machine).toBe(hostname());
    const hashed = storeIdentity({
      RETROSPECT_MACHINE: 'ada-laptop',
      RETROSPECT_USER: 'ada',
      RETROSPECT_HASH_IDENTITY: '1',
    });
    expect(hashed.machine).toMatch(/^[0-9a-f]{12}$/);
    expect(hashed.machine).toBe(hashName('ada-laptop'));
    expect(hashed.user).not.toContain('ada');
  });

  it('tells a server URL from a store file, and never prints the password', () => {
    expect(storeLocation('postgres://retro:pw@db/team')).toEqual({
      kind: 'postgres',
      url: 'postgres://retro:pw@db/team',
    });
    expect(storeLocation('postgresql://db/team').kind).toBe('postgres');
    expect(storeLocation('/data/postgres://x.sqlite')).toEqual({
      kind: 'sqlite',
      path: '/data/postgres://x.sqlite',
    });
    expect(redactUrl('postgres://retro:pw@db:5432/team?sslmode=require')).toBe(
      'postgres://retro:***@db:5432/team?sslmode=require',
    );
    expect(redactUrl('postgres://db/team')).toBe('postgres://db/team');
  });

  it('stores paths relative to the home folder, and reads them back', () => {
    const home = '/home/ada';
    const file = '/home/ada/.claude/projects/-home-ada-shop/s1.jsonl';
    expect(storedPath(file, home)).toBe('~/.claude/projects/-home-ada-shop/s1.jsonl');
    expect(localPath(storedPath(file, home), home)).toBe(file);
    expect(storedPath('/home/ada/.claude/projects/', home)).toBe('~/.claude/projects/');
    expect(localPath('~/.claude/projects/', home)).toBe('/home/ada/.claude/projects/');
    // A folder that only starts like the home folder is outside it.
    expect(storedPath('/home/adam/x.jsonl', home)).toBe('/home/adam/x.jsonl');
  });
});
