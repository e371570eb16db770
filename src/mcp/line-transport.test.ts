import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineTransport } from './line-transport.js';

function transport(maxBytes: number) {
  const input = new PassThrough();
  const output = new PassThrough();
  const written: string[] = [];
  output.on('data', (b: Buffer) => written.push(...b.toString('utf8').split('\n').filter(Boolean)));
  const received: unknown[] = [];
  const t = new LineTransport(input, output, maxBytes);
  t.onmessage = (m) => received.push(m);
  return { input, t, written, received };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('LineTransport', () => {
  it('answers a line past the size limit with -32600 and reads the next line normally', async () => {
    const { input, t, written, received } = transport(64);
    await t.start();
    input.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(40)}`);
    input.write(`${'y'.repeat(40)}"}}\n`);
    input.write('{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    await tick();
    expect(written.map((line) => JSON.parse(line))).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a message larger than 64 bytes' },
      },
    ]);
    expect(received).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
    // A long line that arrives whole, newline included, is refused the same way.
    input.write(`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"${'z'.repeat(80)}"}}\n`);
    await tick();
    expect(written).toHaveLength(2);
    expect(received).toHaveLength(1);
  });

  it('joins a message split across chunks, in the middle of a multi-byte character too', async () => {
    const { input, t, received } = transport(1024);
    await t.start();
    const line = Buffer.from('{"jsonrpc":"2.0","method":"notifications/message","params":{"text":"é€"}}\n');
    input.write(line.subarray(0, 60));
    input.write(line.subarray(60));
    await tick();
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'notifications/message', params: { text: 'é€' } }]);
  });
});
