import { describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { storeLocation } from './location.js';

describe('a PostgreSQL store URL checked before any client is made', () => {
  it('refuses a port that is not a number, or past 65535, in one line without the password', () => {
    expect(() => storeLocation('postgres://ana:s3cret@db:notaport/retro')).toThrow(InputError);
    expect(() => storeLocation('postgres://ana:s3cret@db:notaport/retro')).toThrow(
      "postgres://ana:***@db:notaport/retro: the port 'notaport' is not a number from 1 to 65535; expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE",
    );
    expect(() => storeLocation('postgresql://db:99999/retro')).toThrow(/the port '99999' is not a number/);
    expect(() => storeLocation('postgres://db:0/retro')).toThrow(/the port '0'/);
  });

  it('refuses a user or database name longer than PostgreSQL keeps', () => {
    const long = 'u'.repeat(5000);
    expect(() => storeLocation(`postgres://${long}@db/retro`)).toThrow(
      /the user name is 5000 bytes, PostgreSQL keeps at most 63/,
    );
    expect(() => storeLocation(`postgres://ana@db/${'d'.repeat(64)}`)).toThrow(
      /the database name is 64 bytes/,
    );
  });

  it('keeps a good URL, with or without a port, and leaves file paths alone', () => {
    expect(storeLocation('postgres://ana@db.example:5432/retro')).toEqual({
      kind: 'postgres',
      url: 'postgres://ana@db.example:5432/retro',
    });
    expect(storeLocation('postgresql://[::1]/retro').kind).toBe('postgres');
    expect(storeLocation('postgres://ana@db/retro?sslmode=require').kind).toBe('postgres');
    // A password is not a port.
    expect(storeLocation('postgres://retro:pw@db/team').kind).toBe('postgres');
    expect(() => storeLocation('postgres://retro:pw@db:pw2/team')).toThrow(/the port 'pw2'/);
    expect(storeLocation('./store:99999.db')).toEqual({ kind: 'sqlite', path: './store:99999.db' });
  });
});
