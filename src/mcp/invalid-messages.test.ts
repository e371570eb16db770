import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../test-support/cli.js';

/** The built server on stdio, read line by line as a raw client would. */
function server(): { child: ChildProcessWithoutNullStreams; next: () => Promise<unknown> } {
  const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let buffer = '';
  child.stdout.on('data', (b: Buffer) => {
    buffer += b.toString('utf8');
    for (let at = buffer.indexOf('\n'); at !== -1; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const waiter = waiting.shift();
      if (waiter) waiter(line);
      else lines.push(line);
    }
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer within 10 s')), 10_000);
      const take = (line: string) => {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      };
      const ready = lines.shift();
      if (ready !== undefined) take(ready);
      else waiting.push(take);
    });
  return { child, next };
}

let running: ChildProcessWithoutNullStreams | undefined;
afterEach(() => {
  running?.kill();
  running = undefined;
});

const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
};

describe('retrospect mcp answers what it cannot read with a JSON-RPC error', () => {
  it.each([
    [
      'text that is not JSON',
      '{"jsonrpc": "2.0", "id": 1, "method": ',
      { id: null, error: { code: -32700 } },
    ],
    ['a lone brace', '}', { id: null, error: { code: -32700 } }],
    ['an empty array', '[]', { id: null, error: { code: -32600 } }],
    ['a number', '42', { id: null, error: { code: -32600 } }],
    ['null', 'null', { id: null, error: { code: -32600 } }],
    ['an object without jsonrpc', '{"id": 7, "method": "tools/list"}', { id: 7, error: { code: -32600 } }],
    [
      'a method that is not a string',
      '{"jsonrpc": "2.0", "method": 1, "params": "bar"}',
      { id: null, error: { code: -32600 } },
    ],
    [
      'a null id',
      '{"jsonrpc": "2.0", "id": null, "method": "tools/list"}',
      { id: null, error: { code: -32600 } },
    ],
  ])('%s', async (_name, line, expected) => {
    const s = server();
    running = s.child;
    s.child.stdin.write(`${line}\n`);
    expect(await s.next()).toMatchObject({ jsonrpc: '2.0', ...expected });
    // And it keeps serving: the next valid request is answered.
    s.child.stdin.write(`${JSON.stringify(INIT)}\n`);
    expect(await s.next()).toMatchObject({ id: 0, result: { serverInfo: { name: 'retrospect' } } });
  });

  it('a batch: each request and invalid item answered with its own id, notifications not at all', async () => {
    const s = server();
    running = s.child;
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 'b', method: 'ping' },
      5,
    ];
    s.child.stdin.write(`${JSON.stringify(batch)}\n`);
    const reply = (await s.next()) as { id: unknown; error: { code: number; message: string } }[];
    expect(reply.map((r) => [r.id, r.error.code])).toEqual([
      [1, -32600],
      ['b', -32600],
      [null, -32600],
    ]);
    expect(reply[0]?.error.message).toMatch(/batches are not supported/);
    // A batch of notifications only gets no answer at all; the next request is answered next.
    s.child.stdin.write(`${JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/initialized' }])}\n`);
    s.child.stdin.write(`${JSON.stringify(INIT)}\n`);
    expect(await s.next()).toMatchObject({ id: 0, result: {} });
  });

  it('an unknown method gets -32601 from the server, blank lines and CRLF are fine', async () => {
    const s = server();
    running = s.child;
    s.child.stdin.write(`\n  \n${JSON.stringify(INIT)}\r\n`);
    expect(await s.next()).toMatchObject({ id: 0, result: {} });
    s.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'no/such' })}\n`);
    expect(await s.next()).toMatchObject({ id: 9, error: { code: -32601 } });
  });
});
