import { UsageError } from '../errors/errors.js';
import { HOST_NAMES, type HostName, isHostName } from '../transcript/types.js';

/** Names people use for an agent, besides the stored name. */
const ALIASES: Record<string, HostName> = {
  claude: 'claude-code',
  'gemini-cli': 'gemini',
  'copilot-cli': 'copilot',
};

/**
 * `--host` values (repeated, or comma-separated) as host names; undefined when none was given. An unknown
 * name is a usage error that lists the known ones.
 */
export function hostOption(values: string[] | undefined): HostName[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const hosts = new Set<HostName>();
  for (const word of values.flatMap((value) => value.split(','))) {
    const name = word.trim().toLowerCase();
    if (name === '') continue;
    const host = isHostName(name) ? name : ALIASES[name];
    if (host === undefined)
      throw new UsageError(`--host takes ${HOST_NAMES.join(', ')} (got '${word.trim()}')`);
    hosts.add(host);
  }
  return hosts.size > 0 ? [...hosts] : undefined;
}
