import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../test-support/temp-dir.js';

/**
 * Scripted stand-ins for OpenAI's Codex CLI and Google's Gemini CLI in their headless modes, printing the
 * formats those CLIs print: `codex exec --json` one event per line (`thread.started`, `turn.started`,
 * `item.completed` with an `agent_message` item, `turn.completed` with usage; `turn.failed` on error),
 * `gemini -p … --output-format json` one object (`response`, `stats.models.<model>.tokens`; `error` on
 * failure). FAKE_AGENT_ANSWER is the answer text, FAKE_AGENT_MODE `answer` or `error`, FAKE_AGENT_LOG
 * receives argv and stdin as JSON.
 */
export function installFakeAgentCli(kind: 'codex' | 'gemini'): { dir: string; command: string } {
  const dir = tempDir(`retrospect-fake-${kind}-`);
  const print =
    kind === 'codex'
      ? `
  const events = [{ type: 'thread.started', thread_id: '0199a213-81c0-7800-8aa1-bbab2a035a53' }, { type: 'turn.started' }];
  if (mode === 'error') events.push({ type: 'turn.failed', error: { message: 'stream disconnected before completion: 401 Unauthorized' } });
  else events.push(
    { type: 'item.completed', item: { id: 'item_0', type: 'reasoning', text: '**Reading the transcript**' } },
    { type: 'item.completed', item: { id: 'item_1', type: 'agent_message', text: answer } },
    { type: 'turn.completed', usage: { input_tokens: 2400, cached_input_tokens: 0, output_tokens: 120 } });
  process.stdout.write(events.map((e) => JSON.stringify(e)).join('\\n') + '\\n');
  process.exit(mode === 'error' ? 1 : 0);`
      : `
  const out = mode === 'error'
    ? { error: { type: 'FatalAuthenticationError', message: 'Please set an Auth method in your settings or GEMINI_API_KEY', code: 41 } }
    : { response: answer, stats: { models: { 'gemini-2.5-pro': { api: { totalRequests: 1, totalErrors: 0, totalLatencyMs: 5053 }, tokens: { prompt: 2400, candidates: 120, total: 2520, cached: 0, thoughts: 30, tool: 0 } } }, tools: { totalCalls: 0 } } };
  process.stdout.write(JSON.stringify(out, null, 2) + '\\n');
  process.exit(mode === 'error' ? 41 : 0);`;
  const script = `#!${process.execPath}
const { writeFileSync } = require('node:fs');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const mode = process.env.FAKE_AGENT_MODE || 'answer';
  const answer = process.env.FAKE_AGENT_ANSWER || '{}';
  if (process.env.FAKE_AGENT_LOG) writeFileSync(process.env.FAKE_AGENT_LOG, JSON.stringify({ argv: process.argv.slice(2), input }));
  ${print}
});
`;
  const command = join(dir, kind);
  writeFileSync(command, script);
  chmodSync(command, 0o755);
  return { dir, command };
}
