import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsHomeCopy } from '../../test-support/hosts.js';
import { isHumanTurn } from '../messages.js';
import { opencodeAdapter } from './adapter.js';
import { discoverOpencode } from './layout.js';

const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('OpenCode sessions', () => {
  const { home, opencode } = hostsHomeCopy();
  const data = join(home, '.local', 'share', 'opencode');
  const db = join(data, 'opencode.db');
  const main = join(db, opencode.main);

  it('finds the sessions of the database and of the legacy storage, each with its folder', () => {
    expect(
      discoverOpencode(data)
        .map((s) => [s.path.slice(data.length + 1), s.project, s.isSubagent, s.parentFromPath])
        .sort(),
    ).toEqual([
      [`opencode.db/${opencode.child}`, '-home-ada-site', true, opencode.main],
      [`opencode.db/${opencode.main}`, '-home-ada-site', false, undefined],
      [
        'storage/session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750/ses_5f1a2b3c4ffeLegacyA1b2c3.json',
        '-home-ada-blog',
        false,
        undefined,
      ],
    ]);
  });

  it("reads a person's turns without synthetic parts or the person's own shell command", () => {
    const ms = [...opencodeAdapter.messages(main)];
    expect(ms.filter(isHumanTurn).map((m) => m.text)).toEqual([
      'build a single page portfolio about me',
      'no, the title should be in a header tag',
      'fine, go ahead',
    ]);
    expect(ms.every((m) => m.id.startsWith('msg_') || m.id.startsWith('functions.'))).toBe(true);
  });

  it('counts failed bash calls recorded as completed with a non-zero exit, and status errors; a rejection is a refusal', () => {
    const outputs = [...opencodeAdapter.messages(main)].flatMap((m) => m.toolOutputs);
    expect(outputs.filter((o) => o.isError).map((o) => [o.toolUseId, o.refused === true])).toEqual([
      ['functions.bash:2', false],
      ['functions.bash:3', false],
      ['functions.read:5', false],
      ['functions.edit:8', true],
    ]);
    const facts = opencodeAdapter.readEvents(main, () => {});
    expect(facts).toMatchObject({
      sessionId: opencode.main,
      session: { turns: { human: 3, assistant: 5, toolErrors: 3 }, cwd: '/home/ada/site' },
      firstTimestamp: '2026-06-17T05:37:54.000Z',
    });
  });

  it('reads edits by filePath and patches by their file headers', () => {
    const edits = [...opencodeAdapter.messages(main)].flatMap((m) => m.edits ?? []);
    expect(edits).toEqual([
      { tool: 'Write', path: '/home/ada/site/index.html' },
      { tool: 'edit', path: '/home/ada/site/index.html' },
      { tool: 'Write', path: 'main.js' },
      { tool: 'apply_patch', path: 'index.html' },
      { tool: 'edit', path: '/home/ada/site/index.html' },
    ]);
  });

  it('gives a sub-agent session no human turns, and reads the legacy storage', () => {
    expect(opencodeAdapter.readEvents(join(db, opencode.child), () => {}).session).toMatchObject({
      subagent: true,
      parentSessionId: opencode.main,
      turns: { human: 0, assistant: 1, toolErrors: 1 },
    });
    const legacy = join(
      data,
      'storage/session/4b0ea68d7af9a6031a7ffda7ad66e0cb83315750/ses_5f1a2b3c4ffeLegacyA1b2c3.json',
    );
    expect(opencodeAdapter.readEvents(legacy, () => {}).session?.turns).toEqual({
      human: 1,
      assistant: 1,
      toolErrors: 1,
    });
  });

  it('opens the database read-only: the database and its write-ahead log are left as they were', () => {
    // The fixture has a WAL wherever a native SQLite engine wrote it (the WebAssembly one cannot keep one).
    const files = [db, `${db}-wal`].filter((file) => existsSync(file));
    const before = files.map(digest);
    opencodeAdapter.readEvents(main, () => {});
    discoverOpencode(data);
    expect(files.map(digest)).toEqual(before);
  });

  it('answers a session that is gone with ENOENT, as a missing file would', () => {
    expect(() => opencodeAdapter.readEvents(join(db, 'ses_gone'), () => {})).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
    expect(opencodeAdapter.stat(join(db, 'ses_gone'))).toBeUndefined();
  });
});
