import type { SessionScore } from './scores.js';

/** The mean friction of one side of a trial (baseline or in-trial) and the sessions behind it. */
export interface SideStats {
  mean: number;
  /** The mean as the TSV prints it: 4 decimals, or `0` for an empty side. */
  meanText: string;
  n: number;
  sessionIds: string[];
}

/**
 * Formats with 4 decimals the way Python's `f"{x:.4f}"` does: exact binary value, ties to even. (JS
 * `toFixed` rounds exact ties up, e.g. 0.03125 → 0.0313 where Python gives 0.0312.)
 */
export function formatFixed4(value: number): string {
  const fixed = value.toFixed(4);
  const exact = Math.abs(value).toFixed(20);
  const dot = exact.indexOf('.');
  const tail = exact.slice(dot + 5);
  if (tail !== `5${'0'.repeat(tail.length - 1)}`) return fixed;
  // An exact tie: toFixed went away from zero; go to the even neighbour instead.
  const scaledDown = Math.trunc(Math.abs(value) * 10_000);
  const even = scaledDown % 2 === 0 ? scaledDown : scaledDown + 1;
  const text = (even / 10_000).toFixed(4);
  return value < 0 && even !== 0 ? `-${text}` : text;
}

/** Mean, count and ids of the sessions with a readable score, in the order given. */
export function sideStats(sessions: readonly SessionScore[]): SideStats {
  const scored = sessions.filter((s): s is SessionScore & { score: number } => s.score !== undefined);
  const n = scored.length;
  if (n === 0) return { mean: 0, meanText: '0', n: 0, sessionIds: [] };
  const mean = scored.reduce((sum, s) => sum + s.score, 0) / n;
  return { mean, meanText: formatFixed4(mean), n, sessionIds: scored.map((s) => s.sessionId) };
}
