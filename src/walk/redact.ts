import { homedir } from 'node:os';

const SECRET_PATTERNS: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
  /\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{16,}/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/g,
];
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/g;
const ASSIGNED_SECRET =
  /\b([A-Za-z0-9_]*(?:password|passwd|secret|token|api[_-]?key)[A-Za-z0-9_]*)(\s*[:=]\s*)(["']?)[^\s"',;]{6,}\3/gi;
const HOME_PATHS = /(?:\/home|\/Users)\/[^/\s"'`]+/g;

/**
 * Removes token-shaped secrets and machine paths from text that is persisted (comments, requests quoted
 * from sessions, job commands): secrets become `[redacted]`, the home directory `~`.
 */
export function redactText(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '[redacted]');
  out = out.replace(BEARER, '$1 [redacted]');
  out = out.replace(ASSIGNED_SECRET, '$1$2$3[redacted]$3');
  const home = env.HOME || homedir();
  if (home && home !== '/') out = out.split(home).join('~');
  return out.replace(HOME_PATHS, '~');
}
