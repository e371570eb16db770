import { closeSync, readSync } from 'node:fs';
import { openRegularFd } from '../fsx/read-regular.js';
import { claudeCodeAdapter } from './claude/adapter.js';
import { codexAdapter } from './codex/adapter.js';
import { copilotAdapter } from './copilot/adapter.js';
import { geminiAdapter } from './gemini/adapter.js';
import type { HostAdapter } from './host.js';
import { opencodeAdapter } from './opencode/adapter.js';
import { isZstdPath } from './records.js';
import type { HostName } from './types.js';
import { zstdDecoder } from './zstd.js';

export { claudeCodeAdapter } from './claude/adapter.js';
export type { HostAdapter } from './host.js';

/** Every host Retrospect reads, Claude Code first (the default). A new host's adapter is added here. */
export const HOST_ADAPTERS: readonly HostAdapter[] = [
  claudeCodeAdapter,
  codexAdapter,
  geminiAdapter,
  opencodeAdapter,
  copilotAdapter,
];

/** The other hosts, whose places and heads are checked before a file falls to Claude Code. */
const OTHER_HOSTS = HOST_ADAPTERS.filter((adapter) => adapter !== claudeCodeAdapter);

/** The host a `--host` word names: a stored name or one of an adapter's aliases (lower case). */
export function hostNamedBy(word: string): HostName | undefined {
  const name = word.trim().toLowerCase();
  return HOST_ADAPTERS.find((adapter) => adapter.name === name || adapter.aliases?.includes(name) === true)
    ?.name;
}

export function adapterNamed(name: HostName): HostAdapter {
  return HOST_ADAPTERS.find((adapter) => adapter.name === name) ?? claudeCodeAdapter;
}

/** How a session's host was told: by its place, by its content, or by default (a `.jsonl` nobody claims). */
export type HostEvidence = 'location' | 'content' | 'default';

export interface DetectedHost {
  adapter: HostAdapter;
  by: HostEvidence;
}

/** Bytes of a file's head that tell its format (every host's first record starts within them). */
const HEAD_BYTES = 4096;

/** Compressed bytes fed to the decoder at a time while reading a head (see headOf). */
const HEAD_SLICE = 256;

/** The first KB of a file as text (decompressed for `.zst`); '' when it cannot be read. */
export function headOf(path: string): string {
  let fd: number | undefined;
  try {
    fd = openRegularFd(path);
    const buffer = Buffer.alloc(isZstdPath(path) ? 64 * 1024 : HEAD_BYTES);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    if (!isZstdPath(path)) return buffer.toString('utf8', 0, read);
    let text = '';
    const stream = zstdDecoder((chunk) => {
      if (text.length < HEAD_BYTES) text += Buffer.from(chunk).toString('utf8');
    });
    // Fed in small slices, stopping once the head is known: a few bytes of a compression bomb stand for
    // gigabytes, and only the first KB is wanted.
    try {
      for (let at = 0; at < read && text.length < HEAD_BYTES; at += HEAD_SLICE) {
        stream.push(buffer.subarray(at, Math.min(at + HEAD_SLICE, read)), false);
      }
    } catch {
      // a damaged stream tells nothing more
    }
    return text.slice(0, HEAD_BYTES);
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Which host wrote a session: by its place first (a Codex rollout in a Codex home, a Gemini chat, a
 * Copilot session-state file, an OpenCode database row, a transcript in a Claude Code project folder), else
 * by what its head says, else undefined when no reader knows it. Only `.jsonl` files nobody recognises
 * fall to Claude Code, whose transcripts were the only ones read before (`by: "default"`).
 */
export function detectHost(path: string): DetectedHost | undefined {
  for (const adapter of OTHER_HOSTS) if (adapter.claims(path)) return { adapter, by: 'location' };
  if (claudeCodeAdapter.claims(path)) return { adapter: claudeCodeAdapter, by: 'location' };
  for (const adapter of HOST_ADAPTERS) {
    const identified = adapter.identifyBinary?.(path);
    if (identified !== undefined) return identified ? { adapter, by: 'content' } : undefined;
  }
  // A loose .json is a session only where its host puts it (configuration, logs and lists are .json too).
  if (path.endsWith('.json')) return undefined;
  const head = headOf(path).trimStart();
  for (const adapter of OTHER_HOSTS)
    if (head.length > 0 && adapter.sniff(head, path)) return { adapter, by: 'content' };
  if (head.length > 0 && claudeCodeAdapter.sniff(head, path))
    return { adapter: claudeCodeAdapter, by: 'content' };
  return path.endsWith('.jsonl') ? { adapter: claudeCodeAdapter, by: 'default' } : undefined;
}

/** Whether a path names one session inside a file (an OpenCode database's `<db>/<session id>`), not a file. */
export function isSessionRow(path: string): boolean {
  return HOST_ADAPTERS.some((adapter) => adapter.namesRow?.(path) === true);
}

/** Whether a path names one session inside a file (see isSessionRow) and that session is there now. */
export function isExistingSessionRow(path: string): boolean {
  return HOST_ADAPTERS.some(
    (adapter) => adapter.namesRow?.(path) === true && adapter.stat(path) !== undefined,
  );
}

/** The adapter that reads a path: its detected host, Claude Code when nothing else claims it. */
export function adapterFor(path: string): HostAdapter {
  return detectHost(path)?.adapter ?? claudeCodeAdapter;
}
