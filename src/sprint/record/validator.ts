import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { RetrospectError } from '../../errors/errors.js';
import { readProjectTextIfExists, readTextIfExists, withLockSync } from '../../fsx/index.js';
import { VALIDATOR_CONTEXT_PATH, VALIDATOR_LOG_PATH } from '../read/paths.js';
import { authorizeTarget } from './allowlist.js';
import { sha256Hex } from './sha256.js';
import { replaceWithBackup } from './writers.js';

interface ValidatorDecision {
  verdict: string;
  /** Action item ids; sorted before hashing. */
  findings: string[];
  artifact_path: string;
}

export interface ValidatorWrite {
  status: 'written' | 'skipped_duplicate' | 'rejected';
  dedup_key?: string;
  reason?: string;
}

/** Keys sorted, minified: the same decision always hashes the same. */
function canonicalDecision(decision: ValidatorDecision): string {
  const sorted = {
    artifact_path: decision.artifact_path,
    findings: [...decision.findings].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    verdict: decision.verdict,
  };
  return JSON.stringify(sorted);
}

/**
 * Step 7: one decision entry in the validator's decision log and a refreshed one-line summary in its
 * conversation context, both under the log's lock. The key is SHA-256 of command, input id and the
 * decision hash; a key already present is `skipped_duplicate`, which counts as success.
 */
export function writeValidatorRecord(request: {
  root: string;
  command: string;
  inputId: string;
  sprintId: string;
  decision: ValidatorDecision;
  summary: string;
  now: Date;
}): ValidatorWrite {
  const log = authorizeTarget(request.root, VALIDATOR_LOG_PATH);
  const context = authorizeTarget(request.root, VALIDATOR_CONTEXT_PATH);
  if (!log.ok) return { status: 'rejected', reason: log.reason };
  if (!context.ok) return { status: 'rejected', reason: context.reason };
  const payload = canonicalDecision(request.decision);
  const decisionHash = sha256Hex(payload);
  const dedup_key = sha256Hex(`${request.command}\n${request.inputId}\n${decisionHash}`);
  try {
    mkdirSync(dirname(log.realPath), { recursive: true });
    return withLockSync(log.realPath, () => {
      const current = readTextIfExists(log.realPath) ?? '# Decision Log\n';
      if (current.includes(`<!-- dedup_key: ${dedup_key} -->`))
        return { status: 'skipped_duplicate' as const, dedup_key };
      const day = request.now.toISOString().slice(0, 10);
      const related = [...request.decision.findings, request.decision.artifact_path]
        .filter(Boolean)
        .join(', ');
      const entry = [
        '',
        `### [${day}] ${request.command}: ${request.inputId}`,
        '',
        '- agent: val',
        `- command: ${request.command}`,
        `- input_id: ${request.inputId}`,
        `- sprint: ${request.sprintId}`,
        '- status: recorded',
        `- related: ${related || 'none'}`,
        '',
        payload,
        '',
        `<!-- dedup_key: ${dedup_key} -->`,
        '',
      ].join('\n');
      replaceWithBackup(log.realPath, `${current.endsWith('\n') ? current : `${current}\n`}${entry}`);
      replaceWithBackup(context.realPath, `# Conversation Context\n\n${request.summary}\n`);
      return { status: 'written' as const, dedup_key };
    });
  } catch (error) {
    return { status: 'rejected', dedup_key, reason: (error as Error).message };
  }
}

export const FINALIZE_MESSAGE = 'Val sidecar write missing — Step 7 must be invoked before finalize';

/** Fails closed when the validator record of this run is missing. */
export function finalizeRetro(validator: ValidatorWrite | undefined, root: string): void {
  const ok = validator && (validator.status === 'written' || validator.status === 'skipped_duplicate');
  if (!ok || readProjectTextIfExists(root, VALIDATOR_LOG_PATH) === undefined) {
    throw new RetrospectError('E_FINALIZE', FINALIZE_MESSAGE);
  }
}
