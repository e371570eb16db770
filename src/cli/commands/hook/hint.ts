import { parseCommandArgs } from '../../args.js';
import { type CliIo, println } from '../../io.js';
import { HINT_SPEC } from './hint-spec.js';
import { oneLine } from './one-line.js';

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
