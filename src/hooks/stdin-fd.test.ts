import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';

const MODULE = pathToFileURL(join(REPO_ROOT, 'dist', 'hooks', 'stdin-fd.js')).href;

/**
 * A child that reads its fd 0 with readHookInputFromFd (the built module) and prints what it got, and
 * whether that read loaded node:net or fell back to the stream.
 */
const READER = `
const { readHookInputFromFd } = await import(${JSON.stringify(MODULE)});
const before = new Set(process.moduleLoadList);
const started = Date.now();
const limits = { maxBytes: Number(process.env.MAX_BYTES), timeoutMs: Number(process.env.TIMEOUT_MS) };
const input = await readHookInputFromFd(0, limits, async () => ({ ok: false, reason: 'stream' }));
const ms = Date.now() - started;
// Before process.stdout, whose making loads node:net.
const loaded = process.moduleLoadList.filter((m) => !before.has(m));
process.stdout.write(JSON.stringify({
  ok: input.ok,
  reason: input.ok ? undefined : input.reason,
  length: input.ok ? input.text.length : undefined,
  head: input.ok ? input.text.slice(0, 20) : undefined,
  tail: input.ok ? input.text.slice(-20) : undefined,
  ms,
  loaded,
}));
process.exit(0);
`;

interface Read {
  ok: boolean;
  reason?: string;
  length?: number;
  head?: string;
  tail?: string;
  ms: number;
  loaded: string[];
}

function reader(
  stdin: 'pipe' | Socket,
  env: { MAX_BYTES?: number; TIMEOUT_MS?: number; NODE_OPTIONS?: string } = {},
): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', READER], {
    env: {
      ...process.env,
      MAX_BYTES: String(env.MAX_BYTES ?? 32 << 20),
      TIMEOUT_MS: String(env.TIMEOUT_MS ?? 5_000),
      ...(env.NODE_OPTIONS === undefined ? {} : { NODE_OPTIONS: env.NODE_OPTIONS }),
    },
    stdio: [stdin, 'pipe', 'pipe'],
  });
}

function result(child: ChildProcess): Promise<Read> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => out.push(b));
  child.stderr?.on('data', (b: Buffer) => err.push(b));
  return new Promise((resolve, reject) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.on('close', (code) => {
      clearTimeout(kill);
      const stderr = Buffer.concat(err).toString('utf8');
      if (code !== 0 || stderr !== '') reject(new Error(`reader exited ${code}: ${stderr}`));
      else resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as Read);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A payload of `bytes` characters, its ends marked so that a lost or doubled chunk shows. */
function payload(bytes: number): string {
  const body = 'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(bytes / 36)).slice(0, bytes - 20);
  return `{"start":1,"x":"${body.slice(0, bytes - 22)}"}`;
}

describe('readHookInputFromFd on a socket (a Node parent with stdio "pipe", as Claude Code runs hooks)', () => {
  it('reads the whole payload, written late and in pieces, without node:net or the stream', async () => {
    const child = reader('pipe');
    const done = result(child);
    const text = payload(300_000);
    await sleep(150);
    child.stdin?.write(text.slice(0, 1_000));
    await sleep(80);
    child.stdin?.write(text.slice(1_000, 200_000));
    await sleep(40);
    child.stdin?.end(text.slice(200_000));
    const read = await done;
    expect(read).toMatchObject({
      ok: true,
      length: text.length,
      head: text.slice(0, 20),
      tail: text.slice(-20),
    });
    expect(read.loaded.filter((m) => /\b(net|stream)$/.test(m))).toEqual([]);
  });

  it('reads a 4 MiB payload whole (the writer waits on a full socket buffer)', async () => {
    const child = reader('pipe');
    const done = result(child);
    const text = payload(4 << 20);
    child.stdin?.end(text);
    expect(await done).toMatchObject({ ok: true, length: text.length, tail: text.slice(-20) });
  });

  it('gives up with a reason when the writer never closes, at the timeout', async () => {
    const child = reader('pipe', { TIMEOUT_MS: 400 });
    const done = result(child);
    child.stdin?.write('{"session_id":');
    const read = await done;
    child.stdin?.destroy();
    expect(read).toMatchObject({ ok: false, reason: 'no end of hook input within 400 ms' });
    expect(read.ms).toBeGreaterThanOrEqual(399);
    expect(read.ms).toBeLessThan(2_000);
  });

  it('refuses a payload over maxBytes', async () => {
    const child = reader('pipe', { MAX_BYTES: 100_000 });
    const done = result(child);
    child.stdin?.end(payload(150_000));
    expect(await done).toMatchObject({ ok: false, reason: 'hook input is larger than 100000 bytes' });
  });

  it('leaves the socket to the stream where Node would warn of process.binding on stderr', async () => {
    const child = reader('pipe', { NODE_OPTIONS: '--pending-deprecation' });
    const done = result(child);
    child.stdin?.end('{}');
    // The test's stream stand-in answers 'stream'; nothing is written to stderr (result() checks).
    expect(await done).toMatchObject({ ok: false, reason: 'stream' });
  });

  it('reads a TCP loopback socket too', async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const accepted = new Promise<Socket>((r) => server.once('connection', r));
    const client = createConnection(port, '127.0.0.1');
    const ours = await accepted;
    const child = reader(ours);
    const done = result(child);
    ours.destroy();
    const text = payload(70_000);
    client.end(text);
    const read = await done;
    server.close();
    expect(read).toMatchObject({ ok: true, length: text.length, tail: text.slice(-20) });
    expect(read.loaded.filter((m) => /\bnet$/.test(m))).toEqual([]);
  });
});

describe('readHookInputFromFd on a pipe', () => {
  it('reads what a shell pipes in, late and in pieces', async () => {
    const script = `printf '{"a":'; sleep 0.2; printf '"%s"}' "$(head -c 100000 /dev/zero | tr '\\0' y)"`;
    const child = spawn(
      'sh',
      ['-c', `(${script}) | "$0" --input-type=module -e "$1"`, process.execPath, READER],
      {
        env: { ...process.env, MAX_BYTES: String(32 << 20), TIMEOUT_MS: '5000' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const read = await result(child);
    expect(read).toMatchObject({ ok: true, length: 100_008, head: `{"a":"${'y'.repeat(14)}` });
  });
});
