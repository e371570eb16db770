import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectFolderName } from '../../paths/data-dir.js';
import { runCli } from '../../test-support/cli.js';
import { noonOf, retroProject } from '../../test-support/retro-project.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';

const SESSION = 'b0b0cafe-1234-4abc-8def-0123456789ab';

/** Project A runs the retro; project B, another checkout on this machine, had a rough session that claims an untested pass. */
function twoProjects() {
  const a = retroProject();
  const b = join(a.root, '..', 'billing');
  mkdirSync(b);
  execFileSync('git', ['init', '-q', b]);
  const folder = join(a.configDir, 'projects', projectFolderName(b));
  mkdirSync(folder, { recursive: true });
  const t = new TranscriptBuilder(SESSION, b);
  t.user('VAT must round to the nearest cent');
  t.tool('Write', {
    file_path: `${b}/vat.ts`,
    content: 'export const vat = (c: number) => Math.ceil(c * 0.2);\n',
  });
  t.result('File written');
  t.user("no that's wrong, ceil is not nearest");
  t.assistant('Understood.');
  t.user('why did you not check the spec? revert the ceil');
  t.tool('Write', {
    file_path: `${b}/vat.ts`,
    content: 'export const vat = (c: number) => Math.round(c * 0.2);\n',
  });
  t.result('File written');
  t.assistant('Switched to Math.round. All tests pass now.');
  const transcript = join(folder, `${SESSION}.jsonl`);
  writeFileSync(transcript, t.text());
  utimesSync(transcript, noonOf('2026-10-01'), noonOf('2026-10-01'));
  const env = { ...a.env, RETROSPECT_PROVIDER: 'heuristic' };
  const anchors = (root: string) => {
    const dir = join(root, '.claude', 'retro', 'anchors');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  return { a, b, env, anchors };
}

describe("retrospect retro --all: each session's fabrication anchors belong to its own project", () => {
  it("the unattended run keeps another project's anchors out of every project and says so", async () => {
    const { a, b, env, anchors } = twoProjects();
    const run = await runCli(['retro', '--all', '--auto', '--today', '2026-10-02'], { cwd: a.root, env });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `Fabrication anchor [0-9a-f]{16} \\(session ${SESSION}, .*not saved: it belongs to ${b}; run 'retrospect retro' there to save it`,
      ),
    );
    expect(anchors(a.root)).toEqual([]);
    expect(anchors(b)).toEqual([]);
    const report = /^Report: (.+)$/m.exec(run.stdout)![1]!;
    expect(readFileSync(report, 'utf8')).toContain(`not saved: it belongs to ${b}`);
  });

  it('an interactive run saves them in the project the session worked in, not in the one it runs in', async () => {
    const { a, b, env, anchors } = twoProjects();
    const run = await runCli(['retro', '--all', '--today', '2026-10-02'], { cwd: a.root, env });
    expect(run.code).toBe(0);
    expect(anchors(a.root)).toEqual([]);
    const saved = anchors(b);
    expect(saved).toHaveLength(1);
    const id = saved[0]!.replace('.json', '');
    expect(run.stdout).toContain(
      `saved as ${b}/.claude/retro/anchors/${id}.json (the session's own project); follow up there with: retrospect walk --from-retro ${id}`,
    );
    const record = JSON.parse(readFileSync(join(b, '.claude', 'retro', 'anchors', saved[0]!), 'utf8'));
    expect(record).toMatchObject({ anchor_id: id, session_id: SESSION });
  });
});
