import {
  type ArmFigures,
  armFigures,
  MEASURES,
  type MeasureEffect,
  type MeasureName,
  measureEffects,
} from './effects.js';
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
    budget: ExperimentState['settings']['budget'];
  };
  rules: { source: string };
  tasks: { id: string; repo: string; rev: string; sha: string; check: string | string[] | null }[];
  planned: number;
  finished: number;
  stopped: string | null;
  /** True when friction or the check pass share moved beyond its interval. */
  effect_shown: boolean;
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
  const effects = measureEffects(runs, state.settings.confidence);
  const s = state.settings;
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
    planned: state.plan.length,
    finished: runs.length,
    stopped: state.stopped,
    effect_shown: effects.friction.shown === true || effects.check_pass.shown === true,
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
