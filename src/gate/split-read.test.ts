import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatedSessionLines } from '../test-support/generated-session.js';
import { tempDir } from '../test-support/temp-dir.js';
import type { TranscriptFacts } from '../transcript/types.js';
import type { SplitOutcome } from './split-read.js';
import type { GateTurn } from './turns.js';

// The split read starts its thread from the built split-worker.js beside it, so the built modules run here.
const dist = join(import.meta.dirname, '..', '..', 'dist', 'gate');
const { readGateTurnsSplit, joinFacts, lineStartAfter, firstShareOf, SPLIT_MIN_BYTES } = (await import(
  join(dist, 'split-read.js')
)) as typeof import('./split-read.js');
const { readGateTurnsFast } = (await import(join(dist, 'fast-turns.js'))) as typeof import('./fast-turns.js');
const { GATE_LONG_LINES } = (await import(join(dist, 'long-lines.js'))) as typeof import('./long-lines.js');

function onePass(path: string): { turns: GateTurn[]; facts: TranscriptFacts } {
  const turns: GateTurn[] = [];
  const facts = readGateTurnsFast(path, (turn) => turns.push(turn), { longLines: GATE_LONG_LINES });
  return { turns, facts };
}

function split(path: string, firstShare: number) {
  const turns: GateTurn[] = [];
  let outcome: SplitOutcome | undefined;
  const facts = readGateTurnsSplit(path, (turn) => turns.push(turn), {
    minBytes: 0,
    coreFree: () => true,
    firstShare,
    onOutcome: (how) => {
      outcome = how;
    },
  });
  return { turns, facts, outcome };
}

const examples = join(import.meta.dirname, '..', '..', 'examples', 'projects');
const exampleLines = readdirSync(examples, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.jsonl'))
  .sort()
  .flatMap((name) => readFileSync(join(examples, name), 'utf8').split('\n'));

/**
 * A transcript whose order-dependent state crosses any cut: generated sessions (tool-error runs, edits of
 * one file across turns, retries, terse replies) and the example sessions, written with every line ending
 * the reader knows (`\n`, `\r\n`, a lone `\r`), blank and torn lines, a line over the 4 MiB long-line bound,
 * and a last line without its `\n`.
 */
function mixedTranscript(dir: string): string {
  const lines = [
    ...generatedSessionLines({ seed: 7, turns: 120, friction: 0.5, mtimeSecs: 1_700_000_000 }),
    ...exampleLines,
    ...generatedSessionLines({ seed: 11, turns: 160, friction: 0.6, mtimeSecs: 1_700_000_100 }),
  ].filter((line) => line.length > 0);
  const long = JSON.parse(lines.find((line) => line.includes('"tool_result"')) ?? lines[1]!) as Record<
    string,
    unknown
  >;
  long.padding = 'x'.repeat(5 * 1024 * 1024);
  lines.splice(Math.floor(lines.length * 0.6), 0, JSON.stringify(long), '', '{"type": "user", torn');
  const endings = ['\n', '\r\n', '\n', '\r', '\n'];
  const text = lines
    .map((line, i) => line + (i === lines.length - 1 ? '' : endings[i % endings.length]))
    .join('');
  const path = join(dir, 'mixed.jsonl');
  writeFileSync(path, text);
  return path;
}

describe('readGateTurnsSplit', () => {
  const path = mixedTranscript(tempDir());
  const whole = onePass(path);

  it('gives the one-pass turns, in order, and facts wherever the file is cut', () => {
    expect(whole.turns.length).toBeGreaterThan(400);
    const outcomes = new Set<SplitOutcome>();
    for (const share of [0.0005, 0.3, 0.55, 0.61, 0.9]) {
      const read = split(path, share);
      outcomes.add(read.outcome!);
      expect(read.turns, `cut at ${share}`).toEqual(whole.turns);
      expect(read.facts, `cut at ${share}`).toEqual(whole.facts);
    }
    // Near the head the first part holds fewer than the schema-drift window's lines: read here after all.
    expect([...outcomes].sort()).toEqual(['second-part-here', 'two-threads']);
  });

  it('reads a file below the size bound on this thread alone', () => {
    let outcome: SplitOutcome | undefined;
    const turns: GateTurn[] = [];
    const facts = readGateTurnsSplit(path, (turn) => turns.push(turn), {
      coreFree: () => true,
      onOutcome: (how) => {
        outcome = how;
      },
    });
    expect(outcome).toBe('whole');
    expect({ turns, facts }).toEqual(whole);
  });

  it('reads on this thread alone when no core is free', () => {
    let outcome: SplitOutcome | undefined;
    const turns: GateTurn[] = [];
    const facts = readGateTurnsSplit(path, (turn) => turns.push(turn), {
      minBytes: 0,
      coreFree: () => false,
      onOutcome: (how) => {
        outcome = how;
      },
    });
    expect(outcome).toBe('whole');
    expect({ turns, facts }).toEqual(whole);
  });

  it('gives the calling thread more than half, by the second thread’s overhead, so both end together', () => {
    const mb = 1024 * 1024;
    expect(firstShareOf(100 * mb)).toBeCloseTo(0.64, 2);
    expect(firstShareOf(SPLIT_MIN_BYTES)).toBeLessThan(0.9);
    expect(firstShareOf(mb)).toBe(0.9);
    expect(firstShareOf(10_000 * mb)).toBeGreaterThan(0.5);
  });

  it('cuts only after a line feed, and not at all when none follows the offset', () => {
    const dir = tempDir();
    const file = join(dir, 'one-line.jsonl');
    writeFileSync(file, 'a\r\nbc\rd\nlast');
    expect(lineStartAfter(file, 0)).toBe(3);
    expect(lineStartAfter(file, 3)).toBe(8);
    expect(lineStartAfter(file, 8)).toBeUndefined();
  });

  it('joins facts as one pass over both parts gives them', () => {
    const first: TranscriptFacts = {
      sessionId: undefined,
      lines: 60,
      knownFieldsSeen: true,
      firstTimestamp: undefined,
      lastTimestamp: undefined,
    };
    const second: TranscriptFacts = {
      sessionId: 's',
      lines: 5,
      knownFieldsSeen: false,
      firstTimestamp: 'a',
      lastTimestamp: 'b',
      oversizedLines: 1,
    };
    expect(joinFacts(first, second)).toEqual({
      sessionId: 's',
      lines: 65,
      knownFieldsSeen: true,
      firstTimestamp: 'a',
      lastTimestamp: 'b',
      oversizedLines: 1,
    });
    expect(
      joinFacts({ ...second, lastTimestamp: 'c' }, { ...first, oversizedLines: undefined }),
    ).toMatchObject({
      sessionId: 's',
      firstTimestamp: 'a',
      lastTimestamp: 'c',
      oversizedLines: 1,
    });
  });
});
