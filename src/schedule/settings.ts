/** A scheduled run's settings, resolved once at the edge from the environment. */
export interface ScheduleSettings {
  /** `AGENT_WEBHOOK_URL` (trimmed): where the run's notice is posted; undefined when unset or blank. */
  webhookUrl?: string;
}

/** The one reader of `AGENT_WEBHOOK_URL`: the CLI and `runScheduled` without settings call it. */
export function resolveScheduleSettings(env: NodeJS.ProcessEnv): ScheduleSettings {
  const webhookUrl = env.AGENT_WEBHOOK_URL?.trim();
  return webhookUrl ? { webhookUrl } : {};
}
