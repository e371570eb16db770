import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { TranscriptBuilder } from '../../test-support/transcript.js';
import { createTestRepo } from '../../walk/test-support/repo.js';

const CART =
  'export const total = (items) =>\n  items.reduce((sum, item) => sum + item.price * item.qty, 0);\n';

/** A session that wrote a file a person committed, one that only talked, and the repository's later life. */
function setup() {
  const repo = createTestRepo();
  const root = tempDir('retrospect-scan-survival-');
  const folder = join(root, 'projects', '-tmp-shop');
  mkdirSync(folder, { recursive: true });
  const wrote = new TranscriptBuilder('aaaaaaaa-0000-4000-8000-000000000001', repo.dir);
  wrote.user('Add a cart total');
  wrote.tool('Write', { file_path: `${repo.dir}/src/cart.ts`, content: CART });
  wrote.result('File created successfully');
  const idle = new TranscriptBuilder('bbbbbbbb-0000-4000-8000-000000000002', repo.dir);
  idle.user('What does this project do?');
  idle.assistant('It sells things.');
  for (const t of [wrote, idle]) writeFileSync(join(folder, `${t.sessionId}.jsonl`), t.text());
  repo.commit('Start', { 'README.md': '# Shop\n' }, '2026-10-01T08:00:00Z');
  const cart = repo.commit('Cart total', { 'src/cart.ts': CART }, '2026-10-01T09:01:00Z');
  const round = repo.commit(
    'Round',
    { 'src/cart.ts': CART.replace('item.price * item.qty', 'Math.round(item.price * item.qty)') },
    '2026-10-05T09:00:00Z',
  );
  const env = { HOME: root, RETROSPECT_DATA_DIR: join(root, 'data'), CLAUDE_CONFIG_DIR: join(root, 'none') };
  const scan = (...args: string[]) =>
    runCli(['scan', join(root, 'projects'), '--store', join(root, 'store.sqlite'), ...args], { env });
  return { scan, cart, round, wrote: wrote.sessionId, idle: idle.sessionId };
}

describe('retrospect scan --survival', () => {
  it("adds each session's committed lines alive N days on to --json, null for one that committed nothing", async () => {
    const { scan, cart, round, wrote, idle } = setup();
    const survivalOf = async (...args: string[]) => {
      const run = await scan('--json', ...args);
      expect(run.code).toBe(0);
      const records = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      return Object.fromEntries(records.map((r) => [r.sessionId, r.survival]));
    };
    expect(await survivalOf('--survival', '--survival-days', '2')).toEqual({
      [wrote]: { added: 2, alive: 2, at: cart, days: 2 },
      [idle]: null,
    });
    expect((await survivalOf('--survival'))[wrote]).toEqual({ added: 2, alive: 1, at: round, days: 14 });
    // Off by default: no git work, no field.
    const plain = await scan('--json');
    expect(JSON.parse(plain.stdout.trim().split('\n')[0] ?? '{}')).not.toHaveProperty('survival');
  });

  it('prints a survival block under the table and refuses a survival period of no days', async () => {
    const { scan } = setup();
    const table = await scan('--survival');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(
      "What became of the committed code 14 days after each session's last commit:",
    );
    expect(table.stdout).toMatch(/aaaaaaaa\s+\S+\s+2\s+1\s+50%/);
    expect(table.stdout).toContain('1 of 2 lines alive (50%); 1 session with no committed work found');
    const bad = await scan('--survival-days', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--survival-days takes a whole number of at least 1, got '0'");
  });
});
