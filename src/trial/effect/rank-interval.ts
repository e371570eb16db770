/**
 * The Hodges–Lehmann estimate of a shift between two samples and its distribution-free confidence
 * interval from the Mann–Whitney statistic (Moses' method). Nothing random: the same sessions give the
 * same interval on every machine, and ranks keep one runaway session from deciding a trial.
 */

/** An interval for `during − baseline`, or the reason there is none. */
export type ShiftInterval =
  | {
      ok: true;
      /** Median of all pairwise differences `during[j] − baseline[i]`. */
      estimate: number;
      low: number;
      high: number;
      /** The coverage the interval actually has (the Mann–Whitney distribution is discrete). */
      achievedLevel: number;
      /** `exact` below EXACT_LIMIT pairs, else the normal approximation. */
      distribution: 'exact' | 'normal';
    }
  | { ok: false; reason: 'too-few-sessions'; estimate: number | undefined };

/** Up to this many pairs (n·m) the Mann–Whitney null distribution is computed exactly. */
const EXACT_LIMIT = 2_500;

/**
 * P(U ≤ u) for u = 0..n·m under the null hypothesis (no ties), by the recursion over sample sizes
 * p(i, j, u) = i/(i+j)·p(i−1, j, u−j) + j/(i+j)·p(i, j−1, u), kept as probabilities so nothing overflows.
 */
export function mannWhitneyCdf(n: number, m: number): Float64Array {
  const total = n * m;
  // layer[j][u] = p(i, j, u) for the current i.
  let layer: Float64Array[] = Array.from({ length: m + 1 }, () => {
    const row = new Float64Array(total + 1);
    row[0] = 1;
    return row;
  });
  for (let i = 1; i <= n; i++) {
    const next: Float64Array[] = [new Float64Array(total + 1)];
    (next[0] as Float64Array)[0] = 1;
    for (let j = 1; j <= m; j++) {
      const row = new Float64Array(total + 1);
      const fromI = layer[j] as Float64Array;
      const fromJ = next[j - 1] as Float64Array;
      const a = i / (i + j);
      const b = j / (i + j);
      for (let u = 0; u <= i * j; u++)
        row[u] = (u >= j ? a * (fromI[u - j] as number) : 0) + b * (fromJ[u] as number);
      next.push(row);
    }
    layer = next;
  }
  const pmf = layer[m] as Float64Array;
  const cdf = new Float64Array(total + 1);
  let sum = 0;
  for (let u = 0; u <= total; u++) {
    sum += pmf[u] as number;
    cdf[u] = Math.min(1, sum);
  }
  return cdf;
}

/** Φ⁻¹(p) by Acklam's rational approximation (relative error below 1.2e-9), enough for a critical value. */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const poly = (k: number[], x: number) => k.reduce((acc, coef) => acc * x + coef, 0);
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/** Φ(x), through the complementary error function (Numerical Recipes' erfc, error below 1.2e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * The order statistic k (1-based) whose pair `[D(k), D(nm+1−k)]` covers the shift with at least `level`:
 * the largest k with P(U ≤ k−1) ≤ (1−level)/2; 0 when even the widest interval does not reach `level`.
 */
function criticalRank(
  n: number,
  m: number,
  level: number,
): { k: number; tail: number; distribution: 'exact' | 'normal' } {
  const alphaHalf = (1 - level) / 2;
  const pairs = n * m;
  if (pairs <= EXACT_LIMIT) {
    const cdf = mannWhitneyCdf(n, m);
    let k = 0;
    while (k < pairs && (cdf[k] as number) <= alphaHalf + 1e-12) k++;
    return { k, tail: k === 0 ? 0 : (cdf[k - 1] as number), distribution: 'exact' };
  }
  const sd = Math.sqrt((pairs * (n + m + 1)) / 12);
  const k = Math.max(0, Math.floor(pairs / 2 - normalQuantile(1 - alphaHalf) * sd));
  // Continuity-corrected tail of the normal approximation at U = k − 1.
  const tail = k === 0 ? 0 : normalCdf((k - 1 + 0.5 - pairs / 2) / sd);
  return { k, tail, distribution: 'normal' };
}

function median(sorted: Float64Array): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The shift `during − baseline` with a `level` confidence interval: the Hodges–Lehmann estimate (the
 * median of every pairwise difference) and the Moses interval between two order statistics of those
 * differences, chosen from the Mann–Whitney null distribution. Ties (many sessions with no friction)
 * make the interval a little conservative, never too narrow in practice. With samples too small for
 * any interval at that level (fewer than 4 a side at 95%) there is no interval.
 */
export function shiftInterval(
  baseline: readonly number[],
  during: readonly number[],
  level = 0.95,
): ShiftInterval {
  const n = baseline.length;
  const m = during.length;
  if (n === 0 || m === 0) return { ok: false, reason: 'too-few-sessions', estimate: undefined };
  const diffs = new Float64Array(n * m);
  let at = 0;
  for (const x of baseline) for (const y of during) diffs[at++] = y - x;
  diffs.sort();
  const estimate = median(diffs);
  const { k, tail, distribution } = criticalRank(n, m, level);
  if (k === 0) return { ok: false, reason: 'too-few-sessions', estimate };
  return {
    ok: true,
    estimate,
    low: diffs[k - 1] as number,
    high: diffs[n * m - k] as number,
    achievedLevel: 1 - 2 * tail,
    distribution,
  };
}
