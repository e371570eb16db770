import { execFileSync } from 'node:child_process';
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { noonOf } from '../../test-support/retro-project.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { dayAfterStart, trialProject } from '../../test-support/trial-project.js';

const CART =
  'export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price * item.qty, 0);\n';

/** Commits `files` in the project's repository at `date`, as a person would. */
function commit(root: string, message: string, files: Record<string, string>, date: string): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Ada Lovelace',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada Lovelace',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  };
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, env, encoding: 'utf8' });
  git('add', '--', ...Object.keys(files));
  git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', message);
  return git('rev-parse', 'HEAD').trim();
}

describe('retrospect trial review --json --survival', () => {
  it("gives each side's committed lines and those alive at HEAD, beside the decision", async () => {
    const p = trialProject({ turns: [60, 140], friction: 0.06 }, { turns: [60, 140], friction: 0 });
    // One in-trial session wrote a file a person committed; a later commit rewrote one of its two lines.
    const day = dayAfterStart(4);
    const t = new TranscriptBuilder('cccccccc-0000-4000-8000-00000000000c', p.root);
    t.user('Add a cart total');
    t.tool('Write', { file_path: `${p.root}/src/cart.ts`, content: CART });
    t.result('File created successfully');
    t.assistant('Added src/cart.ts.');
    const lines = t.lines.map((line, i) =>
      JSON.stringify({ ...JSON.parse(line), timestamp: `${day}T09:00:0${i}.000Z` }),
    );
    const file = join(p.sessionsFolder, `${t.sessionId}.jsonl`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    utimesSync(file, noonOf(day), noonOf(day));
    commit(p.root, 'Cart total', { 'src/cart.ts': CART }, `${day}T09:03:00Z`);
    commit(
      p.root,
      'Round',
      { 'src/cart.ts': CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty)') },
      `${dayAfterStart(9)}T09:00:00Z`,
    );

    const review = async (...extra: string[]) => {
      const run = await runCli(['trial', 'review', '--json', '--today', '2026-07-20', ...extra], {
        cwd: p.root,
        env: p.env,
      });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout)[0];
    };
    const trial = await review('--survival');
    // The session is on the in-trial side, and the only one of either side with committed work.
    expect(trial.survival).toEqual({
      baseline: { sessions: 12, measured: 0, added: 0, alive: 0, share: null },
      during: { sessions: trial.during.sessions, measured: 1, added: 2, alive: 1, share: 0.5 },
    });
    // Off by default: no git work, no field; the decision is the same either way.
    const plain = await review();
    expect(plain).not.toHaveProperty('survival');
    expect(plain.decision).toBe(trial.decision);
  });
});
