import { chmodSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { tempDir } from '../../test-support/temp-dir.js';

/**
 * Writes an executable `claude` (a small node script) into a fresh folder and returns an env whose PATH
 * finds it first. The script answers like Claude Code's `claude -p --output-format json`: one JSON result
 * envelope on stdout. Behaviour is chosen with FAKE_CLAUDE_MODE: `answer` (envelope around
 * FAKE_CLAUDE_RESULT), `error` (is_error envelope, exit 1), `hang` (never answers), `garbage`.
 * It records its argv and stdin into FAKE_CLAUDE_LOG when set. With FAKE_CLAUDE_SESSIONS=1 it also keeps a
 * session transcript as Claude Code does in print mode, in `<CLAUDE_CONFIG_DIR>/projects/<cwd as folder
 * name>/<session>.jsonl`: the prompt queued on receipt, the user turn, the answer.
 */
export function installFakeClaude(baseEnv: NodeJS.ProcessEnv = process.env): {
  env: NodeJS.ProcessEnv;
  dir: string;
} {
  const dir = tempDir('retrospect-fake-claude-');
  const script = `#!${process.execPath}
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { randomUUID } = require('node:crypto');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const mode = process.env.FAKE_CLAUDE_MODE || 'answer';
  if (process.env.FAKE_CLAUDE_LOG) writeFileSync(process.env.FAKE_CLAUDE_LOG, JSON.stringify({ argv: process.argv.slice(2), input }));
  if (mode === 'hang') { setInterval(() => {}, 1000); return; }
  if (mode === 'garbage') { process.stdout.write('Segmentation fault (core dumped)\\n'); process.exit(139); }
  const isError = mode === 'error';
  const sessionId = randomUUID();
  if (process.env.FAKE_CLAUDE_SESSIONS === '1' && process.env.CLAUDE_CONFIG_DIR) {
    const cwd = process.cwd();
    const folder = join(process.env.CLAUDE_CONFIG_DIR, 'projects', cwd.replace(/[^A-Za-z0-9]/g, '-'));
    mkdirSync(folder, { recursive: true });
    const at = new Date().toISOString();
    const userId = randomUUID();
    const lines = [
      { type: 'queue-operation', operation: 'enqueue', timestamp: at, sessionId, content: input },
      { type: 'queue-operation', operation: 'dequeue', timestamp: at, sessionId },
      { parentUuid: null, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.14', gitBranch: 'main',
        type: 'user', message: { role: 'user', content: input }, uuid: userId, timestamp: at },
      { parentUuid: userId, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.14', gitBranch: 'main',
        message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929',
          content: [{ type: 'text', text: process.env.FAKE_CLAUDE_RESULT || '{}' }], stop_reason: 'end_turn',
          usage: { input_tokens: 321, output_tokens: 45 } },
        type: 'assistant', uuid: randomUUID(), timestamp: at },
    ];
    writeFileSync(join(folder, sessionId + '.jsonl'), lines.map((l) => JSON.stringify(l) + '\\n').join(''));
  }
  const envelope = {
    type: 'result', subtype: isError ? 'error_during_execution' : 'success', is_error: isError,
    duration_ms: 1234, duration_api_ms: 1100, num_turns: 1,
    result: isError ? (process.env.FAKE_CLAUDE_RESULT || 'Invalid API key · Please run /login') : (process.env.FAKE_CLAUDE_RESULT || '{}'),
    session_id: sessionId, total_cost_usd: 0.0123,
    usage: { input_tokens: 321, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 45 },
  };
  process.stdout.write(JSON.stringify(envelope) + '\\n');
  process.exit(isError ? 1 : 0);
});
`;
  const path = join(dir, 'claude');
  writeFileSync(path, script);
  chmodSync(path, 0o755);
  return { env: { ...baseEnv, PATH: `${dir}${delimiter}${baseEnv.PATH ?? ''}` }, dir };
}
