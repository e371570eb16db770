type Op = { kind: ' ' | '-' | '+'; text: string };

const CONTEXT = 3;
// Settings files are small; beyond this the preview shows a whole-file replacement instead of an LCS.
const MAX_CELLS = 4_000_000;

function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function diffOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text) => ({ kind: '-' as const, text })),
      ...b.map((text) => ({ kind: '+' as const, text })),
    ];
  }
  const width = b.length + 1;
  // lcs[i * width + j] = length of the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lcs[(i + 1) * width + j] ?? 0, lcs[i * width + j + 1] ?? 0);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', text: a[i] ?? '' });
      i++;
      j++;
    } else if (
      i < a.length &&
      (j === b.length || (lcs[(i + 1) * width + j] ?? 0) >= (lcs[i * width + j + 1] ?? 0))
    ) {
      // Removals before additions, as diff(1) prints a changed block.
      ops.push({ kind: '-', text: a[i] ?? '' });
      i++;
    } else {
      ops.push({ kind: '+', text: b[j] ?? '' });
      j++;
    }
  }
  return ops;
}

/**
 * A unified diff (3 lines of context) of two texts, or '' when they are equal; used for `--dry-run` previews.
 */
export function unifiedDiff(before: string, after: string, fromLabel: string, toLabel: string): string {
  if (before === after) return '';
  const ops = diffOps(linesOf(before), linesOf(after));
  const changed = ops.map((op, index) => (op.kind === ' ' ? -1 : index)).filter((index) => index >= 0);
  const out = [`--- ${fromLabel}`, `+++ ${toLabel}`];
  let cursor = 0;
  while (cursor < changed.length) {
    const first = changed[cursor] ?? 0;
    let last = first;
    // Changes closer than two contexts apart share one hunk.
    while (cursor + 1 < changed.length && (changed[cursor + 1] ?? 0) - last <= 2 * CONTEXT) {
      cursor++;
      last = changed[cursor] ?? last;
    }
    cursor++;
    const start = Math.max(0, first - CONTEXT);
    const end = Math.min(ops.length, last + CONTEXT + 1);
    let oldLine = 1;
    let newLine = 1;
    for (const op of ops.slice(0, start)) {
      if (op.kind !== '+') oldLine++;
      if (op.kind !== '-') newLine++;
    }
    const hunk = ops.slice(start, end);
    const oldCount = hunk.filter((op) => op.kind !== '+').length;
    const newCount = hunk.filter((op) => op.kind !== '-').length;
    out.push(
      `@@ -${oldCount === 0 ? oldLine - 1 : oldLine},${oldCount} +${newCount === 0 ? newLine - 1 : newLine},${newCount} @@`,
    );
    for (const op of hunk) out.push(`${op.kind}${op.text}`);
  }
  return `${out.join('\n')}\n`;
}
