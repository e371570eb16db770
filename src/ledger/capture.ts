import { realPathOfMaybeMissing } from '../fsx/paths.js';
import { appendLedgerRow, RowOverCapError } from './append.js';
import { locateLedger } from './path.js';
import { rowFromHookPayload } from './row.js';
import type { LedgerSettings } from './settings.js';

export type CaptureResult =
  | { status: 'written'; path: string }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string };

export interface CaptureOptions {
  /** The ledger the user chose and its caps, resolved at the hook's edge (resolveLedgerSettings). */
  settings: LedgerSettings;
  /** Where the hook runs; the ledger goes to this repository's main checkout unless FRICTION_LEDGER is set. */
  cwd: string;
  now?: Date;
  /** How long to wait for another writer's lock on the ledger (default 5 s). */
  lockTimeoutMs?: number;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The friction-capture hook: turns one Claude Code hook payload (the JSON text from stdin) into one ledger
 * row. Never throws: every problem is a `failed` result with a one-line reason for stderr.
 */
export async function captureFriction(input: string, options: CaptureOptions): Promise<CaptureResult> {
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
    location = locateLedger(options.settings.ledger, options.cwd);
  } catch (error) {
    return { status: 'failed', reason: `cannot locate the ledger (${errorText(error)})` };
  }
  if (location === undefined) {
    return { status: 'failed', reason: 'not inside a git repository and FRICTION_LEDGER is not set' };
  }
  // A committed symlink must not turn the hook into a writer of attacker-chosen text elsewhere.
  if (location.kind === 'refused') return { status: 'failed', reason: location.reason };
  const { path } = location;
  // An explicit FRICTION_LEDGER is the user's own choice, links and all: it is resolved once here, and the
  // real file is then opened without following links like every other ledger.
  const target = location.kind === 'explicit' ? realPathOfMaybeMissing(path) : path;
  try {
    await appendLedgerRow(
      target,
      built.row,
      options.settings.caps,
      options.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: options.lockTimeoutMs },
    );
  } catch (error) {
    if (error instanceof RowOverCapError) {
      return {
        status: 'failed',
        reason: `FRICTION_LEDGER_MAX_BYTES=${error.maxBytes} is smaller than one row (${error.rowBytes} bytes): nothing recorded, ${path} left as it was; raise the cap (default 5242880) or unset it`,
      };
    }
    return { status: 'failed', reason: `cannot append to ${path}: ${errorText(error)}` };
  }
  return { status: 'written', path };
}
