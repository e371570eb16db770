import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../test-support/memory-io.js';
import { writeSessionFile } from '../../test-support/session-files.js';
import { tempDir } from '../../test-support/temp-dir.js';
import { main } from '../main.js';
import { tableWidth } from './scan/width.js';

/** Project folders as Claude Code names them on a real machine: 60 to 75 characters. */
const FOLDERS = [
  '-Users-ada-Documents-GitHub-acme-platform-services-billing-reconciliation',
  '-Users-ada-Documents-GitHub-acme-platform-services-billing-reconciliation-worker',
];

function machine(): { env: NodeJS.ProcessEnv; cwd: string; ids: string[] } {
  const home = tempDir('retrospect-scan-width-');
  const projects = join(home, '.claude', 'projects');
  const ids = FOLDERS.map(
    (folder, i) =>
      writeSessionFile(join(projects, folder), { rejections: i + 1, mtimeSecs: 1_780_000_000 }).sessionId,
  );
  return {
    env: { HOME: home, RETROSPECT_DATA_DIR: join(home, 'data'), CLAUDE_CONFIG_DIR: join(home, '.claude') },
    cwd: home,
    ids,
  };
}

async function scanAt(options: { tty: boolean; columns?: number; env?: NodeJS.ProcessEnv }) {
  const { env, cwd, ids } = machine();
  // The extra variables join the machine's: the run must never reach the real home's store.
  const { env: extra, ...terminal } = options;
  const io = memoryIo({ env: { ...env, NO_COLOR: '1', ...extra }, cwd, ...terminal });
  expect(await main(['scan', '--host', 'claude-code'], io)).toBe(0);
  return { out: io.out(), ids };
}

const tableLines = (out: string) => out.split('\n\n')[0]!.split('\n');

describe('the scan table at a terminal and through a pipe', () => {
  it.each([80, 120])(
    'fits a terminal %i columns wide, session ids whole, with the legend under it',
    async (columns) => {
      const { out, ids } = await scanAt({ tty: true, columns });
      const lines = tableLines(out);
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
      for (const id of ids) expect(out).toContain(id.slice(0, 8));
      expect(out).toContain('…');
      expect(lines.join(' ')).toContain('S1 explicit reject, S2 tool error run, S3 edit loop');
    },
  );

  it('keeps every project name whole through a pipe, and fits COLUMNS when it is set', async () => {
    const piped = await scanAt({ tty: false });
    for (const folder of FOLDERS) expect(piped.out).toContain(`${folder} `);
    const sized = await scanAt({ tty: false, env: { COLUMNS: '90' } });
    for (const line of tableLines(sized.out)) expect([...line].length).toBeLessThanOrEqual(90);
  });

  it('takes the width from the terminal first, then COLUMNS, else none', () => {
    const io = (tty: boolean, columns: number | undefined, env: NodeJS.ProcessEnv) =>
      tableWidth(memoryIo({ env, cwd: '.', tty, ...(columns ? { columns } : {}) }));
    expect(io(true, 132, { COLUMNS: '80' })).toBe(132);
    expect(io(false, undefined, { COLUMNS: '100' })).toBe(100);
    expect(io(false, undefined, { COLUMNS: 'wide' })).toBeUndefined();
    expect(io(false, undefined, {})).toBeUndefined();
  });
});
