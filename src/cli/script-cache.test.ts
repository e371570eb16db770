import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { runCachedScript } from './script-cache.js';

const made: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'retrospect-script-cache-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A bundle shaped as scripts/bundle-commands.mjs writes main-gate.cjs: build line, require, __import. */
function writeBundle(dir: string, build: string, body: string): URL {
  const file = join(dir, 'bundle.cjs');
  writeFileSync(file, `// build ${build}\n${body}`);
  return pathToFileURL(file);
}

/** Runs `file` with the built loader in a process of its own (shared value 3), saving its cache after. */
function runInProcess(file: URL, folder: string): { fromCache: boolean; answer: string } {
  const loader = pathToFileURL(join(REPO_ROOT, 'dist', 'cli', 'script-cache.js')).href;
  const program = `import { runCachedScript } from ${JSON.stringify(loader)};
const run = runCachedScript({ file: new URL(${JSON.stringify(file.href)}), shared: { './shared.js': { value: 3 } }, folder: ${JSON.stringify(folder)} });
const answer = run.exports.answer();
await run.save();
console.log(JSON.stringify({ fromCache: run.fromCache, answer }));`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout);
}

const BODY = `
const shared = require('./shared.js');
const { join } = require('node:path');
function twice(x) { return join(String(x), String(x)); }
module.exports.answer = () => twice(shared.value);
module.exports.later = () => __import('./later.mjs');
module.exports.url = __bundleUrl;
`;

describe('a script run with its code cache', () => {
  it('answers its requires from the shared modules and Node, its dynamic imports beside itself', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'later.mjs'), 'export const later = 42;\n');
    const file = writeBundle(dir, '0123456789abcdef', BODY);
    const shared = { value: 7 };
    const run = runCachedScript<{ answer(): string; later(): Promise<{ later: number }>; url: string }>({
      file,
      shared: { './shared.js': shared },
      folder: undefined,
    });
    expect(run.exports.answer()).toBe(join('7', '7'));
    expect((await run.exports.later()).later).toBe(42);
    expect(run.exports.url).toBe(file.href);
    expect(run.fromCache).toBe(false);
  });

  // V8 keeps what a process compiled and would answer a second compile of the same source from memory, so
  // each run that may read the cache is a process of its own, on the built loader.
  it('writes the cache once, private, and the next run of the same build takes its code from it', () => {
    const dir = scratch();
    const folder = join(dir, 'cache');
    mkdirSync(folder, { mode: 0o700 });
    const file = writeBundle(dir, '0123456789abcdef', BODY);
    expect(runInProcess(file, folder)).toEqual({ fromCache: false, answer: join('3', '3') });
    const cache = join(folder, 'bundle.cjs.cache');
    expect(statSync(cache).mode & 0o777).toBe(0o600);
    expect(readFileSync(cache).subarray(0, 17).toString()).toBe('0123456789abcdef ');
    const before = statSync(cache).mtimeMs;
    expect(runInProcess(file, folder)).toEqual({ fromCache: true, answer: join('3', '3') });
    expect(statSync(cache).mtimeMs).toBe(before);
    expect(readdirSync(folder)).toEqual(['bundle.cjs.cache']);
  });

  it('does not use the cache of another build, nor one damaged, and then writes its own', () => {
    const dir = scratch();
    const folder = join(dir, 'cache');
    mkdirSync(folder, { mode: 0o700 });
    runInProcess(writeBundle(dir, 'aaaaaaaaaaaaaaaa', BODY), folder);
    // The same length, another build: its cache is not this one's.
    const rebuilt = writeBundle(
      dir,
      'bbbbbbbbbbbbbbbb',
      BODY.replace('twice(shared.value)', 'twice(shared.value + 1)'),
    );
    expect(runInProcess(rebuilt, folder)).toEqual({ fromCache: false, answer: join('4', '4') });
    expect(runInProcess(rebuilt, folder)).toEqual({ fromCache: true, answer: join('4', '4') });
    const cache = join(folder, 'bundle.cjs.cache');
    const data = readFileSync(cache);
    // The right header, code bytes V8 cannot read: compiled from the source, the same answer, rewritten.
    data.fill(0x5a, data.indexOf(0x0a) + 1);
    writeFileSync(cache, data);
    expect(runInProcess(rebuilt, folder)).toEqual({ fromCache: false, answer: join('4', '4') });
    expect(runInProcess(rebuilt, folder)).toEqual({ fromCache: true, answer: join('4', '4') });
  });

  it('keeps no cache for a bundle without a build line', async () => {
    const dir = scratch();
    const folder = join(dir, 'cache');
    mkdirSync(folder, { mode: 0o700 });
    const file = join(dir, 'plain.cjs');
    writeFileSync(file, 'module.exports.x = 1;\n');
    const run = runCachedScript<{ x: number }>({ file: pathToFileURL(file), shared: {}, folder });
    expect(run.exports.x).toBe(1);
    await run.save();
    expect(readdirSync(folder)).toEqual([]);
  });
});
