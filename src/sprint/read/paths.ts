import { isAbsolute, resolve } from 'node:path';

/** Implementation artifacts folder, relative to the project root. */
export const IA = '.gaia/artifacts/implementation-artifacts';
/** Planning artifacts folder, relative to the project root. */
export const PA = '.gaia/artifacts/planning-artifacts';

/** Where the sprint status file may live, in the order they are tried (the first non-empty one wins). */
export const SPRINT_STATUS_PATHS = [
  '.gaia/state/sprint-status.yaml',
  'docs/implementation-artifacts/sprint-status.yaml',
  'sprint-status.yaml',
] as const;

export const ACTION_ITEMS_PATH = '.gaia/state/action-items.yaml';
export const ACTION_ITEMS_FALLBACK_PATH = `${PA}/action-items.yaml`;
export const LIFECYCLE_EVENTS_PATH = '.gaia/memory/lifecycle-events.jsonl';
export const LIFECYCLE_OVERRIDES_PATH = '.gaia/state/lifecycle-overrides.yaml';
export const TECH_DEBT_DASHBOARD_PATH = `${IA}/tech-debt-dashboard.md`;
export const RETRO_DIR = `${IA}/retrospective`;
export const VELOCITY_PATH = '.gaia/memory/sm-sidecar/velocity-data.md';
export const BRAIN_INDEX_PATH = '.gaia/knowledge/brain-index.yaml';
export const VALIDATOR_LOG_PATH = '.gaia/memory/validator-sidecar/decision-log.md';
export const VALIDATOR_CONTEXT_PATH = '.gaia/memory/validator-sidecar/conversation-context.md';

/** The six agents whose decision logs receive a sprint's lessons. */
export const LESSON_AGENTS = ['architect', 'test-architect', 'security', 'devops', 'sm', 'pm'] as const;
export type LessonAgent = (typeof LESSON_AGENTS)[number];

export function decisionLogPath(agent: string): string {
  return `.gaia/memory/${agent}-sidecar/decision-log.md`;
}

/** The project root: the `--root` flag, else `CLAUDE_PROJECT_ROOT`, else the current directory. */
export function resolveProjectRoot(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const chosen = flag ?? (env.CLAUDE_PROJECT_ROOT || undefined) ?? cwd;
  return isAbsolute(chosen) ? chosen : resolve(cwd, chosen);
}
