import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, REPO_ROOT } from '../test-support/cli.js';

/** Logs every module the CLI resolves (an ESM loader hook registered before the CLI starts). */
const HOOKS = `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('MODULE ' + r.url + '\\n'); return r; }`;
const REGISTER = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOKS)}`)});`;

function modulesLoadedBy(args: string[]): string[] {
  const run = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, BIN, ...args],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  return [
    ...new Set(
      run.stderr
        .split('\n')
        .filter((l) => l.startsWith('MODULE '))
        .map((l) => l.slice(7)),
    ),
  ];
}

describe('CLI start-up', () => {
  it('`retrospect gate` loads no package and only the gate, transcript and CLI modules it needs', () => {
    const session = join(
      REPO_ROOT,
      'examples',
      'projects',
      '-home-ada-notes',
      '5d7f9b1c-3e5a-4c7b-9d1f-8a0c2e4f6b74.jsonl',
    );
    const modules = modulesLoadedBy(['gate', session]);
    expect(modules.some((m) => m.endsWith('/dist/transcript/fast/read.js'))).toBe(true);
    expect(modules.filter((m) => m.includes('node_modules'))).toEqual([]);
    const own = modules.filter((m) => m.includes('/dist/'));
    expect(own.filter((m) => /\/dist\/(store|scan|sprint|trial|walk|llm|deepread)\//.test(m))).toEqual([]);
    expect(own.length).toBeLessThanOrEqual(30);
  });
});
