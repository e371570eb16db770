import { defineCommand, parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { oneLine } from './one-line.js';

export const HINT_SPEC = defineCommand({
  path: 'hook hint',
  summary: "For Stop/SessionEnd: suggest 'retrospect retro <session>' when the session passes the threshold",
  details:
    'Gates the session that is ending (in a worker, within the budget) and prints one suggestion line when\nits friction score passes RETRO_THRESHOLD; quiet otherwise.',
  options: {
    'budget-ms': {
      type: 'string',
      arg: 'MS',
      description: 'give up gating after this long',
      default: '5000',
    },
    'system-message': {
      type: 'boolean',
      description: 'print {"systemMessage": ...}, which Claude Code shows the user',
    },
    once: { type: 'boolean', description: 'suggest a retro at most once per session' },
  },
  examples: [['retrospect hook hint --system-message < payload.json', 'the hint as Claude Code shows it']],
  environment: 'RETRO_THRESHOLD, CLAUDE_CONFIG_DIR',
  exitStatus: 'always 0, also for a usage error: a hook must never block the agent',
  usageExit: 0,
});

/** `hook hint`: gates the session that just stopped and prints one suggestion line when it is worth a retro. */
export async function hint(args: string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(args, HINT_SPEC);
  try {
    const budgetMs = values['budget-ms'] === undefined ? undefined : Number(values['budget-ms']);
    if (budgetMs !== undefined && !(Number.isInteger(budgetMs) && budgetMs > 0)) {
      throw new Error(`--budget-ms takes a whole number of milliseconds, got '${values['budget-ms']}'`);
    }
    const { readHookInput } = await import('../../../hooks/stdin.js');
    const input = io.stdin.isTTY ? { ok: true as const, text: '' } : await readHookInput(io.stdin);
    // hooks/hint.js stays a module of its own in the bundle: it finds its gate worker beside itself.
    const { sessionHint } = await import('../../../hooks/hint.js');
    const result = await sessionHint(input.ok ? input.text : '', {
      env: io.env,
      cwd: io.cwd,
      budgetMs,
      once: values.once,
    });
    if (result.status === 'failed') println(io.stderr, `hint: ${result.reason}`);
    if (result.status !== 'suggest') return 0;
    println(
      io.stdout,
      values['system-message'] ? JSON.stringify({ systemMessage: result.line }) : result.line,
    );
  } catch (error) {
    println(io.stderr, `hint: ${oneLine(error)}`);
  }
  return 0;
}
