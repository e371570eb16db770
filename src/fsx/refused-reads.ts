import { channel, subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * Where readers say that they passed over a project file leading out of the project. A diagnostics channel
 * is one per process by name, so a command bundled with its own copy of the readers still reaches the
 * CLI's listener; and this module needs nothing else, so that every command's start-up stays small.
 */
const REFUSED_READS = 'retrospect:refused-read';

/** A project file that was not read because it leads out of the project. */
export interface RefusedRead {
  /** The path as the project names it. */
  path: string;
  /** Where it really leads. */
  realPath: string;
  root: string;
  /** One line for stderr. */
  message: string;
}

/**
 * Calls `listener` for every project file a reader passes over because it leads out of the project (the
 * CLI prints each once on stderr). Returns the function that stops listening.
 */
export function onRefusedRead(listener: (refused: RefusedRead) => void): () => void {
  const handler = (message: unknown) => listener(message as RefusedRead);
  subscribe(REFUSED_READS, handler);
  return () => unsubscribe(REFUSED_READS, handler);
}

/** True when someone listens (the message is built only then). */
export function refusedReadsHeard(): boolean {
  return channel(REFUSED_READS).hasSubscribers;
}

export function publishRefusedRead(refused: RefusedRead): void {
  channel(REFUSED_READS).publish(refused);
}

/**
 * Says that a reader passed over a record it could not use (a shared store's row another client wrote
 * wrong), on the same channel: the CLI prints the message once per `key`.
 */
export function publishSkippedRecord(key: string, message: string): void {
  if (!refusedReadsHeard()) return;
  publishRefusedRead({ path: key, realPath: key, root: '', message });
}
