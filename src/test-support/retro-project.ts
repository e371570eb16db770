import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectFolderName } from '../paths/data-dir.js';
import { writeSessionFile } from './session-files.js';
import { tempDir } from './temp-dir.js';

/**
 * A throwaway project for retro tests: a real git repository, a Claude Code config dir of its own
 * (`CLAUDE_CONFIG_DIR`) whose projects folder holds the project's sessions, and the env to run with.
 */
export interface RetroProject {
  root: string;
  configDir: string;
  sessionsFolder: string;
  env: NodeJS.ProcessEnv;
  /**
   * Writes a session transcript; `rejections` 0 is smooth, 1 scores 3.0, 2 or more 9.0 (flagged);
   * `longExchanges` makes it large (see `writeSessionFile`).
   */
  addSession(options: {
    rejections: number;
    mtimeSecs: number;
    sessionId?: string;
    longExchanges?: number;
    firstPrompt?: string;
    printMode?: boolean;
  }): {
    path: string;
    sessionId: string;
  };
  writeRules(relativePath: string, content: string): void;
  read(relativePath: string): string;
  /**
   * Every file under the project and the config dir with its bytes (to prove a dry run wrote nothing).
   * Retrospect's own data dir (the session index) is not the user's and is left out.
   */
  snapshot(): Map<string, string>;
}

function walk(dir: string, base: string, into: Map<string, string>): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === '.git' || (dir === base && name === 'data')) continue;
    if (statSync(path).isDirectory()) walk(path, base, into);
    else into.set(relative(base, path), readFileSync(path, 'latin1'));
  }
}

export function retroProject(): RetroProject {
  const base = realpathSync(tempDir('retrospect-retro-'));
  const root = join(base, 'shop');
  mkdirSync(root);
  const git = spawnSync('git', ['init', '-q', root], { encoding: 'utf8' });
  if (git.status !== 0) throw new Error(`git init failed: ${git.stderr}`);
  const configDir = join(base, 'claude-config');
  const sessionsFolder = join(configDir, 'projects', projectFolderName(root));
  mkdirSync(sessionsFolder, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    CLAUDE_CONFIG_DIR: configDir,
    FRICTION_LEDGER: join(base, 'no-ledger.jsonl'),
    RETROSPECT_DATA_DIR: join(base, 'data'),
    // The other agents' homes of this machine are not the project's: every agent looks in an empty place.
    CODEX_HOME: join(base, 'codex-home'),
    GEMINI_CLI_HOME: join(base, 'gemini-home'),
    XDG_DATA_HOME: join(base, 'xdg-data'),
    COPILOT_HOME: join(base, 'copilot-home'),
    // The deep read looks for a reader when none is named (an API key, an agent CLI on PATH): retro tests
    // read offline unless they name a provider.
    RETROSPECT_PROVIDER: 'heuristic',
    RETRO_THRESHOLD: '',
    // The suites written for the seed gate keep its scores (vitest.config.ts pins the seed profile).
    RETRO_GATE_PROFILE: process.env.RETRO_GATE_PROFILE ?? '',
  };
  return {
    root,
    configDir,
    sessionsFolder,
    env,
    addSession: (options) => writeSessionFile(sessionsFolder, { ...options, cwd: root }),
    writeRules(relativePath, content) {
      const path = join(root, relativePath);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, content);
    },
    read: (relativePath) => readFileSync(join(root, relativePath), 'utf8'),
    snapshot() {
      const files = new Map<string, string>();
      walk(base, base, files);
      return files;
    },
  };
}

/** Epoch seconds at 12:00 UTC of a `YYYY-MM-DD` day, plus `offset` seconds. */
export function noonOf(day: string, offset = 0): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000 + offset;
}
