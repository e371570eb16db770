/** A line as the linker compares it: trimmed, inner whitespace runs collapsed to one space. */
export function normaliseLine(line: string): string {
  return line.replace(/\s+/g, ' ').trim();
}

/** A line with every whitespace removed. */
export function foldLine(line: string): string {
  return line.replace(/\s+/g, '');
}

/**
 * Text as a formatter cannot change it: whitespace and line breaks removed, one kind of quote, no
 * semicolons and no commas (a formatter adds and drops trailing ones). Prettier, Black, gofmt and the like
 * re-wrap, re-indent, re-quote and add or drop those; they do not change the rest. Character by
 * character, so the canonical form of joined lines is the joined canonical forms.
 */
export function canonicalText(text: string): string {
  return text.replace(/[\s;,]+/g, '').replace(/['`]/g, '"');
}

/** Words that make up a line with no content of its own (`end`, `} else {`, `fi`). */
const BLOCK_WORDS = new Set([
  'begin',
  'break',
  'continue',
  'do',
  'done',
  'else',
  'elif',
  'end',
  'endif',
  'endfor',
  'endwhile',
  'esac',
  'fi',
  'finally',
  'pass',
  'return',
  'then',
  'try',
]);

/**
 * A line that says nothing about who wrote it: blank, punctuation only (`}`, `);`, `---`), a lone closing
 * tag (`</div>`), block words (`end`, `} else {`), or under three characters. Any author writes these, so
 * they never count for or against a session.
 */
export function isTrivialLine(normalised: string): boolean {
  if (foldLine(normalised).length < 3) return true;
  if (!/[\p{L}\p{N}]/u.test(normalised)) return true;
  if (/^<\/[\w:-]+>$/.test(normalised)) return true;
  const words = normalised.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.every((word) => BLOCK_WORDS.has(word));
}

/** The lines that count for linking: normalised, trivial ones left out. */
export function meaningfulLines(text: string): string[] {
  return text
    .split('\n')
    .map(normaliseLine)
    .filter((line) => !isTrivialLine(line));
}

/** Beyond this many differences the exact diff is not worth its cost; a multiset difference is close enough. */
const MAX_EDIT_DISTANCE = 1000;

/**
 * The lines of `after` that are not in `before`, as a line diff (like git's) sees them: a line that only
 * moved counts as written, a line kept in place does not. Myers' algorithm after trimming the common
 * head and tail; a very different pair falls back to a multiset difference.
 */
export function insertedLines(before: readonly string[], after: readonly string[]): string[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  if (a.length === 0) return b;
  if (b.length === 0) return [];
  return myersInserted(a, b) ?? multisetDifference(a, b);
}

function multisetDifference(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const line of a) left.set(line, (left.get(line) ?? 0) + 1);
  return b.filter((line) => {
    const count = left.get(line) ?? 0;
    if (count === 0) return true;
    left.set(line, count - 1);
    return false;
  });
}

/** Myers' O((N+M)D) shortest edit script, reduced to the inserted lines of `b`; undefined when D is too large. */
function myersInserted(a: readonly string[], b: readonly string[]): string[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, offset, a.length, b, d);
    }
  }
  return undefined;
}

function backtrack(
  trace: Int32Array[],
  offset: number,
  n: number,
  b: readonly string[],
  depth: number,
): string[] {
  const inserted: string[] = [];
  let x = n;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK] ?? 0;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
    }
    if (down) inserted.push(b[prevY] as string);
    x = prevX;
    y = prevY;
  }
  return inserted.reverse();
}
