/** Edit distance (insertions, deletions, substitutions, and swaps of two neighbours) between two words. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate a mistyped word most likely meant, for a "did you mean" hint: the closest by edit distance
 * when it is close enough for the word's length, else one the word is a prefix of, else nothing.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const wanted = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const d = distance(wanted, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best !== undefined && bestDistance <= Math.max(1, Math.floor(wanted.length / 3))) return best;
  const prefixed = candidates.filter((c) => wanted.length >= 3 && c.startsWith(wanted));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/** ` (did you mean --json?)`, or '' when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[], prefix = ''): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : ` (did you mean ${prefix}${match}?)`;
}
