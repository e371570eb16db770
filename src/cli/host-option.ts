import { UsageError } from '../errors/errors.js';
import { hostNamedBy } from '../transcript/hosts.js';
import { HOST_NAMES, type HostName } from '../transcript/types.js';

/**
 * `--host` values (repeated, or comma-separated) as host names; undefined when none was given. A word is a
 * stored name or an alias its adapter carries (`claude`, `gemini-cli`). An unknown name is a usage error
 * that lists the known ones.
 */
export function hostOption(values: string[] | undefined): HostName[] | undefined {
  if (values === undefined || values.length === 0) return undefined;
  const hosts = new Set<HostName>();
  for (const word of values.flatMap((value) => value.split(','))) {
    if (word.trim() === '') continue;
    const host = hostNamedBy(word);
    if (host === undefined)
      throw new UsageError(`--host takes ${HOST_NAMES.join(', ')} (got '${word.trim()}')`);
    hosts.add(host);
  }
  return hosts.size > 0 ? [...hosts] : undefined;
}
