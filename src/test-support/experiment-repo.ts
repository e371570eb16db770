import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestRepo } from '../walk/test-support/repo.js';
import { tempDir } from './temp-dir.js';

/**
 * The check of the scripted agent's task: passes when answer.txt holds 42. A shell script calling grep
 * rather than a node script: each run calls it up to four times (the agent's own calls and the task's
 * check), and a node start costs 20 times a shell's, which made the check most of a scripted run's time.
 */
const CHECK = `#!/bin/sh
if grep -qx 42 answer.txt 2>/dev/null; then echo ok; exit 0; fi
echo "answer.txt should hold the answer, found: $(cat answer.txt 2>/dev/null)" >&2
exit 1
`;

/**
 * A real git repository for experiment tests: a README, the task's check (`sh check.sh`) and one
 * commit; the returned tasks file names `count` tasks on it.
 */
export function experimentTaskRepo(count = 2): { repo: string; sha: string; tasksFile: string } {
  const repo = createTestRepo('retrospect-experiment-repo-');
  const sha = repo.commit('the task repository', {
    'README.md': '# Puzzle\n\nWrite the answer to answer.txt.\n',
    'check.sh': CHECK,
  });
  const tasksFile = join(tempDir('retrospect-experiment-tasks-'), 'tasks.jsonl');
  const lines = Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      id: `puzzle-${i + 1}`,
      prompt: `Write the answer to the puzzle (${i + 1}) into answer.txt.`,
      repo: repo.dir,
      rev: sha,
      check: 'sh check.sh',
    }),
  );
  writeFileSync(tasksFile, `${lines.join('\n')}\n`);
  return { repo: repo.dir, sha, tasksFile };
}
