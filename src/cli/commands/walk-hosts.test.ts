import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { hostsHomeFor } from '../../test-support/hosts.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { createTestRepo } from '../../walk/test-support/repo.js';

/** What the fixture home's Codex 0.146 rollout wrote with one apply_patch (three files, one call). */
const PATCHED = {
  'test/integration/setup.ts':
    'import { server } from "../../src/server";\n  const handle = server.listen(0)\n',
  'test/integration/port.ts': 'export const port = () => handle.address().port;\n',
};

describe('retrospect walk across agents', () => {
  it('links a hunk to the Codex session that ran in the repository, found in the Codex home by default', async () => {
    const repo = createTestRepo();
    repo.commit('Start', { 'README.md': '# Shop\n' });
    repo.commit('Pick a free port for the integration server', PATCHED, '2026-08-06T10:00:00Z');
    const hosts = hostsHomeFor(realpathSync(repo.dir), Date.parse('2026-08-06T08:00:00Z') / 1000);
    const data = tempDir('retrospect-walk-hosts-');
    const run = await runCli(['walk', 'HEAD~1..HEAD', '--json', '-'], {
      cwd: repo.dir,
      env: { RETROSPECT_DATA_DIR: data, CLAUDE_CONFIG_DIR: join(data, 'no-claude'), ...hosts.env },
    });
    expect(run.code).toBe(0);
    const walk = JSON.parse(run.stdout);
    const agents = walk.change_units.flatMap((unit: { who_when: { actor_type: string }[] }) =>
      unit.who_when.filter((who) => who.actor_type === 'agent'),
    );
    expect(agents.length).toBeGreaterThan(0);
    expect(agents).toContainEqual(
      expect.objectContaining({
        provenance: expect.stringContaining('session 019fd608-aaaa-7bbb-8ccc-123456789abc (apply_patch'),
      }),
    );
  });
});
