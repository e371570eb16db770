/**
 * A shell command the person ran themselves (Claude Code's `!` prefix writes it as `<bash-input>…`): the
 * person is acting, not reacting to the agent. An interrupt that makes room for it, and one that stops the
 * agent's comment on its output, redirect nothing the agent was asked to do (version 8, second round: the
 * agent told the person to run a sudo command themselves and they did, twice).
 */
const OWN_COMMAND_RE = /^\s*<bash-input>/u;

export function isOwnCommand(text: string): boolean {
  return OWN_COMMAND_RE.test(text);
}
