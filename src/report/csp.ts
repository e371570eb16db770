import { createHash } from 'node:crypto';

function sourceHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * The page's Content-Security-Policy: nothing may load from anywhere (`default-src 'none'`), and only the
 * page's own inline scripts and styles run, each allowed by the hash of its exact text, so that even markup
 * that slipped into the page could not run a script. Data elements (`application/json`) are not executed
 * and need no hash.
 */
export function contentSecurityPolicy(scripts: readonly string[], styles: readonly string[]): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map(sourceHash).join(' ')}`,
    `style-src ${styles.map(sourceHash).join(' ')}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
