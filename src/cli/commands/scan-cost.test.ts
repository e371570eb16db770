import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { tempDir } from '../../test-support/temp-dir.js';

function isolatedEnv(): NodeJS.ProcessEnv {
  const home = tempDir('retrospect-scan-cost-');
  return {
    HOME: home,
    RETROSPECT_DATA_DIR: join(home, 'data'),
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    XDG_DATA_HOME: '',
  };
}

describe('scan: what friction costs', () => {
  it('--json carries tokens by kind, the cost, the friction share and the price table', async () => {
    const run = await runCli(['scan', '--demo', '--json'], { env: isolatedEnv() });
    expect(run.code).toBe(0);
    const records = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toHaveLength(9);
    for (const record of records) {
      const tokens = record.tokens as Record<string, number>;
      expect(Object.keys(tokens)).toEqual(['input', 'output', 'cache_write', 'cache_read']);
      expect(record.cost_usd).toBeGreaterThan(0);
      expect(record.friction_tokens).toBeGreaterThanOrEqual(0);
      // Friction is a part of the session, never more.
      const total = tokens.input! + tokens.output! + tokens.cache_write! + tokens.cache_read!;
      expect(record.friction_tokens as number).toBeLessThanOrEqual(total);
      expect(record.friction_cost_usd as number).toBeLessThanOrEqual(record.cost_usd as number);
      expect(record.prices).toEqual([{ name: '@pydantic/genai-prices 0.1.8', date: '2026-09-23' }]);
    }
    // A session the gate passes with no signal has no friction; a flagged one has some.
    const smooth = records.filter((r) => r.score === 0);
    expect(smooth.every((r) => r.friction_tokens === 0)).toBe(true);
    expect(records.filter((r) => r.passed).every((r) => (r.friction_tokens as number) > 0)).toBe(true);
  });

  it('--pricing prices with the file first and shows its date; a bad file is one line saying what was expected', async () => {
    const dir = tempDir('retrospect-pricing-');
    const file = join(dir, 'prices.json');
    writeFileSync(
      file,
      JSON.stringify({
        date: '2026-11-30',
        models: { 'claude-*': { input_mtok: 0, output_mtok: 0, cache_write_mtok: 0, cache_read_mtok: 0 } },
      }),
    );
    const free = await runCli(['scan', '--demo', '--json', '--pricing', file], { env: isolatedEnv() });
    expect(free.code).toBe(0);
    const first = JSON.parse(free.stdout.split('\n')[0]!) as Record<string, unknown>;
    expect(first.cost_usd).toBe(0);
    expect((first.prices as { date: string }[]).map((p) => p.date)).toEqual(['2026-11-30', '2026-09-23']);
    writeFileSync(file, JSON.stringify({ models: {} }));
    const bad = await runCli(['scan', '--demo', '--pricing', file], { env: isolatedEnv() });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/is not a price table \(at date\): expected \{"date": "YYYY-MM-DD"/);
  });
});
