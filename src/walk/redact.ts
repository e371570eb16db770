import { homedir } from 'node:os';
import { redactSecrets, secretsFromEnv } from '../safety/redact.js';

const ASSIGNED_SECRET =
  /\b([A-Za-z0-9_]*(?:password|passwd|secret|token|api[_-]?key)[A-Za-z0-9_]*)(\s*[:=]\s*)(["']?)[^\s"',;]{6,}\3/gi;
const HOME_PATHS = /(?:\/home|\/Users)\/[^/\s"'`]+/g;

/**
 * Removes token-shaped secrets and machine paths from text that is persisted (comments, requests quoted
 * from sessions, job commands): secrets become `[redacted]`, the home directory `~`.
 */
export function redactText(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = redactSecrets(text, secretsFromEnv(env));
  out = out.replace(ASSIGNED_SECRET, '$1$2$3[redacted]$3');
  const home = env.HOME || homedir();
  if (home && home !== '/') out = out.split(home).join('~');
  return out.replace(HOME_PATHS, '~');
}
