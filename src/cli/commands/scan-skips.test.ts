import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, unprivileged } from '../../test-support/cli.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { folderFor, whyUnreachable } from '../../test-support/unprivileged.js';

/** A folder any user may enter and write (the CLI may run as `nobody`), with a store beside it. */
function openFolder(base = tempDir('retrospect-scan-skips-')): {
  root: string;
  store: string;
  env: NodeJS.ProcessEnv;
} {
  chmodSync(base, 0o777);
  const root = join(base, 'projects');
  mkdirSync(root, { mode: 0o777 });
  chmodSync(root, 0o777);
  return {
    root,
    store: join(base, 'store.sqlite'),
    env: { HOME: base, RETROSPECT_DATA_DIR: join(base, 'data') },
  };
}

function jsonRecords(stdout: string): { sessionId: string; score: number; path: string }[] {
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('retrospect scan says what it passed over', () => {
  it('FIFOs, folders named x.jsonl, link loops, dangling links and links to folders: one line, --why lists them', async () => {
    const { root, store, env } = openFolder();
    const project = join(root, '-home-dev-shop');
    mkdirSync(project);
    const good = writeSessionFile(project, { rejections: 2 });
    execFileSync('mkfifo', [join(project, 'pipe.jsonl')]);
    mkdirSync(join(project, 'folder.jsonl'));
    writeSessionFile(join(project, 'folder.jsonl'), { rejections: 2 }); // inside: not searched
    symlinkSync('loop-b.jsonl', join(project, 'loop-a.jsonl'));
    symlinkSync('loop-a.jsonl', join(project, 'loop-b.jsonl'));
    symlinkSync(join(root, 'nowhere.jsonl'), join(project, 'dangling.jsonl'));
    symlinkSync(project, join(root, '-home-dev-linked'));
    const plain = await runCli(['scan', root, '--store', store, '--json'], { env, timeoutMs: 20_000 });
    expect(plain.code).toBe(0);
    expect(jsonRecords(plain.stdout).map((r) => r.sessionId)).toEqual([good.sessionId]);
    expect(plain.stderr).toBe(
      'skipped 6: 1 FIFO, socket or device, 1 folder named like a transcript, 2 symbolic link loops, 1 dangling symbolic link, 1 symbolic link to a folder (not followed) (--why lists them)\n',
    );
    const why = await runCli(['scan', root, '--store', store, '--why'], { env, timeoutMs: 20_000 });
    expect(why.stderr).toContain(`skipped ${join(project, 'pipe.jsonl')}: a FIFO, not a regular file\n`);
    expect(why.stderr).toContain(
      `skipped ${join(project, 'folder.jsonl')}: a folder named like a transcript (not searched)\n`,
    );
    expect(why.stderr).toContain(
      `skipped ${join(project, 'loop-a.jsonl')}: a symbolic link that loops (ELOOP)\n`,
    );
    expect(why.stderr).toContain(`skipped ${join(project, 'dangling.jsonl')}: a symbolic link to nothing\n`);
    expect(why.stderr).toContain(`skipped ${join(root, '-home-dev-linked')}: a symbolic link to a folder`);
    expect(why.stderr).toMatch(/\nskipped 6: .*\n$/);
  });

  it('a FIFO named as the root is refused at once, exit 1', async () => {
    const { root, store, env } = openFolder();
    const fifo = join(root, 'fifo.jsonl');
    execFileSync('mkfifo', [fifo]);
    const run = await runCli(['scan', fifo, '--store', store], { env, timeoutMs: 20_000 });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `retrospect scan: ${fifo} is a FIFO (expected an agent's session folder, such as ~/.claude/projects or ~/.codex, or a session file)\n`,
    );
  });

  it('an empty, a binary and a non-transcript file are skipped and said, never stored; --forget removes stored ones', async () => {
    const { root, store, env } = openFolder();
    writeFileSync(join(root, 'empty.jsonl'), '');
    writeFileSync(
      join(root, 'binary.jsonl'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]),
    );
    writeFileSync(
      join(root, 'metrics.jsonl'),
      '{"cpu":0.4,"at":"2026-10-01"}\n{"cpu":0.5,"at":"2026-10-02"}\n',
    );
    const good = writeSessionFile(root, { rejections: 0 });
    const run = await runCli(['scan', root, '--store', store, '--json'], { env });
    expect(run.code).toBe(0);
    expect(jsonRecords(run.stdout).map((r) => r.path)).toEqual([good.path]);
    expect(run.stderr).toBe(
      'skipped 3: 2 not transcripts of a known agent, 1 empty file (--why lists them)\n',
    );
    // Nothing of theirs reached the store: a scan of everything shows the one transcript only.
    const again = await runCli(['scan', root, '--store', store, '--json'], { env });
    expect(jsonRecords(again.stdout)).toHaveLength(1);
    const report = await runCli(['report', '--store', store, '--out', join(root, '..', 'r.html')], { env });
    expect(report.code).toBe(0);

    const forgot = await runCli(['scan', '--store', store, '--forget', root], { env });
    expect(forgot).toMatchObject({
      code: 0,
      stdout: `forgot 1 stored session under ${root} (the files were not touched)\n`,
    });
    expect(statSync(good.path).isFile()).toBe(true);
    const none = await runCli(['scan', '--store', store, '--forget', root], { env });
    expect(none.stdout).toMatch(/^forgot 0 stored sessions under /);
  });

  it('a file that cannot be read is said, not stored, and read once it can be (size and mtime unchanged)', async (ctx) => {
    const user = unprivileged();
    const base = folderFor(user, 'retrospect-scan-skips-');
    if (base === undefined) return ctx.skip(whyUnreachable(user as { uid: number; gid: number }));
    const { root, store, env } = openFolder(base);
    const project = join(root, '-home-dev-shop');
    mkdirSync(project, { mode: 0o777 });
    chmodSync(project, 0o777);
    const session = writeSessionFile(project, { rejections: 2 });
    const locked = join(root, '-home-dev-locked');
    mkdirSync(locked);
    writeSessionFile(locked, { rejections: 2 });
    chmodSync(locked, 0o000);
    chmodSync(session.path, 0o000);
    const before = statSync(session.path);
    const first = await runCli(['scan', root, '--store', store, '--json'], { env, user });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('');
    expect(first.stderr).toBe('skipped 2: 1 unreadable file, 1 unreadable folder (--why lists them)\n');
    chmodSync(session.path, 0o644);
    chmodSync(locked, 0o755);
    expect(statSync(session.path).mtimeMs).toBe(before.mtimeMs);
    const second = await runCli(['scan', root, '--store', store, '--json', '--flagged'], { env, user });
    expect(second.stderr).toBe('');
    expect(jsonRecords(second.stdout).map((r) => [r.sessionId, r.score])).toEqual(
      expect.arrayContaining([[session.sessionId, 9]]),
    );
    expect(jsonRecords(second.stdout)).toHaveLength(2);
  });
});
