import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-support/cli.js';
import { availableEngines } from './engines.js';

const BUILT_ENGINES = pathToFileURL(join(REPO_ROOT, 'dist', 'sqlite', 'engines.js')).href;

/** Runs a module script in a fresh Node (the warning is emitted once per process), on the built module. */
function freshNode(script: string): { stdout: string; stderr: string; status: number | null } {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

describe.skipIf(!availableEngines().includes('node:sqlite'))('Node’s built-in SQLite', () => {
  it('loads without its ExperimentalWarning, and every other warning is still emitted', () => {
    const run = freshNode(
      `const m = await import(${JSON.stringify(BUILT_ENGINES)});
       console.log(m.defaultEngine());
       process.emitWarning('another experiment', 'ExperimentalWarning');`,
    );
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('node:sqlite');
    expect(run.stderr).not.toContain('SQLite is an experimental feature');
    expect(run.stderr).toContain('ExperimentalWarning: another experiment');
  });
});

describe('no SQLite engine at all', () => {
  it('is one line saying what to do', async () => {
    const { noEngineMessage } = await import('./engines.js');
    const message = noEngineMessage();
    expect(message).not.toContain('\n');
    expect(message).toMatch(/Node 22\.13 or newer/);
    // node-sqlite3-wasm is a plain dependency: an install that completed has it.
    expect(message).toContain('`npm install` again');
  });
});
