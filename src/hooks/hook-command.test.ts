import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/temp-dir.js';
import { hookCommand, shellQuote } from './hook-command.js';

describe('hookCommand', () => {
  it('points at a package installed inside the project through $CLAUDE_PROJECT_DIR', () => {
    const project = tempDir('retrospect-cmd-');
    const bin = join(project, 'node_modules', 'retrospect', 'bin', 'retrospect.js');
    mkdirSync(join(bin, '..'), { recursive: true });
    writeFileSync(bin, '');
    expect(hookCommand('friction-capture', { projectRoot: project, binPath: bin })).toBe(
      'node "$CLAUDE_PROJECT_DIR/node_modules/retrospect/bin/retrospect.js" hook friction-capture',
    );
  });

  it('uses the quoted absolute path for user settings or a package outside the project', () => {
    const bin = "/opt/dev's tools/retrospect/bin/retrospect.js";
    expect(hookCommand('friction-capture', { binPath: bin })).toBe(
      `node '/opt/dev'\\''s tools/retrospect/bin/retrospect.js' hook friction-capture`,
    );
    expect(
      hookCommand('hint', {
        projectRoot: tmpdir(),
        binPath: '/usr/lib/node_modules/retrospect/bin/retrospect.js',
      }),
    ).toBe('node /usr/lib/node_modules/retrospect/bin/retrospect.js hook hint');
    expect(hookCommand('friction-capture', { launcher: 'npx --no-install retrospect' })).toBe(
      'npx --no-install retrospect hook friction-capture',
    );
  });

  it('quotes only words that need it', () => {
    expect(shellQuote('/a/b-c_d.js')).toBe('/a/b-c_d.js');
    expect(shellQuote('$HOME')).toBe("'$HOME'");
  });
});
