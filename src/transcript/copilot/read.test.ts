import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOSTS_HOME } from '../../test-support/hosts.js';
import { isHumanTurn } from '../messages.js';
import { copilotAdapter } from './adapter.js';
import { discoverCopilot } from './layout.js';

const HOME = join(HOSTS_HOME, '.copilot');
const EVENTS = join(HOME, 'session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl');
const FLAT = join(HOME, 'session-state/27d7ef99-f7c7-43eb-8599-cb469623c8f7.jsonl');
const LEGACY = join(
  HOME,
  'history-session-state/session_683e6d77-d4bd-4078-a6f0-3a002e91164a_1761320925951.json',
);

const messages = (path: string) => [...copilotAdapter.messages(path)];

describe('Copilot CLI sessions', () => {
  it("reads what the person typed, not Copilot's date and nudges", () => {
    expect(
      messages(EVENTS)
        .filter(isHumanTurn)
        .map((m) => m.text),
    ).toEqual(['the MCP server config fails to load, fix the file', 'it still does not load']);
    expect(
      messages(FLAT)
        .filter(isHumanTurn)
        .map((m) => m.text),
    ).toEqual(['write a script that backs up the notes folder']);
    expect(
      messages(LEGACY)
        .filter(isHumanTurn)
        .map((m) => m.text),
    ).toEqual(['why does the deploy workflow fail?']);
  });

  it('finds failures by success: false and by a shell exit code in the result; a sub-agent’s are a sidechain', () => {
    const failed = messages(EVENTS).filter((m) => m.toolOutputs.some((o) => o.isError));
    expect(failed.map((m) => [m.toolOutputs[0]!.toolUseId, m.sidechain])).toEqual([
      ['toolu_vrtx_01edit', false],
      ['toolu_vrtx_01ps', false],
      ['toolu_sub_01', true],
    ]);
    expect(copilotAdapter.readEvents(EVENTS, () => {})).toMatchObject({
      sessionId: '8baa78ec-b203-4c7f-b1d3-c1170ae84b7d',
      session: { cwd: '/home/ada/engine', turns: { human: 2, assistant: 5, toolErrors: 3 } },
    });
    expect(copilotAdapter.readEvents(LEGACY, () => {}).session?.turns).toEqual({
      human: 1,
      assistant: 3,
      toolErrors: 2,
    });
  });

  it('reads edits by path, `create` as a Write', () => {
    expect(messages(EVENTS).flatMap((m) => m.edits ?? [])).toEqual([
      { tool: 'edit', path: '/home/ada/engine/.copilot/mcp-config.json' },
    ]);
    expect(messages(FLAT).flatMap((m) => m.edits ?? [])).toEqual([
      { tool: 'Write', path: '/home/ada/bin/backup.sh' },
    ]);
  });

  it('finds every generation of session file under a home', () => {
    expect(
      discoverCopilot(HOME)
        .map((s) => s.path.slice(HOME.length + 1))
        .sort(),
    ).toEqual([
      'history-session-state/session_683e6d77-d4bd-4078-a6f0-3a002e91164a_1761320925951.json',
      'session-state/27d7ef99-f7c7-43eb-8599-cb469623c8f7.jsonl',
      'session-state/8baa78ec-b203-4c7f-b1d3-c1170ae84b7d/events.jsonl',
    ]);
  });
});
