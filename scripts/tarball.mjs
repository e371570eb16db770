#!/usr/bin/env node
// Builds the package's tarball (retrospect-<version>.tgz in the current folder) for installing without a
// clone: `npm install -g ./retrospect-<version>.tgz`. It is `npm pack` of a staged copy whose package.json
// keeps only what an installed package uses: without the clone's scripts (npm 11 warns about a `prepare`
// script in a package it installs, though it never runs it for a tarball, and offers to allow it — which
// would then try to build without the sources), dev dependencies or their settings. Source maps are left
// out: the tarball ships no TypeScript sources for them to point at.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(args, cwd) {
  const result = spawnSync(npm, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`tarball: npm ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(1);
  }
  return result.stdout;
}

run(['run', 'build'], root);
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const stage = mkdtempSync(join(tmpdir(), 'retrospect-tarball-'));
try {
  for (const entry of manifest.files.filter((f) => !f.startsWith('!'))) {
    cpSync(join(root, entry), join(stage, entry), {
      recursive: true,
      filter: (source) => !source.endsWith('.map'),
    });
  }
  cpSync(join(root, 'README.md'), join(stage, 'README.md'));
  const { scripts, devDependencies, allowScripts, config, ...installed } = manifest;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(installed, null, 2)}\n`);
  const packed = run(['pack', '--pack-destination', process.cwd(), '--loglevel=error', stage], root).trim();
  console.log(join(process.cwd(), packed.split('\n').at(-1)));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
