import type { HostName } from '../transcript/types.js';
import { readClaudeUsage } from './claude-usage.js';
import { readCodexUsage } from './codex-usage.js';
import { readGeminiUsage } from './gemini-usage.js';
import type { SessionUsageRecords } from './usage-record.js';

/**
 * The hosts whose usage is read: Claude Code (each reply's `message.usage`), Codex (its `token_count`
 * events) and Gemini CLI (each reply's `tokens`). OpenCode's and Copilot CLI's token fields are not read
 * yet, so their sessions show no usage (null), never zero.
 */
export const USAGE_HOSTS: readonly HostName[] = ['claude-code', 'codex', 'gemini'];

/** The model calls a session's transcript records, or undefined when it (or its host, here) records none. */
export function readSessionUsage(path: string, host: HostName): SessionUsageRecords {
  if (host === 'claude-code') return readClaudeUsage(path);
  if (host === 'codex') return readCodexUsage(path);
  if (host === 'gemini') return readGeminiUsage(path);
  return undefined;
}
