import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The pool starts its workers from the built worker.js beside it, so the built pool is what runs here.
const { gateFiles } = (await import(
  join(import.meta.dirname, '..', '..', 'dist', 'scan', 'pool.js')
)) as typeof import('./pool.js');

const examples = join(import.meta.dirname, '..', '..', 'examples', 'projects');
function sessions(dir: string): { path: string; size: number }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => join(dir, name))
    .map((path) => ({ path, size: statSync(path).size }));
}
const settings = { threshold: 5, ledger: [], forceTranscriptS2: false, profile: 'seed' as const };

describe('gateFiles', () => {
  it('gives the inline outcomes, in input order, from workers kept files ahead', async () => {
    const files = sessions(examples);
    expect(files.length).toBeGreaterThan(2);
    const inline = await gateFiles(files, { settings, reader: 'fast', jobs: 1 });
    const seen: string[] = [];
    const pooled = await gateFiles(files, {
      settings,
      reader: 'fast',
      jobs: 2,
      inlineBelowBytes: 0,
      onOutcome: (outcome) => seen.push(outcome.path),
    });
    expect(pooled).toEqual(inline);
    expect(pooled.map((o) => o?.path)).toEqual(files.map((f) => f.path));
    expect([...seen].sort()).toEqual(files.map((f) => f.path).sort());
  });

  it('answers a file that cannot be read as the inline gate does, and goes on with the rest', async () => {
    const files = [{ path: join(examples, 'no-such-folder', 'gone.jsonl'), size: 1 }, ...sessions(examples)];
    const inline = await gateFiles(files, { settings, reader: 'fast', jobs: 1 });
    const pooled = await gateFiles(files, { settings, reader: 'fast', jobs: 2, inlineBelowBytes: 0 });
    expect(pooled).toEqual(inline);
    expect(pooled.every((outcome) => outcome !== undefined)).toBe(true);
  });
});
