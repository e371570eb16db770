import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../test-support/temp-dir.js';
import { OBSERVATIONS } from '../heuristic/index.js';
import { deepRead } from '../index.js';
import type { Citation, DeepReadResult } from '../types.js';
import { SessionBuilder } from './session-builder.js';

let made: string | undefined;
let n = 0;

/** The sessions' folder: made on first use in each test file (the last file's went with its other folders). */
function sessionsFolder(): string {
  if (made === undefined || !existsSync(made)) made = tempDir('retrospect-heuristic-');
  return made;
}

export const REFUSED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.";

/** A refusal with the reason the user typed at the prompt, in the wording Claude Code uses. */
export function refusedBecause(reason: string): string {
  return `The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). The user provided the following reason for the rejection:  ${reason}`;
}

/**
 * Builds a session, then reads it the way `retrospect deep-read --provider heuristic` does: the offline
 * answer, validated and checked against the transcript like a model's. `ids` are whatever the builder
 * returned, for assertions.
 */
export async function readOffline<T>(
  build: (s: SessionBuilder) => T,
): Promise<{ result: DeepReadResult; ids: T; path: string }> {
  const s = new SessionBuilder('4b1d0000-0000-4000-8000-000000000000');
  const ids = build(s);
  n += 1;
  const dir = sessionsFolder();
  const path = s.write(join(dir, `s${n}.jsonl`));
  const result = await deepRead(path, { provider: 'heuristic', env: {}, cwd: dir, persist: false });
  return { result, ids, path };
}

const PATTERN_OF = new Map<string, string>(Object.entries(OBSERVATIONS).map(([p, d]) => [d, p]));

/** What the offline read recognised: its proposals, then its observations of known patterns, each with its quotes. */
export function findingsOf(result: DeepReadResult): { pattern: string; citations: Citation[] }[] {
  const observed = result.observations.flatMap((o) => {
    const pattern = PATTERN_OF.get(o.description.replace(/ \(\d+ times\)$/, ''));
    return pattern ? [{ pattern, citations: o.citations }] : [];
  });
  return [
    ...result.proposals.map((p) => ({ pattern: p.pattern_summary, citations: p.citations })),
    ...observed,
  ];
}

/** The pattern tags of what the offline read proposed or observed, in its order. */
export function patternsOf(result: DeepReadResult): string[] {
  return findingsOf(result).map((f) => f.pattern);
}
