import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { printLines, println, setOutputSecrets } from './io.js';

/** A stream that keeps what is written to it, and how many writes it took. */
function collector(): { stream: Writable; text: () => string; writes: () => number } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  return { stream, text: () => chunks.join(''), writes: () => chunks.length };
}

/** What println writes for each line, one after another: what printLines must write too. */
function linePerLine(lines: string[]): string {
  const out = collector();
  for (const line of lines) println(out.stream, line);
  return out.text();
}

describe('printLines', () => {
  afterEach(() => setOutputSecrets([]));

  const plain = Array.from({ length: 600 }, (_, i) =>
    JSON.stringify({ path: `/home/ada/.claude/projects/-home-ada-app/${i}.jsonl`, note: 'x'.repeat(500) }),
  );
  const hostile = [
    'a title \u001b]0;owned\u0007 and \u202e reversed, a tab\tand a lone \ud800 surrogate',
    '{"error":"Incorrect API key provided: Bearer sk-proj-AbCdEf0123456789xyz."}',
    'ends with Bearer',
    'abc12345678 starts the next line',
  ];

  it('writes what println writes line by line, with nothing to redact, in a few writes', () => {
    const out = collector();
    printLines(out.stream, plain);
    expect(out.text()).toBe(linePerLine(plain));
    expect(out.writes()).toBeLessThan(5);
  });

  it('writes what println writes when lines hold secrets, hidden characters or a secret cut across two', () => {
    const lines = [...plain.slice(0, 3), ...hostile, ...plain.slice(3, 6)];
    const out = collector();
    printLines(out.stream, lines);
    expect(out.text()).toBe(linePerLine(lines));
    expect(out.text()).toContain('Bearer [redacted]');
    expect(out.text()).toContain('\\u001b]0;owned\\u0007');
  });

  it('redacts the configured secrets as println does', () => {
    setOutputSecrets(['hunter2-secret']);
    const lines = ['{"a":"the hunter2-secret here"}', ...plain.slice(0, 2)];
    const out = collector();
    printLines(out.stream, lines);
    expect(out.text()).toBe(linePerLine(lines));
    expect(out.text()).not.toContain('hunter2-secret');
  });
});
