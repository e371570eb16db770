import type { HostName } from '../transcript/types.js';
import { readClaudeUsage } from './claude-usage.js';
import { readCodexUsage } from './codex-usage.js';
import { readCopilotUsage } from './copilot-usage.js';
import { readGeminiUsage } from './gemini-usage.js';
import type { SessionUsageRecords } from './usage-record.js';

/**
 * The hosts whose usage is read: Claude Code (each reply's `message.usage`), Codex (its `token_count`
 * events), Gemini CLI (each reply's `tokens`) and Copilot CLI (each run's `session.shutdown` metrics, per
 * model: its friction share is unknown). OpenCode's token fields are not read yet, so its sessions show no
 * usage (null), never zero.
 */
export const USAGE_HOSTS: readonly HostName[] = ['claude-code', 'codex', 'gemini', 'copilot'];

/** The model calls a session's transcript records, or undefined when it (or its host, here) records none. */
export function readSessionUsage(path: string, host: HostName): SessionUsageRecords {
  if (host === 'claude-code') return readClaudeUsage(path);
  if (host === 'codex') return readCodexUsage(path);
  if (host === 'gemini') return readGeminiUsage(path);
  if (host === 'copilot') return readCopilotUsage(path);
  return undefined;
}
