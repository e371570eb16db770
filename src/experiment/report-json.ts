import {
  type ArmFigures,
  armFigures,
  DECIDING_MEASURES,
  decidingFamily,
  MEASURES,
  type MeasureEffect,
  type MeasureName,
  measureEffects,
} from './effects.js';
import { DEFAULT_MIN_EFFECT, type MinEffect } from './min-effect.js';
import type { ExperimentState } from './state.js';

/** The `--json` object: settings, effects (with − without), each arm's figures, and every run. */
export interface ExperimentReport {
  experiment: { version: 1; created_at: string; out_dir: string };
  settings: {
    agent: string;
    model: string | null;
    permission_mode: string;
    runs_per_arm: number;
    seed: number;
    time_limit_ms: number;
    check_time_limit_ms: number;
    confidence: number;
    /** The smallest effect worth claiming on each deciding measure (`--min-effect`). */
    min_effect: MinEffect;
    budget: ExperimentState['settings']['budget'];
  };
  rules: { source: string };
  tasks: { id: string; repo: string; rev: string; sha: string; check: string | string[] | null }[];
  /** Tasks not run, each with its one line (their commit holds a rule of the experiment already). */
  left_out: { task: string; reason: string }[];
  planned: number;
  finished: number;
  stopped: string | null;
  /** True when an effect is claimed on friction or on the check pass share (see `decision`). */
  effect_shown: boolean;
  /**
   * How the claim is decided: the measures an effect can be claimed on (those both arms have: the check
   * only when the tasks name one), judged as one family by Holm's
   * step-down against their smallest effects (`min_effect`), so that the chance of any false claim among
   * them is at most `familywise_alpha`; the measures claimed; and the outcome: `effect` (some claimed),
   * `no-effect` (on every deciding measure, no effect of at least its smallest effect), `undecided`.
   * The other measures are reported, never claimed.
   */
  decision: {
    rule: 'holm';
    measures: MeasureName[];
    familywise_alpha: number;
    min_effect: MinEffect;
    claimed: MeasureName[];
    outcome: 'effect' | 'no-effect' | 'undecided';
  };
  effects: Record<MeasureName, MeasureEffect>;
  arms: { with: ArmFigures; without: ArmFigures };
  runs: {
    id: string;
    task: string;
    arm: 'with' | 'without';
    replicate: number;
    status: string;
    /** Relative to the output folder. */
    transcript: string | null;
    stream: string;
    /** The scripted follow-ups sent in this run, in order (empty when none was). */
    follow_ups: string[];
    measures: {
      friction: number | null;
      check_pass: boolean | null;
      tokens: number | null;
      usd: number | null;
      cost_usd: number | null;
      turns: number | null;
      wall_seconds: number;
      phrasing: number | null;
      hits: Record<string, number> | null;
    };
    error: string | null;
  }[];
}

/** The report of an experiment's state: what `--json` prints and report.json holds. */
export function experimentReport(state: ExperimentState, outDir: string): ExperimentReport {
  const runs = state.plan.flatMap((p) =>
    state.runs[p.id] ? [state.runs[p.id] as NonNullable<(typeof state.runs)[string]>] : [],
  );
  const s = state.settings;
  // A state written before the smallest effect existed is read with the defaults.
  const minEffect = s.minEffect ?? DEFAULT_MIN_EFFECT;
  const effects = measureEffects(runs, s.confidence, minEffect);
  const claimed = DECIDING_MEASURES.filter((m) => effects[m].shown === true);
  const family = decidingFamily(runs);
  return {
    experiment: { version: 1, created_at: state.createdAt, out_dir: outDir },
    settings: {
      agent: s.agent,
      model: s.model,
      permission_mode: s.permissionMode,
      runs_per_arm: s.runsPerArm,
      seed: s.seed,
      time_limit_ms: s.timeLimitMs,
      check_time_limit_ms: s.checkTimeLimitMs,
      confidence: s.confidence,
      min_effect: { ...minEffect },
      budget: s.budget,
    },
    rules: { source: state.rules.source },
    tasks: state.tasks.map((t) => ({
      id: t.id,
      repo: t.repo,
      rev: t.rev,
      sha: t.sha,
      check: t.check ?? null,
    })),
    left_out: state.leftOut ?? [],
    planned: state.plan.length,
    finished: runs.length,
    stopped: state.stopped,
    effect_shown: claimed.length > 0,
    decision: {
      rule: 'holm',
      measures: family,
      familywise_alpha: Math.round((1 - s.confidence) * 1e6) / 1e6,
      min_effect: { ...minEffect },
      claimed,
      outcome:
        claimed.length > 0
          ? 'effect'
          : family.length > 0 && family.every((m) => effects[m].verdict === 'no-effect')
            ? 'no-effect'
            : 'undecided',
    },
    effects: Object.fromEntries(MEASURES.map((m) => [m, effects[m]])) as Record<MeasureName, MeasureEffect>,
    arms: { with: armFigures(runs, 'with'), without: armFigures(runs, 'without') },
    runs: runs.map((r) => ({
      id: r.id,
      task: r.taskId,
      arm: r.arm,
      replicate: r.replicate,
      status: r.status,
      transcript: r.transcript,
      stream: r.stream,
      follow_ups: (r.followUps ?? []).map((f) => f.said),
      measures: {
        friction: r.measures?.friction ?? null,
        check_pass: r.check === null ? null : r.check.passed,
        tokens: r.tokens,
        usd: r.usd,
        cost_usd: r.measures?.costUsd ?? null,
        turns: r.measures?.turns ?? r.agentTurns,
        wall_seconds: Math.round(r.wallMs) / 1000,
        phrasing: r.measures?.phrasing ?? null,
        hits: r.measures?.hits ?? null,
      },
      error: r.error,
    })),
  };
}
