import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { survivalProject } from '../../test-support/survival-project.js';

/** The survival project, and its scan into a store of its own. */
function setup() {
  const { root, env, cart, round, wrote, idle } = survivalProject('retrospect-scan-survival-');
  const scan = (...args: string[]) =>
    runCli(['scan', join(root, 'projects'), '--store', join(root, 'store.sqlite'), ...args], { env });
  return { scan, cart, round, wrote, idle };
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
