import { binomialPmf, claimRegion, logChoose } from './share-calibration.js';

/** The chance of detection a power note promises. */
export const POWER = 0.8;

/** How finely the change is searched: one point of the share. */
const STEP = 0.01;

const cache = new Map<string, ShareDetection>();

/** The smallest change of a pass share that the claim finds POWER of the time, from a given share. */
export interface ShareDetection {
  /** The change (with − without, either way), or null when no change from `from` is found that often. */
  change: number | null;
  /** The chance the claim finds that change (exact). */
  power: number | null;
}

/**
 * The smallest change d of the pass share, from the without arm's share `from` to `from + d` in the
 * with arm (either way), that the claim finds at least POWER of the time: the exact chance that the
 * outcome (x passes of n with, y of m without) lies in the claim region of Newcombe's interval at
 * `level` beyond `margin`, summed over both arms' binomial outcomes. No normal approximation: with few
 * runs, and shares near 0 or 1, the approximation says a change can be detected that the claim finds
 * far less often. A change no larger than the margin is never claimed, so the search starts above it.
 */
export function detectableShareChange(
  n: number,
  m: number,
  from: number,
  level: number,
  margin: number,
): ShareDetection {
  const key = `${n}:${m}:${from}:${level}:${margin}`;
  const known = cache.get(key);
  if (known) return known;
  const region = claimRegion(n, m, level, margin);
  const logN = logChoose(n);
  const logM = logChoose(m);
  const without = binomialPmf(m, from, logM);
  const chance = (d: number) => {
    const withPmf = binomialPmf(n, from + d, logN);
    let sum = 0;
    for (const [x, y] of region) sum += (withPmf[x] as number) * (without[y] as number);
    return sum;
  };
  let found: ShareDetection = { change: null, power: null };
  const first = Math.floor(margin / STEP) + 1;
  for (let k = first; k * STEP <= 1 + 1e-9; k++) {
    const d = Math.round(k * STEP * 1e6) / 1e6;
    const either = [d, -d].filter((c) => from + c >= -1e-9 && from + c <= 1 + 1e-9);
    if (either.length === 0) break;
    const best = Math.max(...either.map((c) => chance(Math.min(1, Math.max(0, from + c)) - from)));
    if (best >= POWER) {
      found = { change: d, power: best };
      break;
    }
  }
  cache.set(key, found);
  return found;
}
