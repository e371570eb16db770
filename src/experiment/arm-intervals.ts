import { normalQuantile } from '../trial/effect/rank-interval.js';
import { wilson } from './proportion-interval.js';

/** P(X ≤ k) for X ~ Binomial(n, 1/2). */
function binomialHalfCdf(k: number, n: number): number {
  let term = 0.5 ** n;
  let sum = term;
  for (let i = 1; i <= k; i++) {
    term = (term * (n - i + 1)) / i;
    sum += term;
  }
  return sum;
}

/**
 * A distribution-free interval for one arm's median: two order statistics `[x(k), x(n+1−k)]`, k the
 * largest with P(Binomial(n, ½) ≤ k−1) ≤ (1−level)/2. Undefined with too few runs for that level.
 */
export function medianInterval(values: readonly number[], level: number): [number, number] | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return undefined;
  const alphaHalf = (1 - level) / 2;
  let k = 0;
  while (k < n && binomialHalfCdf(k, n) <= alphaHalf + 1e-12) k++;
  if (k === 0) return undefined;
  return [sorted[k - 1] as number, sorted[n - k] as number];
}

/** Wilson's score interval for one arm's share (of passed checks, of runs with friction). */
export function shareInterval(successes: number, n: number, level: number): [number, number] | undefined {
  if (n === 0) return undefined;
  return wilson(successes, n, normalQuantile(1 - (1 - level) / 2));
}
