import { RetrospectError } from '../errors/errors.js';
import { onRefusedRead } from '../fsx/refused-reads.js';
import { secretsFromEnv } from '../safety/redact.js';
import { VERSION } from '../version.js';
import { type CliIo, println, processIo, setOutputSecrets } from './io.js';
import { COMMANDS } from './registry.js';

function renderHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    `retrospect ${VERSION} — make coding agents and their teams learn from their own work`,
    '',
    'usage: retrospect <command> [options]   (alias: retro)',
    '',
    'commands:',
    ...lines,
    '',
    "Run 'retrospect <command> --help' for a command's options.",
  ].join('\n');
}

/**
 * The CLI's one error boundary: every command runs inside it, known errors become their exit status and
 * a one-line message, unknown ones a "please report" message with the version.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    println(io.stdout, renderHelp());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-V') {
    println(io.stdout, VERSION);
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    println(
      io.stderr,
      `retrospect: unknown command '${name}'. Commands: ${COMMANDS.map((c) => c.name).join(', ')}`,
    );
    return 2;
  }
  setOutputSecrets(secretsFromEnv(io.env));
  // A rules, memory or ledger file that leads out of the project is not read: say so once per file.
  const said = new Set<string>();
  const stopListening = onRefusedRead((refused) => {
    if (said.has(refused.path)) return;
    said.add(refused.path);
    println(io.stderr, `retrospect ${name}: ${refused.message}`);
  });
  try {
    const command = await entry.load();
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof RetrospectError) {
      println(io.stderr, `retrospect ${name}: ${error.message}`);
      return error.exitCode;
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
