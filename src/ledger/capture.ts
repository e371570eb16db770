import { appendLedgerRow } from './append.js';
import { ledgerCaps } from './caps.js';
import { locateLedger } from './path.js';
import { rowFromHookPayload } from './row.js';

export type CaptureResult =
  | { status: 'written'; path: string }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string };

export interface CaptureOptions {
  env: NodeJS.ProcessEnv;
  /** Where the hook runs; the ledger goes to this repository's main checkout unless FRICTION_LEDGER is set. */
  cwd: string;
  now?: Date;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The friction-capture hook: turns one Claude Code hook payload (the JSON text from stdin) into one ledger
 * row. Never throws: every problem is a `failed` result with a one-line reason for stderr.
 */
export function captureFriction(input: string, options: CaptureOptions): CaptureResult {
  let payload: unknown;
  try {
    payload = JSON.parse(input);
  } catch (error) {
    return { status: 'failed', reason: `hook input is not valid JSON (${errorText(error)})` };
  }
  const built = rowFromHookPayload(payload, options.now ?? new Date());
  if (built.kind === 'skip') return { status: 'skipped', reason: built.reason };
  if (built.kind === 'invalid') return { status: 'failed', reason: built.reason };
  let location: ReturnType<typeof locateLedger>;
  try {
    location = locateLedger(options.env, options.cwd);
  } catch (error) {
    return { status: 'failed', reason: `cannot locate the ledger (${errorText(error)})` };
  }
  if (location === undefined) {
    return { status: 'failed', reason: 'not inside a git repository and FRICTION_LEDGER is not set' };
  }
  // A committed symlink must not turn the hook into a writer of attacker-chosen text elsewhere.
  if (location.kind === 'refused') return { status: 'failed', reason: location.reason };
  const { path } = location;
  try {
    appendLedgerRow(path, built.row, ledgerCaps(options.env));
  } catch (error) {
    return { status: 'failed', reason: `cannot append to ${path}: ${errorText(error)}` };
  }
  return { status: 'written', path };
}
