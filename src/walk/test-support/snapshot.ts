import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every file below `dir` (.git included) with its content digest and modification time: two equal
 * snapshots mean a walk left the repository untouched.
 */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (rel: string) => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      const stat = statSync(join(dir, path));
      if (stat.isDirectory()) visit(path);
      else
        out[path] = `${createHash('sha256')
          .update(readFileSync(join(dir, path)))
          .digest('hex')} ${stat.mtimeMs}`;
    }
  };
  visit('');
  return out;
}
