import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * Writes an executable `claude` (a small node script) into a fresh folder and returns an env whose PATH
 * finds it first. The script answers like Claude Code's `claude -p --output-format json`: one JSON result
 * envelope on stdout. Behaviour is chosen with FAKE_CLAUDE_MODE: `answer` (envelope around
 * FAKE_CLAUDE_RESULT), `error` (is_error envelope, exit 1), `hang` (never answers), `garbage`.
 * It records its argv and stdin into FAKE_CLAUDE_LOG when set.
 */
export function installFakeClaude(baseEnv: NodeJS.ProcessEnv = process.env): {
  env: NodeJS.ProcessEnv;
  dir: string;
} {
  const dir = mkdtempSync(join(tmpdir(), 'retrospect-fake-claude-'));
  const script = `#!${process.execPath}
const { writeFileSync } = require('node:fs');
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const mode = process.env.FAKE_CLAUDE_MODE || 'answer';
  if (process.env.FAKE_CLAUDE_LOG) writeFileSync(process.env.FAKE_CLAUDE_LOG, JSON.stringify({ argv: process.argv.slice(2), input }));
  if (mode === 'hang') { setInterval(() => {}, 1000); return; }
  if (mode === 'garbage') { process.stdout.write('Segmentation fault (core dumped)\\n'); process.exit(139); }
  const isError = mode === 'error';
  const envelope = {
    type: 'result', subtype: isError ? 'error_during_execution' : 'success', is_error: isError,
    duration_ms: 1234, duration_api_ms: 1100, num_turns: 1,
    result: isError ? (process.env.FAKE_CLAUDE_RESULT || 'Invalid API key · Please run /login') : (process.env.FAKE_CLAUDE_RESULT || '{}'),
    session_id: '5f0c7a2e-0d7b-4c1e-9d0a-2f6b8c1d3e4f', total_cost_usd: 0.0123,
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
