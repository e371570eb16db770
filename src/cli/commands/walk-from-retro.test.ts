import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const SESSION = 'c0ffee00-1234-4abc-8def-0123456789ab';
const BEFORE = 'export function vat(cents: number): number {\n  return Math.floor(cents * 0.2);\n}\n';
const AFTER = 'export function vat(cents: number): number {\n  return Math.round(cents * 0.2);\n}\n';

/** Commits in the project as a fixed identity at a fixed time (committer time places it in a session window). */
function commit(root: string, message: string, files: Record<string, string>, when: string): void {
  for (const [path, content] of Object.entries(files)) writeFileSync(join(root, path), content);
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Ada Lovelace',
    GIT_AUTHOR_EMAIL: 'ada@example.com',
    GIT_COMMITTER_NAME: 'Ada Lovelace',
    GIT_COMMITTER_EMAIL: 'ada@example.com',
    GIT_AUTHOR_DATE: when,
    GIT_COMMITTER_DATE: when,
  };
  execFileSync('git', ['add', '-A'], { cwd: root, env });
  execFileSync('git', ['-c', 'commit.gpgsign=false', 'commit', '-q', '-m', message], { cwd: root, env });
}

describe('retrospect walk --from-retro', () => {
  it("follows a retro's fabrication hint to a walk of the session's commits, claim first", async () => {
    const p = retroProject();
    commit(p.root, 'Add VAT', { 'vat.ts': BEFORE }, '2026-09-30T12:00:00Z');
    // A rough session (three rejections) that rewrites vat.ts and then claims a test run it never made.
    const t = new TranscriptBuilder(SESSION);
    t.user('VAT must round to the nearest cent');
    t.tool('Write', { file_path: `${p.root}/vat.ts`, content: AFTER.replace('round', 'ceil') });
    t.result('File written');
    t.user("no that's wrong, ceil is not nearest");
    t.assistant('Understood.');
    t.user('why did you not check the spec? revert the ceil');
    t.tool('Write', { file_path: `${p.root}/vat.ts`, content: AFTER });
    t.result('File written');
    t.assistant('Switched to Math.round. All tests pass now.');
    const transcript = join(p.sessionsFolder, `${SESSION}.jsonl`);
    writeFileSync(transcript, t.text());
    utimesSync(transcript, noonOf('2026-10-01'), noonOf('2026-10-01'));
    commit(p.root, 'Round VAT to the nearest cent', { 'vat.ts': AFTER }, '2026-10-01T09:02:00Z');
    const env = { ...p.env, RETROSPECT_PROVIDER: 'heuristic' };

    const retro = await runCli(['retro', SESSION, '--auto', '--today', '2026-10-02'], { cwd: p.root, env });
    expect(retro.code).toBe(0);
    const hint = /follow up with: retrospect walk --from-retro ([0-9a-f]{16})$/m.exec(retro.stdout);
    expect(hint, retro.stdout).not.toBeNull();
    const id = hint![1]!;
    const saved = JSON.parse(readFileSync(join(p.root, '.claude', 'retro', 'anchors', `${id}.json`), 'utf8'));
    expect(saved).toMatchObject({ anchor_id: id, session_id: SESSION, source_jsonl_path: transcript });

    const walked = await runCli(['walk', '--from-retro', id, '--json', '-'], { cwd: p.root, env });
    expect(walked.stderr).not.toMatch(/error/i);
    expect(walked.code).toBe(0);
    const doc = JSON.parse(walked.stdout);
    expect(doc.target).toBe(`--from-retro ${id}`);
    expect(doc.provenance_context.commits.map((c: { subject: string }) => c.subject)).toEqual([
      'Round VAT to the nearest cent',
    ]);
    expect(doc.provenance_context.sessions).toMatchObject([{ session_id: SESSION, linked_hunks: 1 }]);
    expect(doc.comments).toMatchObject([
      {
        type: 'concern',
        location: { file: 'vat.ts' },
        metadata: { 'retrospect.anchor_id': id, 'retrospect.claim': saved.fabricated_claim_text },
      },
    ]);

    const markdown = await runCli(['walk', '--from-retro', id], { cwd: p.root, env });
    expect(markdown.stdout.split('\n').slice(0, 4)).toEqual([
      `# Retrospective Walk: --from-retro ${id}`,
      '',
      `Fabrication anchor: \`${id}\` (session \`${SESSION}\`, turn \`${saved.turn_id}\`) — on cu_001, \`vat.ts\``,
      `Claim: \`${saved.fabricated_claim_text}\``,
    ]);

    const misuse = await runCli(['walk', 'HEAD', '--from-retro', id], { cwd: p.root, env });
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain('give no TARGET or --scope');
    const badId = await runCli(['walk', '--from-retro', '../anchors/x'], { cwd: p.root, env });
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain('16 hex digits');

    renameSync(transcript, `${transcript}.bak`);
    const gone = await runCli(['walk', '--from-retro', id], { cwd: p.root, env });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`the session transcript of anchor ${id} is gone: ${transcript}`);
    expect(existsSync(`${transcript}.bak`)).toBe(true);
  });
});
