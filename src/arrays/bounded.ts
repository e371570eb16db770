/**
 * Array helpers that hold for arrays of any length. `Math.max(...values)` and `target.push(...items)` pass
 * every element as an argument, and the engine's argument limit (about 120,000 on V8) turns a long session
 * or a long history into "Maximum call stack size exceeded"; these loop instead.
 */

/** The largest of `values`, or `empty` when there are none. */
export function maxOf(values: Iterable<number>, empty = Number.NEGATIVE_INFINITY): number {
  let max: number | undefined;
  for (const value of values) if (max === undefined || value > max || Number.isNaN(value)) max = value;
  return max ?? empty;
}

/** The smallest of `values`, or `empty` when there are none. */
export function minOf(values: Iterable<number>, empty = Number.POSITIVE_INFINITY): number {
  let min: number | undefined;
  for (const value of values) if (min === undefined || value < min || Number.isNaN(value)) min = value;
  return min ?? empty;
}

/** Appends every item to `target` (in order) and returns it. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
