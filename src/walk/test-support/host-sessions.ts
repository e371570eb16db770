import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../test-support/temp-dir.js';

/** A shell call of a scripted session: what the agent ran, what it printed, how it exited. */
export interface ScriptedCommand {
  command: string;
  output: string;
  exit: number;
  /** The folder the call ran in, when it names one (Codex's `workdir`; default the session's folder). */
  workdir?: string;
  /** The argv a legacy Codex `shell` call ran (on Windows `["powershell.exe", "-Command", "…"]`); default bash -lc. */
  argv?: string[];
}

/** A session of another host that a person started with one prompt, then ran shell commands in `cwd`. */
export interface ScriptedSession {
  cwd: string;
  /** When the prompt was typed (ms); each command runs ten seconds after the one before. */
  at: number;
  prompt: string;
  commands: readonly ScriptedCommand[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const lines = (records: readonly unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

/**
 * A Codex rollout as 0.146 writes it (`exec_command` calls, unified exec output with its exit status), or
 * as 0.3x wrote it (`shell` calls with an argv, JSON output with `metadata.exit_code`) when `legacy`.
 */
export function writeCodexRollout(session: ScriptedSession, legacy = false): string {
  const id = '019fd700-aaaa-7bbb-8ccc-0000000000c1';
  const at = (n: number) => iso(session.at + n * 10_000);
  const records: unknown[] = [
    {
      timestamp: at(0),
      type: 'session_meta',
      payload: {
        id,
        timestamp: at(0),
        cwd: session.cwd,
        originator: 'codex_cli_rs',
        cli_version: legacy ? '0.39.0' : '0.146.0',
        source: 'cli',
      },
    },
    { timestamp: at(0), type: 'turn_context', payload: { cwd: session.cwd, model: 'gpt-5.5' } },
    {
      timestamp: at(0),
      type: 'response_item',
      payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: session.prompt }] },
    },
    {
      timestamp: at(0),
      type: 'event_msg',
      payload: { type: 'user_message', message: session.prompt, images: [] },
    },
  ];
  session.commands.forEach((run, i) => {
    const callId = `call_c${i + 1}`;
    const args = legacy
      ? {
          command: run.argv ?? ['bash', '-lc', run.command],
          workdir: run.workdir ?? session.cwd,
          timeout_ms: 120000,
        }
      : { cmd: run.command, workdir: run.workdir ?? session.cwd, yield_time_ms: 10000 };
    const output = legacy
      ? JSON.stringify({ output: run.output, metadata: { exit_code: run.exit, duration_seconds: 1.4 } })
      : `Chunk ID: 7c${i}a1f\nWall time: 1.4 seconds\nProcess exited with code ${run.exit}\nOriginal token count: 40\nOutput:\n${run.output}`;
    records.push(
      {
        timestamp: at(i + 1),
        type: 'response_item',
        payload: {
          type: 'function_call',
          name: legacy ? 'shell' : 'exec_command',
          arguments: JSON.stringify(args),
          call_id: callId,
        },
      },
      {
        timestamp: at(i + 1),
        type: 'response_item',
        payload: { type: 'function_call_output', call_id: callId, output },
      },
    );
  });
  const path = join(tempDir('codex-home-'), `rollout-${at(0).slice(0, 19).replace(/:/g, '-')}-${id}.jsonl`);
  writeFileSync(path, lines(records));
  return path;
}

/** A Gemini CLI chat (JSONL, 0.3x): `run_shell_command` calls whose output ends `Exit Code: N` when not 0. */
export function writeGeminiChat(session: ScriptedSession): string {
  const at = (n: number) => iso(session.at + n * 10_000);
  const records: unknown[] = [
    {
      sessionId: '2cbc6e5f-eb6a-4869-9d0f-00000000c0de',
      projectHash: '0330143af6c7be93249ed9fd6ff0ab91a365aa871137e8e4d2a6fae8791a7c1c',
      startTime: at(0),
      lastUpdated: at(0),
      kind: 'main',
    },
    {
      id: 'ctx',
      timestamp: at(0),
      type: 'user',
      content: [
        {
          text: `<session_context>\nThis is the Gemini CLI.\n- **Workspace Directories:**\n  - ${session.cwd}\n</session_context>`,
        },
      ],
    },
    { id: 'u1', timestamp: at(0), type: 'user', content: [{ text: session.prompt }] },
  ];
  session.commands.forEach((run, i) => {
    const id = `run_shell_command_17809443997${i}_0`;
    const output = `Output: ${run.output}${run.exit === 0 ? '' : `\nExit Code: ${run.exit}`}\nProcess Group PGID: 2289${i}`;
    records.push({
      id: `g${i + 1}`,
      timestamp: at(i + 1),
      type: 'gemini',
      content: [{ text: '' }],
      model: 'gemini-3-pro',
      toolCalls: [
        {
          id,
          name: 'run_shell_command',
          args: { command: run.command, description: run.command },
          status: 'success',
          result: [{ functionResponse: { id, name: 'run_shell_command', response: { output } } }],
        },
      ],
    });
  });
  const folder = join(tempDir('gemini-home-'), '.gemini', 'tmp', 'shop', 'chats');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `session-${at(0).slice(0, 16).replace(/:/g, '-')}-2cbc6e5f.jsonl`);
  writeFileSync(path, lines(records));
  return path;
}

/** A Copilot CLI 1.x event log: `bash` tool requests whose result ends `<exited with exit code N>`. */
export function writeCopilotEvents(session: ScriptedSession): string {
  const sessionId = '8baa78ec-b203-4c7f-b1d3-00000000c0de';
  const at = (n: number) => iso(session.at + n * 10_000);
  let event = 0;
  let parent: string | null = null;
  const records: unknown[] = [];
  const push = (type: string, data: unknown, timestamp: string) => {
    const id = `e${++event}`;
    records.push({ type, data, id, timestamp, parentId: parent });
    parent = id;
  };
  push(
    'session.start',
    {
      sessionId,
      version: 1,
      producer: 'copilot-agent',
      copilotVersion: '1.0.10',
      startTime: at(0),
      context: { cwd: session.cwd, gitRoot: session.cwd, branch: 'main' },
    },
    at(0),
  );
  push(
    'user.message',
    { content: session.prompt, transformedContent: session.prompt, attachments: [], interactionId: 'i1' },
    at(0),
  );
  push('assistant.turn_start', { turnId: '0' }, at(0));
  session.commands.forEach((run, i) => {
    const toolCallId = `toolu_vrtx_01sh${i}`;
    const args = { command: run.command, description: run.command };
    push(
      'assistant.message',
      {
        messageId: `a-${i}`,
        content: '',
        toolRequests: [{ toolCallId, name: 'bash', arguments: args, type: 'function' }],
      },
      at(i + 1),
    );
    push('tool.execution_start', { toolCallId, toolName: 'bash', arguments: args }, at(i + 1));
    const content = `${run.output}\n<exited with exit code ${run.exit}>`;
    push(
      'tool.execution_complete',
      {
        toolCallId,
        model: 'claude-opus-4.6',
        success: true,
        result: { content, detailedContent: content },
      },
      at(i + 1),
    );
  });
  const folder = join(tempDir('copilot-home-'), '.copilot', 'session-state', sessionId);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'events.jsonl');
  writeFileSync(path, lines(records));
  return path;
}

/**
 * An OpenCode session in its legacy file storage (before 1.2's database): the session, its two messages
 * and their parts, `bash` tool parts whose metadata records the exit status. Returns the session file.
 */
export function writeOpencodeStorage(session: ScriptedSession): string {
  const storage = join(tempDir('opencode-home-'), 'opencode', 'storage');
  const project = '4b0ea68d7af9a6031a7ffda7ad66e0cb8331c0de';
  const sessionID = 'ses_5f1a2b3c4ffeScripted0001';
  const user = 'msg_a10000000001ScriptUser01';
  const assistant = 'msg_a10000000002ScriptAsst01';
  const write = (path: string, value: unknown) => {
    mkdirSync(join(storage, path, '..'), { recursive: true });
    writeFileSync(join(storage, path), JSON.stringify(value, null, 2));
  };
  const end = session.at + (session.commands.length + 1) * 10_000;
  const sessionFile = `session/${project}/${sessionID}.json`;
  write(sessionFile, {
    id: sessionID,
    version: '1.1.10',
    projectID: project,
    directory: session.cwd,
    title: session.prompt,
    time: { created: session.at, updated: end },
  });
  write(`message/${sessionID}/${user}.json`, {
    id: user,
    sessionID,
    role: 'user',
    time: { created: session.at },
    agent: 'build',
    model: { providerID: 'anthropic', modelID: 'claude-sonnet-4-5' },
  });
  write(`part/${user}/prt_a10000000001ScriptPart01.json`, {
    id: 'prt_a10000000001ScriptPart01',
    sessionID,
    messageID: user,
    type: 'text',
    text: session.prompt,
  });
  write(`message/${sessionID}/${assistant}.json`, {
    id: assistant,
    sessionID,
    role: 'assistant',
    parentID: user,
    time: { created: session.at + 5_000, completed: end },
    modelID: 'claude-sonnet-4-5',
    providerID: 'anthropic',
    mode: 'build',
    path: { cwd: session.cwd, root: session.cwd },
  });
  session.commands.forEach((run, i) => {
    const start = session.at + (i + 1) * 10_000;
    write(`part/${assistant}/prt_a10000000002ScriptPart${String(i + 1).padStart(2, '0')}.json`, {
      id: `prt_a10000000002ScriptPart${String(i + 1).padStart(2, '0')}`,
      sessionID,
      messageID: assistant,
      type: 'tool',
      callID: `toolu_script_0${i + 1}`,
      tool: 'bash',
      state: {
        status: 'completed',
        input: { command: run.command, description: run.command },
        output: run.output,
        metadata: { exit: run.exit, description: run.command },
        title: run.command,
        time: { start, end: start + 1_500 },
      },
    });
  });
  return join(storage, sessionFile);
}
