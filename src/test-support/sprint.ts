import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './cli.js';
import { tempDir } from './temp-dir.js';

export const DEMO_PROJECT = join(REPO_ROOT, 'examples', 'sprint-project');

/** A fresh copy of the demo sprint project in a temp folder. */
export function copyDemo(): string {
  const dir = tempDir('retrospect-sprint-test-');
  cpSync(DEMO_PROJECT, dir, { recursive: true });
  return dir;
}

/** An empty temp folder. */
export function tempRoot(): string {
  return tempDir('retrospect-sprint-test-');
}

/** SHA-256 of every file under `dir` (relative paths), to prove that inputs stayed byte-identical. */
export function snapshotFiles(dir: string): Map<string, string> {
  const result = new Map<string, string>();
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else result.set(relative(dir, path), createHash('sha256').update(readFileSync(path)).digest('hex'));
    }
  };
  walk(dir);
  return result;
}
