import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTS_HOME } from '../../test-support/hosts.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { isHumanTurn } from '../messages.js';
import { geminiAdapter } from './adapter.js';
import { geminiTypedText } from './human.js';
import { discoverGemini } from './layout.js';

const TMP = join(HOSTS_HOME, '.gemini', 'tmp');
const LEGACY = join(
  TMP,
  '5e8c1d2b9f0a7e6d5c4b3a291807f6e5d4c3b2a1908f7e6d5c4b3a2918070605/chats/session-2025-11-03T10-00-7b1f4f6b.json',
);
const JSONL = join(TMP, 'shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl');
const SUBAGENT = join(TMP, 'shop/chats/2cbc6e5f-eb6a-4869-9d0f-a07806539ff7/k3x9q2.jsonl');

const messages = (path: string) => [...geminiAdapter.messages(path)];
const facts = (path: string) => geminiAdapter.readEvents(path, () => {});

describe('Gemini CLI chats', () => {
  it("reads a legacy .json chat: a person's turns without /init, its expansion or the nudge", () => {
    expect(
      messages(LEGACY)
        .filter(isHumanTurn)
        .map((m) => m.text),
    ).toEqual(['the signup form accepts empty emails', 'stop, do not touch GEMINI.md again']);
    expect(facts(LEGACY).session?.turns).toEqual({ human: 2, assistant: 4, toolErrors: 1 });
  });

  it('counts a shell command that printed a non-zero Exit Code under a success status, and a cancel as a refusal', () => {
    const outputs = messages(LEGACY).flatMap((m) => m.toolOutputs);
    expect(outputs.filter((o) => o.isError)).toEqual([
      {
        toolUseId: 'run_shell_command-1762164020000',
        isError: true,
        text: expect.stringContaining('Exit Code: 1'),
      },
      {
        toolUseId: 'run_shell_command-1762164310000',
        isError: true,
        refused: true,
        text: '[Operation Cancelled] Reason: User denied execution.',
      },
    ]);
  });

  it('replays a JSONL chat: a checkpoint, the last copy of a re-appended message, a rewind, a torn line', () => {
    const ms = messages(JSONL);
    expect(ms.map((m) => m.id)).toEqual([
      'ctx',
      'u1',
      'g1',
      'read_file_1780943303151_0',
      'g3',
      'replace_1780943340000_0',
      'u2',
      'u3',
      'g4',
    ]);
    expect(ms.filter(isHumanTurn).map((m) => m.text)).toEqual([
      'make the price filter accept decimals',
      "round half up, not banker's rounding",
    ]);
    // g1's last copy carries the finished read; g2 (refused by policy) was rewound away.
    expect(ms.find((m) => m.id === 'g1' && m.role === 'assistant')?.toolCalls.map((c) => c.name)).toEqual([
      'read_file',
    ]);
    expect(ms.flatMap((m) => m.edits ?? [])).toEqual([
      { tool: 'replace', path: '/home/ada/shop/src/filters/price.ts' },
    ]);
    expect(facts(JSONL)).toMatchObject({
      sessionId: '2cbc6e5f-eb6a-4869-9d0f-a07806539ff7',
      session: {
        turns: { human: 2, assistant: 3, toolErrors: 2 },
        cwd: '/home/ada/shop',
        unreadableLines: 1,
      },
    });
  });

  it("gives a sub-agent chat's prompt to its parent agent", () => {
    expect(facts(SUBAGENT).session).toMatchObject({ subagent: true, turns: { human: 0, assistant: 1 } });
  });

  it('finds chats under a home, names their project from .project_root, and reads a migrated chat once', () => {
    const found = discoverGemini(join(HOSTS_HOME, '.gemini')).map((s) => [
      s.path.slice(TMP.length + 1),
      s.project,
      s.isSubagent,
    ]);
    expect(found.sort()).toEqual(
      [
        [
          '5e8c1d2b9f0a7e6d5c4b3a291807f6e5d4c3b2a1908f7e6d5c4b3a2918070605/chats/session-2025-11-03T10-00-7b1f4f6b.json',
          '',
          false,
        ],
        ['shop/chats/2cbc6e5f-eb6a-4869-9d0f-a07806539ff7/k3x9q2.jsonl', '-home-ada-shop', true],
        ['shop/chats/session-2026-04-02T03-34-9ed495f4.jsonl', '-home-ada-shop', false],
        ['shop/chats/session-2026-06-08T18-27-2cbc6e5f.jsonl', '-home-ada-shop', false],
      ].sort(),
    );
  });

  it('names the project of a chat in an older sha256-named folder by the known folder whose hash it is', () => {
    // A home as Gemini CLI leaves it after February 2026: the project's new short-named folder, listed in
    // projects.json, and its chats from before in the folder named by the sha256 of its path.
    const gemini = join(tempDir('retrospect-gemini-hash-'), '.gemini');
    const chat = (dir: string) => {
      mkdirSync(join(gemini, 'tmp', dir, 'chats'), { recursive: true });
      copyFileSync(LEGACY, join(gemini, 'tmp', dir, 'chats', 'session-2025-11-03T10-00-7b1f4f6b.json'));
    };
    const hash = (folder: string) => createHash('sha256').update(folder).digest('hex');
    mkdirSync(gemini, { recursive: true });
    writeFileSync(join(gemini, 'projects.json'), JSON.stringify({ projects: { '/home/bo/app': 'app' } }));
    chat(hash('/home/bo/app'));
    // Another project known only by its new folder's .project_root.
    mkdirSync(join(gemini, 'tmp', 'site'), { recursive: true });
    writeFileSync(join(gemini, 'tmp', 'site', '.project_root'), '/home/bo/site\n');
    chat(hash('/home/bo/site'));
    chat(hash('/home/bo/unknown'));
    const projects = discoverGemini(gemini).map((s) => [
      basename(dirname(dirname(s.path))).slice(0, 8),
      s.project,
    ]);
    expect(projects.sort()).toEqual(
      [
        [hash('/home/bo/app').slice(0, 8), '-home-bo-app'],
        [hash('/home/bo/site').slice(0, 8), '-home-bo-site'],
        [hash('/home/bo/unknown').slice(0, 8), ''],
      ].sort(),
    );
  });

  it("tells the person's text from Gemini's", () => {
    expect(geminiTypedText('/chat save before-refactor', undefined)).toBeUndefined();
    expect(geminiTypedText('Expanded /init prompt…', [{ text: '/init' }])).toBeUndefined();
    expect(geminiTypedText('Please continue.', undefined)).toBeUndefined();
    expect(
      geminiTypedText([{ functionResponse: { id: 'x', name: 'read_file', response: {} } }], undefined),
    ).toBeUndefined();
    expect(
      geminiTypedText('look at @src/a.ts\n--- Content from referenced files ---', [
        { text: 'look at @src/a.ts' },
      ]),
    ).toBe('look at @src/a.ts');
  });
});
