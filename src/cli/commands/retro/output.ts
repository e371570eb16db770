import { outcomeJson } from '../../../retro/outcome-json.js';
import { renderOutcome, renderWhyReport } from '../../../retro/render.js';
import type { RetroOutcome } from '../../../retro/types.js';
import { type CliIo, println } from '../../io.js';

/** Prints a retro's outcome: JSON, or the `--why` tables and the human summary (drops on stderr). */
export function printOutcome(
  outcome: RetroOutcome,
  io: CliIo,
  options: { json?: boolean | undefined; why?: boolean | undefined },
): void {
  if (options.json) {
    println(io.stdout, JSON.stringify(outcomeJson(outcome), null, 2));
    return;
  }
  if (options.why) println(io.stdout, [...renderWhyReport(outcome), ''].join('\n'));
  for (const line of outcome.dropped) println(io.stderr, `retro: dropped ${line}`);
  for (const line of outcome.deferred) println(io.stderr, line);
  println(io.stdout, renderOutcome(outcome).join('\n'));
}
