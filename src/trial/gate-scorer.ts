import { gateSession } from '../gate/index.js';

/**
 * Scores a transcript with the phase-1 gate, the one metric trials are judged by. `cwd` places the
 * friction ledger (the main checkout's) for the gate's hybrid S2.
 */
export function gateScorer(options: {
  env: NodeJS.ProcessEnv;
  cwd: string;
}): (path: string) => Promise<number> {
  return async (path) => (await gateSession(path, { env: options.env, cwd: options.cwd })).verdict.score;
}
