import { shareDifference } from './proportion-interval.js';

/**
 * Newcombe's interval for a difference of shares is built from normal-theory pieces, and with few runs
 * it is anti-conservative: at a nominal 2.5%, two arms of 10 runs with a common pass share of one half
 * see an interval that excludes zero in 4.1% of experiments. An experiment claims an effect on the
 * check when that interval excludes zero, so the claim's false-positive rate is computed exactly here and
 * the interval's level is set where that rate is what the confidence allows: above the nominal level
 * where Newcombe's interval is anti-conservative, below it where it is conservative (as it is beyond a
 * margin of 15 points, where the nominal level's exact error is about 1% of the 2.5% allowed).
 *
 * Exactly: under "the rule does nothing" both arms pass with one common share p; the chance that the
 * interval excludes zero is a sum over every outcome (x passes of n, y of m) of two binomial terms. That
 * chance depends on p, which is not known, so its largest value over p is taken (a grid of shares, then
 * refined around the largest). This is an exact unconditional test in the manner of Boschloo's, with
 * Newcombe's interval as its statistic: the interval shown is the one the decision used.
 *
 * With a smallest effect worth claiming (a margin), the claim is that the interval lies wholly beyond
 * ±margin, and it is wrong only when the true change is within the margin: its error is followed over
 * the common shares and over the pairs of shares exactly ±margin apart (where a claim's chance is
 * largest), and the chance when the rule does nothing is kept within NOTHING_CAP of alpha and reported.
 */

/** log C(n, k) for every k, by sums of logs (exact enough for n in the thousands). */
export function logChoose(n: number): Float64Array {
  const logFactorial = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) logFactorial[i] = (logFactorial[i - 1] as number) + Math.log(i);
  const out = new Float64Array(n + 1);
  for (let k = 0; k <= n; k++)
    out[k] = (logFactorial[n] as number) - (logFactorial[k] as number) - (logFactorial[n - k] as number);
  return out;
}

export function binomialPmf(n: number, p: number, logC: Float64Array): Float64Array {
  const out = new Float64Array(n + 1);
  if (p <= 0 || p >= 1) {
    out[p <= 0 ? 0 : n] = 1;
    return out;
  }
  const lp = Math.log(p);
  const lq = Math.log(1 - p);
  for (let k = 0; k <= n; k++) out[k] = Math.exp((logC[k] as number) + k * lp + (n - k) * lq);
  return out;
}

/** Whether Newcombe's interval at `level` lies wholly on one side of zero for x of n against y of m. */
export function newcombeExcludesZero(x: number, n: number, y: number, m: number, level: number): boolean {
  return newcombeBeyondMargin(x, n, y, m, level, 0);
}

/**
 * Whether Newcombe's interval at `level` for x of n against y of m lies wholly beyond the margin: above
 * `margin` or below `−margin` (with a margin of 0, wholly on one side of zero).
 */
function newcombeBeyondMargin(
  x: number,
  n: number,
  y: number,
  m: number,
  level: number,
  margin: number,
): boolean {
  const found = shareDifference({ successes: x, n }, { successes: y, n: m }, level);
  return found !== undefined && (found.low > margin || found.high < -margin);
}

const GRID = 200;

/**
 * The pairs of shares (with, without) along which a claim's size is followed: the common shares (the rule
 * does nothing) and, with a margin, the changes of exactly ±margin (the largest change a claim beyond the
 * margin must not be made on).
 */
function nullLines(margin: number): number[] {
  return margin > 0 ? [0, margin, -margin] : [0];
}

/** P(outcome in `region`) when the arms pass with shares p1 and p2. */
function sizeAt(
  n: number,
  m: number,
  logN: Float64Array,
  logM: Float64Array,
  region: readonly [number, number][],
  p1: number,
  p2: number,
): number {
  const a = binomialPmf(n, p1, logN);
  const b = binomialPmf(m, p2, logM);
  let sum = 0;
  for (const [x, y] of region) sum += (a[x] as number) * (b[y] as number);
  return sum;
}

/**
 * The largest P(outcome in `region`) along one line of shares: the without arm at p, the with arm at
 * p + difference (p running over the shares where both are within 0 and 1).
 */
function largestOnLine(
  n: number,
  m: number,
  region: readonly [number, number][],
  difference: number,
): number {
  if (region.length === 0) return 0;
  const logN = logChoose(n);
  const logM = logChoose(m);
  const from = Math.max(0, -difference);
  const to = Math.min(1, 1 - difference);
  const size = (p: number) => sizeAt(n, m, logN, logM, region, p + difference, p);
  let best = 0;
  let bestP = (from + to) / 2;
  const step = (to - from) / GRID;
  for (let i = 1; i < GRID; i++) {
    const p = from + i * step;
    const s = size(p);
    if (s > best) {
      best = s;
      bestP = p;
    }
  }
  // Golden-section search in the grid cell either side of the best point.
  let lo = Math.max(from + 1e-9, bestP - step);
  let hi = Math.min(to - 1e-9, bestP + step);
  const ratio = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = hi - ratio * (hi - lo);
    const b = lo + ratio * (hi - lo);
    if (size(a) > size(b)) hi = b;
    else lo = a;
  }
  return Math.max(best, size((lo + hi) / 2));
}

/** The largest, over common shares p, of P(outcome in `region`) when both arms pass with p. */
function largestSize(n: number, m: number, region: readonly [number, number][]): number {
  return largestOnLine(n, m, region, 0);
}

/** The largest P(outcome in `region`) over the common shares and the changes of exactly ±margin. */
function largestNullSize(n: number, m: number, region: readonly [number, number][], margin: number): number {
  return Math.max(...nullLines(margin).map((d) => largestOnLine(n, m, region, d)));
}

/**
 * The exact false-positive rate of "Newcombe's interval at `level` excludes zero" for arms of n and m
 * runs: the largest chance, over every common pass share, that two arms of one share show a difference.
 */
export function newcombeFalsePositiveRate(n: number, m: number, level: number): number {
  return largestSize(n, m, claimRegion(n, m, level, 0));
}

/**
 * The smallest α' at which Newcombe's interval (at level 1 − α') lies beyond the margin for this
 * outcome, by bisection (the interval narrows as α' grows); 1 when it never does (a difference within
 * the margin, or equal shares).
 */
function beyondMarginAlpha(x: number, n: number, y: number, m: number, margin: number): number {
  if (Math.abs(x / n - y / m) <= margin) return 1;
  let lo = 1e-12;
  let hi = 0.999999;
  if (!newcombeBeyondMargin(x, n, y, m, 1 - hi, margin)) return 1;
  for (let step = 0; step < 60; step++) {
    const mid = Math.sqrt(lo * hi);
    if (newcombeBeyondMargin(x, n, y, m, 1 - mid, margin)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** What the calibration found for arms of n and m runs at a wanted error. */
export interface ShareCalibration {
  /** The level Newcombe's interval is built at so that its claim keeps `alpha`. */
  level: number;
  /**
   * The claim's exact false-positive rate at that level: the largest chance, over every common pass
   * share, that two arms of one share are claimed apart (the rule does nothing). At most alpha; with a
   * margin, far lower.
   */
  falsePositiveRate: number;
  /**
   * The largest chance of the claim when the true change is within the margin (at most alpha): over the
   * common shares and the changes of exactly ±margin. Equal to falsePositiveRate without a margin.
   */
  errorAtMargin: number;
}

const cache = new Map<string, ShareCalibration>();

/** Above this many outcomes the calibration is not computed: Newcombe's level is close to right there. */
const CALIBRATION_LIMIT = 40_000;

/** The outcomes whose interval at `level` lies beyond the margin. */
export function claimRegion(n: number, m: number, level: number, margin: number): [number, number][] {
  const region: [number, number][] = [];
  for (let x = 0; x <= n; x++)
    for (let y = 0; y <= m; y++) if (newcombeBeyondMargin(x, n, y, m, level, margin)) region.push([x, y]);
  return region;
}

/**
 * The level at which a claim that Newcombe's interval for arms of n and m runs lies beyond `margin`
 * (0: excludes zero) is wrong with an exact chance of at most `alpha` whenever the true change is
 * within the margin: outcomes are taken in order of the evidence they carry (the smallest α' at which
 * they lie beyond it) for as long as the largest size, over the common shares and the changes of
 * exactly ±margin, stays within alpha; the level lies between the last outcome taken and the first left
 * out. Where Newcombe's interval is anti-conservative (few runs, no margin) that level is above
 * 1 − alpha; where it is conservative (a margin of 15 points: an error of about 1% at a nominal 2.5%) it
 * is below, and the claim gets back the power the exact error allows.
 */
export function calibratedShareLevel(n: number, m: number, alpha: number, margin = 0): ShareCalibration {
  const key = `${n}:${m}:${alpha}:${margin}`;
  const known = cache.get(key);
  if (known) return known;
  let found: ShareCalibration;
  if ((n + 1) * (m + 1) > CALIBRATION_LIMIT) {
    const region = claimRegion(n, m, 1 - alpha, margin);
    found = {
      level: 1 - alpha,
      falsePositiveRate: largestSize(n, m, region),
      errorAtMargin: largestNullSize(n, m, region, margin),
    };
  } else found = calibrate(n, m, alpha, margin);
  cache.set(key, found);
  return found;
}

/** Shares at which the size is followed along each line while outcomes are added (then refined). */
const FINE_GRID = 1000;

/**
 * With a margin, the chance of a claim when the rule does nothing is kept within this share of alpha
 * (0.5% at Holm's first step), so that the power given back is not taken from the rule that does
 * nothing: without it, 10 runs an arm claimed the bench's agent that acts the same in 2 of its 100 tuning
 * seeds (docs/experiment.md, "The smallest effect worth claiming").
 */
const NOTHING_CAP = 0.2;

function calibrate(n: number, m: number, alpha: number, margin: number): ShareCalibration {
  const outcomes: { x: number; y: number; at: number }[] = [];
  for (let x = 0; x <= n; x++)
    for (let y = 0; y <= m; y++) {
      const at = beyondMarginAlpha(x, n, y, m, margin);
      // Every outcome that some level would claim is a candidate, not only those the nominal level
      // claims: where Newcombe's interval is conservative the exact error allows a lower level.
      if (at < 1) outcomes.push({ x, y, at });
    }
  outcomes.sort((a, b) => a.at - b.at);
  // Groups of outcomes with the same evidence (mirror images, ties) go in together or not at all.
  const groups: { at: number; cells: [number, number][] }[] = [];
  for (const o of outcomes) {
    const last = groups[groups.length - 1];
    if (last && o.at <= last.at * (1 + 1e-9)) last.cells.push([o.x, o.y]);
    else groups.push({ at: o.at, cells: [[o.x, o.y]] });
  }
  const logN = logChoose(n);
  const logM = logChoose(m);
  // Every (with, without) pair of shares the size is followed at: each null line, FINE_GRID points.
  const pairs: [number, number][] = [];
  for (const d of nullLines(margin)) {
    const from = Math.max(0, -d);
    const to = Math.min(1, 1 - d);
    for (let i = 1; i < FINE_GRID; i++) {
      const p = from + ((to - from) * i) / FINE_GRID;
      pairs.push([p + d, p]);
    }
  }
  const pmfN = pairs.map(([p1]) => binomialPmf(n, p1, logN));
  const pmfM = pairs.map(([, p2]) => binomialPmf(m, p2, logM));
  const size = new Float64Array(pairs.length);
  let taken = 0;
  for (const group of groups) {
    const added = new Float64Array(pairs.length);
    let over = false;
    for (let g = 0; g < pairs.length; g++) {
      let sum = size[g] as number;
      for (const [x, y] of group.cells)
        sum += ((pmfN[g] as Float64Array)[x] as number) * ((pmfM[g] as Float64Array)[y] as number);
      added[g] = sum;
      // The first FINE_GRID − 1 pairs are the common shares (nullLines starts with 0).
      if (sum > alpha || (margin > 0 && g < FINE_GRID - 1 && sum > NOTHING_CAP * alpha)) over = true;
    }
    if (over) break;
    size.set(added);
    taken++;
  }
  // The grid can miss the very top of the size curve: refine, and give back groups while it is over.
  let region = groups.slice(0, taken).flatMap((g) => g.cells);
  let error = largestNullSize(n, m, region, margin);
  const overCap = () => margin > 0 && largestSize(n, m, region) > NOTHING_CAP * alpha;
  while (taken > 0 && (error > alpha || overCap())) {
    taken--;
    region = groups.slice(0, taken).flatMap((g) => g.cells);
    error = largestNullSize(n, m, region, margin);
  }
  const last = taken === 0 ? 0 : (groups[taken - 1] as { at: number }).at;
  const next = taken === groups.length ? alpha : (groups[taken] as { at: number }).at;
  // Any level between the last outcome taken and the first left out makes the same claim; the nominal
  // one is kept when it is among them, so that a level that moved says the calibration moved it.
  const alphaUsed =
    taken === groups.length || (last <= alpha && alpha < next)
      ? alpha
      : taken === 0
        ? next / 2
        : Math.sqrt(last * next);
  return { level: 1 - alphaUsed, falsePositiveRate: largestSize(n, m, region), errorAtMargin: error };
}
