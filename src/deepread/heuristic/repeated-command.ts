import type { Citation } from '../types.js';
import { programOf } from './commands.js';
import { CASCADE, DENIED } from './errors.js';
import { isAppliedEdit } from './events.js';
import { Tally } from './tally.js';
import { cite, citeCall, comparable } from './text.js';
import type { Detector, Finding, SessionEvent } from './types.js';

/** Polling a server or a job until it is up reruns a failing command on purpose. */
const POLLING = /\b(?:sleep|wait|until|watch|retry)\b/;
const MAX_TRACKED_COMMANDS = 200;

interface Failure {
  /** Edits made in the session when it failed: the same count later means nothing was changed. */
  edits: number;
  first: Citation;
}

/** Shorter lines ("error", "failed") say nothing about which failure it was. */
const MIN_DISTINCT_LINE = 20;
const ERROR_LINE =
  /error|fail|not found|cannot|can't|denied|exception|refused|invalid|missing|undefined|unknown|no such/i;

/**
 * The first line of a failure's output that names the error (not an exit code, not a warning banner), or
 * undefined when none does.
 */
function telltaleLine(text: string): string | undefined {
  const line = text
    .split(/\r\n|\r|\n/)
    .map((l) => comparable(l))
    .find((l) => ERROR_LINE.test(l) && !/^(?:exit code \d+|\W*warning\b)/.test(l));
  return line !== undefined && line.length >= MIN_DISTINCT_LINE ? line.slice(0, 300) : undefined;
}

/**
 * A shell command failing again with nothing edited since it last failed: the same command rerun, or the
 * same program rerun with other flags and failing with the same first line of output, hoping for a
 * different result. A human turn starts afresh (the user may have changed something).
 */
export class RepeatedCommandDetector implements Detector {
  private readonly tally = new Tally();
  private edits = 0;
  private readonly failures = new Map<string, Failure>();

  push(event: SessionEvent): void {
    if (event.kind === 'human') {
      this.failures.clear();
      return;
    }
    if (isAppliedEdit(event)) {
      this.edits += 1;
      return;
    }
    if (event.kind !== 'result' || !event.output.isError || event.rejection) return;
    const command = event.call?.call.command;
    if (!event.call || command === undefined || POLLING.test(command)) return;
    if (DENIED.test(event.output.text) || CASCADE.test(event.output.text)) return;
    const call = citeCall(event.call.messageId, event.call.call);
    const line = telltaleLine(event.output.text);
    const keys = [`command\0${command}`];
    if (line !== undefined) keys.push(`output\0${programOf(command)}\0${line}`);
    const previous = keys
      .map((k) => this.failures.get(k))
      .find((f) => f !== undefined && f.edits === this.edits);
    if (previous) {
      this.tally.add(
        'repeated command',
        [previous.first, call, cite(event.message.id, event.output.text)],
        0.45,
      );
      return;
    }
    if (this.failures.size >= MAX_TRACKED_COMMANDS) this.failures.clear();
    for (const k of keys) this.failures.set(k, { edits: this.edits, first: call });
  }

  findings(): Finding[] {
    return this.tally.findings();
  }
}
