import { RetrospectError } from '../errors/errors.js';
import { onRefusedRead } from '../fsx/refused-reads.js';
import { secretsFromEnv } from '../safety/redact.js';
import { VERSION } from '../version.js';
import { type CliIo, println, processIo, setOutputSecrets } from './io.js';
import { COMMANDS, cliGroup } from './registry.js';

/**
 * The CLI's one error boundary: every command runs inside it, known errors become their exit status and
 * a one-line message, unknown ones a "please report" message with the version. `--help` anywhere ends as
 * a HelpShown, printed on stdout with exit 0. Help and "did you mean" load their modules only when needed,
 * so that the hooks and the gate start fast.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-V') {
    println(io.stdout, VERSION);
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  setOutputSecrets(secretsFromEnv(io.env));
  // A rules, memory or ledger file that leads out of the project is not read: say so once per file.
  const said = new Set<string>();
  const stopListening = onRefusedRead((refused) => {
    if (said.has(refused.path)) return;
    said.add(refused.path);
    println(io.stderr, `retrospect ${name ?? ''}: ${refused.message}`);
  });
  try {
    if (!entry) return await (await import('./group.js')).runGroup(cliGroup(), argv, io);
    const command = await entry.load();
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof RetrospectError) {
      if (error.code === 'E_HELP') {
        println(io.stdout, error.message);
        return 0;
      }
      // The words load only when there is an error to word: the hooks and the gate start without them.
      const { cliMessage } = await import('./error-words.js');
      println(io.stderr, `retrospect${entry ? ` ${entry.name}` : ''}: ${cliMessage(error)}`);
      return error.exitCode;
    }
    // A full disk, a read-only file system, a folder where a file belongs: the user's to fix, in one line.
    // Loaded only when there is such an error, as the words are: the hooks and the gate start without it.
    const system = (await import('../errors/system-errors.js')).systemErrorLine(error);
    if (system !== undefined) {
      println(io.stderr, `retrospect${entry ? ` ${entry.name}` : ''}: ${system}`);
      return 1;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    println(
      io.stderr,
      `retrospect ${name}: unexpected error (please report it with retrospect ${VERSION}):\n${detail}`,
    );
    return 70;
  } finally {
    stopListening();
  }
}
