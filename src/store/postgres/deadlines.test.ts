import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError, StoreUnreachableError } from '../../errors/errors.js';
import { PostgresSessionStore } from './store.js';

const IDENTITY = { machine: 'ci-box', user: 'dev', home: '/home/dev' };

/**
 * A TCP server on 127.0.0.1 that takes connections and never finishes its part: `handshake` says whether it
 * first logs the client in (AuthenticationOk, ReadyForQuery, in PostgreSQL's wire format) and stalls on the
 * first query, or stalls at once. Every socket it holds is closed after 10 s whatever happens, so a test that
 * fails cannot leave it running.
 */
async function stallingServer(handshake: boolean): Promise<{ url: string; server: Server }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), 10_000).unref();
    if (!handshake) return;
    socket.once('data', () => {
      const authOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]);
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
      socket.write(Buffer.concat([authOk, ready]));
      // Queries are read and never answered.
    });
  });
  server.on('close', () => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  servers.push(server);
  return { url: `postgres://retro@127.0.0.1:${port}/team?password=libpq-s3cret&sslmode=disable`, server };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.emit('close');
    await new Promise((resolve) => server.close(resolve));
  }
});

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('every wait for the PostgreSQL server has a deadline', () => {
  it('a server that accepts and never answers the login is one line after the connect deadline', async () => {
    const { url } = await stallingServer(false);
    const started = Date.now();
    const error = await failureOf(PostgresSessionStore.open(url, IDENTITY, { connectMs: 300, closeMs: 200 }));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect(error.message).toMatch(
      /^cannot reach the PostgreSQL session store at postgres:\/\/retro@127\.0\.0\.1:\d+\/team\?password=\*\*\*&sslmode=disable: no answer while connecting within 300 ms$/,
    );
  });

  it('a server that stalls mid-run (after the login) is one line after the statement deadline', async () => {
    const { url } = await stallingServer(true);
    const started = Date.now();
    const error = await failureOf(
      PostgresSessionStore.open(url, IDENTITY, { connectMs: 2_000, statementMs: 300, closeMs: 200 }),
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect(error.message).toContain('no answer to a query within 300 ms');
    expect(error.message).not.toContain('libpq-s3cret');
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('sslmode=require prints no multi-line driver notice; a malformed URL is one line', async () => {
    const { url } = await stallingServer(false);
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    try {
      const error = await failureOf(
        PostgresSessionStore.open(url.replace('sslmode=disable', 'sslmode=require'), IDENTITY, {
          connectMs: 300,
          closeMs: 200,
        }),
      );
      expect(error.message.split('\n')).toHaveLength(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('SSL modes'))).toEqual([]);
    } finally {
      process.off('warning', listen);
    }
    for (const bad of ['postgres://u:pw@h:notaport/db', 'postgres://u:pw@h:99999/db']) {
      const error = await failureOf(
        PostgresSessionStore.open(bad, IDENTITY, { connectMs: 300, closeMs: 200 }),
      );
      expect(error).toBeInstanceOf(InputError);
      expect(error.message).toMatch(
        /^store: expected a postgres:\/\/ URL such as postgres:\/\/db\.example:5432\/retro, got postgres:\/\/u:\*\*\*@h:/,
      );
      expect(error.message).not.toContain('pw');
    }
  });
});
