import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Realistic Claude Code sessions for trial tests, generated the way bench/gen-sessions.mjs generates its
 * corpus (same line shapes, tool mix, friction model and mulberry32 random stream), but one session at a
 * time with its own seed, length, friction and modification time, so a test can build a project whose
 * sessions before and after a rule differ in exactly one respect.
 */
export interface GeneratedSessionOptions {
  seed: number;
  /** Assistant turns (each with its tool calls and results, sometimes a user message). */
  turns: number;
  /** Per-turn chance of friction (retries, tool errors, push-back, terse replies), as in gen-sessions. */
  friction: number;
  mtimeSecs: number;
  cwd?: string;
  sessionId?: string;
  /** Chance that a failed Bash command is run again unchanged right away (a mechanical pattern). */
  rerunFailed?: number;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  'the a function test file module error config value return import export class type interface should could would build run check update change fix add remove rename handler request response cache index parse render state props hook query schema'.split(
    ' ',
  );
const USER_PROMPTS = [
  'Please add input validation to the signup form and cover it with tests',
  'Refactor the cache layer so it can be swapped for redis',
  'The build is failing on CI, can you investigate',
  'Write a migration for the new orders table',
  'Explain how the auth middleware decides on a redirect',
];
const REJECTS = [
  "no that's wrong, revert it",
  "stop, don't touch the config",
  'why did you delete the test?',
  'nope',
  "that's not what I asked",
  'undo that please',
];
const TERSE = ['hmm', 'and?', 'not quite', 'try again', 'really'];
const RETRY = [
  "That didn't work. Let me try a different approach.",
  'My mistake, I misread the error.',
  'Actually, let me check the imports first.',
  'Sorry, let me fix that.',
];
const COMMANDS = ['npm test', 'git status', 'npx tsc --noEmit', 'ls -la src'];
const TOOLS = ['Read', 'Read', 'Edit', 'Bash', 'Grep', 'Write', 'Edit', 'MultiEdit', 'TodoWrite'];

/** The JSONL lines of one generated session. */
export function generatedSessionLines(options: GeneratedSessionOptions): string[] {
  const rnd = mulberry32(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
  const sentence = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const para = (chars: number) => {
    let s = '';
    while (s.length < chars) s += `${sentence(12)}. `;
    return s.slice(0, chars);
  };
  const cwd = options.cwd ?? '/home/dev/proj';
  const sid = options.sessionId ?? uuid();
  const files = Array.from(
    { length: 40 },
    (_, i) => `${cwd}/src/${pick(['core', 'ui', 'api', 'lib'])}/${pick(WORDS)}_${i}.ts`,
  );
  const friction = options.friction;
  let parent: string | null = null;
  let ts = options.mtimeSecs * 1000 - 3_600_000;
  const lines: string[] = [];
  const base = () => ({
    parentUuid: parent,
    isSidechain: false,
    userType: 'external',
    cwd,
    sessionId: sid,
    version: '2.0.14',
    gitBranch: 'main',
  });
  const emit = (obj: Record<string, unknown>) => {
    parent = (obj.uuid as string) ?? parent;
    ts += 1000 + Math.floor(rnd() * 20_000);
    lines.push(JSON.stringify({ ...obj, timestamp: new Date(ts).toISOString() }));
  };
  const assistant = (msgId: string, content: unknown[]) =>
    emit({
      ...base(),
      message: {
        id: msgId,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content,
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 900, output_tokens: 300 },
      },
      requestId: `req_${hex(24)}`,
      type: 'assistant',
      uuid: uuid(),
    });
  const result = (toolId: string, body: string, isError: boolean) =>
    emit({
      ...base(),
      type: 'user',
      message: {
        role: 'user',
        content: [
          { tool_use_id: toolId, type: 'tool_result', content: body, ...(isError ? { is_error: true } : {}) },
        ],
      },
      uuid: uuid(),
      toolUseResult: isError ? `Error: ${body}` : { stdout: '', stderr: '', interrupted: false },
    });
  lines.push(JSON.stringify({ type: 'summary', summary: sentence(6), leafUuid: uuid() }));
  emit({ ...base(), type: 'user', message: { role: 'user', content: pick(USER_PROMPTS) }, uuid: uuid() });
  for (let t = 0; t < options.turns; t++) {
    const msgId = `msg_${hex(24)}`;
    let text = para(rnd() < 0.2 ? 600 + rnd() * 1200 : 40 + rnd() * 300);
    if (rnd() < friction) text = `${pick(RETRY)} ${text}`;
    assistant(msgId, [{ type: 'text', text }]);
    const nTools = rnd() < 0.75 ? 1 + Math.floor(rnd() * 2) : 0;
    for (let k = 0; k < nTools; k++) {
      const toolId = `toolu_${hex(24)}`;
      const kind = pick(TOOLS);
      const file = rnd() < 0.5 ? (files[Math.floor(rnd() * 6)] as string) : pick(files);
      let input: Record<string, unknown>;
      if (kind === 'Read') input = { file_path: file };
      else if (kind === 'Edit') input = { file_path: file, old_string: para(80), new_string: para(90) };
      else if (kind === 'MultiEdit')
        input = { file_path: file, edits: [{ old_string: para(60), new_string: para(60) }] };
      else if (kind === 'Write') input = { file_path: file, content: para(400) };
      else if (kind === 'Bash') input = { command: pick(COMMANDS), description: sentence(4) };
      else if (kind === 'Grep') input = { pattern: pick(WORDS), path: `${cwd}/src`, output_mode: 'content' };
      else input = { todos: [{ content: sentence(5), status: 'in_progress', activeForm: sentence(4) }] };
      assistant(msgId, [{ type: 'tool_use', id: toolId, name: kind, input }]);
      const isError = rnd() < friction * 1.5;
      const body = isError
        ? `<tool_use_error>${kind === 'Bash' ? 'Command failed with exit code 1' : pick(['String to replace not found in file.', 'File has not been read yet. Read it first before writing to it.'])}</tool_use_error>`
        : kind === 'Read'
          ? para(300 + rnd() * 1500)
          : `The file ${file} has been updated.`;
      result(toolId, body, isError);
      if (isError && kind === 'Bash' && rnd() < (options.rerunFailed ?? 0)) {
        const again = `toolu_${hex(24)}`;
        assistant(msgId, [{ type: 'tool_use', id: again, name: 'Bash', input }]);
        result(again, '<tool_use_error>Command failed with exit code 1</tool_use_error>', true);
      }
    }
    if (rnd() < 0.12) {
      let userText = `${pick(USER_PROMPTS)}. ${sentence(6)}`;
      const r = rnd();
      if (r < friction * 2) userText = pick(REJECTS);
      else if (r < friction * 3) userText = pick(TERSE);
      emit({ ...base(), type: 'user', message: { role: 'user', content: userText }, uuid: uuid() });
    }
  }
  return lines;
}

/** Writes a generated session as `<folder>/<session id>.jsonl` with the given modification time. */
export function writeGeneratedSession(
  folder: string,
  options: GeneratedSessionOptions,
): { path: string; sessionId: string } {
  const lines = generatedSessionLines(options);
  const sessionId = (JSON.parse(lines[1] as string) as { sessionId: string }).sessionId;
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${sessionId}.jsonl`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  utimesSync(path, options.mtimeSecs, options.mtimeSecs);
  return { path, sessionId };
}
