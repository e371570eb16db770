/** Why an agent could not do a run, when the cause lies outside the run itself. */
export type AgentFailureKind = 'missing' | 'not-logged-in' | 'out-of-quota';

const NOT_LOGGED_IN = /api key|log ?in|authenticat|unauthori[sz]ed|oauth|credentials/i;
const OUT_OF_QUOTA =
  /usage limit|limit reached|quota|rate.?limit|credit balance|insufficient.?credit|billing|429/i;

/**
 * Whether an agent's error means every further run would fail the same way (not logged in, out of quota):
 * then the experiment stops with one line, keeping the finished runs, instead of burning the plan on it.
 */
export function agentFailureKind(text: string): AgentFailureKind | undefined {
  if (OUT_OF_QUOTA.test(text)) return 'out-of-quota';
  if (NOT_LOGGED_IN.test(text)) return 'not-logged-in';
  return undefined;
}

/** The one line the person reads when the experiment stops for this. */
export function agentFailureLine(kind: AgentFailureKind, command: string, detail: string): string {
  if (kind === 'missing')
    return `the agent CLI '${command}' is not on PATH: install it, or pick another agent; finished runs are kept`;
  if (kind === 'not-logged-in')
    return `'${command}' is not logged in (${detail}): run '${command}' once to log in, then 'retrospect experiment resume'; finished runs are kept`;
  return `'${command}' is out of quota (${detail}): wait for it to reset, then 'retrospect experiment resume'; finished runs are kept`;
}
