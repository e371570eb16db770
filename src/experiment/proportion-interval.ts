import { normalQuantile } from '../trial/effect/rank-interval.js';

/** Wilson's score interval for a share of `successes` in `n` (z: the normal quantile of the level). */
export function wilson(successes: number, n: number, z: number): [number, number] {
  const p = successes / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const denominator = 1 + (z * z) / n;
  return [(centre - spread) / denominator, (centre + spread) / denominator];
}

/**
 * The difference of two shares `with − without` with Newcombe's hybrid score interval (his method 10,
 * built from each arm's Wilson interval): it keeps its coverage with few runs and with shares at 0 or 1,
 * where the textbook Wald interval collapses to a point. Undefined when an arm has no runs.
 */
export function shareDifference(
  withArm: { successes: number; n: number },
  withoutArm: { successes: number; n: number },
  level: number,
): { estimate: number; low: number; high: number } | undefined {
  if (withArm.n === 0 || withoutArm.n === 0) return undefined;
  const z = normalQuantile(1 - (1 - level) / 2);
  const p1 = withArm.successes / withArm.n;
  const p2 = withoutArm.successes / withoutArm.n;
  const [l1, u1] = wilson(withArm.successes, withArm.n, z);
  const [l2, u2] = wilson(withoutArm.successes, withoutArm.n, z);
  const d = p1 - p2;
  return {
    estimate: d,
    low: d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
    high: d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2),
  };
}
