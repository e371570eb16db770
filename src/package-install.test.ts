// What an install of the package brings: the tarball's files, and the dependencies a plain install fetches.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './test-support/cli.js';

interface Manifest {
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;

describe('the package as installed', () => {
  it('packs LICENSE at its root, the built CLI, and no source map', () => {
    // --ignore-scripts: what `files` selects from the dist/ the test run already built.
    const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const [pack] = JSON.parse(run.stdout) as { files: { path: string }[] }[];
    const paths = pack!.files.map((f) => f.path);
    expect(paths).toContain('LICENSE');
    expect(paths).toContain('bin/retrospect.js');
    expect(paths).toContain('dist/cli/main.js');
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(paths.filter((p) => p.startsWith('src/'))).toEqual([]);
    expect(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('needs no native module on a Node with built-in SQLite, and pins every dependency exactly', () => {
    expect(manifest.dependencies).not.toHaveProperty('better-sqlite3');
    expect(manifest.optionalDependencies).toHaveProperty('better-sqlite3');
    // The Claude Code CLI (hundreds of MB) is fetched only where the plugin validator runs (.ci/run).
    expect(manifest.devDependencies).not.toHaveProperty('@anthropic-ai/claude-code');
    for (const [name, version] of Object.entries({
      ...manifest.dependencies,
      ...manifest.optionalDependencies,
      ...manifest.devDependencies,
    })) {
      expect(version, name).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    }
  });
});
