import { parentPort, workerData } from 'node:worker_threads';
import { gateSessionSync } from '../gate/index.js';
import { adapterFor } from '../transcript/host.js';
import type { TurnEvent } from '../transcript/types.js';

/** A session that ran a retrospective command itself (notes §5: loop prevention). */
const RETRO_COMMAND = /<command-name>\/[^<]*retro<\/command-name>/;

export interface GateWorkerInput {
  path: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface GateWorkerOutput {
  sessionId: string;
  score: number;
  passed: boolean;
  threshold: number;
  error: string | undefined;
  ranRetro: boolean;
}

const { path, env, cwd } = workerData as GateWorkerInput;
let ranRetro = false;
const read = (file: string, onEvent: (event: TurnEvent) => void) =>
  adapterFor(file).readEvents(file, (event) => {
    if (event.kind === 'user' && RETRO_COMMAND.test(event.text)) ranRetro = true;
    onEvent(event);
  });
const { verdict, sessionId } = gateSessionSync(path, { env, cwd, read });
const output: GateWorkerOutput = {
  sessionId,
  score: verdict.score,
  passed: verdict.passed,
  threshold: verdict.threshold,
  error: verdict.error,
  ranRetro,
};
parentPort?.postMessage(output);
