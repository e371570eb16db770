#!/usr/bin/env node
// Deterministic generator of realistic Claude Code session transcripts (JSONL),
// with a controllable amount of friction. Used for benchmarks and differential checks.
// usage: gen-sessions.mjs --out DIR [--sessions N] [--turns T] [--seed S] [--friction F] [--big-results KB]
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => {
    if (a.startsWith('--')) acc.push([a.slice(2), all[i + 1]]);
    return acc;
  }, []),
);
const out = args.out ?? 'corpus';
const sessions = Number(args.sessions ?? 20);
const turns = Number(args.turns ?? 200);
const friction = Number(args.friction ?? 0.02);
const bigKB = Number(args['big-results'] ?? 6);
let seed = Number(args.seed ?? 42) >>> 0;

function rnd() {
  // mulberry32
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const hex = (n) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
const WORDS =
  'the a function test file module error config value return import export class type interface should could would build run check update change fix add remove rename handler request response cache index parse render state props hook query schema'.split(
    ' ',
  );
const sentence = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const para = (chars) => {
  let s = '';
  while (s.length < chars) s += sentence(12) + '. ';
  return s.slice(0, chars);
};
const codeBlob = (chars) => {
  let s = '';
  let i = 1;
  while (s.length < chars) {
    s += `${String(i).padStart(5)}\u2192  const ${pick(WORDS)}_${i} = ${pick(WORDS)}(${pick(WORDS)}, "${sentence(3)}");\n`;
    i++;
  }
  return s.slice(0, chars);
};
const FILES = Array.from(
  { length: 40 },
  (_, i) => `/home/dev/proj/src/${pick(['core', 'ui', 'api', 'lib', 'util'])}/${pick(WORDS)}_${i}.ts`,
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

function* session(sid, cwd) {
  let parent = null;
  let ts = Date.UTC(2026, 9, 1, 9, 0, 0) + Math.floor(rnd() * 1e9);
  const base = () => ({
    parentUuid: parent,
    isSidechain: false,
    userType: 'external',
    cwd,
    sessionId: sid,
    version: '2.0.14',
    gitBranch: 'main',
  });
  const emit = (obj) => {
    parent = obj.uuid ?? parent;
    ts += 1000 + Math.floor(rnd() * 20000);
    obj.timestamp = new Date(ts).toISOString();
    return JSON.stringify(obj);
  };
  yield JSON.stringify({ type: 'summary', summary: sentence(6), leafUuid: uuid() });
  yield emit({
    ...base(),
    type: 'user',
    message: {
      role: 'user',
      content:
        '<command-name>/init</command-name>\n<command-message>init is analyzing your codebase…</command-message>',
    },
    isMeta: true,
    uuid: uuid(),
  });
  yield emit({
    ...base(),
    type: 'user',
    message: { role: 'user', content: pick(USER_PROMPTS) },
    uuid: uuid(),
  });
  for (let t = 0; t < turns; t++) {
    const reqId = `req_${hex(24)}`;
    const msgId = `msg_${hex(24)}`;
    const usage = {
      input_tokens: Math.floor(rnd() * 5000),
      cache_creation_input_tokens: Math.floor(rnd() * 20000),
      cache_read_input_tokens: Math.floor(rnd() * 80000),
      output_tokens: Math.floor(rnd() * 900),
      service_tier: 'standard',
    };
    const model = 'claude-sonnet-4-5-20250929';
    if (rnd() < 0.3)
      yield emit({
        ...base(),
        message: {
          id: msgId,
          type: 'message',
          role: 'assistant',
          model,
          content: [{ type: 'thinking', thinking: para(200 + rnd() * 1500), signature: hex(200) }],
          stop_reason: null,
          stop_sequence: null,
          usage,
        },
        requestId: reqId,
        type: 'assistant',
        uuid: uuid(),
      });
    const textLen = rnd() < 0.2 ? 600 + rnd() * 2000 : 40 + rnd() * 300;
    let text = para(textLen);
    if (rnd() < friction) text = pick(RETRY) + ' ' + text;
    yield emit({
      ...base(),
      message: {
        id: msgId,
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text }],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
      requestId: reqId,
      type: 'assistant',
      uuid: uuid(),
    });
    const nTools = rnd() < 0.75 ? 1 + Math.floor(rnd() * 2) : 0;
    let sawError = false;
    for (let k = 0; k < nTools; k++) {
      const toolId = `toolu_${hex(24)}`;
      const kind = pick(['Read', 'Read', 'Edit', 'Bash', 'Grep', 'Write', 'Edit', 'MultiEdit', 'TodoWrite']);
      const file = rnd() < 0.5 ? FILES[Math.floor(rnd() * 6)] : pick(FILES);
      let input;
      if (kind === 'Read') input = { file_path: file };
      else if (kind === 'Edit')
        input = { file_path: file, old_string: para(80 + rnd() * 300), new_string: para(80 + rnd() * 300) };
      else if (kind === 'MultiEdit')
        input = {
          file_path: file,
          edits: [
            { old_string: para(60), new_string: para(60) },
            { old_string: para(60), new_string: para(70) },
          ],
        };
      else if (kind === 'Write') input = { file_path: file, content: codeBlob(500 + rnd() * 3000) };
      else if (kind === 'Bash')
        input = {
          command: pick(['npm test', 'git status', 'npx tsc --noEmit', 'ls -la src']),
          description: sentence(4),
        };
      else if (kind === 'Grep')
        input = { pattern: pick(WORDS), path: '/home/dev/proj/src', output_mode: 'content' };
      else input = { todos: [{ content: sentence(5), status: 'in_progress', activeForm: sentence(4) }] };
      yield emit({
        ...base(),
        message: {
          id: msgId,
          type: 'message',
          role: 'assistant',
          model,
          content: [{ type: 'tool_use', id: toolId, name: kind, input }],
          stop_reason: null,
          stop_sequence: null,
          usage,
        },
        requestId: reqId,
        type: 'assistant',
        uuid: uuid(),
      });
      const isErr = rnd() < friction * 1.5;
      sawError = sawError || isErr;
      const body = isErr
        ? `<tool_use_error>${pick(['String to replace not found in file.', 'File has not been read yet. Read it first before writing to it.', 'Command failed with exit code 1'])}</tool_use_error>`
        : kind === 'Read'
          ? codeBlob(bigKB * 1024 * (0.3 + rnd() * 1.4))
          : kind === 'Bash'
            ? para(200 + rnd() * 3000)
            : kind === 'Grep'
              ? codeBlob(300 + rnd() * 2000)
              : `The file ${file} has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${codeBlob(400 + rnd() * 800)}`;
      const toolUseResult = isErr
        ? `Error: ${body}`
        : kind === 'Read'
          ? {
              type: 'text',
              file: { filePath: file, content: '(elided)', numLines: 120, startLine: 1, totalLines: 120 },
            }
          : { stdout: '', stderr: '', interrupted: false };
      yield emit({
        ...base(),
        type: 'user',
        message: {
          role: 'user',
          content: [
            { tool_use_id: toolId, type: 'tool_result', content: body, ...(isErr ? { is_error: true } : {}) },
          ],
        },
        uuid: uuid(),
        toolUseResult,
      });
    }
    if (rnd() < 0.12) {
      let userText = pick(USER_PROMPTS) + '. ' + sentence(6);
      const r = rnd();
      if (r < friction * 2) userText = pick(REJECTS);
      else if (r < friction * 3) userText = pick(TERSE);
      else if (r < friction * 3.5) userText = `<bash-input>git status</bash-input>`;
      yield emit({ ...base(), type: 'user', message: { role: 'user', content: userText }, uuid: uuid() });
    }
  }
}

mkdirSync(out, { recursive: true });
let total = 0;
for (let s = 0; s < sessions; s++) {
  const sid = uuid();
  const proj = join(out, `-home-dev-proj${s % 4}`);
  mkdirSync(proj, { recursive: true });
  const file = join(proj, `${sid}.jsonl`);
  const chunks = [];
  for (const line of session(sid, `/home/dev/proj${s % 4}`)) chunks.push(line + '\n');
  const data = chunks.join('');
  total += data.length;
  const w = createWriteStream(file);
  w.end(data);
}
console.error(`wrote ${sessions} sessions, ${(total / 1e6).toFixed(1)} MB to ${out}`);
