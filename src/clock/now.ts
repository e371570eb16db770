import { InputError } from '../errors/errors.js';

/**
 * The `now` of a run: `RETROSPECT_NOW` (an ISO time, for reproducible output), else the clock. Shared by
 * the adapters (CLI and MCP), which read the environment; the core takes the resulting date.
 */
export function nowFrom(env: NodeJS.ProcessEnv): Date {
  if (!env.RETROSPECT_NOW) return new Date();
  const date = new Date(env.RETROSPECT_NOW);
  if (Number.isNaN(date.getTime()))
    throw new InputError(`RETROSPECT_NOW must be an ISO time, got '${env.RETROSPECT_NOW}'`);
  return date;
}
