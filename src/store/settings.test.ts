import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeLocationFor } from './path.js';
import { resolveStoreSettings } from './settings.js';

describe('resolveStoreSettings', () => {
  it('reads RETROSPECT_STORE, the data folder and the identity once, from the env it is given', () => {
    const settings = resolveStoreSettings({
      RETROSPECT_STORE: ' postgres://ci@db.example/retro ',
      RETROSPECT_DATA_DIR: '/data/retro',
      RETROSPECT_MACHINE: 'ci-1',
      RETROSPECT_USER: 'ada',
      HOME: '/home/ada',
    });
    expect(settings).toEqual({
      configured: 'postgres://ci@db.example/retro',
      dataDir: '/data/retro',
      identity: { machine: 'ci-1', user: 'ada', home: '/home/ada' },
    });
    expect(storeLocationFor(undefined, false, settings)).toEqual({
      kind: 'postgres',
      url: 'postgres://ci@db.example/retro',
    });
  });

  it('without RETROSPECT_STORE the store is the data folder’s store.sqlite; a given store and --demo win', () => {
    const settings = resolveStoreSettings({
      RETROSPECT_STORE: '  ',
      XDG_DATA_HOME: '/xdg',
      HOME: '/home/ada',
    });
    expect(settings.configured).toBeUndefined();
    expect(settings.identity.machine).toBe(hostname());
    expect(storeLocationFor(undefined, false, settings)).toEqual({
      kind: 'sqlite',
      path: join('/xdg', 'retrospect', 'store.sqlite'),
    });
    expect(storeLocationFor('mine.sqlite', false, settings)).toEqual({ kind: 'sqlite', path: 'mine.sqlite' });
    expect(storeLocationFor(undefined, true, settings)).toEqual({ kind: 'sqlite', path: ':memory:' });
  });
});
