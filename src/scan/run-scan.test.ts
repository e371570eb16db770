import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveGateSettings } from '../gate/settings.js';
import { storeIdentity } from '../store/identity.js';
import { REPO_ROOT } from '../test-support/cli.js';
import { tempDir } from '../test-support/temp-dir.js';
import { runScan, type ScanRequest } from './run-scan.js';

function demoHome(): { home: string; projects: string } {
  const home = tempDir('retrospect-run-scan-');
  const projects = join(home, '.claude', 'projects');
  cpSync(join(REPO_ROOT, 'examples', 'projects'), projects, { recursive: true });
  return { home, projects };
}

function request(home: string, overrides: Partial<ScanRequest> = {}): ScanRequest {
  const env = { HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude') };
  return {
    hosts: ['claude-code'],
    filter: {},
    gate: resolveGateSettings({ env: {}, ledger: undefined }),
    cwd: home,
    store: { kind: 'sqlite', path: join(home, 'store.sqlite') },
    identity: storeIdentity(env),
    env,
    jobs: 1,
    ...overrides,
  };
}

describe('runScan', () => {
  it('scans the agents’ own places by default, keeps the verdicts, and selects highest score first', async () => {
    const { home, projects } = demoHome();
    const first = await runScan(request(home));
    expect(first.defaults).toBe(true);
    expect(first.roots).toEqual([{ path: projects, host: 'claude-code' }]);
    expect(first.result.read).toBe(9);
    const scores = first.selected.map((r) => r.verdict.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(first.returned).toEqual(first.selected);
    // The store was written and closed: a second run reads nothing again.
    const again = await runScan(request(home, { paths: [projects], limit: 2 }));
    expect(again.defaults).toBe(false);
    expect([again.result.read, again.result.unchanged]).toEqual([0, 9]);
    expect(again.returned).toEqual(again.selected.slice(0, 2));
    expect(again.selected.map((r) => r.path)).toEqual(first.selected.map((r) => r.path));
  });

  it('says the settings’ warning before the store opens, then opens it, then scans', async () => {
    const { home } = demoHome();
    const said: string[] = [];
    const outcome = await runScan(
      request(home, {
        gate: resolveGateSettings({ env: { RETRO_THRESHOLD: 'high' }, ledger: undefined }),
        onWarning: (warning) => said.push(`warning: ${warning}`),
        beforeOpen: () => said.push('before open'),
        onStoreOpen: (store) => {
          said.push(`open: ${store.label}`);
        },
        onProgress: () => {
          if (!said.includes('scanning')) said.push('scanning');
        },
      }),
    );
    expect(said).toEqual([
      "warning: invalid RETRO_THRESHOLD 'high' (expected a finite number such as 7.5); using 5.0",
      'before open',
      `open: ${join(home, 'store.sqlite')}`,
      'scanning',
    ]);
    expect(outcome.warning).toBe(said[0]?.slice('warning: '.length));
    expect(outcome.threshold).toBe(5);
  });
});
