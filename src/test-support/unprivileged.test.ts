import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './temp-dir.js';
import { reachableBy } from './unprivileged.js';

// Another user than the one running the tests (who owns the files made here): nobody, or a neighbour of
// nobody's ids when the suite itself runs as nobody.
const OTHER_ID = process.getuid?.() === 65534 ? 65533 : 65534;
const NOBODY = { uid: OTHER_ID, gid: OTHER_ID };

describe('reachableBy', () => {
  it('a file in a folder of mode 700 is out of reach of another user, in one of 755 it is not', (ctx) => {
    const base = tempDir('retrospect-reach-test-');
    chmodSync(base, 0o755);
    const open = join(base, 'open');
    const closed = join(base, 'closed');
    mkdirSync(open, { mode: 0o755 });
    mkdirSync(closed);
    chmodSync(open, 0o755);
    chmodSync(closed, 0o700);
    writeFileSync(join(open, 'f'), 'x', { mode: 0o644 });
    writeFileSync(join(closed, 'f'), 'x', { mode: 0o644 });
    // The test's own temp folder may itself be private; the verdicts below are for the folders made here.
    if (!reachableBy(base, NOBODY)) return ctx.skip('the temp folder itself is out of reach of another user');
    expect(reachableBy(join(open, 'f'), NOBODY)).toBe(true);
    expect(reachableBy(join(closed, 'f'), NOBODY)).toBe(false);
    chmodSync(join(open, 'f'), 0o600);
    expect(reachableBy(join(open, 'f'), NOBODY)).toBe(false);
    expect(reachableBy(join(base, 'missing'), NOBODY)).toBe(false);
  });
});
