import { Readable, Writable } from 'node:stream';

/** What a command takes as its io (the CLI's CliIo, spelled out here: test-support knows no command line). */
export interface CommandIo {
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
  stdin: Readable & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A stream that keeps what is written to it, a terminal of `columns` when `tty`. */
function collector(
  tty: boolean,
  columns: number | undefined,
): Writable & { isTTY?: boolean; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return Object.assign(stream, tty ? { isTTY: true } : {}, columns ? { columns } : {}, { text: () => text });
}

export type MemoryIo = CommandIo & { out(): string; err(): string };

/**
 * A command's surroundings in memory, for running `main(argv, io)` in-process: stdout and stderr collected
 * (a terminal `columns` wide with `tty`, else a pipe), stdin empty or `input`.
 */
export function memoryIo(options: {
  env: NodeJS.ProcessEnv;
  cwd: string;
  tty?: boolean;
  columns?: number;
  input?: string;
}): MemoryIo {
  const stdout = collector(options.tty === true, options.columns);
  const stderr = collector(options.tty === true, options.columns);
  return {
    stdout,
    stderr,
    stdin: Readable.from(options.input === undefined ? [] : [options.input]),
    env: options.env,
    cwd: options.cwd,
    out: stdout.text,
    err: stderr.text,
  };
}
