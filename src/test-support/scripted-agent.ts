import { chmodSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { tempDir } from './temp-dir.js';

/**
 * How the scripted `claude` behaves:
 * - `rule-helps`: with a rule that says to run the check first (loaded from `.claude/rules/*.md` or
 *   CLAUDE.md, as Claude Code loads a project's rules), it runs `sh check.sh` before anything else, writes
 *   the answer and checks again; without it, it usually runs a build script that does not exist twice in a
 *   row (a run of failing tool calls, S2) and writes a wrong answer more often.
 * - `same`: does the same with and without the rule; the rule only changes its words (no "let me try
 *   again" with the rule), which an experiment reports and never counts.
 * - `not-logged-in`, `out-of-quota`: Claude Code's error result and exit 1 (`SCRIPTED_AGENT_FAIL_AFTER=N`:
 *   the first N runs work, then the failure).
 * - `hang`: never ends, and leaves a child of its own running (the time limit must end both).
 *
 * `--resume <session id>` (a scripted follow-up) carries that session on as Claude Code does: the same
 * session id, the person's message as the next user entry of the same session file, and the agent looks
 * at the check, writes the right answer and checks again. Every reply ends with a summary of what it did
 * (long, as an agent's closing summary is), so that a terse follow-up to it is the gate's S5.
 */
export type ScriptedBehaviour = 'rule-helps' | 'same' | 'not-logged-in' | 'out-of-quota' | 'hang';

/** The words of the rule the scripted agent follows in `rule-helps`. */
export const CHECK_FIRST_RULE =
  '# Rules\n\n- Run the check first (`sh check.sh`) to see what is expected before changing anything.\n';

/**
 * Writes an executable `claude` (a node script) into a fresh folder; the returned env finds it first on
 * PATH, keeps its sessions under its own CLAUDE_CONFIG_DIR, and seeds its random choices (so a seed
 * gives the same runs on every machine; a counter in its folder makes each run's draw different). The
 * script speaks Claude Code's headless protocol: `-p --output-format stream-json --verbose`, the prompt on
 * stdin, one JSON event a line on stdout (system init, assistant and user messages, the result with usage
 * and cost), and keeps the session as Claude Code does, `<config>/projects/<cwd folder>/<session id>.jsonl`
 * in Claude Code's transcript format. Its tool calls are real: Bash runs the command in the checkout, Write
 * writes the file.
 */
export function installScriptedClaude(
  behaviour: ScriptedBehaviour,
  options: { seed?: number; baseEnv?: NodeJS.ProcessEnv; failAfter?: number } = {},
): { env: NodeJS.ProcessEnv; dir: string; configDir: string } {
  const dir = tempDir('retrospect-scripted-claude-');
  const configDir = join(dir, 'config');
  const script = `#!${process.execPath}
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const { createHash, randomUUID } = require('node:crypto');
const fs = require('node:fs');
const { join } = require('node:path');
const argv = process.argv.slice(2);
const need = (flag, value) => {
  const at = argv.indexOf(flag);
  if (at === -1 || (value !== undefined && argv[at + 1] !== value)) {
    process.stderr.write('error: expected ' + flag + (value ? ' ' + value : '') + '\\n');
    process.exit(2);
  }
  return at === -1 ? undefined : argv[at + 1];
};
need('-p'); need('--output-format', 'stream-json'); need('--verbose');
const permissionMode = need('--permission-mode');
const modelAt = argv.indexOf('--model');
const model = modelAt === -1 ? 'claude-sonnet-4-5-20250929' : argv[modelAt + 1];
const behaviour = process.env.SCRIPTED_AGENT_BEHAVIOUR;
const stateDir = process.env.SCRIPTED_AGENT_STATE;
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', main);

function counter() {
  const path = join(stateDir, 'runs');
  const n = fs.existsSync(path) ? Number(fs.readFileSync(path, 'utf8')) + 1 : 1;
  fs.writeFileSync(path, String(n));
  return n;
}
function draws(n) {
  let i = 0;
  return () => {
    const h = createHash('sha256').update(process.env.SCRIPTED_AGENT_SEED + ':' + n + ':' + i++).digest();
    return h.readUInt32BE(0) / 4294967296;
  };
}
function loadedRules(cwd) {
  let text = '';
  const dir = join(cwd, '.claude', 'rules');
  try { for (const name of fs.readdirSync(dir).sort()) if (name.endsWith('.md')) text += fs.readFileSync(join(dir, name), 'utf8'); } catch {}
  try { text += fs.readFileSync(join(cwd, 'CLAUDE.md'), 'utf8'); } catch {}
  return text;
}

function summary(text) {
  return text + ' In short: I read the README to see what the task asks for, looked at the files the' +
    ' repository holds (check.sh and the README), and wrote the answer into answer.txt at the top of the' +
    ' checkout. Nothing else in the repository was changed: no dependencies were added, no configuration' +
    ' was touched, and no file outside the checkout was written. If the answer is not what you expected,' +
    ' tell me what the check should see and I will change it; the file holds a single line, so the fix' +
    ' is small either way.';
}

function main() {
  const cwd = process.cwd();
  const resumeAt = argv.indexOf('--resume');
  const resumed = resumeAt === -1 ? undefined : argv[resumeAt + 1];
  if (resumed !== undefined && !/^[0-9a-f-]{36}$/.test(resumed)) {
    process.stderr.write('error: --resume expects a session id\\n');
    process.exit(2);
  }
  const sessionId = resumed ?? randomUUID();
  const out = (event) => process.stdout.write(JSON.stringify(event) + '\\n');
  const n = counter();
  const failAfter = Number(process.env.SCRIPTED_AGENT_FAIL_AFTER || '0');
  const failing = (behaviour === 'not-logged-in' || behaviour === 'out-of-quota') && n > failAfter;
  out({ type: 'system', subtype: 'init', cwd, session_id: sessionId, tools: ['Bash', 'Read', 'Write', 'Edit'],
    mcp_servers: [], model, permissionMode, slash_commands: [], apiKeySource: 'none', output_style: 'default', uuid: randomUUID() });
  if (failing) {
    const text = behaviour === 'not-logged-in' ? 'Invalid API key · Please run /login' : 'Claude AI usage limit reached|1767225600';
    out({ type: 'result', subtype: 'success', is_error: true, duration_ms: 120, duration_api_ms: 0, num_turns: 1,
      result: text, session_id: sessionId, total_cost_usd: 0, usage: { input_tokens: 0, output_tokens: 0 } });
    process.exit(1);
  }
  if (behaviour === 'hang') {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    fs.writeFileSync(join(stateDir, 'hang.pid'), String(child.pid));
    setInterval(() => {}, 1000);
    return;
  }
  const random = draws(n);
  const ruled = /run the check first/i.test(loadedRules(cwd));
  const followsRule = behaviour === 'rule-helps' && ruled;
  const polite = behaviour === 'same' && ruled;
  // SCRIPTED_AGENT_NO_SESSION=1: the session is kept where the experiment does not look (as with a
  // config folder of the agent's own), so only the event stream tells the run; a resume still finds it.
  const folder = process.env.SCRIPTED_AGENT_NO_SESSION === '1'
    ? join(stateDir, 'unseen-sessions')
    : join(process.env.CLAUDE_CONFIG_DIR, 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
  fs.mkdirSync(folder, { recursive: true });
  const session = [];
  let parent = null;
  let clock = Date.now();
  const sessionFile = join(folder, sessionId + '.jsonl');
  if (resumed !== undefined) {
    let before = [];
    try { before = fs.readFileSync(sessionFile, 'utf8').split('\\n').filter(Boolean).map((l) => JSON.parse(l)); } catch {}
    if (before.length === 0) {
      out({ type: 'result', subtype: 'error_during_execution', is_error: true, duration_ms: 10, duration_api_ms: 0,
        num_turns: 0, result: 'No conversation found with session ID: ' + sessionId, session_id: sessionId,
        total_cost_usd: 0, usage: { input_tokens: 0, output_tokens: 0 } });
      process.exit(1);
    }
    session.push(...before);
    parent = before[before.length - 1].uuid;
    clock = Math.max(clock, Date.parse(before[before.length - 1].timestamp));
  }
  let turns = 0;
  let tokens = { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const line = (type, message, extra) => {
    clock += 1500;
    const uuid = randomUUID();
    session.push({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.14',
      gitBranch: 'HEAD', type, message, uuid, timestamp: new Date(clock).toISOString(), ...extra });
    parent = uuid;
  };
  line('user', { role: 'user', content: input });
  let callNo = 0;
  const assistant = (content) => {
    turns++;
    const usage = { input_tokens: 1200 + 150 * turns, output_tokens: 180, cache_creation_input_tokens: 0, cache_read_input_tokens: 800 };
    for (const k of Object.keys(tokens)) tokens[k] += usage[k];
    const message = { id: 'msg_' + randomUUID().slice(0, 8), type: 'message', role: 'assistant', model, content, stop_reason: null, usage };
    line('assistant', message, { requestId: 'req_' + randomUUID().slice(0, 8) });
    out({ type: 'assistant', message, parent_tool_use_id: null, session_id: sessionId, uuid: parent });
  };
  const toolResult = (id, content, isError, toolUseResult) => {
    const block = { tool_use_id: id, type: 'tool_result', content };
    if (isError) block.is_error = true;
    const message = { role: 'user', content: [block] };
    line('user', message, { toolUseResult });
    out({ type: 'user', message, parent_tool_use_id: null, session_id: sessionId, uuid: parent });
  };
  const bash = (command, words) => {
    const id = 'toolu_' + String(++callNo).padStart(2, '0') + randomUUID().slice(0, 6);
    assistant([{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'Run ' + command } }]);
    try {
      const stdout = execFileSync(words[0], words.slice(1), { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      toolResult(id, stdout, false, { stdout, stderr: '', interrupted: false, isImage: false });
      return true;
    } catch (error) {
      const text = 'Exit code ' + (error.status ?? 1) + '\\n' + String(error.stderr || error.message).slice(0, 400);
      toolResult(id, text, true, 'Error: ' + text);
      return false;
    }
  };
  const write = (file, content) => {
    const id = 'toolu_' + String(++callNo).padStart(2, '0') + randomUUID().slice(0, 6);
    const path = join(cwd, file);
    assistant([{ type: 'tool_use', id, name: 'Write', input: { file_path: path, content } }]);
    fs.writeFileSync(path, content);
    toolResult(id, 'File created successfully at: ' + path, false, { type: 'create', filePath: path, content, structuredPatch: [] });
  };
  let lastSaid = '';
  const say = (text) => { lastSaid = text; assistant([{ type: 'text', text }]); };
  let answer;
  if (resumed !== undefined) {
    say('Looking at what the check expects.');
    bash('sh check.sh', ['sh', 'check.sh']);
    write('answer.txt', '42\\n');
    bash('sh check.sh', ['sh', 'check.sh']);
    say(summary('Done: answer.txt now holds 42 and the check passes.'));
  } else if (followsRule) {
    say('I will run the check first to see what it expects.');
    bash('sh check.sh', ['sh', 'check.sh']);
    answer = random() < 0.9 ? '42' : '41';
    write('answer.txt', answer + '\\n');
    if (!bash('sh check.sh', ['sh', 'check.sh'])) {
      write('answer.txt', '42\\n');
      bash('sh check.sh', ['sh', 'check.sh']);
    }
    say(summary('Done: answer.txt holds the answer and the check passes.'));
  } else {
    say('I will build the project first.');
    if (random() < 0.7) {
      bash('sh scripts/build.sh', ['sh', 'scripts/build.sh']);
      say(polite ? 'The build script is missing; running it with the release flag instead.' : 'That didn\\'t work. Let me try again with the release flag.');
      bash('sh scripts/build.sh --release', ['sh', 'scripts/build.sh', '--release']);
    }
    answer = random() < 0.5 ? '42' : '41';
    write('answer.txt', answer + '\\n');
    say(summary('Done: answer.txt holds the answer.'));
  }
  fs.writeFileSync(sessionFile, session.map((l) => JSON.stringify(l) + '\\n').join(''));
  out({ type: 'result', subtype: 'success', is_error: false, duration_ms: clock - Date.now(), duration_api_ms: 900 * turns,
    num_turns: turns, result: lastSaid, session_id: sessionId, total_cost_usd: Math.round(turns * 0.004 * 10000) / 10000,
    usage: tokens, permission_denials: [], uuid: randomUUID() });
}
`;
  const path = join(dir, 'claude');
  writeFileSync(path, script);
  chmodSync(path, 0o755);
  const { NODE_EXTRA_CA_CERTS: _certificates, ...baseEnv } = options.baseEnv ?? process.env;
  return {
    // The scripted agent opens no connection: a bundle of extra CA certificates named in the
    // environment would only be read at each of its starts, which it doubles where one is set.
    env: {
      ...baseEnv,
      PATH: `${dir}${delimiter}${baseEnv.PATH ?? ''}`,
      CLAUDE_CONFIG_DIR: configDir,
      SCRIPTED_AGENT_BEHAVIOUR: behaviour,
      SCRIPTED_AGENT_STATE: dir,
      SCRIPTED_AGENT_SEED: String(options.seed ?? 1),
      SCRIPTED_AGENT_FAIL_AFTER: String(options.failAfter ?? 0),
    },
    dir,
    configDir,
  };
}
