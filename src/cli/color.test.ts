import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import type { CliIo } from './io.js';
import { main } from './main.js';

/** A terminal as far as the command can tell: a TTY stdout (and stderr) collected in memory. */
function terminal(env: NodeJS.ProcessEnv): CliIo & { out(): string } {
  let out = '';
  const stream = (append: (text: string) => void) =>
    Object.assign(
      new Writable({
        write(chunk, _encoding, done) {
          append(String(chunk));
          done();
        },
      }),
      { isTTY: true },
    );
  const home = tempDir('retrospect-color-');
  return {
    stdout: stream((text) => {
      out += text;
    }),
    stderr: stream(() => {}),
    stdin: Readable.from([]),
    env: {
      HOME: home,
      RETROSPECT_DATA_DIR: join(home, 'data'),
      CLAUDE_CONFIG_DIR: join(home, '.claude'),
      ...env,
    },
    cwd: home,
    out: () => out,
  };
}

const ESC = '\u001b[';

describe('colour in the scan table', () => {
  it('colours the table at a terminal: flagged rows red, the header and totals bold', async () => {
    const io = terminal({});
    expect(await main(['scan', '--demo'], io)).toBe(0);
    const lines = io.out().split('\n');
    expect(lines[0]).toMatch(/^\u001b\[1mPROJECT +SESSION/);
    // The top row is a flagged demo session (the highest score comes first).
    expect(lines[1]).toMatch(/^\u001b\[31m\u001b\[1m-home-ada-code-\S+ +[0-9a-f]{8} /);
    expect(lines.find((l) => l.includes('TOTAL:'))).toMatch(/^\u001b\[1mTOTAL: 3 projects/);
    // The colour wraps padded text, so the columns line up as without it.
    const plain = (text: string) => text.replaceAll(/\u001b\[\d+m/g, '');
    expect(plain(lines[1]!).search(/S\dx\d/)).toBe(plain(lines[0]!).indexOf('SIGNALS'));
  });

  it('never with NO_COLOR, nor in --json', async () => {
    for (const [args, env] of [
      [['scan', '--demo'], { NO_COLOR: '1' }],
      [['scan', '--demo', '--json'], {}],
      [['scan', '--demo'], { TERM: 'dumb' }],
    ] as const) {
      const io = terminal(env);
      expect(await main([...args], io)).toBe(0);
      expect(io.out(), args.join(' ')).not.toContain(ESC);
    }
  });
});
