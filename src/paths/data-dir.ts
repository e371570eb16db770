import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where Retrospect keeps its own state (the session store, job records): `RETROSPECT_DATA_DIR`, else
 * `$XDG_DATA_HOME/retrospect`, else `~/.local/share/retrospect`.
 */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RETROSPECT_DATA_DIR) return env.RETROSPECT_DATA_DIR;
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'retrospect');
  return join(env.HOME || homedir(), '.local', 'share', 'retrospect');
}

/**
 * Claude Code's configuration folders: each entry of `CLAUDE_CONFIG_DIR` (comma-separated) when set,
 * else `~/.claude`. Sessions live under `<dir>/projects/`.
 */
export function claudeConfigDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = (env.CLAUDE_CONFIG_DIR ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (configured.length > 0) return configured;
  return [join(env.HOME || homedir(), '.claude')];
}

/** `~/.claude/projects/<cwd with every character outside [A-Za-z0-9] replaced by ->`. */
export function projectFolderName(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}
