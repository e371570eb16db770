// What the timing benchmarks share (cost-overhead.mjs, gate-cost.mjs).

/** The median of numbers; of an even count, the mean of the middle two, so a ratio of medians is not
 * pulled towards whichever of two close runs happens to sort upper. */
export const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
};
