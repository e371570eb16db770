import type { HostName } from '../transcript/types.js';
import { readClaudeUsage } from './claude-usage.js';
import type { SessionUsageRecords } from './usage-record.js';

/**
 * The hosts whose usage is read. Claude Code writes each reply's `message.usage`; the other hosts' token
 * fields are not read yet, so their sessions show no usage (null), never zero.
 */
export const USAGE_HOSTS: readonly HostName[] = ['claude-code'];

/** The model calls a session's transcript records, or undefined when it (or its host, here) records none. */
export function readSessionUsage(path: string, host: HostName): SessionUsageRecords {
  if (host === 'claude-code') return readClaudeUsage(path);
  return undefined;
}
