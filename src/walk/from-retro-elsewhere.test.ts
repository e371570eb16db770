import { copyFileSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors/errors.js';
import { tempDir } from '../test-support/temp-dir.js';
import { TranscriptBuilder } from '../test-support/transcript.js';
import { createTestRepo, type TestRepo } from './test-support/repo.js';
import { walkChangeSet } from './walk.js';

// Two projects with a file of the same relative name, both committed while one session ran (2026-10-01
// from 09:00:05 UTC, the builder's clock): `retro --all` saves every project's anchors in the checkout it
// runs in, so an anchor here may name a session that worked in the other project.
const SESSION = '2b7c9e14-5d3a-4e61-9f08-7a1c3e5d9b20';
const CART = 'export const total = (cents: number[]) => cents.reduce((a, b) => a + b, 0);\n';
const ROUNDED = 'export const total = (cents: number[]) => Math.round(cents.reduce((a, b) => a + b, 0));\n';

let here: TestRepo;
let there: TestRepo;
const sha: Record<string, string> = {};
let env: NodeJS.ProcessEnv;
let noSessions: string;

/** A session that ran in `cwd` and wrote `filePath` (as the agent gave it) with the rounded cart. */
function session(cwd: string, filePath: string): string {
  const t = new TranscriptBuilder(SESSION);
  t.user('Round the cart total');
  t.tool('Write', { file_path: filePath, content: ROUNDED });
  t.result('File written');
  t.assistant('Rounded; all tests pass.');
  const text = t.text().replaceAll('"cwd":"/home/dev/shop"', `"cwd":${JSON.stringify(cwd)}`);
  const path = join(tempDir('retrospect-session-'), `${SESSION}.jsonl`);
  writeFileSync(path, text);
  return path;
}

/** Saves an anchor for the session into `repo`'s anchors folder, as `retro --all` run there would. */
function saveAnchor(repo: TestRepo, id: string, transcript: string): string {
  const dir = join(repo.dir, '.claude', 'retro', 'anchors');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${id}.json`);
  const record = {
    anchor_id: id,
    session_id: SESSION,
    turn_id: TranscriptBuilder.id(4),
    fabricated_claim_text: 'all tests pass',
    evidence_for_fabrication: 'no test command ran',
    source_jsonl_path: transcript,
    created_at: '2026-10-02T08:00:00Z',
  };
  writeFileSync(file, `${JSON.stringify(record)}\n`);
  return file;
}

const walkIn = (repo: TestRepo, id: string) =>
  walkChangeSet({ mode: 'summary-only', cwd: repo.dir, env, sessionDirs: [noSessions], fromRetro: id });

beforeAll(() => {
  env = { ...process.env, RETROSPECT_DATA_DIR: tempDir('retrospect-walk-data-') };
  noSessions = tempDir('retrospect-no-sessions-');
  // Real paths, as the messages name folders (a temp folder may sit behind a link).
  const real = (repo: TestRepo): TestRepo => ({ ...repo, dir: realpathSync(repo.dir) });
  here = real(createTestRepo('retrospect-here-'));
  there = real(createTestRepo('retrospect-there-'));
  here.commit('Start', { 'src/cart.ts': CART }, '2026-09-30T12:00:00Z');
  sha.here = here.commit('Cart: here', { 'src/cart.ts': ROUNDED }, '2026-10-01T09:03:00Z');
  there.commit('Start', { 'src/cart.ts': CART }, '2026-09-30T12:00:00Z');
  sha.there = there.commit('Cart: there', { 'src/cart.ts': ROUNDED }, '2026-10-01T09:04:00Z');
});

describe('walk --from-retro of a session that worked in another repository', () => {
  it('walks none of this repository’s commits and says where the session worked and how to walk it there', async () => {
    const transcript = session(there.dir, `${there.dir}/src/cart.ts`);
    const file = saveAnchor(here, '0a0a0a0a0a0a0a0a', transcript);
    const walk = walkIn(here, '0a0a0a0a0a0a0a0a');
    await expect(walk).rejects.toThrow(InputError);
    await expect(walk).rejects.toThrow(
      `session ${SESSION} worked in another folder, ${there.dir}: none of the 1 file it edited lies inside ${here.dir}, so no commit of this repository is its change; to walk it there, copy ${file} into ${join(there.dir, '.claude', 'retro', 'anchors')} and run retrospect walk --from-retro 0a0a0a0a0a0a0a0a in ${there.dir}`,
    );

    // Following the advice walks the other repository's commit.
    mkdirSync(join(there.dir, '.claude', 'retro', 'anchors'), { recursive: true });
    copyFileSync(file, join(there.dir, '.claude', 'retro', 'anchors', '0a0a0a0a0a0a0a0a.json'));
    const { document } = await walkIn(there, '0a0a0a0a0a0a0a0a');
    expect(document.provenance_context.commits.map((c) => c.sha)).toEqual([sha.there]);
  });

  it('names the folder when it is no git repository', async () => {
    const plain = realpathSync(tempDir('retrospect-plain-'));
    saveAnchor(here, '0b0b0b0b0b0b0b0b', session(plain, `${plain}/src/cart.ts`));
    await expect(walkIn(here, '0b0b0b0b0b0b0b0b')).rejects.toThrow(
      `session ${SESSION} worked in another folder, ${plain}: none of the 1 file it edited lies inside ${here.dir}, so no commit of this repository is its change; ${plain} is not in a git repository on this machine, so its commits cannot be walked`,
    );
  });

  it("counts edits through a link to this worktree and relative paths resolved against the session's folder", async () => {
    const link = join(tempDir('retrospect-link-'), 'shop');
    symlinkSync(here.dir, link);
    saveAnchor(here, '0c0c0c0c0c0c0c0c', session(there.dir, `${link}/src/cart.ts`));
    const linked = await walkIn(here, '0c0c0c0c0c0c0c0c');
    expect(linked.document.provenance_context.commits.map((c) => c.sha)).toEqual([sha.here]);

    saveAnchor(here, '0d0d0d0d0d0d0d0d', session(here.dir, 'src/cart.ts'));
    const relative = await walkIn(here, '0d0d0d0d0d0d0d0d');
    expect(relative.document.provenance_context.commits.map((c) => c.sha)).toEqual([sha.here]);

    // The same relative path, but the session ran in the other project.
    saveAnchor(here, '0e0e0e0e0e0e0e0e', session(there.dir, 'src/cart.ts'));
    await expect(walkIn(here, '0e0e0e0e0e0e0e0e')).rejects.toThrow(
      `session ${SESSION} worked in another folder, ${there.dir}:`,
    );
  });
});
