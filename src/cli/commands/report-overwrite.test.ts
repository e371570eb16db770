import { chmodSync, chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, unprivileged } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { folderFor, whyUnreachable } from '../../test-support/unprivileged.js';

function isolated(dir = tempDir('retrospect-report-out-')) {
  return { dir, env: { RETROSPECT_DATA_DIR: join(dir, 'data'), HOME: dir } };
}

describe('retrospect report --out over an existing file', () => {
  const someonesPage =
    '<!DOCTYPE html>\n<html lang="en"><head><title>Team dashboard</title></head><body>mine</body></html>\n';

  it.each([
    ['an HTML page of someone else', someonesPage],
    ['an <html> page without a doctype', '<html><body>notes</body></html>'],
    ['a page that names Retrospect in its title', '<!doctype html><title>Retrospect friction report</title>'],
    ['plain text', 'my notes\n'],
  ])('refuses to replace %s, exit 1, the file unchanged', async (_name, content) => {
    const { dir, env } = isolated();
    const out = join(dir, 'page.html');
    writeFileSync(out, content);
    const run = await runCli(['report', '--demo', '--out', out], { env, cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not replacing it \(choose another --out, or pass --force to replace it\)\n$/);
    expect(readFileSync(out, 'utf8')).toBe(content);
  });

  it('replaces a report it wrote itself, and anything with --force', async () => {
    const { dir, env } = isolated();
    const out = join(dir, 'friction.html');
    expect((await runCli(['report', '--demo', '--out', out], { env, cwd: dir })).code).toBe(0);
    writeFileSync(out, readFileSync(out, 'utf8').replace('</body>', '<p>edited</p></body>'));
    const again = await runCli(['report', '--demo', '--out', out], { env, cwd: dir });
    expect(again.code).toBe(0);
    expect(readFileSync(out, 'utf8')).not.toContain('<p>edited</p>');
    writeFileSync(out, someonesPage);
    const forced = await runCli(['report', '--demo', '--out', out, '--force'], { env, cwd: dir });
    expect(forced.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('<meta name="generator" content="retrospect report">');
  });
});

describe('retrospect report --out where the machine will not let it write', () => {
  it('says so in one line and exits 1, with no request for a bug report', async (ctx) => {
    const user = unprivileged();
    const folder = folderFor(user, 'retrospect-report-out-');
    if (folder === undefined) return ctx.skip(whyUnreachable(user as { uid: number; gid: number }));
    const { dir, env } = isolated(folder);
    const locked = join(dir, 'locked');
    mkdirSync(locked, { mode: 0o555 });
    chmodSync(dir, 0o755);
    chmodSync(locked, 0o555);
    if (user) chownSync(dir, user.uid, user.gid);
    const run = await runCli(['report', '--demo', '--out', join(locked, 'r.html')], { env, cwd: dir, user });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).not.toContain('please report');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/permission denied \(EACCES in \w+\)/);
  });
});
