import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestRepo } from '../walk/test-support/repo.js';
import { tempDir } from './temp-dir.js';

/** The check of the scripted agent's task: passes when answer.txt holds 42. */
const CHECK = `import { readFileSync } from 'node:fs';
let answer = '';
try { answer = readFileSync('answer.txt', 'utf8').trim(); } catch {}
if (answer !== '42') { console.error('answer.txt should hold the answer, found ' + JSON.stringify(answer)); process.exit(1); }
console.log('ok');
`;

/**
 * A real git repository for experiment tests: a README, the task's check (`node check.mjs`) and one
 * commit; the returned tasks file names `count` tasks on it.
 */
export function experimentTaskRepo(count = 2): { repo: string; sha: string; tasksFile: string } {
  const repo = createTestRepo('retrospect-experiment-repo-');
  const sha = repo.commit('the task repository', {
    'README.md': '# Puzzle\n\nWrite the answer to answer.txt.\n',
    'check.mjs': CHECK,
  });
  const tasksFile = join(tempDir('retrospect-experiment-tasks-'), 'tasks.jsonl');
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      id: `puzzle-${i + 1}`,
      prompt: `Write the answer to the puzzle (${i + 1}) into answer.txt.`,
      repo: repo.dir,
      rev: sha,
      check: 'node check.mjs',
    }),
  );
  writeFileSync(tasksFile, `${lines.join('\n')}\n`);
  return { repo: repo.dir, sha, tasksFile };
}
