import { normalQuantile, shiftInterval } from '../trial/effect/rank-interval.js';
import { DEFAULT_MIN_EFFECT, type MinEffect } from './min-effect.js';
import type { Arm } from './plan.js';
import { shareDifference } from './proportion-interval.js';
import { calibratedShareLevel } from './share-calibration.js';
import { detectableShareChange, POWER } from './share-power.js';
import type { RunRecord } from './state.js';

/** The measures an experiment compares. friction and check_pass decide; the others are outcomes shown beside them. */
export const MEASURES = [
  'friction',
  'check_pass',
  'friction_runs',
  'tokens',
  'cost_usd',
  'turns',
  'wall_seconds',
  'phrasing',
] as const;
export type MeasureName = (typeof MEASURES)[number];

/**
 * The measures an effect is claimed on, as one family: Holm's step-down keeps the chance of any false
 * claim among them within 1 − confidence. The others are outcomes, reported with intervals and never claimed.
 */
export const DECIDING_MEASURES: readonly MeasureName[] = ['friction', 'check_pass'];

/**
 * The deciding measures judged as one family for these runs: those both arms have (the check only when
 * the tasks name one). Which they are follows from the tasks and the runs made, not from their outcomes.
 */
export function decidingFamily(runs: readonly RunRecord[]): MeasureName[] {
  return DECIDING_MEASURES.filter(
    (m) => armValues(runs, 'with', m).length > 0 && armValues(runs, 'without', m).length > 0,
  );
}

/** Measures that are a yes or no per run, compared as shares. */
export const SHARE_MEASURES: readonly MeasureName[] = ['check_pass', 'friction_runs'];

/**
 * What a deciding measure's interval says against its smallest effect: `better` or `worse` (claimed:
 * wholly beyond it, on the side where the rule helps or where it harms), `no-effect` (wholly within it:
 * no effect of at least the smallest effect), `undecided` (it reaches over the smallest effect's mark).
 */
export type Verdict = 'better' | 'worse' | 'no-effect' | 'undecided';

/** On which side of zero the rule helps: less friction, more checks passed. */
const HELPS_SIGN: Partial<Record<MeasureName, 1 | -1>> = { friction: -1, check_pass: 1 };

export const MEASURE_LABELS: Record<MeasureName, string> = {
  friction: "friction per 100 turns (S1, S2, S3, S5; the agent's phrasing left out)",
  check_pass: 'share of runs whose task check passed',
  friction_runs: 'share of runs with any counted friction',
  tokens: 'tokens per run',
  cost_usd: 'cost per run, USD at API prices (its transcript priced by the bundled table)',
  turns: 'turns per run',
  wall_seconds: 'wall time per run, seconds',
  phrasing: "the agent's retry phrases per run (S4: reported, not counted)",
};

/** One measure's effect, with-arm minus without-arm. */
export interface MeasureEffect {
  estimate: number | null;
  low: number | null;
  high: number | null;
  /** The interval's level. */
  level: number;
  /** Runs measured in each arm. */
  n: { with: number; without: number };
  /** How the interval was built. */
  method: 'hodges-lehmann' | 'newcombe' | 'none';
  /**
   * Only for the deciding measures: whether an effect is claimed on it (its interval, at the level Holm's
   * step reached, lies wholly beyond the smallest effect, `min_effect`); null for the reported outcomes.
   */
  shown: boolean | null;
  /** Only for the deciding measures: the smallest effect worth claiming the claim was judged against. */
  min_effect: number | null;
  /** Only for the deciding measures: what the interval says against `min_effect` (see Verdict). */
  verdict: Verdict | null;
  /**
   * Only for the deciding measures: the interval's end farther from zero, so that the runs rule out, at
   * the interval's level, any effect beyond it either way ("no effect of more than X"); when it is below
   * min_effect, the verdict is no-effect. Where the check's claim was calibrated below the step's nominal
   * level, read from the interval at the nominal level. null without an interval.
   */
  rules_out_beyond: number | null;
  /**
   * Only for the deciding measures: the largest chance that an effect is claimed when the rule does
   * nothing, computed exactly for these run counts (the check: over every common pass share; friction:
   * the Mann–Whitney bound, which ties and the smallest effect only lower). null for the reported outcomes.
   */
  false_positive_rate: number | null;
  /**
   * Only for the deciding measures: the largest chance that an effect is claimed when the true effect is
   * as large as `min_effect` but no larger (the check: exact, over every pass share; friction: the same
   * bound): what the step's share of the error guarantees.
   */
  error_at_min_effect: number | null;
  /** "with this spread, N runs per arm detect a change of X": the smallest change found 80% of the time. */
  power: string;
}

/** One arm's figures. */
export interface ArmFigures {
  runs: number;
  /** Runs whose transcript could be gated. */
  measured: number;
  /** `share`: of the measured runs, those with any counted friction. */
  friction: { median: number | null; mean: number | null; share: number | null };
  check: { passed: number; checked: number; share: number | null };
  tokens: { median: number | null; total: number };
  usd: { total: number | null };
  /** Priced from the transcripts (runMeasure's cost_usd), every agent alike. */
  cost_usd: { median: number | null; total: number | null };
  turns: { median: number | null };
  wall_seconds: { median: number | null };
  phrasing: { total: number };
  timedOut: number;
  agentErrors: number;
}

const round = (x: number, places = 4) => Math.round(x * 10 ** places) / 10 ** places;

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function sd(values: readonly number[]): number {
  const m = mean(values) ?? 0;
  return values.length < 2
    ? 0
    : Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
}

/** A run's value on a measure, or undefined when the run does not have it. */
function runMeasure(run: RunRecord, measure: MeasureName): number | undefined {
  switch (measure) {
    case 'friction':
      return run.measures?.friction;
    case 'check_pass':
      return run.check === null ? undefined : run.check.passed ? 1 : 0;
    case 'friction_runs':
      return run.measures === null ? undefined : run.measures.friction > 0 ? 1 : 0;
    case 'tokens':
      return run.tokens ?? undefined;
    case 'cost_usd':
      return run.measures?.costUsd ?? undefined;
    case 'turns':
      return run.measures?.turns ?? run.agentTurns ?? undefined;
    case 'wall_seconds':
      return round(run.wallMs / 1000, 3);
    case 'phrasing':
      return run.measures?.phrasing;
  }
}

function armValues(runs: readonly RunRecord[], arm: Arm, measure: MeasureName): number[] {
  return runs
    .filter((r) => r.arm === arm)
    .flatMap((r) => {
      const v = runMeasure(r, measure);
      return v === undefined ? [] : [v];
    });
}

const sum = (v: readonly number[]) => v.reduce((a, b) => a + b, 0);

const Z_POWER = normalQuantile(POWER);
/** The rank test's efficiency against the t-test on normal data (3/π): it needs about 5% more runs. */
const RANK_EFFICIENCY = 3 / Math.PI;

function powerNote(
  measure: MeasureName,
  withV: number[],
  withoutV: number[],
  level: number,
  minEffect: number,
): string {
  const n = Math.min(withV.length, withoutV.length);
  if (n < 2) return 'too few runs to say what change they could detect';
  const at = `${round(level * 100, 1)}% level`;
  if (SHARE_MEASURES.includes(measure)) return sharePowerNote(withV, withoutV, level, minEffect, at);
  const zAlpha = normalQuantile(1 - (1 - level) / 2);
  const spread = Math.sqrt((sd(withV) ** 2 + sd(withoutV) ** 2) / 2) / Math.sqrt(RANK_EFFICIENCY);
  // A claim needs the interval beyond the smallest effect, so the change must clear it by the same margin.
  const detectable = minEffect + (zAlpha + Z_POWER) * spread * Math.sqrt(2 / n);
  if (spread === 0)
    return `no spread in ${n} runs per arm: any change would show, but the spread is not yet known`;
  return `with this spread, ${n} runs per arm detect a change of ${round(detectable, 2)} (80% of the time at the ${at})`;
}

/**
 * A share's power note, exact (share-power.ts): the smallest change from the without arm's share that
 * the claim, at the level it was judged at and beyond the smallest effect, finds 80% of the time. The
 * normal approximation it replaces said that 24 runs an arm detect 52 points at a share of one half;
 * the claim finds 50 points there 92% of the time, and at 10 runs an arm, where it said 78 points
 * (more than the share can move), 38%.
 */
function sharePowerNote(
  withV: number[],
  withoutV: number[],
  level: number,
  minEffect: number,
  at: string,
): string {
  const n = Math.min(withV.length, withoutV.length);
  const from = sum(withoutV) / withoutV.length;
  const found = detectableShareChange(withV.length, withoutV.length, from, level, minEffect);
  const share = `the without arm's ${Math.round(from * 100)}%`;
  if (found.change === null)
    return `${n} runs per arm detect no change of the share from ${share} ${Math.round(POWER * 100)}% of the time at the ${at}: more runs are needed`;
  return `with this spread, ${n} runs per arm detect a change of ${Math.round(found.change * 100)} points of the share from ${share} (${Math.round(POWER * 100)}% of the time at the ${at}, exact)`;
}

interface Interval {
  found: { estimate: number; low: number; high: number } | undefined;
  /**
   * The interval "no effect of at least" and rules_out_beyond are read from: `found` itself, or, where the
   * claim's calibration lowered the level below the nominal one, the interval at the nominal level. The
   * calibration bounds the error of a claim beyond the smallest effect, not of a claim within it, so the
   * lower level would make "no effect" easier to show than its level says.
   */
  outer: { estimate: number; low: number; high: number } | undefined;
  estimate: number | undefined;
  method: MeasureEffect['method'];
  level: number;
  falsePositiveRate: number | null;
  errorAtMinEffect: number | null;
}

/**
 * One measure's interval, with − without, allowing a false claim with chance `alpha`. A share measure
 * that decides is built at the level whose exact chance of a claim beyond `minEffect`, when the true
 * effect is within it, is at most alpha (share-calibration.ts); a reported share at the nominal level.
 */
function intervalOf(
  measure: MeasureName,
  withV: number[],
  withoutV: number[],
  alpha: number,
  deciding: boolean,
  minEffect = 0,
): Interval {
  if (SHARE_MEASURES.includes(measure)) {
    const calibration =
      deciding && withV.length > 0 && withoutV.length > 0
        ? calibratedShareLevel(withV.length, withoutV.length, alpha, minEffect)
        : undefined;
    const level = calibration?.level ?? 1 - alpha;
    const withArm = { successes: sum(withV), n: withV.length };
    const withoutArm = { successes: sum(withoutV), n: withoutV.length };
    const found = shareDifference(withArm, withoutArm, level);
    return {
      found,
      outer: level < 1 - alpha ? shareDifference(withArm, withoutArm, 1 - alpha) : found,
      estimate: undefined,
      method: found ? 'newcombe' : 'none',
      level,
      falsePositiveRate: calibration?.falsePositiveRate ?? null,
      errorAtMinEffect: calibration?.errorAtMargin ?? null,
    };
  }
  const interval = shiftInterval(withoutV, withV, 1 - alpha);
  if (interval.ok)
    return {
      found: interval,
      outer: interval,
      estimate: undefined,
      method: 'hodges-lehmann',
      level: 1 - alpha,
      falsePositiveRate: deciding ? 1 - interval.achievedLevel : null,
      errorAtMinEffect: deciding ? 1 - interval.achievedLevel : null,
    };
  return {
    found: undefined,
    outer: undefined,
    estimate: interval.estimate,
    method: 'none',
    level: 1 - alpha,
    falsePositiveRate: null,
    errorAtMinEffect: null,
  };
}

const beyond = (i: Interval, minEffect: number) =>
  i.found !== undefined && (i.found.low > minEffect || i.found.high < -minEffect);

/** What a deciding measure's interval says against its smallest effect. */
function verdictOf(measure: MeasureName, i: Interval, minEffect: number): Verdict {
  if (i.found === undefined) return 'undecided';
  const helps = HELPS_SIGN[measure] ?? 1;
  if (i.found.low > minEffect) return helps > 0 ? 'better' : 'worse';
  if (i.found.high < -minEffect) return helps > 0 ? 'worse' : 'better';
  // Strictly within: an interval that reaches the mark does not rule an effect of that size out.
  if (i.outer !== undefined && i.outer.low > -minEffect && i.outer.high < minEffect) return 'no-effect';
  return 'undecided';
}

/**
 * Holm's step-down over the deciding measures: each is first judged at alpha / k (k measures); once some
 * are claimed, the rest are judged again at alpha / (those left), until a step claims nothing more. Each
 * claim is that the effect lies beyond the measure's smallest effect; the chance of any false claim stays
 * within alpha whenever the true effects are within their smallest effects, and it claims whatever
 * Bonferroni would, and sometimes more.
 */
function holm(
  values: Map<MeasureName, { withV: number[]; withoutV: number[] }>,
  alpha: number,
  minEffect: MinEffect,
): Map<MeasureName, { interval: Interval; claimed: boolean }> {
  const judged = new Map<MeasureName, { interval: Interval; claimed: boolean }>();
  const family = DECIDING_MEASURES.filter((m) => {
    const v = values.get(m) as { withV: number[]; withoutV: number[] };
    return v.withV.length > 0 && v.withoutV.length > 0;
  });
  // A deciding measure no run of an arm has (tasks without a check) can claim nothing, so it takes no
  // share of the error: the others are judged as the whole family.
  for (const measure of DECIDING_MEASURES.filter((m) => !family.includes(m))) {
    const v = values.get(measure) as { withV: number[]; withoutV: number[] };
    judged.set(measure, {
      interval: intervalOf(measure, v.withV, v.withoutV, alpha, true, minEffectOf(minEffect, measure)),
      claimed: false,
    });
  }
  let open = [...family];
  while (open.length > 0) {
    const share = alpha / open.length;
    const claimedNow: MeasureName[] = [];
    for (const measure of open) {
      const v = values.get(measure) as { withV: number[]; withoutV: number[] };
      const margin = minEffectOf(minEffect, measure);
      const interval = intervalOf(measure, v.withV, v.withoutV, share, true, margin);
      const claimed = beyond(interval, margin);
      judged.set(measure, { interval, claimed });
      if (claimed) claimedNow.push(measure);
    }
    if (claimedNow.length === 0) break;
    open = open.filter((m) => !claimedNow.includes(m));
  }
  return judged;
}

const minEffectOf = (minEffect: MinEffect, measure: MeasureName): number =>
  measure === 'friction' || measure === 'check_pass' ? minEffect[measure] : 0;

/** A bound that is known, rounded up to 4 places (a bound rounded down would promise too much). */
const roundUp = (x: number) => Math.max(0, Math.ceil(x * 10_000 - 1e-9)) / 10_000;

/**
 * Every measure's effect, with − without. The deciding measures are judged together by Holm's step-down
 * at 1 − confidence for the family, each against its smallest effect; the reported outcomes each at
 * `confidence`.
 */
export function measureEffects(
  runs: readonly RunRecord[],
  confidence: number,
  minEffect: MinEffect = DEFAULT_MIN_EFFECT,
): Record<MeasureName, MeasureEffect> {
  const alpha = 1 - confidence;
  const values = new Map(
    MEASURES.map((m) => [m, { withV: armValues(runs, 'with', m), withoutV: armValues(runs, 'without', m) }]),
  );
  const decided = holm(values, alpha, minEffect);
  const effects = {} as Record<MeasureName, MeasureEffect>;
  for (const measure of MEASURES) {
    const { withV, withoutV } = values.get(measure) as { withV: number[]; withoutV: number[] };
    const judged = decided.get(measure);
    const interval = judged?.interval ?? intervalOf(measure, withV, withoutV, alpha, false);
    const { found, estimate } = interval;
    const margin = judged ? minEffectOf(minEffect, measure) : 0;
    effects[measure] = {
      estimate: found ? round(found.estimate) : estimate === undefined ? null : round(estimate),
      low: found ? round(found.low) : null,
      high: found ? round(found.high) : null,
      level: round(interval.level, 4),
      n: { with: withV.length, without: withoutV.length },
      method: interval.method,
      shown: judged ? judged.claimed : null,
      min_effect: judged ? margin : null,
      verdict: judged ? verdictOf(measure, interval, margin) : null,
      rules_out_beyond:
        judged && interval.outer
          ? roundUp(Math.max(Math.abs(interval.outer.low), Math.abs(interval.outer.high)))
          : null,
      false_positive_rate: interval.falsePositiveRate === null ? null : round(interval.falsePositiveRate),
      error_at_min_effect: interval.errorAtMinEffect === null ? null : round(interval.errorAtMinEffect),
      power: powerNote(measure, withV, withoutV, interval.level, margin),
    };
  }
  return effects;
}

/** One arm's figures, for the report. */
export function armFigures(runs: readonly RunRecord[], arm: Arm): ArmFigures {
  const mine = runs.filter((r) => r.arm === arm);
  const friction = armValues(mine, arm, 'friction');
  const checked = mine.filter((r) => r.check !== null);
  const passed = checked.filter((r) => r.check?.passed).length;
  const tokens = armValues(mine, arm, 'tokens');
  const usd = mine.map((r) => r.usd).filter((v): v is number => v !== null);
  const costs = armValues(mine, arm, 'cost_usd');
  const medianOf = (m: MeasureName) => {
    const v = median(armValues(mine, arm, m));
    return v === null ? null : round(v, 3);
  };
  return {
    runs: mine.length,
    measured: friction.length,
    friction: {
      median: median(friction) === null ? null : round(median(friction) as number),
      mean: mean(friction) === null ? null : round(mean(friction) as number),
      share: friction.length === 0 ? null : round(friction.filter((f) => f > 0).length / friction.length),
    },
    check: {
      passed,
      checked: checked.length,
      share: checked.length === 0 ? null : round(passed / checked.length),
    },
    tokens: { median: medianOf('tokens'), total: tokens.reduce((a, b) => a + b, 0) },
    usd: {
      total:
        usd.length === 0
          ? null
          : round(
              usd.reduce((a, b) => a + b, 0),
              4,
            ),
    },
    cost_usd: {
      median: median(costs) === null ? null : round(median(costs) as number, 6),
      total:
        costs.length === 0
          ? null
          : round(
              costs.reduce((a, b) => a + b, 0),
              6,
            ),
    },
    turns: { median: medianOf('turns') },
    wall_seconds: { median: medianOf('wall_seconds') },
    phrasing: { total: armValues(mine, arm, 'phrasing').reduce((a, b) => a + b, 0) },
    timedOut: mine.filter((r) => r.status === 'timed-out').length,
    agentErrors: mine.filter((r) => r.status === 'agent-error').length,
  };
}
