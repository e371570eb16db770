import { parentPort, workerData } from 'node:worker_threads';
import { gateSessionSync } from '../gate/index.js';
import { resolveGateSettings } from '../gate/settings.js';
import { ledgerFromEnv } from '../ledger/path.js';
import { isRetroCommand } from '../transcript/claude/retro-command.js';
import { adapterFor } from '../transcript/host.js';
import type { TurnEvent } from '../transcript/types.js';

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
// A session that ran a retrospective command itself (docs/design/session-retro.md §5: loop prevention).
let ranRetro = false;
const read = (file: string, onEvent: (event: TurnEvent) => void) =>
  adapterFor(file).readEvents(file, (event) => {
    if (event.kind === 'user' && isRetroCommand(event.text)) ranRetro = true;
    onEvent(event);
  });
const { verdict, sessionId } = gateSessionSync(path, {
  settings: resolveGateSettings({ env, ledger: ledgerFromEnv(env) }),
  cwd,
  read,
});
const output: GateWorkerOutput = {
  sessionId,
  score: verdict.score,
  passed: verdict.passed,
  threshold: verdict.threshold,
  error: verdict.error,
  ranRetro,
};
parentPort?.postMessage(output);
