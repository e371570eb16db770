import { writeGeneratedSession } from './generated-session.js';
import { noonOf, type RetroProject, retroProject } from './retro-project.js';

/** The trial rule of the generated projects: a lesson that started on 2026-07-01, reviewed after 10 sessions. */
export const TRIAL_START = '2026-07-01';
export const TRIAL_LESSON =
  '- Read the error output before running a failing command again <!-- trial start=2026-07-01 source=s0#m0 review-after=10-sessions -->';
export const LESSONS_PATH = '.claude/rules/retrospect-lessons.md';

/** One side's sessions: a length range (turns, spread evenly) and a per-turn friction. */
export interface SideShape {
  turns: [number, number];
  friction: number;
  rerunFailed?: number;
}

/** The day `offset` days after the trial's start, `YYYY-MM-DD`. */
export function dayAfterStart(offset: number): string {
  return new Date(Date.parse(`${TRIAL_START}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A project with one lesson on trial and `count` generated sessions on each side of its start: the
 * baseline on the days before, the in-trial sessions one a day from the day after. Seeds are fixed, so a
 * test sees the same transcripts on every run.
 */
export function trialProject(
  baseline: SideShape,
  during: SideShape,
  options: { count?: number; seed?: number; lessons?: string } = {},
): RetroProject {
  const p = retroProject();
  p.writeRules(LESSONS_PATH, options.lessons ?? `# Lessons from session retrospectives\n\n${TRIAL_LESSON}\n`);
  const count = options.count ?? 12;
  const seed = options.seed ?? 100;
  const spread = ([lo, hi]: [number, number], i: number) =>
    lo + Math.round(((hi - lo) * ((i * 7) % count)) / count);
  for (let i = 0; i < count; i++) {
    const common = { cwd: p.root };
    writeGeneratedSession(p.sessionsFolder, {
      ...common,
      seed: seed + i,
      turns: spread(baseline.turns, i),
      friction: baseline.friction,
      rerunFailed: baseline.rerunFailed ?? 0,
      mtimeSecs: noonOf(dayAfterStart(-count - 2 + i)),
    });
    writeGeneratedSession(p.sessionsFolder, {
      ...common,
      seed: seed + 1000 + i,
      turns: spread(during.turns, i),
      friction: during.friction,
      rerunFailed: during.rerunFailed ?? 0,
      mtimeSecs: noonOf(dayAfterStart(1 + i)),
    });
  }
  return p;
}
