import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * Streams the JSON objects of a session transcript (JSONL), one per line; blank, torn and non-object lines
 * are skipped. Kept behind this one function so that the walk reads sessions the way the transcript
 * reader does.
 */
export async function* readSessionObjects(
  path: string,
): AsyncGenerator<{ lineNo: number; value: Record<string, unknown> }> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = -1;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      yield { lineNo, value: value as Record<string, unknown> };
    }
  }
}
